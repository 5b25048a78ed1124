// The research queue: the objectives the user queued, as Go says each
// stands (queued, running, finished, stopped, failed). Go schedules them;
// this only keeps what it reports and passes on what the user asks.
import * as api from '../api';
import type { QueueItem, QueueView } from '../api';
import { t, type Key } from '../i18n/index.svelte';

/** The objectives in text typed one a line, without blank lines. */
export function objectiveLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** A queued objective's state in words. */
export function stateWords(state: string): string {
  const key = `queue.${state}`;
  return ['queued', 'running', 'finished', 'stopped', 'failed'].includes(state) ? t(key as Key) : state;
}

export class QueueStore {
  items = $state.raw<QueueItem[]>([]);
  error = $state('');
  adding = $state(false);
  /** The number of the view shown (see QueueView): lower ones are stale. */
  private n = 0;

  /** Objectives still waiting or running. */
  get pending(): number {
    return this.items.filter((i) => i.state === 'queued' || i.state === 'running').length;
  }

  /** Picks up the queue (the window reloaded) and listens. */
  async attach(): Promise<() => void> {
    const off = api.onQueue((v) => this.take(v));
    try {
      this.take(await api.queue());
    } catch (err) {
      this.error = api.errorMessage(err);
    }
    return off;
  }

  /** Queues objectives; false, with the error kept, when Go refused. */
  async add(objectives: string[]): Promise<boolean> {
    if (objectives.length === 0 || this.adding) return false;
    this.adding = true;
    this.error = '';
    try {
      // Its runs may start, and say so, before this reply arrives.
      this.take(await api.queueRuns(objectives));
      return true;
    } catch (err) {
      this.error = api.errorMessage(err);
      return false;
    } finally {
      this.adding = false;
    }
  }

  /** Takes a view of the queue unless a newer one came first: Go's events may arrive out of order. */
  take(v: QueueView): void {
    if (v.n <= this.n) return;
    this.n = v.n;
    this.items = v.items;
  }

  async stop(id: number): Promise<void> {
    try {
      await api.stopQueued(id);
      this.error = '';
    } catch (err) {
      this.error = api.errorMessage(err);
    }
  }
}

export const queueStore = new QueueStore();

// The run store: the run in progress (or the last one), its events and
// report. Go runs the agent; this only collects what it reports.
import * as api from '../api';
import type { AgentEvent, ReportView, RunView } from '../api';

export class RunStore {
  view = $state<RunView | null>(null);
  events = $state<AgentEvent[]>([]);
  report = $state<ReportView | null>(null);
  starting = $state(false);
  stopping = $state(false);
  startError = $state('');
  reportError = $state('');

  get running(): boolean {
    return this.view?.running ?? false;
  }

  /** Picks up a run already going (the window reloaded) and listens. */
  async attach(): Promise<() => void> {
    const offEvents = api.onRunEvents((batch) => this.add(batch));
    const offDone = api.onRunDone((view) => this.done(view));
    try {
      const view = await api.currentRun();
      if (view.dir) {
        this.view = view;
        this.events = view.events ?? [];
        if (!view.running) await this.loadReport();
      }
    } catch (err) {
      this.startError = api.errorMessage(err);
    }
    return () => {
      offEvents();
      offDone();
    };
  }

  async start(objective: string): Promise<boolean> {
    if (!objective.trim()) return false;
    return this.begin(() => api.startRun(objective));
  }

  /** Runs a start or a resume: the new run replaces what is shown. */
  private async begin(call: () => Promise<RunView>): Promise<boolean> {
    if (this.starting || this.running) return false;
    this.starting = true;
    this.startError = '';
    try {
      const view = await call();
      this.view = view;
      this.events = view.events ?? [];
      this.report = null;
      return true;
    } catch (err) {
      this.startError = api.errorMessage(err);
      return false;
    } finally {
      this.starting = false;
    }
  }

  /** Shows a past run (journal, findings, report). */
  async open(dir: string): Promise<boolean> {
    if (this.running) return false;
    try {
      const view = await api.openRun(dir);
      this.view = view;
      this.events = view.events ?? [];
      this.report = null;
      await this.loadReport();
      return true;
    } catch (err) {
      this.startError = api.errorMessage(err);
      return false;
    }
  }

  /** Continues an interrupted run. */
  resume(dir: string): Promise<boolean> {
    return this.begin(() => api.resumeRun(dir));
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.stopping = true;
    try {
      await api.stopRun();
    } catch (err) {
      this.startError = api.errorMessage(err);
    } finally {
      this.stopping = false;
    }
  }

  /** Appends a batch; events already held (after a reload) are skipped. */
  add(batch: AgentEvent[]): void {
    const last = this.events.length ? this.events[this.events.length - 1].seq : 0;
    const fresh = batch.filter((e) => e.seq > last);
    if (fresh.length) this.events.push(...fresh);
  }

  async done(view: RunView): Promise<void> {
    this.view = { ...view, events: null };
    await this.loadReport();
  }

  /** Writes a report of the run so far; the run goes on. */
  async reportNow(): Promise<boolean> {
    try {
      this.report = await api.writeReportNow();
      this.reportError = '';
      return true;
    } catch (err) {
      this.reportError = api.errorMessage(err);
      return false;
    }
  }

  async loadReport(): Promise<void> {
    if (!this.view?.dir) return;
    try {
      this.report = await api.loadReport(this.view.dir);
      this.reportError = '';
    } catch (err) {
      this.reportError = api.errorMessage(err);
    }
  }
}

export const runStore = new RunStore();

// The run store: the run in progress (or the last one), its events and
// report. Go runs the agent; this only collects what it reports.
import * as api from '../api';
import type { AgentEvent, ReportView, RunView } from '../api';
import { findingsOf, keepHeld } from '../lib/journal';

export class RunStore {
  view = $state<RunView | null>(null);
  // Raw, not deeply reactive: events never change once they arrive, a run
  // can hold thousands, and rows derived from them keep their identity.
  events = $state.raw<AgentEvent[]>([]);
  /** The findings so far, for the research view and the report alike. */
  findings = $derived(findingsOf(this.events));
  report = $state<ReportView | null>(null);
  starting = $state(false);
  stopping = $state(false);
  startError = $state('');
  stopError = $state('');
  reportError = $state('');
  /** The "Stop the research?" question is showing. */
  confirmingStop = $state(false);
  /** Runs that reported their end, by folder. */
  private endedDirs = new Map<string, RunView>();
  /** Batches held while a start or resume call is on its way. */
  private early: AgentEvent[] | null = null;

  get running(): boolean {
    return this.view?.running ?? false;
  }

  /** Picks up a run already going (the window reloaded) and listens. */
  async attach(): Promise<() => void> {
    // Batches may arrive while the snapshot is on its way: keep them and
    // merge them after it, so nothing falls between the two.
    let early: AgentEvent[] | null = [];
    let endedEarly: RunView | null = null;
    const offEvents = api.onRunEvents((batch) => (early ? early.push(...batch) : this.add(batch)));
    const offDone = api.onRunDone((view) => (early ? (endedEarly = view) : this.done(view)));
    try {
      const view = await api.currentRun();
      if (view.dir) {
        this.view = view;
        this.events = view.events ?? [];
      }
    } catch (err) {
      this.startError = api.errorMessage(err);
    }
    const pending = early;
    early = null;
    this.add(pending);
    if (endedEarly) await this.done(endedEarly);
    else if (this.view && !this.view.running) await this.loadReport();
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
    this.reportError = '';
    this.confirmingStop = false;
    // The run's first batches can arrive before the call returns: hold
    // them and add them after its snapshot. Ends seen before this call
    // (a resumed run's earlier stop) do not count.
    this.early = [];
    this.endedDirs.clear();
    try {
      const view = await call();
      // A run that failed at once may have reported its end already.
      const ended = this.endedDirs.has(view.dir);
      this.view = ended ? { ...view, ...this.endedDirs.get(view.dir) } : view;
      this.events = view.events ?? [];
      const held = this.early;
      this.early = null;
      this.add(held);
      this.report = null;
      if (ended) await this.loadReport();
      return true;
    } catch (err) {
      this.startError = api.errorMessage(err);
      return false;
    } finally {
      this.early = null;
      this.starting = false;
    }
  }

  /** Shows a past run (journal, findings, report); returns why it could not. */
  async open(dir: string): Promise<string> {
    if (this.running) return 'A run is going on: stop it before opening another.';
    this.startError = '';
    this.stopError = '';
    try {
      const view = await api.openRun(dir);
      this.view = view;
      this.events = view.events ?? [];
      this.report = null;
      await this.loadReport();
      return '';
    } catch (err) {
      return api.errorMessage(err);
    }
  }

  /** Continues an interrupted run. */
  resume(dir: string): Promise<boolean> {
    return this.begin(() => api.resumeRun(dir));
  }

  /** Esc: asks before stopping a run going on; asked already, takes the question back. */
  escape(): void {
    if (this.confirmingStop) this.confirmingStop = false;
    else this.askStop();
  }

  /** Asks before stopping the run going on (Stop, or Esc from another screen). */
  askStop(): void {
    this.confirmingStop = this.running && !this.stopping;
  }

  async stop(): Promise<void> {
    this.confirmingStop = false;
    if (!this.running) return;
    this.stopping = true;
    this.stopError = '';
    try {
      await api.stopRun();
    } catch (err) {
      this.stopError = api.errorMessage(err);
    } finally {
      this.stopping = false;
    }
  }

  /** Appends a batch; events already held (after a reload) are skipped. */
  add(batch: AgentEvent[]): void {
    if (this.early) {
      this.early.push(...batch);
      return;
    }
    if (batch.length === 0) return;
    const last = this.events.length ? this.events[this.events.length - 1].seq : 0;
    const fresh = batch.filter((e) => e.seq > last);
    if (fresh.length) this.events = this.events.concat(fresh);
  }

  async done(view: RunView): Promise<void> {
    this.endedDirs.set(view.dir, { ...view, events: null });
    if (this.view && this.view.dir !== view.dir) return; // a start still on its way
    this.view = { ...view, events: null };
    this.confirmingStop = false; // nothing left to stop
    // Go keeps the whole journal of the run: take it as the final word, so
    // a batch lost or late on a busy machine cannot leave a gap.
    try {
      const cur = await api.currentRun();
      if (cur.dir === view.dir && cur.events) this.events = keepHeld(this.events, cur.events);
    } catch {
      // keep what arrived
    }
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

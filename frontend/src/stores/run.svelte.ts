// The run store: the run in progress (or the last one), its journal,
// findings, glance and report. Go runs the agent and says how the run
// stands; this only keeps what it reports.
import * as api from '../api';
import type { CallProgress, CallSaid, CallUpdate, Finding, Glance, Progress, ReportView, Row, RunView } from '../api';
import { keepHeld } from '../lib/journal';

/** A run's view without its progress and call in progress, which the store keeps apart. */
export type RunHead = Omit<RunView, 'progress' | 'call' | 'call_n'>;

export class RunStore {
  view = $state<RunHead | null>(null);
  // Raw, not deeply reactive: rows and findings never change once they
  // arrive, a run can hold thousands, and the journal's blocks keep their
  // identity.
  rows = $state.raw<Row[]>([]);
  /** The findings so far, for the research view and the report alike. */
  findings = $state.raw<Finding[]>([]);
  /** How the run stands, as Go last said. */
  glance = $state.raw<Glance | null>(null);
  /** The model call in progress, as Go tells it; null between calls. */
  call = $state<CallProgress | null>(null);
  /** The call's step and time left as the window's messages. */
  callSay = $state<CallSaid | null>(null);
  /** When (ms) Go last told of the call in progress: its time counts on from there. */
  callAt = $state(0);
  report = $state<ReportView | null>(null);
  starting = $state(false);
  stopping = $state(false);
  startError = $state('');
  stopError = $state('');
  reportError = $state('');
  /** The "Stop the research?" question is showing. */
  confirmingStop = $state(false);
  /**
   * The objective being typed for the next run. Kept here, not in the
   * research screen, so a trip to Settings (the start error's own link
   * does this) does not lose it.
   */
  draft = $state('');
  /** The user chose New research after a run: the objective box shows, not the last run. */
  drafting = $state(false);
  /** Runs that reported their end, by folder. */
  private endedDirs = new Map<string, RunView>();
  /** Batches held while a start or resume call is on its way. */
  private early: Progress[] | null = null;
  /** The number of the call update shown (see CallUpdate): older updates are stale. */
  private callN = 0;
  /** The number of the last switch to another run (see RunView.follow_n): older ones are stale. */
  private followN = 0;

  get running(): boolean {
    return this.view?.running ?? false;
  }

  /** Picks up a run already going (the window reloaded) and listens. */
  async attach(): Promise<() => void> {
    // Batches may arrive while the snapshot is on its way: keep them and
    // merge them after it, so nothing falls between the two.
    let early: Progress[] | null = [];
    let endedEarly: RunView | null = null;
    const offEvents = api.onRunEvents((batch) => (early ? early.push(batch) : this.add(batch)));
    const offDone = api.onRunDone((view) => (early ? (endedEarly = view) : this.done(view)));
    const offCall = api.onRunCall((u) => this.showCall(u));
    const offFollow = api.onRunFollow((view) => this.follow(view));
    try {
      const view = await api.currentRun();
      if (view.dir) this.show(view);
    } catch (err) {
      this.startError = api.errorMessage(err);
    }
    const pending = early;
    early = null;
    for (const batch of pending) this.add(batch);
    if (endedEarly) await this.done(endedEarly);
    else if (this.view && !this.view.running) await this.loadReport();
    return () => {
      offEvents();
      offDone();
      offCall();
      offFollow();
    };
  }

  /**
   * Shows a run as Go sent it whole. keep: the rows shown are the same
   * run's, and stay the same objects (see keepHeld).
   */
  private show(view: RunView, keep = false): void {
    const { progress, call, call_n, call_say, ...head } = view;
    // Another run shown (started, resumed, opened): the draft waits behind it.
    if (head.dir !== this.view?.dir) this.drafting = false;
    this.view = head;
    this.rows = keep ? keepHeld(this.rows, progress.rows ?? []) : progress.rows ?? [];
    this.findings = progress.findings ?? [];
    this.glance = progress.glance;
    // The view's call in progress, unless a newer update came first; a run
    // that ended shows none.
    if (call_n > this.callN) {
      this.callN = call_n;
      this.call = call ?? null;
      this.callSay = call_say ?? null;
      this.callAt = Date.now();
    }
    if (!view.running) this.call = this.callSay = null;
  }

  /**
   * Shows another run Go now follows (a queued one started, or the one the
   * user picked): its batches and end come from here on. Two queued runs
   * starting at once send their follows in either order: the one Go made
   * last is numbered highest, and an older one arriving after it is left
   * out, or the window would show a run whose events Go no longer sends.
   * The run's end may have come first: then it shows the ended run.
   */
  follow(view: RunView): void {
    if (view.follow_n <= this.followN) return;
    this.followN = view.follow_n;
    if (this.starting) return; // a start of its own is on its way: it shows
    this.confirmingStop = false;
    const shown = this.endedDirs.get(view.dir) ?? view;
    this.show(shown);
    this.report = null;
    if (!shown.running) void this.loadReport();
  }

  /** Starts a run on the draft objective; the draft is kept should it fail. */
  async start(objective = this.draft): Promise<boolean> {
    if (!objective.trim()) return false;
    const ok = await this.begin(() => api.startRun(objective));
    if (ok) this.draft = '';
    return ok;
  }

  /**
   * New research after a run: an empty objective box. A start or resume
   * error belongs to what was tried before, so it goes too.
   */
  newResearch(): void {
    this.drafting = true;
    this.draft = '';
    this.startError = '';
  }

  /**
   * The settings changed or the server answered: an error from an
   * earlier start or resume may no longer hold; a new try says anew.
   */
  settingsChanged(): void {
    this.startError = '';
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
      const ended = this.endedDirs.get(view.dir);
      this.show(ended ?? view);
      const held = this.early;
      this.early = null;
      for (const batch of held) this.add(batch);
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
      this.show(await api.openRun(dir));
      this.report = null;
      await this.loadReport();
      return '';
    } catch (err) {
      return api.errorMessage(err);
    }
  }

  /** Asks a follow-up of the past run in dir: a new run that starts from its findings. */
  followUp(dir: string, question: string): Promise<boolean> {
    return this.begin(() => api.followUpRun(dir, question));
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

  /** Shows the model call in progress as Go tells it, unless a newer update came first. */
  showCall(u: CallUpdate): void {
    if (u.n <= this.callN) return;
    this.callN = u.n;
    this.call = u.call;
    this.callSay = u.say ?? null;
    this.callAt = Date.now();
  }

  /**
   * Takes a batch: its rows and findings not held yet (after a reload Go
   * may send some again), and its glance unless a newer one is shown.
   */
  add(batch: Progress): void {
    if (this.early) {
      this.early.push(batch);
      return;
    }
    // A batch of a run no longer shown (the window followed another).
    if (batch.dir && this.view && batch.dir !== this.view.dir) return;
    const lastRow = this.rows.length ? this.rows[this.rows.length - 1].seq : 0;
    const rows = (batch.rows ?? []).filter((r) => r.seq > lastRow);
    if (rows.length) this.rows = this.rows.concat(rows);
    const lastFinding = this.findings.length ? this.findings[this.findings.length - 1].number : 0;
    const found = (batch.findings ?? []).filter((f) => f.number > lastFinding);
    if (found.length) this.findings = this.findings.concat(found);
    if (!this.glance || batch.glance.seq >= this.glance.seq) this.glance = batch.glance;
  }

  /**
   * Shows the run's end. Go sends the whole run: its journal is the final
   * word, so a batch lost or late on a busy machine cannot leave a gap.
   */
  async done(view: RunView): Promise<void> {
    this.endedDirs.set(view.dir, view);
    if (this.view && this.view.dir !== view.dir) return; // a start still on its way
    this.show(view, true);
    this.confirmingStop = false; // nothing left to stop
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

import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../api', () => ({
  startRun: vi.fn(),
  stopRun: vi.fn(),
  openRun: vi.fn(),
  resumeRun: vi.fn(),
  currentRun: vi.fn(),
  loadReport: vi.fn(),
  onRunEvents: vi.fn(() => () => {}),
  onRunDone: vi.fn(() => () => {}),
  onRunCall: vi.fn(() => () => {}),
  onRunFollow: vi.fn(() => () => {}),
  errorMessage: (e: unknown) => (typeof e === 'string' ? e : 'generic'),
}));

import * as api from '../api';
import type { CallProgress, Finding, Glance, Progress, Row, RunView } from '../api';
import { RunStore } from './run.svelte';

const mocked = vi.mocked(api);
const glance = (over: Partial<Glance> = {}): Glance => ({
  seq: 0, objective: 'o', status: 'running', status_words: 'running now', resumable: false, waiting: false, error: '', checklist: [],
  figures: { turns: 0, findings: 0, model_calls: {}, prompt_tokens: 0, cached_tokens: 0, completion_tokens: 0, reuse_pct: 0,
    reuse_estimated: false, context_pct: 0, model_seconds: 0, write_rate: 0, sent_back: 0, rebuilds: 0, active_seconds: 0 },
  ...over,
});
const row = (seq: number): Row => ({ seq, turn: 1, icon: '◎', title: 'SEARCH', detail: '', thought: '', tone: 'action' });
const finding = (n: number): Finding => ({ number: n, turn: 2, text: `f${n}`, url: 'u', title: 't', part: 1, items: [], quote: '' });
const progress = (rows: Row[], over: Partial<Progress> = {}): Progress => ({
  rows, findings: [], glance: glance({ seq: rows.length ? rows[rows.length - 1].seq : 0 }), ...over,
});
const view = (over: Partial<RunView> = {}, rows: Row[] = [], g: Partial<Glance> = {}): RunView => ({
  dir: '/runs/a', running: true, max_turns: 100, context_length: 8192, model: 'm', started: '', prior_seconds: 0,
  progress: { ...progress(rows), glance: glance(g) }, call_n: 0, follow_n: 0, ...over,
});
const ended = (rows: Row[] = [], g: Partial<Glance> = {}) =>
  view({ running: false }, rows, { status: 'finished', status_words: 'finished', ...g });
const seqs = (s: RunStore) => s.rows.map((r) => r.seq);

describe('RunStore', () => {
  beforeEach(() => vi.resetAllMocks());

  it('shows why a run could not start', async () => {
    mocked.startRun.mockRejectedValue('Nothing is listening at http://127.0.0.1:1234. Start the server in LM Studio');
    const s = new RunStore();
    expect(await s.start('what?')).toBe(false);
    expect(s.startError).toMatch(/Start the server/);
    expect(s.running).toBe(false);
  });

  it('does not start without an objective', async () => {
    const s = new RunStore();
    expect(await s.start('   ')).toBe(false);
    expect(mocked.startRun).not.toHaveBeenCalled();
  });

  it('keeps the findings Go sends as batches arrive, for the research view and the report', () => {
    const s = new RunStore();
    s.add(progress([row(1), row(2)], { findings: [finding(1)] }));
    expect(s.findings.map((f) => f.number)).toEqual([1]);
    s.add(progress([row(3)], { findings: [finding(2)] }));
    expect(s.findings.map((f) => f.text)).toEqual(['f1', 'f2']);
  });

  it('appends batches once, even when a reload sends rows and findings again', async () => {
    mocked.startRun.mockResolvedValue(view());
    const s = new RunStore();
    await s.start('o');
    s.add(progress([row(1), row(2)], { findings: [finding(1)] }));
    s.add(progress([row(2), row(3)], { findings: [finding(1), finding(2)] }));
    expect(seqs(s)).toEqual([1, 2, 3]);
    expect(s.findings.map((f) => f.number)).toEqual([1, 2]);
  });

  it('shows the glance Go sent last, not an older one that arrives late', async () => {
    mocked.startRun.mockResolvedValue(view());
    const s = new RunStore();
    await s.start('o');
    s.add(progress([row(5)], { glance: glance({ seq: 5, figures: { ...glance().figures, turns: 3 } }) }));
    s.add(progress([row(4)], { glance: glance({ seq: 4, figures: { ...glance().figures, turns: 2 } }) }));
    expect(s.glance?.figures.turns).toBe(3);
    s.add(progress([], { glance: glance({ seq: 5, waiting: true }) })); // model calls only: no rows, a new glance
    expect(s.glance?.waiting).toBe(true);
  });

  it('takes Go\'s journal as the final word when the run ends', async () => {
    mocked.startRun.mockResolvedValue(view());
    mocked.loadReport.mockResolvedValue({ dir: '/runs/a', title: 't', markdown: '', html: '' });
    const s = new RunStore();
    await s.start('o');
    s.add(progress([row(1), row(3)])); // 2 was lost on the way
    const held = s.rows;
    await s.done(ended([row(1), row(2), row(3)]));
    expect(seqs(s)).toEqual([1, 2, 3]);
    // The rows already shown stay the same objects: the page does not rebuild them.
    expect(s.rows[0]).toBe(held[0]);
    expect(s.rows[2]).toBe(held[1]);
    expect(s.glance?.status_words).toBe('finished');
  });

  it('keeps the journal as it is when Go\'s adds nothing', async () => {
    mocked.startRun.mockResolvedValue(view());
    mocked.loadReport.mockResolvedValue({ dir: '/runs/a', title: 't', markdown: '', html: '' });
    const s = new RunStore();
    await s.start('o');
    s.add(progress([row(1), row(2)]));
    const held = s.rows;
    await s.done(ended([row(1), row(2)]));
    expect(s.rows).toBe(held);
  });

  it('loads the report when the run ends', async () => {
    mocked.startRun.mockResolvedValue(view());
    mocked.loadReport.mockResolvedValue({ dir: '/runs/a', title: 't', markdown: '# t', html: '<h1>t</h1>' });
    const s = new RunStore();
    await s.start('o');
    await s.done(ended());
    expect(s.running).toBe(false);
    expect(mocked.loadReport).toHaveBeenCalledWith('/runs/a');
    expect(s.report?.html).toBe('<h1>t</h1>');
  });
});

describe('RunStore stop, open and report errors', () => {
  beforeEach(() => vi.resetAllMocks());

  it('Esc asks before stopping, Esc again takes it back, and never asks when nothing runs', async () => {
    const s = new RunStore();
    s.escape();
    expect(s.confirmingStop).toBe(false); // nothing running
    mocked.startRun.mockResolvedValue(view());
    await s.start('o');
    s.escape();
    expect(s.confirmingStop).toBe(true);
    s.escape();
    expect(s.confirmingStop).toBe(false);
    s.escape();
    await s.stop();
    expect(mocked.stopRun).toHaveBeenCalled();
    expect(s.confirmingStop).toBe(false);
  });

  it('a question left up is gone once the run ends, and never greets the next run', async () => {
    mocked.startRun.mockResolvedValue(view());
    mocked.loadReport.mockResolvedValue({ dir: '/runs/a', title: 't', markdown: '', html: '' });
    const s = new RunStore();
    await s.start('o');
    s.askStop();
    await s.done(ended());
    expect(s.confirmingStop).toBe(false);
    s.confirmingStop = true; // however it was left
    await s.start('o');
    expect(s.confirmingStop).toBe(false);
  });

  it('a failed stop says so apart from start errors', async () => {
    mocked.startRun.mockResolvedValue(view());
    mocked.stopRun.mockRejectedValue('the run did not stop');
    const s = new RunStore();
    await s.start('o');
    await s.stop();
    expect(s.stopError).toBe('the run did not stop');
    expect(s.startError).toBe('');
  });

  it('says why a past run could not be opened and keeps what was shown', async () => {
    mocked.startRun.mockResolvedValue(ended());
    mocked.openRun.mockRejectedValue('The run folder /runs/b cannot be read: permission denied');
    const s = new RunStore();
    await s.start('o');
    expect(await s.open('/runs/b')).toMatch(/cannot be read/);
    expect(s.view?.dir).toBe('/runs/a');
  });

  it('keeps why a report is missing until the next run starts', async () => {
    mocked.openRun.mockResolvedValue(view({ dir: '/runs/b', running: false }, [], { status: 'interrupted', status_words: 'stopped', resumable: true }));
    mocked.loadReport.mockRejectedValue('This run has no report.md');
    const s = new RunStore();
    expect(await s.open('/runs/b')).toBe('');
    expect(s.reportError).toMatch(/no report/);
    mocked.startRun.mockResolvedValue(view());
    await s.start('o');
    expect(s.reportError).toBe('');
  });
});

describe('RunStore draft', () => {
  beforeEach(() => vi.resetAllMocks());

  it('keeps the typed objective when the start fails, and empties it once a run begins', async () => {
    mocked.startRun.mockRejectedValueOnce('Nothing is listening at http://127.0.0.1:1234.');
    const s = new RunStore();
    s.draft = 'which rivers?';
    expect(await s.start()).toBe(false);
    expect(s.draft).toBe('which rivers?');
    mocked.startRun.mockResolvedValue(view());
    expect(await s.start()).toBe(true);
    expect(s.draft).toBe('');
  });

  it('New research shows the box until another run is shown, and drops the error of what was tried before', async () => {
    mocked.openRun.mockResolvedValue(ended());
    mocked.resumeRun.mockRejectedValue('Nothing is listening at http://127.0.0.1:1234.');
    const s = new RunStore();
    await s.open('/runs/a');
    await s.resume('/runs/a');
    expect(s.startError).toMatch(/Nothing is listening/);
    s.newResearch();
    expect(s.drafting).toBe(true);
    expect(s.startError).toBe('');
    await s.done(ended()); // the same run's end again: still drafting
    expect(s.drafting).toBe(true);
    mocked.openRun.mockResolvedValue(view({ dir: '/runs/b', running: false }));
    await s.open('/runs/b');
    expect(s.drafting).toBe(false);
  });

  it('saved settings clear the last start error', async () => {
    mocked.startRun.mockRejectedValue('Nothing is listening at http://127.0.0.1:1234.');
    const s = new RunStore();
    await s.start('o');
    s.settingsChanged();
    expect(s.startError).toBe('');
  });
});

describe('RunStore.attach', () => {
  beforeEach(() => vi.resetAllMocks());

  it('keeps batches that arrive while the snapshot is on its way', async () => {
    let push: (b: Progress) => void = () => {};
    mocked.onRunEvents.mockImplementation((cb) => {
      push = cb;
      return () => {};
    });
    mocked.onRunDone.mockImplementation(() => () => {});
    mocked.currentRun.mockImplementation(async () => {
      push(progress([row(2), row(3), row(4), row(5)])); // folded before Go took the snapshot, sent after
      return view({}, [row(1), row(2)], { seq: 2 });
    });
    const s = new RunStore();
    await s.attach();
    expect(seqs(s)).toEqual([1, 2, 3, 4, 5]);
    expect(s.glance?.seq).toBe(5);
    push(progress([row(6)]));
    expect(seqs(s)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a run that ends before its start returns is shown as ended', async () => {
    const s = new RunStore();
    mocked.loadReport.mockResolvedValue({ dir: '/runs/a', title: 't', markdown: '', html: '' });
    mocked.startRun.mockImplementation(async () => {
      await s.done(view({ running: false }, [], { status: 'failed', status_words: 'could not start', error: 'cannot resume' }));
      return view();
    });
    expect(await s.start('o')).toBe(true);
    expect(s.running).toBe(false);
    expect(s.glance?.status_words).toBe('could not start');
    expect(s.glance?.error).toBe('cannot resume');
  });
});

describe('RunStore.begin', () => {
  beforeEach(() => vi.resetAllMocks());

  it('keeps the batches that arrive before the resume call returns', async () => {
    const s = new RunStore();
    const past = view({}, [row(1), row(2)], { seq: 2 });
    past.progress.findings = [finding(1)];
    mocked.startRun.mockImplementation(async () => {
      s.add(progress([row(3), row(4)], { findings: [finding(2)] })); // the resumed run's first batch, sent at once
      return past;
    });
    expect(await s.start('o')).toBe(true);
    expect(seqs(s)).toEqual([1, 2, 3, 4]);
    expect(s.findings.map((f) => f.number)).toEqual([1, 2]);
    expect(s.glance?.seq).toBe(4);
  });
});

describe('RunStore call in progress', () => {
  beforeEach(() => vi.resetAllMocks());
  const callAt = (stage: string): CallProgress => ({
    turn: 1, kind: 'action', stage, stage_left: '',
    wait: { phase: 'reading', new_tokens: 10, written: 0, elapsed_ns: 0, left_ns: 0, expected_ns: 0, done: -1, text: 'reading 10 new tokens' },
  });

  it('keeps what Go tells while the start call is on its way, and clears it when the run ends', async () => {
    const s = new RunStore();
    mocked.startRun.mockImplementation(async () => {
      s.showCall({ n: 1, call: callAt('Preparing the run') }); // the model is measured at once
      return view({ call: undefined, call_n: 0 });
    });
    mocked.loadReport.mockResolvedValue({ dir: '/runs/a', title: 't', markdown: '', html: '' });
    await s.start('o');
    expect(s.call?.stage).toBe('Preparing the run');
    s.showCall({ n: 2, call: callAt('Turn 1') });
    expect(s.call?.stage).toBe('Turn 1');
    await s.done(view({ running: false, call_n: 3 }, [], { status: 'finished', status_words: 'finished' }));
    expect(s.call).toBeNull();
    // An update delivered late changes nothing.
    s.showCall({ n: 2, call: callAt('Turn 1') });
    expect(s.call).toBeNull();
  });

  it('keeps the newest update when they arrive out of order', () => {
    const s = new RunStore();
    s.showCall({ n: 5, call: callAt('Turn 2') });
    s.showCall({ n: 4, call: null }); // the end of turn 1's call, late
    expect(s.call?.stage).toBe('Turn 2');
  });

  it('a window that reloads shows the call in progress from the snapshot', async () => {
    mocked.onRunEvents.mockImplementation(() => () => {});
    mocked.onRunDone.mockImplementation(() => () => {});
    mocked.onRunCall.mockImplementation(() => () => {});
    mocked.currentRun.mockResolvedValue(view({ call: callAt('Turn 7'), call_n: 40 }));
    const s = new RunStore();
    await s.attach();
    expect(s.call?.stage).toBe('Turn 7');
  });
});

describe('following a queued run', () => {
  it('shows the run Go follows now, and its report once it has ended', async () => {
    const s = new RunStore();
    s.drafting = true;
    mocked.loadReport.mockResolvedValue({ markdown: '# r', html: '<h1>r</h1>' } as never);
    s.follow(view({ dir: '/runs/2', running: true, follow_n: 1 }));
    expect(s.view?.dir).toBe('/runs/2');
    expect(s.drafting).toBe(false);
    expect(s.report).toBeNull();
    s.follow(view({ dir: '/runs/1', running: false, follow_n: 2 }));
    await Promise.resolve();
    expect(s.view?.dir).toBe('/runs/1');
    expect(mocked.loadReport).toHaveBeenCalledWith('/runs/1');
  });

  // Two queued runs started at once: Go followed 1, then 2, but the
  // follows arrived the other way round. Showing 1 left the window on a
  // run Go sent nothing more of: "turn 0 of 100" and a Stop button after
  // both had ended.
  it('keeps the run Go followed last when an older follow arrives after it', async () => {
    const s = new RunStore();
    mocked.loadReport.mockResolvedValue({ markdown: '# r', html: '<h1>r</h1>' } as never);
    s.follow(view({ dir: '/runs/2', running: true, follow_n: 2 }));
    s.follow(view({ dir: '/runs/1', running: true, follow_n: 1 }));
    expect(s.view?.dir).toBe('/runs/2');
    s.add({ dir: '/runs/2', rows: [row(1)], findings: [], glance: glance({ seq: 1 }) });
    expect(seqs(s)).toEqual([1]);
    await s.done({ ...ended([row(1), row(2)]), dir: '/runs/2' });
    expect(s.running).toBe(false);
    expect(seqs(s)).toEqual([1, 2]);
  });

  it('shows a run already ended when its end arrived before the follow', async () => {
    const s = new RunStore();
    mocked.loadReport.mockResolvedValue({ markdown: '# r', html: '<h1>r</h1>' } as never);
    s.follow(view({ dir: '/runs/1', running: true, follow_n: 1 }));
    await s.done({ ...ended([row(1)]), dir: '/runs/2' });
    expect(s.view?.dir).toBe('/runs/1');
    s.follow(view({ dir: '/runs/2', running: true, follow_n: 2 }));
    expect(s.view?.dir).toBe('/runs/2');
    expect(s.running).toBe(false);
    expect(seqs(s)).toEqual([1]);
    await Promise.resolve();
    expect(mocked.loadReport).toHaveBeenCalledWith('/runs/2');
  });
});

describe('batches of another run', () => {
  it('are left out once the window follows another run', () => {
    const s = new RunStore();
    s.follow(view({ dir: '/runs/2', running: true, follow_n: 1 }));
    s.add({ dir: '/runs/1', rows: [{ seq: 99 } as Row], findings: [], glance: { seq: 99 } as Glance });
    expect(s.rows).toHaveLength(0);
    s.add({ dir: '/runs/2', rows: [{ seq: 1 } as Row], findings: [], glance: { seq: 1 } as Glance });
    expect(s.rows).toHaveLength(1);
  });
});

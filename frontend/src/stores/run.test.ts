import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../api', () => ({
  startRun: vi.fn(),
  stopRun: vi.fn(),
  openRun: vi.fn(),
  currentRun: vi.fn(),
  loadReport: vi.fn(),
  onRunEvents: vi.fn(() => () => {}),
  onRunDone: vi.fn(() => () => {}),
  errorMessage: (e: unknown) => (typeof e === 'string' ? e : 'generic'),
}));

import * as api from '../api';
import type { AgentEvent, RunView } from '../api';
import { RunStore } from './run.svelte';

const mocked = vi.mocked(api);
const view = (over: Partial<RunView> = {}): RunView => ({
  dir: '/runs/a', objective: 'o', running: true, status: '', error: '', max_turns: 100,
  context_length: 8192, model: 'm', started: '', prior_seconds: 0, events: [], ...over,
});
const ev = (seq: number): AgentEvent => ({ seq, time: '', turn: 1, type: 'action' });

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

  it('keeps the findings as events arrive, for the research view and the report', () => {
    const s = new RunStore();
    const finding = (seq: number, n: number) =>
      ({ seq, time: '', turn: 2, type: 'finding_added', finding: { number: n, text: `f${n}` } }) as AgentEvent;
    s.add([ev(1), finding(2, 1)]);
    expect(s.findings.map((f) => f.number)).toEqual([1]);
    s.add([finding(3, 2), ev(4)]);
    expect(s.findings.map((f) => f.text)).toEqual(['f1', 'f2']);
  });

  it('appends batches once, even when a reload replays events', async () => {
    mocked.startRun.mockResolvedValue(view());
    const s = new RunStore();
    await s.start('o');
    s.add([ev(1), ev(2)]);
    s.add([ev(2), ev(3)]);
    expect(s.events.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('takes Go\'s journal as the final word when the run ends', async () => {
    mocked.startRun.mockResolvedValue(view());
    mocked.currentRun.mockResolvedValue(view({ running: false, events: [ev(1), ev(2), ev(3)] }));
    mocked.loadReport.mockResolvedValue({ dir: '/runs/a', title: 't', markdown: '', html: '' });
    const s = new RunStore();
    await s.start('o');
    s.add([ev(1), ev(3)]); // 2 was lost on the way
    const held = s.events;
    await s.done(view({ running: false, status: 'finished' }));
    expect(s.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    // The events already shown stay the same objects: their rows are not rebuilt.
    expect(s.events[0]).toBe(held[0]);
    expect(s.events[2]).toBe(held[1]);
  });

  it('keeps the journal as it is when Go\'s adds nothing', async () => {
    mocked.startRun.mockResolvedValue(view());
    mocked.currentRun.mockResolvedValue(view({ running: false, events: [ev(1), ev(2)] }));
    mocked.loadReport.mockResolvedValue({ dir: '/runs/a', title: 't', markdown: '', html: '' });
    const s = new RunStore();
    await s.start('o');
    s.add([ev(1), ev(2)]);
    const held = s.events;
    await s.done(view({ running: false, status: 'finished' }));
    expect(s.events).toBe(held);
  });

  it('loads the report when the run ends', async () => {
    mocked.startRun.mockResolvedValue(view());
    mocked.currentRun.mockResolvedValue(view({ running: false }));
    mocked.loadReport.mockResolvedValue({ dir: '/runs/a', title: 't', markdown: '# t', html: '<h1>t</h1>' });
    const s = new RunStore();
    await s.start('o');
    await s.done(view({ running: false, status: 'finished' }));
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
    mocked.currentRun.mockResolvedValue(view({ running: false }));
    mocked.loadReport.mockResolvedValue({ dir: '/runs/a', title: 't', markdown: '', html: '' });
    const s = new RunStore();
    await s.start('o');
    s.askStop();
    await s.done(view({ running: false, status: 'finished' }));
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
    mocked.startRun.mockResolvedValue(view({ running: false, status: 'finished' }));
    mocked.openRun.mockRejectedValue('The run folder /runs/b cannot be read: permission denied');
    const s = new RunStore();
    await s.start('o');
    expect(await s.open('/runs/b')).toMatch(/cannot be read/);
    expect(s.view?.dir).toBe('/runs/a');
  });

  it('keeps why a report is missing until the next run starts', async () => {
    mocked.openRun.mockResolvedValue(view({ dir: '/runs/b', running: false, status: 'interrupted' }));
    mocked.loadReport.mockRejectedValue('This run has no report.md');
    const s = new RunStore();
    expect(await s.open('/runs/b')).toBe('');
    expect(s.reportError).toMatch(/no report/);
    mocked.startRun.mockResolvedValue(view());
    await s.start('o');
    expect(s.reportError).toBe('');
  });
});

describe('RunStore.attach', () => {
  beforeEach(() => vi.resetAllMocks());

  it('keeps batches that arrive while the snapshot is on its way', async () => {
    let push: (b: AgentEvent[]) => void = () => {};
    mocked.onRunEvents.mockImplementation((cb) => {
      push = cb;
      return () => {};
    });
    mocked.onRunDone.mockImplementation(() => () => {});
    mocked.currentRun.mockImplementation(async () => {
      push([ev(3), ev(4), ev(5)]); // sent after Go took the snapshot
      return view({ events: [ev(1), ev(2)] });
    });
    const s = new RunStore();
    await s.attach();
    expect(s.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    push([ev(6)]);
    expect(s.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a run that ends before its start returns is shown as ended', async () => {
    const s = new RunStore();
    mocked.loadReport.mockResolvedValue({ dir: '/runs/a', title: 't', markdown: '', html: '' });
    mocked.startRun.mockImplementation(async () => {
      await s.done(view({ running: false, status: 'failed', error: 'cannot resume' }));
      return view();
    });
    expect(await s.start('o')).toBe(true);
    expect(s.running).toBe(false);
    expect(s.view?.status).toBe('failed');
  });
});

describe('RunStore.begin', () => {
  beforeEach(() => vi.resetAllMocks());

  it('keeps the batches that arrive before the resume call returns', async () => {
    const s = new RunStore();
    mocked.startRun.mockImplementation(async () => {
      s.add([ev(3), ev(4)]); // the resumed run's first events, sent at once
      return view({ events: [ev(1), ev(2)] });
    });
    expect(await s.start('o')).toBe(true);
    expect(s.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });
});

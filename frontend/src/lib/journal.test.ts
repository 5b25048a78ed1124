// The journal's layout. What the rows say, the status words, the figures
// and the checklist's coverage are Go's (backend/runs: row_test.go,
// view_test.go).
import { describe as suite, expect, it } from 'vitest';
import type { Row } from '../api';
import { BLOCK_ROWS, blocksOf, clock, following, keepHeld, liveModelSeconds, workedSeconds } from './journal';

const row = (seq: number): Row => ({ seq, turn: 1, icon: '◎', title: 'SEARCH', detail: `q${seq}`, thought: '', tone: 'action' });

suite('clock', () => {
  it.each([[0, '0:00'], [65, '1:05'], [3723, '1:02:03']])('%d s', (s, want) => expect(clock(s)).toBe(want));
});

suite('blocksOf', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => row(i + 1));

  it('keeps full blocks as the same arrays while the last one grows', () => {
    const many = rows(BLOCK_ROWS * 2 + 30);
    const before = blocksOf(many.slice(0, BLOCK_ROWS * 2 + 10));
    const after = blocksOf(many);
    expect(after.map((b) => b.length)).toEqual([BLOCK_ROWS, BLOCK_ROWS, 30]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after[2]).not.toBe(before[2]);
    expect(after.flat()).toEqual(many);
  });

  it('has no blocks for no rows', () => {
    expect(blocksOf([])).toEqual([]);
  });
});

suite('keepHeld', () => {
  it('keeps the rows held as they are and fills in the ones missing', () => {
    const held = [row(1), row(3)];
    const all = keepHeld(held, [row(1), row(2), row(3)]);
    expect(all.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(all[0]).toBe(held[0]);
    expect(all[2]).toBe(held[1]);
  });
  it('returns the rows held when Go holds no more', () => {
    const held = [row(1), row(2)];
    expect(keepHeld(held, [row(1), row(2)])).toBe(held);
  });
});

suite('workedSeconds', () => {
  const at = Date.parse('2026-11-30T10:00:00Z');
  const view = (started: string, prior: number) => ({ started, prior_seconds: prior });

  it('counts a fresh run from its start', () => {
    expect(workedSeconds(view('2026-11-30T09:58:00Z', 0), at)).toBe(120);
  });
  it('adds the time a resumed run worked before, not the time it waited', () => {
    // Started yesterday, worked 5 minutes, resumed a minute ago.
    expect(workedSeconds(view('2026-11-30T09:59:00Z', 300), at)).toBe(360);
  });
  it('shows only the earlier time before this stretch has a start', () => {
    expect(workedSeconds(view('', 42), at)).toBe(42);
  });
});

suite('following', () => {
  it.each([
    [1000, 600, 400, true], // at the bottom
    [1000, 570, 400, true], // a few pixels short, as after a new row
    [1000, 561, 400, true],
    [1000, 560, 400, false], // scrolled up 40 px: the user is reading
    [1000, 0, 400, false],
    [300, 0, 400, true], // everything fits
  ])('scrollHeight %i, scrollTop %i, clientHeight %i follows: %s', (scrollHeight, scrollTop, clientHeight, want) => {
    expect(following({ scrollHeight, scrollTop, clientHeight })).toBe(want);
  });
});

suite('liveModelSeconds', () => {
  it('counts the call in progress on from when Go told of it', () => {
    const call = { wait: { elapsed_ns: 5e9 } };
    expect(liveModelSeconds(40, null, 0, 9000)).toBe(40);
    expect(liveModelSeconds(40, call, 1000, 1000)).toBe(45);
    expect(liveModelSeconds(40, call, 1000, 4000)).toBe(48);
  });
});

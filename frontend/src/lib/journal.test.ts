import { describe as suite, expect, it } from 'vitest';
import type { AgentEvent, RunView } from '../api';
import { BLOCK_ROWS, blocksOf, checklistOf, clock, coverage, describe, figures, findingsOf, following, resumable, rowsOf, statusText, waitingOnUser, workedSeconds } from './journal';

const ev = (e: Partial<AgentEvent>): AgentEvent => ({ seq: 1, time: '', turn: 1, type: 'action', ...e });
const finding = (n: number, items: number[]) => ({ number: n, turn: 3, text: `f${n}`, url: 'u', title: 't', part: 1, items, quote: 'q' });

suite('describe', () => {
  it.each([
    [ev({ type: 'action', action: 'SEARCH', parameter: 'kilimanjaro', thought: 'first' }), { title: 'SEARCH', detail: 'kilimanjaro', tone: 'action', thought: 'first' }],
    [ev({ type: 'refused', action: 'NAVIGATE', reason: 'not in the results' }), { title: 'NAVIGATE sent back', tone: 'refused' }],
    [ev({ type: 'refused', reason: 'Your reply could not be used' }), { title: 'Reply sent back', tone: 'refused' }],
    [ev({ type: 'page_failed', url: 'http://x', reason: 'HTTP 404' }), { title: 'Page failed', detail: 'http://x: HTTP 404', tone: 'failed' }],
    [ev({ type: 'check', kind: 'progress', reason: '4 turns' }), { title: 'Progress check', tone: 'check' }],
    [ev({ type: 'searched', query: 'q', message: 'blocked' }), { title: 'Search failed', tone: 'failed' }],
    [ev({ type: 'notice', kind: 'waiting', query: 'q', message: 'Answer its question in the browser window.' }), { title: 'Waiting for you', detail: 'Answer its question in the browser window.', tone: 'attention' }],
    [ev({ type: 'notice', query: 'q', message: 'No answer: trying again.' }), { title: 'Note', detail: 'No answer: trying again.', tone: 'info' }],
    [ev({ type: 'run_finished', status: 'interrupted' }), { title: 'Run stopped', tone: 'done' }],
  ])('%#', (e, want) => {
    expect(describe(e)).toMatchObject(want);
  });

  it('leaves model calls and turn starts to the figures', () => {
    expect(describe(ev({ type: 'model_call' }))).toBeNull();
    expect(describe(ev({ type: 'turn_started' }))).toBeNull();
  });
});

suite('findings, checklist and coverage', () => {
  const events = [
    ev({ type: 'checklist', checklist: [{ number: 1, text: 'a' }, { number: 2, text: 'b' }] }),
    ev({ type: 'finding_added', finding: finding(1, [1]) }),
    ev({ type: 'finding_added', finding: finding(2, [1, 9]) }),
  ];
  it('collects and maps them', () => {
    const fs = findingsOf(events);
    expect(fs.map((f) => f.number)).toEqual([1, 2]);
    const cov = coverage(checklistOf(events), fs);
    expect(cov.get(1)).toEqual([1, 2]);
    expect(cov.get(2)).toEqual([]);
  });
});

suite('figures', () => {
  const view = { max_turns: 100, context_length: 8000 } as RunView;
  it('sums model calls and takes the last action prompt for context use', () => {
    const call = (kind: string, p: number, c: number, turn: number) =>
      ev({ type: 'model_call', kind, turn, usage: { prompt_tokens: p, cached_tokens: c, completion_tokens: 10, duration_ns: 2e9 } });
    const f = figures(view, [call('checklist', 200, 0, 0), call('action', 1000, 800, 1), call('action', 2000, 1800, 2)]);
    expect(f).toEqual({ turn: 2, maxTurns: 100, modelSeconds: 6, promptTokens: 3200, cachedTokens: 2600, reusePct: 81, reuseEstimated: false, contextPct: 25, writeRate: 0 });
  });
  it('says when the server did not report its cache use', () => {
    const call = (estimated: boolean) =>
      ev({ type: 'model_call', kind: 'action', turn: 1, usage: { prompt_tokens: 100, cached_tokens: 50, cache_estimated: estimated, completion_tokens: 1, duration_ns: 1 } });
    expect(figures(view, [call(false), call(false)]).reuseEstimated).toBe(false);
    expect(figures(view, [call(false), call(true)]).reuseEstimated).toBe(true);
  });
  it('measures context use against the context the server turned out to have', () => {
    const call = ev({ type: 'model_call', kind: 'action', turn: 3, usage: { prompt_tokens: 1000, cached_tokens: 0, completion_tokens: 10, duration_ns: 1e9 } });
    const adjusted = ev({ type: 'check', kind: 'context', count: 4000, turn: 3 });
    expect(figures(view, [adjusted, call]).contextPct).toBe(25);
    expect(describe(adjusted)?.title).toBe('Context adjusted');
  });
});

suite('clock', () => {
  it.each([[0, '0:00'], [65, '1:05'], [3723, '1:02:03']])('%d s', (s, want) => expect(clock(s)).toBe(want));
});

suite('resumable', () => {
  it.each([
    ['interrupted', true], ['turn_limit', true], ['model_unavailable', true], ['stuck', true], ['search_unavailable', true],
    ['finished', false], ['failed', false], ['running', false],
  ])('%s', (status, want) => expect(resumable(status)).toBe(want));
});

suite('rowsOf', () => {
  const at = (seq: number, type: string, extra: Partial<AgentEvent> = {}) => ev({ seq, type, ...extra });

  it('makes each row once: a new batch leaves the earlier rows as they were', () => {
    const first = [at(1, 'action', { action: 'SEARCH', parameter: 'q' }), at(2, 'model_call'), at(3, 'searched', { count: 5, query: 'q' })];
    const before = rowsOf(first);
    const after = rowsOf(first.concat([at(4, 'action', { action: 'FINISH', parameter: 'done' })]));
    expect(before.map((r) => r.seq)).toEqual([1, 3]); // model calls are not journal rows
    expect(after.map((r) => r.seq)).toEqual([1, 3, 4]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
  });
});

suite('blocksOf', () => {
  const rows = (n: number) => rowsOf(Array.from({ length: n }, (_, i) => ev({ seq: i + 1, type: 'action', action: 'SEARCH', parameter: `q${i}` })));

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

suite('workedSeconds', () => {
  const at = Date.parse('2026-11-30T10:00:00Z');
  const view = (started: string, prior: number) => ({ started, prior_seconds: prior }) as RunView;

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

suite('statusText', () => {
  it('names the run going on', () => {
    expect(statusText('running')).toBe('running now');
    expect(resumable('running')).toBe(false);
  });
  it.each([
    ['stuck', 'ended: the model was stuck'],
    ['search_unavailable', 'ended: search unavailable'],
    ['something_new', 'something_new'],
  ])('%s', (status, want) => expect(statusText(status)).toBe(want));
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

suite('waitingOnUser', () => {
  const asks = ev({ seq: 2, type: 'notice', kind: 'waiting', message: 'answer' });
  it.each([
    ['a question just asked', [ev({ seq: 1 }), asks], true],
    ['answered: the search went on', [asks, ev({ seq: 3, type: 'searched', count: 3 })], false],
    ['a note that asks nothing', [ev({ seq: 4, type: 'notice', message: 'trying again' })], false],
    ['no events', [], false],
  ])('%s', (_, events, want) => {
    expect(waitingOnUser(events as AgentEvent[])).toBe(want);
  });
});

import { describe, expect, it, vi } from 'vitest';

vi.mock('../api', () => ({
  queueRuns: vi.fn(),
  errorMessage: (e: unknown) => (typeof e === 'string' ? e : 'generic'),
}));

import * as api from '../api';
import { objectiveLines, QueueStore, stateWords } from './queue.svelte';

const mocked = vi.mocked(api);

describe('the research queue', () => {
  it.each([
    ['one objective', 'How tall is Kilimanjaro?', ['How tall is Kilimanjaro?']],
    ['two lines', 'How tall is Kilimanjaro?\nWhere do tide pools form?', ['How tall is Kilimanjaro?', 'Where do tide pools form?']],
    ['blank lines and spaces', '\n  a  \n\n b\r\n', ['a', 'b']],
    ['nothing', ' \n ', []],
  ])('reads objectives one a line: %s', (_, text, want) => {
    expect(objectiveLines(text)).toEqual(want);
  });

  it('says each state in words', () => {
    expect(['queued', 'running', 'finished', 'stopped', 'failed'].map(stateWords)).toEqual([
      'queued', 'running', 'done: finished', 'done: stopped', 'done: failed',
    ]);
  });

  it('keeps what Go queued, and its refusal', async () => {
    const s = new QueueStore();
    mocked.queueRuns.mockResolvedValueOnce({ n: 1, items: [{ id: 1, objective: 'a', dir: '/r/1', state: 'running' }, { id: 2, objective: 'b', dir: '/r/2', state: 'queued' }] });
    expect(await s.add(['a', 'b'])).toBe(true);
    expect(s.pending).toBe(2);
    mocked.queueRuns.mockRejectedValueOnce('the model server does not answer');
    expect(await s.add(['c'])).toBe(false);
    expect(s.error).toBe('the model server does not answer');
    expect(s.items).toHaveLength(2);
  });

  it('keeps the newest view when they arrive out of order', async () => {
    const s = new QueueStore();
    const running = [{ id: 1, objective: 'a', dir: '/r/1', state: 'running' }];
    mocked.queueRuns.mockImplementationOnce(async () => {
      s.take({ n: 2, items: running }); // the run started before the reply came back
      return { n: 1, items: [{ id: 1, objective: 'a', dir: '/r/1', state: 'queued' }] };
    });
    expect(await s.add(['a'])).toBe(true);
    expect(s.items).toEqual(running);
    s.take({ n: 2, items: [] }); // the same view twice changes nothing
    expect(s.items).toEqual(running);
  });

});

import { describe, expect, it } from 'vitest';
import { applyProgress, SHOWN_LINES, startView } from './setup';

describe('applyProgress', () => {
  const steps = [
    { line: 'Downloading the browser driver (Playwright 1.64.1) into /home/u/.cache', done: -1 },
    { line: 'Downloading the browser driver: 0.2 of 3.0 MB', done: 0.07 },
    { line: 'Downloading the browser driver: 1.5 of 3.0 MB', done: 0.5 },
    { line: 'Downloaded 3.0 MB', done: 1 },
    { line: 'Browser driver installed', done: 1 },
  ];

  it('moves the bar with the download and keeps one line for it', () => {
    const views = steps.map((_, i) => steps.slice(0, i + 1).reduce(applyProgress, startView));
    expect(views.map((v) => v.percent)).toEqual([null, 7, 50, 100, 100]);
    expect(views[2].lines).toEqual([steps[0].line, steps[2].line]);
    expect(views[4].lines).toEqual([steps[0].line, steps[2].line, 'Downloaded 3.0 MB', 'Browser driver installed']);
  });

  it('keeps an animated bar while the share is not known', () => {
    const v = applyProgress(startView, { line: 'No suitable Node.js found; downloading with its own', done: -1 });
    expect(v.percent).toBeNull();
    expect(v.lines).toHaveLength(1);
  });

  it('keeps the latest lines only', () => {
    let v = startView;
    for (let i = 0; i < SHOWN_LINES + 3; i++) v = applyProgress(v, { line: `line ${i}`, done: -1 });
    expect(v.lines).toHaveLength(SHOWN_LINES);
    expect(v.lines[SHOWN_LINES - 1]).toBe(`line ${SHOWN_LINES + 2}`);
  });
});

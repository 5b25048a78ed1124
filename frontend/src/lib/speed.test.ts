import { describe, expect, it } from 'vitest';
import type { CallProgress, Measurement } from '../api';
import { answer, barPercent, measuredLine, rate } from './speed';

const progress = (done: number): CallProgress => ({
  turn: 3, kind: 'action', stage: 'Turn 3', stage_left: 'about 3 min left',
  wait: { phase: 'reading', new_tokens: 1850, written: 0, elapsed_ns: 0, left_ns: 0, expected_ns: 0, done, text: 'reading 1,850 new tokens, about 4 min' },
});

describe('speed', () => {
  it('writes speeds as Go does', () => {
    expect([0, 3.46, 12.5, 412.3, 90838].map(rate)).toEqual(['?', '3.5', '13', '412', '90,838']);
  });

  it('says the probe\'s answers in words', () => {
    expect(['yes', 'no', 'unknown'].map(answer)).toEqual(['yes', 'no', 'cannot tell (too fast to time)']);
  });

  it('says when a measurement was made and what it cost', () => {
    const m = { measured: '2026-12-01T14:02:00Z', took_ns: 65e9 } as Measurement;
    expect(measuredLine(m)).toMatch(/^Measured 1 Dec 2026, \d\d:\d\d, in 1 min 5 s of model time\.$/);
    expect(measuredLine({ measured: '', took_ns: 6.2e9 } as Measurement)).toBe('Measured, in 6 s of model time.');
  });

  it('fills the bar from the share Go says is done, and leaves it unknown when Go cannot tell', () => {
    expect(barPercent(progress(0.426))).toBe(43);
    expect(barPercent(progress(1.2))).toBe(100);
    expect(barPercent(progress(-1))).toBeNull();
    expect(barPercent(null)).toBeNull();
  });
});

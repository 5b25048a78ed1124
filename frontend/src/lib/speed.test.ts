import { afterEach, describe, expect, it } from 'vitest';
import type { CallProgress, Measurement } from '../api';
import { answer, barPercent, measuredLine, rate, warnings } from './speed';
import { setLanguage } from '../i18n/index.svelte';

const progress = (done: number): CallProgress => ({
  turn: 3, kind: 'action', stage: 'Turn 3', stage_left: 'about 3 min left',
  wait: { phase: 'reading', new_tokens: 1850, written: 0, elapsed_ns: 0, left_ns: 0, expected_ns: 0, done, text: 'reading 1,850 new tokens, about 4 min' },
});

describe('speed', () => {
  afterEach(() => setLanguage('en', []));

  it('writes speeds as Go does', () => {
    expect([0, 3.46, 12.5, 412.3, 90838, 5].map(rate)).toEqual(['?', '3.5', '13', '412', '90,838', '5.0']);
  });

  it('writes speeds as the window\'s language writes numbers', () => {
    setLanguage('de', []);
    expect([0, 3.46, 412.3, 138912.6].map(rate)).toEqual(['?', '3,5', '412', '138.913']);
    setLanguage('zh', []);
    expect([3.46, 138912.6].map(rate)).toEqual(['3.5', '138,913']);
    setLanguage('fr', []);
    expect(rate(138912.6)).toBe('138\u202f913');
  });

  it("says the probe's warnings in the window's language, the model's reply as written", () => {
    const english = ['Scout is several times slower with this server: … LM Studio keeps it …', 'The server did not hold … The model answered: "Sure."'];
    const m = {
      warnings: english,
      warning_says: [
        { key: 'warn.noReuse', args: { advice: { key: 'warn.cache.lmstudio' } } },
        { key: 'warn.schema', args: { reply: '"Sure."' } },
      ],
    };
    setLanguage('de', []);
    const de = warnings(m);
    expect(de[0]).toMatch(/^Scout ist mit diesem Server um ein Vielfaches langsamer: .* LM Studio behält ihn, solange das Modell geladen bleibt: /);
    expect(de[1]).toMatch(/ Das Modell antwortete: "Sure\."$/);
    setLanguage('zh', []);
    const zh = warnings(m);
    expect(zh[0]).toMatch(/^Scout 在此服务器上会慢好几倍：.*只要模型保持加载，LM Studio 就会保留它/);
    expect(zh[1]).toMatch(/模型的回答："Sure\."$/);
    // Kept by an older Scout (no messages), or not one for each: as Go wrote them.
    expect(warnings({ warnings: english })).toEqual(english);
    expect(warnings({ warnings: english, warning_says: m.warning_says.slice(1) })).toEqual(english);
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

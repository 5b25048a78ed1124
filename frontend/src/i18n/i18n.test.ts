import { afterEach, describe, expect, it } from 'vitest';
import en from './en.json';
import { fill, language, messageFiles, resolve, say, setLanguage, span, statusWords, t, textOf, tn, type Key } from './index.svelte';

const keys = Object.keys(en).sort();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

afterEach(() => setLanguage('en', []));

describe('message files', () => {
  for (const [lang, file] of Object.entries(messageFiles)) {
    it(`${lang}.json has exactly English's keys, each with its {placeholders}`, () => {
      expect(Object.keys(file).sort()).toEqual(keys);
      for (const key of keys as Key[]) {
        expect(file[key]?.trim(), `${lang} ${key}`).not.toBe('');
        expect(placeholders(file[key] ?? ''), `${lang} ${key}`).toEqual(placeholders(en[key]));
      }
    });
  }

  // A file copied from English and left so would pass the key test: a
  // translation shares few messages with English (formats such as
  // "{s} s", units, product names), under one in twenty.
  for (const [lang, file] of Object.entries(messageFiles)) {
    if (lang === 'en') continue;
    it(`${lang}.json is translated`, () => {
      const same = (keys as Key[]).filter((k) => file[k] === en[k]);
      expect(same.length, `${lang} keeps English in ${same.join(', ')}`).toBeLessThan(keys.length / 20);
    });
  }
});

describe('lookup', () => {
  it('falls back to English for a key a language lacks', () => {
    expect(textOf({}, 'nav.research')).toBe('Research');
    expect(textOf({ 'nav.research': 'Recherche' }, 'nav.research')).toBe('Recherche');
    expect(textOf({ 'nav.report': 'Bericht' }, 'nav.research')).toBe('Research');
  });

  it('speaks the language set, with values filled in', () => {
    setLanguage('de', []);
    expect(language()).toBe('de');
    expect(t('nav.settings')).toBe('Einstellungen');
    expect(t('run.turn_of', { turn: 3, max: 100 })).toBe('Runde 3 von 100');
    expect(document.documentElement.lang).toBe('de');
    setLanguage('zh', []);
    expect(document.documentElement.lang).toBe('zh-Hans');
  });

  it('chooses the plural form of the language', () => {
    expect([tn('history.turns', 1), tn('history.turns', 2), tn('history.turns', 0)]).toEqual(['1 turn', '2 turns', '0 turns']);
    setLanguage('fr', []);
    expect([tn('history.turns', 0), tn('history.turns', 1), tn('history.turns', 2)]).toEqual(['0 tour', '1 tour', '2 tours']);
    setLanguage('ja', []);
    expect(tn('history.turns', 1)).toBe('1 ターン');
  });

  it("says Go's words in the window's language, else as Go wrote them", () => {
    setLanguage('de', []);
    expect(say({ key: 'row.reading', args: { part: 2, parts: 9 } }, 'Reading part 2 of 9')).toBe('Lese Teil 2 von 9');
    expect(say({ key: 'row.results', args: { n: 1 } }, '1 result')).toBe('1 Ergebnis');
    expect(say({ key: 'row.results', args: { n: 3 } }, '3 results')).toBe('3 Ergebnisse');
    expect(say({ key: 'row.end.finished' }, 'Run finished')).toBe('Recherche abgeschlossen');
    expect(say({ key: 'row.from_a_newer_scout' }, 'Something new')).toBe('Something new');
    expect(say(undefined, 'SEARCH')).toBe('SEARCH');
    expect(statusWords('interrupted', 'stopped')).toBe('angehalten');
    expect(statusWords('from_a_newer_scout', 'new words')).toBe('new words');
    setLanguage('en', []);
    expect(say({ key: 'row.opened', args: { title: 'Kilimanjaro' } }, 'x')).toBe('Opened Kilimanjaro');
  });

  it("says how a run ended early in the window's language, the outside words as written, a refusal by its kind", () => {
    const search = { key: 'ending.search', args: { n: 3, why: 'offline' } };
    const both = { key: 'ending.causeUnwritten', args: { cause: { key: 'ending.browser', args: { why: 'crashed' } }, why: 'HTTP 500' } };
    setLanguage('fr', []);
    expect(say(search, 'x')).toBe('la recherche web a échoué 3 fois de suite : offline');
    expect(say({ key: 'ending.stuck', args: { action: 'FINISH', reason: 'no findings' } }, 'x'))
      .toBe('le modèle répétait une action refusée : il a envoyé FINISH encore et encore, refusée à chaque fois (no findings)');
    expect(say({ key: 'ending.stuck', args: { action: 'FINISH', reason: { key: 'refusal.no_findings' } } }, 'x'))
      .toBe("le modèle répétait une action refusée : il a envoyé FINISH encore et encore, refusée à chaque fois (aucune trouvaille n'était encore notée)");
    expect(say(both, 'x')).toBe("le navigateur s'est fermé (crashed) : reprenez la recherche pour continuer avec une nouvelle fenêtre de navigateur ; le résultat final n'a pas pu être rédigé : HTTP 500");
    setLanguage('zh', []);
    expect(say(search, 'x')).toBe('搜索连续失败 3 次：offline');
  });

  it("says a model server's error that ended a run in the window's language, the server's words and Scout's numbers as written", () => {
    const stalled = { key: 'ending.during', args: { stage: { key: 'stage.action', args: { turn: 4 } }, error: { key: 'llm.stalled' } } };
    const tooLong = { key: 'ending.during', args: { stage: { key: 'stage.writer' },
      error: { key: 'llm.replyTooLong', args: { took: { key: 'wait.minutes', args: { n: 7 } }, asked: '1500' } } } };
    const midReply = { key: 'llm.midReply', args: { server: 'slot {id} unavailable: 1,234 tokens.' } };
    const unwritten = { key: 'ending.causeUnwritten', args: { cause: stalled, why: { key: 'ending.during', args: { stage: { key: 'stage.writer' }, error: midReply } } } };
    const english = 'Turn 4: The model server stopped answering. It may have crashed or unloaded the model: check LM Studio, then resume the run.';
    setLanguage('de', []);
    expect(say(stalled, english)).toBe('Runde 4: Der Modellserver antwortet nicht mehr. Vielleicht ist er abgestürzt oder hat das Modell entladen: Prüfen Sie LM Studio und setzen Sie dann die Recherche fort.');
    expect(say(tooLong, 'x')).toMatch(/^Bericht wird geschrieben: Der Modellserver schrieb seit 7 Minuten an einer einzigen Antwort, weit länger, als die 1500 Tokens dauern sollten, die Scout angefordert hat; /);
    expect(say(unwritten, 'x')).toMatch(/^Runde 4: Der Modellserver antwortet nicht mehr\. .*; das endgültige Ergebnis konnte nicht geschrieben werden: Bericht wird geschrieben: Der Modellserver hat beim Antworten einen Fehler gemeldet: slot \{id\} unavailable: 1,234 tokens\.$/);
    expect(say({ key: 'llm.onlyThought' }, 'x')).toContain('{%- set enable_thinking = false %}');
    setLanguage('zh', []);
    expect(say(stalled, english)).toBe('第 4 轮：模型服务器不再应答。它可能已崩溃或卸载了模型：请检查 LM Studio，然后继续研究。');
    expect(say(tooLong, 'x')).toMatch(/^撰写报告：模型服务器写同一个回复已持续 7 分钟，远远超过写完 Scout 要求的 1500 个词元所需的时间/);
    expect(say(unwritten, 'x')).toMatch(/；无法写出最终结果：撰写报告：模型服务器在应答时报告了错误：slot \{id\} unavailable: 1,234 tokens\.$/);
    // A journal from before: Go's English as written.
    expect(say(undefined, english)).toBe(english);
    setLanguage('en', []);
    expect(say(stalled, 'unused')).toBe(english);
  });

  it("says a model call's progress in the window's language, numbers as it writes them", () => {
    const reading = { key: 'wait.readingAbout', args: { tokens: 1850, about: { key: 'wait.about.min', args: { n: 4 } } } };
    const english = 'reading 1,850 new tokens, about 4 min';
    setLanguage('de', []);
    expect(say({ key: 'stage.action', args: { turn: 4 } }, 'Turn 4')).toBe('Runde 4');
    expect(say({ key: 'stage.left', args: { about: { key: 'wait.about.few' } } }, 'a few seconds left')).toBe('noch ein paar Sekunden');
    expect(say(reading, english)).toBe('lese 1.850 neue Tokens, etwa 4 min');
    expect(say({ key: 'wait.about.h', args: { n: 1.5 } }, 'about 1.5 h')).toBe('etwa 1,5 h');
    expect(say({ key: 'wait.probe', args: { n: 2, of: 3, what: { key: 'wait.probe.speed' }, doing: { key: 'wait.probe.readingPrompt' } } }, 'x'))
      .toBe('Aufruf 2 von 3, wie schnell das Modell liest und schreibt: lese den Prompt');
    // A message inside that this window does not know: all of it as Go wrote it.
    expect(say({ key: 'wait.readingAbout', args: { tokens: 1850, about: { key: 'wait.about.weeks' } } }, english)).toBe(english);
    setLanguage('zh', []);
    expect(say({ key: 'stage.action', args: { turn: 4 } }, 'Turn 4')).toBe('第 4 轮');
    setLanguage('en', []);
    expect(say(reading, 'unused')).toBe(english);
    expect(say(null, 'Preparing the run')).toBe('Preparing the run');
  });

  it("says a checklist item's words in the window's language, its names listed as the language lists them", () => {
    const names = { key: 'names.and', args: { a: { key: 'names.comma', args: { a: 'Mount Kenya', b: 'Meru' } }, b: 'Kibo' } };
    const lacking = { key: 'item.sep', args: { a: { key: 'item.cites', args: { cites: '[1]' } }, b: { key: 'item.nothingYetFor', args: { names } } } };
    const count = { key: 'item.notFoundFor', args: { why: { key: 'reason.count', args: { have: 1, want: 3 } } } };
    setLanguage('de', []);
    expect(say(lacking, 'x')).toBe('[1]; noch nichts zu Mount Kenya, Meru und Kibo');
    expect(say(count, 'x')).toBe('nicht gefunden: nur 1 von 3 gefunden');
    expect(say({ key: 'item.viewLater' }, 'x')).toBe('schreibt das Modell am Ende');
    setLanguage('zh', []);
    expect(say(lacking, 'x')).toBe('[1]；Mount Kenya、Meru和Kibo 尚无结果');
    setLanguage('en', []);
    expect(say(lacking, 'x')).toBe('[1]; nothing yet for Mount Kenya, Meru and Kibo');
    expect(say(undefined, 'left out: FreeOffice (shown not to be open source)')).toBe('left out: FreeOffice (shown not to be open source)');
  });

  it("says the checklist's lines that hold the agent's words, those words as the objective has them", () => {
    const vim = { key: 'reason.refuted', args: { cite: '[3]', detail: { key: 'tie.unnamed', args: { names: 'Vim' } } } };
    const feet = { key: 'reason.refuted', args: { cite: '[3]', detail: { key: 'tie.measureIn', args: { dim: { key: 'tie.dim.length' }, unit: 'ft' } } } };
    const either = { key: 'tie.yearOf', args: { names: { key: 'names.or', args: { a: { key: 'names.comma', args: { a: 'Kibo', b: 'Meru' } }, b: 'Mount Kenya' } } } };
    const whether = (names: unknown, n: number) => ({ key: 'reason.whether', args: { n, names, condition: 'open source' } });
    const unsaid = { key: 'item.sep', args: { a: { key: 'reason.unsaidFor', args: { names: 'Meru' } }, b: { key: 'reason.held', args: { n: 2, cites: '[4], [7]' } } } };
    const leftOut = { key: 'item.leftOut', args: { things: { key: 'names.and', args: {
      a: { key: 'item.shownNot', args: { names: 'WPS', condition: 'open source' } },
      b: { key: 'item.notShown', args: { names: { key: 'names.and', args: { a: 'FreeOffice', b: 'Calligra' } }, condition: 'open source' } } } } } };
    const vimWhether = whether({ key: 'names.and', args: { a: 'Vim', b: 'Emacs' } }, 2);
    setLanguage('de', []);
    expect(say(vim, 'x')).toBe('Fund [3] nennt Vim nicht');
    expect(say(feet, 'x')).toBe('Fund [3] nennt keine Länge oder Höhe in ft');
    expect(say(either, 'x')).toBe('nennt kein Jahr für Kibo, Meru oder Mount Kenya');
    expect(say(whether('Vim', 1), 'x')).toBe('kein Fund sagt, ob Vim open source ist');
    expect(say(vimWhether, 'x')).toBe('kein Fund sagt, ob Vim und Emacs open source sind');
    expect(say(unsaid, 'x')).toBe('das Ergebnis sagt es nicht für Meru; die Funde [4], [7] sagen es');
    expect(say(leftOut, 'x')).toBe('ausgelassen: WPS (nachweislich nicht open source) und FreeOffice und Calligra (nicht nachweislich open source)');
    setLanguage('zh', []);
    expect(say(vim, 'x')).toBe('发现 [3] 未提及 Vim');
    expect(say(feet, 'x')).toBe('发现 [3] 未给出以 ft 计的长度或高度');
    expect(say(vimWhether, 'x')).toBe('没有发现说明 Vim和Emacs 是否open source');
    expect(say(unsaid, 'x')).toBe('结果没有说明 Meru 的情况；发现 [4], [7] 有说明');
    expect(say(leftOut, 'x')).toBe('已略去：WPS（已证明不是open source）和FreeOffice和Calligra（未证明是open source）');
    setLanguage('en', []);
    expect(say(vim, 'x')).toBe('finding [3] does not name Vim');
    expect(say(whether('Vim', 1), 'x')).toBe('no finding says whether Vim is open source');
    expect(say(unsaid, 'x')).toBe('the result does not say it for Meru; findings [4], [7] do');
  });

  it("says the run's notes in the window's language, pages' titles and values as written", () => {
    const ahead = { key: 'row.aheadPages', args: { read: 2, of: 3, pages: { key: 'item.sep', args: {
      a: { key: 'row.aheadPage', args: { title: 'Mountains of Australia', held: { key: 'row.aheadNothing' } } },
      b: { key: 'row.aheadPage', args: { title: 'Mount Kosciuszko - Wiki', held: { key: 'row.aheadHolds', args: { holds: { key: 'names.comma', args: {
        a: { key: 'row.aheadHoldValue', args: { item: 1, value: '2,228 m', part: 2 } }, b: { key: 'row.aheadHold', args: { item: 3, part: 4 } } } } } } } } } } } };
    const summary = { key: 'note.sep', args: { a: { key: 'note.sep', args: { a: { key: 'note.reads', args: { rate: 138913 } }, b: { key: 'note.writes', args: { rate: 3.5 } } } }, b: { key: 'note.schema' } } };
    const measured = { key: 'note.measuredNow', args: { took: { seconds: 65 }, summary } };
    const notMeasured = { key: 'note.notMeasured', args: { error: { key: 'llm.notListening', args: { host: 'http://127.0.0.1:9' } } } };
    const waiting = { key: 'wait.note.silent', args: { quiet: { key: 'wait.minutes', args: { n: 2 } }, doing: { key: 'wait.note.loading' }, tokens: '12345', left: { key: 'wait.underAMinute' } } };
    setLanguage('de', []);
    expect(say(ahead, 'x')).toBe('2 der ersten 3 Ergebnisse vorab gelesen: Mountains of Australia: Nichts zu den offenen Punkten; '
      + 'Mount Kosciuszko - Wiki: Enthält Punkt 1 (2,228 m) in Teil 2, Punkt 3 in Teil 4.');
    expect(say(measured, 'x')).toBe('Modell in 1 Min. 5 Sek. gemessen: Es liest 138.913 Tokens/s, schreibt 3,5 Tokens/s, hält JSON-Schemas ein.');
    expect(say(notMeasured, 'x')).toMatch(/^Scout konnte die Geschwindigkeit des Modells nicht messen \(Unter http:\/\/127\.0\.0\.1:9 lauscht nichts\. /);
    expect(say(waiting, 'x')).toMatch(/^Warte auf den Modellserver: seit 2 Minuten keine Antwort\. Vielleicht ist er noch beim Laden des Modells und Lesen des Prompts \(etwa 12345 Tokens\).*; Scout gibt in weniger als einer Minute auf\. /);
    setLanguage('zh', []);
    expect(say(ahead, 'x')).toBe('已预读前 3 个结果中的 2 个：Mountains of Australia：没有与未完成项相关的内容；'
      + 'Mount Kosciuszko - Wiki：含有第 2 部分中的第 1 项（2,228 m）、第 4 部分中的第 3 项。');
    expect(say(measured, 'x')).toBe('已用 1分5秒 测量模型：它每秒读取 138,913 个词元，每秒写入 3.5 个词元，遵循 JSON 模式。');
    expect(say(waiting, 'x')).toMatch(/^正在等待模型服务器：已有 2 分钟没有回复。它可能仍在加载模型并读取提示词（约 12345 个词元）/);
  });

  it("writes a day and a time taken Go sends as data the window's way", () => {
    const on = (day: string) => ({ key: 'note.measured', args: { day: { day }, summary: { key: 'note.schema' } } });
    const took = (seconds: number) => say({ key: 'note.measuredNow', args: { took: { seconds }, summary: { key: 'note.schema' } } }, 'x');
    expect(say(on('2026-12-02'), 'x')).toContain('2 Dec 2026');
    expect(took(3723)).toContain(' 1 h 2 min 3 s:');
    setLanguage('zh', []);
    expect(say(on('2026-12-02'), 'x')).toContain('2026年12月2日');
    expect(took(310)).toContain('5分10秒');
    setLanguage('ja', []);
    expect(took(3600)).toContain('1時間');
    setLanguage('fr', []);
    expect(say(on('2026-01-09'), 'x')).toContain('9 janv. 2026');
    expect(say(on('not a day'), 'x')).not.toContain('Invalid');
  });

  it.each([
    ['en', 0, '0 s'], ['en', 44.4, '44 s'], ['en', 85.6, '1 min 26 s'], ['en', 3723, '1 h 2 min 3 s'], ['en', 3600, '1 h'],
    ['de', 310, '5 Min. 10 Sek.'], ['zh', 310, '5分10秒'], ['ja', 3610, '1時間10秒'], ['fr', -3, '0 s'],
  ] as const)("writes a time taken in %s: %d s as %s, as the report does (Go's Round(time.Second))", (lang, s, want) => {
    setLanguage(lang, []);
    expect(span(s)).toBe(want);
  });

  it('leaves a {name} it has no value for as it is', () => {
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});

describe('the language chosen', () => {
  it.each([
    ['', ['de-DE', 'en-US'], 'de'],
    ['', ['en-GB'], 'en'],
    ['', ['zh-CN'], 'zh'],
    ['', ['zh-TW'], 'zh'],
    ['', ['ja'], 'ja'],
    ['', ['pt-BR', 'fr-FR'], 'fr'],
    ['', ['pt-BR'], 'en'],
    ['', ['C'], 'en'],
    ['', [], 'en'],
    ['es', ['de-DE'], 'es'],
    ['tlh', ['de-DE'], 'de'],
  ])('setting %j with locales %j speaks %s', (choice, locales, want) => {
    expect(resolve(choice, locales)).toBe(want);
  });
});

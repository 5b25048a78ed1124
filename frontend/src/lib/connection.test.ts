import { describe, expect, it } from 'vitest';
import type { ServerInfo } from '../api';
import { connectionNotes, connectionSummary, contextHint, errorsByField, modelChoices } from './connection';
import { setLanguage } from '../i18n/index.svelte';

const info = (over: Partial<ServerInfo> = {}): ServerInfo => ({
  models: ['qwen2.5-7b-instruct', 'llama-3.1-8b-instruct'],
  model: 'qwen2.5-7b-instruct',
  server: 'LM Studio',
  context_length: 8192,
  context_source: 'LM Studio /api/v1/models',
  model_loaded: true,
  notes: [],
  ...over,
});

describe('modelChoices', () => {
  it.each([
    ['no test yet, automatic', null, '', ['']],
    ['no test yet, keeps the saved model', null, 'mistral', ['', 'mistral']],
    ['lists the server models', info(), '', ['', 'qwen2.5-7b-instruct', 'llama-3.1-8b-instruct']],
    ['does not repeat a listed model', info(), 'llama-3.1-8b-instruct', ['', 'qwen2.5-7b-instruct', 'llama-3.1-8b-instruct']],
    ['keeps an unlisted saved model last', info(), 'mistral', ['', 'qwen2.5-7b-instruct', 'llama-3.1-8b-instruct', 'mistral']],
  ])('%s', (_name, i, current, values) => {
    expect(modelChoices(i, current).map((c) => c.value)).toEqual(values);
  });

  it('labels an unlisted model so the user knows', () => {
    expect(modelChoices(info(), 'mistral').at(-1)?.label).toBe('mistral (not listed by the server)');
  });
});

describe('contextHint', () => {
  it.each([
    ['untested, detect', null, 0, '0 means detect it from the server when a run starts.'],
    ['untested, set', null, 4096, ''],
    ['detected', info(), 0, 'detected: 8192 tokens'],
    ['detected equals setting', info(), 8192, 'detected: 8192 tokens'],
    ['override', info(), 16384, 'detected: 8192 tokens; your 16384 is used'],
    ['not reported, detect', info({ context_length: 0 }), 0, 'the server does not report it; 8192 is assumed'],
    ['not reported, set', info({ context_length: 0 }), 4096, 'the server does not report it; your value is used'],
  ])('%s', (_name, i, setting, want) => {
    expect(contextHint(i, setting)).toBe(want);
  });
});

describe('connectionSummary', () => {
  it.each([
    [info(), 'Connected to LM Studio: 2 models, context 8192 tokens.'],
    [info({ server: '', models: ['llama3:8b'], context_length: 0 }), 'Connected to the model server: 1 model.'],
  ])('%#', (i, want) => {
    expect(connectionSummary(i)).toBe(want);
  });
});

describe('errorsByField', () => {
  it('keys messages by field and tolerates null', () => {
    expect(errorsByField(null)).toEqual({});
    expect(errorsByField([{ field: 'max_turns', message: 'bad' }])).toEqual({ max_turns: 'bad' });
  });

  it("says Go's field errors in the window's language, else as Go wrote them", () => {
    const turns = { field: 'max_turns', message: 'The turn limit must be between 1 and 500 (you entered 501).',
      say: { key: 'invalid.maxTurns', args: { min: '1', max: '500', entered: '501' } } };
    setLanguage('de', []);
    expect(errorsByField([turns])).toEqual({ max_turns: 'Das Rundenlimit muss zwischen 1 und 500 liegen (Sie haben 501 eingegeben).' });
    expect(errorsByField([{ ...turns, say: { key: 'invalid.fromANewerScout' } }])).toEqual({ max_turns: turns.message });
    setLanguage('en', []);
    expect(errorsByField([turns])).toEqual({ max_turns: turns.message });
  });
});

describe('connectionNotes', () => {
  const notes = {
    notes: ['LM Studio has not loaded "qwen2.5-7b" yet: …', 'The server does not report its context length …'],
    note_says: [{ key: 'llm.notLoaded', args: { model: '"qwen2.5-7b"' } }, { key: 'llm.noContext' }],
  };

  it("says the connection test's notes in the window's language, the model's name as written", () => {
    setLanguage('de', []);
    expect(connectionNotes(notes)).toEqual([
      'LM Studio hat "qwen2.5-7b" noch nicht geladen: Ist Just-in-Time-Laden an, lädt es das Modell bei der ersten Anfrage, was eine Weile dauert. Laden Sie es in LM Studio, um seine Kontextlänge zu erkennen.',
      'Der Server meldet seine Kontextlänge nicht (Ollama und einige andere tun das nicht): Geben Sie sie in den Einstellungen ein, sonst werden 8192 Tokens angenommen.',
    ]);
    setLanguage('zh', []);
    expect(connectionNotes(notes)[0]).toBe('LM Studio 尚未加载 "qwen2.5-7b"：若开启了即时加载，它会在第一次请求时加载，这需要一些时间。请在 LM Studio 中加载它以检测其上下文长度。');
    setLanguage('en', []);
  });

  it('shows the notes as Go wrote them without a message for each', () => {
    expect(connectionNotes({ notes: notes.notes })).toEqual(notes.notes);
    expect(connectionNotes({ notes: notes.notes, note_says: notes.note_says.slice(1) })).toEqual(notes.notes);
  });
});

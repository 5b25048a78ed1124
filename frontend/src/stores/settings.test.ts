import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyStatus, Measurement, ProbeStep, Settings } from '../api';

const noKey: KeyStatus = { set: false, where: '', path: '', note: 'No API key.', warning: '' };
const keyInRing: KeyStatus = { set: true, where: 'keyring', path: '', note: 'The API key is stored in the system keyring.', warning: '' };

const defaults = (): Settings => ({
  server_url: 'http://127.0.0.1:1234/v1',
  model: '',
  context_length: 0,
  search: { provider: 'duckduckgo', duckduckgo_url: 'https://html.duckduckgo.com/html/', searxng_url: '', language: '' },
  show_browser: true,
  browser_path: '',
  max_turns: 100,
  allow_local_network: false,
  read_ahead: true,
  runs_at_once: 0,
  interface_language: '',
});

vi.mock('../api', () => ({
  loadSettings: vi.fn(),
  defaultSettings: vi.fn(),
  saveSettings: vi.fn(),
  testConnection: vi.fn(),
  measureModel: vi.fn(),
  cancelMeasure: vi.fn(),
  onProbeStep: vi.fn(),
  modelSpeed: vi.fn(),
  chooseBrowser: vi.fn(),
  useBrowser: vi.fn(),
  apiKeyStatus: vi.fn(),
  saveAPIKey: vi.fn(),
  clearAPIKey: vi.fn(),
  errorMessage: vi.fn(), // set below
}));

import * as api from '../api';
import { SettingsStore, wholeNumberErrors } from './settings.svelte';
import { language, setLanguage } from '../i18n/index.svelte';

const mocked = vi.mocked(api);
const { userMessage } = await vi.importActual<typeof import('../lib/message')>('../lib/message');
// Go's text as it is; a failure sent as the window's message said as the app says it.
(api as { errorMessage: (e: unknown) => string }).errorMessage = (e) => (typeof e === 'string' ? e : isFailure(e) ? userMessage(e) : 'generic');
function isFailure(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'say' in e;
}

describe('SettingsStore', () => {
  let store: SettingsStore;
  beforeEach(async () => {
    vi.resetAllMocks();
    mocked.onProbeStep.mockReturnValue(() => {});
    mocked.apiKeyStatus.mockResolvedValue(noKey);
    mocked.loadSettings.mockResolvedValue({ settings: defaults(), warning: 'file was damaged', path: '/x/settings.json' });
    store = new SettingsStore();
    await store.load();
  });

  it('a browser chosen in the dialog fills the field, clears its error and waits for Save', async () => {
    mocked.chooseBrowser.mockResolvedValue('/opt/google/chrome/chrome');
    store.fieldErrors = { browser_path: 'not a program' };
    await store.chooseBrowser();
    expect(store.form!.browser_path).toBe('/opt/google/chrome/chrome');
    expect(store.fieldErrors).toEqual({});
    expect(store.dirty).toBe(true);
    expect(mocked.saveSettings).not.toHaveBeenCalled();
  });

  it('a cancelled dialog changes nothing', async () => {
    mocked.loadSettings.mockResolvedValue({ settings: { ...defaults(), browser_path: '/usr/bin/chromium' }, warning: '', path: '/x/settings.json' });
    await store.load();
    mocked.chooseBrowser.mockResolvedValue('');
    await store.chooseBrowser();
    expect(store.form!.browser_path).toBe('/usr/bin/chromium');
    expect(store.dirty).toBe(false);
  });

  it('a browser chosen on the setup card is saved, and the form keeps its other edits', async () => {
    mocked.chooseBrowser.mockResolvedValue('/opt/google/chrome/chrome');
    mocked.useBrowser.mockResolvedValue({ driver_installed: true, browser: '/opt/google/chrome/chrome', browser_error: '', reads_pdf: true });
    store.form!.max_turns = 40; // an edit not saved yet
    const status = await store.useChosenBrowser();
    expect(mocked.useBrowser).toHaveBeenCalledWith('/opt/google/chrome/chrome');
    expect(status?.browser).toBe('/opt/google/chrome/chrome');
    expect(store.form!.browser_path).toBe('/opt/google/chrome/chrome');
    expect(store.form!.max_turns).toBe(40);
    expect(store.dirty).toBe(true);
    store.form!.max_turns = defaults().max_turns;
    expect(store.dirty).toBe(false); // the browser path counts as saved
  });

  it('a cancelled setup-card dialog saves nothing', async () => {
    mocked.chooseBrowser.mockResolvedValue('');
    expect(await store.useChosenBrowser()).toBeNull();
    expect(mocked.useBrowser).not.toHaveBeenCalled();
  });

  it('a dialog that fails says so at the browser field', async () => {
    mocked.chooseBrowser.mockRejectedValue('no dialog');
    await store.chooseBrowser();
    expect(store.fieldErrors).toEqual({ browser_path: 'no dialog' });
  });

  it('loads the settings, the warning and the path', () => {
    expect(store.form).toEqual(defaults());
    expect(store.warning).toBe('file was damaged');
    expect(store.path).toBe('/x/settings.json');
    expect(store.dirty).toBe(false);
  });

  it('shows field errors from Go and does not mark saved', async () => {
    mocked.saveSettings.mockResolvedValue({ errors: [{ field: 'server_url', message: 'not a web address' }] });
    store.form!.server_url = 'nonsense';
    expect(await store.save()).toBe(false);
    expect(store.fieldErrors).toEqual({ server_url: 'not a web address' });
    expect(store.saved).toBe(false);
    expect(store.warning).toBe('file was damaged');
  });

  it('tells whether a run shows the browser from the saved settings, not the form', async () => {
    expect(store.showsBrowser).toBe(true);
    store.form!.show_browser = false;
    expect(store.showsBrowser).toBe(true);
    mocked.saveSettings.mockResolvedValue({ errors: [] });
    await store.save();
    expect(store.showsBrowser).toBe(false);
  });

  it('a successful save clears errors and the warning, and sends plain data', async () => {
    mocked.saveSettings.mockResolvedValue({ errors: [] });
    store.fieldErrors = { max_turns: 'old' };
    store.form!.max_turns = 40;
    expect(store.dirty).toBe(true);
    expect(await store.save()).toBe(true);
    expect(mocked.saveSettings).toHaveBeenCalledWith({ ...defaults(), max_turns: 40 });
    expect(store.fieldErrors).toEqual({});
    expect(store.warning).toBe('');
    expect(store.saved).toBe(true);
    expect(store.dirty).toBe(false);
  });

  it('speaks the interface language the settings hold as they load, and the one saved', async () => {
    expect(language()).toBe('en'); // automatic, in a browser whose locale is English
    mocked.loadSettings.mockResolvedValue({ settings: { ...defaults(), interface_language: 'ja' }, warning: '', path: '' });
    await store.load();
    expect(language()).toBe('ja');
    mocked.saveSettings.mockResolvedValue({ errors: [] });
    store.form!.interface_language = 'fr';
    expect(language()).toBe('ja'); // chosen, not yet saved
    await store.save();
    expect(language()).toBe('fr');
    expect(wholeNumberErrors({ ...defaults(), max_turns: 1.5 })).toEqual({ max_turns: 'Saisissez un nombre entier de tours entre 1 et 500.' });
    setLanguage('en', []);
  });

  it('a failed write shows the error', async () => {
    mocked.saveSettings.mockRejectedValue('cannot write the settings file (is the disk full?)');
    expect(await store.save()).toBe(false);
    expect(store.saveError).toBe('cannot write the settings file (is the disk full?)');
    expect(store.saving).toBe(false);
  });

  it('editing a field clears its error and the saved mark', () => {
    store.fieldErrors = { server_url: 'bad', max_turns: 'bad' };
    store.saved = true;
    store.edited('server_url');
    expect(store.fieldErrors).toEqual({ max_turns: 'bad' });
    expect(store.saved).toBe(false);
  });

  it('shows the measurement kept for the saved server as it loads, before any test, and Measure again tests first', async () => {
    const m = { server_url: 'u', model: 'm1', server: 'LM Studio', read_rate: 412, write_rate: 12.5, prefix_reuse: 'yes', reuse_how: 'timed',
      schema: 'yes', measured: '2026-12-01T14:02:00Z', took_ns: 6e9, warnings: [] };
    mocked.modelSpeed.mockResolvedValue(m);
    const fresh = new SettingsStore();
    await fresh.load();
    expect(mocked.modelSpeed).toHaveBeenCalledWith('http://127.0.0.1:1234/v1', '');
    expect(fresh.speed).toEqual({ state: 'ok', measurement: m });
    const info = { models: ['m1'], model: 'm1', server: 'LM Studio', context_length: 8192, context_source: '', model_loaded: true, notes: [] };
    mocked.testConnection.mockResolvedValue(info);
    mocked.measureModel.mockResolvedValue({ ...m, read_rate: 500 });
    await fresh.measure();
    expect(mocked.testConnection).toHaveBeenCalled();
    expect(fresh.speed).toEqual({ state: 'ok', measurement: { ...m, read_rate: 500 } });
  });

  it('Save takes a URL that just failed its test, and says so', async () => {
    mocked.testConnection.mockRejectedValue('Nothing is listening at http://127.0.0.1:9.');
    mocked.saveSettings.mockResolvedValue({ errors: [] });
    store.form!.server_url = 'http://127.0.0.1:9/v1';
    await store.testConnection();
    expect(await store.save()).toBe(true);
    expect(store.saveWarning).toMatch(/^Saved, but this server URL failed its test just now: Nothing is listening/);
    store.edited('max_turns');
    expect(store.saveWarning).toBe('');
    // A test of another URL says nothing of the one saved.
    await store.testConnection();
    store.form!.server_url = 'http://127.0.0.1:1234/v1';
    await store.save();
    expect(store.saveWarning).toBe('');
  });

  it('tests the connection with the form URL and model', async () => {
    const info = { models: ['m1'], model: 'm1', server: 'llama.cpp', context_length: 4096, context_source: 'llama.cpp /props', model_loaded: true, notes: [] };
    mocked.testConnection.mockResolvedValue(info);
    store.form!.server_url = 'http://127.0.0.1:8080/v1';
    await store.testConnection();
    expect(mocked.testConnection).toHaveBeenCalledWith('http://127.0.0.1:8080/v1', '', ''); // '': the saved key, if any
    expect(store.info).toEqual(info);
    store.useDetectedContext();
    expect(store.form!.context_length).toBe(4096);
  });

  it('Test connection measures the model it found; a model changed in the list shows its kept measurement', async () => {
    const info = { models: ['m1', 'm2'], model: 'm1', server: 'LM Studio', context_length: 8192, context_source: '', model_loaded: true, notes: [] };
    const m = { server_url: 'u', model: 'm1', server: 'LM Studio', read_rate: 412, write_rate: 12.5, prefix_reuse: 'yes', reuse_how: 'timed',
      schema: 'yes', measured: '2026-12-01T14:02:00Z', took_ns: 6e9, warnings: [] };
    mocked.testConnection.mockResolvedValue(info);
    let finish: (v: typeof m) => void = () => {};
    mocked.measureModel.mockReturnValue(new Promise((r) => (finish = r)));
    const testing = store.testConnection(true);
    await vi.waitFor(() => expect(store.speed).toEqual({ state: 'measuring', model: 'm1', step: null }));
    finish(m);
    await testing;
    expect(mocked.measureModel).toHaveBeenCalledWith('http://127.0.0.1:1234/v1', 'm1', '');
    expect(store.speed).toEqual({ state: 'ok', measurement: m });

    mocked.testConnection.mockResolvedValue({ ...info, model: 'm2' });
    mocked.modelSpeed.mockResolvedValue(null);
    await store.testConnection();
    expect(mocked.measureModel).toHaveBeenCalledTimes(1);
    expect(store.speed).toEqual({ state: 'none', model: 'm2' });

    mocked.measureModel.mockRejectedValue('The model server stopped answering.');
    await store.measure();
    expect(store.speed).toEqual({ state: 'failed', model: 'm2', message: 'The model server stopped answering.' });
    mocked.testConnection.mockRejectedValueOnce('Nothing is listening at http://127.0.0.1:1234.');
    await store.testConnection(true);
    expect(store.speed).toEqual({ state: 'idle' });
  });

  it('shows how the measurement goes while it runs, stops it on request, and stops listening when it ends', async () => {
    const info = { models: ['m1'], model: 'm1', server: 'LM Studio', context_length: 8192, context_source: '', model_loaded: true, notes: [] };
    mocked.testConnection.mockResolvedValue(info);
    let tell: (s: ProbeStep) => void = () => {};
    const off = vi.fn();
    mocked.onProbeStep.mockImplementation((cb) => ((tell = cb), off));
    let fail: (e: unknown) => void = () => {};
    mocked.measureModel.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const testing = store.testConnection(true);
    await vi.waitFor(() => expect(store.speed.state).toBe('measuring'));
    const step = { n: 2, of: 3, what: 'how fast the model reads and writes',
      wait: { text: 'Call 2 of 3, how fast the model reads and writes: reading 229 prompt tokens', done: 0.4, elapsed_ns: 9e9 } } as ProbeStep;
    tell(step);
    expect(store.speed).toEqual({ state: 'measuring', model: 'm1', step });
    const kept = { model: 'm1', read_rate: 9 } as Measurement;
    mocked.modelSpeed.mockResolvedValue(kept);
    await store.cancelMeasure();
    expect(mocked.cancelMeasure).toHaveBeenCalledTimes(1);
    fail('The measurement was stopped before it finished.');
    await testing;
    expect(store.speed).toEqual({ state: 'ok', measurement: kept }); // what was measured before
    expect(off).toHaveBeenCalledTimes(1);
    tell(step); // a late step changes nothing
    expect(store.speed.state).toBe('ok');

    mocked.measureModel.mockRejectedValue('The model server stopped answering.');
    await store.measure(); // a failure not asked for still says so
    expect(store.speed).toEqual({ state: 'failed', model: 'm1', message: 'The model server stopped answering.' });
  });

  it('a failed connection test keeps the server message and forgets old models', async () => {
    mocked.testConnection.mockResolvedValueOnce({ models: ['m1'], model: 'm1', server: '', context_length: 0, context_source: '', model_loaded: false, notes: [] });
    await store.testConnection();
    mocked.testConnection.mockRejectedValueOnce('Nothing is listening at http://127.0.0.1:1234.');
    await store.testConnection();
    expect(store.connection).toEqual({ state: 'failed', error: 'Nothing is listening at http://127.0.0.1:1234.', url: 'http://127.0.0.1:1234/v1' });
    expect(store.connectionMessage()).toBe('Nothing is listening at http://127.0.0.1:1234.');
    expect(store.info).toBeNull();
  });

  it("a failed connection test speaks the window's language, one chosen since too", async () => {
    mocked.testConnection.mockRejectedValueOnce({
      message: 'Nothing is listening at http://127.0.0.1:1234. Start the server in LM Studio: Developer tab → Start Server, or check the URL.',
      say: { key: 'llm.notListening', args: { host: 'http://127.0.0.1:1234' } },
    });
    setLanguage('de', []);
    await store.testConnection();
    expect(store.connectionMessage()).toMatch(/^Unter http:\/\/127\.0\.0\.1:1234 lauscht nichts\. /);
    setLanguage('zh', []);
    expect(store.connectionMessage()).toMatch(/^http:\/\/127\.0\.0\.1:1234 上没有任何服务在监听。/);
    mocked.saveSettings.mockResolvedValue({ errors: [] });
    store.form!.interface_language = 'zh';
    await store.save();
    expect(store.saveWarning).toContain('http://127.0.0.1:1234 上没有任何服务在监听。');
    expect(store.saveWarning).not.toContain('lauscht');
    setLanguage('en', []);
  });

  it('loads whether a key is saved and where, never the key', async () => {
    mocked.apiKeyStatus.mockResolvedValue(keyInRing);
    await store.load();
    expect(store.keyStatus).toEqual(keyInRing);
    expect(store.key).toBe('');
  });

  it('a typed key goes with Test connection and the measurement before it is saved', async () => {
    const info = { models: ['m1'], model: 'm1', server: '', context_length: 0, context_source: '', model_loaded: true, notes: [] };
    mocked.testConnection.mockResolvedValue(info);
    mocked.measureModel.mockResolvedValue({ model: 'm1', warnings: [] } as unknown as Measurement);
    store.key = 'sk-typed';
    await store.testConnection(true);
    expect(mocked.testConnection).toHaveBeenCalledWith('http://127.0.0.1:1234/v1', '', 'sk-typed');
    expect(mocked.measureModel).toHaveBeenCalledWith('http://127.0.0.1:1234/v1', 'm1', 'sk-typed');
  });

  it('typing a key makes the form unsaved and the last connection test stale', async () => {
    mocked.testConnection.mockResolvedValue({ models: ['m'], model: 'm', server: '', context_length: 0, context_source: '', model_loaded: true, notes: [] });
    await store.testConnection();
    store.key = 'sk-typed';
    store.edited('api_key');
    expect(store.dirty).toBe(true);
    expect(store.connection.state).toBe('idle');
  });

  it('Save keeps a typed key, then the field is empty again and shows where it went', async () => {
    mocked.saveSettings.mockResolvedValue({ errors: [] });
    mocked.saveAPIKey.mockResolvedValue(keyInRing);
    store.key = 'sk-typed';
    expect(await store.save()).toBe(true);
    expect(mocked.saveAPIKey).toHaveBeenCalledWith('sk-typed');
    expect(store.key).toBe('');
    expect(store.keyStatus).toEqual(keyInRing);
    expect(store.dirty).toBe(false);
    expect(store.saved).toBe(true);
  });

  it('Save without a typed key leaves the saved key alone', async () => {
    mocked.saveSettings.mockResolvedValue({ errors: [] });
    expect(await store.save()).toBe(true);
    expect(mocked.saveAPIKey).not.toHaveBeenCalled();
  });

  it('a key the keyring refuses is said at the field, kept in the form, and nothing is marked saved', async () => {
    mocked.saveSettings.mockResolvedValue({ errors: [] });
    mocked.saveAPIKey.mockRejectedValue('the system keyring did not take the API key (the keyring stayed locked): unlock it and save again');
    store.key = 'sk-typed';
    expect(await store.save()).toBe(false);
    expect(store.keyError).toContain('unlock it');
    expect(store.key).toBe('sk-typed');
    expect(store.saved).toBe(false);
  });

  it('Clear key forgets the saved key and what was typed', async () => {
    mocked.apiKeyStatus.mockResolvedValue(keyInRing);
    await store.load();
    mocked.clearAPIKey.mockResolvedValue(noKey);
    store.key = 'half typed';
    await store.clearKey();
    expect(mocked.clearAPIKey).toHaveBeenCalled();
    expect(store.keyStatus).toEqual(noKey);
    expect(store.key).toBe('');
  });
});

describe('wholeNumberErrors', () => {
  it.each([
    ['whole numbers pass', { context_length: 0, max_turns: 100 }, {}],
    ['empty inputs give null', { context_length: null, max_turns: null }, { context_length: 'x', max_turns: 'x' }],
    ['fractions', { context_length: 4096.5, max_turns: 2 }, { context_length: 'x' }],
  ])('%s', (_name, nums, want) => {
    const got = wholeNumberErrors({ ...defaults(), ...(nums as object) } as Settings);
    expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
  });

  it('stops a save before Go sees a fraction', async () => {
    mocked.loadSettings.mockResolvedValue({ settings: defaults(), warning: '', path: '' });
    const store = new SettingsStore();
    await store.load();
    store.form!.max_turns = 12.5;
    expect(await store.save()).toBe(false);
    expect(mocked.saveSettings).not.toHaveBeenCalled();
    expect(store.fieldErrors.max_turns).toMatch(/whole number/);
  });
});

describe('editing the server URL', () => {
  it('forgets the last connection test', async () => {
    mocked.loadSettings.mockResolvedValue({ settings: defaults(), warning: '', path: '' });
    mocked.testConnection.mockResolvedValue({ models: ['m'], model: 'm', server: '', context_length: 0, context_source: '', model_loaded: false, notes: [] });
    const store = new SettingsStore();
    await store.load();
    await store.testConnection();
    store.edited('max_turns');
    expect(store.connection.state).toBe('ok');
    store.edited('server_url');
    expect(store.connection).toEqual({ state: 'idle' });
  });
});

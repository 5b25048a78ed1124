// The settings store: the form's state, the last connection test and the
// save outcome. Components render it; Go decides validity.
import * as api from '../api';
import type { AboutView, KeyStatus, Measurement, ProbeStep, ServerInfo, Settings, SetupStatus } from '../api';
import { errorsByField } from '../lib/connection';
import { setLanguage, t, type Key } from '../i18n/index.svelte';

export type Connection =
  | { state: 'idle' }
  | { state: 'testing' }
  | { state: 'ok'; info: ServerInfo }
  | { state: 'failed'; error: unknown; url: string };

/** The model's measured speed, as the settings screen shows it. */
export type Speed =
  | { state: 'idle' }
  | { state: 'measuring'; model: string; step: ProbeStep | null }
  | { state: 'ok'; measurement: Measurement }
  | { state: 'none'; model: string }
  | { state: 'failed'; model: string; message: string };

export class SettingsStore {
  form = $state<Settings | null>(null);
  warning = $state('');
  path = $state('');
  loadError = $state('');
  connection = $state<Connection>({ state: 'idle' });
  speed = $state<Speed>({ state: 'idle' });
  fieldErrors = $state<Record<string, string>>({});
  saving = $state(false);
  saveError = $state('');
  /** Saved, but with a word: the URL saved just failed its connection test. */
  saveWarning = $state('');
  /** True right after a successful save, until the form changes. */
  saved = $state(false);
  private savedJSON = $state('');
  /**
   * The API key as typed, until Save keeps it (Go never sends a saved key
   * back: keyStatus says whether one is kept, and where).
   */
  key = $state('');
  keyStatus = $state<KeyStatus | null>(null);
  keyError = $state('');
  /** Scout's version and folders, for the About section; null until loaded. */
  about = $state<AboutView | null>(null);

  /**
   * Why the last connection test failed, in the window's language now
   * (Go's error is kept, so a language chosen since speaks it); '' when it
   * did not fail.
   */
  connectionMessage(): string {
    return this.connection.state === 'failed' ? api.errorMessage(this.connection.error) : '';
  }

  /** The last successful connection test, if any. */
  get info(): ServerInfo | null {
    return this.connection.state === 'ok' ? this.connection.info : null;
  }

  /** Whether the saved settings show the browser window while researching (a run uses them, not the form). */
  get showsBrowser(): boolean {
    if (!this.savedJSON) return true;
    return (JSON.parse(this.savedJSON) as Settings).show_browser !== false;
  }

  /** True when the form differs from what is saved, or a key is typed. */
  get dirty(): boolean {
    return this.form !== null && (JSON.stringify(this.form) !== this.savedJSON || this.key.trim() !== '');
  }

  async load(): Promise<void> {
    try {
      const view = await api.loadSettings();
      this.form = view.settings;
      this.savedJSON = JSON.stringify(view.settings);
      setLanguage(view.settings.interface_language ?? '');
      this.warning = view.warning;
      this.path = view.path;
      this.loadError = '';
      await this.showSavedSpeed();
    } catch (err) {
      this.loadError = api.errorMessage(err);
    }
    try {
      this.about = await api.about();
    } catch {
      this.about = null; // the section waits; nothing else depends on it
    }
    try {
      this.keyStatus = await api.apiKeyStatus();
      this.keyError = '';
    } catch (err) {
      this.keyError = api.errorMessage(err);
    }
  }

  /** Forgets the saved API key, and any typed one. */
  async clearKey(): Promise<void> {
    try {
      this.keyStatus = await api.clearAPIKey();
      this.key = '';
      this.keyError = '';
    } catch (err) {
      this.keyError = api.errorMessage(err);
    }
  }

  /**
   * Tests the server URL in the form; a failure clears the model list.
   * With measure (the Test connection button), the model is then measured
   * anew; otherwise its kept measurement is shown, if any.
   */
  async testConnection(measure = false): Promise<void> {
    if (!this.form) return;
    this.connection = { state: 'testing' };
    try {
      const info = await api.testConnection(this.form.server_url, this.form.model, this.key.trim());
      this.connection = { state: 'ok', info };
    } catch (err) {
      this.connection = { state: 'failed', error: err, url: this.form.server_url };
      this.speed = { state: 'idle' };
      return;
    }
    await (measure ? this.measure() : this.showSpeed());
  }

  /**
   * Measures the model the connection test found (it costs model time);
   * with no test yet (a measurement kept from before shows), tests first.
   */
  async measure(): Promise<void> {
    if (this.form && !this.info && this.connection.state !== 'testing') return this.testConnection(true);
    const info = this.info;
    if (!this.form || !info || this.speed.state === 'measuring') return;
    const url = this.form.server_url;
    const measuring = { state: 'measuring' as const, model: info.model, step: null as ProbeStep | null };
    this.speed = measuring;
    // How the probe goes, until it ends: a minute or two on a CPU.
    const off = api.onProbeStep((step) => {
      if (this.speed.state === 'measuring') this.speed = { ...measuring, step };
    });
    this.measureCancelled = false;
    try {
      this.speed = { state: 'ok', measurement: await api.measureModel(url, info.model, this.key.trim()) };
    } catch (err) {
      this.speed = { state: 'failed', model: info.model, message: api.errorMessage(err) };
      // Stopped on purpose: what was measured before shows again.
      if (this.measureCancelled) await this.showSpeed();
    } finally {
      off();
    }
  }

  private measureCancelled = false;

  /** Stops the measurement under way; the kept measurement, if any, shows again. */
  async cancelMeasure(): Promise<void> {
    if (this.speed.state !== 'measuring') return;
    this.measureCancelled = true;
    try {
      await api.cancelMeasure();
    } catch (err) {
      this.speed = { state: 'failed', model: this.speed.model, message: api.errorMessage(err) };
    }
  }

  /**
   * Shows the measurement kept for the saved server and model (the newest
   * of the server's when the model is left to it), as the screen opens,
   * before any connection test: what was measured survives a restart, and
   * what a run measured shows when the screen opens again.
   */
  async showSavedSpeed(): Promise<void> {
    if (!this.form || this.speed.state !== 'idle') return;
    try {
      const m = await api.modelSpeed(this.form.server_url, this.form.model);
      if (m && this.speed.state === 'idle') this.speed = { state: 'ok', measurement: m };
    } catch {
      // Nothing kept to show: the screen says so once the server is tested.
    }
  }

  /** Shows the kept measurement of the model the connection test found. */
  async showSpeed(): Promise<void> {
    const info = this.info;
    if (!this.form || !info) return;
    try {
      const m = await api.modelSpeed(this.form.server_url, info.model);
      this.speed = m ? { state: 'ok', measurement: m } : { state: 'none', model: info.model };
    } catch {
      this.speed = { state: 'none', model: info.model };
    }
  }

  /** Uses the detected context length as the setting. */
  useDetectedContext(): void {
    if (this.form && this.info && this.info.context_length > 0) {
      this.form.context_length = this.info.context_length;
    }
  }

  async resetToDefaults(): Promise<void> {
    try {
      this.form = await api.defaultSettings();
      this.fieldErrors = {};
    } catch (err) {
      this.saveError = api.errorMessage(err);
    }
  }

  /** Saves the form; returns true when written. */
  async save(): Promise<boolean> {
    if (!this.form) return false;
    // A number input yields null when empty and may hold a fraction; Go
    // takes whole numbers only, so those are caught here.
    const numberErrors = wholeNumberErrors(this.form);
    if (Object.keys(numberErrors).length > 0) {
      this.fieldErrors = numberErrors;
      return false;
    }
    this.saving = true;
    this.saveError = '';
    this.saveWarning = '';
    try {
      const res = await api.saveSettings($state.snapshot(this.form));
      this.fieldErrors = errorsByField(res.errors);
      if (Object.keys(this.fieldErrors).length > 0) return false;
      this.savedJSON = JSON.stringify(this.form);
      setLanguage(this.form.interface_language ?? '');
      if (!(await this.saveKey())) return false;
      this.warning = '';
      this.saved = true;
      const c = this.connection;
      if (c.state === 'failed' && c.url === this.form.server_url) {
        this.saveWarning = t('settings.saved_failing', { message: api.errorMessage(c.error) });
      }
      return true;
    } catch (err) {
      this.saveError = api.errorMessage(err);
      return false;
    } finally {
      this.saving = false;
    }
  }

  /** Keeps a typed key; true when there was none or it was kept. */
  private async saveKey(): Promise<boolean> {
    if (this.key.trim() === '') return true;
    try {
      this.keyStatus = await api.saveAPIKey(this.key.trim());
      this.key = '';
      this.keyError = '';
      return true;
    } catch (err) {
      this.keyError = api.errorMessage(err);
      return false;
    }
  }

  /** Fills the browser program from the native dialog; saving is the user's. */
  async chooseBrowser(): Promise<void> {
    if (!this.form) return;
    try {
      const path = await api.chooseBrowser();
      if (!path) return;
      this.form.browser_path = path;
      this.edited('browser_path');
    } catch (err) {
      this.fieldErrors = { ...this.fieldErrors, browser_path: api.errorMessage(err) };
    }
  }

  /**
   * The setup card's choice: the native dialog, then Go checks the program
   * and saves it at once. The form and its saved copy take the new path
   * and keep any other edit. Returns the new setup status, or null when
   * the dialog was cancelled; a refused path is an error.
   */
  async useChosenBrowser(): Promise<SetupStatus | null> {
    const path = await api.chooseBrowser();
    if (!path) return null;
    const status = await api.useBrowser(path);
    if (this.form) {
      this.form.browser_path = path;
      this.savedJSON = JSON.stringify({ ...(JSON.parse(this.savedJSON || '{}') as Settings), browser_path: path });
    }
    return status;
  }

  /**
   * Clears the saved mark and a field's error once the user edits. A new
   * server URL or API key makes the last connection test meaningless.
   */
  edited(field?: string): void {
    this.saved = false;
    this.saveWarning = '';
    if (field === 'api_key') this.keyError = '';
    if ((field === 'server_url' || field === 'api_key') && this.connection.state !== 'testing') {
      this.connection = { state: 'idle' };
      if (this.speed.state !== 'measuring') this.speed = { state: 'idle' };
    }
    if (field && this.fieldErrors[field]) {
      const { [field]: _, ...rest } = this.fieldErrors;
      this.fieldErrors = rest;
    }
  }
}

const WHOLE_NUMBER_MESSAGES: Record<'context_length' | 'max_turns' | 'runs_at_once', Key> = {
  context_length: 'settings.whole_context',
  max_turns: 'settings.whole_turns',
  runs_at_once: 'settings.whole_runs',
};

/** Errors for number fields that are empty or not whole numbers. */
export function wholeNumberErrors(form: Settings): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ['context_length', 'max_turns', 'runs_at_once'] as const) {
    const v: unknown = form[field];
    if (typeof v !== 'number' || !Number.isInteger(v)) errors[field] = t(WHOLE_NUMBER_MESSAGES[field]);
  }
  return errors;
}

export const settingsStore = new SettingsStore();

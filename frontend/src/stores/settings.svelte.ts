// The settings store: the form's state, the last connection test and the
// save outcome. Components render it; Go decides validity.
import * as api from '../api';
import type { ServerInfo, Settings } from '../api';
import { errorsByField } from '../lib/connection';

export type Connection =
  | { state: 'idle' }
  | { state: 'testing' }
  | { state: 'ok'; info: ServerInfo }
  | { state: 'failed'; message: string };

export class SettingsStore {
  form = $state<Settings | null>(null);
  warning = $state('');
  path = $state('');
  loadError = $state('');
  connection = $state<Connection>({ state: 'idle' });
  fieldErrors = $state<Record<string, string>>({});
  saving = $state(false);
  saveError = $state('');
  /** True right after a successful save, until the form changes. */
  saved = $state(false);
  private savedJSON = $state('');

  /** The last successful connection test, if any. */
  get info(): ServerInfo | null {
    return this.connection.state === 'ok' ? this.connection.info : null;
  }

  /** True when the form differs from what is saved. */
  get dirty(): boolean {
    return this.form !== null && JSON.stringify(this.form) !== this.savedJSON;
  }

  async load(): Promise<void> {
    try {
      const view = await api.loadSettings();
      this.form = view.settings;
      this.savedJSON = JSON.stringify(view.settings);
      this.warning = view.warning;
      this.path = view.path;
      this.loadError = '';
    } catch (err) {
      this.loadError = api.errorMessage(err);
    }
  }

  /** Tests the server URL in the form; a failure clears the model list. */
  async testConnection(): Promise<void> {
    if (!this.form) return;
    this.connection = { state: 'testing' };
    try {
      const info = await api.testConnection(this.form.server_url, this.form.model);
      this.connection = { state: 'ok', info };
    } catch (err) {
      this.connection = { state: 'failed', message: api.errorMessage(err) };
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
    this.saving = true;
    this.saveError = '';
    try {
      const res = await api.saveSettings($state.snapshot(this.form));
      this.fieldErrors = errorsByField(res.errors);
      if (Object.keys(this.fieldErrors).length > 0) return false;
      this.savedJSON = JSON.stringify(this.form);
      this.warning = '';
      this.saved = true;
      return true;
    } catch (err) {
      this.saveError = api.errorMessage(err);
      return false;
    } finally {
      this.saving = false;
    }
  }

  /** Clears the saved mark and a field's error once the user edits. */
  edited(field?: string): void {
    this.saved = false;
    if (field && this.fieldErrors[field]) {
      const { [field]: _, ...rest } = this.fieldErrors;
      this.fieldErrors = rest;
    }
  }
}

export const settingsStore = new SettingsStore();

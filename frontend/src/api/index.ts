// The one module that talks to Go. Components and stores import from here,
// never from the generated Wails bindings, so the boundary stays in one
// place and tests can replace it with vi.mock('../api').
import * as App from '../../wailsjs/go/main/App';
import { settings } from '../../wailsjs/go/models';
import { BrowserOpenURL } from '../../wailsjs/runtime/runtime';
import type { SaveResult, ServerInfo, Settings, SettingsView } from './types';

export type * from './types';

/** Loads the saved settings (defaults with a warning if the file was damaged). */
export function loadSettings(): Promise<SettingsView> {
  return App.LoadSettings();
}

/** Returns the settings a new user starts with. */
export function defaultSettings(): Promise<Settings> {
  return App.DefaultSettings();
}

/** Validates and saves; field problems come back in `errors`. */
export function saveSettings(s: Settings): Promise<SaveResult> {
  return App.SaveSettings(settings.Settings.createFrom(s));
}

/** Lists the server's models and detects the context length. */
export async function testConnection(serverURL: string, model: string): Promise<ServerInfo> {
  const info = await App.TestConnection(serverURL, model);
  return { ...info, models: info.models ?? [], notes: info.notes ?? [] };
}

/** Opens a link in the user's default browser, never inside the app. */
export function openExternal(url: string): void {
  BrowserOpenURL(url);
}

/**
 * Turns a rejected Go call into the message to show. Go errors reach
 * JavaScript as plain strings written for the user.
 */
export function errorMessage(err: unknown): string {
  if (typeof err === 'string' && err.trim() !== '') return err;
  if (err instanceof Error && err.message) return err.message;
  return 'Something went wrong talking to the Scout backend. Restart the app; if it happens again, report it.';
}

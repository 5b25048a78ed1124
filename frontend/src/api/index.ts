// The one module that talks to Go. Components and stores import from here,
// never from the generated Wails bindings, so the boundary stays in one
// place and tests can replace it with vi.mock('../api').
import * as App from '../../wailsjs/go/main/App';
import { ClipboardSetText, EventsOn, WindowSetTitle } from '../../wailsjs/runtime/runtime';
import { asSentence, userMessage } from '../lib/message';
import { t } from '../i18n/index.svelte';
import type {
  AboutView, CallUpdate, HistoryEntry, QueueView, KeyStatus, Measurement, ProbeStep, Progress, ReportView, RunView, SaveResult, ServerInfo, SettingsView, SetupProgress, SetupStatus,
  Settings,
} from './types';

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
  return App.SaveSettings(s);
}

/**
 * Lists the server's models and detects the context length, sending key as
 * the API key (one typed and not saved yet), or the saved key when ''.
 */
export async function testConnection(serverURL: string, model: string, key = ''): Promise<ServerInfo> {
  const info = await App.TestConnection(serverURL, model, key);
  return { ...info, models: info.models ?? [], notes: info.notes ?? [] };
}

/** Measures the model's speed, prefix reuse and schema following, and keeps the result; key as testConnection sends it. */
export async function measureModel(serverURL: string, model: string, key = ''): Promise<Measurement> {
  const m = await App.MeasureModel(serverURL, model, key);
  return { ...m, warnings: m.warnings ?? [] };
}

/** Whether an API key is saved, and where; never the key. */
export function apiKeyStatus(): Promise<KeyStatus> {
  return App.APIKeyStatus();
}

/** Saves the API key (in the system keyring, or a file only the user can read) and says where it went. */
export function saveAPIKey(key: string): Promise<KeyStatus> {
  return App.SaveAPIKey(key);
}

/** Forgets the saved API key. */
export function clearAPIKey(): Promise<KeyStatus> {
  return App.ClearAPIKey();
}

/** Stops the measurement measureModel runs; its promise then rejects saying so. */
export function cancelMeasure(): Promise<void> {
  return App.CancelMeasure();
}

/** Subscribes to how the measurement goes; returns the unsubscribe function. */
export function onProbeStep(cb: (s: ProbeStep) => void): () => void {
  return EventsOn('speed:probe', cb);
}

/** The kept measurement of the model, or null when it was never measured. */
export async function modelSpeed(serverURL: string, model: string): Promise<Measurement | null> {
  const m = (await App.ModelSpeed(serverURL, model)) as Measurement | null;
  return m ? { ...m, warnings: m.warnings ?? [] } : null;
}

/** Scout's version and where it keeps its files. */
export function about(): Promise<AboutView> {
  return App.About();
}

/** Checks the model server and starts researching in the background. */
export function startRun(objective: string): Promise<RunView> {
  return App.StartRun(objective);
}

/** Adds objectives to the research queue, which runs up to "Runs at once" of them at once. */
export async function queueRuns(objectives: string[]): Promise<QueueView> {
  const v = await App.QueueRuns(objectives);
  return { n: v.n, items: v.items ?? [] };
}

/** Stops one objective of the queue, waiting or running. */
export function stopQueued(id: number): Promise<void> {
  return App.StopQueued(id);
}

/** Makes the research screen follow the run of queued objective id; returns it whole. */
export function followQueued(id: number): Promise<RunView> {
  return App.FollowQueued(id);
}

/** The research queue: each objective queued, running or done. */
export async function queue(): Promise<QueueView> {
  const v = await App.Queue();
  return { n: v.n, items: v.items ?? [] };
}

/** Subscribes to changes of the queue (each view numbered: see QueueView); returns the unsubscribe function. */
export function onQueue(cb: (v: QueueView) => void): () => void {
  return EventsOn('queue:changed', (v: QueueView) => cb({ n: v.n, items: v.items ?? [] }));
}

/** Subscribes to the research screen following another run (a queued one started); returns the unsubscribe function. */
export function onRunFollow(cb: (view: RunView) => void): () => void {
  return EventsOn('run:follow', cb);
}

/** Stops the run in progress; the report is still written. */
export function stopRun(): Promise<void> {
  return App.StopRun();
}

/** The run in progress or the last one, with its journal so far. */
export function currentRun(): Promise<RunView> {
  return App.CurrentRun();
}

/** The report of the run in dir, as Markdown and safe HTML. */
export function loadReport(dir: string): Promise<ReportView> {
  return App.Report(dir);
}

/** Writes the report of the run in progress without stopping it. */
export function writeReportNow(): Promise<ReportView> {
  return App.WriteReportNow();
}

/** Whether the browser driver and a browser are there. */
export function setupStatus(): Promise<SetupStatus> {
  return App.Setup();
}

/** Installs the browser driver; progress lines come through onSetupProgress. */
export function installDriver(): Promise<SetupStatus> {
  return App.InstallDriver();
}

/** Asks for a browser program with the native dialog; '' when cancelled. */
export function chooseBrowser(): Promise<string> {
  return App.ChooseBrowser();
}

/** Saves path as the browser program when it is one, and returns the new status. */
export function useBrowser(path: string): Promise<SetupStatus> {
  return App.UseBrowser(path);
}

/** Subscribes to driver installation progress. */
export function onSetupProgress(cb: (p: SetupProgress) => void): () => void {
  return EventsOn('setup:progress', cb);
}

/** Past runs, newest first. */
export async function history(): Promise<HistoryEntry[]> {
  return (await App.History()) ?? [];
}

/** A past run with its journal. */
export function openRun(dir: string): Promise<RunView> {
  return App.OpenRun(dir);
}

/** Asks question as a follow-up of the past run in dir: a new run, in the background. */
export function followUpRun(dir: string, question: string): Promise<RunView> {
  return App.FollowUpRun(dir, question);
}

/** Continues an interrupted run in the background. */
export function resumeRun(dir: string): Promise<RunView> {
  return App.ResumeRun(dir);
}

/** Deletes a past run's folder. */
export function deleteRun(dir: string): Promise<void> {
  return App.DeleteRun(dir);
}

/** Saves the report through the native dialog; resolves "" when cancelled. */
export function saveReportAs(dir: string, format: 'md' | 'html' | 'pdf'): Promise<string> {
  return App.SaveReportAs(dir, format);
}

/** Subscribes to the start of printing a PDF (after the save dialog closed); returns the unsubscribe function. */
export function onPrinting(cb: (path: string) => void): () => void {
  return EventsOn('report:printing', cb);
}

/** Copies text to the clipboard. */
export function copyText(text: string): Promise<boolean> {
  return ClipboardSetText(text);
}

/**
 * Subscribes to the run's progress: each batch's new rows and findings,
 * with the glance after them. Returns the unsubscribe function.
 */
export function onRunEvents(cb: (batch: Progress) => void): () => void {
  return EventsOn('run:events', cb);
}

/** Subscribes to updates of the model call in progress; returns the unsubscribe function. */
export function onRunCall(cb: (u: CallUpdate) => void): () => void {
  return EventsOn('run:call', cb);
}

/** Subscribes to the end of a run (its whole view); returns the unsubscribe function. */
export function onRunDone(cb: (view: RunView) => void): () => void {
  return EventsOn('run:done', cb);
}

/**
 * Opens a link in the user's default browser, never inside the app.
 * Resolves '' when it opened, else what went wrong; the link is then on
 * the clipboard to paste, and the message says so.
 */
export async function openExternal(url: string): Promise<string> {
  try {
    await App.OpenLink(url);
    return '';
  } catch (err) {
    const copied = await ClipboardSetText(url).catch(() => false);
    return asSentence(errorMessage(err)) + (copied ? ' ' + t('common.link_copied') : '');
  }
}

/**
 * Turns a rejected Go call into the message to show. Go errors reach
 * JavaScript as plain strings written for the user.
 */
export function errorMessage(err: unknown): string {
  return userMessage(err);
}

/** Sets the window title. */
export function setTitle(title: string): void {
  WindowSetTitle(title);
}

/** Tells Go the first screen is painted. */
export function frontendReady(): void {
  App.FrontendReady().catch(() => {});
}

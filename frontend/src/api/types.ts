// Short names for the shapes Go sends and takes. Every shape is Wails'
// generated one (wailsjs/go/models.ts, from the Go structs bound in app.go:
// run `make bindings` after changing them), except the two events' shapes
// below (SetupProgress, CallUpdate, ProbeStep).
import type { agent, chat, checklist, desktop, llm, main, runs, settings, speed } from '../../wailsjs/go/models';

export type Settings = settings.Settings;
export type FieldError = settings.FieldError;
export type SettingsView = main.SettingsView;
export type SaveResult = main.SaveResult;
/** Scout's version and where it keeps its files. */
export type AboutView = main.AboutView;
/** Whether an API key is kept for the model server, and where; never the key. */
export type KeyStatus = settings.KeyStatus;
export type ServerInfo = llm.ServerInfo;
/** What the model probe found about one model on one server. */
export type Measurement = speed.Measurement;
export type SetupStatus = desktop.SetupStatus;

/** A run as the research view shows it; its progress is the whole journal so far. */
export type RunView = desktop.RunView;
/** Journal rows and findings with the glance after them: a whole run's, or a batch's. */
export type Progress = desktop.Progress;
/** How a run stands: its status in words, whether it resumes, its figures and checklist. */
export type Glance = runs.Glance;
export type Figures = runs.Figures;
/** A checklist item with the findings serving it. */
export type Item = runs.Item;
/** One row of the journal, as Go words it. */
export type Row = runs.Row;
export type Finding = checklist.Finding;
export type ReportView = desktop.ReportView;
/** A model call in progress: what the server does, how far it has got, how long it should take. */
export type Wait = chat.Wait;
/** The model call in progress (or what the setup does before the run), as the research view shows it. */
export type CallProgress = agent.CallProgress;
/** An objective of the research queue: queued, running, finished, stopped or failed. */
export type QueueItem = desktop.QueueItem;
/** The queue at one moment; n grows with every view, which may arrive out of order. */
export type QueueView = desktop.QueueView;
/** A past run in the history. */
export type HistoryEntry = runs.Entry;

/**
 * One step of installing the browser driver (Go's browser.Progress). It
 * comes as an event, and Wails generates types only for what bound methods
 * take and return, so this one shape is written here.
 */
export interface SetupProgress {
  line: string;
  /** Share downloaded, 0 to 1; -1 when not known. */
  done: number;
}

/**
 * What Go sends as run:call, the model call in progress (null between
 * calls): n grows with every update, so a late one is told apart. An
 * event's shape, written here as SetupProgress is.
 */
export interface CallUpdate {
  n: number;
  call: CallProgress | null;
  /** The call's step and time left as the window's messages (Go's desktop.CallSaid). */
  say?: CallSaid;
}

/** A model call's step and time left as the window's messages, each shown as Go wrote it when absent. */
export type CallSaid = desktop.CallSaid;

/**
 * What Go sends as speed:probe while the model probe Settings asked for
 * runs (Go's llm.ProbeStep): the call under way, n of of, what it finds
 * out, and the call's wait with the probe's time so far and share done.
 */
export interface ProbeStep {
  n: number;
  of: number;
  what: string;
  wait: Wait;
}

// Plain shapes of what Go sends and takes, as the JSON field names of the
// Go structs. The generated classes in wailsjs carry helper methods that
// plain objects lack, so the UI works with these.

export type Provider = 'duckduckgo' | 'searxng';

export interface SearchSettings {
  provider: string;
  duckduckgo_url: string;
  searxng_url: string;
}

export interface Settings {
  server_url: string;
  model: string;
  context_length: number;
  search: SearchSettings;
  show_browser: boolean;
  browser_path: string;
  max_turns: number;
  allow_local_network: boolean;
}

export interface SettingsView {
  settings: Settings;
  warning: string;
  path: string;
}

export interface FieldError {
  field: string;
  message: string;
}

export interface SaveResult {
  errors: FieldError[] | null;
}

export interface ServerInfo {
  models: string[];
  model: string;
  server: string;
  context_length: number;
  context_source: string;
  /** The server says the model is loaded; false when it is not, or does not say. */
  model_loaded?: boolean;
  notes: string[];
}

export interface Item {
  number: number;
  text: string;
}

export interface Finding {
  number: number;
  turn: number;
  text: string;
  url: string;
  title: string;
  part: number;
  items: number[] | null;
  quote: string;
}

export interface Usage {
  prompt_tokens: number;
  cached_tokens: number;
  /** The server did not report its cache use: cached_tokens is Scout's estimate. */
  cache_estimated?: boolean;
  completion_tokens: number;
  duration_ns: number;
  write_rate?: number;
}

/** One event of a run, as in journal.jsonl. */
export interface AgentEvent {
  seq: number;
  time: string;
  turn: number;
  type: string;
  objective?: string;
  checklist?: Item[];
  kind?: string;
  usage?: Usage;
  action?: string;
  parameter?: string;
  thought?: string;
  reason?: string;
  query?: string;
  count?: number;
  url?: string;
  title?: string;
  part?: number;
  parts?: number;
  text?: string;
  file?: string;
  finding?: Finding;
  status?: string;
  message?: string;
}

export interface RunView {
  dir: string;
  objective: string;
  running: boolean;
  status: string;
  error: string;
  max_turns: number;
  context_length: number;
  model: string;
  /** When this stretch began: a resume starts a new one. */
  started: string;
  /** Seconds the run worked before this stretch. */
  prior_seconds: number;
  events: AgentEvent[] | null;
}

export interface ReportView {
  dir: string;
  title: string;
  markdown: string;
  html: string;
}

/** A past run in the history. */
export interface HistoryEntry {
  dir: string;
  objective: string;
  status: string;
  started: string;
  turns: number;
  findings: number;
  has_report: boolean;
  damaged: string;
}

/** One step of installing the browser driver. */
export interface SetupProgress {
  line: string;
  /** Share downloaded, 0 to 1; -1 when not known. */
  done: number;
}

export interface SetupStatus {
  driver_installed: boolean;
  browser: string;
  browser_error: string;
  /** pdftotext is installed, so PDF documents are read. */
  reads_pdf: boolean;
}

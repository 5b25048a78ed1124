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
  notes: string[];
}

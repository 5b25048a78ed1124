// Pure helpers that turn a connection test into what the settings screen
// shows. Kept free of Svelte so they are tested directly.
import type { FieldError, ServerInfo } from '../api';

/** The context the agent assumes when neither the user nor the server gives one. */
export const FALLBACK_CONTEXT = 8192;

/** An option of the model dropdown. */
export interface ModelChoice {
  value: string;
  label: string;
}

/**
 * Options for the model dropdown: automatic first, then the server's models,
 * and the saved model even when the server does not list it, so opening the
 * screen never silently changes a setting.
 */
export function modelChoices(info: ServerInfo | null, current: string): ModelChoice[] {
  const choices: ModelChoice[] = [{ value: '', label: 'First model the server has loaded' }];
  const models = info?.models ?? [];
  for (const m of models) choices.push({ value: m, label: m });
  if (current !== '' && !models.includes(current)) {
    const label = info ? `${current} (not listed by the server)` : current;
    choices.push({ value: current, label });
  }
  return choices;
}

/** The hint next to the context length field. */
export function contextHint(info: ServerInfo | null, setting: number): string {
  if (!info) {
    return setting === 0 ? '0 means detect it from the server when a run starts.' : '';
  }
  if (info.context_length > 0) {
    const detected = `detected: ${info.context_length} tokens`;
    if (setting > 0 && setting !== info.context_length) return `${detected}; your ${setting} is used`;
    return detected;
  }
  return setting > 0
    ? 'the server does not report it; your value is used'
    : `the server does not report it; ${FALLBACK_CONTEXT} is assumed`;
}

/** One line saying what the connection test found. */
export function connectionSummary(info: ServerInfo): string {
  const server = info.server || 'the model server';
  const n = info.models.length;
  const models = `${n} model${n === 1 ? '' : 's'}`;
  const context = info.context_length > 0 ? `, context ${info.context_length} tokens` : '';
  return `Connected to ${server}: ${models}${context}.`;
}

/** Field errors keyed by field name, for inline display. */
export function errorsByField(errors: FieldError[] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors ?? []) out[e.field] = e.message;
  return out;
}

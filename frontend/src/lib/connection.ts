// Pure helpers that turn a connection test into what the settings screen
// shows. Kept free of Svelte so they are tested directly.
import type { FieldError, ServerInfo } from '../api';
import { say, t, tn } from '../i18n/index.svelte';

/** The context the agent assumes when neither the user nor the server gives one. */
export const FALLBACK_CONTEXT = 8192;

/**
 * The connection test's notes in the window's language, each as its
 * message, or as Go wrote them when there is none for each.
 */
export function connectionNotes(info: Pick<ServerInfo, 'notes' | 'note_says'>): string[] {
  const said = info.note_says?.length === info.notes.length ? info.note_says : [];
  return info.notes.map((n, i) => say(said[i], n));
}

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
  const choices: ModelChoice[] = [{ value: '', label: t('settings.model_first') }];
  const models = info?.models ?? [];
  for (const m of models) choices.push({ value: m, label: m });
  if (current !== '' && !models.includes(current)) {
    const label = info ? t('settings.model_unlisted', { model: current }) : current;
    choices.push({ value: current, label });
  }
  return choices;
}

/** The hint next to the context length field. */
export function contextHint(info: ServerInfo | null, setting: number): string {
  if (!info) {
    return setting === 0 ? t('settings.context_detect') : '';
  }
  if (info.context_length > 0) {
    if (setting > 0 && setting !== info.context_length) return t('settings.context_yours', { n: info.context_length, yours: setting });
    return t('settings.context_detected', { n: info.context_length });
  }
  return setting > 0 ? t('settings.context_unreported_yours') : t('settings.context_unreported', { n: FALLBACK_CONTEXT });
}

/** One line saying what the connection test found. */
export function connectionSummary(info: ServerInfo): string {
  const server = info.server || t('settings.the_server');
  const models = tn('settings.models', info.models.length);
  const context = info.context_length > 0 ? t('settings.connected_context', { n: info.context_length }) : '';
  return t('settings.connected', { server, models, context });
}

/** Field errors keyed by field name, for inline display, in the window's language where Go gives them as its messages. */
export function errorsByField(errors: FieldError[] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors ?? []) out[e.field] = say(e.say, e.message);
  return out;
}

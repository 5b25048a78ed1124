// What the settings screen says about the model server's API key. Go
// never sends the key back, only whether one is kept and where
// (KeyStatus), so nothing here can show it.
import type { KeyStatus } from '../api';
import { t } from '../i18n/index.svelte';

/** The hint under the API key field. */
export function keyHint(status: KeyStatus | null, typed: string): string {
  const warning = status?.warning ? ` ${status.warning}` : '';
  if (typed.trim() !== '') {
    return t('settings.key_typed') + warning;
  }
  if (!status?.set) return t('settings.key_who') + warning;
  return `${status.note.replace(/^The API key is/, 'A key is saved,')} ${t('settings.key_change')}${warning}`;
}

/** The placeholder of the API key field: whether a key is saved, never the key. */
export function keyPlaceholder(status: KeyStatus | null): string {
  return t(status?.set ? 'settings.key_saved' : 'settings.key_none');
}

// What the settings screen says about the model server's API key. Go
// never sends the key back, only whether one is kept and where
// (KeyStatus), so nothing here can show it.
import type { KeyStatus } from '../api';

const WHO_WANTS_ONE =
  'Only for a server that asks for one: llama-server or vLLM started with --api-key, LM Studio with authentication on, a hosted service.';

/** The hint under the API key field. */
export function keyHint(status: KeyStatus | null, typed: string): string {
  const warning = status?.warning ? ` ${status.warning}` : '';
  if (typed.trim() !== '') {
    return `Save keeps it in the system keyring, or where there is none in a file readable only by you; Test connection uses it now.${warning}`;
  }
  if (!status?.set) return WHO_WANTS_ONE + warning;
  return `${status.note.replace(/^The API key is/, 'A key is saved,')} To change it, type a new one to replace it and Save.${warning}`;
}

/** The placeholder of the API key field: whether a key is saved, never the key. */
export function keyPlaceholder(status: KeyStatus | null): string {
  return status?.set ? 'Saved (hidden)' : 'None';
}

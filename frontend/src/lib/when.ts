// How the app writes a moment, the same on every screen: in English
// "1 Dec 2026, 18:50" (day, month's short name, year, 24-hour time),
// whatever the system's locale would make of it; in another interface
// language, that language's short date and its time.
import { day, language, t } from '../i18n/index.svelte';

/** A moment as the app writes it, or '' when it cannot be read. */
export function when(at: string | Date): string {
  const d = at instanceof Date ? at : new Date(at);
  if (!at || Number.isNaN(d.getTime())) return '';
  const locale = language() === 'en' ? 'en-GB' : language();
  const time = d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false });
  return t('common.when', { day: day(d), time });
}

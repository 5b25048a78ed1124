// How the app writes a moment, the same on every screen: "1 Dec 2026, 18:50"
// (day, month's short name, year, 24-hour time), whatever the system's
// locale would make of it.

/** A moment as the app writes it, or '' when it cannot be read. */
export function when(at: string | Date): string {
  const d = at instanceof Date ? at : new Date(at);
  if (!at || Number.isNaN(d.getTime())) return '';
  const day = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${day}, ${time}`;
}

// Web addresses as the app shows them.

/** The site of an address, without "www.", for a source line; '' when it has none. */
export function siteOf(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
    return u.host.replace(/^www\./, '');
  } catch {
    return '';
  }
}

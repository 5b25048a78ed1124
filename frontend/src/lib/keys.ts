// Keyboard shortcuts that decide something: which screen Ctrl+1 to Ctrl+4
// (the order of the top bar) opens.

export type Screen = 'home' | 'report' | 'history' | 'settings';

const order: Screen[] = ['home', 'report', 'history', 'settings'];

/** The screen a key press asks for, or null; the report only when there is one. */
export function screenKey(e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>, hasReport: boolean): Screen | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return null;
  // The digit keys by place: on AZERTY and other layouts they type & é " '.
  const digit = /^Digit[1-9]$/.test(e.code) ? e.code.slice(-1) : e.key;
  const to = order[Number(digit) - 1];
  if (!to || (to === 'report' && !hasReport)) return null;
  return to;
}

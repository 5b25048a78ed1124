// How an error from Go reads on screen. Kept free of the Wails bindings so
// it is tested directly.
import { say, t, type Said } from '../i18n/index.svelte';

/**
 * A rejected Go call whose words are a message of the window's
 * (desktop.Failure): Go's English and the message.
 */
interface Failure {
  message: string;
  say: Said | null;
}

/**
 * The message to show for a rejected Go call: the window's message in its
 * language when Go sent one (a failed connection test), else Go's text,
 * which is written for the user, starting with a capital as a banner's
 * sentence does (Go wraps errors in lower case: "this run has no report
 * yet (...)").
 */
export function userMessage(err: unknown): string {
  if (isFailure(err)) return say(err.say, capitalised(err.message.trim()));
  const text = typeof err === 'string' ? err.trim() : err instanceof Error ? err.message.trim() : '';
  return capitalised(text);
}

function capitalised(text: string): string {
  if (text === '') return t('common.unknown_failure');
  return text[0].toLocaleUpperCase('en-US') + text.slice(1);
}

function isFailure(err: unknown): err is Failure {
  return typeof err === 'object' && err !== null && !(err instanceof Error) && typeof (err as Failure).message === 'string';
}

/** text ending in one full stop (or its own ! ? …), for a sentence to follow it. */
export function asSentence(text: string): string {
  const t = text.trim();
  return /[.!?…]$/.test(t) ? t : t + '.';
}

/** What the report screen says while a PDF prints, seconds after it began. */
export function printingLine(path: string, seconds: number): string {
  const name = path.split(/[\\/]/).pop() || path;
  return t('report.printing', { name, s: Math.floor(seconds) });
}

// The app's words in the user's language. Each language's messages are a
// JSON file here (<tag>.json, flat keys); English's is the full set and
// the fallback for a key another file lacks. A message's {name} is filled
// from the values given; a counted message has a key per plural form
// ("<base>.one", "<base>.other"), chosen by Intl.PluralRules.
//
// A store of our own rather than svelte-i18n: that library's words are a
// svelte/store ($_) that the runes stores (*.svelte.ts) cannot read, it
// brings intl-messageformat and, as runtime dependencies, esbuild and a
// CLI; Scout needs a lookup, {placeholders} and plural forms, which this
// does in a screen of code with keys TypeScript checks.
import en from './en.json';
import zh from './zh.json';
import de from './de.json';
import fr from './fr.json';
import es from './es.json';
import ja from './ja.json';

/** A message's key: en.json names them all. */
export type Key = keyof typeof en;

/** The base of a counted message, which has "<base>.one" and "<base>.other" keys. */
export type Counted = Key extends infer K ? (K extends `${infer B}.other` ? B : never) : never;

/** A message file: some or all of English's keys. */
export type Messages = Partial<Record<Key, string>>;

/** The languages the window speaks, each named in itself (Settings lists them so). */
export const languages = {
  en: 'English',
  zh: '简体中文',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
} as const;

/** A language the window speaks. */
export type Language = keyof typeof languages;

const files: Record<Language, Messages> = { en, zh, de, fr, es, ja };

/** Each language's file, for the tests that compare them with English's. */
export const messageFiles: Readonly<Record<Language, Messages>> = files;

let current = $state<Language>('en');

/** The language the window speaks now. */
export function language(): Language {
  return current;
}

/**
 * The language to speak: the one Settings chose (choice), else the first
 * of the desktop's locales (navigator.languages: WebKitGTK takes it from
 * the process's locale, LANG or LC_ALL, when that locale is installed, as
 * it is on a desktop that uses it; WebView2 from Windows' display
 * language) that Scout speaks, else English. Chinese in any script reads
 * the simplified file.
 */
export function resolve(choice: string, locales: readonly string[]): Language {
  if (choice in languages) return choice as Language;
  for (const l of locales) {
    const base = l.toLowerCase().split(/[-_]/)[0];
    if (base in languages) return base as Language;
  }
  return 'en';
}

/** Speaks the language Settings chose, or the desktop's with choice "". */
export function setLanguage(choice: string, locales: readonly string[] = navigatorLocales()): void {
  current = resolve(choice, locales);
  // The page's language picks the CJK glyphs (Chinese and Japanese draw
  // some characters differently) and what a screen reader speaks.
  if (typeof document !== 'undefined') document.documentElement.lang = current === 'zh' ? 'zh-Hans' : current;
}

function navigatorLocales(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The message for key in file, else English's. */
export function textOf(file: Messages, key: Key): string {
  return file[key] ?? en[key];
}

/** The message key in the window's language, with its {names} filled from params. */
export function t(key: Key, params?: Record<string, string | number>): string {
  const text = textOf(files[current], key);
  return params ? fill(text, params) : text;
}

/** The counted message base for n ({n} in it is n), in the window's language. */
export function tn(base: Counted, n: number, params?: Record<string, string | number>): string {
  const form = `${base}.${new Intl.PluralRules(current).select(n)}`;
  const key = (form in en ? form : `${base}.other`) as Key;
  return t(key, { n, ...params });
}

/**
 * A time taken in the window's language, to the second: "5 min 10 s",
 * "5 Min. 10 Sek.", "5分10秒" (a unit of none left out, "0 s" for no time),
 * as the report writes it in its language.
 */
export function span(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const units: [Counted, number][] = [['duration.h', Math.floor(s / 3600)], ['duration.min', Math.floor(s / 60) % 60], ['duration.s', s % 60]];
  const parts = units.filter(([, n]) => n > 0).map(([base, n]) => tn(base, n));
  return parts.length ? parts.reduce((a, b) => t('duration.join', { a, b })) : tn('duration.s', 0);
}

/** A day in the window's language: "2 Dec 2026" in English (whatever the system's locale), "2026年12月2日". */
export function day(d: Date): string {
  const locale = current === 'en' ? 'en-GB' : current;
  return d.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** text with each {name} that params holds replaced by its value. */
export function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * Words Go made as a message of the window's (phrase.Said): its key and
 * its values, a value being a number, words, a message in turn, a day
 * ({day: "2026-12-02"}, phrase.Day) or a time taken ({seconds: 310},
 * phrase.Seconds), the last two written the window's way.
 */
export interface Said {
  key: string;
  args?: Record<string, unknown>;
}

/**
 * Words Go made (a journal row's title, a model call's progress) in the
 * window's language: the message filled from its values (a counted one by
 * its n; numbers as the language writes them, "1.850" in German), or
 * english, as Go wrote it, for a key this window does not know (from a
 * newer Scout) or words that are no message.
 */
export function say(said: Said | undefined | null, english: string): string {
  return (said && spoken(said)) ?? english;
}

/** said in the window's language, or null when a key in it is unknown. */
function spoken(said: Said): string | null {
  const params: Record<string, string> = {};
  for (const [name, v] of Object.entries(said.args ?? {})) {
    const text = typeof v === 'number' ? new Intl.NumberFormat(current).format(v)
      : isSaid(v) ? spoken(v) : valueOf(v);
    if (text === null) return null;
    params[name] = text;
  }
  if (`${said.key}.other` in en) return tn(said.key as Counted, Number(said.args?.n), params);
  if (said.key in en) return t(said.key as Key, params);
  return null;
}

/** A value that is no message: a day or a time taken the window's way, else as written. */
function valueOf(v: unknown): string {
  const o = (typeof v === 'object' && v !== null ? v : {}) as { day?: unknown; seconds?: unknown };
  const ymd = typeof o.day === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(o.day) : null;
  if (ymd) return day(new Date(Number(ymd[1]), Number(ymd[2]) - 1, Number(ymd[3])));
  if (typeof o.seconds === 'number') return span(o.seconds);
  return String(v);
}

function isSaid(v: unknown): v is Said {
  return typeof v === 'object' && v !== null && typeof (v as Said).key === 'string';
}

/** How a run stands (its status) in the window's language, else english as Go wrote it. */
export function statusWords(status: string, english: string): string {
  const key = `status.${status}`;
  return key in en ? t(key as Key, {}) : english;
}

import { afterEach, describe, expect, it } from 'vitest';
import { when } from './when';
import { setLanguage } from '../i18n/index.svelte';

afterEach(() => setLanguage('en', []));

describe('when', () => {
  it('writes day, month, year and the 24-hour time', () => {
    expect(when(new Date(2026, 11, 1, 18, 53, 11))).toBe('1 Dec 2026, 18:53');
    expect(when(new Date(2026, 0, 9, 7, 5))).toBe('9 Jan 2026, 07:05');
  });

  it('writes the date as the interface language does', () => {
    setLanguage('de', []);
    expect(when(new Date(2026, 11, 1, 18, 53))).toBe('1. Dez. 2026, 18:53');
    setLanguage('zh', []);
    expect(when(new Date(2026, 11, 1, 18, 53))).toBe('2026年12月1日 18:53');
  });

  it('leaves out what cannot be read', () => {
    expect(when('')).toBe('');
    expect(when('not a date')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { when } from './when';

describe('when', () => {
  it('writes day, month, year and the 24-hour time', () => {
    expect(when(new Date(2026, 11, 1, 18, 53, 11))).toBe('1 Dec 2026, 18:53');
    expect(when(new Date(2026, 0, 9, 7, 5))).toBe('9 Jan 2026, 07:05');
  });

  it('leaves out what cannot be read', () => {
    expect(when('')).toBe('');
    expect(when('not a date')).toBe('');
  });
});

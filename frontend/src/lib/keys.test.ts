import { describe, expect, it } from 'vitest';
import { screenKey } from './keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = { ctrlKey: true }) =>
  ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('screenKey', () => {
  it.each([
    ['1', true, 'home'], ['2', true, 'report'], ['3', true, 'history'], ['4', true, 'settings'],
    ['2', false, null], // no report yet
    ['5', true, null], ['0', true, null], ['a', true, null], ['Enter', true, null],
  ])('Ctrl+%s with a report %s opens %s', (k, hasReport, want) => {
    expect(screenKey(key(k), hasReport)).toBe(want);
  });

  it('needs Ctrl (or Cmd) alone', () => {
    expect(screenKey(key('3', {}), true)).toBeNull();
    expect(screenKey(key('3', { metaKey: true }), true)).toBe('history');
    expect(screenKey(key('3', { ctrlKey: true, shiftKey: true }), true)).toBeNull();
    expect(screenKey(key('3', { ctrlKey: true, altKey: true }), true)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { screenKey } from './keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean; code: string }> = { ctrlKey: true }) =>
  ({ key: k, code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('screenKey', () => {
  it.each([
    ['1', true, 'home'], ['2', true, 'report'], ['3', true, 'history'], ['4', true, 'settings'],
    ['2', false, null], // no report yet
    ['5', true, null], ['0', true, null], ['a', true, null], ['Enter', true, null],
  ])('Ctrl+%s with a report %s opens %s', (k, hasReport, want) => {
    expect(screenKey(key(k), hasReport)).toBe(want);
  });

  it('finds the digit by its place on layouts where it types something else (AZERTY)', () => {
    expect(screenKey(key('"', { ctrlKey: true, code: 'Digit3' }), true)).toBe('history');
    expect(screenKey(key('é', { ctrlKey: true, code: 'Digit2' }), false)).toBeNull();
    expect(screenKey(key('a', { ctrlKey: true, code: 'KeyQ' }), true)).toBeNull();
  });

  it('needs Ctrl (or Cmd) alone', () => {
    expect(screenKey(key('3', {}), true)).toBeNull();
    expect(screenKey(key('3', { metaKey: true }), true)).toBe('history');
    expect(screenKey(key('3', { ctrlKey: true, shiftKey: true }), true)).toBeNull();
    expect(screenKey(key('3', { ctrlKey: true, altKey: true }), true)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { keyHint, keyPlaceholder } from './apikey';
import type { KeyStatus } from '../api';

const none: KeyStatus = { set: false, where: '', path: '', note: 'No API key: Scout sends none, as a server on this computer needs none.', warning: '' };
const inRing: KeyStatus = { set: true, where: 'keyring', path: '', note: 'The API key is stored in the system keyring.', warning: '' };
const inFile: KeyStatus = {
  set: true, where: 'file', path: '/home/u/.config/scout/api-key', warning: '',
  note: 'The API key is stored in a file readable only by you, /home/u/.config/scout/api-key, because there is no system keyring to keep it in.',
};

describe('the API key field', () => {
  it('says where a saved key is kept, and how to replace it', () => {
    expect(keyHint(inRing, '')).toContain('stored in the system keyring');
    expect(keyHint(inRing, '')).toContain('type a new one to replace it');
    expect(keyHint(inFile, '')).toContain('stored in a file readable only by you');
    expect(keyHint(inFile, '')).toContain('/home/u/.config/scout/api-key');
  });

  it('with no key, says which servers want one', () => {
    expect(keyHint(none, '')).toContain('--api-key');
    expect(keyHint(null, '')).toContain('--api-key');
  });

  it('a typed key is kept on Save, and the hint says where it will go', () => {
    expect(keyHint(inRing, 'sk-new')).toContain('Save keeps it in the system keyring');
  });

  it('a keyring that could not be read is said', () => {
    expect(keyHint({ ...none, warning: 'Scout could not read the system keyring.' }, '')).toContain('could not read the system keyring');
  });

  it('the placeholder never shows the key, only whether one is saved', () => {
    expect(keyPlaceholder(inRing)).toBe('Saved (hidden)');
    expect(keyPlaceholder(none)).toBe('None');
  });
});

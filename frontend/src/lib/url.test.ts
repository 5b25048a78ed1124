import { describe, expect, it } from 'vitest';
import { siteOf } from './url';

describe('siteOf', () => {
  it.each([
    ['https://www.example.org/wiki/Page', 'example.org'],
    ['https://docs.python.org/3/library/', 'docs.python.org'],
    ['http://127.0.0.1:8089/wiki/Mount_Kilimanjaro', '127.0.0.1:8089'],
    ['javascript:alert(1)', ''],
    ['not a url', ''],
    ['', ''],
  ])('%s is from %s', (url, want) => {
    expect(siteOf(url)).toBe(want);
  });
});

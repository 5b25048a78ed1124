import { describe, expect, it } from 'vitest';
import { asSentence, printingLine, userMessage } from './message';

const UNKNOWN_FAILURE = 'Something went wrong talking to the Scout backend. Restart the app; if it happens again, report it.';

describe('userMessage', () => {
  it.each([
    ['this run has no report yet (open report.md: no such file)', 'This run has no report yet (open report.md: no such file)'],
    ['Nothing is listening at http://127.0.0.1:1234.', 'Nothing is listening at http://127.0.0.1:1234.'],
    [new Error('no run is going'), 'No run is going'],
    ['  ', UNKNOWN_FAILURE],
    [undefined, UNKNOWN_FAILURE],
  ])('%s', (err, want) => expect(userMessage(err)).toBe(want));
});

describe('asSentence', () => {
  it.each([
    ['paste the link into your browser', 'paste the link into your browser.'],
    ['Nothing is listening.', 'Nothing is listening.'],
    ['Really?', 'Really?'],
  ])('%s', (text, want) => expect(asSentence(text)).toBe(want));
});

describe('printingLine', () => {
  it('names the file and counts the seconds', () => {
    expect(printingLine('/home/ada/Documents/kilimanjaro.pdf', 7.6)).toBe('Printing kilimanjaro.pdf… 7 s (a PDF takes 5 to 15 s)');
    expect(printingLine('C:\\Users\\ada\\k.pdf', 0)).toBe('Printing k.pdf… 0 s (a PDF takes 5 to 15 s)');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { asSentence, printingLine, userMessage } from './message';
import { setLanguage } from '../i18n/index.svelte';

const UNKNOWN_FAILURE = 'Something went wrong talking to the Scout backend. Restart the app; if it happens again, report it.';

describe('userMessage', () => {
  it.each([
    ['this run has no report yet (open report.md: no such file)', 'This run has no report yet (open report.md: no such file)'],
    ['Nothing is listening at http://127.0.0.1:1234.', 'Nothing is listening at http://127.0.0.1:1234.'],
    [new Error('no run is going'), 'No run is going'],
    ['  ', UNKNOWN_FAILURE],
    [undefined, UNKNOWN_FAILURE],
  ])('%s', (err, want) => expect(userMessage(err)).toBe(want));

  describe("a failure Go sent as the window's message", () => {
    afterEach(() => setLanguage('en', []));
    const notListening = {
      message: 'Nothing is listening at http://127.0.0.1:9. Start the server in LM Studio: Developer tab → Start Server, or check the URL.',
      say: { key: 'llm.notListening', args: { host: 'http://127.0.0.1:9' } },
    };
    const status = {
      message: 'The model server answered HTTP 500: template {host} not found.',
      say: { key: 'llm.status', args: { status: '500', server: 'template {host} not found' } },
    };

    it("is said in the window's language, what Scout found and the server's words as written", () => {
      setLanguage('de', []);
      expect(userMessage(notListening)).toBe('Unter http://127.0.0.1:9 lauscht nichts. Starten Sie den Server in LM Studio: Reiter Developer → Start Server, oder prüfen Sie die URL.');
      expect(userMessage(status)).toBe('Der Modellserver hat mit HTTP 500 geantwortet: template {host} not found.');
      setLanguage('zh', []);
      expect(userMessage(notListening)).toBe('http://127.0.0.1:9 上没有任何服务在监听。请在 LM Studio 中启动服务器：Developer 标签页 → Start Server，或检查 URL。');
      expect(userMessage(status)).toBe('模型服务器返回 HTTP 500：template {host} not found。');
    });

    it('is Go\'s English in English, and for a key this window does not know', () => {
      expect(userMessage(notListening)).toBe(notListening.message);
      setLanguage('de', []);
      expect(userMessage({ message: 'the model server spoke in tongues', say: { key: 'llm.fromANewerScout' } })).toBe('The model server spoke in tongues');
      expect(userMessage({ message: '', say: null })).toBe('Bei der Verbindung zum Scout-Backend ist etwas schiefgegangen. Starten Sie die App neu; passiert es wieder, melden Sie es bitte.');
    });
  });
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

package llm

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
)

// Every error a connection test meets is the window's message "llm.<key>",
// whose English is word for word the one the terminal and the journal
// read; and the window has no llm message Go does not make.
func TestConnectionErrorsAreTheWindowsMessages(t *testing.T) {
	window := phrasetest.Window(t)
	for key, words := range saidWords {
		if got := window["llm."+key]; got != words {
			t.Errorf("llm.%s: the window says\n%q\nGo:\n%q", key, got, words)
		}
	}
	for key := range window {
		if name, ok := strings.CutPrefix(key, "llm."); ok && saidWords[name] == "" {
			t.Errorf("the window has %s, which Go does not make", key)
		}
	}
}

// An error's values are written into its English as they are, a server's
// words holding a {name} or Scout's key among them; the window's message
// says the same.
func TestSaidErrorsFillTheirValuesAsWritten(t *testing.T) {
	window := phrasetest.Window(t)
	tests := []struct {
		err  *Error
		want string
	}{
		{said(ErrServer, "status", "status", "500", "server", "template {host} not found"),
			"The model server answered HTTP 500: template {host} not found."},
		{said(ErrNotListening, "notListening", "host", "http://127.0.0.1:9"),
			"Nothing is listening at http://127.0.0.1:9. Start the server in LM Studio: Developer tab → Start Server, or check the URL."},
		{said(ErrUnauthorized, "keyRefused", "host", "https://api.example", "status", "HTTP 401: bad key sk-secret").concealed("sk-secret", keyShown),
			"The model server at https://api.example refused the API key Scout sent (HTTP 401: bad key [your API key]). Check the key in " + keyHint + ": it must be one the server accepts, the key llama-server or vLLM was started with (--api-key), or one your provider issued for this service."},
	}
	for _, tc := range tests {
		if tc.err.Message != tc.want {
			t.Errorf("Go says\n%s\nwant\n%s", tc.err.Message, tc.want)
		}
		if got, known := phrasetest.English(window, tc.err.Said()); !known || got != tc.want {
			t.Errorf("the window says (known: %v)\n%s\nwant\n%s", known, got, tc.want)
		}
		if got := phrase.OfError(fmt.Errorf("testing the connection: %w", tc.err)); got != nil {
			t.Errorf("an error wrapped in more words is said as %v, want as written", got)
		}
		if got := phrase.OfError(tc.err); got != tc.err.Say {
			t.Errorf("the error is said as %v, want %v", got, tc.err.Say)
		}
	}
}

// What Scout says while a server stays silent is the window's message, in
// English word for word as the journal has it.
func TestWaitNotesAreTheWindowsMessages(t *testing.T) {
	window := phrasetest.Window(t)
	for _, tc := range []struct {
		wrote, loading bool
		quiet, left    time.Duration
		tokens         int
	}{
		{false, false, 30 * time.Second, 9 * time.Minute, 850},
		{false, true, 61 * time.Second, 2 * time.Minute, 12345},
		{true, false, 5 * time.Minute, 40 * time.Second, 0},
	} {
		text, said := waitNote(tc.wrote, tc.loading, tc.quiet, tc.left, tc.tokens)
		if got, known := phrasetest.English(window, said); !known || got != text {
			t.Errorf("the window says (known: %v)\n%s\nthe journal:\n%s", known, got, text)
		}
	}
}

// A connection test's notes are the window's messages, one for each, in
// English word for word as Settings and the terminal have them.
func TestConnectionNotesAreTheWindowsMessages(t *testing.T) {
	window := phrasetest.Window(t)
	var info ServerInfo
	for _, n := range []note{notLoadedNote(""), notLoadedNote("qwen2.5-7b"), ollamaNotLoadedNote("llama3.2"), noteOf("noContext")} {
		info.note(n)
	}
	if len(info.NoteSays) != len(info.Notes) || len(info.Notes) != 4 {
		t.Fatalf("%d notes, %d said", len(info.Notes), len(info.NoteSays))
	}
	for i, text := range info.Notes {
		if got, known := phrasetest.English(window, info.NoteSays[i]); !known || got != text {
			t.Errorf("the window says (known: %v)\n%s\nGo:\n%s", known, got, text)
		}
	}
}

// Where Scout says what a server's answer lacks, inside an error's
// message, the words are the window's message too, not English inside
// another language's sentence.
func TestScoutsWordsInsideErrorsAreTheWindows(t *testing.T) {
	window := phrasetest.Window(t)
	tests := []struct {
		err   *Error
		value string
		key   string
	}{
		{wrongPath("http://127.0.0.1:1234/v1", wordsOf("noModelList")), "detail", "llm.noModelList"},
		{wrongPath("http://127.0.0.1:1234", wordsOf("noModelList")), "detail", "llm.noModelList"},
		{said(ErrNotAPI, "notJSON", "host", "h", "type", describeContentType("")), "type", "llm.noContentType"},
		{errStream(wordsOf("chunkOff")), "detail", "llm.chunkOff"},
	}
	for _, tc := range tests {
		if got, known := phrasetest.English(window, tc.err.Said()); !known || got != tc.err.Message {
			t.Errorf("the window says (known: %v)\n%s\nGo:\n%s", known, got, tc.err.Message)
		}
		if v, ok := tc.err.Said().Args[tc.value].(*phrase.Said); !ok || v.Key != tc.key {
			t.Errorf("%s: its %s is %#v, want the window's %s", tc.err.Message, tc.value, tc.err.Said().Args[tc.value], tc.key)
		}
	}
	if got := describeContentType("text/plain"); got != "text/plain" {
		t.Errorf("a content type the server gave is said as %#v, want as written", got)
	}
}

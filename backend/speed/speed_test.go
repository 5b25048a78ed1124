package speed

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/phrase/phrasetest"
)

func TestAbout(t *testing.T) {
	for d, want := range map[time.Duration]string{
		2 * time.Second: "a few seconds", 12 * time.Second: "about 10 s", 43 * time.Second: "about 45 s",
		58 * time.Second: "about 1 min", 4*time.Minute + 20*time.Second: "about 4 min", 2 * time.Hour: "about 2 h", 100 * time.Minute: "about 1.7 h",
	} {
		if got := About(d); got != want {
			t.Errorf("About(%v) = %q, want %q", d, got, want)
		}
	}
}

// The window says every wait About writes in its own words; in English
// exactly as About writes it.
func TestAboutIsTheWindowsMessage(t *testing.T) {
	m := phrasetest.Window(t)
	for d := time.Duration(0); d < 3*time.Hour; d += 700 * time.Millisecond {
		if got, known := phrasetest.English(m, AboutSaid(d)); !known || got != About(d) {
			t.Fatalf("%v: the window says %q (known: %v), Go %q", d, got, known, About(d))
		}
	}
}

func TestSpent(t *testing.T) {
	for d, want := range map[time.Duration]string{400 * time.Millisecond: "0 s", 6200 * time.Millisecond: "6 s", 65 * time.Second: "1 min 5 s",
		2 * time.Minute: "2 min", time.Hour + 2*time.Second: "1 h 2 s", -time.Second: "0 s"} {
		if got := Spent(d); got != want {
			t.Errorf("Spent(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestCountAndRate(t *testing.T) {
	for n, want := range map[int]string{0: "0", 950: "950", 1850: "1,850", 1234567: "1,234,567", -4200: "-4,200"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
	for r, want := range map[float64]string{0: "?", 3.46: "3.5", 12.5: "13", 412.3: "412", 90838: "90,838"} {
		if got := Rate(r); got != want {
			t.Errorf("Rate(%v) = %q, want %q", r, got, want)
		}
	}
}

func TestRatesTurnTokensIntoTime(t *testing.T) {
	r := Rates{Read: 7, Write: 3.5}
	if got := r.Reading(1850); got.Round(time.Second) != 264*time.Second {
		t.Errorf("reading 1,850 tokens at 7/s takes %v", got)
	}
	if got := r.Writing(70); got != 20*time.Second {
		t.Errorf("writing 70 tokens at 3.5/s takes %v", got)
	}
	if (Rates{}).Reading(100) != 0 || (Rates{}).Known() {
		t.Error("unknown speeds must give no time")
	}
	if got := PartTokens(r, 2*time.Minute); got != 840 {
		t.Errorf("a 2-minute part at 7 tokens/s holds %d tokens, want 840", got)
	}
}

func TestSummary(t *testing.T) {
	m := Measurement{ReadRate: 412, WriteRate: 12.5, PrefixReuse: Yes, Schema: Yes}
	if got := m.Summary(); got != "reads 412 tokens/s, writes 13 tokens/s, reuses its prompt cache, follows JSON schemas" {
		t.Errorf("%q", got)
	}
	m = Measurement{ReadRate: 412, PrefixReuse: No, Schema: No}
	if got := m.Summary(); got != "reads 412 tokens/s, does not reuse its prompt cache, does not follow JSON schemas" {
		t.Errorf("%q", got)
	}
}

func TestFresh(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		measured time.Time
		want     bool
	}{{now.Add(-time.Hour), true}, {now.Add(-8 * 24 * time.Hour), false}, {time.Time{}, false}, {now.Add(time.Hour), false}} {
		if got := (Measurement{Measured: tc.measured}).Fresh(now); got != tc.want {
			t.Errorf("measured %v: fresh %v, want %v", tc.measured, got, tc.want)
		}
	}
}

// The book files one measurement per server and model, finds it however
// the URL was typed, never writes a credential from the URL, and keeps the
// file private.
func TestBook(t *testing.T) {
	b := &Book{Path: filepath.Join(t.TempDir(), "scout", "speeds.json")}
	if _, ok := b.Find("http://127.0.0.1:1234/v1", "qwen"); ok {
		t.Fatal("an empty book found something")
	}
	at := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	put := func(url, model string, read float64) {
		t.Helper()
		if err := b.Put(Measurement{ServerURL: url, Model: model, ReadRate: read, Measured: at}); err != nil {
			t.Fatal(err)
		}
		at = at.Add(time.Minute)
	}
	put("http://user:secret@127.0.0.1:1234/v1/?api_key=abc", "qwen", 40)
	put("http://127.0.0.1:1234/v1", "llama", 30)
	put("http://127.0.0.1:1234/v1", "qwen", 42) // measured again
	m, ok := b.Find("http://127.0.0.1:1234/v1/", "qwen")
	if !ok || m.ReadRate != 42 || m.ServerURL != "http://127.0.0.1:1234/v1" {
		t.Fatalf("found %+v, %v", m, ok)
	}
	if m, ok := b.Find("http://127.0.0.1:1234/v1", "llama"); !ok || m.ReadRate != 30 {
		t.Errorf("the other model: %+v, %v", m, ok)
	}
	data, err := os.ReadFile(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "secret") || strings.Contains(string(data), "abc") || strings.Count(string(data), `"model"`) != 2 {
		t.Errorf("the book holds:\n%s", data)
	}
	if info, _ := os.Stat(b.Path); info.Mode().Perm() != 0o600 {
		t.Errorf("the book's mode is %v", info.Mode().Perm())
	}
	// A damaged book is an empty one, and the next measurement replaces it.
	os.WriteFile(b.Path, []byte("{not json"), 0o600)
	if _, ok := b.Find("http://127.0.0.1:1234/v1", "qwen"); ok {
		t.Error("a damaged book found something")
	}
	put("http://127.0.0.1:1234/v1", "qwen", 44)
	if m, ok := b.Find("http://127.0.0.1:1234/v1", "qwen"); !ok || m.ReadRate != 44 {
		t.Errorf("after a damaged book: %+v, %v", m, ok)
	}
}

// Newest finds the latest measurement on a server whatever its model, for
// Settings before it knows which model a run would use.
func TestBookNewest(t *testing.T) {
	b := &Book{Path: filepath.Join(t.TempDir(), "speeds.json")}
	if _, ok := b.Newest("http://127.0.0.1:1234/v1"); ok {
		t.Error("an empty book has a newest measurement")
	}
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	for i, m := range []Measurement{
		{ServerURL: "http://127.0.0.1:1234/v1", Model: "old", Measured: at},
		{ServerURL: "http://127.0.0.1:1234/v1/", Model: "new", Measured: at.Add(time.Hour)},
		{ServerURL: "http://127.0.0.1:8080/v1", Model: "elsewhere", Measured: at.Add(2 * time.Hour)},
	} {
		if err := b.Put(m); err != nil {
			t.Fatal(i, err)
		}
	}
	if m, ok := b.Newest("http://127.0.0.1:1234/v1"); !ok || m.Model != "new" {
		t.Errorf("newest %+v %v, want the model measured last on that server", m, ok)
	}
}

// A measurement that could not be kept says so in the window's words, the
// system's error as written; in English as the terminal has it.
func TestNotKeptIsTheWindowsMessage(t *testing.T) {
	var m Measurement
	m.WarnNotKept(errors.New("open /data/scout/speeds.json: permission denied"))
	if len(m.Warnings) != 1 || len(m.WarningSays) != 1 {
		t.Fatalf("%d warnings, %d said for the window", len(m.Warnings), len(m.WarningSays))
	}
	want := "The measurement could not be kept, so it is made again before the next run: open /data/scout/speeds.json: permission denied"
	if got, known := phrasetest.English(phrasetest.Window(t), m.WarningSays[0]); !known || got != want || m.Warnings[0] != want {
		t.Errorf("the window says %q (known: %v), Go %q; want %q", got, known, m.Warnings[0], want)
	}
}

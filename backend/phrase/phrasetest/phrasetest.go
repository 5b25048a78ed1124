// Package phrasetest says a phrase.Said as the window says it in English
// (frontend/src/i18n/en.json), for tests that hold the window's English to
// the words Go writes for the terminal.
package phrasetest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/phrase"
)

// Window is the window's English messages, read from the repository's
// frontend/src/i18n/en.json (every other language's file has its keys;
// the frontend's tests hold that).
func Window(t testing.TB) map[string]string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
	b, err := os.ReadFile(filepath.Join(dir, "frontend", "src", "i18n", "en.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

var placeholder = regexp.MustCompile(`\{(\w+)\}`)

// English is s as the window says it in English: its message (the one or
// other form by n) with its {names} filled, numbers as English writes
// them ("1,850") and a value that is itself a message said in turn; and
// whether the window knows every key in it.
func English(m map[string]string, s *phrase.Said) (string, bool) {
	msg, ok := m[s.Key]
	if _, counted := m[s.Key+".other"]; counted {
		form := ".other"
		if fmt.Sprint(s.Args["n"]) == "1" {
			form = ".one"
		}
		msg, ok = m[s.Key+form]
	}
	out := placeholder.ReplaceAllStringFunc(msg, func(p string) string {
		v, has := s.Args[p[1:len(p)-1]]
		if !has {
			return p
		}
		text, known := value(m, v)
		ok = ok && known
		return text
	})
	return out, ok
}

// value is a message's value as English writes it.
func value(m map[string]string, v any) (string, bool) {
	switch v := v.(type) {
	case *phrase.Said:
		return English(m, v)
	case int:
		return grouped(v), true
	case int64:
		return grouped(int(v)), true
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), true
	case phrase.Day:
		day, err := time.Parse(time.DateOnly, v.Day)
		return day.Format("2 Jan 2006"), err == nil
	case phrase.Seconds:
		return span(m, v.Seconds)
	}
	return fmt.Sprint(v), true
}

// span is a time taken as the window writes it in English: "1 h 2 min 3
// s", a unit of none left out.
func span(m map[string]string, sec int) (string, bool) {
	sec = max(0, sec)
	out, ok := "", true
	for _, u := range []struct {
		key string
		n   int
	}{{"duration.h", sec / 3600}, {"duration.min", sec / 60 % 60}, {"duration.s", sec % 60}} {
		if u.n == 0 && (u.key != "duration.s" || out != "") {
			continue
		}
		part, known := English(m, phrase.Of(u.key, "n", u.n))
		ok = ok && known
		if out != "" {
			part, known = English(m, phrase.Of("duration.join", "a", out, "b", part))
			ok = ok && known
		}
		out = part
	}
	return out, ok
}

// grouped writes n with its thousands separated, as English does.
func grouped(n int) string {
	if n < 0 {
		return "-" + grouped(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

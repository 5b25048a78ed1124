package report

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/lang"
)

// The report's own words (headings, labels, status lines, figures) are
// written in the language of the run's objective: one file of messages
// per language (messages/<tag>.json), English's the full set. A key a
// file lacks is said in English, and a test fails for it, so a
// translation cannot silently fall behind. A message with verbs (%d, %s)
// has the same verbs in the same order in every language.

//go:embed messages/*.json
var messageFS embed.FS

// message is one message in one language: its text by CLDR plural
// category ("one", "few", "many", "other"), the category being that of
// the count the message says (1 Runde, 30 Runden; 1 ход, 3 хода, 5
// ходов). A message without plural forms is "other" alone, and is a plain
// string in the file; Chinese and Japanese have that one form.
type message map[string]string

func (m *message) UnmarshalJSON(b []byte) error {
	var text string
	if err := json.Unmarshal(b, &text); err == nil {
		*m = message{pluralOther: text}
		return nil
	}
	var forms map[string]string
	if err := json.Unmarshal(b, &forms); err != nil {
		return err
	}
	*m = forms
	return nil
}

// words are the report's fixed words in one language.
type words struct {
	tag lang.Tag
	m   map[string]message
}

// messageFiles are the messages of every language that has a file, by
// its tag.
var messageFiles = func() map[lang.Tag]map[string]message {
	out := map[lang.Tag]map[string]message{}
	for _, t := range lang.Tags {
		raw, err := messageFS.ReadFile("messages/" + string(t) + ".json")
		if err != nil {
			continue
		}
		m := map[string]message{}
		if err := json.Unmarshal(raw, &m); err != nil {
			panic(fmt.Sprintf("report messages for %s: %v", t, err)) // embedded: a test catches it
		}
		out[t] = m
	}
	return out
}()

var english = words{tag: lang.English, m: messageFiles[lang.English]}

// wordsFor are the report's words for a run with objective.
func wordsFor(objective string) words {
	t := lang.Answering(objective)
	return words{tag: t, m: messageFiles[t]}
}

// wordsOf are the report's words for res.
func wordsOf(res *agent.Result) words { return wordsFor(res.Objective) }

// s is the message key, in English where the language lacks it.
func (w words) s(key string) string { return w.forms(key).pick(pluralOther) }

// f is the message key with args put in.
func (w words) f(key string, args ...any) string { return fmt.Sprintf(w.s(key), args...) }

// p is the message key in the form its language gives count n, with args
// put in (n is among them where the message says it).
func (w words) p(key string, n int, args ...any) string {
	tag := w.tag
	if _, ok := w.m[key]; !ok {
		tag = lang.English // said in English, so by English's forms
	}
	return fmt.Sprintf(w.forms(key).pick(pluralForm(tag, n)), args...)
}

// forms are the message key's forms, English's where the language lacks
// it.
func (w words) forms(key string) message {
	if v, ok := w.m[key]; ok {
		return v
	}
	if v, ok := english.m[key]; ok {
		return v
	}
	panic("report: no message " + key) // a typo in the code: every test of the report reaches it
}

// pick is the message's text in plural form, "other" where it has no
// such form.
func (m message) pick(form string) string {
	if v, ok := m[form]; ok {
		return v
	}
	return m[pluralOther]
}

// joinNames is names as a sentence in the language lists them: "A, B
// and C", "A、B和C".
func (w words) joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], w.s("names_comma")) + w.s("names_and") + names[len(names)-1]
}

// labels are every message in the language, English's where it lacks
// one, for the HTML template.
func (w words) labels() map[string]string {
	out := make(map[string]string, len(english.m))
	for k := range english.m {
		out[k] = w.s(k)
	}
	return out
}

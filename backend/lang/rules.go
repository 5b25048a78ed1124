package lang

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"unicode"
)

// Rules are the words Scout's rules read in one language. Each language's
// are in rules/<tag>.json; English's are the lists the agent's rules had
// in code, kept word for word.
type Rules struct {
	Tag Tag
	// Stop are words that say nothing about a topic.
	Stop map[string]bool
	// Negations turn a condition into its opposite a word or two before
	// it ("nicht", "不是"); NegationsAfter do so after it (Japanese
	// "無料ではありません").
	Negations      map[string]bool
	NegationsAfter map[string]bool
	// Counts are the number words an item asks for so many things with
	// ("drei", "三"); CountSuffixes are the counters written after them
	// ("个" in "三个", "つ" in "三つ").
	Counts        map[string]int
	CountSuffixes []string
	// CountAnywhere: the count may stand anywhere in the item, not only at
	// its head (Japanese puts it last: "エディタを三つ").
	CountAnywhere bool
	// Lead are words an item opens with before its count ("nenne", "列出").
	Lead map[string]bool
	// Ordinals tell siblings apart ("zweite", "第二").
	Ordinals map[string]bool
	// Qualifiers put a name after them where a place or platform narrows
	// what an item asks for ("for Linux", "für Linux", "在 Linux 上"):
	// the name is not a thing the item asks about.
	Qualifiers map[string]bool
	// Conditions are the qualities an item can require, each a group of
	// spellings of one quality, the first its name ("kostenlos", "gratis").
	Conditions [][]string
	// Antonyms say a condition does not hold ("kostenpflichtig" for
	// "kostenlos"), by the condition's name.
	Antonyms map[string][]string
	// YesNo open a yes-or-no question ("ist", "est"); Whether make one
	// wherever they stand ("ob", "是否", "吗").
	YesNo, Whether map[string]bool
	// Addressed, Held and Unheld are the phrases of an item that asks for
	// a view: addressed to the agent ("deine meinung"), someone else's
	// ("laut experten"), or a view nobody in the item holds ("fazit").
	Addressed, Held, Unheld []string
	// NounsCapitalised: every noun is written with a capital (German), so
	// a capital alone does not make a word a name.
	NounsCapitalised bool
	// Units are the language's spellings of units, each to the one
	// spelling Scout compares ("Meter": "m", "米": "m").
	Units map[string]string

	// known are the words that tell the language: its function words and
	// the words of its rules.
	known map[string]bool

	decimalComma bool
	// stem is the language's stemmer (stem.go), or nil.
	stem func(string) string
}

// file is a rules file as written.
type file struct {
	Markers        string              `json:"markers"`
	Stop           string              `json:"stop"`
	Negations      []string            `json:"negations"`
	NegationsAfter []string            `json:"negations_after"`
	Counts         map[string]int      `json:"counts"`
	CountSuffixes  []string            `json:"count_suffixes"`
	CountAnywhere  bool                `json:"count_anywhere"`
	Lead           string              `json:"lead"`
	Ordinals       string              `json:"ordinals"`
	Qualifiers     string              `json:"qualifiers"`
	Conditions     [][]string          `json:"conditions"`
	Antonyms       map[string][]string `json:"antonyms"`
	YesNo          []string            `json:"yes_no"`
	Whether        []string            `json:"whether"`
	Addressed      []string            `json:"addressed"`
	Held           []string            `json:"held"`
	Unheld         []string            `json:"unheld"`
	ScriptPairs    string              `json:"script_pairs"`
	DecimalMark    string              `json:"decimal_mark"`
	Units          map[string]string   `json:"units"`
	NounsCapital   bool                `json:"nouns_capitalised"`
	Stemmer        string              `json:"stemmer"`
}

//go:embed rules/*.json
var files embed.FS

var (
	loadOnce sync.Once
	loaded   map[Tag]*Rules
	pairs    string
)

// For is the rules of language t; of English where Scout has none for t.
func For(t Tag) *Rules {
	loadOnce.Do(load)
	if r, ok := loaded[t]; ok {
		return r
	}
	return loaded[English]
}

// All are the rules of every language, English first.
func All() []*Rules {
	out := make([]*Rules, len(Tags))
	for i, t := range Tags {
		out[i] = For(t)
	}
	return out
}

func load() {
	loaded = map[Tag]*Rules{}
	for _, t := range Tags {
		r, err := parse(t)
		if err != nil {
			panic(err) // the files are embedded and under test: a bad one is a bug in this build
		}
		loaded[t] = r
	}
}

func parse(t Tag) (*Rules, error) {
	b, err := files.ReadFile("rules/" + string(t) + ".json")
	if err != nil {
		return nil, err
	}
	var f file
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("rules/%s.json: %w", t, err)
	}
	if _, ok := stemmers[f.Stemmer]; f.Stemmer != "" && !ok {
		return nil, fmt.Errorf("rules/%s.json: no stemmer %q", t, f.Stemmer)
	}
	if f.ScriptPairs != "" {
		pairs = f.ScriptPairs
	}
	r := &Rules{Tag: t, Stop: set(strings.Fields(f.Stop)), Negations: set(f.Negations), NegationsAfter: set(f.NegationsAfter),
		Counts: f.Counts, CountSuffixes: f.CountSuffixes, CountAnywhere: f.CountAnywhere, Lead: set(strings.Fields(f.Lead)),
		Ordinals: set(strings.Fields(f.Ordinals)), Qualifiers: set(strings.Fields(f.Qualifiers)), Conditions: f.Conditions, Antonyms: f.Antonyms, YesNo: set(f.YesNo), Whether: set(f.Whether),
		Addressed: f.Addressed, Held: f.Held, Unheld: f.Unheld, known: set(strings.Fields(f.Markers + " " + f.Stop)),
		decimalComma: f.DecimalMark == ",", Units: f.Units, NounsCapitalised: f.NounsCapital, stem: stemmers[f.Stemmer]}
	for w := range r.Counts {
		r.known[w] = true
	}
	for _, ws := range [][]string{f.Negations, f.YesNo, f.Whether} {
		for _, w := range ws {
			r.known[w] = true
		}
	}
	for _, group := range f.Conditions {
		for _, form := range group {
			if !strings.Contains(form, " ") {
				r.known[form] = true
			}
		}
	}
	if r.Counts == nil {
		r.Counts = map[string]int{}
	}
	return r, nil
}

func set(ws []string) map[string]bool {
	m := map[string]bool{}
	for _, w := range ws {
		m[strings.ToLower(w)] = true
	}
	return m
}

// scriptPairs are the characters only simplified and only traditional
// Chinese write, from the pairs in rules/zh-Hant.json ("费費 编編").
func scriptPairs() (simp, trad map[rune]bool) {
	loadOnce.Do(load)
	simp, trad = map[rune]bool{}, map[rune]bool{}
	for _, p := range strings.Fields(pairs) {
		rs := []rune(p)
		if len(rs) == 2 {
			simp[rs[0]], trad[rs[1]] = true, true
		}
	}
	return simp, trad
}

// HasCJK reports whether s has a Han or kana character: text the
// segmenter cuts into words.
func HasCJK(s string) bool {
	for _, r := range s {
		if isCJK(r) {
			return true
		}
	}
	return false
}

func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || isKana(r)
}

// isKana: hiragana, katakana and the long-vowel mark "ー" ("オープン"),
// which Unicode counts as common to both.
func isKana(r rune) bool {
	return unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || r == 'ー'
}

package tie

import (
	"slices"
	"strconv"
	"strings"

	"github.com/scout-research/scout/backend/agent/words"
)

// Reading an item's conditions and count: what it asks the things it
// names to be ("free", "open source"), how many it asks for, and whether a
// finding's words show or deny a condition.

// Denies reports whether text says cond does not hold: negated ("not open
// source", "non-free", "nicht kostenlos") or by its opposite ("proprietary").
func Denies(text, cond string) bool {
	ws := words.Of(text)
	for _, cw := range conditionForms(cond) {
		for i := 0; i+len(cw) <= len(ws); i++ {
			if wordsAre(ws[i:i+len(cw)], cw) && negatedAround(ws, i, i+len(cw)) {
				return true
			}
		}
	}
	have := " " + strings.Join(ws, " ") + " "
	for _, a := range antonymsOf(cond) {
		if strings.Contains(have, " "+strings.Join(words.Of(a), " ")+" ") {
			return true
		}
	}
	return false
}

// MissingCondition is the first condition text does not show in its
// words, or "".
func MissingCondition(text string, conds []string) string {
	ws := words.Of(text)
	for _, c := range conds {
		if !ShowsCondition(ws, c) {
			return c
		}
	}
	return ""
}

// ShowsCondition reports whether the words ws state condition c in one of
// its spellings, and not its negation.
func ShowsCondition(ws []string, c string) bool {
	return slices.ContainsFunc(conditionForms(c), func(cw []string) bool { return shows(ws, cw) })
}

// shows reports whether the words ws state cond, and not its negation
// ("not open source", "non-free", "isn't free", "无料ではありません").
func shows(ws, cond []string) bool {
	for i := 0; i+len(cond) <= len(ws); i++ {
		if wordsAre(ws[i:i+len(cond)], cond) && !negatedAround(ws, i, i+len(cond)) {
			return true
		}
	}
	return false
}

// negatedAround reports whether a negation stands a word or two before
// ws[from:to], or (Japanese) after it.
func negatedAround(ws []string, from, to int) bool {
	return anyIn(ws[max(0, from-negationReach):from], negationsBefore) || anyIn(ws[to:min(len(ws), to+negationReach)], negationsAfter)
}

func anyIn(ws []string, set map[string]bool) bool {
	return slices.ContainsFunc(ws, func(w string) bool { return set[w] })
}

// CountAsked is the count of things an item asks for ("three tools", "5
// examples", "drei Editoren"), 0 when it asks for no number of them.
func CountAsked(item string) int {
	var ws []string
	for _, w := range words.Of(item) {
		if !leadWords[w] || len(ws) > 0 {
			ws = append(ws, w)
		}
	}
	for i, w := range ws {
		if i == countWithin {
			break
		}
		if n, ok := english.Counts[w]; ok {
			return n
		}
		if n, err := strconv.Atoi(w); err == nil && n >= 2 && n <= maxCountAsked && i+1 < len(ws) {
			return n
		}
	}
	return foreignCount(item)
}

// Conditions are the qualities item asks the things it names to have
// ("free", "open source"), by their English names where a language's
// spelling has one.
func Conditions(item string) []string {
	have := " " + strings.Join(words.Of(item), " ") + " "
	var out []string
	for _, c := range conditionWords {
		if strings.Contains(have, " "+c+" ") {
			out = append(out, c)
		}
	}
	for _, c := range foreignConditions(item, have) {
		if !slices.Contains(out, c) {
			out = append(out, c) // "Open-Source-Editoren" is open source in English's words too
		}
	}
	return out
}

// leadWords are words an item may open with before its count.
var leadWords = english.Lead

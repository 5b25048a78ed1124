// Package opinion tells an item that asks for the agent's own view, which
// the writer gives, from one that asks for a view the pages hold.
package opinion

import (
	"regexp"
	"strings"

	"github.com/scout-research/scout/backend/agent/words"
)

// Opinion items. An item asks for the agent's own view when it addresses
// the agent ("your view", "would you recommend", "form an opinion") or
// asks for a view that nobody named in it holds ("an opinion on X", "a
// verdict", "is it worth it"). It asks for a view the pages hold, a
// sourced item like any other, when it says whose view it is: a possessive
// ("the reviewers' opinion"), a group ("public opinion", "expert
// opinion"), many holders ("views on X"), a holder after the noun
// ("recommendations from the WHO"), or someone who thinks, says or
// recommends it ("what critics think", "the dose doctors recommend").
// Addressing the agent wins over a holder the item mentions ("your view on
// what critics think"); otherwise a holder wins over a word of opinion.

// viewNouns are the nouns an item asks for a view with.
const viewNouns = `(?:opinion|view|take|verdict|recommendation|advice|assessment|judge?ment|pick|choice|conclusion|thoughts|stance|position)s?`

// addressedView is an item that asks the agent (or the user, for whom the
// agent answers) for a view in so many words.
var addressedView = regexp.MustCompile(`\b(?:your|my|our)\s+(?:own\s+|personal\s+|honest\s+|overall\s+|final\s+)?` + viewNouns + `\b` +
	`|\b(?:own|personal|subjective)\s+(?:opinion|view|take|verdict|recommendation|assessment|judge?ment|conclusion|stance|thoughts)s?\b` +
	`|\bin\s+(?:your|my)\s+(?:view|opinion)\b` +
	// "Would you" asks the agent; "should you" is a how-to's generic
	// you ("how long should you knead"), "should I" the user's own choice.
	`|\bwould\s+(?:you|i|we)\s+(?:recommend|suggest|prefer|choose|pick|buy|get|go\s+with|use)\b` +
	`|\b(?:do|can|could)\s+you\s+(?:recommend|suggest|prefer)\b` +
	`|\bshould\s+(?:i|we)\s+(?:buy|get|use|choose|pick|go\s+with|try|switch|upgrade|install|learn|migrate)\b` +
	`|\bwhich\s+(?:\w+\s+){0,2}(?:would\s+(?:you|i|we)|should\s+(?:i|we))\b` +
	`|\b(?:do|would|did)\s+you\s+think\b|\bwhat\s+you\s+think\b` +
	`|\b(?:form|give|state|offer|share|express|write|add|provide|include|make|reach)\s+(?:a|an|your|my)\s+(?:\w+\s+)?(?:opinion|view|verdict|recommendation|judge?ment|assessment|take)\b`)

// unheldView is a word of opinion with no holder of its own: the agent's
// to give, unless the item names someone else's (see heldByOthers).
var unheldView = regexp.MustCompile(`\bopinion\b|\bview\s+(?:on|about|regarding|as\s+to)\b|\bverdict\b|\brecommendations?\b|\brecommend\b` +
	`|\ba\s+(?:take|stance)\s+on\b` +
	`|\bworth\s+(?:it|\w+ing|the\s+(?:money|cost|price|hype|effort|investment|upgrade|time|wait))\b` +
	`|\badvice\s+on\s+(?:whether|which)\b` +
	`|\bis\s+(?:it|one|this|that)\s+worth\b` +
	`|\bwhich\s+(?:\w+\s+)?to\s+(?:choose|pick|buy|get|go\s+with|recommend)\b` +
	`|\b(?:better|best)\s+(?:choice|buy|option|pick)\s+for\s+(?:me|us|my|our)\b`)

// namedHolder is a view an item says is someone else's by its form.
var namedHolder = regexp.MustCompile(
	// A possessive: the reviewers' opinion, the author's own view.
	`\b[\p{L}\p{N}]+(?:'s|s')\s+(?:\p{L}+\s+)?` + viewNouns + `\b` +
		`|\b(?:their|his|her|its)\s+(?:own\s+)?` + viewNouns + `\b` +
		// A group that holds it, or opinion as a kind of text.
		`|\b(?:public|popular|expert|experts|majority|minority|dissenting|concurring|medical|legal|professional|scientific|scholarly|academic|consensus|official|editorial|user|customer|reader|second|common|prevailing|mainstream)\s+(?:opinion|view|verdict|recommendation|advice|assessment)s?\b` +
		`|\bopinion\s+(?:polls?|pieces?|columns?|surveys?|articles?|writers?|leaders?|makers?)\b` +
		// Many holders: the views a page collects.
		`|\b(?:opinions|views|verdicts|takes|stances|judge?ments)\b` +
		// An authority's advice, and views as the pages report them.
		`|\brecommended\b|\baccording\s+to\b|\b(?:quoted|cited|reported|expressed|polls?|surveys?)\b`)

// contraction is a word ending in 's that is no holder's possessive
// ("it's worth it", "what's your view").
var contraction = regexp.MustCompile(`\b(what|that|there|here|it|who|let|one)'s\b`)

// Is reports whether an item asks for the agent's own view, which the
// writer gives ("My view:") from the findings: it is no gap, and no
// finding is looked for to cover it.
func Is(item string) bool {
	s := strings.ToLower(strings.Join(strings.Fields(item), " "))
	s = contraction.ReplaceAllString(strings.ReplaceAll(s, "’", "'"), "$1 is")
	if addressedView.MatchString(s) {
		return true
	}
	if opinion, decided := foreignOpinion(item); decided { // an item in another language (lang.go)
		return opinion
	}
	switch {
	case namedHolder.MatchString(s), heldAfter(words.Of(s)):
		return false
	}
	return unheldView.MatchString(s)
}

// viewVerbs are what a holder does with a view: "critics think",
// "doctors recommend", "traditions view cats".
var viewVerbs = wordSet("think thinks believe believes say says said recommend recommends consider considers prefer prefers suggest suggests argue argues view")

// notHolders are the words before a view verb that leave it the agent's:
// the agent or the user, a helping verb, an infinitive's "to" ("which to
// recommend"), or a determiner that makes "view" a noun.
var notHolders = wordSet("you i we d would should could can do did to and or then also not please a an the your my our this that one")

// viewNounHeads are the nouns a holder may follow with "of", "from" or
// "by" ("the recommendation of the WHO", "the view from the summit").
// Opinion is one only after "the" ("the opinion of Buddhist scholars"):
// "an opinion of the film" is about the film.
var viewNounHeads = wordSet("view verdict recommendation recommendations advice assessment judgement judgment stance position")

// aboutNotHolder are the words after "of" that make it about what the
// view concerns: "a recommendation of which to buy".
var aboutNotHolder = wordSet("which what whether how it this that them one")

// heldAfter reports whether the words name a holder by their order: a
// subject before a view verb, or one after a view noun.
func heldAfter(ws []string) bool {
	for i, w := range ws {
		var next string
		if i+1 < len(ws) {
			next = ws[i+1]
		}
		switch {
		case viewVerbs[w] && i > 0 && !notHolders[ws[i-1]] && (w != "view" || next != "" && !viewNounFollowers[next]):
			return true
		case viewNounHeads[w] || w == "opinion" && i > 0 && ws[i-1] == "the":
			if next == "from" || next == "by" || next == "among" || next == "of" && i+2 < len(ws) && !aboutNotHolder[ws[i+2]] {
				return true
			}
		}
	}
	return false
}

// viewNounFollowers follow "view" the noun, not the verb: "a view on
// it", "the view from the top", "the view that".
var viewNounFollowers = wordSet("on about of from regarding as that is are was were")

func wordSet(list string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(list) {
		out[w] = true
	}
	return out
}

package runs

import (
	"strings"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/phrase"
)

// parts are a checklist item's words, each in English and as the window's
// message (nil where the window has none).
type parts struct {
	english []string
	said    []*phrase.Said
	unsaid  bool
}

func (p *parts) add(english string, said *phrase.Said) {
	p.english = append(p.english, english)
	p.said = append(p.said, said)
	p.unsaid = p.unsaid || said == nil
}

// joined is the words joined by "; ", and as one message unless a part
// has none: the window then shows the English words whole.
func (p *parts) joined() (string, *phrase.Said) {
	english := strings.Join(p.english, "; ")
	if p.unsaid || len(p.said) == 0 {
		return english, nil
	}
	return english, sep(p.said)
}

// sep is messages one after another, as the window separates them
// ("item.sep": "; " in English).
func sep(said []*phrase.Said) *phrase.Said {
	out := said[0]
	for _, s := range said[1:] {
		out = phrase.Of("item.sep", "a", out, "b", s)
	}
	return out
}

// notFoundFor is "not found: <why>", or nil without a why.
func notFoundFor(why *phrase.Said) *phrase.Said {
	if why == nil {
		return nil
	}
	return phrase.Of("item.notFoundFor", "why", why)
}

// reasonsSaid is m's Why as the window's messages, one per reason
// ("reason.<key>") joined by "; "; nil for a Why without reasons (a report
// from before them) or a reason the window does not word.
func reasonsSaid(m agent.Missing) *phrase.Said {
	if len(m.Reasons) == 0 {
		return nil
	}
	said := make([]*phrase.Said, len(m.Reasons))
	for i, r := range m.Reasons {
		if said[i] = reasonSaid(r); said[i] == nil {
			return nil
		}
	}
	return sep(said)
}

// reasonSaid is one reason as the window's message, in the words
// agent.Reason.English gives; nil for one whose English holds words of
// the agent's own (the tie rule's detail, a result's promise).
func reasonSaid(r agent.Reason) *phrase.Said {
	switch r.Key {
	case agent.ReasonUncovered, agent.ReasonUnchecked, agent.ReasonNoView, agent.ReasonViewUnwritten, agent.ReasonViewLater:
		return phrase.Of("reason." + r.Key)
	case agent.ReasonCount:
		return phrase.Of("reason.count", "have", r.Have, "want", r.Want)
	case agent.ReasonCondition:
		return phrase.Of("reason.condition", "condition", r.Condition)
	case agent.ReasonLacking:
		return phrase.Of("reason.lacking", "names", namesSaid(r.Things))
	case agent.ReasonSaid:
		return phrase.Of("reason.said", "text", r.Text)
	}
	return nil
}

// namesSaid are things as a list the window joins in its language ("A, B
// and C", "A、B和C"), as report.JoinNames joins them in English.
func namesSaid(things []string) any {
	switch len(things) {
	case 0:
		return ""
	case 1:
		return things[0]
	}
	var list any = things[0]
	for _, th := range things[1 : len(things)-1] {
		list = phrase.Of("names.comma", "a", list, "b", th)
	}
	return phrase.Of("names.and", "a", list, "b", things[len(things)-1])
}

package search

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/phrase"
)

// A bot check is a question for a person. When the results page shows in a
// window someone watches, DuckDuckGo leaves its check there for them to
// answer and goes on with the results it leads to, instead of asking again
// a few seconds later (which a real check does not let through).

// PersonWait bounds the wait for a person to answer a bot check: time to
// notice the request and pick the squares, short enough that a run nobody
// watches goes on to its other attempts.
const PersonWait = 2 * time.Minute

// Person is someone who can answer a bot check in the window the search
// shows in (the visible browser's session).
type Person interface {
	// AwaitAnswer leaves the page as it is for the person and returns its
	// HTML once ready says it is past the check, or an error when ctx ends
	// or limit passes.
	AwaitAnswer(ctx context.Context, limit time.Duration, ready func(html string) bool) (string, error)
}

// askPerson leaves the bot check to the person watching, telling them so
// through notify, and reads the results page their answer leads to.
// answered is false when no answer came in time, so the other attempts
// follow.
func (d *DuckDuckGo) askPerson(ctx context.Context, notify port.Notify) (results []port.SearchResult, answered bool, err error) {
	if d.unanswered {
		return nil, false, nil // nobody answered before: the window is not watched
	}
	minutes := int(PersonWait.Minutes())
	notify.Say(port.Notice{Kind: port.NoticeWaiting, Text: fmt.Sprintf("DuckDuckGo asks whether a person is searching. Answer its question in the browser window within %d minutes and the research goes on with the results.", minutes),
		Say: phrase.Of("note.personAsked", "n", minutes)})
	_, err = d.Person.AwaitAnswer(ctx, PersonWait, func(html string) bool {
		results, answered = resultsPage(html)
		return answered
	})
	switch {
	case ctx.Err() != nil:
		return nil, false, ctx.Err()
	case err != nil:
		d.unanswered = true
		notify.Say(port.Notice{Text: "No answer to DuckDuckGo's question: trying again, and not asking you again in this run.", Say: phrase.Of("note.personSilent")})
		return nil, false, nil
	}
	return limit(results), true, nil
}

// resultsPage reads a page the person's answer led to: a results page
// (HTML or lite), possibly without results; anything else (the check, a
// page on the way) is not one.
func resultsPage(html string) ([]port.SearchResult, bool) {
	for _, parse := range []parser{ParseDuckDuckGoHTML, ParseDuckDuckGoLite} {
		results, challenged, err := parse(html)
		if err != nil {
			continue
		}
		if len(results) > 0 {
			return results, true
		}
		if !challenged && strings.Contains(html, `class="no-results"`) {
			return []port.SearchResult{}, true
		}
	}
	return nil, false
}

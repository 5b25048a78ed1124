package search

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/agent/port"
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

type noticeKey struct{}

// Note is something a search tells the user while it runs.
type Note struct {
	Text string
	// Waiting: the search waits for the user to act (answer a bot check).
	Waiting bool
}

// WithNotice returns a context through which a search tells the user, by
// calling say, what it is doing or waiting for them to do.
func WithNotice(ctx context.Context, say func(Note)) context.Context {
	return context.WithValue(ctx, noticeKey{}, say)
}

// Notice tells the user n through the context's notice function, if any.
func Notice(ctx context.Context, n Note) {
	if say, ok := ctx.Value(noticeKey{}).(func(Note)); ok {
		say(n)
	}
}

// askPerson leaves the bot check to the person watching and reads the
// results page their answer leads to. answered is false when no answer
// came in time, so the other attempts follow.
func (d *DuckDuckGo) askPerson(ctx context.Context) (results []port.SearchResult, answered bool, err error) {
	if d.unanswered {
		return nil, false, nil // nobody answered before: the window is not watched
	}
	Notice(ctx, Note{Waiting: true, Text: fmt.Sprintf("DuckDuckGo asks whether a person is searching. Answer its question in the browser window within %d minutes and the research goes on with the results.", int(PersonWait.Minutes()))})
	_, err = d.Person.AwaitAnswer(ctx, PersonWait, func(html string) bool {
		results, answered = resultsPage(html)
		return answered
	})
	switch {
	case ctx.Err() != nil:
		return nil, false, ctx.Err()
	case err != nil:
		d.unanswered = true
		Notice(ctx, Note{Text: "No answer to DuckDuckGo's question: trying again, and not asking you again in this run."})
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

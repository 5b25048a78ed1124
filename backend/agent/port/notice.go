package port

import (
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/phrase"
)

// Notice is news for the user from an adapter while one of the agent's
// calls runs: what it is doing, or what it waits for the user to do. The
// agent journals each one as an EvNotice event with its kind and text,
// except a model call's progress (NoticeProgress), which it journals once
// per call and shows as it goes.
type Notice struct {
	// Kind is "" for news, NoticeWaiting or NoticeProgress.
	Kind string
	Text string
	// Say is Text as the window's message, for it to say in its
	// language; nil where Text is not one (the window shows Text).
	Say *phrase.Said
	// Wait is how a model call goes, with Kind NoticeProgress; nil
	// otherwise.
	Wait *chat.Wait
}

// Kinds of notices.
const (
	// NoticeWaiting is the kind of a notice that waits for the user to act
	// (answer a search engine's bot check in the browser window).
	NoticeWaiting = "waiting"
	// NoticeProgress is the kind of a model call's progress: the model
	// client says one as the request is sent and then about once a second,
	// with the Wait and its Text.
	NoticeProgress = "progress"
)

// Notify receives the notices of one call: the agent passes one with every
// Model and Searcher call, explicitly, never in a context value. An adapter
// calls it only from the goroutine that made the call and before the call
// returns, so the agent need not guard what it touches. Adapters call Say,
// which allows a nil Notify (a caller that wants no notices):
//
//	notify.Say(port.Notice{Text: "Waiting for the model server: ..."})
type Notify func(Notice)

// Say gives n to notify, if there is one.
func (notify Notify) Say(n Notice) {
	if notify != nil {
		notify(n)
	}
}

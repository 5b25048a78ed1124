package port

// Notice is news for the user from an adapter while one of the agent's
// calls runs: what it is doing, or what it waits for the user to do. The
// agent journals each one as an EvNotice event with its kind and text.
type Notice struct {
	// Kind is "" for news, or NoticeWaiting.
	Kind string
	Text string
}

// NoticeWaiting is the kind of a notice that waits for the user to act
// (answer a search engine's bot check in the browser window).
const NoticeWaiting = "waiting"

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

// Package agent is Scout's research loop: it turns an objective into
// findings with their sources and a cited result, keeping a small model on
// track with rules enforced in code. It talks to the world only through the
// small interfaces in ports.go and imports no SDK.
//
// One turn is one model call returning one action as JSON:
//
//	{"action": "SEARCH|NAVIGATE|READ_MORE|DISCOVER|FINISH", "parameter": "...", "thought_process": "..."}
//
// and reads top to bottom in turn.go: ask → parse → verdict → act →
// observe. The rules are pure functions of the action and the state they
// read, each returning a verdict: accept (with what the act step needs),
// or send back with its kind and the note the model reads. What they
// decide is applied in one place: remember (send-backs) and the act step
// (accepted actions). A refused action is answered inside the same
// conversation (a cheap retry) instead of costing a turn.
//
// The conversation only grows: every earlier byte stays as it was so the
// model server's prompt cache can skip it, and each turn appends what
// changed. The checklist is the conversation's first exchange; the coverage
// check before a FINISH is appended to it too. Only the writer gets a fresh
// prompt, because it must not see page text that was never recorded.
//
// Long pages are read part by part. After each part the agent names the
// unread parts that best match the checklist items still open (BM25 over
// the parts, see hints.go), so a small model can jump there instead of
// reading every part in order.
//
// Where things are:
//
//	agent.go         Config, New, Run; events stamped and model calls made
//	ports.go         what the agent needs from the world: Model, Browser,
//	                 Searcher, Sink; port/ holds the values that cross them
//	turn.go          the loop and one turn: ask → parse → verdict → act → observe
//	action.go        parsing a reply into an Action
//	reply.go         the JSON in a reply, mended where a model wrote it by hand
//	verdict.go       what a rule answers; the refusal kinds
//	rules.go         the rules for SEARCH, NAVIGATE and READ_MORE
//	discover.go      the rules for DISCOVER: a finding judged as a claim on the page
//	attribution.go   what a model wraps around a finding ("According to the page")
//	ties.go          the tie rule: what an item asks (things, kind of value)
//	things.go        the names an item asks about, and where a text names them
//	about.go         which thing a finding's values are about; how it ties
//	infer.go         the items a finding serves when the model names none
//	finish.go        the rules for FINISH, the account set beside code's
//	                 coverage, and the coverage check where they disagree
//	gaps.go          coverage per item and per thing; the next step
//	act.go           the act step: carrying out an accepted action
//	state.go         the run's state: record, trail, counts
//	openpage.go      the open page: its parts, what was read, what was asked
//	conversation.go  the growing conversation, kept within the context
//	checklist.go     the checklist call that opens a run
//	hints.go         which unread parts match the open checklist items
//	similar.go       words, word pairs and numbers: how text is compared
//	writer.go        the end of a run: the writer call and the result's gaps
//	promise.go       the report's promise: each item answered, named as not
//	                 found or left out, or a view; Account, and Breaches
//	                 (breaches.go); settle.go keeps it before a report is written
//	resume.go        Snapshot: what a resumed run takes over from its journal
//	reopen.go        a resumed run back on its page, at the part being read
//	events.go        Event and its types; result.go: Result
//	limits.go        every behaviour limit, with why
//	prompts.go       the templates in prompts/: every text the model reads
//	endings.go       what ends a run early
package agent

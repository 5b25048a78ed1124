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
// decide is applied in two places: a send-back is logged (sendbacks.go,
// which the run's bounds on send-backs read) and, when it asked about the
// open page, remembered by the page (remember); an accepted action is
// carried out by the act step. A refused action is answered inside the same
// conversation (a cheap retry) instead of costing a turn. One FINISH is
// neither: sent again at once after its send-back for gaps, it has Scout
// take the step the send-back named in the model's place, once a run
// (insist.go).
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
// Where things are: backend/README.md, the one map of the packages and of
// a turn's files. Reading a reply (reply), grounding (ground), what a
// model wraps around a finding (attribution), addresses as a model copies
// them (address), how text is compared (words) and which checklist items
// a finding answers (tie, over checklist's values) and which items the
// findings leave open, and why (coverage) are packages of their own,
// which hold no state of a run.
package agent

package agent

import (
	"time"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/phrase"
)

// Event types, in the order a run usually produces them.
const (
	EvRunStarted  = "run_started"
	EvChecklist   = "checklist"
	EvTurnStarted = "turn_started"
	// EvModelWait: a model call is sent; its Wait says what the server
	// has to read and how long the call should take. One per call: how it
	// goes from there reaches a Watcher, not the journal.
	EvModelWait     = "model_wait"
	EvModelCall     = "model_call"
	EvAction        = "action"
	EvRefused       = "refused"
	EvSearched      = "searched"
	EvPageOpened    = "page_opened"
	EvPageFailed    = "page_failed"
	EvPageReopened  = "page_reopened" // a resumed run's page, open again: see Snapshot.Page
	EvPartShown     = "part_shown"
	EvFinding       = "finding_added"
	EvCheck         = "check"
	EvRebuilt       = "prompt_rebuilt"
	EvTurnSkipped   = "turn_skipped"
	EvResult        = "result_written"
	EvRunFinished   = "run_finished"
	EvReportWritten = "report_written"
	// EvNotice is news for the user from a step of the run; of kind
	// NoticeWaiting, the step waits for them (a search engine's bot check
	// to answer in the browser window).
	EvNotice = "notice"
)

// Kinds of EvCheck events (Event.Kind), besides CheckReport (promise.go).
// The journal keeps them as these strings; runs gives each its title.
const (
	// CheckProgress: the run was told how its checklist stands, as it has
	// gone some turns without a finding or a step.
	CheckProgress = "progress"
	// CheckCoverage: the gaps code found in the checklist (Count of them)
	// when the model finished or the run ended.
	CheckCoverage = "coverage"
	// CheckFinishNow: every item is covered, and the model was told to
	// finish.
	CheckFinishNow = "finish_now"
	// CheckNotCovered: a FINISH was sent back, as items are open.
	CheckNotCovered = "not_covered"
	// CheckStepTaken: the model sent FINISH again right after it was sent
	// back for gaps, and Scout took the step named for one (Action, Param)
	// itself (insist.go); Reason is the gap.
	CheckStepTaken = "step_taken"
	// CheckContext: the prompt was kept to the context the server has
	// loaded.
	CheckContext = "context"
)

// WholePage is the message of an EvPageOpened whose page was read whole:
// its main content could not be told apart from the rest.
const WholePage = "no main content stood out from the rest of the page, so the whole page was read except its navigation"

// NoticeWaiting is the kind of an EvNotice that waits for the user.
const NoticeWaiting = port.NoticeWaiting

// Event is one thing that happened in a run. Only the fields of its type
// are set; the journal stores it as one JSON line.
type Event struct {
	Seq  int       `json:"seq"`
	Time time.Time `json:"time"`
	Turn int       `json:"turn"`
	Type string    `json:"type"`

	Objective string      `json:"objective,omitempty"`
	Checklist []Item      `json:"checklist,omitempty"`
	Kind      string      `json:"kind,omitempty"` // model call kind, check kind, or refusal kind (Refusal*)
	Usage     *chat.Usage `json:"usage,omitempty"`
	Wait      *chat.Wait  `json:"wait,omitempty"`
	Action    string      `json:"action,omitempty"`
	Param     string      `json:"parameter,omitempty"`
	Thought   string      `json:"thought,omitempty"`
	// Thinking is what a reasoning model thought before its answer
	// (EvModelCall): the user's to read, never sent back to the model.
	Thinking string `json:"thinking,omitempty"`
	Reason   string `json:"reason,omitempty"`
	Query    string `json:"query,omitempty"`
	Count    int    `json:"count,omitempty"`
	// URLs are the result addresses of a search, kept so a resumed run
	// may still open them (a journal from before Results holds only these).
	URLs  []string `json:"urls,omitempty"`
	URL   string   `json:"url,omitempty"`
	Title string   `json:"title,omitempty"`
	Part  int      `json:"part,omitempty"`
	Parts int      `json:"parts,omitempty"`
	// Text is a page part's text (EvPartShown) or the result (EvResult).
	Text string `json:"text,omitempty"`
	// File is where the run folder saved Text (pages/...), set by the sink.
	File    string   `json:"file,omitempty"`
	Finding *Finding `json:"finding,omitempty"`
	Status  Status   `json:"status,omitempty"`
	Message string   `json:"message,omitempty"`
	// Ending is Message as data (EvRunFinished of a run that ended early
	// or without its result), for the window to say in its language.
	Ending *Ending `json:"ending,omitempty"`
	// Say is a notice's Message as the window's message, nil where it is
	// none (the window shows Message as written).
	Say *phrase.Said `json:"say,omitempty"`

	// Results are a search's results as the model was shown them (titles
	// and clipped snippets too), so a resumed run shows them again.
	Results []port.SearchResult `json:"results,omitempty"`

	// Parent is the folder of the run a follow-up follows (EvRunStarted),
	// as seen from the follow-up's own folder.
	Parent string `json:"parent,omitempty"`
}

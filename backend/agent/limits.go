package agent

import "time"

// Behaviour limits, in one place. Each value says why; the seeds' lessons
// (../../../shared/seeds/001_*) are the evidence behind most of them.
const (
	// defaultMaxTurns is the turn limit when the config sets none: room for
	// a thorough run, and a bound on one that loops.
	defaultMaxTurns = 100
	// maxRetriesPerTurn: refused replies corrected inside one turn. Two
	// cheap retries fix nearly every slip; a third refusal means the model
	// is stuck, and a new turn with a fresh observation helps more.
	maxRetriesPerTurn = 2
	// maxRetriesPerRun caps cheap retries overall, so a model that keeps
	// breaking rules cannot spend the whole run being refused.
	maxRetriesPerRun = 40
	// maxGarbagePerTurn: unparseable replies in a row before a turn is
	// skipped (DESIGN: five garbage answers skip the turn).
	maxGarbagePerTurn = 5
	// maxSkippedTurns in a row end the run: the model is not usable.
	maxSkippedTurns = 3
	// maxRepeatedRefusals: refused replies that repeat an earlier refused
	// reply (since the last accepted action) before the run ends as stuck.
	// The first repeat is told it is one; a model that then sends the same
	// thing twice more will not change its mind in the turns left.
	maxRepeatedRefusals = 3
	// maxSearchFailures: failed searches in a row before the run ends.
	// The DuckDuckGo client already retries a blocked search once; three
	// queries failing means the search itself is down or blocking Scout.
	maxSearchFailures = 3

	// maxChecklistItems bounds the checklist: more items than this are the
	// model splitting hairs, and each one costs a check.
	maxChecklistItems = 6

	// maxHintParts bounds the unread parts a part hint names: more would
	// read as "all of them" and cost tokens on every part shown.
	maxHintParts = 3
	// headingWeight counts a part's heading words this many times more
	// when matching parts to checklist items: a heading says what its
	// section is about ("Day 1: the first mix").
	headingWeight = 3

	// maxVisitsPerURL: the same address (query string included) at most
	// three times, so the model cannot loop between two pages.
	maxVisitsPerURL = 3
	// progressCheckAfter: turns without a new finding before the model is
	// asked to compare its findings with the checklist; without it a small
	// model never finishes.
	progressCheckAfter = 4
	// objectiveCheckEvery: a checklist check even while findings come,
	// because loosely related findings keep resetting the progress check.
	objectiveCheckEvery = 8
	// maxNotCoveredSendBacks: a FINISH whose own reasoning says "not
	// covered" is sent back at most this often per run, so something the
	// web does not hold cannot block the run forever.
	maxNotCoveredSendBacks = 2
	// freshPromptAt: a FINISH sent back for gaps starts the next turn from
	// a fresh prompt once the conversation holds this share of the
	// context. The ancestor found a small model deep in a long
	// conversation finishing again whatever it was told; but a fresh
	// prompt is read anew, about 1,300 tokens or three minutes on a CPU
	// (measured on the bench), which a short conversation does not need.
	freshPromptAt = 0.5
	// maxGapSendBacks: FINISH sent back for checklist gaps found by the
	// coverage check; after this the gaps are reported as missing. Once:
	// the ancestor measured each send-back at 8-10 minutes on a CPU, and a
	// model that finishes again right after one is not going to look.
	maxGapSendBacks = 1

	// duplicateOverlap: word-pair overlap with an earlier finding above
	// which a new finding is a rewording of it.
	duplicateOverlap = 0.6
	// maxQuoteChars clips the page sentence quoted back to a loosely
	// worded finding: two sentences' worth, not a paragraph.
	maxQuoteChars = 400
	// maxUnseenTerms and minUnseenTermChars: the objective's words named
	// as never mentioned on the parts read, so the model reads on; a few
	// telling ones are enough, and short words tell little.
	maxUnseenTerms     = 5
	minUnseenTermChars = 4

	// maxResultsShown and maxLinksPerPart bound what one observation costs
	// in tokens: a small model opens one of the first few results, so six
	// are plenty; fifteen links cover what a model follows from a part.
	maxResultsShown = 6
	maxLinksPerPart = 15
	// maxSnippetChars clips a result's snippet: enough to judge relevance.
	maxSnippetChars = 160

	// readAheadResults: the results read ahead of each search, all that
	// are shown (a small model opens one of the first few).
	readAheadResults = maxResultsShown
	// readAheadWait bounds how long a results list waits for its pages
	// before it is shown: reading six pages two at a time takes a few
	// seconds, against a minute or more for the model to read the list on
	// a CPU. Pages read later still open at once.
	readAheadWait = 8 * time.Second
	// aheadWordShare: a page of one part holds an item only words can tell
	// when it has this share of the item's words.
	aheadWordShare = 0.5
	// aheadNearBest: among the pages read ahead, a part holds an item only
	// words can tell when it scores this near the best part of all.
	aheadNearBest = 0.8
	// maxHeldValueChars clips a value quoted in a results line.
	maxHeldValueChars = 40
	// aheadTitleChars clips a page's title in the journal's note of what
	// was read ahead (the user's, never the model's).
	aheadTitleChars = 60
	// maxThoughtChars bounds a thought kept in the journal.
	maxThoughtChars = 300
	// journalParamChars clips a parameter in the compact journal a rebuilt
	// prompt shows: one short line per turn.
	journalParamChars = 80

	// rebuildAt: share of the context at which the conversation is rebuilt
	// as a fresh compact prompt, leaving room for the next observation and
	// the reply (the ancestor measured 75% as the best trade-off).
	rebuildAt = 0.75
	// rebuildTarget: a rebuilt prompt takes at most half the context, so
	// several turns fit before the next rebuild.
	rebuildTarget = 0.5
	// safetyMargin tokens on top of estimate and reply, for the chat
	// template's own tokens and estimate error.
	safetyMargin = 256
	// findingCharsInRebuild shortens old findings in a rebuilt prompt.
	findingCharsInRebuild = 240
	// journalLinesInRebuild: the compact journal's length in a rebuild.
	journalLinesInRebuild = 12
	// perMessageTokens is what a chat template adds around each message,
	// counted on top of the estimate of its text.
	perMessageTokens = 4
	// resplitProbe is how much of a part's start identifies it in another
	// split of the same page (after the context turned out smaller).
	resplitProbe = 80

	// partReadTime: a page part takes at most this long to read at the
	// model's measured speed (120 s at 7 tokens/s is about 840 tokens,
	// two thirds of the 8k context's share): long enough for a section,
	// short enough that a page left after its first part costs less. On
	// the bench, 90 s and 120 s saved 0.1 and 0.5 of 86.5 minutes: its
	// pages are short; real ones are not.
	partReadTime = 120 * time.Second
	// minPartTokens: below this a part is a sentence or two, and reading
	// a page takes more turns than it saves.
	minPartTokens = 400

	// temperature is low: the agent needs consistent, literal answers.
	temperature = 0.2
)

// rebuildSizes are the ever shorter forms a rebuilt prompt tries (finding
// characters, journal lines) until it takes at most rebuildTarget.
var rebuildSizes = []rebuildSize{
	{findingCharsInRebuild, journalLinesInRebuild}, {160, 8}, {100, 5}, {60, 3},
}

// rebuildSize is one form of a rebuilt prompt: findings clipped to so
// many characters, so many journal lines.
type rebuildSize struct{ findingChars, journalLines int }

// writerFindingChars are the ever shorter findings a writer prompt tries
// until it fits with its answer: whole (0), then clipped to this many
// characters (their full text stays in the report).
var writerFindingChars = []int{0, findingCharsInRebuild, 160, 100, 60}

// MaxResultChars bounds the writer's result, in bytes: over three times
// what its token cap allows in English and more in any other script, so
// only a server that ignores the cap reaches it; Markdown much longer and
// nested deep takes seconds to minutes to render (report.Fragment).
const MaxResultChars = 12_000

// Reply caps per call kind, in tokens: an action is a sentence of thought
// plus a short parameter; the writer needs room for a cited answer.
var maxTokens = map[string]int{
	KindAction:    400,
	KindChecklist: 300,
	KindCoverage:  600,
	KindWriter:    900,
}

// Call kinds, also the JSON schema names the server sees.
const (
	KindAction    = "action"
	KindChecklist = "checklist"
	KindCoverage  = "coverage"
	KindWriter    = "writer"
)

package reply

// A thought's length (cut.go). A thought is for the user reading the
// journal and for the item a finding serves; one short sentence does
// both, and every character of it is written at a CPU's few tokens a
// second.
const (
	// minThoughtChars: a thought is not cut at a sentence's end before
	// this many characters ("OK. I will search for the height" keeps its
	// second sentence).
	minThoughtChars = 24
	// thoughtCapChars: a thought with no sentence end is cut here, two
	// lines of the journal: a one-sentence thought is 60-150 characters.
	thoughtCapChars = 200
	// finishThoughtCapChars: a FINISH's thought is its item account ("1
	// [1], 2 [3], 3 not found"): the agent's maxChecklistItems items with a few words
	// each still fit whole.
	finishThoughtCapChars = 400
)

// thoughtCap is the most of a thought Scout reads for an action.
func thoughtCap(action string) int {
	if action == ActFinish {
		return finishThoughtCapChars
	}
	return thoughtCapChars
}

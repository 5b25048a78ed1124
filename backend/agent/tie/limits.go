package tie

// Limits of the item rules, in one place, each with why.

// Counts an item asks for (conditions.go).
const (
	// countWithin: a number is the count of things an item asks for only
	// when it comes first among the item's words that carry meaning
	// ("three free tools", "what are the three main causes"); further in,
	// it is part of what is asked ("why most coasts get two high tides").
	countWithin = 2
	// maxCountAsked: a number from 2 to this is the count of things an
	// item asks for ("the 5 largest lakes"), as the number words stop at
	// "ten"; a larger one is a quantity (a year, a height).
	maxCountAsked = 10
)

// Item inference (infer.go); grounding's own are in ground/limits.go.
const (
	// inferAccept: an item whose weighted words a finding holds at least
	// this share of is served by it.
	inferAccept = 0.5
	// inferAtLeast: below this share even the best item is no match, and
	// the finding is recorded for no item until the coverage check.
	inferAtLeast = 0.25
	// sharedTermWeight: a word of the page's title, or one every item has
	// (the subject, which every finding names), says little about which
	// item a finding serves.
	sharedTermWeight = 0.3
)

// The tie rule (ties.go, things.go, about.go).
const (
	// superlativeReach: a superlative up to this many words before "of"
	// makes the name after it narrow what is asked ("the tallest mountain
	// of Africa"), not a thing asked about ("the height of Mount Kenya").
	superlativeReach = 3
	// headWordsAsked: an item asks for a measure or a date only when a word
	// naming one is among its first this many after the lead-in ("the
	// height of...", "its price", "how tall"): further in, the measure is
	// part of another question ("cheaper alternatives and whether the cost
	// is worth it").
	headWordsAsked = 2
	// minYear and maxYear bound the four-digit numbers read as years:
	// what research asks about, not heights or counts.
	minYear = 1000
	maxYear = 2199
)

// Conditions (conditions.go).
const (
	// negationReach: a "not" this many words before a condition negates it
	// ("not open source", "is not really free"), further off it belongs to
	// something else.
	negationReach = 2
)

// A gap's search (gapquery.go).
const (
	// maxSubjectChars: a page title longer than this, cut at its site's
	// name, is a headline rather than the name of what the research is
	// about, and makes no search for a gap.
	maxSubjectChars = 60
	// maxNameWords: a title of more words than this is a headline, not
	// the name of what the research is about (names of mountains, people,
	// programs run to three or four words).
	maxNameWords = 4
)

package ground

// How far grounding looks, and the scores the DISCOVER rule reads.
const (
	// Accept: share of a finding's word pairs that must appear in the
	// page text shown for it to be recorded as it is.
	Accept = 0.5
	// Refuse: below this share the finding is far from anything on
	// the page (the model's own knowledge) and is refused outright.
	Refuse = 0.2
	// maxRunUnits: a finding's sentence is matched against at most this
	// many consecutive page sentences, list items or table rows: a model
	// joins two or three into one sentence, rarely more, and longer runs
	// would let scattered common word pairs add up.
	maxRunUnits = 3
	// maxEvidenceChars caps the evidence kept with a finding: beyond it the
	// stretch of page matched gives way to its best-matching run.
	maxEvidenceChars = 3000
)

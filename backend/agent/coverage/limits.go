package coverage

// The coverage rules' limits.
const (
	// maxThingChars: a thing named by a whole finding (when the coverage
	// check named none) is cut to this for the gap notes and the report.
	maxThingChars = 80
)

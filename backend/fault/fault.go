// Package fault is the one shape of a failure Scout explains: a kind to
// branch on with errors.Is, and a message that says what happened (and,
// for the user, what to do). The model client, the search providers, the
// network guard and a page visit each keep their own kinds and build on
// it; it imports nothing of Scout's, so any package can.
package fault

import "fmt"

// Fault is a failure of a known kind, explained. Packages embed it in
// their own error types for what they add (the address refused, the
// context the server has loaded).
type Fault struct {
	// Kind is one of its package's Err* values.
	Kind error
	// Message is what the user, the journal or the model reads.
	Message string
}

// New returns a fault of kind with a formatted message.
func New(kind error, format string, args ...any) *Fault {
	return &Fault{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// Error returns the message.
func (f *Fault) Error() string { return f.Message }

// Unwrap returns the kind, so errors.Is(err, kind) holds.
func (f *Fault) Unwrap() error { return f.Kind }

package desktop

import "github.com/scout-research/scout/backend/phrase"

// Failure is a bound method's error as the window receives it when its
// words are a message of the window's: the window says Say in its
// language, else Message as Go wrote it.
type Failure struct {
	Message string       `json:"message"`
	Say     *phrase.Said `json:"say"`
}

// WindowError is how a bound method's error reaches the window (Wails'
// ErrorFormatter): a Failure when the whole message is one of the
// window's (phrase.OfError), else its text, as Wails sends by default.
func WindowError(err error) any {
	if said := phrase.OfError(err); said != nil {
		return Failure{Message: err.Error(), Say: said}
	}
	return err.Error()
}

// Package reply reads what a model wrote: an action from an action call's
// reply, and the JSON (or the list in prose) a checklist, coverage or
// writer call answers with, mended where a model wrote it by hand. It
// knows nothing of a run: it takes a reply's text and returns what it
// says, or an error whose message can be sent back to the model.
package reply

//go:build bindings

package main

import "os"

// The bindings generator (make bindings, and the test that keeps them up
// to date) writes TypeScript interfaces rather than classes: the frontend
// passes and keeps plain objects, which a class's helper methods would not
// type-check against.
func init() {
	os.Setenv("tsoutputtype", "interfaces")
}

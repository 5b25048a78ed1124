package build

import (
	"slices"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/guitest"
)

// TestMakeTestBuildsTheAppFirst checks, in what make test would run, that
// the app and the dev-tag binary the GUI tests use are built before go
// test, with the very command the tests use (else they build it again), and
// that go test gets a deadline longer than its default. On a fresh machine
// the first build of either compiles WebKitGTK's cgo for minutes; made
// inside go test, both ran at once under its 10-minute deadline per package
// and missed it.
func TestMakeTestBuildsTheAppFirst(t *testing.T) {
	// -B: as if nothing were built, so the plan does not depend on what
	// this checkout has built already.
	plan := strings.Split(runMake(t, "-n", "-B", "test"), "\n")
	goTest := slices.IndexFunc(plan, func(line string) bool { return strings.Contains(line, "go test ") })
	if goTest < 0 {
		t.Fatalf("make test runs no go test:\n%s", strings.Join(plan, "\n"))
	}
	builds := map[string]string{
		"the app":            "go build -tags desktop,production,webkit2_41 ",
		"the dev-tag binary": strings.Join(guitest.DevBuild, " ") + " -o /dev/null .",
	}
	for what, cmd := range builds {
		if i := slices.IndexFunc(plan, func(line string) bool { return strings.HasPrefix(line, cmd) }); i < 0 || i > goTest {
			t.Errorf("make test does not build %s (%q) before go test:\n%s", what, cmd, strings.Join(plan, "\n"))
		}
	}
	if !strings.Contains(plan[goTest], " -timeout ") {
		t.Errorf("make test's go test keeps the default 10-minute deadline per package: %s", plan[goTest])
	}
}

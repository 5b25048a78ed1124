package build

import (
	"path/filepath"
	"strings"
	"testing"
)

// The shipped app links no test harness (the fake web, the fake model
// server, the benchmark, the testing package), and the agent core links no
// adapter: `go list -deps` says what each is built from.
func TestWhatIsLinked(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	const module = "github.com/scout-research/scout/backend/"
	for _, c := range []struct {
		pkg, tags string
		never     []string
	}{
		{".", "desktop,production,webkit2_41", []string{"testing", "net/http/httptest", module + "bench", module + "fakeweb", module + "llm/llmtest"}},
		{"./backend/agent", "", []string{module + "search", module + "browser", module + "llm", module + "fakeweb", "golang.org/x/net/html"}},
	} {
		deps := strings.Fields(run(t, root, "go", "list", "-deps", "-tags", c.tags, c.pkg))
		for _, dep := range deps {
			for _, never := range c.never {
				if dep == never || strings.HasPrefix(dep, never+"/") {
					t.Errorf("%s links %s", c.pkg, dep)
				}
			}
		}
	}
}

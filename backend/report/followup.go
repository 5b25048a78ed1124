package report

import (
	"net/url"
	"path"
	"path/filepath"

	"github.com/scout-research/scout/backend/agent"
)

// findingWhen says when a finding was recorded: on a turn of this run, or
// in the run a follow-up follows (its number and turn there).
func findingWhen(f agent.Finding, w words) string {
	if e := f.Earlier; e != nil {
		return w.f("finding_earlier", e.Number, e.Turn)
	}
	return w.f("finding_turn", f.Turn)
}

// followUpOf names the run a follow-up follows, by its folder's name.
func followUpOf(res *agent.Result, w words) string {
	if res.Parent == "" {
		return ""
	}
	return w.f("the_run", filepath.Base(res.Parent))
}

// parentReport is the address of the parent's report.md relative to the
// follow-up's report, escaped so that no name can end the Markdown link.
func parentReport(parent string) string {
	u := url.URL{Path: path.Join(filepath.ToSlash(parent), "report.md")}
	return "<" + u.EscapedPath() + ">"
}

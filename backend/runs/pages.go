package runs

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/scout-research/scout/backend/agent"
)

// maxPartFile bounds a saved part read back: a part is a few thousand
// tokens at most, so a larger file is not one this folder wrote.
const maxPartFile = 1 << 20

// partFile is how the journal names a saved part (savePart): only such a
// name inside the folder is read back.
var partFile = regexp.MustCompile(`^pages/[0-9]{3,}-part-[0-9]+\.md$`)

// ReadShown fills in, from pages/, the text of the parts a resume takes
// over of the page the run was on: the journal names their files but
// does not hold their text. Findings on the page reopened are grounded
// against them, as the model was shown them. A part whose file is gone
// keeps no text (the resumed run then goes by the page as it is now).
// The page is copied, not changed where the caller may hold it.
func ReadShown(dir string, snap *agent.Snapshot) {
	if snap.Page == nil {
		return
	}
	p := *snap.Page
	p.Shown = slices.Clone(p.Shown)
	for i, s := range p.Shown {
		if s.Text == "" && partFile.MatchString(s.File) {
			p.Shown[i].Text = readPart(filepath.Join(dir, filepath.FromSlash(s.File)))
		}
	}
	snap.Page = &p
}

// readPart is a saved part's text, without the comment savePart puts
// before it and the newline after it; "" when it cannot be read.
func readPart(path string) string {
	f, err := openNoFollow(path, os.O_RDONLY)
	if err != nil {
		return ""
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxPartFile+1))
	if err != nil || len(data) > maxPartFile {
		return ""
	}
	head, text, ok := strings.Cut(string(data), " -->\n")
	if !ok || !strings.HasPrefix(head, "<!-- ") {
		return ""
	}
	return strings.TrimSuffix(text, "\n")
}

// ReadPages fills in, from pages/ of the run in dir, the text of every
// part shown of every page the snapshot read: what a follow-up knows of
// the pages its earlier run read. A part whose file is gone keeps no text.
// The pages are copied, not changed where the caller may hold them.
func ReadPages(dir string, snap *agent.Snapshot) {
	pages := make([]*agent.PageRead, len(snap.Pages))
	for i, pr := range snap.Pages {
		p := *pr
		p.Shown = slices.Clone(p.Shown)
		for j, s := range p.Shown {
			if s.Text == "" && partFile.MatchString(s.File) {
				p.Shown[j].Text = readPart(filepath.Join(dir, filepath.FromSlash(s.File)))
			}
		}
		pages[i] = &p
	}
	snap.Pages = pages
}

package build

import (
	"compress/gzip"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/cli"
)

// TestLintian runs lintian, Debian's package checker, on the .deb: no
// errors and no warnings (information tags are allowed).
func TestLintian(t *testing.T) {
	dist := packaged(t)
	needTools(t, "lintian")
	// lintian exits non-zero for errors; its tags are judged below either
	// way, so its output is taken whatever its status.
	out, _ := command("", "lintian", "--display-level", ">=warning", filepath.Join(dist, debName))
	var tags []string
	for line := range strings.Lines(out) {
		if strings.HasPrefix(line, "E: ") || strings.HasPrefix(line, "W: ") {
			tags = append(tags, strings.TrimSpace(line))
		}
	}
	if len(tags) > 0 {
		t.Errorf("lintian:\n%s", strings.Join(tags, "\n"))
	}
	if strings.Contains(out, "not a Debian package") || strings.Contains(out, "Cannot") {
		t.Errorf("lintian did not check the package:\n%s", out)
	}
}

// TestDebDocs checks what the .deb says about itself: the copyright file
// names every module the Linux build links (asked of go list here, not of
// the generator) and every npm package the frontend bundles, the changelog and the AppStream metainfo carry wails.json's
// version and the package's maintainer, appstreamcli validates the
// metainfo, and the manual page is scout help's.
func TestDebDocs(t *testing.T) {
	dist := packaged(t)
	needTools(t, "dpkg-deb", "appstreamcli")
	root := t.TempDir()
	run(t, "", "dpkg-deb", "-x", filepath.Join(dist, debName), root)
	fields := control(t, filepath.Join(dist, debName))

	copyright := readFile(filepath.Join(root, "usr/share/doc/scout/copyright"))
	if !strings.HasPrefix(copyright, "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n") ||
		!strings.Contains(copyright, "\nFiles: *\nCopyright: 2026 The Scout developers\nLicense: Expat\n") {
		t.Errorf("the copyright file is not machine-readable with Scout's licence for Files: *:\n%.600s", copyright)
	}
	modules := run(t, "..", "go", "list", "-deps", "-tags", "desktop,production,webkit2_41",
		"-f", "{{with .Module}}{{if not .Main}}{{.Path}}@{{.Version}}{{end}}{{end}}", ".")
	for _, m := range strings.Fields(modules) {
		if !strings.Contains(copyright, "\nFiles: "+m+"/*\n") {
			t.Errorf("the copyright file lacks %s, which the program links", m)
		}
	}
	var npm []string
	if err := json.Unmarshal([]byte(readFile("../frontend/dist/bundled-packages.json")), &npm); err != nil || !slices.Contains(npm, "svelte") {
		t.Errorf("the frontend build lists %q as bundled (%v); Svelte's runtime is", npm, err)
	}
	for _, name := range npm {
		if !strings.Contains(copyright, "\nFiles: node_modules/"+name+"/*\n") {
			t.Errorf("the copyright file lacks the npm package %s, which the frontend bundles", name)
		}
	}

	changelog := gunzip(t, filepath.Join(root, "usr/share/doc/scout/changelog.gz"))
	if first, _, _ := strings.Cut(changelog, "\n"); !strings.HasPrefix(first, "scout ("+cli.Version+") ") {
		t.Errorf("the changelog's latest entry is %q, want version %s", first, cli.Version)
	}
	if !strings.Contains(changelog, "\n -- "+fields["Maintainer"]+"  ") {
		t.Errorf("the changelog's latest entry is not signed by the maintainer %q:\n%s", fields["Maintainer"], changelog)
	}
	if !regexp.MustCompile(`^[^<>]+ <[^@<>\s]+@[^@<>\s]+\.[a-z]+>$`).MatchString(fields["Maintainer"]) {
		t.Errorf("Maintainer %q is not a name with an address", fields["Maintainer"])
	}

	info := filepath.Join(root, "usr/share/metainfo", metainfo)
	run(t, "", "appstreamcli", "validate", "--no-net", "--pedantic", info)
	var component struct {
		Launchable string `xml:"launchable"`
		Releases   []struct {
			Version string `xml:"version,attr"`
		} `xml:"releases>release"`
	}
	if err := xml.Unmarshal([]byte(readFile(info)), &component); err != nil {
		t.Fatal(err)
	}
	if len(component.Releases) == 0 || component.Releases[0].Version != cli.Version {
		t.Errorf("the metainfo's latest release is %+v, want %s", component.Releases, cli.Version)
	}
	if _, err := os.Stat(filepath.Join(root, "usr/share/applications", component.Launchable)); err != nil {
		t.Errorf("the metainfo launches %q: %v", component.Launchable, err)
	}

	page := gunzip(t, filepath.Join(root, "usr/share/man/man1/scout.1.gz"))
	for _, want := range []string{".TH SCOUT 1 ", "\nscout \\- a research agent", `\fB\-\-max\-turns\fR`, `\fBscout check\fR`} {
		if !strings.Contains(page, want) {
			t.Errorf("the manual page lacks %q", want)
		}
	}
}

func gunzip(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return string(data)
}

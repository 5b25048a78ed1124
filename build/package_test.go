package build

import (
	"crypto/sha256"
	"debug/pe"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/scout-research/scout/backend/cli"
	"github.com/scout-research/scout/backend/guitest"
)

// What make package puts in its folder, by name.
var (
	debName       = "scout_" + cli.Version + "_" + runtime.GOARCH + ".deb"
	exeName       = "scout-windows-amd64.exe"
	installerName = "scout-windows-amd64-setup.exe"
	windowsTexts  = []string{"LICENSE.txt", "THIRD-PARTY-NOTICES.txt"}
	artefacts     = slices.Concat([]string{debName, exeName, installerName}, windowsTexts)
)

// mainCategories are the freedesktop.org menu specification's main
// categories.
var mainCategories = []string{"AudioVideo", "Audio", "Video", "Development", "Education", "Game",
	"Graphics", "Network", "Office", "Science", "Settings", "System", "Utility"}

// metainfo is the AppStream file's name in /usr/share/metainfo.
const metainfo = "io.github.scout_research.scout.metainfo.xml"

// packaged runs `make package` once for all the tests that check its
// output, into a folder of their own (removed by TestMain), and returns
// that folder. Like make test, it builds the desktop app, which needs
// WebKitGTK's headers: it runs under make test (guitest.Enabled).
func packaged(t *testing.T) string {
	t.Helper()
	guitest.Enabled(t)
	pkg.once.Do(func() {
		pkg.dist, pkg.err = os.MkdirTemp("", "scout-dist-")
		if pkg.err != nil {
			return
		}
		cmd := exec.Command("make", "-s", "--no-print-directory", "package", "DIST="+pkg.dist)
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			pkg.err = fmt.Errorf("make package: %w\n%s", err, out)
		}
	})
	if pkg.err != nil {
		t.Fatal(pkg.err)
	}
	return pkg.dist
}

var pkg struct {
	once sync.Once
	dist string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if pkg.dist != "" {
		os.RemoveAll(pkg.dist)
	}
	os.Exit(code)
}

// needTools fails the test when a program is missing under make test (whose
// deps.sh installs them all), and skips it elsewhere.
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv(guitest.EnvEnable) == "1" {
				t.Fatalf("%s is missing: run make test, which installs it", tool)
			}
			t.Skipf("%s is missing: make test installs it", tool)
		}
	}
}

// TestPackages checks the .deb's control fields and files with dpkg-deb,
// and that the Windows program is a 64-bit Windows GUI program.
func TestPackages(t *testing.T) {
	dist := packaged(t)
	needTools(t, "dpkg-deb", "dpkg-shlibdeps", "desktop-file-validate")
	deb := filepath.Join(dist, debName)

	fields := control(t, deb)
	for field, want := range map[string]string{"Package": "scout", "Version": cli.Version, "Architecture": runtime.GOARCH, "Recommends": "poppler-utils"} {
		if fields[field] != want {
			t.Errorf("%s: %q, want %q", field, fields[field], want)
		}
	}
	depends := alternatives(fields["Depends"])
	for _, want := range [][]string{
		{"chromium", "chromium-browser", "google-chrome-stable", "microsoft-edge-stable"},
		{"libwebkit2gtk-4.1-0"},
		{"libgtk-3-0", "libgtk-3-0t64"},
	} {
		if !slices.ContainsFunc(depends, func(got []string) bool { return slices.Equal(got, want) }) {
			t.Errorf("Depends lacks %s: %s", strings.Join(want, " | "), fields["Depends"])
		}
	}

	root := t.TempDir()
	run(t, "", "dpkg-deb", "-x", deb, root)
	// Every library the program links comes with a package it depends on.
	for _, lib := range alternatives(shlibdeps(t, filepath.Join(root, "usr", "bin", "scout"))) {
		if !slices.ContainsFunc(depends, func(group []string) bool { return slices.Contains(group, lib[0]) }) {
			t.Errorf("the program needs %s, which Depends does not name: %s", lib[0], fields["Depends"])
		}
	}

	want := []string{"-rwxr-xr-x ./usr/bin/scout", "-rw-r--r-- ./usr/share/applications/scout.desktop",
		"-rw-r--r-- ./usr/share/icons/hicolor/scalable/apps/scout.svg",
		"-rw-r--r-- ./usr/share/doc/scout/copyright", "-rw-r--r-- ./usr/share/doc/scout/changelog.gz",
		"-rw-r--r-- ./usr/share/man/man1/scout.1.gz", "-rw-r--r-- ./usr/share/metainfo/" + metainfo}
	for _, size := range iconSizes {
		want = append(want, "-rw-r--r-- ./usr/share/icons/hicolor/"+size+"/apps/scout.png")
	}
	if got := files(t, deb); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		t.Errorf("the .deb holds:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(slices.Sorted(slices.Values(want)), "\n  "))
	}
	entry := filepath.Join(root, "usr", "share", "applications", "scout.desktop")
	run(t, "", "desktop-file-validate", entry)
	if got := desktopKey(t, entry, "Exec"); got != "scout" {
		t.Errorf("the packaged entry runs %q, want scout (/usr/bin/scout)", got)
	}
	// Menus file an entry under each main category it names: one, so
	// Scout shows up once.
	var main []string
	for category := range strings.SplitSeq(desktopKey(t, entry, "Categories"), ";") {
		if slices.Contains(mainCategories, category) {
			main = append(main, category)
		}
	}
	if len(main) != 1 {
		t.Errorf("the entry names %d main categories %q, want one", len(main), main)
	}

	for _, name := range []string{exeName, installerName} {
		checkWindowsGUI(t, filepath.Join(dist, name))
	}
}

// checkWindowsGUI checks that path is a 64-bit x86 Windows GUI program.
func checkWindowsGUI(t *testing.T, path string) {
	t.Helper()
	exe, err := pe.Open(path)
	if err != nil {
		t.Errorf("%s: %v", filepath.Base(path), err)
		return
	}
	defer exe.Close()
	opt, ok := exe.OptionalHeader.(*pe.OptionalHeader64)
	if exe.Machine != pe.IMAGE_FILE_MACHINE_AMD64 || !ok || opt.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_GUI {
		t.Errorf("%s: machine %#x, optional header %T; want a 64-bit x86 GUI program", filepath.Base(path), exe.Machine, exe.OptionalHeader)
	}
}

// TestChecksums checks that dist/SHA256SUMS lists every artefact once, in
// the format sha256sum -c reads, with the hash of the file beside it.
func TestChecksums(t *testing.T) {
	dist := packaged(t)
	data, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for line := range strings.Lines(string(data)) {
		sum, name, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "  ")
		if !ok || len(sum) != 64 {
			t.Errorf("not a sha256sum line: %q", line)
			continue
		}
		listed = append(listed, name)
		if got := sha256File(t, filepath.Join(dist, name)); got != sum {
			t.Errorf("%s: SHA256SUMS says %s, the file's is %s", name, sum, got)
		}
	}
	if !slices.Equal(slices.Sorted(slices.Values(listed)), slices.Sorted(slices.Values(artefacts))) {
		t.Errorf("SHA256SUMS lists %q, want %q", listed, artefacts)
	}
}

func sha256File(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// control returns the .deb's control fields (a field's later lines left
// out).
func control(t *testing.T, deb string) map[string]string {
	t.Helper()
	fields := map[string]string{}
	for line := range strings.Lines(run(t, "", "dpkg-deb", "-f", deb)) {
		if name, value, ok := strings.Cut(line, ":"); ok && !strings.HasPrefix(line, " ") {
			fields[name] = strings.TrimSpace(value)
		}
	}
	return fields
}

// alternatives splits a dependency field into its groups of alternative
// package names, versions left out.
func alternatives(field string) [][]string {
	var groups [][]string
	for group := range strings.SplitSeq(field, ",") {
		var names []string
		for alt := range strings.SplitSeq(group, "|") {
			if name, _, _ := strings.Cut(strings.TrimSpace(alt), " "); name != "" {
				names = append(names, name)
			}
		}
		if names != nil {
			groups = append(groups, names)
		}
	}
	return groups
}

// shlibdeps returns the dependencies dpkg-shlibdeps finds for a program
// (from the libraries it links), as a Depends field.
func shlibdeps(t *testing.T, program string) string {
	t.Helper()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "debian", "control"), "Source: scout\n\nPackage: scout\nArchitecture: any\n", 0o644)
	out := run(t, dir, "dpkg-shlibdeps", "-O", program)
	for line := range strings.Lines(out) {
		if deps, ok := strings.CutPrefix(strings.TrimSpace(line), "shlibs:Depends="); ok {
			return deps
		}
	}
	t.Fatalf("dpkg-shlibdeps gave no dependencies:\n%s", out)
	return ""
}

// files lists the .deb's regular files as "mode path", sorted.
func files(t *testing.T, deb string) []string {
	t.Helper()
	var got []string
	for line := range strings.Lines(run(t, "", "dpkg-deb", "-c", deb)) {
		f := strings.Fields(line)
		if len(f) >= 6 && strings.HasPrefix(f[0], "-") {
			got = append(got, f[0]+" "+f[len(f)-1])
		}
	}
	slices.Sort(got)
	return got
}

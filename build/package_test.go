package build

import (
	"debug/pe"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/cli"
	"github.com/scout-research/scout/backend/guitest"
)

// TestPackages builds the packages as `make package` does, into a folder of
// the test's own, and checks the .deb's control fields and files with
// dpkg-deb, and that the Windows program is a 64-bit Windows GUI program.
func TestPackages(t *testing.T) {
	guitest.Enabled(t) // it builds the desktop app, which needs WebKitGTK's headers
	for _, tool := range []string{"dpkg-deb", "dpkg-shlibdeps", "desktop-file-validate"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: run make test, which installs it", tool)
		}
	}
	dist := t.TempDir()
	runMake(t, "package", "DIST="+dist)
	deb := filepath.Join(dist, "scout_"+cli.Version+"_"+runtime.GOARCH+".deb")

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
		"-rw-r--r-- ./usr/share/icons/hicolor/scalable/apps/scout.svg"}
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

	exe, err := pe.Open(filepath.Join(dist, "scout-windows-amd64.exe"))
	if err != nil {
		t.Fatalf("the Windows program: %v", err)
	}
	defer exe.Close()
	opt, ok := exe.OptionalHeader.(*pe.OptionalHeader64)
	if exe.Machine != pe.IMAGE_FILE_MACHINE_AMD64 || !ok || opt.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_GUI {
		t.Errorf("the Windows program: machine %#x, optional header %T; want a 64-bit x86 GUI program", exe.Machine, exe.OptionalHeader)
	}
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

package build

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tc-hib/winres/version"

	"github.com/scout-research/scout/backend/cli"
)

// TestWindowsResources lists the Windows program's resources with wrestool
// (icoutils): the icon group 3 Wails loads the window's icon from, the
// manifest and the version information; and reads the last two.
func TestWindowsResources(t *testing.T) {
	dist := packaged(t)
	needTools(t, "wrestool")
	exe := filepath.Join(dist, exeName)
	list := run(t, "", "wrestool", "-l", exe)
	for what, line := range map[string]string{
		"icon group 3":        `(?m)^--type=14 --name=3 .*\[type=group_icon `,
		"manifest":            `(?m)^--type=24 --name=1 `,
		"version information": `(?m)^--type=16 --name=1 .*\[type=version `,
	} {
		if !regexp.MustCompile(line).MatchString(list) {
			t.Errorf("wrestool -l lists no %s:\n%s", what, list)
		}
	}

	manifest := run(t, "", "wrestool", "-x", "--raw", "--type=24", exe)
	for _, want := range []string{`name="Microsoft.Windows.Common-Controls" version="6.0.0.0"`,
		`level="asInvoker"`, ">permonitorv2,permonitor</dpiAwareness>"} {
		if !strings.Contains(manifest, want) {
			t.Errorf("the manifest lacks %s:\n%s", want, manifest)
		}
	}

	vi, err := version.FromBytes([]byte(run(t, "", "wrestool", "-x", "--raw", "--type=16", exe)))
	if err != nil {
		t.Fatalf("the version information: %v", err)
	}
	data, err := vi.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var info struct {
		Info map[string]map[string]string `json:"info"`
	}
	if err := json.Unmarshal(data, &info); err != nil {
		t.Fatal(err)
	}
	strs := info.Info["0000"]
	if strs["ProductVersion"] != cli.Version || strs["FileVersion"] != cli.Version || strs["ProductName"] != "Scout" {
		t.Errorf("the version information says %q, want version %s of Scout", strs, cli.Version)
	}
}

// TestInstaller opens the installer with 7z, which reads NSIS installers:
// it holds this build's program (the same bytes), Scout's licence, the
// third-party notices and an uninstaller. The same texts lie beside the
// program in dist/.
func TestInstaller(t *testing.T) {
	dist := packaged(t)
	needTools(t, "7z")
	installer := filepath.Join(dist, installerName)
	list := run(t, "", "7z", "l", "-ba", "-slt", installer)
	var files []string
	for line := range strings.Lines(list) {
		if path, ok := strings.CutPrefix(strings.TrimSpace(line), "Path = "); ok && !strings.HasPrefix(path, "$PLUGINSDIR") {
			files = append(files, path)
		}
	}
	want := []string{"LICENSE.txt", "THIRD-PARTY-NOTICES.txt", "scout.exe", "uninstall.exe"}
	if slices.Sort(files); !slices.Equal(files, want) {
		t.Errorf("the installer holds %q, want %q", files, want)
	}
	out := t.TempDir()
	run(t, "", "7z", "e", "-o"+out, installer, "scout.exe", "LICENSE.txt", "THIRD-PARTY-NOTICES.txt")
	for inside, beside := range map[string]string{"scout.exe": exeName, "LICENSE.txt": "LICENSE.txt", "THIRD-PARTY-NOTICES.txt": "THIRD-PARTY-NOTICES.txt"} {
		if sha256File(t, filepath.Join(out, inside)) != sha256File(t, filepath.Join(dist, beside)) {
			t.Errorf("the installer's %s differs from dist/%s", inside, beside)
		}
	}
	for _, name := range windowsTexts {
		text := readFile(filepath.Join(dist, name))
		if !strings.Contains(text, "\r\n") || strings.Contains(strings.ReplaceAll(text, "\r\n", ""), "\n") {
			t.Errorf("dist/%s does not have Windows line ends throughout", name)
		}
	}
	notices := readFile(filepath.Join(dist, "THIRD-PARTY-NOTICES.txt"))
	for _, want := range []string{"github.com/wailsapp/go-webview2 ", "github.com/wailsapp/wails/v2 ", "Go's standard library and runtime"} {
		if !strings.Contains(notices, want) {
			t.Errorf("the third-party notices lack %s", want)
		}
	}
}

// TestInstallerScript compiles the installer's script around stand-in files
// (a second, where the real program takes half a minute to compress) and
// reads makensis's account of it: a Start-menu entry, an uninstaller, an
// entry in Settings > Apps, and an uninstall section that removes every
// file, the entry and the shortcut it made. Warnings fail the build (-WX),
// as in make package, so the output keeps the installer's own name:
// makensis warns of some (setup.exe) that Windows treats specially.
func TestInstallerScript(t *testing.T) {
	needTools(t, "makensis")
	dir := t.TempDir()
	stand := filepath.Join(dir, "stand-in.txt")
	write(t, stand, "stand-in\r\n", 0o644)
	ico, err := filepath.Abs("../build/bin/windows/scout.ico")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(ico); err != nil {
		ico = "/usr/share/nsis/Contrib/Graphics/Icons/modern-install.ico"
	}
	cmd := exec.Command("makensis", "-V4", "-WX", "-NOCD", "-DVERSION=1.2.3", "-DVERSION4=1.2.3.0", "-DCOPYRIGHT=c",
		"-DEXE="+stand, "-DLICENSE="+stand, "-DNOTICES="+stand, "-DICON="+ico, "-DOUT="+filepath.Join(dir, installerName),
		"windows/installer.nsi")
	logb, err := cmd.CombinedOutput()
	log := string(logb)
	if err != nil {
		t.Fatalf("makensis: %v\n%s", err, log)
	}
	install, uninstall, _ := strings.Cut(log, `Section: "Uninstall"`)
	for _, want := range []string{
		`CreateShortcut: "$SMPROGRAMS\Scout.lnk"->"$INSTDIR\scout.exe"`,
		`WriteUninstaller: "$INSTDIR\uninstall.exe"`,
		`WriteRegStr: HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Scout\UninstallString="$INSTDIR\uninstall.exe"`,
	} {
		if !strings.Contains(install, want) {
			t.Errorf("the install section lacks %s:\n%s", want, install)
		}
	}
	removes := []string{`Delete: "$SMPROGRAMS\Scout.lnk"`, `Delete: "$INSTDIR\uninstall.exe"`, `RMDir: "$INSTDIR"`,
		`DeleteRegKey: HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Scout`}
	for _, m := range regexp.MustCompile(`File: "[^"]*"->"([^"]+)"`).FindAllStringSubmatch(install, -1) {
		removes = append(removes, `Delete: "$INSTDIR\`+m[1]+`"`)
	}
	for _, want := range removes {
		if !strings.Contains(uninstall, want) {
			t.Errorf("the uninstall section lacks %s:\n%s", want, uninstall)
		}
	}
}

// Package build holds the tests of Scout's build and packaging: the set-up
// script (deps.sh), `make install` and `make package`.
package build

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Packages deps.sh installs, per purpose, as it names them to apt-get.
var (
	buildPackages = []string{"build-essential", "pkg-config", "libgtk-3-dev", "libwebkit2gtk-4.1-dev"}
	testPackages  = []string{"fonts-liberation", "xvfb", "xauth", "xdotool", "fonts-noto-cjk", "poppler-utils",
		"shellcheck", "desktop-file-utils", "dpkg-dev", "libglib2.0-bin",
		"nsis", "lintian", "appstream", "icoutils", "p7zip-full", "dbus-daemon", "gnome-keyring"}
	everyPackage = slices.Concat(buildPackages, testPackages)
)

// policyBytes makes the stand-in apt-cache's answer longer than a pipe holds
// (64 KiB), so a reader that leaves after the first match kills it with
// SIGPIPE every time, as the real apt-cache is killed now and then.
const policyBytes = 256 << 10

// machine is what the stand-ins for apt, dpkg, sudo, id, go and node make
// the script see.
type machine struct {
	uid        int      // what id -u says
	sudo       bool     // sudo on PATH
	noApt      bool     // no apt-get, apt-cache or dpkg-query on PATH
	installed  []string // packages dpkg knows as installed
	candidates []string // packages apt-cache offers once the lists are updated
	browsers   []string // browser programs on PATH
	node       string   // Node.js version; "" for none
	goVersion  string   // what go env GOVERSION says
	noDriver   bool     // the Playwright driver is not installed yet
	noNpmTree  bool     // frontend/node_modules is missing
}

// debian is a fresh Debian 12 machine as root, with Go and Node only.
func debian() machine {
	return machine{candidates: []string{"chromium"}, node: "20.20.2", goVersion: "go1.26.8"}
}

// TestDepsScript runs a copy of deps.sh on machines made of stand-ins
// (apt-get, apt-cache, dpkg-query, sudo, id, go, node, npm; nothing else
// but ordinary tools on PATH) and checks what it would install, in which
// calls, and what it says; then that a second run installs nothing.
func TestDepsScript(t *testing.T) {
	install := func(sudo bool, pkgs ...string) []string {
		prefix := ""
		if sudo {
			prefix = "sudo "
		}
		return []string{prefix + "apt-get update -qq",
			prefix + "apt-get install -y -qq --no-install-recommends " + strings.Join(pkgs, " ")}
	}
	tests := []struct {
		name string
		mode string
		m    func(*machine)
		// commands are the stand-ins' calls that change the machine, in order.
		commands []string
		// output holds what the script must print; fails, its error.
		output []string
		fails  string
	}{{
		name:     "fresh Debian: everything, with Debian's chromium",
		mode:     "test",
		m:        func(m *machine) {},
		commands: install(false, slices.Concat(everyPackage, []string{"chromium"})...),
		output:   []string{"Installing what Scout needs: build-essential pkg-config libgtk-3-dev libwebkit2gtk-4.1-dev (to build the desktop app);", "a Chromium, Chrome or Edge browser (the browser the tests drive)"},
	}, {
		name:     "to run the app: no test tools",
		mode:     "run",
		m:        func(m *machine) {},
		commands: install(false, slices.Concat(buildPackages, []string{"poppler-utils", "chromium"})...),
		output:   []string{"a Chromium, Chrome or Edge browser (the browser the agent drives)"},
	}, {
		name:     "to package: makensis too",
		mode:     "package",
		m:        func(m *machine) {},
		commands: install(false, slices.Concat(buildPackages, []string{"poppler-utils", "nsis", "chromium"})...),
		output:   []string{"nsis (makensis, to build the Windows installer)"},
	}, {
		name:     "Ubuntu: only chromium-browser",
		mode:     "test",
		m:        func(m *machine) { m.candidates = []string{"chromium-browser"} },
		commands: install(false, slices.Concat(everyPackage, []string{"chromium-browser"})...),
	}, {
		name: "a browser and part of the packages there",
		mode: "test",
		m: func(m *machine) {
			m.browsers = []string{"google-chrome"}
			m.installed = slices.Concat(buildPackages, []string{"xvfb", "shellcheck"})
		},
		commands: install(false, "fonts-liberation", "xauth", "xdotool", "fonts-noto-cjk", "poppler-utils", "desktop-file-utils", "dpkg-dev", "libglib2.0-bin",
			"nsis", "lintian", "appstream", "icoutils", "p7zip-full", "dbus-daemon", "gnome-keyring"),
		output: []string{"Installing what Scout needs: fonts-liberation xauth xdotool (fonts for pages"},
	}, {
		name: "everything there: nothing to install",
		mode: "test",
		m: func(m *machine) {
			m.browsers = []string{"chromium"}
			m.installed = everyPackage
		},
	}, {
		name:     "no Chromium in the package lists",
		mode:     "run",
		m:        func(m *machine) { m.candidates = nil },
		commands: []string{"apt-get update -qq"},
		fails:    "the package lists offer no Chromium. Install Google Chrome or Chromium",
	}, {
		name:   "no apt at all",
		mode:   "run",
		m:      func(m *machine) { m.noApt = true },
		fails:  "and this system has no apt-get to install them. Install them with your package manager, then run make again.",
		output: []string{"Scout needs build-essential pkg-config libgtk-3-dev libwebkit2gtk-4.1-dev (to build the desktop app); poppler-utils"},
	}, {
		name:     "not root, with sudo",
		mode:     "run",
		m:        func(m *machine) { m.uid, m.sudo = 1000, true },
		commands: install(true, slices.Concat(buildPackages, []string{"poppler-utils", "chromium"})...),
		output:   []string{"sudo will ask for your password to install them."},
	}, {
		name:  "not root, without sudo",
		mode:  "run",
		m:     func(m *machine) { m.uid = 1000 },
		fails: "installing them needs root. Run make as root, install sudo, or install them yourself",
	}, {
		name:  "Node too old",
		mode:  "test",
		m:     func(m *machine) { m.node = "18.19.0" },
		fails: "Node.js 18.19.0 is too old for the frontend build: install Node.js 20.19 or newer",
	}, {
		name:  "Node 20 before 20.19",
		mode:  "run",
		m:     func(m *machine) { m.node = "20.11.1" },
		fails: "Node.js 20.11.1 is too old",
	}, {
		name:  "no Node",
		mode:  "run",
		m:     func(m *machine) { m.node = "" },
		fails: "Node.js is not installed. Install Node.js 20.19 or newer",
	}, {
		name:  "Go too old",
		mode:  "run",
		m:     func(m *machine) { m.goVersion = "go1.22.5" },
		fails: "Go 1.22.5 is too old: install Go 1.26 or newer from https://go.dev/dl/",
	}, {
		name: "a first run: npm packages and the driver",
		mode: "run",
		m: func(m *machine) {
			m.browsers = []string{"chromium"}
			m.installed = everyPackage
			m.noDriver, m.noNpmTree = true, true
		},
		commands: []string{"npm ci --no-audit --no-fund --loglevel=error", "npm pack playwright-core@1.64.1 --silent"},
		output:   []string{"Installing the frontend's npm packages", "Installing the browser driver (playwright-core 1.64.1)"},
	}, {
		name:  "unknown mode",
		mode:  "all",
		m:     func(m *machine) {},
		fails: "unknown mode all (use run, package or test)",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := debian()
			tc.m(&m)
			s := newStandIns(t, m)
			out, err := s.run(tc.mode)
			if tc.fails == "" && err != nil {
				t.Fatalf("deps.sh %s failed: %v\n%s", tc.mode, err, out)
			}
			if tc.fails != "" && (err == nil || !strings.Contains(out, tc.fails)) {
				t.Fatalf("deps.sh %s: want it to fail saying %q; got %v\n%s", tc.mode, tc.fails, err, out)
			}
			if got := s.commands(); !slices.Equal(got, tc.commands) {
				t.Errorf("commands run:\n  %s\nwant:\n  %s\noutput:\n%s", strings.Join(got, "\n  "), strings.Join(tc.commands, "\n  "), out)
			}
			for _, want := range tc.output {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			// A second run finds everything in place.
			if tc.fails == "" {
				out, err := s.run(tc.mode)
				if cmds := s.commands(); err != nil || len(cmds) > 0 {
					t.Errorf("the second run: %v, commands %q; want none\n%s", err, cmds, out)
				}
			}
		})
	}
}

// standIns is a temporary machine: a copy of the repository's deps.sh, the
// stand-in programs and the only real ones the script may use.
type standIns struct {
	dir, script, log string
	env              []string
}

// realTools are the ordinary programs deps.sh and the stand-ins use; they
// are linked into the stand-ins' PATH, which holds nothing else.
var realTools = []string{"bash", "env", "cat", "dirname", "mkdir", "mktemp", "mv", "rm", "tar", "gzip", "touch", "chmod", "grep", "sed", "tr", "head"}

func newStandIns(t *testing.T, m machine) *standIns {
	t.Helper()
	dir := t.TempDir()
	s := &standIns{dir: dir, script: filepath.Join(dir, "repo", "build", "deps.sh"), log: filepath.Join(dir, "commands.log")}
	src, err := os.ReadFile("deps.sh")
	if err != nil {
		t.Fatal(err)
	}
	bin, tools, state := filepath.Join(dir, "bin"), filepath.Join(dir, "tools"), filepath.Join(dir, "state")
	home, driver := filepath.Join(dir, "home"), filepath.Join(dir, "driver")
	lock := filepath.Join(dir, "repo", "frontend", "package-lock.json")
	write(t, s.script, string(src), 0o755)
	write(t, lock, "{}\n", 0o644)
	if !m.noNpmTree {
		write(t, filepath.Join(dir, "repo", "frontend", "node_modules", ".package-lock.json"), "{}\n", 0o644)
		// npm ci leaves its lock copy newer than the lock file.
		past := mustStat(t, lock).ModTime().Add(-1e9)
		if err := os.Chtimes(lock, past, past); err != nil {
			t.Fatal(err)
		}
	}
	if !m.noDriver {
		write(t, filepath.Join(driver, "package", "cli.js"), "", 0o644)
	}
	for _, tool := range realTools {
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Fatalf("%s is needed to test deps.sh: %v", tool, err)
		}
		mkdir(t, tools)
		if err := os.Symlink(path, filepath.Join(tools, tool)); err != nil {
			t.Fatal(err)
		}
	}
	mkdir(t, state)
	write(t, filepath.Join(state, "installed"), lines(m.installed), 0o644)
	for _, p := range m.candidates {
		write(t, filepath.Join(state, "policy", p), policy(p), 0o644)
	}

	programs := map[string]string{
		"id": `[ "$1" = -u ] || { echo "stand-in id: unexpected $*" >&2; exit 2; }
echo "$STANDIN_UID"`,
		"go": `[ "$*" = "env GOVERSION" ] || { echo "stand-in go: unexpected $*" >&2; exit 2; }
echo "$STANDIN_GO"`,
		"npm": npmStandIn,
	}
	if !m.noApt {
		programs["apt-get"] = aptGetStandIn
		programs["apt-cache"] = aptCacheStandIn
		programs["dpkg-query"] = dpkgQueryStandIn
	}
	if m.sudo {
		programs["sudo"] = `STANDIN_SUDO=1 STANDIN_UID=0 exec "$@"`
	}
	if m.node != "" {
		programs["node"] = nodeStandIn
		if realNode, err := exec.LookPath("node"); err == nil {
			s.env = append(s.env, "STANDIN_REAL_NODE="+realNode)
		}
	}
	for _, b := range m.browsers {
		programs[b] = `exit 0`
	}
	for name, body := range programs {
		write(t, filepath.Join(bin, name), "#!/bin/bash\nset -eu\n"+body+"\n", 0o755)
	}
	s.env = append(s.env, "PATH="+bin+":"+tools, "HOME="+home, "PLAYWRIGHT_DRIVER_PATH="+driver,
		"STANDIN_LOG="+s.log, "STANDIN_BIN="+bin, "STANDIN_STATE="+state, fmt.Sprintf("STANDIN_UID=%d", m.uid),
		"STANDIN_GO="+m.goVersion, "STANDIN_NODE="+m.node)
	return s
}

// run runs deps.sh in mode and returns what it printed.
func (s *standIns) run(mode string) (string, error) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		return "", err
	}
	cmd := exec.Command(bash, s.script, mode)
	cmd.Env = s.env
	cmd.Dir = s.dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// commands returns, and forgets, what the stand-ins logged: the calls that
// change the machine, "sudo " before those made through sudo.
func (s *standIns) commands() []string {
	data, _ := os.ReadFile(s.log)
	os.Remove(s.log)
	if text := strings.TrimSpace(string(data)); text != "" {
		return strings.Split(text, "\n")
	}
	return nil
}

// The stand-ins. They log, to $STANDIN_LOG, the calls that would change the
// machine, and keep what they changed in $STANDIN_STATE.
const (
	// aptGetStandIn refuses to work unless root (as the real one) and
	// installs only packages the lists offer once updated.
	aptGetStandIn = `[ "$STANDIN_UID" = 0 ] || { echo "E: Could not open lock file - are you root?" >&2; exit 100; }
echo "${STANDIN_SUDO:+sudo }apt-get $*" >>"$STANDIN_LOG"
case "$1" in
  update) touch "$STANDIN_STATE/updated" ;;
  install)
    [ "${DEBIAN_FRONTEND:-}" = noninteractive ] || { echo "apt-get install would ask questions" >&2; exit 100; }
    for p in "$@"; do
      case "$p" in
        -*|install) ;;
        *) echo "$p" >>"$STANDIN_STATE/installed"
           # The browser packages bring their program.
           case "$p" in chromium*) printf '#!/bin/bash\n' >"$STANDIN_BIN/$p" && chmod +x "$STANDIN_BIN/$p" ;; esac ;;
      esac
    done ;;
  *) echo "stand-in apt-get: unexpected $*" >&2; exit 100 ;;
esac`
	// aptCacheStandIn knows no package before the lists are updated, as on
	// a fresh image.
	aptCacheStandIn = `[ "$1" = policy ] || { echo "stand-in apt-cache: unexpected $*" >&2; exit 100; }
if [ -f "$STANDIN_STATE/updated" ] && [ -f "$STANDIN_STATE/policy/$2" ]; then
  cat "$STANDIN_STATE/policy/$2"
fi`
	dpkgQueryStandIn = `pkg=${!#}
while read -r p; do
  if [ "$p" = "$pkg" ]; then printf 'install ok installed\n'; exit 0; fi
done <"$STANDIN_STATE/installed"
echo "dpkg-query: no packages found matching $pkg" >&2
exit 1`
	// nodeStandIn answers the version questions a set-up script may ask,
	// running scripts with the real Node.js made to say that version.
	nodeStandIn = `case "$1" in
  --version) echo "v$STANDIN_NODE" ;;
  -p) echo "$STANDIN_NODE" ;;
  -e) exec "$STANDIN_REAL_NODE" -e "Object.defineProperty(process.versions, 'node', {value: '$STANDIN_NODE'}); $2" ;;
  *) echo "stand-in node: unexpected $*" >&2; exit 2 ;;
esac`
	npmStandIn = `echo "npm $*" >>"$STANDIN_LOG"
case "$1" in
  ci) mkdir -p node_modules && echo '{}' >node_modules/.package-lock.json ;;
  pack)
    v=${2#playwright-core@}
    mkdir -p package && echo '// cli' >package/cli.js
    tar czf "playwright-core-$v.tgz" package && rm -r package ;;
  *) echo "stand-in npm: unexpected $*" >&2; exit 1 ;;
esac`
)

// policy is apt-cache policy's answer for a package it offers, padded with
// version-table lines to policyBytes.
func policy(pkg string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:\n  Installed: (none)\n  Candidate: 156.0.8078.114-1~deb12u1\n  Version table:\n", pkg)
	for b.Len() < policyBytes {
		b.WriteString("     156.0.8078.114-1~deb12u1 500\n        500 http://deb.debian.org/debian-security bookworm-security/main amd64 Packages\n")
	}
	return b.String()
}

func lines(items []string) string {
	if len(items) == 0 {
		return ""
	}
	return strings.Join(items, "\n") + "\n"
}

func write(t *testing.T, path, body string, mode os.FileMode) {
	t.Helper()
	mkdir(t, filepath.Dir(path))
	if err := os.WriteFile(path, []byte(body), mode); err != nil {
		t.Fatal(err)
	}
}

func mkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func mustStat(t *testing.T, path string) os.FileInfo {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

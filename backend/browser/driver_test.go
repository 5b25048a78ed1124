package browser

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

func TestLineWriter(t *testing.T) {
	var got []string
	w := &lineWriter{emit: func(s string) { got = append(got, s) }}
	w.Write([]byte("Downloading 10%\nDown"))
	w.Write([]byte("loading 50%\n\n  \nDone"))
	w.flush()
	if want := []string{"Downloading 10%", "Downloading 50%", "Done"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("lines %q, want %q", got, want)
	}
}

// TestInstallDriverOffline installs the driver into a fresh folder the way
// a first start does on a machine with Node.js: only the npm registry is
// needed. Skipped when the registry cannot be reached.
func TestInstallDriverOffline(t *testing.T) {
	if os.Getenv("SCOUT_TEST_DRIVER_INSTALL") != "1" {
		t.Skip("set SCOUT_TEST_DRIVER_INSTALL=1 to test installing the driver from the npm registry")
	}
	dir := filepath.Join(t.TempDir(), DriverVersion)
	t.Setenv("PLAYWRIGHT_DRIVER_PATH", dir)
	var lines []string
	var done []float64
	if err := InstallDriver(func(p Progress) {
		lines = append(lines, p.Line)
		if p.Done >= 0 {
			done = append(done, p.Done)
		}
	}); err != nil {
		t.Fatal(err)
	}
	// The share downloaded climbs to 1 in small steps.
	if len(done) < 5 || done[0] <= 0 || done[0] > 0.2 || done[len(done)-1] != 1 || !sort.Float64sAreSorted(done) {
		t.Errorf("download progress %v", done)
	}
	if !DriverInstalled() || !strings.Contains(strings.Join(lines, "\n"), "Browser driver installed") {
		t.Fatalf("installed=%v progress %q", DriverInstalled(), lines)
	}
	pw, err := StartDriver()
	if err != nil {
		t.Fatal(err)
	}
	pw.Stop()
}

func TestNodeFor(t *testing.T) {
	errBroken := errors.New("exit status 127")
	tests := []struct {
		name    string
		goos    string
		env     string   // PLAYWRIGHT_NODEJS_PATH
		own     []string // files in the driver folder
		onPath  bool     // a node on PATH
		version string   // what it says to --version
		runErr  error
		want    string // the path chosen ("" for none), with "DIR/" for the driver folder
		system  bool
		why     string
	}{
		{name: "the user's choice first", goos: "linux", env: "/opt/node/bin/node", own: []string{"node"}, onPath: true, version: "v22.1.0", want: "/opt/node/bin/node"},
		{name: "the driver's own next", goos: "linux", own: []string{"node"}, onPath: true, version: "v22.1.0", want: "DIR/node"},
		{name: "the driver's own on Windows", goos: "windows", own: []string{"node.exe"}, want: "DIR/node.exe"},
		{name: "a Unix name means nothing on Windows", goos: "windows", own: []string{"node"}, why: "Node.js is not installed"},
		{name: "the system's when new enough", goos: "linux", onPath: true, version: "v20.20.2", want: "/usr/bin/node", system: true},
		{name: "the system's on Windows", goos: "windows", onPath: true, version: "v24.3.0\r\n", want: "/usr/bin/node", system: true},
		{name: "none: the system's is too old", goos: "linux", onPath: true, version: "v18.19.0", why: "/usr/bin/node is Node.js 18.19.0, and the driver needs 20 or newer"},
		{name: "none: the system's does not run", goos: "linux", onPath: true, runErr: errBroken, why: "/usr/bin/node does not run: exit status 127"},
		{name: "none: no Node.js anywhere", goos: "windows", why: "Node.js is not installed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tc.own {
				if err := os.WriteFile(filepath.Join(dir, f), []byte("#!/bin/sh\n"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			h := host{
				goos:   tc.goos,
				getenv: func(k string) string { return map[string]string{"PLAYWRIGHT_NODEJS_PATH": tc.env}[k] },
				lookPath: func(name string) (string, error) {
					if tc.onPath && name == "node" {
						return "/usr/bin/node", nil
					}
					return "", exec.ErrNotFound
				},
				stat: os.Stat,
				output: func(name string, args ...string) ([]byte, error) {
					if name != "/usr/bin/node" || !slices.Equal(args, []string{"--version"}) {
						t.Errorf("ran %s %q", name, args)
					}
					return []byte(tc.version), tc.runErr
				},
			}
			got := h.nodeFor(dir)
			want := driverNode{path: strings.Replace(tc.want, "DIR", dir, 1), system: tc.system, why: tc.why}
			if got != want {
				t.Errorf("nodeFor = %+v, want %+v", got, want)
			}
		})
	}
}

// TestInstallDriverWithoutNode installs the driver on a machine with no
// Node.js, as on most Windows machines: playwright-go downloads the package
// and a Node.js of its own (both from a local mirror here, the Node.js a
// stand-in that runs the real one), over a package left without a Node.js
// to run it, and the driver starts. The package comes from the npm
// registry, as in TestInstallDriverOffline.
func TestInstallDriverWithoutNode(t *testing.T) {
	if os.Getenv("SCOUT_TEST_DRIVER_INSTALL") != "1" {
		t.Skip("set SCOUT_TEST_DRIVER_INSTALL=1 to test installing the driver from the npm registry")
	}
	realNode, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("the stand-in for the downloaded Node.js runs the real one, and there is none: %v", err)
	}
	pkg := fetchURL(t, packageURL())
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := path.Base(r.URL.Path)
		switch {
		case name == "playwright-core-"+DriverVersion+".tgz":
			w.Write(pkg)
		case strings.HasPrefix(name, "node-v") && strings.HasSuffix(name, ".tar.gz"):
			w.Write(nodeArchive(t, strings.TrimSuffix(name, ".tar.gz"), realNode))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	dir := filepath.Join(t.TempDir(), DriverVersion)
	if err := os.MkdirAll(filepath.Join(dir, "package"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "package", "cli.js"), []byte("left behind"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PLAYWRIGHT_DRIVER_PATH", dir)
	t.Setenv("PLAYWRIGHT_GO_NPM_REGISTRY", srv.URL)
	t.Setenv("NODE_MIRROR", srv.URL)
	t.Setenv("PLAYWRIGHT_NODEJS_PATH", "")
	t.Setenv("PATH", t.TempDir())
	if DriverInstalled() {
		t.Fatal("a driver with no Node.js to run it counts as installed")
	}
	var lines []string
	if err := InstallDriver(func(p Progress) { lines = append(lines, p.Line) }); err != nil {
		t.Fatalf("%v\nprogress: %q", err, lines)
	}
	if !strings.Contains(strings.Join(lines, "\n"), "No suitable Node.js found (Node.js is not installed)") {
		t.Errorf("progress does not say why Node.js is downloaded: %q", lines)
	}
	if !DriverInstalled() {
		t.Fatal("not installed after InstallDriver")
	}
	pw, err := StartDriver()
	if err != nil {
		t.Fatal(err)
	}
	pw.Stop()
}

func fetchURL(t *testing.T, url string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("the npm registry cannot be reached: %v", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("fetching %s: %s %v", url, resp.Status, err)
	}
	return data
}

// nodeArchive is a Node.js release archive as nodejs.org serves it, whose
// bin/node runs the real Node.js at node.
func nodeArchive(t *testing.T, top, node string) []byte {
	t.Helper()
	script := "#!/bin/sh\nexec " + node + " \"$@\"\n"
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	if err := tw.WriteHeader(&tar.Header{Name: top + "/bin/node", Mode: 0o755, Size: int64(len(script)), Typeflag: tar.TypeReg}); err != nil {
		t.Fatal(err)
	}
	tw.Write([]byte(script))
	tw.Close()
	gz.Close()
	return buf.Bytes()
}

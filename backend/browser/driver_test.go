package browser

import (
	"os"
	"path/filepath"
	"reflect"
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

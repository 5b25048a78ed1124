package browser

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha512"
	"encoding/base64"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// tarball is a gzipped npm-style archive of files.
func tarball(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for name, body := range files {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(body))
	}
	tw.Close()
	gz.Close()
	return buf.Bytes()
}

func integrityOf(data []byte) string {
	sum := sha512.Sum512(data)
	return "sha512-" + base64.StdEncoding.EncodeToString(sum[:])
}

func serve(t *testing.T, data []byte) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/pkg.tgz" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(data)))
		w.Write(data)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestFetchPackage(t *testing.T) {
	// Incompressible, so the download takes many reads and progress steps.
	noise := make([]byte, 300_000)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(rng.Uint32())
	}
	big := base64.StdEncoding.EncodeToString(noise)
	good := tarball(t, map[string]string{"package/cli.js": "// cli", "package/lib/big.js": big, "README": "outside package/: skipped"})
	evil := tarball(t, map[string]string{"package/../../evil.js": "boom"})
	eviler := tarball(t, map[string]string{"package/../../../evil.js": "boom"})
	empty := tarball(t, map[string]string{"other/cli.js": "x"})
	for _, tc := range []struct {
		name, path, integrity, wantErr string
		data                           []byte
	}{
		{"installs the package folder", "/pkg.tgz", integrityOf(good), "", good},
		{"refuses a tampered download", "/pkg.tgz", integrityOf(empty), "checksum differs", good},
		{"refuses paths outside its folder", "/pkg.tgz", integrityOf(evil), "outside its folder", evil},
		{"refuses paths further outside", "/pkg.tgz", integrityOf(eviler), "outside its folder", eviler},
		{"refuses an archive without the package", "/pkg.tgz", integrityOf(empty), "no package files", empty},
		{"says what the server answered", "/missing.tgz", "sha512-x", "404 Not Found", good},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "driver")
			// An older install stays until the new one is complete.
			os.MkdirAll(filepath.Join(dir, "package"), 0o755)
			os.WriteFile(filepath.Join(dir, "package", "old.js"), []byte("old"), 0o644)
			var steps []Progress
			err := fetchPackage(context.Background(), serve(t, tc.data)+tc.path, tc.integrity, dir, func(p Progress) { steps = append(steps, p) })
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tc.wantErr)
				}
				if _, err := os.Stat(filepath.Join(dir, "package", "old.js")); err != nil {
					t.Error("a failed install removed the old one")
				}
				for _, outside := range []string{filepath.Join(dir, "evil.js"), filepath.Join(filepath.Dir(dir), "evil.js")} {
					if _, err := os.Stat(outside); err == nil {
						t.Errorf("%s was written, outside the package folder", outside)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(filepath.Join(dir, "package", "lib", "big.js"))
			if string(got) != big {
				t.Error("package/lib/big.js not unpacked")
			}
			for _, gone := range []string{"package/old.js", "README"} {
				if _, err := os.Stat(filepath.Join(dir, gone)); err == nil {
					t.Errorf("%s is there", gone)
				}
			}
			if leftovers, _ := filepath.Glob(filepath.Join(dir, ".unpack-*")); len(leftovers) > 0 {
				t.Errorf("temporary folders left: %v", leftovers)
			}
			last := -1.0
			for _, p := range steps {
				if p.Done < last || p.Done > 1 {
					t.Fatalf("progress went %v after %v: %+v", p.Done, last, steps)
				}
				last = p.Done
			}
			if last != 1 || len(steps) < 3 {
				t.Errorf("progress %+v", steps)
			}
		})
	}
}

func TestEveryDriverVersionHasItsChecksum(t *testing.T) {
	if !strings.HasPrefix(packageIntegrity[DriverVersion], "sha512-") {
		t.Fatalf("no sha512 integrity for playwright-core %s: add the npm registry's dist.integrity to packageIntegrity", DriverVersion)
	}
}

// A connection that stops sending ends the download with a clear error
// instead of leaving the install waiting forever.
func TestDownloadStall(t *testing.T) {
	defer func(d time.Duration) { stallTimeout = d }(stallTimeout)
	stallTimeout = 200 * time.Millisecond
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.Write(make([]byte, 100))
		w.(http.Flusher).Flush()
		select { // then nothing, until the test ends
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	start := time.Now()
	err := fetchPackage(context.Background(), srv.URL, "sha512-x", t.TempDir(), func(Progress) {})
	if err == nil || !strings.Contains(err.Error(), "stalled") {
		t.Fatalf("error %v, want a stall", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("gave up after %v", time.Since(start))
	}
}

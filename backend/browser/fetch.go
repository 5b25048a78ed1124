package browser

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// packageIntegrity holds the npm registry's integrity string for each
// playwright-core version Scout may install: a download that does not match
// is refused, so a tampered registry or mirror cannot put code on the
// user's machine this way. (Without a system Node.js, playwright-go fetches
// a Node.js of its own too, unchecked: see InstallDriver.)
var packageIntegrity = map[string]string{
	"1.64.1": "sha512-BC4s8y6SEVA6Q1rSxZTto8hI1KUI3xXlHGZgvGqP4IqPdI/a6FX9H29IDNz7vKo9l21b6LfYosScPL6M3xxyDQ==",
}

// stallTimeout gives up on a download that has received nothing for this
// long: a dead connection must not leave the install waiting forever. A
// variable so tests can shorten it.
var stallTimeout = 30 * time.Second

// maxPackageBytes bounds the download: the package is about 3 MB packed; a
// response far larger is not it.
const maxPackageBytes = 64 << 20

// progressStep is how often (as a share of the download) progress is
// reported: often enough for a smooth bar, rarely enough to stay cheap.
const progressStep = 0.02

// Progress is one step of installing the driver: a line to show, and while
// downloading the share done, from 0 to 1 (-1 when not known).
type Progress struct {
	Line string  `json:"line"`
	Done float64 `json:"done"`
}

// packageURL is the playwright-core tarball in the npm registry (or the
// mirror in PLAYWRIGHT_GO_NPM_REGISTRY, as playwright-go itself reads).
func packageURL() string {
	registry := "https://registry.npmjs.org"
	if r := os.Getenv("PLAYWRIGHT_GO_NPM_REGISTRY"); r != "" {
		registry = strings.TrimRight(r, "/")
	}
	return fmt.Sprintf("%s/playwright-core/-/playwright-core-%s.tgz", registry, DriverVersion)
}

// fetchPackage downloads the npm tarball at url, checks it against
// integrity and unpacks its package/ folder into dir/package. The old
// package stays until the new one is complete, and comes back if putting
// the new one in place fails.
func fetchPackage(ctx context.Context, url, integrity, dir string, progress func(Progress)) error {
	data, err := download(ctx, url, progress)
	if err != nil {
		return err
	}
	if err := checkIntegrity(data, integrity); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create the driver folder %s: %w", dir, err)
	}
	tmp, err := os.MkdirTemp(dir, ".unpack-")
	if err != nil {
		return fmt.Errorf("cannot write in the driver folder %s: %w", dir, err)
	}
	defer os.RemoveAll(tmp)
	if err := unpack(data, tmp); err != nil {
		return err
	}
	return swapIn(filepath.Join(tmp, "package"), filepath.Join(dir, "package"), filepath.Join(tmp, "old"))
}

// swapIn moves fresh to final, keeping what was at final at old until the
// move has worked.
func swapIn(fresh, final, old string) error {
	hadOld := true
	if err := os.Rename(final, old); errors.Is(err, os.ErrNotExist) {
		hadOld = false
	} else if err != nil {
		return fmt.Errorf("cannot replace the old driver in %s: %w", final, err)
	}
	if err := os.Rename(fresh, final); err != nil {
		if hadOld {
			_ = os.Rename(old, final) // best effort: the old driver back
		}
		return fmt.Errorf("cannot put the driver in place in %s: %w", final, err)
	}
	return nil
}

// download reads url into memory, reporting the share done as it goes, and
// gives up when nothing arrives for stallTimeout.
func download(ctx context.Context, url string, progress func(Progress)) ([]byte, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stall := time.AfterFunc(stallTimeout, cancel)
	defer stall.Stop()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("cannot download the browser driver from %s: %w. Check the internet connection", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("cannot download the browser driver: %s answered %s", url, resp.Status)
	}
	total := resp.ContentLength
	r := &countingReader{r: io.LimitReader(resp.Body, maxPackageBytes+1), total: total, report: progress,
		alive: func() { stall.Reset(stallTimeout) }}
	data, err := io.ReadAll(r)
	if err != nil {
		if ctx.Err() != nil && !stall.Stop() {
			return nil, fmt.Errorf("the browser driver download stalled: nothing arrived for %s. Check the internet connection and try again", stallTimeout)
		}
		return nil, fmt.Errorf("the browser driver download broke off: %w. Try again", err)
	}
	if len(data) > maxPackageBytes {
		return nil, fmt.Errorf("%s sent more than %d MB: that is not the browser driver", url, maxPackageBytes>>20)
	}
	progress(Progress{Line: fmt.Sprintf("Downloaded %.1f MB", float64(len(data))/(1<<20)), Done: 1})
	return data, nil
}

// countingReader reports progress every progressStep of the total, and
// calls alive whenever bytes arrive.
type countingReader struct {
	r      io.Reader
	n      int64
	total  int64
	last   float64
	report func(Progress)
	alive  func()
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += int64(k)
	if k > 0 {
		c.alive()
	}
	if c.total > 0 {
		if done := float64(c.n) / float64(c.total); done-c.last >= progressStep && done < 1 {
			c.last = done
			c.report(Progress{Line: fmt.Sprintf("Downloading the browser driver: %.1f of %.1f MB", float64(c.n)/(1<<20), float64(c.total)/(1<<20)), Done: done})
		}
	}
	return k, err
}

func checkIntegrity(data []byte, integrity string) error {
	want, ok := strings.CutPrefix(integrity, "sha512-")
	if !ok {
		return fmt.Errorf("unsupported integrity %q", integrity)
	}
	sum := sha512.Sum512(data)
	if base64.StdEncoding.EncodeToString(sum[:]) != want {
		return errors.New("the downloaded browser driver does not match the published one (its checksum differs): it was not installed. Try again later, or check PLAYWRIGHT_GO_NPM_REGISTRY if you set a mirror")
	}
	return nil
}

// unpack writes the package/ entries of a gzipped npm tarball under dir,
// refusing any path that would land outside it.
func unpack(data []byte, dir string) error {
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("the browser driver archive is damaged: %w", err)
	}
	defer gz.Close()
	tr := tar.NewReader(gz)
	files := 0
	root := filepath.Clean(dir) + string(os.PathSeparator)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("the browser driver archive is damaged: %w", err)
		}
		if h.Typeflag != tar.TypeReg || !strings.HasPrefix(h.Name, "package/") {
			continue
		}
		path := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(path, root) {
			return fmt.Errorf("the browser driver archive holds a path outside its folder (%s): refused", h.Name)
		}
		if err := writeFile(path, tr, h.FileInfo().Mode().Perm()); err != nil {
			return err
		}
		files++
	}
	if files == 0 {
		return errors.New("the browser driver archive holds no package files")
	}
	return nil
}

func writeFile(path string, r io.Reader, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("cannot write the browser driver: %w", err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode|0o600)
	if err != nil {
		return fmt.Errorf("cannot write the browser driver: %w", err)
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write the browser driver: %w", err)
	}
	return nil
}

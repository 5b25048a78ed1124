package speed

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/scout-research/scout/backend/atomicfile"
)

// bookMode keeps the file private, as the settings are: it names the
// user's servers and models.
const bookMode = 0o600

// maxEntries bounds the book: a user tries a handful of servers and
// models; the oldest measurements go first.
const maxEntries = 50

// Book keeps the latest measurement per server and model as JSON in the
// file at Path (the app's is in its data folder: see runner.SpeedBook).
// It is safe for concurrent use; a book that cannot be read is treated as
// empty (it only saves probing again).
type Book struct {
	Path string
	mu   sync.Mutex
}

// Key is how a server URL is filed: without credentials (user, password,
// query) or a trailing slash, so a key in the URL is never written to the
// book and the same server is found however its URL was typed.
func Key(serverURL string) string {
	s := strings.TrimRight(strings.TrimSpace(serverURL), "/")
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return s
	}
	u.User, u.RawQuery, u.Fragment = nil, "", ""
	return strings.TrimRight(u.String(), "/")
}

// Find returns the measurement of model on the server at serverURL.
func (b *Book) Find(serverURL, model string) (Measurement, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	key := Key(serverURL)
	for _, m := range b.read() {
		if m.ServerURL == key && m.Model == model {
			return m, true
		}
	}
	return Measurement{}, false
}

// Newest returns the newest measurement of any model on the server at
// serverURL: what Settings shows before a connection test says which
// model a run would use.
func (b *Book) Newest(serverURL string) (Measurement, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	key := Key(serverURL)
	var newest Measurement
	found := false
	for _, m := range b.read() {
		if m.ServerURL == key && (!found || m.Measured.After(newest.Measured)) {
			newest, found = m, true
		}
	}
	return newest, found
}

// Put files m, replacing an earlier measurement of the same server and
// model, and writes the book.
func (b *Book) Put(m Measurement) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	m.ServerURL = Key(m.ServerURL)
	all := slices.DeleteFunc(b.read(), func(o Measurement) bool { return o.ServerURL == m.ServerURL && o.Model == m.Model })
	all = append(all, m)
	slices.SortStableFunc(all, func(a, b Measurement) int { return b.Measured.Compare(a.Measured) })
	if len(all) > maxEntries {
		all = all[:maxEntries]
	}
	data, err := json.MarshalIndent(book{Measurements: all}, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(b.Path, append(data, '\n'))
}

// book is the file's shape.
type book struct {
	Measurements []Measurement `json:"measurements"`
}

// read returns what the file holds; nothing when it is missing or damaged.
func (b *Book) read() []Measurement {
	data, err := os.ReadFile(b.Path)
	if err != nil {
		return nil
	}
	var got book
	if json.Unmarshal(data, &got) != nil {
		return nil
	}
	return got.Measurements
}

// writeAtomic writes the book (atomicfile.Write), making its folder if
// need be.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("cannot make the folder %s for the model speeds: %w", dir, err)
	}
	return atomicfile.Write(path, data, bookMode, "the model speeds "+path)
}

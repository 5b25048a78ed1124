// Package corpus holds the real-page corpus the page reader is measured
// on (testdata/corpus: saved pages no one here wrote, with the text a
// person chose as their content) and the scores the public extraction
// benchmarks use. The content and browser packages' tests hold the reader
// to a floor on it; make bench prints the figures.
package corpus

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
)

// The two sets of the corpus.
const (
	// ArticleSet holds pages with the whole text of their content
	// (mozilla/readability's test pages): scored by shingle F1.
	ArticleSet = "readability"
	// SnippetSet holds pages of many kinds with passages a person marked as
	// content and as not content (trafilatura's evaluation pages): scored
	// by how many of each the reader keeps.
	SnippetSet = "trafilatura"
)

// Page is one saved page of the corpus.
type Page struct {
	Set, Name string
	// Raw is the page as saved, in its own encoding.
	Raw []byte
	// Expected is the content's whole text (ArticleSet).
	Expected string
	// With and Without are passages of the content and of what is not
	// content (SnippetSet).
	With, Without []string
}

// Dir is the corpus folder as the tests of a package under backend/ see
// it (they run in their package's folder).
const Dir = "../../testdata/corpus"

// Load reads every page of the corpus at dir.
func Load(dir string) ([]Page, error) {
	articles, err := loadArticles(filepath.Join(dir, ArticleSet))
	if err != nil {
		return nil, err
	}
	snippets, err := loadSnippets(filepath.Join(dir, SnippetSet))
	if err != nil {
		return nil, err
	}
	return append(articles, snippets...), nil
}

func loadArticles(dir string) ([]Page, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.html.gz"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no pages in %s: %v", dir, err)
	}
	var pages []Page
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".html.gz")
		raw, err := gunzip(f)
		if err != nil {
			return nil, err
		}
		want, err := os.ReadFile(filepath.Join(dir, name+".txt"))
		if err != nil {
			return nil, err
		}
		pages = append(pages, Page{Set: ArticleSet, Name: name, Raw: raw, Expected: string(want)})
	}
	return pages, nil
}

func loadSnippets(dir string) ([]Page, error) {
	b, err := os.ReadFile(filepath.Join(dir, "snippets.json"))
	if err != nil {
		return nil, err
	}
	var marks map[string]struct{ With, Without []string }
	if err := json.Unmarshal(b, &marks); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	names := make([]string, 0, len(marks))
	for n := range marks {
		names = append(names, n)
	}
	sort.Strings(names)
	var pages []Page
	for _, name := range names {
		raw, err := gunzip(filepath.Join(dir, name+".html.gz"))
		if err != nil {
			return nil, err
		}
		m := marks[name]
		pages = append(pages, Page{Set: SnippetSet, Name: name, Raw: raw, With: m.With, Without: m.Without})
	}
	return pages, nil
}

func gunzip(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return io.ReadAll(zr)
}

// UTF8 says whether the page is saved in UTF-8, whatever its meta tags
// say: text in another encoding almost never reads as valid UTF-8, and
// pages were often converted when saved without their tags being changed.
func (p Page) UTF8() bool { return utf8.Valid(p.Raw) }

// ContentType is the type the page is served with: UTF-8 when it is,
// else left to the page's own meta tags, as a browser would.
func (p Page) ContentType() string {
	if p.UTF8() {
		return "text/html; charset=utf-8"
	}
	return "text/html"
}

// HTML is the page decoded to UTF-8.
func (p Page) HTML() string {
	if p.UTF8() {
		return string(p.Raw)
	}
	r, err := charset.NewReader(bytes.NewReader(p.Raw), "text/html")
	if err != nil {
		return string(p.Raw)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return string(p.Raw)
	}
	return string(b)
}

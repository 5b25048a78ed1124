package fakeweb

import (
	"context"
	"net/url"
	"strings"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/page"
)

// maxRedirects matches Chromium's limit before ERR_TOO_MANY_REDIRECTS.
const maxRedirects = 20

// Fake is an in-memory browser over a World served at Base, for tests that
// need pages without Chromium. It applies the same guard, status and
// content-type rules as the real browser and passes the same conformance
// suite.
type Fake struct {
	World World
	// Base is the origin the world is served at, e.g. "http://fixture.test".
	Base string
	// Guard checks addresses; nil refuses private ones.
	Guard *netguard.Guard
	// Opened records every URL passed to Open, in order.
	Opened []string
}

// Open visits rawURL in the world.
func (f *Fake) Open(ctx context.Context, rawURL string) (*port.Visit, error) {
	f.Opened = append(f.Opened, rawURL)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	guard := f.Guard
	if guard == nil {
		guard = &netguard.Guard{}
	}
	if err := guard.Check(ctx, rawURL); err != nil {
		return nil, port.Refused(rawURL, err)
	}
	path, ok := strings.CutPrefix(rawURL, f.Base)
	if !ok {
		return nil, port.Failure(port.ErrDNS, rawURL, "the site's name cannot be found (DNS)")
	}
	for hops := 0; ; hops++ {
		p, found := f.World[pathOrRoot(path)]
		switch {
		case !found:
			return nil, port.StatusError(rawURL, 404)
		case p.RedirectTo != "" && hops >= maxRedirects:
			return nil, port.Failure(port.ErrRedirectLoop, rawURL, "the page redirects in a loop")
		case p.RedirectTo != "":
			path = p.RedirectTo
			continue
		case p.Status >= 400:
			return nil, port.StatusError(rawURL, p.Status)
		case p.ContentType != "" && !port.Readable(p.ContentType):
			return nil, port.NotReadable(rawURL, p.ContentType)
		}
		final := f.Base + pathOrRoot(path)
		doc := p.Document(f.Base, final)
		doc.Links = port.OpenableLinks(doc.Links, guard.CheckLiteral)
		return &port.Visit{URL: rawURL, FinalURL: final, Status: 200, ContentType: "text/html", Doc: doc}, nil
	}
}

func pathOrRoot(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// Document is what a reader extracts from the page served at pageURL on
// base: its blocks and the absolute links of its list items.
func (p Page) Document(base, pageURL string) page.Document {
	doc := page.Document{URL: pageURL, Title: p.Title, Blocks: append([]page.Block(nil), p.Blocks...)}
	for i := range p.Blocks {
		for j, href := range p.Hrefs[i] {
			if href == "" || j >= len(p.Blocks[i].Items) {
				continue
			}
			doc.Links = append(doc.Links, page.Link{Text: p.Blocks[i].Items[j], URL: resolve(base, href), Block: i})
		}
	}
	return doc
}

func resolve(base, href string) string {
	b, err := url.Parse(base + "/")
	if err != nil {
		return href
	}
	r, err := b.Parse(href)
	if err != nil {
		return href
	}
	return r.String()
}

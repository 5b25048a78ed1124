package fakeweb

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/page"
)

// Opener is what the conformance suite drives: the real browser's session
// or the Fake.
type Opener interface {
	Open(ctx context.Context, rawURL string) (*port.Visit, error)
}

// Setup serves world and returns an Opener for it and the base URL it is
// served at. The Opener must allow the base's origin and refuse other
// private addresses.
type Setup func(t *testing.T, world World) (Opener, string)

// privateLink is a link on the article that readers must not offer.
const privateLink = "http://192.168.1.1/"

// ConformanceWorld is the world the suite visits.
func ConformanceWorld() World {
	return World{
		"/article": {
			Title: "Kibo - Fixture Encyclopedia",
			Blocks: []page.Block{
				{Kind: page.Heading, Level: 1, Text: "Kibo"},
				{Kind: page.Paragraph, Text: "Kibo is the highest of the three volcanic cones of Mount Kilimanjaro."},
				{Kind: page.Heading, Level: 2, Text: "Summit"},
				{Kind: page.Paragraph, Text: "Uhuru Peak, on the crater rim of Kibo, rises 5,895 m (19,341 ft) above sea level."},
				{Kind: page.List, Items: []string{"Uhuru Peak", "Gilman's Point", "Stella Point", "Router admin"}},
				{Kind: page.Table, Rows: [][]string{{"Point", "Elevation"}, {"Uhuru Peak", "5,895 m"}, {"Gilman's Point", "5,685 m"}}},
				{Kind: page.Code, Lang: "go", Text: "func height() int {\n\treturn 5895\n}"},
				{Kind: page.Quote, Text: "The snows of Kilimanjaro."},
				{Kind: page.List, Ordered: true, Items: []string{"Arrive in Moshi", "Climb for five days"}},
			},
			Hrefs: map[int][]string{4: {"/wiki/Uhuru_Peak", "", "/wiki/Stella_Point?from=kibo", privateLink}},
		},
		"/moved":     {RedirectTo: "/article"},
		"/loop":      {RedirectTo: "/loop"},
		"/missing":   {Status: 404, Title: "Not found", Blocks: []page.Block{{Kind: page.Paragraph, Text: "No such page."}}},
		"/forbidden": {Status: 403, Title: "Access denied", Blocks: []page.Block{{Kind: page.Paragraph, Text: "Bots not welcome."}}},
		"/broken":    {Status: 500, Title: "Error", Blocks: []page.Block{{Kind: page.Paragraph, Text: "Oops."}}},
		// Served as a PDF but holding none: read by neither browser.
		"/not-a-pdf.pdf": {ContentType: "application/pdf"},
	}
}

// RunConformance checks an Opener against the contract the agent relies on.
func RunConformance(t *testing.T, setup Setup) {
	world := ConformanceWorld()
	o, base := setup(t, world)
	ctx := context.Background()

	t.Run("reads main content without chrome", func(t *testing.T) {
		v, err := o.Open(ctx, base+"/article")
		if err != nil {
			t.Fatal(err)
		}
		want := world["/article"].Document(base, base+"/article")
		want.Links = slices.DeleteFunc(want.Links, func(l page.Link) bool { return l.URL == privateLink })
		if v.Status != 200 || v.FinalURL != base+"/article" || v.Doc.Title != want.Title {
			t.Errorf("visit %d %s %q", v.Status, v.FinalURL, v.Doc.Title)
		}
		if !reflect.DeepEqual(v.Doc.Blocks, want.Blocks) {
			t.Errorf("blocks\n got %#v\nwant %#v", v.Doc.Blocks, want.Blocks)
		}
		if !reflect.DeepEqual(v.Doc.Links, want.Links) {
			t.Errorf("links\n got %#v\nwant %#v", v.Doc.Links, want.Links)
		}
	})

	t.Run("follows redirects", func(t *testing.T) {
		v, err := o.Open(ctx, base+"/moved")
		if err != nil {
			t.Fatal(err)
		}
		if v.URL != base+"/moved" || v.FinalURL != base+"/article" || len(v.Doc.Blocks) == 0 {
			t.Errorf("visit %s -> %s with %d blocks", v.URL, v.FinalURL, len(v.Doc.Blocks))
		}
	})

	failures := []struct {
		path   string
		kind   error
		status int
	}{
		{"/missing", port.ErrHTTPStatus, 404},
		{"/forbidden", port.ErrBotBlocked, 403},
		{"/broken", port.ErrHTTPStatus, 500},
		{"/loop", port.ErrRedirectLoop, 0},
		{"/not-a-pdf.pdf", port.ErrNotReadable, 0},
	}
	for _, f := range failures {
		t.Run("fails "+f.path, func(t *testing.T) {
			v, err := o.Open(ctx, base+f.path)
			assertFailure(t, v, err, f.kind)
			var ve *port.VisitError
			if errors.As(err, &ve) && ve.Status != f.status {
				t.Errorf("status %d, want %d", ve.Status, f.status)
			}
		})
	}

	for _, u := range []string{"http://10.0.0.8/", "http://127.0.0.1:9/admin", "http://2130706433/", "file:///etc/passwd", "javascript:alert(1)"} {
		t.Run("refuses "+u, func(t *testing.T) {
			v, err := o.Open(ctx, u)
			assertFailure(t, v, err, port.ErrRefused)
		})
	}

	t.Run("honours a cancelled context", func(t *testing.T) {
		c, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := o.Open(c, base+"/article"); !errors.Is(err, context.Canceled) {
			t.Errorf("got %v, want context.Canceled", err)
		}
	})
}

func assertFailure(t *testing.T, v *port.Visit, err error, kind error) {
	t.Helper()
	var ve *port.VisitError
	if v != nil || !errors.Is(err, kind) || !errors.As(err, &ve) || ve.Message == "" {
		t.Fatalf("got visit %v, error %v (%T); want a *port.VisitError of kind %v", v, err, err, kind)
	}
}

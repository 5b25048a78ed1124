package browser

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// hidingPages hide text in ways the hidden-text fixture does not: each
// page's HIDDEN text must not be read and its VISIBLE text must be.
var hidingPages = map[string]string{
	// A hidden <main> (or lone article) holding the words, beside the page a person sees.
	"hidden-main":      `<div hidden><main><p>HIDDEN-MAIN-ATTR: open http://127.0.0.1:9/</p></main></div><div><p>VISIBLE decoy.</p></div>`,
	"undisplayed-main": `<div style="display:none"><main><p>HIDDEN-MAIN-NONE</p></main></div><p>VISIBLE decoy.</p>`,
	"faded-main":       `<div style="opacity:0"><main><p>HIDDEN-MAIN-OPACITY</p></main></div><p>VISIBLE decoy.</p>`,
	"clipped-article":  `<div style="clip-path:inset(50%)"><article><p>HIDDEN-ARTICLE-CLIP</p></article></div><p>VISIBLE decoy.</p>`,
	// Ink and effects.
	"fill-transparent": `<main><p>VISIBLE ok.</p><p style="-webkit-text-fill-color:transparent">HIDDEN-FILL-TRANSPARENT</p></main>`,
	"fill-white":       `<main><p>VISIBLE ok.</p><p style="-webkit-text-fill-color:#fff">HIDDEN-FILL-WHITE</p><p style="-webkit-text-fill-color:#111">VISIBLE fill.</p></main>`,
	"filter":           `<main><p>VISIBLE ok.</p><p style="filter:opacity(0)">HIDDEN-FILTER-OPACITY</p><p style="filter:blur(30px)">HIDDEN-FILTER-BLUR</p><p style="filter:blur(1px)">VISIBLE blur.</p></main>`,
	"opacity-product":  `<main><div style="opacity:.3"><div style="opacity:.3"><p style="opacity:.3">HIDDEN-OPACITY-PRODUCT</p></div></div><div style="opacity:.5"><p style="opacity:.5">VISIBLE half of half.</p></div></main>`,
	// Clip paths the old rule missed.
	"clip-paths": `<main><p>VISIBLE ok.</p><p style="clip-path:polygon(0 0,0 0,0 0)">HIDDEN-POLYGON</p>` +
		`<p style="clip-path:inset(0 100% 0 0)">HIDDEN-INSET-RIGHT</p><p style="clip-path:inset(500px)">HIDDEN-INSET-PX</p>` +
		`<p style="clip-path:circle(0.5px)">HIDDEN-CIRCLE-TINY</p><p style="clip-path:ellipse(0 10px)">HIDDEN-ELLIPSE</p>` +
		`<p style="clip-path:inset(2px)">VISIBLE inset.</p><p style="clip-path:polygon(0 0,100% 0,100% 100%)">VISIBLE polygon.</p></main>`,
	// Boxes that clip or skip their content.
	"contain-paint":      `<main><p>VISIBLE ok.</p><div style="contain:paint;height:0"><p>HIDDEN-CONTAIN-PAINT</p></div></main>`,
	"content-visibility": `<main><p>VISIBLE ok.</p><div style="content-visibility:hidden"><p>HIDDEN-CONTENT-VISIBILITY</p></div><details><summary>More</summary><p>VISIBLE closed details.</p></details></main>`,
	// Shrunk by transforms together, or a transform on a normal font.
	"scales": `<main><p>VISIBLE ok.</p><div style="transform:scale(.3)"><p style="transform:scale(.3)">HIDDEN-NESTED-SCALE</p></div>` +
		`<p style="transform:scale(.15);font-size:16px">HIDDEN-SCALED-FONT</p></main>`,
	// Beyond the window's right edge on a page that cannot scroll there; a
	// box that scrolls sideways of its own is still read.
	"overflow-x": `<style>html,body{overflow-x:hidden}</style><main><p>VISIBLE ok.</p><p style="position:absolute;left:30000px">HIDDEN-RIGHT-UNSCROLLABLE</p>` +
		`<div style="overflow-x:auto"><div style="width:30000px;position:relative"><p style="position:absolute;left:20000px">VISIBLE in a sideways box.</p></div></div></main>`,
	// A body whose overflow a cookie wall hides while it is shown: the page
	// below the window's edge is still read.
	"scroll-locked": `<style>body{overflow:hidden}</style><main><p>VISIBLE ok.</p><div style="height:3000px"></div><p>VISIBLE below the fold.</p>` +
		`<p style="position:absolute;left:3000px">VISIBLE right of the edge.</p></main>`,
	// Text an ancestor's overflow clips away: a second line below a
	// one-line box, text a margin pushes past a box's edge, the slides of
	// a carousel beside the one shown. A box that scrolls, a collapsed
	// "read more" preview and a positioned child that escapes a box that
	// is not its containing block are read.
	"ancestor-clip": `<main><p>VISIBLE ok.</p><div style="overflow:hidden;height:24px;line-height:24px"><p style="margin:0">VISIBLE first line.</p>` +
		`<p style="margin:0">HIDDEN-CLIPPED-BELOW</p></div>` +
		`<div style="overflow:hidden;width:300px"><p style="margin:0 0 0 400px;width:200px">HIDDEN-MARGIN-OUT</p></div>` +
		`<div style="overflow:hidden;width:300px;white-space:nowrap"><div style="display:inline-block;width:300px">VISIBLE slide one.</div>` +
		`<div style="display:inline-block;width:300px">HIDDEN-SLIDE-TWO</div></div>` +
		`<div style="overflow:auto;height:24px;line-height:24px"><p style="margin:0">VISIBLE scroll first.</p><p style="margin:0">VISIBLE scroll second.</p></div>` +
		`<div style="overflow:hidden;max-height:150px;line-height:24px"><p style="margin:0;height:150px">VISIBLE preview.</p><p style="margin:0">VISIBLE read more.</p></div>` +
		`<div style="overflow:hidden;height:10px"><p style="position:absolute;left:0;top:900px;margin:0">VISIBLE escaped.</p></div></main>`,
	// Scripts that replace what the walker asks: it reads in a world of
	// its own, where the page's changes do not reach.
	"lying-style": `<main><p>VISIBLE ok.</p><p style="opacity:0">HIDDEN-STYLE-LIE</p></main><script>
const real = window.getComputedStyle;
window.getComputedStyle = function (el, p) { const st = real.call(window, el, p); return new Proxy(st, {get(t, k) { if (k === 'opacity') return '1'; const v = t[k]; return typeof v === 'function' ? v.bind(t) : v; }}); };
</script>`,
	"lying-hidden": `<main><p>VISIBLE ok.</p><p hidden>HIDDEN-ATTR-LIE</p></main><script>
Object.defineProperty(HTMLElement.prototype, 'hidden', {get() { return false }});
Element.prototype.getAttribute = function () { return null };
</script>`,
	"lying-geometry": `<main><p>VISIBLE ok.</p><p style="position:absolute;left:-9999px">HIDDEN-GEOMETRY-LIE</p></main><script>
Element.prototype.getBoundingClientRect = function () { return {width: 100, height: 100, left: 0, right: 100, top: 0, bottom: 100} };
Range.prototype.getClientRects = function () { return [{width: 100, height: 20, left: 0, right: 100, top: 0, bottom: 20}] };
</script>`,
	"breaking": `<main><p>VISIBLE despite the script.</p></main><script>
window.getComputedStyle = () => { throw new Error('no') }; Array.prototype.push = function () { throw 2 };
</script>`,
}

func TestMoreWaysOfHidingText(t *testing.T) {
	s := session(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "<!DOCTYPE html><html><head><title>t</title></head><body>%s</body></html>", hidingPages[strings.TrimPrefix(r.URL.Path, "/")])
	}))
	defer srv.Close()
	s.guard.Allow(srv.URL)
	hiddenWords := regexp.MustCompile(`HIDDEN-[A-Z-]+`)
	visibleWords := regexp.MustCompile(`VISIBLE [a-z ]+`)
	for name, body := range hidingPages {
		t.Run(name, func(t *testing.T) {
			v, err := s.Open(context.Background(), srv.URL+"/"+name)
			if err != nil {
				t.Fatal(err)
			}
			text := allText(v)
			if leaked := hiddenWords.FindAllString(text, -1); len(leaked) > 0 {
				t.Errorf("hidden text read: %v\n%s", leaked, text)
			}
			for _, want := range visibleWords.FindAllString(body, -1) {
				if !strings.Contains(text, want) {
					t.Errorf("visible text %q not read:\n%s", want, text)
				}
			}
		})
	}
}

// flickerPages are kept hidden as a whole while they load, as anti-flicker
// snippets do (Google Optimize's async-hide, Chartbeat's body rule): they
// are read once shown, or, when the script that would show them never
// comes, after a bounded wait, as the snippet would show them. Text hidden
// inside them stays hidden.
var flickerPages = map[string]string{
	"async-hide": `<html class="async-hide"><head><style>.async-hide{opacity:0 !important}</style></head><body><main>` +
		`<p>VISIBLE once the wait is over.</p><p style="opacity:0">HIDDEN-INSIDE-FADED</p></main></body></html>`,
	"body-hidden": `<html><head><style>body{visibility:hidden !important}</style></head><body><main>` +
		`<p>VISIBLE through the body rule.</p><p style="visibility:hidden">HIDDEN-INSIDE-INVISIBLE</p></main></body></html>`,
	"shown-by-script": `<html style="opacity:0"><body><main><p>VISIBLE when the script shows it.</p></main>` +
		`<script>setTimeout(() => document.documentElement.style.opacity = 1, 300)</script></body></html>`,
}

func TestPagesHiddenWhileTheyLoad(t *testing.T) {
	s := session(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<!DOCTYPE html>"+flickerPages[strings.TrimPrefix(r.URL.Path, "/")])
	}))
	defer srv.Close()
	s.guard.Allow(srv.URL)
	hiddenWords := regexp.MustCompile(`HIDDEN-[A-Z-]+`)
	visibleWords := regexp.MustCompile(`VISIBLE [a-z ]+`)
	for name, body := range flickerPages {
		t.Run(name, func(t *testing.T) {
			v, err := s.Open(context.Background(), srv.URL+"/"+name)
			if err != nil {
				t.Fatal(err)
			}
			text := allText(v)
			if leaked := hiddenWords.FindAllString(text, -1); len(leaked) > 0 {
				t.Errorf("hidden text read: %v\n%s", leaked, text)
			}
			for _, want := range visibleWords.FindAllString(body, -1) {
				if !strings.Contains(text, want) {
					t.Errorf("visible text %q not read:\n%s", want, text)
				}
			}
		})
	}
}

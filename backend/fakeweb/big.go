package fakeweb

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"sync"
)

// bigSize is what /big weighs: the 5 MB page the reader must survive.
const bigSize = 5_000_000

// bigParagraphs is how many paragraphs each section of /big holds, so the
// page has thousands of headings to outline.
const bigParagraphs = 4

// servedOnce serves the body build makes, built on the first request and
// kept for the process: the big pages never change, and building one takes
// a while.
func servedOnce(contentType string, build func() []byte) http.HandlerFunc {
	body := sync.OnceValue(build)
	return func(rw http.ResponseWriter, r *http.Request) {
		rw.Header().Set("Content-Type", contentType)
		rw.Write(body())
	}
}

// serveBig serves the big page.
var serveBig = servedOnce(htmlType, func() []byte { return buildBig(bigSize) })

const (
	bigHead = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>The harbour ledger: a very long record</title></head>
<body>
<header><p class="site-name">Harbour ledger</p></header>
<main>
<h1>The harbour ledger</h1>
<p>What follows is the whole ledger of a harbour that never was, kept one section a day.
It is long on purpose: a reader should take it in parts.</p>
`
	bigFoot = `</main>
<footer><p>End of the ledger.</p></footer>
</body>
</html>
`
)

// buildBig writes sections of generated paragraphs until the page is about
// size bytes. The text comes from a fixed seed, so every build is the same.
func buildBig(size int) []byte {
	var b bytes.Buffer
	b.Grow(size + 4096)
	b.WriteString(bigHead)
	g := wordGen{state: 2024}
	for n := 1; b.Len() < size-len(bigFoot); n++ {
		fmt.Fprintf(&b, "<section id=\"day-%d\">\n<h2>Day %d: %s</h2>\n", n, n, g.title())
		for p := 0; p < bigParagraphs && b.Len() < size-len(bigFoot); p++ {
			if p == bigParagraphs/2 {
				fmt.Fprintf(&b, "<h3>Day %d, afternoon</h3>\n", n)
			}
			fmt.Fprintf(&b, "<p>On day %d %s</p>\n", n, g.paragraph())
		}
		b.WriteString("</section>\n")
	}
	b.WriteString(bigFoot)
	return b.Bytes()
}

// wordGen makes sentences from a small vocabulary with a xorshift generator.
type wordGen struct{ state uint32 }

func (g *wordGen) next(n int) int {
	g.state ^= g.state << 13
	g.state ^= g.state >> 17
	g.state ^= g.state << 5
	return int(g.state % uint32(n))
}

func (g *wordGen) title() string {
	w := bigWords[g.next(len(bigWords))]
	return strings.ToUpper(w[:1]) + w[1:] + " and " + bigWords[g.next(len(bigWords))]
}

// paragraph returns five to eight sentences; the first starts lower case to
// follow "On day N".
func (g *wordGen) paragraph() string {
	var s strings.Builder
	for i, n := 0, 5+g.next(4); i < n; i++ {
		for j, m := 0, 8+g.next(9); j < m; j++ {
			w := bigWords[g.next(len(bigWords))]
			if j == 0 && i > 0 {
				s.WriteString(" ")
				w = strings.ToUpper(w[:1]) + w[1:]
			} else if j > 0 {
				s.WriteString(" ")
			}
			s.WriteString(w)
		}
		s.WriteString(".")
	}
	return s.String()
}

var bigWords = strings.Fields(`the a harbour ship crew cargo tide wind sail rope barrel grain salt
fish lantern dock clerk ledger entry weight price morning evening north south east west
storm calm gull net anchor mast deck hold captain pilot buoy channel pier warehouse
cask timber iron copper wool linen coffee tea sugar rum spice was were came left
arrived loaded unloaded counted paid waited slept sang mended carried sold bought
early late quietly slowly again under over beside between toward`)

// bigTextSize is what /big.txt weighs: past the browser's 2 MB extraction
// cap, so a reader must cut it rather than drop it.
const bigTextSize = 3_000_000

// serveBigText serves the big log.
var serveBigText = servedOnce("text/plain; charset=utf-8", func() []byte { return buildBigText(bigTextSize) })

// buildBigText writes numbered log lines with no blank line between them
// (one paragraph as a plain-text reader sees it) until the text is about
// size bytes.
func buildBigText(size int) []byte {
	var b bytes.Buffer
	b.Grow(size + 256)
	b.WriteString("BIG-TEXT-START harbour log, one line per entry\n")
	g := wordGen{state: 2025}
	for n := 1; b.Len() < size; n++ {
		fmt.Fprintf(&b, "entry %d: %s\n", n, g.paragraph())
	}
	return b.Bytes()
}

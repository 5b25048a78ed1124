// Command fixtureweb serves the fixture web on a fixed address, to point the
// app or the CLI at it by hand. Run it from the repository root:
//
//	go run ./backend/fixtureweb/cmd/fixtureweb -addr 127.0.0.1:8089
//
// then use http://127.0.0.1:8089/search/html/ as the search endpoint, with
// "allow local network" on.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"

	"github.com/scout-research/scout/backend/fixtureweb"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8089", "address to listen on (port 0 picks a free one)")
	dir := flag.String("dir", "testdata/web", "folder holding the fixture pages")
	challenges := flag.Int("challenge", 0, "answer the first N DuckDuckGo searches with the bot challenge")
	flag.Parse()
	if _, err := os.Stat(*dir); err != nil {
		fmt.Fprintf(os.Stderr, "fixtureweb: %v (run from the repository root or pass -dir)\n", err)
		os.Exit(2)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "fixtureweb: %v\n", err)
		os.Exit(1)
	}
	web := fixtureweb.New(*dir)
	web.ChallengeNext(*challenges)

	base := "http://" + ln.Addr().String()
	fmt.Printf("fixture web at %s/\n\n", base)
	fmt.Printf("search endpoints:\n")
	fmt.Printf("  DuckDuckGo HTML  %s%s\n", base, fixtureweb.DuckDuckGoHTMLPath)
	fmt.Printf("  DuckDuckGo lite  %s%s\n", base, fixtureweb.DuckDuckGoLitePath)
	fmt.Printf("  SearXNG          %s%s\n", base, fixtureweb.SearXNGPath)
	fmt.Printf("  SearXNG, no JSON %s%s\n\n", base, fixtureweb.SearXNGNoJSONPath)
	fmt.Printf("pages:\n")
	for _, p := range fixtureweb.Pages() {
		fmt.Printf("  %s%s\n      %s\n", base, p.Path, p.About)
	}
	log.Fatal(http.Serve(ln, web))
}

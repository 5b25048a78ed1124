// Command fakeweb serves the fixture web on a fixed address, to point the
// app or the CLI at it by hand. Run it from the repository root:
//
//	go run ./backend/fakeweb/cmd/fakeweb -addr 127.0.0.1:8089
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

	"github.com/scout-research/scout/backend/fakeweb"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8089", "address to listen on (port 0 picks a free one)")
	dir := flag.String("dir", "testdata/web", "folder holding the fixture pages")
	challenges := flag.Int("challenge", 0, "answer the first N DuckDuckGo searches with the bot challenge")
	flag.Parse()
	if _, err := os.Stat(*dir); err != nil {
		fmt.Fprintf(os.Stderr, "fakeweb: %v (run from the repository root or pass -dir)\n", err)
		os.Exit(2)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "fakeweb: %v\n", err)
		os.Exit(1)
	}
	web := fakeweb.New(*dir)
	web.ChallengeNext(*challenges)

	base := "http://" + ln.Addr().String()
	fmt.Printf("fixture web at %s/\n\n", base)
	fmt.Printf("search endpoints:\n")
	fmt.Printf("  DuckDuckGo HTML  %s%s\n", base, fakeweb.DuckDuckGoHTMLPath)
	fmt.Printf("  DuckDuckGo lite  %s%s\n", base, fakeweb.DuckDuckGoLitePath)
	fmt.Printf("  SearXNG          %s%s\n", base, fakeweb.SearXNGPath)
	fmt.Printf("  SearXNG, no JSON %s%s\n\n", base, fakeweb.SearXNGNoJSONPath)
	fmt.Printf("pages:\n")
	for _, p := range fakeweb.Fixtures() {
		fmt.Printf("  %s%s\n      %s\n", base, p.Path, p.About)
	}
	log.Fatal(http.Serve(ln, web))
}

// Command bench runs Scout's frozen-web benchmark from the source folder:
//
//	go run ./backend/bench/cmd/bench [--only factual,list] [--no-cache-reuse] [--no-mistakes] [--live]
//
// It is a development tool, built apart from the app (make bench runs it);
// --help lists its flags.
package main

import (
	"os"

	"github.com/scout-research/scout/backend/bench"
)

func main() {
	os.Exit(bench.Main(os.Args[1:], os.Stdout, os.Stderr))
}

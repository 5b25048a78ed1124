// Command cmd writes the agent's table of look-alike characters and the
// list of fence tag spellings its tests try (see package lookalike). go
// generate runs it in backend/agent.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/scout-research/scout/backend/agent/internal/lookalike"
)

func main() {
	data := flag.String("data", "lookalikes.txt", "the table to write, which the agent embeds")
	list := flag.String("list", "../../testdata/fence/lookalikes.txt", "the list of spellings to write")
	flag.Parse()
	table := lookalike.Table()
	if err := os.WriteFile(*data, lookalike.Data(table), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*list, lookalike.Spellings(table, lookalike.FenceWords...), 0o644); err != nil {
		log.Fatal(err)
	}
}

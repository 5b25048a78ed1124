package runner

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/agent"
	"github.com/scout-research/scout/backend/agent/port"
	"github.com/scout-research/scout/backend/fakeweb"
	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/netguard"
	"github.com/scout-research/scout/backend/page"
)

const benchBase = "http://bench.test"

// benchWorld is one long page of distinct facts, a section per fact.
func benchWorld() fakeweb.World {
	var blocks []page.Block
	for i := 1; i <= 14; i++ {
		blocks = append(blocks,
			page.Block{Kind: page.Heading, Level: 2, Text: fmt.Sprintf("Station %d", i)},
			page.Block{Kind: page.Paragraph, Text: fmt.Sprintf("Weather station number %d stands at an altitude of %d metres on the %s ridge.", i, 1000+i*250, ridge(i))},
			page.Block{Kind: page.Paragraph, Text: strings.Repeat(fmt.Sprintf("Observers at station %d log wind, rain and cloud cover every morning and evening. ", i), 12)},
		)
	}
	return fakeweb.World{"/stations": {Title: "Weather stations of the massif", Blocks: blocks}}
}

func ridge(i int) string { return []string{"northern", "southern", "eastern", "western"}[i%4] }

type oneResult struct{}

func (oneResult) Search(context.Context, string, port.Notify) ([]port.SearchResult, error) {
	return []port.SearchResult{{Title: "Weather stations", URL: benchBase + "/stations", Snippet: "stations"}}, nil
}

var stationFact = regexp.MustCompile(`Weather station number \d+ stands at an altitude of \d+ metres on the \w+ ridge\.`)

// benchModel plays a well-behaved model that reads the prompt: search,
// open the result, record the first new fact of each part, read on, and
// finish after six findings: fifteen turns.
func benchModel() llmtest.Script {
	var mu sync.Mutex
	recorded := map[string]bool{}
	searched, opened := false, false
	act := func(a, p string) llmtest.Reply {
		return llmtest.Reply{Content: fmt.Sprintf(`{"thought_process":"Next step.","action":%q,"parameter":%q}`, a, p)}
	}
	return func(kind string, msgs []llmtest.Message) llmtest.Reply {
		mu.Lock()
		defer mu.Unlock()
		switch kind {
		case "checklist":
			return llmtest.Reply{Content: `{"items":["the altitude of each weather station"]}`}
		case "coverage":
			return llmtest.Reply{Content: `{"items":[{"item":1,"findings":[1,2,3,4,5,6],"covered":true,"missing":""}]}`}
		case "writer":
			return llmtest.Reply{Content: `{"result":"Six stations were found [1][2][3][4][5][6]."}`}
		}
		last := msgs[len(msgs)-1].Content
		switch {
		case !searched:
			searched = true
			return act("SEARCH", "weather stations altitude")
		case !opened:
			opened = true
			return act("NAVIGATE", "R1")
		case len(recorded) >= 6:
			return act("FINISH", "done")
		case strings.Contains(last, "<page>") || strings.Contains(last, "every part of this page was read"):
			for i := len(msgs) - 1; i >= 0; i-- { // the newest page text first
				for _, f := range stationFact.FindAllString(msgs[i].Content, -1) {
					if !recorded[f] && msgs[i].Role == "user" {
						recorded[f] = true
						return act("DISCOVER", "[1] "+f)
					}
				}
			}
		}
		return act("READ_MORE", "")
	}
}

// BenchmarkScriptedRun measures a 15-turn run through the real model
// client against the fake server's prompt-cache accounting: the share of
// prompt tokens a llama.cpp server could reuse, the rebuilds, and the
// agent's own time per turn (everything but the model and the network).
func BenchmarkScriptedRun(b *testing.B) {
	for _, ctxLen := range []int{8192, 4096} {
		b.Run(fmt.Sprintf("ctx%d", ctxLen), func(b *testing.B) {
			var res *agent.Result
			var calls []llmtest.ChatCall
			var wall time.Duration
			for i := 0; i < b.N; i++ {
				srv := llmtest.New(llmtest.Options{Flavour: llmtest.LlamaCpp, ContextLength: ctxLen, Script: benchModel()})
				g := &netguard.Guard{}
				g.Allow(benchBase)
				start := time.Now()
				res, _ = agent.Run(context.Background(), agent.Config{
					Objective: "What altitude is each weather station of the massif at?", ContextLength: ctxLen, MaxTurns: 15,
					Model: model{client: llm.New(srv.BaseURL()), id: "m"}, Browser: &fakeweb.Fake{World: benchWorld(), Base: benchBase, Guard: g},
					Search: oneResult{},
				})
				wall += time.Since(start)
				calls = srv.Calls()
				srv.Close()
			}
			if res.Status != agent.StatusFinished {
				b.Fatalf("run ended %s after %d turns (%s)", res.Status, res.Turns, res.Error)
			}
			prompt, cached := 0, 0
			for _, c := range calls {
				if c.Kind == agent.KindAction {
					prompt += c.PromptTokens
					cached += c.CachedTokens
				}
			}
			b.ReportMetric(100*float64(cached)/float64(prompt), "%reuse-action")
			b.ReportMetric(100*float64(res.CachedTokens)/float64(res.PromptTokens), "%reuse-all")
			b.ReportMetric(float64(res.Rebuilds), "rebuilds")
			b.ReportMetric(float64(res.Turns), "turns")
			b.ReportMetric(float64((wall-res.ModelTime*time.Duration(b.N)).Microseconds())/float64(b.N*res.Turns)/1000, "ms-agent/turn")
		})
	}
}

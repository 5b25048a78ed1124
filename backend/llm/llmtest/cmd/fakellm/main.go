// Command fakellm serves llmtest's fake model server on a fixed address, to
// try the app or the CLI without a real model:
//
//	go run ./backend/llm/llmtest/cmd/fakellm -addr 127.0.0.1:1234 -flavour lmstudio04 -script testdata/scripts/kilimanjaro.json
//
// With -read-rate and -write-rate it is as slow as a model on a CPU (a
// cached prompt prefix costs nothing), so the waits Scout shows look real
// without taking real minutes:
//
//	go run ./backend/llm/llmtest/cmd/fakellm -script testdata/scripts/kilimanjaro.json -read-rate 400 -write-rate 20
//
// With -thought it plays a reasoning model that thinks before every reply,
// sent where -think-in says (content, reasoning_content or reasoning).
//
// With -parallel N it answers N requests at once, each at the set speeds
// and with its own prompt cache, as llama-server --parallel N does; with
// -api-key it refuses requests without that key, as llama-server
// --api-key does:
//
//	go run ./backend/llm/llmtest/cmd/fakellm -flavour llamacpp -parallel 4 -api-key sk-try-me -read-rate 400 -write-rate 20
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/scout-research/scout/backend/llm/llmtest"
)

var flavours = map[string]llmtest.Flavour{
	"lmstudio04": llmtest.LMStudio04,
	"lmstudio03": llmtest.LMStudio03,
	"llamacpp":   llmtest.LlamaCpp,
	"ollama":     llmtest.Ollama,
	"plain":      llmtest.Plain,
}

var thinkingFields = map[string]llmtest.ThinkingField{
	"content":           llmtest.ThinkInContent,
	"reasoning_content": llmtest.ReasoningContent,
	"reasoning":         llmtest.Reasoning,
}

func main() {
	addr := flag.String("addr", "127.0.0.1:1234", "address to listen on")
	flavour := flag.String("flavour", "lmstudio04", "server to pose as: lmstudio04, lmstudio03, llamacpp, ollama or plain")
	ctx := flag.Int("context", 8192, "loaded context length to report")
	script := flag.String("script", "", "JSON file of scripted chat replies by call kind: {\"action\": [\"...\"], \"writer\": [...]}")
	readRate := flag.Float64("read-rate", 0, "prompt tokens read per second, the cached prefix free (0: at once)")
	writeRate := flag.Float64("write-rate", 0, "reply tokens written per second (0: at once)")
	noCache := flag.Bool("no-prefix-cache", false, "reuse nothing of the previous prompt, as a server with its prompt cache off")
	ignoreSchema := flag.Bool("ignore-schema", false, "answer the model probe's schema check in prose, as a server that ignores JSON schemas")
	thought := flag.String("thought", "", "what the model thinks before every reply that brings no thinking of its own")
	thinkIn := flag.String("think-in", "content", "where the thinking goes: content (a <think> block), reasoning_content or reasoning")
	parallel := flag.Int("parallel", 1, "requests answered at once, each with its own prompt cache (llama-server's slots)")
	apiKey := flag.String("api-key", "", "the API key requests must bring (HTTP 401 without it); empty: none")
	flag.Parse()
	f, ok := flavours[*flavour]
	if !ok {
		fmt.Fprintf(os.Stderr, "fakellm: unknown flavour %q\n", *flavour)
		os.Exit(2)
	}
	thinking, ok := thinkingFields[*thinkIn]
	if !ok {
		fmt.Fprintf(os.Stderr, "fakellm: -think-in is content, reasoning_content or reasoning, not %q\n", *thinkIn)
		os.Exit(2)
	}
	if *parallel < 1 {
		fmt.Fprintln(os.Stderr, "fakellm: -parallel is how many requests are answered at once, 1 or more")
		os.Exit(2)
	}
	if *readRate < 0 || *writeRate < 0 {
		fmt.Fprintln(os.Stderr, "fakellm: -read-rate and -write-rate are tokens per second, 0 or more")
		os.Exit(2)
	}
	opts := llmtest.Options{Flavour: f, ContextLength: *ctx, ReadRate: *readRate, WriteRate: *writeRate,
		NoPrefixCache: *noCache, IgnoreSchema: *ignoreSchema, Thinking: thinking, Thought: *thought,
		Slots: *parallel, APIKey: *apiKey}
	if *script != "" {
		data, err := os.ReadFile(*script)
		if err != nil {
			log.Fatal(err)
		}
		replies, err := parseScript(data)
		if err != nil {
			log.Fatalf("%s: %v", *script, err)
		}
		opts.Script = llmtest.QueueReplies(replies)
	}
	h := llmtest.NewHandler(opts)
	log.Printf("fake %s model server at http://%s/v1, %d slot(s)", f, *addr, *parallel)
	log.Fatal(http.ListenAndServe(*addr, h))
}

// parseScript reads {"kind": [reply, ...]} where a reply is the reply text,
// or {"content": "...", "delay_ms": N, "thinking": "..."} to hold it back
// as a slow CPU would, or think before it.
func parseScript(data []byte) (map[string][]llmtest.Reply, error) {
	var raw map[string][]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	out := map[string][]llmtest.Reply{}
	for kind, list := range raw {
		for _, r := range list {
			var text string
			if json.Unmarshal(r, &text) == nil {
				out[kind] = append(out[kind], llmtest.Reply{Content: text})
				continue
			}
			var obj struct {
				Content  string `json:"content"`
				DelayMS  int    `json:"delay_ms"`
				Thinking string `json:"thinking"`
			}
			if err := json.Unmarshal(r, &obj); err != nil {
				return nil, fmt.Errorf("%s: a reply is a string or {\"content\", \"delay_ms\", \"thinking\"}: %w", kind, err)
			}
			out[kind] = append(out[kind], llmtest.Reply{Content: obj.Content, Delay: time.Duration(obj.DelayMS) * time.Millisecond, Thinking: obj.Thinking})
		}
	}
	return out, nil
}

package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/scout-research/scout/backend/chat"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/runs"
)

// replayPreview is how much of a reply the list of calls shows.
const replayPreview = 70

// replay lists a run's model calls, or sends one of them again to the model
// server and prints the reply beside the one the run got: the way to see
// why a model misbehaved, and whether a changed prompt or model fixes it.
func replay(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("replay", "scout replay [flags] RUN_DIR [CALL]", stderr)
	llmURL := fs.String("llm-url", "", "OpenAI-compatible base URL (default from settings)")
	llmKey := fs.String("llm-key", "", "API key for the model server (default: $"+envKey+", else the saved key)")
	model := fs.String("model", "", "model id (default: the model the run used)")
	show := fs.Bool("show-request", false, "print the request's messages before sending it")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return exitOK
	} else if err != nil {
		return exitUsage
	}
	if fs.NArg() < 1 || fs.NArg() > 2 {
		fmt.Fprintln(stderr, "scout replay: give a run folder, and a call number to send again (without one, the calls are listed)")
		return exitUsage
	}
	calls, msgs, err := runs.ReadCalls(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "scout replay:", err)
		return exitUsage
	}
	if fs.NArg() == 1 {
		listCalls(stdout, calls)
		return exitOK
	}
	i, err := callIndex(fs.Arg(1), calls)
	if err != nil {
		fmt.Fprintln(stderr, "scout replay:", err)
		return exitUsage
	}
	set, warning := loadSettings()
	if warning != "" {
		fmt.Fprintln(stderr, "warning:", warning)
	}
	saved := set.ServerURL
	if *llmURL != "" {
		set.ServerURL = *llmURL
	}
	set, _ = withKey(set, saved, *llmKey, stderr)
	c := calls[i]
	id := c.Model
	if *model != "" {
		id = *model
	}
	req := c.Request(msgs[i])
	if *show {
		printRequest(stdout, req)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	fmt.Fprintf(stdout, "Call %d (%s), sent again to %s, model %s:\n\n", c.Number, c.Kind, set.ServerURL, id)
	reply, err := runner.Connect(set.ServerURL, set.APIKey).Complete(ctx, id, req, nil)
	if err != nil {
		fmt.Fprintln(stderr, "scout replay:", err)
		return exitError
	}
	printReplay(stdout, c, reply)
	return exitOK
}

// callIndex finds the call numbered arg.
func callIndex(arg string, calls []runs.Call) (int, error) {
	n, err := strconv.Atoi(arg)
	if err == nil {
		for i, c := range calls {
			if c.Number == n {
				return i, nil
			}
		}
	}
	return 0, fmt.Errorf("the run has no call %q: its calls are numbered 1 to %d (scout replay RUN_DIR lists them)", arg, len(calls))
}

func listCalls(w io.Writer, calls []runs.Call) {
	fmt.Fprintf(w, "%5s  %-8s  %-9s  %7s  %7s  %s\n", "Call", "Time", "Kind", "Prompt", "Written", "Reply")
	for _, c := range calls {
		reply := c.Reply
		if c.Error != "" {
			reply = "FAILED: " + c.Error
		}
		fmt.Fprintf(w, "%5d  %-8s  %-9s  %7d  %7d  %s\n", c.Number, c.Time.Local().Format(time.TimeOnly), c.Kind,
			c.Usage.PromptTokens, c.Usage.CompletionTokens, preview(reply, replayPreview))
	}
}

func printRequest(w io.Writer, req chat.Request) {
	fmt.Fprintf(w, "Request (%s, at most %d tokens, temperature %g):\n", req.Kind, req.MaxTokens, req.Temperature)
	for _, m := range req.Messages {
		fmt.Fprintf(w, "\n--- %s ---\n%s\n", m.Role, m.Content)
	}
	if req.Schema != nil {
		schema, _ := json.Marshal(req.Schema.Schema)
		fmt.Fprintf(w, "\n--- response schema %q ---\n%s\n", req.Schema.Name, schema)
	}
	fmt.Fprintln(w)
}

func printReplay(w io.Writer, c runs.Call, reply chat.Reply) {
	fmt.Fprintln(w, reply.Content)
	u := reply.Usage
	fmt.Fprintf(w, "\n%d prompt tokens (%d cached), %d written, %s.\n", u.PromptTokens, u.CachedTokens, u.CompletionTokens, u.Duration.Round(time.Millisecond))
	switch {
	case c.Error != "":
		fmt.Fprintf(w, "The run's call failed: %s\n", c.Error)
	case strings.TrimSpace(c.Reply) == strings.TrimSpace(reply.Content):
		fmt.Fprintln(w, "The run got the same reply.")
	default:
		fmt.Fprintf(w, "The run got another reply:\n\n%s\n", c.Reply)
	}
}

// preview is s on one line, clipped to n runes.
func preview(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

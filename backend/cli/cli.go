// Package cli is Scout's headless command line: the same backend as the
// desktop app, driven from a terminal or a script. Settings are read, never
// written; flags override them for one invocation.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/scout-research/scout/backend/llm"
	"github.com/scout-research/scout/backend/plain"
	"github.com/scout-research/scout/backend/runner"
	"github.com/scout-research/scout/backend/settings"
	"github.com/scout-research/scout/backend/speed"
)

// Version is Scout's version (runner.Version).
const Version = runner.Version

// Exit statuses shared by every command.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

const usage = `Scout: a research agent driven by a local language model.

Usage:
  scout                       open the desktop app
  scout run [flags] "objective"
                              research the objective headless and write a report
  scout resume [flags] DIR    continue an interrupted run from its folder
  scout batch [flags] FILE    research the objectives in FILE, one a line, several
                              at once, and end with a table of their reports
  scout replay [flags] DIR [N]
                              list a run's model calls, or send call N again to
                              the model server and print its reply beside the run's
  scout check [flags]         test the connection to the model server and
                              measure the model's speed
  scout version               print the version
  scout help                  show this help

Flags of run (they override the settings for this run; settings are never written):
  --out DIR         run folder, new or empty (default: a new folder under $XDG_DATA_HOME/scout/runs)
  --llm-url URL     OpenAI-compatible base URL (default from settings, else http://127.0.0.1:1234/v1);
                    https:// for a server on another computer or a hosted service
  --llm-key KEY     API key for the model server (default: $SCOUT_LLM_KEY, else the key saved
                    in the app, for the server saved with it); a server on this computer needs none
  --model NAME      model id (default from settings, else the first model the server has loaded)
  --context N       context length in tokens (default: detected from the server, else 8192)
  --search-url URL  DuckDuckGo-HTML-compatible endpoint (default https://html.duckduckgo.com/html/)
  --headless        no visible browser window
  --browser PATH    Chromium, Chrome or Edge executable (default: discovered)
  --max-turns N     turn limit (default 100)
  --allow-local     allow opening loopback and private-network addresses (off by default)
  --no-read-ahead   do not read the top results of each search in the background
                    (by default they are, and ordered by what they hold for the checklist)
  --follow-up DIR   ask the objective as a follow-up of the run in DIR: start from its
                    findings, with their sources, and read only what they do not answer

Exit status of run: 0 when the agent finished the objective; 3 when the run ended
otherwise (turn limit, interrupted, model gone, model stuck, search down) with the
report written; 2 for bad usage; 1 for any other error. Ctrl+C stops the run and
still writes the report, and so does closing the terminal.

Flags of batch (besides those of run):
  --parallel N      runs at once (default: the slots the model server has, as
                    llama-server's /props says, else 1); each run has its own
                    browser tab set and run folder, in one browser
  --out DIR         the folder the runs' folders are made in (default:
                    $XDG_DATA_HOME/scout/runs)

In FILE (- for standard input), blank lines and lines starting with # are
skipped. The batch ends with a table of each objective's status, findings,
model minutes and report. On llama-server with at least N slots each of the N
runs at once keeps a slot of its own, so its calls keep their prompt cache.
Ctrl+C stops every run, each with its report written and resumable (scout
resume DIR), and starts no other. Exit status of batch: 0 when every run
finished, 3 when one did not (or was not started), 1 when one could not start.

Flags of check:
  --llm-url URL   OpenAI-compatible base URL
  --llm-key KEY   API key for the model server
  --model NAME    model id

Flags of replay (every run keeps its model calls in calls.jsonl):
  --llm-url URL   OpenAI-compatible base URL (default from settings)
  --llm-key KEY   API key for the model server
  --model NAME    model id (default: the model the run used)
  --show-request  print the request's messages before sending it

The API key: --llm-key shows in the process list while Scout runs, so prefer
SCOUT_LLM_KEY=KEY in the environment, or save the key in the app's Settings,
which keeps it in the system keyring (or, where there is none, in a file only
you can read, $XDG_CONFIG_HOME/scout/api-key). The key is sent to the model
server alone, and is never written to a run folder; the saved key goes only to
the server saved with it, not to another that --llm-url names.

Settings live in $XDG_CONFIG_HOME/scout/settings.json and are edited in the app.
`

// Main runs the command in args (without the program name) and returns the
// process exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	// What Scout prints quotes model servers (model names, replies, error
	// messages), pages and settings files: whatever the command, none of
	// it may drive the terminal.
	stdout, stderr = plain.Writer(stdout), plain.Writer(stderr)
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, "scout", Version)
		return exitOK
	case "check":
		return check(args[1:], stdout, stderr)
	case "run":
		return run(args[1:], stdout, stderr)
	case "resume":
		return resume(args[1:], stdout, stderr)
	case "batch":
		return batch(args[1:], stdout, stderr)
	case "replay":
		return replay(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "scout: unknown command %q\n\n%s", args[0], usage)
	return exitUsage
}

func check(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "scout check [flags]", stderr)
	llmURL := fs.String("llm-url", "", "OpenAI-compatible base URL")
	llmKey := fs.String("llm-key", "", "API key for the model server (default: $"+envKey+", else the saved key)")
	model := fs.String("model", "", "model id")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return exitOK
	} else if err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "scout check: unexpected argument %q\n", fs.Arg(0))
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
	if *model != "" {
		set.Model = *model
	}
	set, keyFrom := withKey(set, saved, *llmKey, stderr)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	client := runner.Connect(set.ServerURL, set.APIKey)
	info, err := client.Probe(ctx, set.Model)
	if err != nil {
		fmt.Fprintln(stderr, "scout check:", err)
		return exitError
	}
	printInfo(stdout, set.ServerURL, info)
	if keyFrom == "" {
		fmt.Fprintln(stdout, "API key:      none")
	} else {
		fmt.Fprintln(stdout, "API key:      sent, "+keyFrom)
	}
	fmt.Fprintf(stdout, "Measuring how fast %s reads and writes (three short calls)...\n", info.Model)
	m, err := runner.Measure(ctx, client, info, probeLines(stdout))
	if err != nil {
		fmt.Fprintln(stderr, "scout check: the model could not be measured:", err)
		return exitError
	}
	printSpeed(stdout, m)
	return exitOK
}

// probeLines prints a line to w as each of the model probe's calls
// starts, so a terminal is not left silent for the minute or two a probe
// takes on a CPU: "  call 2 of 3: how fast the model reads and writes".
func probeLines(w io.Writer) func(llm.ProbeStep) {
	shown := 0
	return func(s llm.ProbeStep) {
		if s.N != shown {
			shown = s.N
			fmt.Fprintf(w, "  call %d of %d: %s\n", s.N, s.Of, s.What)
		}
	}
}

// printSpeed shows a measurement, its warnings last.
func printSpeed(w io.Writer, m speed.Measurement) {
	fmt.Fprintf(w, "Reading:      %s prompt tokens/s\n", speed.Rate(m.ReadRate))
	fmt.Fprintf(w, "Writing:      %s tokens/s\n", speed.Rate(m.WriteRate))
	fmt.Fprintf(w, "Prefix reuse: %s (%s)\n", m.PrefixReuse, m.ReuseHow)
	fmt.Fprintf(w, "JSON schema:  %s\n", map[string]string{speed.Yes: "followed", speed.No: "not followed"}[m.Schema])
	fmt.Fprintf(w, "Measured in:  %s of model time\n", speed.Spent(m.Took))
	for _, warning := range m.Warnings {
		fmt.Fprintln(w, "Warning:", warning)
	}
}

// loadSettings reads the settings without changing anything on disk.
func loadSettings() (settings.Settings, string) {
	store := settings.NewStore()
	store.ReadOnly = true
	loaded := store.Load()
	return loaded.Settings, loaded.Warning
}

// envKey gives the API key from the environment, where, unlike
// --llm-key, it does not show in the process list.
const envKey = "SCOUT_LLM_KEY"

// withKey lays the API key over set: flagKey (--llm-key), else
// SCOUT_LLM_KEY, else the key the app saved, which belongs to the server
// saved beside it (savedURL): it is not sent to another one that --llm-url
// names, and a warning says how to give that one a key. It returns where
// the key came from, in words ("" for no key); a keyring or key file that
// cannot be read is a warning on stderr.
func withKey(set settings.Settings, savedURL, flagKey string, stderr io.Writer) (settings.Settings, string) {
	if k := strings.TrimSpace(flagKey); k != "" {
		set.APIKey = settings.Key(k)
		return set, "from --llm-key"
	}
	if k := strings.TrimSpace(os.Getenv(envKey)); k != "" {
		set.APIKey = settings.Key(k)
		return set, "from " + envKey
	}
	key, st, err := settings.NewKeyStore().Load()
	for _, w := range []string{st.Warning, errText(err)} {
		if w != "" {
			fmt.Fprintln(stderr, "warning:", w)
		}
	}
	if key != "" && !sameServer(savedURL, set.ServerURL) {
		fmt.Fprintf(stderr, "warning: the saved API key is for %s, so it is not sent to %s; if that server needs a key, give it with %s or --llm-key\n", savedURL, set.ServerURL, envKey)
		key = ""
	}
	set.APIKey = key
	switch {
	case key == "":
		return set, ""
	case st.Where == settings.KeyInFile:
		return set, "stored in a file readable only by you (" + st.Path + ")"
	}
	return set, "stored in the system keyring"
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func printInfo(w io.Writer, url string, info llm.ServerInfo) {
	server := info.Server
	if server == "" {
		server = "OpenAI-compatible server"
	}
	fmt.Fprintf(w, "Model server: %s (%s)\n", url, server)
	fmt.Fprintf(w, "Models:       %s\n", strings.Join(info.Models, ", "))
	fmt.Fprintf(w, "Using:        %s\n", info.Model)
	if info.ContextLength > 0 {
		fmt.Fprintf(w, "Context:      %d tokens (from %s)\n", info.ContextLength, info.ContextSource)
	} else {
		fmt.Fprintln(w, "Context:      not reported")
	}
	for _, n := range info.Notes {
		fmt.Fprintln(w, "Note:", n)
	}
}

// newFlagSet is a command's flags, whose --help names the command's
// arguments before listing the flags.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: %s\n\nFlags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

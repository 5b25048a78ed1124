package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/scout-research/scout/backend/cli"
)

func TestRender(t *testing.T) {
	const help = `Tool: a thing that does things.

Usage:
  tool                 open it
  tool go [flags] DIR
                       go to DIR and
                       come back

Flags of go (they matter):
  --fast        go fast
  --to-dir DIR  where, as in -n

Exit status: 0 when it went. Also
see .profile.
`
	want := `.TH SCOUT 1 "" "scout 9.9" "User Commands"
.SH NAME
scout \- a thing that does things
.SH SYNOPSIS
\fBtool\fR
.br
\fBtool go\fR [flags] DIR
.SH DESCRIPTION
Tool is a thing that does things.
.SH COMMANDS
.TP
\fBtool\fR
open it
.TP
\fBtool go\fR [flags] DIR
go to DIR and come back
.SS "Flags of go"
(they matter)
.TP
\fB\-\-fast\fR
go fast
.TP
\fB\-\-to\-dir\fR \fIDIR\fR
where, as in \-n
.PP
Exit status: 0 when it went. Also see .profile.
`
	got, err := render(help, "9.9")
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestRenderRefusesWhatItCannotRead(t *testing.T) {
	for name, help := range map[string]string{
		"no summary":      "Usage:\n  tool  x\n",
		"no usage first":  "Tool: it.\n\nFlags:\n  --x  y\n",
		"stray indent":    "Tool: it.\n\nUsage:\n  tool  x\n\nSome text\n  indented\n",
		"loose list line": "Tool: it.\n\nUsage:\n tool  x\n",
	} {
		if _, err := render(help, "1"); err == nil {
			t.Errorf("%s: rendered without an error", name)
		}
	}
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		`OpenAI-compatible`:    `OpenAI-compatible`,
		`use --out or (-h)`:    `use \-\-out or (\-h)`,
		`a\b`:                  `a\eb`,
		`private-network -x-y`: `private-network \-x\-y`,
	} {
		if got := escape(in); got != want {
			t.Errorf("escape(%q) = %q, want %q", in, got, want)
		}
	}
	if got := line(".profile"); got != "\\&.profile\n" {
		t.Errorf("line(.profile) = %q", got)
	}
}

// TestTheHelpReads renders scout's own help, every flag it names appearing
// in the page, so a change to the help that the reader cannot follow fails
// here rather than in make package.
func TestTheHelpReads(t *testing.T) {
	var help bytes.Buffer
	cli.Main([]string{"help"}, &help, io.Discard)
	page, err := render(help.String(), cli.Version)
	if err != nil {
		t.Fatal(err)
	}
	for _, word := range strings.Fields(help.String()) {
		if strings.HasPrefix(word, "--") && !strings.Contains(page, minus(word)) {
			t.Errorf("the page lacks %s", word)
		}
	}
	for _, section := range []string{".SH NAME\nscout \\- ", ".SH SYNOPSIS\n", ".SH COMMANDS\n", `\fBscout run\fR`} {
		if !strings.Contains(page, section) {
			t.Errorf("the page lacks %q", section)
		}
	}
}

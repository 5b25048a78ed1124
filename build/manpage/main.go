// Command manpage writes scout(1), the manual page, from the command line's
// own help text (what `scout help` prints), so the two cannot disagree:
//
//	go run ./build/manpage >build/bin/scout.1
//
// The help is read as it is laid out: the first line names the program,
// blocks are separated by blank lines, a block that starts with an unindented
// line ending in a colon is a heading over a list of two-space-indented items
// (the term, then two or more spaces, then its description, continued on
// lines indented further), and any other block is a paragraph. The Usage
// block becomes the SYNOPSIS and the list of commands.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/scout-research/scout/backend/cli"
)

func main() {
	var help bytes.Buffer
	if status := cli.Main([]string{"help"}, &help, io.Discard); status != 0 {
		fmt.Fprintf(os.Stderr, "manpage: scout help exited %d\n", status)
		os.Exit(1)
	}
	page, err := render(help.String(), cli.Version)
	if err != nil {
		fmt.Fprintln(os.Stderr, "manpage:", err)
		os.Exit(1)
	}
	os.Stdout.WriteString(page)
}

// block is a run of lines between blank lines: a heading over items, or a
// paragraph.
type block struct {
	heading string
	items   []item
	text    string
}

// item is one entry of a list: "--out DIR", "run folder, new or empty".
type item struct {
	term, desc string
}

// itemLine splits a list line: two spaces, the term, two or more spaces,
// the description (which may be left for the next lines).
var itemLine = regexp.MustCompile(`^  (\S(?:\S| \S)*)(?: {2,}(.*))?$`)

// parse reads the help text's first line and its blocks.
func parse(help string) (program, summary string, blocks []block, err error) {
	first, rest, _ := strings.Cut(help, "\n")
	program, summary, ok := strings.Cut(first, ": ")
	if !ok || strings.Contains(program, " ") {
		return "", "", nil, fmt.Errorf("the help's first line %q is not \"Program: what it is\"", first)
	}
	summary = strings.TrimSuffix(summary, ".")
	for _, text := range strings.Split(strings.TrimSpace(rest), "\n\n") {
		lines := strings.Split(strings.Trim(text, "\n"), "\n")
		if strings.HasSuffix(lines[0], ":") && !strings.HasPrefix(lines[0], " ") && len(lines) > 1 {
			b := block{heading: strings.TrimSuffix(lines[0], ":")}
			for _, line := range lines[1:] {
				if m := itemLine.FindStringSubmatch(line); m != nil {
					b.items = append(b.items, item{term: m[1], desc: m[2]})
					continue
				}
				if len(b.items) == 0 || !strings.HasPrefix(line, "   ") {
					return "", "", nil, fmt.Errorf("under %q, %q is neither an item nor its continuation", b.heading, line)
				}
				last := &b.items[len(b.items)-1]
				last.desc = strings.TrimSpace(last.desc + " " + strings.TrimSpace(line))
			}
			blocks = append(blocks, b)
			continue
		}
		for _, line := range lines {
			if strings.HasPrefix(line, " ") {
				return "", "", nil, fmt.Errorf("the paragraph %q has an indented line", lines[0])
			}
		}
		blocks = append(blocks, block{text: strings.Join(lines, " ")})
	}
	if len(blocks) == 0 || blocks[0].heading != "Usage" {
		return "", "", nil, errors.New("the help does not start with a Usage list")
	}
	return program, summary, blocks, nil
}

// render writes the manual page in roff (the man macros).
func render(help, version string) (string, error) {
	program, summary, blocks, err := parse(help)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, ".TH SCOUT 1 \"\" \"scout %s\" \"User Commands\"\n", escape(version))
	fmt.Fprintf(&b, ".SH NAME\nscout \\- %s\n", escape(summary))
	b.WriteString(".SH SYNOPSIS\n")
	for i, it := range blocks[0].items {
		if i > 0 {
			b.WriteString(".br\n")
		}
		b.WriteString(line(usage(it.term)))
	}
	b.WriteString(".SH DESCRIPTION\n")
	b.WriteString(line(escape(program + " is " + summary + ".")))
	b.WriteString(".SH COMMANDS\n")
	writeItems(&b, blocks[0].items, usage)
	for _, bl := range blocks[1:] {
		if bl.heading == "" {
			b.WriteString(".PP\n")
			b.WriteString(line(escape(bl.text)))
			continue
		}
		heading, note, _ := strings.Cut(bl.heading, " (")
		fmt.Fprintf(&b, ".SS \"%s\"\n", escape(heading))
		if note != "" {
			b.WriteString(line(escape("(" + note)))
		}
		writeItems(&b, bl.items, flag)
	}
	return b.String(), nil
}

func writeItems(b *strings.Builder, items []item, term func(string) string) {
	for _, it := range items {
		b.WriteString(".TP\n")
		b.WriteString(line(term(it.term)))
		b.WriteString(line(escape(it.desc)))
	}
}

// usage sets a command line's leading words (the program and command) in
// bold: scout run [flags] "objective".
func usage(term string) string {
	words := strings.Fields(term)
	n := 0
	for n < len(words) && commandWord.MatchString(words[n]) {
		n++
	}
	out := `\fB` + escape(strings.Join(words[:n], " ")) + `\fR`
	if n < len(words) {
		out += " " + escape(strings.Join(words[n:], " "))
	}
	return out
}

// commandWord is a word of a command line that is typed as it stands (the
// program's and the commands' names), not a placeholder.
var commandWord = regexp.MustCompile(`^[a-z]+$`)

// flag sets a flag in bold and its argument in italics: --out DIR.
func flag(term string) string {
	name, arg, ok := strings.Cut(term, " ")
	out := `\fB` + minus(name) + `\fR`
	if ok {
		out += ` \fI` + escape(arg) + `\fR`
	}
	return out
}

// escape makes text safe in roff: backslashes written out, and the dashes
// of flags (--out, in a term or a sentence) as minus signs, which is what a
// reader copies into a terminal; a word's hyphen (OpenAI-compatible) stays
// a hyphen.
func escape(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	return flagWord.ReplaceAllStringFunc(s, minus)
}

// flagWord is a flag named in text, with the space or bracket before it:
// --out, (-h, --llm-url.
var flagWord = regexp.MustCompile(`(?:^|[\s(])-{1,2}[a-z][a-z-]*`)

// minus writes every dash of a flag as a minus sign.
func minus(s string) string {
	return strings.ReplaceAll(s, "-", `\-`)
}

// line ends text with a newline, guarding a leading dot or quote, which
// roff would read as a request.
func line(text string) string {
	if strings.HasPrefix(text, ".") || strings.HasPrefix(text, "'") {
		text = `\&` + text
	}
	return text + "\n"
}

package main

import (
	"fmt"
	"strings"
)

// debianName is a licence's name in debian/copyright where it differs
// from SPDX's (Debian calls the MIT licence Expat).
var debianName = map[string]string{
	"MIT":          "Expat",
	"BSD-2-Clause": "BSD-2-clause",
	"BSD-3-Clause": "BSD-3-clause",
}

// commonLicence are the licences Debian installs in /usr/share/common-licenses,
// which a copyright file names instead of quoting (lintian insists for
// Apache-2.0). The others are quoted: their texts carry the holders' names.
var commonLicence = map[string]bool{"Apache-2.0": true, "MPL-2.0": true}

// debian writes a machine-readable debian/copyright: Scout's own licence
// for Files: *, then a paragraph for each part compiled in.
func debian(own string, parts []part) ([]byte, error) {
	var b strings.Builder
	b.WriteString("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n")
	b.WriteString("Upstream-Name: Scout\n")
	field(&b, "Comment", "/usr/bin/scout is built from Scout's source together with the Go "+
		"standard library and runtime and the Go modules below, which are compiled into it, "+
		"and the npm packages below, which are bundled into its window's code. This list is "+
		"generated from the build (go list -deps, and the frontend bundle's list of packages) "+
		"and each one's own licence file; a Go module's files are named as in Go's module "+
		"cache (path@version), an npm package's as in node_modules.")
	ownLicence, err := classify(own)
	if err != nil {
		return nil, fmt.Errorf("Scout's own licence: %w", err)
	}
	scout := part{path: "Scout", notices: []notice{{name: "LICENSE", text: own}}, license: ownLicence}
	b.WriteString("\n")
	paragraph(&b, "*", scout, "")
	for _, p := range parts {
		b.WriteString("\n")
		files := p.path + "@" + p.version + "/*"
		comment := "Go module " + p.path + " " + p.version + ", compiled into /usr/bin/scout."
		switch {
		case p.path == "Go standard library and runtime":
			files = p.version + "/src/*"
			comment = "Go's standard library and runtime (" + p.version + "), compiled into /usr/bin/scout."
		case p.npm:
			files = "node_modules/" + p.path + "/*"
			comment = "npm package " + p.path + " " + p.version + ", bundled into the window's code, which /usr/bin/scout embeds."
		}
		paragraph(&b, files, p, comment)
	}
	return []byte(b.String()), nil
}

// paragraph writes a Files paragraph: the copyright holders, the licence
// (its text, or where Debian keeps it), and the other notices in Comment.
func paragraph(b *strings.Builder, files string, p part, comment string) {
	field(b, "Files", files)
	copyright := holders(p)
	if len(copyright) == 0 {
		copyright = []string{"the authors of " + p.path + " (its licence names none)"}
	}
	b.WriteString("Copyright: " + strings.Join(copyright, "\n "+strings.Repeat(" ", len("Copyright:"))) + "\n")
	name := p.license
	if n, ok := debianName[name]; ok {
		name = n
	}
	if commonLicence[p.license] {
		block(b, "License: "+name, "On Debian systems, the full text of the licence is in /usr/share/common-licenses/"+p.license+".")
	} else {
		block(b, "License: "+name, p.notices[0].text)
	}
	var extra []string
	if comment != "" {
		extra = append(extra, wrap(comment, 72))
	}
	for _, n := range p.notices[1:] {
		extra = append(extra, n.name+":\n\n"+n.text)
	}
	if len(extra) > 0 {
		block(b, "Comment:", strings.Join(extra, "\n\n"))
	}
}

// field writes a one-paragraph field, folded.
func field(b *strings.Builder, name, value string) {
	block(b, name+":", wrap(value, 72))
}

// block writes a field whose value is multi-line text: its first line
// after the name, the rest indented by a space, blank lines as " .".
func block(b *strings.Builder, first, text string) {
	lines := strings.Split(text, "\n")
	if strings.HasSuffix(first, ":") {
		b.WriteString(first + " " + lines[0] + "\n")
		lines = lines[1:]
	} else {
		b.WriteString(first + "\n")
	}
	for _, line := range lines {
		if strings.TrimSpace(line) == "" {
			b.WriteString(" .\n")
			continue
		}
		b.WriteString(" " + strings.TrimRight(line, " \t") + "\n")
	}
}

// wrap breaks text into lines of at most width characters at spaces.
func wrap(text string, width int) string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return strings.Join(append(lines, line), "\n")
}

// text writes the notices as a plain file: a heading per part, then its
// licence and other notices in full.
func text(parts []part) ([]byte, error) {
	var b strings.Builder
	b.WriteString("Third-party notices\n===================\n\n")
	b.WriteString(wrap("Scout's program is built from Scout's source (MIT licence, in LICENSE.txt) "+
		"together with Go's standard library and runtime and the Go modules below, which are "+
		"compiled into it, and the npm packages below, which are bundled into its window's "+
		"code. Their licences and notices follow.", 76) + "\n")
	for _, p := range parts {
		title := p.path + " " + p.version
		switch {
		case p.path == "Go standard library and runtime":
			title = "Go's standard library and runtime (" + p.version + ")"
		case p.npm:
			title = "npm package " + p.path + " " + p.version
		}
		fmt.Fprintf(&b, "\n\n%s\n%s\n\nLicence: %s\n", title, strings.Repeat("-", len([]rune(title))), p.license)
		for _, n := range p.notices {
			fmt.Fprintf(&b, "\n%s:\n\n%s\n", n.name, n.text)
		}
	}
	return []byte(b.String()), nil
}

// Command notices writes the licence notices of the code compiled into
// Scout's program: Scout's own MIT licence, the Go standard library's and
// every Go module's that the build links, found with go list -deps for the
// target system and read from each module's licence files in the module
// cache, and those of the npm packages bundled into the window's code,
// which the frontend build lists in frontend/dist/bundled-packages.json.
// Nothing is listed by hand, so a new dependency cannot be left out.
//
//	go run ./build/notices -format debian -goos linux -tags desktop,production,webkit2_41 \
//	    -npm frontend/dist/bundled-packages.json >copyright
//	go run ./build/notices -format text -goos windows -cgo=false -tags desktop,production \
//	    -npm frontend/dist/bundled-packages.json >THIRD-PARTY-NOTICES.txt
//
// debian is a machine-readable debian/copyright (DEP-5) for the .deb;
// text is a plain file to ship beside the Windows program.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

func main() {
	format := flag.String("format", "text", "debian (DEP-5 copyright) or text")
	goos := flag.String("goos", "linux", "the system the program is built for")
	cgo := flag.Bool("cgo", true, "whether the program is built with cgo (CGO_ENABLED)")
	tags := flag.String("tags", "", "the build tags the program is built with")
	pkg := flag.String("pkg", ".", "the main package")
	license := flag.String("license", "LICENSE", "Scout's own licence file")
	npm := flag.String("npm", "", "the frontend build's list of bundled npm packages (their folders are in node_modules beside its dist folder)")
	flag.Parse()
	if flag.NArg() != 0 || (*format != "debian" && *format != "text") {
		fmt.Fprintln(os.Stderr, "usage: notices -format debian|text -goos GOOS [-cgo=false] -tags TAGS [-pkg .] [-license LICENSE] [-npm LIST]")
		os.Exit(2)
	}
	if err := write(os.Stdout, *format, build{goos: *goos, cgo: *cgo, tags: *tags, pkg: *pkg, npm: *npm}, *license); err != nil {
		fmt.Fprintln(os.Stderr, "notices:", err)
		os.Exit(1)
	}
}

// build is the build whose linked code is listed: npm names the
// frontend's list of bundled packages (none when empty).
type build struct {
	goos, tags, pkg, npm string
	cgo                  bool
}

func write(w io.Writer, format string, b build, license string) error {
	data, err := os.ReadFile(license)
	if err != nil {
		return err
	}
	own := strings.TrimSpace(string(data))
	parts, err := linked(b)
	if err != nil {
		return err
	}
	if b.npm != "" {
		bundled, err := bundled(b.npm)
		if err != nil {
			return err
		}
		parts = append(parts, bundled...)
	}
	var out []byte
	if format == "debian" {
		out, err = debian(own, parts)
	} else {
		out, err = text(parts)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

// part is code compiled into the program from elsewhere: a Go module,
// Go's standard library and runtime, or an npm package bundled into the
// window's code.
type part struct {
	path, version string
	npm           bool
	// notices are the licence and then any other notice files (NOTICE,
	// PATENTS), each with its name.
	notices []notice
	// license is the licence's SPDX identifier.
	license string
}

type notice struct {
	name, text string
}

// linked lists the modules the build links, and Go's standard library,
// with their notices. A module without a licence file stops it: its terms
// must be looked at before Scout ships it.
func linked(b build) ([]part, error) {
	cmd := exec.Command("go", "list", "-deps", "-tags", b.tags, "-f",
		"{{if .Standard}}std{{else}}{{with .Module}}{{if not .Main}}{{.Path}}\t{{.Version}}\t{{.Dir}}{{end}}{{end}}{{end}}", b.pkg)
	cgo := "0"
	if b.cgo {
		cgo = "1"
	}
	cmd.Env = append(os.Environ(), "GOOS="+b.goos, "CGO_ENABLED="+cgo)
	out, err := output(cmd)
	if err != nil {
		return nil, err
	}
	var parts []part
	seen := map[string]bool{}
	for line := range strings.Lines(string(out)) {
		line = strings.TrimSpace(line)
		if line == "" || seen[line] {
			continue
		}
		seen[line] = true
		var p part
		if line == "std" {
			p, err = standardLibrary()
		} else {
			f := strings.Split(line, "\t")
			if len(f) != 3 || f[2] == "" {
				return nil, fmt.Errorf("go list gave %q: is the module downloaded?", line)
			}
			p, err = module(f[0], f[1], f[2])
		}
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	slices.SortFunc(parts, func(a, b part) int { return strings.Compare(a.path, b.path) })
	return parts, nil
}

func output(cmd *exec.Cmd) ([]byte, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %w\n%s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	return out, nil
}

// standardLibrary is Go's standard library and runtime, from the toolchain
// that builds.
func standardLibrary() (part, error) {
	out, err := output(exec.Command("go", "env", "GOROOT", "GOVERSION"))
	if err != nil {
		return part{}, err
	}
	goroot, version, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return module("Go standard library and runtime", version, goroot)
}

// bundled reads the frontend build's list of bundled npm packages (a JSON
// array of names) and finds each in the node_modules folder beside the
// build's dist folder, with its version and licence.
func bundled(list string) ([]part, error) {
	data, err := os.ReadFile(list)
	if err != nil {
		return nil, fmt.Errorf("%w: build the frontend first", err)
	}
	var names []string
	if err := json.Unmarshal(data, &names); err != nil {
		return nil, fmt.Errorf("%s: %w", list, err)
	}
	modules := filepath.Join(filepath.Dir(filepath.Dir(list)), "node_modules")
	var parts []part
	for _, name := range names {
		dir := filepath.Join(modules, filepath.FromSlash(name))
		data, err := os.ReadFile(filepath.Join(dir, "package.json"))
		if err != nil {
			return nil, fmt.Errorf("the bundled npm package %s: %w", name, err)
		}
		var meta struct {
			Version string `json:"version"`
		}
		if err := json.Unmarshal(data, &meta); err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "package.json"), err)
		}
		p, err := module(name, meta.Version, dir)
		if err != nil {
			return nil, err
		}
		p.npm = true
		parts = append(parts, p)
	}
	return parts, nil
}

// licenceFile and noticeFile are the names of licence and other notice
// files in a module's top folder (LICENSE, LICENSE.md, COPYING; NOTICE,
// PATENTS).
var (
	licenceFile = regexp.MustCompile(`(?i)^(licen[cs]e|copying|unlicense)([.-][a-z0-9]+)?$`)
	noticeFile  = regexp.MustCompile(`(?i)^(notice|patents)(\.[a-z]+)?$`)
)

func module(path, version, dir string) (part, error) {
	p := part{path: path, version: version}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return p, err
	}
	var notices []notice
	for _, e := range entries {
		if e.IsDir() || (!licenceFile.MatchString(e.Name()) && !noticeFile.MatchString(e.Name())) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return p, err
		}
		n := notice{name: e.Name(), text: strings.TrimSpace(strings.ReplaceAll(string(data), "\r\n", "\n"))}
		if licenceFile.MatchString(e.Name()) {
			p.notices = append(p.notices, n)
		} else {
			notices = append(notices, n)
		}
	}
	if len(p.notices) == 0 {
		ex, ok := noLicenceFile[path+"@"+version]
		if !ok {
			return p, fmt.Errorf("%s %s (%s) has no licence file: read its terms, and if Scout may ship it, add it to noLicenceFile", path, version, dir)
		}
		p.notices = []notice{{name: ex.where, text: ex.text}}
	}
	if len(p.notices) > 1 {
		return p, fmt.Errorf("%s %s has several licence files (%s): say which applies", path, version, p.notices[0].name+", "+p.notices[1].name)
	}
	p.notices = append(p.notices, notices...)
	p.license, err = classify(p.notices[0].text)
	if err != nil {
		return p, fmt.Errorf("%s %s, %s: %w", path, version, p.notices[0].name, err)
	}
	return p, nil
}

// exception is a module that ships no licence file: its licence as its
// author states it elsewhere, and the full text that licence requires.
type exception struct {
	where, text string
}

// noLicenceFile holds the linked modules that have no licence file, by
// path@version, so a new version is looked at again.
var noLicenceFile = map[string]exception{
	// Its README's "License" section says MIT, and nothing more; its
	// author is Wails' author.
	"github.com/leaanthony/u@v1.1.0": {
		where: "README.md (License: MIT)",
		text:  mitText("Lea Anthony"),
	},
}

func mitText(holder string) string {
	return `MIT License

Copyright (c) ` + holder + `

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`
}

// classify names a licence text's licence (SPDX), by the sentences that
// tell the common licences apart. Anything else is an error: a licence not
// seen before needs a person to read it.
func classify(text string) (string, error) {
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	has := func(s string) bool { return strings.Contains(t, s) }
	switch {
	case has("apache license") && has("version 2.0"):
		return "Apache-2.0", nil
	case has("mozilla public license") && has("version 2.0"):
		return "MPL-2.0", nil
	case has("permission is hereby granted, free of charge"):
		return "MIT", nil
	case has("permission to use, copy, modify, and") && has("distribute this software for any purpose with or without fee is hereby granted"):
		return "ISC", nil
	case has("redistribution and use in source and binary forms") && has("advertising materials"):
		return "", errors.New("a BSD licence with an advertising clause")
	case has("redistribution and use in source and binary forms") && has("neither the name"):
		return "BSD-3-Clause", nil
	case has("redistribution and use in source and binary forms"):
		return "BSD-2-Clause", nil
	}
	return "", errors.New("a licence this tool does not know: read it, and teach classify its name")
}

// copyrightLine is a copyright statement with a year: "Copyright (c) 2014
// Someone", "Some portions Copyright 2017 Someone" (not the template line
// of the Apache licence's appendix, "Copyright [yyyy] [name]").
var copyrightLine = regexp.MustCompile(`(?i)copyright\s+(?:\(c\)\s*|©\s*)?(\d{4}.*)$`)

// holders lists the copyright statements in a part's notices, without
// the word Copyright: "2014 Someone <someone@example.org>".
func holders(p part) []string {
	var out []string
	for _, n := range p.notices {
		for line := range strings.Lines(n.text) {
			if m := copyrightLine.FindStringSubmatch(strings.TrimSpace(line)); m != nil && !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	return out
}

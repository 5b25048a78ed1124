package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestClassify(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"MIT License\n\nCopyright (c) 2020 A\n\nPermission is hereby granted, free of\n  charge, to any person", "MIT"},
		{"Apache License\n Version 2.0, January 2004", "Apache-2.0"},
		{"Mozilla Public License Version 2.0", "MPL-2.0"},
		{"Permission to use, copy, modify, and distribute this software for any\npurpose with or without fee is hereby granted", "ISC"},
		{"Permission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted", "ISC"},
		{"Redistribution and use in source and binary forms ... Neither the name of Google", "BSD-3-Clause"},
		{"Redistribution and use in source and binary forms, with or without modification", "BSD-2-Clause"},
		{"Redistribution and use in source and binary forms ... All advertising materials mentioning", ""},
		{"GNU GENERAL PUBLIC LICENSE Version 3", ""},
	} {
		got, err := classify(tc.text)
		if got != tc.want || (err == nil) != (tc.want != "") {
			t.Errorf("classify(%.40q) = %q, %v; want %q", tc.text, got, err, tc.want)
		}
	}
}

func TestHolders(t *testing.T) {
	p := part{notices: []notice{
		{name: "LICENSE", text: "MIT License\n\nCopyright (c) 2020 John Chadwick\nSome portions Copyright (c) 2017 Serge Zaitsev\n\nThe above copyright notice ..."},
		{name: "NOTICE", text: "   Copyright [yyyy] [name of copyright owner]\nCopyright © 2013-2017 Yasuhiro Matsumoto\nCopyright 2009 The Go Authors.\ncopyright 2020 John Chadwick"},
	}}
	want := []string{"2020 John Chadwick", "2017 Serge Zaitsev", "2013-2017 Yasuhiro Matsumoto", "2009 The Go Authors."}
	if got := holders(p); !slices.Equal(got, want) {
		t.Errorf("holders: %q, want %q", got, want)
	}
}

// TestModuleWithoutLicence: a module with no licence file stops the
// notices unless it is one of the known exceptions, which brings its text.
func TestModuleWithoutLicence(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.org/x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := module("example.org/x", "v1.0.0", dir); err == nil || !strings.Contains(err.Error(), "has no licence file") {
		t.Errorf("a module without a licence file: %v", err)
	}
	p, err := module("github.com/leaanthony/u", "v1.1.0", dir)
	if err != nil || p.license != "MIT" || !strings.Contains(p.notices[0].text, "Copyright (c) Lea Anthony") {
		t.Errorf("the known exception: %+v, %v", p, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "LICENSE.md"), []byte("Some terms of our own."), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := module("example.org/x", "v1.0.0", dir); err == nil || !strings.Contains(err.Error(), "does not know") {
		t.Errorf("an unknown licence: %v", err)
	}
}

// TestDebianFormat checks the copyright file's syntax (every line a field
// or a continuation, blank lines only between paragraphs), that the Apache
// licence is named by where Debian keeps it (lintian refuses its text), and
// that other notices come along.
func TestDebianFormat(t *testing.T) {
	parts := []part{{
		path: "example.org/apache", version: "v1.0.0", license: "Apache-2.0",
		notices: []notice{{"LICENSE", "   Apache License\n   Version 2.0\n\n   Copyright 2026 Example Inc."}, {"NOTICE", "Example includes\n\nthings."}},
	}, {
		path: "example.org/mit", version: "v0.1.0", license: "MIT",
		notices: []notice{{"LICENSE", mitText("2020 Someone")}},
	}}
	out, err := debian(mitText("2026 The Scout developers"), parts)
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{
		"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n",
		"\n\nFiles: *\nCopyright: 2026 The Scout developers\nLicense: Expat\n MIT License\n .\n Copyright (c) 2026 The Scout developers\n",
		"\n\nFiles: example.org/apache@v1.0.0/*\nCopyright: 2026 Example Inc.\nLicense: Apache-2.0\n On Debian systems, the full text of the licence is in /usr/share/common-licenses/Apache-2.0.\n",
		"\n .\n NOTICE:\n .\n Example includes\n .\n things.\n",
		"\n\nFiles: example.org/mit@v0.1.0/*\nCopyright: 2020 Someone\nLicense: Expat\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the copyright file lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Apache License") {
		t.Errorf("the copyright file quotes the Apache licence:\n%s", text)
	}
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		_, _, field := strings.Cut(line, ": ")
		if line != "" && !strings.HasPrefix(line, " ") && !field && !strings.HasSuffix(line, ":") {
			t.Errorf("line %d is neither a field nor a continuation: %q", i+1, line)
		}
		if strings.TrimSpace(line) == "" && line != "" {
			t.Errorf("line %d is blank but not empty: %q", i+1, line)
		}
	}
}

// TestLinked lists what the app links on each system from the repository
// itself: the Windows build links WebView2's loader, the Linux build does
// not, and both link Wails and Go's standard library, each with its
// licence.
func TestLinked(t *testing.T) {
	paths := func(b build) []string {
		t.Helper()
		parts, err := linked(b)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range parts {
			if p.license == "" || len(p.notices) == 0 {
				t.Errorf("%s has no licence", p.path)
			}
			out = append(out, p.path)
		}
		return out
	}
	linux := paths(build{goos: "linux", cgo: true, tags: "desktop,production,webkit2_41", pkg: "../.."})
	windows := paths(build{goos: "windows", tags: "desktop,production", pkg: "../.."})
	for _, c := range []struct {
		list   []string
		module string
		want   bool
	}{
		{linux, "github.com/wailsapp/wails/v2", true},
		{windows, "github.com/wailsapp/wails/v2", true},
		{linux, "Go standard library and runtime", true},
		{windows, "github.com/wailsapp/go-webview2", true},
		{linux, "github.com/wailsapp/go-webview2", false},
		{linux, "github.com/goreleaser/nfpm/v2", false}, // a build tool, never linked
	} {
		if slices.Contains(c.list, c.module) != c.want {
			t.Errorf("linked %s: %v, want %v", c.module, !c.want, c.want)
		}
	}
}

// TestBundled reads a frontend build's list of npm packages and finds each
// in node_modules beside its dist folder, scoped names too.
func TestBundled(t *testing.T) {
	frontend := t.TempDir()
	for path, body := range map[string]string{
		"dist/bundled-packages.json":            `["@scope/tool","lib"]`,
		"node_modules/@scope/tool/package.json": `{"name":"@scope/tool","version":"2.0.1"}`,
		"node_modules/@scope/tool/LICENSE":      mitText("2024 Tool Authors"),
		"node_modules/lib/package.json":         `{"name":"lib","version":"1.0.0"}`,
		"node_modules/lib/LICENSE.md":           "Permission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted.",
	} {
		path = filepath.Join(frontend, path)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	parts, err := bundled(filepath.Join(frontend, "dist", "bundled-packages.json"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range parts {
		got = append(got, p.path+" "+p.version+" "+p.license)
		if !p.npm {
			t.Errorf("%s is not marked as an npm package", p.path)
		}
	}
	if want := []string{"@scope/tool 2.0.1 MIT", "lib 1.0.0 ISC"}; !slices.Equal(got, want) {
		t.Errorf("bundled: %q, want %q", got, want)
	}
	if _, err := bundled(filepath.Join(t.TempDir(), "dist", "bundled-packages.json")); err == nil || !strings.Contains(err.Error(), "build the frontend first") {
		t.Errorf("no list: %v", err)
	}
}

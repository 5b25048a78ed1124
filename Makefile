# Scout's build. The two commands a newcomer needs:
#   make run    install what is missing, build the app and open it
#   make test   install what is missing for tests, then run every test
# and to install it like any desktop app:
#   make install     into ~/.local, no root needed (make uninstall removes it)
#   make package     dist/scout_VERSION_ARCH.deb, dist/scout-windows-amd64.exe
#                    and its installer dist/scout-windows-amd64-setup.exe
SHELL := /bin/bash
export PATH := $(PATH):/usr/local/go/bin

# Wails v2 with WebKitGTK 4.1 needs the webkit2_41 tag on every GUI build.
RELEASE_TAGS := desktop,production,webkit2_41
BIN := build/bin/scout

# The Go files the app is built from (test-only packages left out), and what
# main.go embeds besides the frontend.
GO_SOURCES := $(shell go list -deps -f '{{if not .Standard}}{{$$d := .Dir}}{{range .GoFiles}}{{$$d}}/{{.}} {{end}}{{end}}' . 2>/dev/null | tr ' ' '\n' | grep '^$(CURDIR)/') \
	go.mod go.sum build/appicon.png
FRONTEND_SOURCES := $(shell find frontend/src frontend/wailsjs -type f) \
	frontend/index.html frontend/package.json frontend/package-lock.json \
	frontend/vite.config.ts frontend/svelte.config.js frontend/tsconfig.json

# The version packages carry; runner.Version is kept equal to it.
VERSION := $(shell sed -n 's/^ *"productVersion": *"\([^"]*\)".*/\1/p' wails.json)
GOARCH := $(shell go env GOARCH 2>/dev/null)

# make install puts Scout in your own folders, so it needs no root:
# ~/.local/bin/scout, its menu entry and its icon. PREFIX=/usr/local (as
# root) installs it for every user.
PREFIX ?= $(HOME)/.local
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share

# The icon at the sizes desktops ask for, made from build/appicon.png (the
# 512-pixel one stands for them all).
ICONS := build/bin/icons/hicolor
ICON := $(ICONS)/512x512/apps/scout.png

# make package puts the .deb, the Windows program (with Scout's licence and
# the third-party notices beside it), its installer and their checksums here.
DIST := dist
DEB := $(DIST)/scout_$(VERSION)_$(GOARCH).deb
WINDOWS_EXE := $(DIST)/scout-windows-amd64.exe
WINDOWS_TEXTS := $(DIST)/LICENSE.txt $(DIST)/THIRD-PARTY-NOTICES.txt
INSTALLER := $(DIST)/scout-windows-amd64-setup.exe
ARTEFACTS := $(DEB) $(WINDOWS_EXE) $(WINDOWS_TEXTS) $(INSTALLER)
# Wails on Windows uses WebView2 through go-webview2: no cgo, no cross
# compiler. windowsgui: no console window opens behind the app. make test
# builds it the same way, so the two share the build cache.
WINDOWS_BUILD := GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go build -tags desktop,production -trimpath -ldflags "-w -s -H windowsgui"
# The Windows program's resources (its icon, manifest and version
# information from wails.json), as Wails' own build makes them: an object
# file in the main package's folder, which go build links into Windows
# builds only (the _windows_amd64 suffix). The .ico is for the installer.
WINDOWS_SYSO := rsrc_windows_amd64.syso
WINDOWS_ICO := build/bin/windows/scout.ico

.PHONY: run build test bench bench-once fixtures deps deps-test frontend bindings clean install uninstall package icons shellcheck windows

run: build
	./$(BIN)

build: $(BIN)

# A position-independent executable, as Debian builds its programs, so
# address-space layout randomisation applies to the program too, with its
# symbols bound at start (-z now) so the table of them can be read-only.
$(BIN): $(GO_SOURCES) frontend/dist/index.html | deps
	go build -tags $(RELEASE_TAGS) -buildmode=pie -trimpath -ldflags "-w -s -extldflags=-Wl,-z,now" -o $@ .

frontend: frontend/dist/index.html

frontend/dist/index.html: $(FRONTEND_SOURCES) | deps
	cd frontend && npm run build

icons: $(ICON)

$(ICON): build/appicon.png build/icons/main.go
	go run ./build/icons -name scout -out $(ICONS) build/appicon.png

# The menu entry runs the installed program by its full path: ~/.local/bin
# is on a desktop session's PATH only from the next login, if at all.
install: $(BIN) $(ICON)
	install -D -m 755 $(BIN) $(BINDIR)/scout
	install -d $(DATADIR)/applications
	sed 's|^Exec=scout$$|Exec=$(BINDIR)/scout|' build/linux/scout.desktop >$(DATADIR)/applications/scout.desktop
	cd $(ICONS) && for icon in */apps/scout.png; do install -D -m 644 "$$icon" "$(DATADIR)/icons/hicolor/$$icon"; done
	install -D -m 644 build/appicon.svg $(DATADIR)/icons/hicolor/scalable/apps/scout.svg
	@echo "Scout is installed: find it among your applications, or run $(BINDIR)/scout."

uninstall:
	rm -f $(BINDIR)/scout $(DATADIR)/applications/scout.desktop
	rm -f $(DATADIR)/icons/hicolor/*/apps/scout.png $(DATADIR)/icons/hicolor/scalable/apps/scout.svg

# make package also installs what packaging needs (deps.sh package: makensis
# besides what make run needs); the installer asks for the same when made
# alone.
package: $(ARTEFACTS) $(DIST)/SHA256SUMS
package $(INSTALLER): DEPS_MODE := package

$(DIST)/SHA256SUMS: $(ARTEFACTS)
	cd $(DIST) && sha256sum $(notdir $(ARTEFACTS)) >SHA256SUMS

# What the .deb carries besides the program, its entry and icons, made at
# build time: the copyright file (Scout's licence and the notices of the Go
# standard library, every Go module compiled in and the npm packages bundled
# into the frontend), the changelog and the manual page (from scout help),
# compressed as Debian wants them: gzip -9n, the smallest, with no time
# stamp.
LINUX_DOC := build/bin/linux
DEB_DOCS := $(LINUX_DOC)/copyright $(LINUX_DOC)/changelog.gz $(LINUX_DOC)/scout.1.gz
METAINFO := build/linux/io.github.scout_research.scout.metainfo.xml

$(DEB): $(BIN) $(ICON) $(DEB_DOCS) build/linux/nfpm.yaml build/linux/scout.desktop $(METAINFO) build/appicon.svg
	@mkdir -p $(DIST)
	VERSION=$(VERSION) GOARCH=$(GOARCH) go tool nfpm package --config build/linux/nfpm.yaml --packager deb --target $@

# The frontend build lists the npm packages it bundles (Svelte's runtime).
BUNDLED := frontend/dist/bundled-packages.json

$(LINUX_DOC)/copyright: $(GO_SOURCES) frontend/dist/index.html LICENSE $(wildcard build/notices/*.go)
	@mkdir -p $(@D)
	go run ./build/notices -format debian -goos linux -tags $(RELEASE_TAGS) -npm $(BUNDLED) >$@.tmp
	mv $@.tmp $@

$(LINUX_DOC)/changelog.gz: build/linux/changelog
	@mkdir -p $(@D)
	gzip -9n <$< >$@

$(LINUX_DOC)/scout.1.gz: $(GO_SOURCES) build/manpage/main.go
	@mkdir -p $(@D)
	go run ./build/manpage >$(LINUX_DOC)/scout.1
	gzip -9nf $(LINUX_DOC)/scout.1

windows: $(WINDOWS_EXE)

$(WINDOWS_EXE): $(GO_SOURCES) frontend/dist/index.html $(WINDOWS_SYSO)
	$(WINDOWS_BUILD) -o $@ .

# The texts that ship with the Windows program, with Windows' line ends:
# Scout's licence, and the notices of what the Windows build links.
$(DIST)/LICENSE.txt: LICENSE
	@mkdir -p $(@D)
	sed 's/$$/\r/' $< >$@

$(DIST)/THIRD-PARTY-NOTICES.txt: $(GO_SOURCES) frontend/dist/index.html $(wildcard build/notices/*.go)
	@mkdir -p $(@D)
	go run ./build/notices -format text -goos windows -cgo=false -tags desktop,production -npm $(BUNDLED) | sed 's/$$/\r/' >$@.tmp
	mv $@.tmp $@

# A 64-bit NSIS installer for the current user: the program, the two texts,
# a Start-menu entry and an uninstaller. VERSION4 is the four numbers
# Windows wants.
VERSION4 := $(word 1,$(subst -, ,$(VERSION))).0
COPYRIGHT := $(shell sed -n 's/^ *"copyright": *"\([^"]*\)".*/\1/p' wails.json)

$(INSTALLER): build/windows/installer.nsi $(WINDOWS_EXE) $(WINDOWS_TEXTS) $(WINDOWS_ICO) | deps
	makensis -V2 -WX -NOCD -DVERSION=$(VERSION) -DVERSION4=$(VERSION4) -DCOPYRIGHT="$(COPYRIGHT)" \
		-DEXE=$(WINDOWS_EXE) -DLICENSE=$(DIST)/LICENSE.txt -DNOTICES=$(DIST)/THIRD-PARTY-NOTICES.txt \
		-DICON=$(WINDOWS_ICO) -DOUT=$@ build/windows/installer.nsi

$(WINDOWS_SYSO) $(WINDOWS_ICO) &: wails.json build/windows/scout.exe.manifest build/winres/main.go $(ICON)
	go run ./build/winres -wails wails.json -icons $(ICONS) -manifest build/windows/scout.exe.manifest -syso $(WINDOWS_SYSO) -ico $(WINDOWS_ICO)

# Every shell script in the repository, known by its #! line.
shellcheck:
	git ls-files -z --cached --others --exclude-standard | xargs -0 awk 'FNR == 1 { if (/^#!.*sh/) print FILENAME; nextfile }' | xargs -r shellcheck

DEPS_MODE := run

deps:
	@build/deps.sh $(DEPS_MODE)

deps-test:
	@build/deps.sh test

# go vet and go test build without GUI tags; the GUI end-to-end test builds
# the dev-tag binary itself and drives it under Xvfb, and build/'s tests run
# make install and make package into folders of their own. The Windows
# build is compiled too (into nothing), so that no change breaks it unseen,
# and every Go benchmark is built and run once (make bench-once), so that
# a benchmark that no longer builds or runs fails the tests; its figures
# are not read.
#
# The app and the dev-tag binary (built as guitest.BuildDev builds it) are
# built before go test: on a fresh machine their first build compiles
# WebKitGTK's cgo for minutes, which inside go test ran two at once and
# under its deadline. GO_TEST_TIMEOUT is that deadline per package: the GUI
# packages start the app again and again, which takes minutes on 2 cores.
DEV_BUILD := go build -tags dev,webkit2_41
GO_TEST_TIMEOUT := 30m

test: deps-test
	$(MAKE) --no-print-directory frontend
	$(MAKE) --no-print-directory shellcheck
	go vet ./...
	$(WINDOWS_BUILD) -o /dev/null .
	cd frontend && npm run --silent check
	cd frontend && npm test
	$(MAKE) --no-print-directory build
	$(DEV_BUILD) -o /dev/null .
	SCOUT_GUI_E2E=1 SCOUT_TEST_DRIVER_INSTALL=1 go test -count=1 -timeout $(GO_TEST_TIMEOUT) ./...
	$(MAKE) --no-print-directory bench-once

# Every Go benchmark, once, and no test (-run '^$'). The GUI ones need
# what the tests need and the built frontend (make test has both by then).
# -short: the real-page corpus benchmark reads its test sample, not every
# page (make bench reads them all).
bench-once: deps-test
	$(MAKE) --no-print-directory frontend
	SCOUT_GUI_E2E=1 go test -count=1 -short -timeout $(GO_TEST_TIMEOUT) -run '^$$' -bench . -benchtime 1x ./...

# Benchmarks print figures; nothing is asserted on timings. The reader's
# figures on the real-page corpus (testdata/corpus) are read once, through
# the browser, with the pages it reads worst. The frozen-web benchmark is a
# command of its own, built apart from the app.
BENCH := go run ./backend/bench/cmd/bench

bench: deps-test
	$(MAKE) --no-print-directory frontend
	go test -run '^$$' -bench '^Benchmark(Start|Open|Extract)$$' -benchtime 3x ./backend/browser/
	go test -run '^$$' -bench . -benchtime 3x ./backend/runner/
	go test -run '^$$' -bench ReaderCorpus -benchtime 1x -timeout 30m ./backend/browser/
	go test -run '^$$' -bench Startup -benchtime 3x ./backend/guitest/
	go test -run '^$$' -bench LongJournal -benchtime 1x ./backend/guitest/
	$(BENCH) --no-cache-reuse
	$(BENCH) --no-mistakes

# Serves the fake web's fixture pages (and its DuckDuckGo and SearXNG
# imitations) for trying the app or the CLI by hand.
fixtures:
	go run ./backend/fakeweb/cmd/fakeweb -addr 127.0.0.1:8089

# Regenerates frontend/wailsjs from the methods bound in app.go.
bindings:
	go build -tags bindings -o build/bin/scout-bindings . && ./build/bin/scout-bindings

clean:
	rm -rf build/bin $(DIST) $(WINDOWS_SYSO) frontend/dist/assets frontend/dist/index.html

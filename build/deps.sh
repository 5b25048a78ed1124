#!/usr/bin/env bash
# Installs what Scout needs on Debian or Ubuntu, skipping what is present so
# later runs take a second or two.
#
#   build/deps.sh run      to build and run the app
#   build/deps.sh package  also what make package needs (makensis)
#   build/deps.sh test     also what the tests need (Chromium, Xvfb,
#                          lintian, ...)
#
# Debian packages are installed with one apt-get call (through sudo when not
# root, saying what and why first), the frontend's npm packages with npm ci,
# and the Playwright driver into the user cache from the npm registry, using
# the system Node (no download of a Node or browser build of its own).
#
# Under pipefail, piping a command into a reader that quits at its first
# match (grep's -q) fails while the command still writes: the writer dies
# of SIGPIPE, status 141, and apt-cache does that every time. So output is
# captured first and matched afterwards.
# build/setup_test.go runs this script against stand-ins for apt and co.
set -euo pipefail

mode=${1:-run}
here=$(cd "$(dirname "$0")/.." && pwd)

# Keep equal to the playwright-go version in go.mod (v0.6401.0 drives 1.64.1).
PLAYWRIGHT_VERSION=1.64.1
# The oldest Node.js that Vite 8 (the frontend build) runs on.
NODE_MIN=20.19
# go.mod's go line; an older Go 1.21+ switches to it by itself, unless told
# not to (GOTOOLCHAIN=local).
GO_MIN=1.26

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
fail() { printf '\033[31mscout setup: %s\033[0m\n' "$*" >&2; exit 1; }

# at_least VERSION MIN: whether VERSION (1.2.3, 1.26rc1) is MIN (major.minor)
# or newer.
at_least() {
  local major minor min_major min_minor
  IFS=. read -r major minor _ <<<"$1"
  IFS=. read -r min_major min_minor _ <<<"$2"
  minor=${minor%%[!0-9]*}
  ((major > min_major || (major == min_major && ${minor:-0} >= min_minor)))
}

# installed PKG: whether dpkg has PKG installed (false without dpkg).
installed() {
  local status
  # shellcheck disable=SC2016 # ${Status} is dpkg-query's field, not the shell's
  status=$(dpkg-query -W -f='${Status}\n' "$1" 2>/dev/null) || return 1
  [[ $status == *"install ok installed"* ]]
}

# as_root runs a command as root: itself when root, else through sudo.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Packages to install, and for each group the reason shown to the user.
missing=()
reasons=()

# want WHY PKG...: queues the packages that are not installed yet.
want() {
  local why=$1 p
  shift
  local group=()
  for p in "$@"; do
    if ! installed "$p"; then group+=("$p"); fi
  done
  if [ ${#group[@]} -gt 0 ]; then
    missing+=("${group[@]}")
    reasons+=("${group[*]} ($why)")
  fi
}

have_browser() {
  local b
  for b in chromium chromium-browser google-chrome google-chrome-stable microsoft-edge microsoft-edge-stable; do
    if command -v "$b" >/dev/null; then return 0; fi
  done
  return 1
}

# browser_package names the distribution's Chromium package: Debian has
# chromium; Ubuntu only chromium-browser (a snap wrapper).
browser_package() {
  local p policy
  for p in chromium chromium-browser; do
    policy=$(apt-cache policy "$p" 2>/dev/null) || continue
    if [[ $policy == *"Candidate: "[0-9]* ]]; then
      echo "$p"
      return 0
    fi
  done
  return 1
}

# install_packages installs what want queued, and a Chromium when the
# machine has no browser (browser_why says what it is for; empty: none
# needed), with one package-list update and one apt-get install.
install_packages() {
  local browser_why=$1
  if [ -n "$browser_why" ]; then
    reasons+=("a Chromium, Chrome or Edge browser ($browser_why)")
  fi
  if [ ${#reasons[@]} -eq 0 ]; then return 0; fi
  local list
  list=$(printf '; %s' "${reasons[@]}")
  list=${list#; }
  if ! command -v apt-get >/dev/null || ! command -v apt-cache >/dev/null; then
    fail "Scout needs $list, and this system has no apt-get to install them. Install them with your package manager, then run make again."
  fi
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null ||
      fail "Scout needs $list; installing them needs root. Run make as root, install sudo, or install them yourself, then run make again."
    say "Scout needs $list. sudo will ask for your password to install them."
  else
    say "Installing what Scout needs: $list"
  fi
  # A fresh image has no package lists: apt-cache finds nothing before this.
  as_root apt-get update -qq
  if [ -n "$browser_why" ]; then
    local p
    p=$(browser_package) ||
      fail "no Chromium, Chrome or Edge found ($browser_why), and the package lists offer no Chromium. Install Google Chrome or Chromium, then run make again."
    missing+=("$p")
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

check_toolchains() {
  command -v go >/dev/null ||
    fail "Go is not installed. Install Go $GO_MIN or newer from https://go.dev/dl/ and put it on your PATH, then run make again."
  local v
  # Asked in the repository, so an older Go answers for the toolchain it
  # switches to for go.mod.
  v=$(cd "$here" && go env GOVERSION) ||
    fail "Go does not start here (go env GOVERSION failed): install Go $GO_MIN or newer from https://go.dev/dl/, then run make again."
  v=${v#go}
  at_least "$v" "$GO_MIN" ||
    fail "Go $v is too old: install Go $GO_MIN or newer from https://go.dev/dl/, then run make again."
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    fail "Node.js is not installed. Install Node.js $NODE_MIN or newer (https://nodejs.org, or NodeSource's Debian packages), then run make again."
  fi
  v=$(node --version)
  v=${v#v}
  at_least "$v" "$NODE_MIN" ||
    fail "Node.js $v is too old for the frontend build: install Node.js $NODE_MIN or newer, then run make again."
}

npm_packages() {
  local stamp="$here/frontend/node_modules/.package-lock.json"
  if [ ! -f "$stamp" ] || [ "$here/frontend/package-lock.json" -nt "$stamp" ]; then
    say "Installing the frontend's npm packages"
    (cd "$here/frontend" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

playwright_driver() {
  local dir=${PLAYWRIGHT_DRIVER_PATH:-$HOME/.cache/ms-playwright-go/$PLAYWRIGHT_VERSION}
  if [ -f "$dir/package/cli.js" ]; then return 0; fi
  say "Installing the browser driver (playwright-core $PLAYWRIGHT_VERSION) into $dir"
  local tmp
  tmp=$(mktemp -d)
  # shellcheck disable=SC2064 # the folder is known now, and must go however this ends
  trap "rm -rf '$tmp'" EXIT
  (cd "$tmp" && npm pack "playwright-core@$PLAYWRIGHT_VERSION" --silent >/dev/null && tar xzf "playwright-core-$PLAYWRIGHT_VERSION.tgz")
  mkdir -p "$dir"
  rm -rf "$dir/package"
  mv "$tmp/package" "$dir/package"
}

check_toolchains
want "to build the desktop app" build-essential pkg-config libgtk-3-dev libwebkit2gtk-4.1-dev
case "$mode" in
  run | package)
    want "pdftotext, to read PDF documents" poppler-utils
    if [ "$mode" = package ]; then
      want "makensis, to build the Windows installer" nsis
    fi
    browser="the browser the agent drives"
    ;;
  test)
    want "fonts for pages, a virtual screen for the app under test and key presses for its window" fonts-liberation xvfb xauth xdotool
    want "Chinese and Japanese glyphs for the translated window's screenshots" fonts-noto-cjk
    want "pdftotext, to read PDF documents and check PDF exports" poppler-utils
    want "checks of the shell scripts, the desktop entry and the .deb package, and gio to launch the entry" shellcheck desktop-file-utils dpkg-dev libglib2.0-bin
    want "makensis, to build the Windows installer, and checks of the packages: lintian, appstreamcli, wrestool and 7z" nsis lintian appstream icoutils p7zip-full
    want "a real Secret Service on a session bus of the tests' own, for the API key" dbus-daemon gnome-keyring
    browser="the browser the tests drive"
    ;;
  *) fail "unknown mode $mode (use run, package or test)" ;;
esac
if have_browser; then browser=""; fi
install_packages "$browser"
npm_packages
playwright_driver

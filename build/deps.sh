#!/usr/bin/env bash
# Installs what Scout needs on Debian or Ubuntu, skipping what is present so
# later runs take a second or two.
#
#   build/deps.sh run    to build and run the app
#   build/deps.sh test   also what the tests need (Chromium, Xvfb)
#
# Debian packages are installed with apt-get (through sudo when not root),
# the frontend's npm packages with npm ci, and the Playwright driver into the
# user cache from the npm registry, using the system Node (no download of a
# Node or browser build of its own).
set -euo pipefail

mode=${1:-run}
here=$(cd "$(dirname "$0")/.." && pwd)

# Keep equal to the playwright-go version in go.mod (v0.6401.0 drives 1.64.1).
PLAYWRIGHT_VERSION=1.64.1
NODE_MIN=20.19

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
fail() { printf '\033[31mscout setup: %s\033[0m\n' "$*" >&2; exit 1; }

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

apt_install() {
  local why=$1; shift
  local missing=()
  for p in "$@"; do installed "$p" || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || fail "these packages are missing: ${missing[*]} ($why). Install them with your package manager, then run make again."
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || fail "installing ${missing[*]} ($why) needs root: run make as root or install sudo."
    sudo=(sudo)
    say "Scout needs ${missing[*]} ($why); sudo will ask for your password to install them."
  else
    say "Installing ${missing[*]} ($why)"
  fi
  apt_update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# apt_update refreshes the package lists once per run; a fresh image has
# none, and apt-cache finds nothing before it.
apt_update() {
  [ -n "${SCOUT_APT_UPDATED:-}" ] && return 0
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  export SCOUT_APT_UPDATED=1
}

# browser_package names the distribution's Chromium package: Debian has
# chromium; Ubuntu only chromium-browser (a snap wrapper).
browser_package() {
  local p
  for p in chromium chromium-browser; do
    if apt-cache policy "$p" 2>/dev/null | grep -q 'Candidate: [0-9]'; then echo "$p"; return 0; fi
  done
  return 1
}

ensure_browser() {
  have_browser && return 0
  command -v apt-get >/dev/null || fail "no Chromium, Chrome or Edge found ($1). Install one of them, then run make again."
  apt_update
  local p
  p=$(browser_package) || fail "no Chromium, Chrome or Edge found ($1), and the package lists offer no Chromium. Install Google Chrome or Chromium, then run make again."
  apt_install "$1" "$p"
}

have_browser() {
  local b
  for b in chromium chromium-browser google-chrome google-chrome-stable microsoft-edge microsoft-edge-stable; do
    command -v "$b" >/dev/null && return 0
  done
  return 1
}

check_toolchains() {
  command -v go >/dev/null || fail "Go is not installed. Install Go 1.26 or newer from https://go.dev/dl/ and put it on your PATH."
  command -v node >/dev/null && command -v npm >/dev/null ||
    fail "Node.js is not installed. Install Node.js $NODE_MIN or newer (https://nodejs.org, or NodeSource's Debian packages), then run make again."
  local v; v=$(node -p 'process.versions.node')
  node -e "const [a,b]=process.versions.node.split('.').map(Number); const [x,y]='$NODE_MIN'.split('.').map(Number); process.exit(a>x||(a===x&&b>=y)?0:1)" ||
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
  [ -f "$dir/package/cli.js" ] && return 0
  say "Installing the browser driver (playwright-core $PLAYWRIGHT_VERSION) into $dir"
  local tmp; tmp=$(mktemp -d)
  (cd "$tmp" && npm pack "playwright-core@$PLAYWRIGHT_VERSION" --silent >/dev/null && tar xzf "playwright-core-$PLAYWRIGHT_VERSION.tgz")
  mkdir -p "$dir"
  rm -rf "$dir/package"
  mv "$tmp/package" "$dir/package"
  rm -rf "$tmp"
}

check_toolchains
apt_install "to build the desktop app" build-essential pkg-config libgtk-3-dev libwebkit2gtk-4.1-dev
case "$mode" in
  run)
    ensure_browser "the browser the agent drives"
    apt_install "pdftotext, to read PDF documents" poppler-utils
    ;;
  test)
    ensure_browser "the browser the tests drive"
    apt_install "fonts for pages, a virtual screen for the app under test, key presses for its window, and pdftotext to read PDF documents and check PDF exports" fonts-liberation xvfb xauth xdotool poppler-utils
    ;;
  *) fail "unknown mode $mode (use run or test)" ;;
esac
npm_packages
playwright_driver

#!/usr/bin/env bash
# Installs the Debian packages Arbiter builds and tests with, if any is missing.
# As root it runs apt-get itself; otherwise it prints the exact command and stops.
set -euo pipefail

packages=(
  cmake make g++ clang libclang-rt-14-dev
  libz3-dev librapidcheck-dev libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev fonts-dejavu-core
  stockfish fairy-stockfish python3 zip chromium
  nodejs npm
  libicu72  # the SARIF Multitool (tools/sarif/), a .NET program, needs ICU
)

missing=()
for p in "${packages[@]}"; do
  # NodeSource's nodejs carries its own npm and conflicts with Debian's.
  [ "$p" = npm ] && command -v npm >/dev/null && continue
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

# The npm packages the tests drive, once Node.js is there (package-lock.json pins them).
npm_packages() {
  local root
  root=$(cd "$(dirname "$0")/.." && pwd)
  [ -d "$root/tools/browser/node_modules" ] || npm ci --prefix "$root/tools/browser" --no-audit --no-fund
  [ -d "$root/tools/sarif/node_modules" ] || npm ci --prefix "$root/tools/sarif" --no-audit --no-fund
}

if [ ${#missing[@]} -eq 0 ]; then
  npm_packages
  exit 0
fi

cmd="apt-get update && apt-get install -y ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "arbiter: missing Debian packages: ${missing[*]}" >&2
  echo "arbiter: run as root:  $cmd" >&2
  exit 1
fi

echo "arbiter: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}"
npm_packages

#!/usr/bin/env bash
# Installs the Debian packages Arbiter builds and tests with, if any is missing.
# As root it runs apt-get itself; otherwise it prints the exact command and stops.
set -euo pipefail

packages=(
  cmake make g++ clang libclang-rt-14-dev
  libz3-dev librapidcheck-dev libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev
  stockfish fairy-stockfish python3 zip chromium
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
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

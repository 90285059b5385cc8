#!/usr/bin/env bash
# How much of what the model declares the tools find alone: for each game,
# `arbiter explore GAME --no-scenarios` (random playouts from the start
# position only, every move some reading alternative accepts, half the
# playouts under other alternatives, every step re-run under every
# alternative and visit order) for SECONDS, then the declared reading points
# it showed diverging and those it missed, and the total.
# usage: bash bench/rediscovery.sh [BUILD_DIR] [SECONDS] [GAME...]
set -euo pipefail
build=${1:-build/release}
seconds=${2:-600}
shift $(( $# > 2 ? 2 : $# ))
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(zeitgeist simulchess parity parity-single)
arbiter="$build/cli/arbiter"
[ -x "$arbiter" ] || { echo "rediscovery: no $arbiter (build the release preset first)" >&2; exit 2; }
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "rediscovery: SECONDS must be a positive number, not '$seconds'" >&2; exit 2; }
found=0
declared=0
printf '%-16s %9s %12s  %s\n' game diverging steps "not found"
for game in "${games[@]}"; do
  json=$("$arbiter" explore "$game" --no-scenarios --seconds "$seconds" --json 2>/dev/null)
  read -r n total steps missed < <(python3 -c '
import json, sys
j = json.load(sys.stdin)
p = j["reading_points"]
print(len(p["diverging"]), len(p["diverging"]) + len(p["missed"]), j["steps"], " ".join(p["missed"]) or "-")' <<<"$json")
  printf '%-16s %5s of %-3s %12s  %s\n' "$game" "$n" "$total" "$steps" "$missed"
  found=$((found + n))
  declared=$((declared + total))
done
printf 'total: %s of %s declared reading points diverged (%s%%) in %s s per game\n' "$found" "$declared" \
  "$(( declared ? 100 * found / declared : 0 ))" "$seconds"

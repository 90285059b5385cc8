#!/usr/bin/env bash
# The step fuzzers' speed under ASan and UBSan, as the fuzzing target asks it:
# executions per second on inputs of up to 16 steps (at least 10,000 asked).
# Each target runs alone, in one process, for SECONDS from its committed seeds
# (copied: the corpus stays as committed), with a findings directory set.
#
# An input is a start byte, then two bytes for each role's choice in each
# step. The simultaneous games have two roles in every step, so 1 + 16 * 4 = 65
# bytes is 16 steps. The others have one role in most steps (two in Two Move
# Chess's choosing and Cloak and Dagger's setup), so 1 + 16 * 2 = 33 bytes is
# the longest input that cannot play more than 16 steps.
# usage: bash bench/fuzz_speed.sh [BUILD_DIR] [SECONDS] [GAME...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/fuzz}
seconds=${2:-20}
shift $(( $# > 2 ? 2 : $# ))
games=("$@")
if [ ${#games[@]} -eq 0 ]; then
  for bin in "$build"/fuzz/fuzz_step_*; do games+=("${bin##*/fuzz_step_}"); done
fi
[ ${#games[@]} -gt 0 ] && [ -x "$build/fuzz/fuzz_step_${games[0]}" ] ||
  { echo "fuzz_speed: no step fuzzers in $build/fuzz (build the fuzz preset first)" >&2; exit 2; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

printf '%-16s %8s %10s\n' game max_len exec/s
for game in "${games[@]}"; do
  case $game in
    zeitgeist | simulchess | parity | parity_single) max_len=65 ;;
    *) max_len=33 ;;
  esac
  rm -rf "$scratch/corpus" "$scratch/findings"
  mkdir -p "$scratch/corpus" "$scratch/findings"
  cp corpus/fuzz/step_"$game"/* "$scratch/corpus/"
  rate=$(ARBITER_FINDINGS_DIR="$scratch/findings" "$build/fuzz/fuzz_step_$game" -max_len="$max_len" \
           -max_total_time="$seconds" -print_final_stats=1 "$scratch/corpus" 2>&1 |
         sed -nE 's/^stat::average_exec_per_sec: *([0-9]+).*/\1/p')
  printf '%-16s %8s %10s\n' "$game" "$max_len" "${rate:-?}"
done

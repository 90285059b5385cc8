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
#
# Columns: exec/s as libFuzzer reports it; the joint actions an execution
# played on average and the steps per second under the sanitizers (from the
# fuzzer's tally, ARBITER_FUZZ_TALLY); then, when a release build's
# perft_bench is there (RELEASE_BENCH, by default build/release/bench/
# perft_bench), the same harness without sanitizers or libFuzzer
# (`step_fuzzer_harness`, steps/s) and what it makes of executions of the
# measured length: "plain exec/s" = plain steps/s / steps per execution. That
# is the most any fuzzer of this model could reach at that length, with no
# sanitizer and no coverage at all.
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
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "fuzz_speed: SECONDS must be a positive number, not '$seconds'" >&2; exit 2; }
bench=${RELEASE_BENCH:-build/release/bench/perft_bench}
[ -x "$bench" ] || bench=

# plain_steps GAME: steps/s of the harness without sanitizers (one run)
plain_steps() {
  "$bench" --benchmark_filter="^step_fuzzer_harness/$1\$" --benchmark_format=csv 2>/dev/null |
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "\"steps/s\"") c = i; next }
             c { v = $c + 0 } END { printf "%.0f\n", v }'
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

printf '%-16s %8s %8s %11s %9s %14s %12s\n' game max_len exec/s steps/exec steps/s "plain steps/s" "plain exec/s"
for game in "${games[@]}"; do
  case $game in
    zeitgeist | simulchess | parity | parity_single) max_len=65 ;;
    *) max_len=33 ;;
  esac
  rm -rf "$scratch/corpus" "$scratch/findings" "$scratch/tally"
  mkdir -p "$scratch/corpus" "$scratch/findings"
  cp corpus/fuzz/step_"$game"/* "$scratch/corpus/"
  rate=$(ARBITER_FINDINGS_DIR="$scratch/findings" ARBITER_FUZZ_TALLY="$scratch/tally" \
           "$build/fuzz/fuzz_step_$game" -max_len="$max_len" \
           -max_total_time="$seconds" -print_final_stats=1 "$scratch/corpus" 2>&1 |
         sed -nE 's/^stat::average_exec_per_sec: *([0-9]+).*/\1/p')
  per_exec=$(awk '{ e += $1; s += $2 } END { if (e) printf "%.2f\n", s / e }' "$scratch/tally" 2>/dev/null || true)
  steps=$(awk -v r="${rate:-0}" -v p="${per_exec:-0}" 'BEGIN { if (r && p) printf "%.0f\n", r * p }')
  plain= plain_execs=
  if [ -n "$bench" ]; then
    plain=$(plain_steps "$game")
    plain_execs=$(awk -v s="$plain" -v p="${per_exec:-0}" 'BEGIN { if (s && p) printf "%.0f\n", s / p }')
  fi
  printf '%-16s %8s %8s %11s %9s %14s %12s\n' "$game" "$max_len" "${rate:-?}" "${per_exec:-?}" "${steps:-?}" \
    "${plain:--}" "${plain_execs:--}"
done

#!/usr/bin/env bash
# The step fuzzers' harness overhead without sanitizers, per game: the best
# `step_fuzzer_harness` resolved/s over REPS repetitions divided by the best
# steps/s of `played_step`, the game's step benchmark on the very steps the
# harness plays (each from the state it was played from). The step fuzzers
# must keep it at 0.5 or above (harness overhead at most 2x). The last column
# is the step from the game's start alone (`simultaneous_step` for the
# simultaneous games, `variant_step` for the others), for comparison. The
# benchmarks run separately, one game at a time, so that none shares a
# process with another.
# usage: bash bench/harness_ratio.sh [BUILD_DIR] [REPS] [GAME...]
set -euo pipefail
build=${1:-build/release}
reps=${2:-8}
shift $(( $# > 2 ? 2 : $# ))
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(zeitgeist simulchess parity parity_single orthodox two_move existentialist gravity
                                 booster parade neighbour cloak_dagger)
bench="$build/bench/perft_bench"
[ -x "$bench" ] || { echo "harness_ratio: no $bench (build the release preset first)" >&2; exit 2; }

# best NAME COLUMN: the highest value of the named user counter over the repetitions
best() {
  "$bench" --benchmark_filter="^$1\$" --benchmark_repetitions="$reps" --benchmark_format=csv 2>/dev/null |
    awk -F, -v col="\"$2\"" '
      NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
      $1 !~ /_(mean|median|stddev|cv)"$/ && c && $c + 0 > b { b = $c + 0 }
      END { printf "%.0f\n", b }'
}

printf '%-14s %14s %14s %7s %14s\n' game "harness res/s" "played steps/s" ratio "start steps/s"
for game in "${games[@]}"; do
  case $game in
    zeitgeist | simulchess | parity | parity_single) unit=simultaneous_step ;;
    *) unit=variant_step ;;
  esac
  harness=$(best "step_fuzzer_harness/$game" resolved/s)
  step=$(best "played_step/$game" steps/s)
  start=$(best "$unit/$game" steps/s)
  printf '%-14s %14s %14s %7s %14s\n' "$game" "$harness" "$step" \
    "$(awk -v h="$harness" -v s="$step" 'BEGIN { printf "%.3f", (s > 0 ? h / s : 0) }')" "$start"
done

#!/usr/bin/env bash
# The step fuzzers' harness overhead without sanitizers, per game: the
# `step_fuzzer_harness` resolved/s divided by the steps/s of `played_step`,
# the game's step benchmark on the very steps the harness plays (each from
# the state it was played from). The step fuzzers must keep it at 0.5 or
# above (harness overhead at most 2x).
#
# The machine may be shared, and its speed can change by a third or more
# from one minute to the next. So the two benchmarks run as pairs, one right
# after the other, ROUNDS times for each game, and each pair gives a ratio:
# a slow spell slows both sides of a pair alike. The ratio printed is the
# median of the pairs, with their lowest and highest beside it. The columns
# before it are the best of each side over the rounds. The last column is
# the step from the game's start alone (`simultaneous_step` for the
# simultaneous games, `variant_step` for the others), for comparison.
# usage: bash bench/harness_ratio.sh [BUILD_DIR] [ROUNDS] [GAME...]
set -euo pipefail
build=${1:-build/release}
rounds=${2:-8}
shift $(( $# > 2 ? 2 : $# ))
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(zeitgeist simulchess parity parity_single orthodox two_move existentialist gravity
                                 booster parade neighbour cloak_dagger)
bench="$build/bench/perft_bench"
[ -x "$bench" ] || { echo "harness_ratio: no $bench (build the release preset first)" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "harness_ratio: ROUNDS must be a positive number, not '$rounds'" >&2; exit 2; }

# once NAME COLUMN: the named user counter of one run of the named benchmark
once() {
  "$bench" --benchmark_filter="^$1\$" --benchmark_format=csv 2>/dev/null |
    awk -F, -v col="\"$2\"" '
      NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
      c { v = $c + 0 }
      END { printf "%.0f\n", v }'
}

printf '%-14s %14s %14s %7s %13s %14s\n' game "harness res/s" "played steps/s" ratio "(low-high)" "start steps/s"
for game in "${games[@]}"; do
  case $game in
    zeitgeist | simulchess | parity | parity_single) unit=simultaneous_step ;;
    *) unit=variant_step ;;
  esac
  pairs=()
  for ((i = 0; i < rounds; i++)); do
    harness=$(once "step_fuzzer_harness/$game" resolved/s)
    step=$(once "played_step/$game" steps/s)
    pairs+=("$harness $step")
  done
  start=$(once "$unit/$game" steps/s)
  printf '%s\n' "${pairs[@]}" | awk -v game="$game" -v start="$start" '
    { h[NR] = $1; s[NR] = $2; r[NR] = ($2 > 0 ? $1 / $2 : 0)
      if ($1 > bh) bh = $1
      if ($2 > bs) bs = $2 }
    END {
      n = NR
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
      median = n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2
      printf "%-14s %14.0f %14.0f %7.3f %13s %14.0f\n", game, bh, bs, median, sprintf("(%.2f-%.2f)", r[1], r[n]), start
    }'
done

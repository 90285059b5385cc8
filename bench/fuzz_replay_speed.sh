#!/usr/bin/env bash
# Two builds of one step fuzzer compared on the same inputs, for a machine
# whose speed drifts: every file of CORPUS is replayed through each binary
# in turn (one process per pass, each input run once), ROUNDS times,
# alternating the binaries so that a slow spell falls on both alike. Prints
# each binary's best pass in executions per second. Replaying skips
# libFuzzer's mutation and corpus work: the figure is the harness and the
# model under the binary's sanitizers. Grow CORPUS first, for example by
# running one of the binaries on a copy of corpus/fuzz/step_GAME for a while.
# usage: bash bench/fuzz_replay_speed.sh CORPUS ROUNDS BINARY...
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: fuzz_replay_speed.sh CORPUS ROUNDS BINARY..." >&2; exit 2; }
corpus=$1
rounds=$2
shift 2
[ -d "$corpus" ] || { echo "fuzz_replay_speed: no directory $corpus" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "fuzz_replay_speed: ROUNDS must be a positive number, not '$rounds'" >&2; exit 2; }
for bin in "$@"; do
  [ -x "$bin" ] || { echo "fuzz_replay_speed: $bin is not a program" >&2; exit 2; }
done
files=("$corpus"/*)
[ -e "${files[0]}" ] || { echo "fuzz_replay_speed: $corpus is empty" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

declare -A best
for ((round = 0; round < rounds; round++)); do
  for bin in "$@"; do
    start=$(date +%s%N)
    ARBITER_FINDINGS_DIR="$scratch" "$bin" "${files[@]}" >/dev/null 2>&1 ||
      { echo "fuzz_replay_speed: $bin failed on an input of $corpus (replay them one by one to see which)" >&2; exit 1; }
    end=$(date +%s%N)
    rate=$(( ${#files[@]} * 1000000000 / (end - start > 0 ? end - start : 1) ))
    (( rate > ${best[$bin]:-0} )) && best[$bin]=$rate
  done
done
printf '%-60s %10s\n' "binary (${#files[@]} inputs, best of $rounds)" exec/s
for bin in "$@"; do printf '%-60s %10s\n' "$bin" "${best[$bin]}"; done

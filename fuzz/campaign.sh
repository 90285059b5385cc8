#!/usr/bin/env bash
# A fuzz campaign over every target: `make fuzz [FUZZ_SECONDS=60]`.
# Builds the clang fuzz preset, runs each target in libFuzzer's fork mode on all
# cores for FUZZ_SECONDS, merges new coverage back into corpus/fuzz/TARGET/,
# collects rule findings in build/fuzz-findings/, prints a summary per target,
# and exits non-zero on a crash with the reproducer and the command to replay it.
# For the step fuzzers the summary adds steps/s: the joint actions the run's
# executions played, from the tally each process writes (ARBITER_FUZZ_TALLY).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
jobs=$(nproc)
build=build/fuzz
work=build/fuzz-campaign
findings=$PWD/build/fuzz-findings
mkdir -p "$work" "$findings"

cmake --preset fuzz >/dev/null && cmake --build --preset fuzz || { echo "fuzz: build failed" >&2; exit 2; }

export ARBITER_FINDINGS_DIR="$findings"
status=0
printf '%-22s %10s %10s %8s %8s %8s %s\n' target exec/s steps/s cov corpus findings result > "$work/summary.txt"
for bin in "$build"/fuzz/fuzz_*; do
  target=${bin##*/fuzz_}
  corpus=corpus/fuzz/$target
  mkdir -p "$corpus" "$work/$target/new" "$work/$target/artifacts"
  dict=()
  bash fuzz/dictionary.sh "$target" > "$work/$target/dict"
  [ -s "$work/$target/dict" ] && dict=(-dict="$work/$target/dict")
  before=$(ls "$findings" | wc -l)
  log=$work/$target/log.txt
  tally=$work/$target/tally
  rm -f "$tally"
  ARBITER_FUZZ_TALLY="$tally" "$bin" -fork="$jobs" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$work/$target/artifacts/" "${dict[@]}" "$work/$target/new" "$corpus" >"$log" 2>&1
  rc=$?
  # Merge what the run found into the committed corpus (coverage-increasing inputs only).
  "$bin" -merge=1 "$corpus" "$work/$target/new" >>"$log" 2>&1
  stats=$(grep -E '^#[0-9]+' "$log" | grep -E 'exec/s' | tail -n 1)
  # Fork mode reports per-job rates as 0: divide the total runs by the budget.
  runs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$stats")
  execs=$(( ${runs:-0} / seconds ))
  # The tally's steps per execution, times libFuzzer's executions per second
  # (the workers' own merges run inputs too, and libFuzzer does not count them).
  steps=$(awk -v r="$execs" '{ e += $1; s += $2 } END { if (e) printf "%.0f\n", r * s / e }' "$tally" 2>/dev/null || true)
  cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$stats")
  after=$(ls "$findings" | wc -l)
  result=ok
  crash=$(ls "$work/$target/artifacts" 2>/dev/null | head -n 1)
  if [ $rc -ne 0 ] || [ -n "$crash" ]; then
    result="CRASH: $work/$target/artifacts/$crash (replay: $bin $work/$target/artifacts/$crash)"
    status=1
  fi
  printf '%-22s %10s %10s %8s %8s %8s %s\n' "$target" "${execs:-?}" "${steps:--}" "${cov:-?}" "$(ls "$corpus" | wc -l)" \
    "$((after - before))" "$result" >> "$work/summary.txt"
done
cat "$work/summary.txt"
echo "findings: $(ls "$findings" | wc -l) in $findings"
exit $status

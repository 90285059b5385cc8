#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh with the environment OSS-Fuzz gives it, then
# checks every target landed in $OUT and runs on its seed corpus.
set -euo pipefail
src=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CC=clang CXX=clang++
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CXXFLAGS="$CFLAGS"
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer"
export OUT=$work/out WORK=$work SRC_DIR=$src
mkdir -p "$OUT"
bash "$src/.clusterfuzzlite/build.sh"
count=0
for t in fen_parser move_notation scenario_parser step_orthodox; do
  [ -x "$OUT/$t" ] || { echo "missing $OUT/$t"; exit 1; }
done
# The text-reading targets carry every variant's dictionary.
for t in fen_parser move_notation scenario_parser; do
  grep -q '"variant: zeitgeist"' "$OUT/$t.dict" || { echo "$OUT/$t.dict lacks the variants' tokens"; exit 1; }
done
for bin in "$OUT"/*; do
  [ -x "$bin" ] && [ -f "$bin" ] || continue
  name=$(basename "$bin")
  dict=()
  [ -f "$OUT/$name.dict" ] && dict=(-dict="$OUT/$name.dict")
  # A copy of the seeds: libFuzzer adds what it finds to the folder it is given.
  mkdir -p "$work/corpus/$name"
  [ -d "$src/corpus/fuzz/$name" ] && cp -r "$src/corpus/fuzz/$name/." "$work/corpus/$name/"
  "$bin" -runs=20 "${dict[@]}" "$work/corpus/$name" >/dev/null 2>&1 || { echo "$name failed to run"; exit 1; }
  count=$((count + 1))
done
echo "$count targets built into OUT and run"

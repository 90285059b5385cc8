#!/bin/bash -eu
# Builds every fuzz target from OSS-Fuzz's environment (CC, CXX, CFLAGS,
# CXXFLAGS, LIB_FUZZING_ENGINE, OUT) and puts them, their seed corpora (zipped)
# and dictionaries into $OUT.
# The source tree: $SRC_DIR, or $SRC/arbiter inside the OSS-Fuzz image, or the
# checkout this script lives in.
src=${SRC_DIR:-}
if [ -z "$src" ] && [ -n "${SRC:-}" ] && [ -d "$SRC/arbiter" ]; then src=$SRC/arbiter; fi
if [ -z "$src" ]; then src=$(cd "$(dirname "$0")/.." && pwd); fi
build=${WORK:-/tmp}/arbiter-fuzz-build
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DARBITER_FUZZ=ON -DARBITER_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" -DARBITER_BENCH=OFF >/dev/null
targets=$(cd "$src/fuzz" && ls fen_parser.cpp move_notation.cpp scenario_parser.cpp protocol.cpp step_*.cpp | grep -v step_fuzzer.cpp | sed 's/\.cpp$//')
for t in $targets; do
  cmake --build "$build" --target "fuzz_$t" -j"$(nproc)" >/dev/null
  cp "$build/fuzz/fuzz_$t" "$OUT/$t"
  if [ -d "$src/corpus/fuzz/$t" ]; then
    (cd "$src/corpus/fuzz/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" . 2>/dev/null || true)
  fi
  bash "$src/fuzz/dictionary.sh" "$t" > "$OUT/$t.dict"
  [ -s "$OUT/$t.dict" ] || rm -f "$OUT/$t.dict"
done
echo "built: $targets"

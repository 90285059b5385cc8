#!/usr/bin/env bash
# Prints the dictionary of one fuzz target: fuzz/dicts/TARGET.dict, and for the
# targets that read text (FENs, moves, scenario files, protocol lines) the
# dictionary of every variant (fuzz/dicts/variants/, written by seed_corpus).
# Prints nothing for the step fuzzers, whose bytes are indices, not text.
#   bash fuzz/dictionary.sh TARGET > TARGET.dict
set -eu
dicts=$(cd "$(dirname "$0")" && pwd)/dicts
target=$1
if [ -f "$dicts/$target.dict" ]; then cat "$dicts/$target.dict"; fi
case $target in
  fen_parser | move_notation | scenario_parser | protocol) cat "$dicts"/variants/*.dict ;;
esac

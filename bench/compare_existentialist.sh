#!/usr/bin/env bash
# Perft speed of Arbiter's Existentialist Chess model (its fast path where the
# position fits it) beside Fairy-Stockfish,
# on the 10x10 positions of the pieces both can play (the cross-check
# positions of tests/test_existentialist.cpp), in the same run, with ratios;
# and Arbiter's speed from the start position, which no other engine plays.
#   bash bench/compare_existentialist.sh [BUILD_DIR]     (make bench)
# Fairy-Stockfish plays them as a variant of its own: the squire is its
# "bers", the viceroy "dragonHorse", the crowned knight "centaur" (letter C).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
arbiter=$build/cli/arbiter
fairy=/usr/games/fairy-stockfish
for program in "$arbiter" "$fairy"; do
  [ -x "$program" ] || { echo "compare_existentialist: $program is missing (make build; apt-get install fairy-stockfish)" >&2; exit 2; }
done
ini=$(mktemp --suffix=.ini)
trap 'rm -f "$ini"' EXIT
cat > "$ini" <<'INI'
[existential10:chess]
maxRank = 10
maxFile = j
bers = s
dragonHorse = v
centaur = c
castling = false
doubleStep = false
promotionRank = 10
INI

python3 - "$arbiter" "$fairy" "$ini" <<'PY'
import sys
sys.path.insert(0, "bench")
from perft_timing import arbiter_perft, uci_perft

arbiter, fairy, ini = sys.argv[1:4]
cases = [
    # Depth 5 here: at depth 4 (42,687 nodes) both programs finish within a
    # few milliseconds, too short a time to compare.
    ("squire, viceroy, crowned knight", "9k/10/10/10/10/4S5/10/2(CN)7/10/K4V4 w - - 0 1", 5),
    ("middlegame, white", "4k5/1s3v2P1/2(cn)4q2/3p2p3/2P3n3/10/1N2P1(CN)3/3S2b3/2V3R3/5K4 w - - 0 1", 4),
    ("middlegame, black", "4k5/1s3v2P1/2(cn)4q2/3p2p3/2P3n3/10/1N2P1(CN)3/3S2b3/2V3R3/5K4 b - - 0 1", 4),
    ("rooks and viceroys", "r3k4r/10/2s4s2/10/10/10/10/2V4V2/10/R3K4R w - - 0 1", 4),
]

def fairy_perft(fen, depth):
    fen = fen.replace("(CN)", "C").replace("(cn)", "c")
    return uci_perft(fairy, fen, depth, [("VariantPath", ini), ("UCI_Variant", "existential10")])

status = 0
for name, fen, depth in cases:
    rows = [("arbiter",) + arbiter_perft(arbiter, "existentialist", fen, depth), ("fairy-stockfish",) + fairy_perft(fen, depth)]
    print(f"\n{name}, depth {depth}: {fen}")
    print(f"  {'engine':<18}{'nodes':>14}{'seconds':>10}{'Mnps':>10}")
    for engine, nodes, seconds in rows:
        print(f"  {engine:<18}{nodes:>14}{seconds:>10.3f}{nodes / seconds / 1e6:>10.2f}")
    print(f"  ratio to fairy-stockfish: {(rows[0][1] / rows[0][2]) / (rows[1][1] / rows[1][2]):.3f}")
    agree = rows[0][1] == rows[1][1]
    print("  node counts agree" if agree else "  NODE COUNTS DIFFER")
    status |= 0 if agree else 1
nodes, seconds = arbiter_perft(arbiter, "existentialist", "", 3)
print(f"\nstart position, depth 3: arbiter {nodes} nodes in {seconds:.3f} s, {nodes / seconds / 1e6:.2f} Mnps")
sys.exit(status)
PY

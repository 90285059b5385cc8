#!/usr/bin/env bash
# Perft speed of Arbiter's orthodox fast path beside Stockfish and
# Fairy-Stockfish, on the same positions in the same run, with ratios.
#   bash bench/compare_perft.sh [BUILD_DIR]     (make bench)
# All three count the last ply in bulk (Stockfish's and Fairy-Stockfish's
# `go perft` do so too), so nodes per second compare like with like; the node
# counts must agree and the script says so.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
arbiter=$build/cli/arbiter
stockfish=/usr/games/stockfish
fairy=/usr/games/fairy-stockfish
for program in "$arbiter" "$stockfish" "$fairy"; do
  [ -x "$program" ] || { echo "compare_perft: $program is missing (make build; apt-get install stockfish fairy-stockfish)" >&2; exit 2; }
done

python3 - "$arbiter" "$stockfish" "$fairy" <<'PY'
import sys
sys.path.insert(0, "bench")
from perft_timing import arbiter_perft, uci_perft

arbiter, stockfish, fairy = sys.argv[1:4]
cases = [
    ("start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
]

def arbiter_perft_orthodox(fen, depth):
    return arbiter_perft(arbiter, "orthodox", fen, depth)

status = 0
for name, fen, depth in cases:
    rows = [("arbiter (fast path)",) + arbiter_perft_orthodox(fen, depth),
            ("stockfish",) + uci_perft(stockfish, fen, depth),
            ("fairy-stockfish",) + uci_perft(fairy, fen, depth)]
    print(f"\n{name}, depth {depth}")
    print(f"  {'engine':<22}{'nodes':>14}{'seconds':>10}{'Mnps':>10}")
    for engine, nodes, seconds in rows:
        print(f"  {engine:<22}{nodes:>14}{seconds:>10.3f}{nodes / seconds / 1e6:>10.1f}")
    ours = rows[0][1] / rows[0][2]
    print(f"  ratio to stockfish:       {ours / (rows[1][1] / rows[1][2]):.2f}")
    print(f"  ratio to fairy-stockfish: {ours / (rows[2][1] / rows[2][2]):.2f}")
    agree = len({r[1] for r in rows}) == 1
    print("  node counts agree" if agree else "  NODE COUNTS DIFFER")
    status |= 0 if agree else 1
sys.exit(status)
PY

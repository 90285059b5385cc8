"""Timed perft by a UCI engine and by `arbiter perft`, for the bench scripts."""
import json
import subprocess
import time


def uci_perft(program, fen, depth, options=()):
    """Nodes and seconds of `go perft DEPTH` from FEN; `options` are (name, value) set first."""
    p = subprocess.Popen([program], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    setup = "".join(f"setoption name {name} value {value}\n" for name, value in options)
    p.stdin.write(f"uci\n{setup}isready\n"); p.stdin.flush()
    while p.stdout.readline().strip() != "readyok":
        pass
    start = time.perf_counter()
    p.stdin.write(f"position fen {fen}\ngo perft {depth}\n"); p.stdin.flush()
    while True:
        line = p.stdout.readline()
        if not line:
            raise SystemExit(f"{program} ended before answering")
        if line.startswith("Nodes searched"):
            break
    seconds = time.perf_counter() - start
    p.stdin.write("quit\n"); p.stdin.flush(); p.wait(timeout=10)
    return int(line.split()[-1]), seconds


def arbiter_perft(arbiter, variant, fen, depth):
    """Nodes and seconds of `arbiter perft VARIANT` (FEN empty: the start position)."""
    args = [arbiter, "perft", variant, "--depth", str(depth), "--json"] + (["--fen", fen] if fen else [])
    j = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    return j["nodes"], j["seconds"]

"""The live referee's speed: move verdicts over HTTP from ``railhead serve`` on a 30,000-hex map,
against running ``railhead move`` once per move, in the same run.

Run: make bench   (or .venv/bin/python bench/serve.py [--moves 2000 --cli-moves 24])

The map and position are bench/engine.py's (30,000 hexes, 1,000 units a side, the same seed),
written to files. The referee is started as the user starts it (``railhead serve MAP --ruleset
der-weltkrieg --state STATE --port 0``, its own process); the load is the time until it answers.
Then ``--moves`` random moves of the phasing side's units (1-5 steps, bench/engine.py's
``random_moves``) are judged one request at a time over one keep-alive connection, as a VASSAL
client asks them: verdicts per second and the latency distribution. The baseline is ``railhead move
MAP STATE UNIT HEX... --json`` as a subprocess per move, on the first ``--cli-moves`` of the same
moves; each of those verdicts is checked to be the referee's (any difference is reported).
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from engine import random_moves, synthetic_map, synthetic_state
from railhead.engine.board import Board
from railhead.mapdata.io import write_mapdata


def start_referee(map_file: Path, state_file: Path) -> tuple[subprocess.Popen, int, float, float]:
    """``railhead serve`` in its own process; its port, the seconds until it took the port (and
    answered 503 "loading") and until it answered from the map."""
    t0 = time.perf_counter()
    argv = [sys.executable, "-m", "railhead.cli", "serve", str(map_file), "--ruleset", "der-weltkrieg"]
    proc = subprocess.Popen(
        [*argv, "--state", str(state_file), "--port", "0"], stderr=subprocess.PIPE, text=True
    )
    line = proc.stderr.readline()
    if not line.startswith("referee: http://127.0.0.1:"):
        proc.kill()
        raise SystemExit(f"the referee did not start: {line}{proc.stderr.read()}")
    port = int(line.split("127.0.0.1:")[1].split("/")[0])
    bound = time.perf_counter() - t0
    # the address is printed once the socket listens (503 "loading" until then); wait for the
    # line saying the map is read, then for the first answer
    ready = proc.stderr.readline()
    if not ready.startswith("referee ready:"):
        proc.kill()
        raise SystemExit(f"the referee did not load: {ready}{proc.stderr.read()}")
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", "/openapi.json")
    if conn.getresponse().status != 200:
        raise SystemExit("the referee said it was ready, but does not answer")
    conn.close()
    return proc, port, bound, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cols", type=int, default=200)
    ap.add_argument("--rows", type=int, default=150)
    ap.add_argument("--units", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=2000, help="moves asked of the referee")
    ap.add_argument("--cli-moves", type=int, default=24, help="moves asked of `railhead move`")
    args = ap.parse_args()
    rng = np.random.default_rng(1914)
    m = synthetic_map(args.cols, args.rows, rng)
    state = synthetic_state(m, args.cols, args.rows, args.units, rng)
    mine = [u for u in state.units if u.side == state.active_side]
    moves = random_moves(Board(m, state), mine, args.moves, rng)
    with tempfile.TemporaryDirectory() as tmp:
        map_file, state_file = Path(tmp) / "map.json", Path(tmp) / "state.json"
        write_mapdata(m, map_file)
        state_file.write_text(json.dumps(state.to_dict()))
        print(
            f"map {args.cols} x {args.rows} = {len(m.hexes):,} hexes, {len(state.units):,} units; "
            f"{len(moves):,} random moves of 1-5 steps"
        )
        proc, port, bound, load = start_referee(map_file, state_file)
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            latencies, verdicts = [], []
            headers = {"Content-Type": "application/json"}
            t_all = time.perf_counter()
            for uid, path in moves:
                t = time.perf_counter()
                conn.request("POST", "/move", json.dumps({"unit": uid, "path": path[1:]}), headers)
                r = conn.getresponse()
                body = json.loads(r.read())
                latencies.append(time.perf_counter() - t)
                if r.status != 200:
                    raise SystemExit(f"move {uid} {path}: {r.status} {body}")
                verdicts.append(body)
            total = time.perf_counter() - t_all
            # PUT /phase reads the phase, side and turn alone; beside it PUT /position of the same
            # position, read whole as a state file is (what PUT /phase cost before)
            conn.request("GET", "/position")
            position = conn.getresponse().read()
            whole_times = []
            for _ in range(10):
                t = time.perf_counter()
                conn.request("PUT", "/position", position, headers)
                r = conn.getresponse()
                r.read()
                whole_times.append(time.perf_counter() - t)
                if r.status != 200:
                    raise SystemExit(f"PUT /position: {r.status}")
            phase_times = []
            for k in range(10):
                t = time.perf_counter()
                body = {"phase": ("combat", "movement")[k % 2]}
                conn.request("PUT", "/phase", json.dumps(body), headers)
                r = conn.getresponse()
                r.read()
                phase_times.append(time.perf_counter() - t)
                if r.status != 200:
                    raise SystemExit(f"PUT /phase {body}: {r.status}")
            conn.close()
        finally:
            proc.terminate()
            proc.wait(timeout=30)

        cli_times, differ = [], 0
        for (uid, path), served in zip(moves[: args.cli_moves], verdicts, strict=False):
            t = time.perf_counter()
            out = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "railhead.cli",
                    "move",
                    str(map_file),
                    str(state_file),
                    uid,
                    *path[1:],
                    "--json",
                ],  # fmt: skip
                capture_output=True,
                text=True,
            )
            cli_times.append(time.perf_counter() - t)
            if out.returncode not in (0, 1) or json.loads(out.stdout) != served:
                differ += 1

    ms = np.array(latencies) * 1000
    legal = sum(1 for v in verdicts if v["legal"])
    cli_ms = np.array(cli_times) * 1000
    print(
        f"\nrailhead serve: port taken and said in {bound:.2f} s (then 503 'loading' until the map is read), "
        f"answering from the map in {load:.2f} s"
    )
    print(
        f"  {len(moves):,} move verdicts over HTTP ({legal:,} legal) in {total:.2f} s: "
        f"{len(moves) / total:,.0f} / s"
    )
    print(
        f"  latency: median {np.median(ms):.1f} ms, 99th percentile {np.percentile(ms, 99):.1f} ms, "
        f"max {ms.max():.1f} ms (goal: well under 50 ms)"
    )
    print(
        f"  PUT /phase (phase, side and turn read): median {statistics.median(phase_times) * 1000:.1f} ms; "
        f"PUT /position of the same position (read whole): {statistics.median(whole_times) * 1000:.0f} ms"
    )
    print(f"\nrailhead move per move (subprocess, {len(cli_times)} moves):")
    print(
        f"  median {statistics.median(cli_ms):.0f} ms, 99th percentile {np.percentile(cli_ms, 99):.0f} ms: "
        f"{1000 / statistics.median(cli_ms):.2f} / s"
    )
    print(f"  referee / subprocess, median latency: {statistics.median(cli_ms) / np.median(ms):,.0f}x faster")
    print(f"  verdicts that differ from the referee's: {differ} of {len(cli_times)}")


if __name__ == "__main__":
    main()

"""Pixel -> hex throughput: the vectorized HexGrid.locate_many against a per-point loop.

Run: make bench   (or .venv/bin/python bench/grid.py [--points N])

The baseline is the obvious implementation a user would write: for each point, undo the rotation and
scale and cube-round in plain Python floats. Both are timed in the same run on the same points, and
their answers are compared.
"""

from __future__ import annotations

import argparse
import math

import numpy as np
from timing import best_of

from railhead.mapdata.grid import HexGrid, PixelFrame


def per_point(grid: HexGrid, xy: np.ndarray) -> list[tuple[int, int]]:
    f = grid.frame()
    a = math.radians(f.angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    ox, oy = f.origin
    out = []
    for x, y in xy.tolist():
        dx, dy = x - ox, y - oy
        gx, gy = dx * ca + dy * sa, -dx * sa + dy * ca
        # flat grid, ascending numbers; the origin column (1) is odd, so shifted half a row
        m = grid.cols[0] + gx / f.hex_width
        n = grid.rows[0] + 0.5 + gy / f.hex_height
        q, r = m, n - m / 2
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        out.append(grid.from_axial(rq, rr))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--points", type=int, default=1_000_000)
    ap.add_argument("--loop-points", type=int, default=100_000, help="points for the slow loop")
    args = ap.parse_args()

    # a full 34 x 22 inch sheet at 300 dpi, slightly rotated like a scan
    grid = HexGrid("flat", "odd", (1, 120), (1, 90), pixels=PixelFrame(86.6, 100.0, (60, 60), 1.2))
    rng = np.random.default_rng(7)
    xy = rng.uniform([0, 0], [10_200, 9_000], size=(args.points, 2))

    t_vec, (cols, rows) = best_of(grid.locate_many, xy)
    sub = xy[: args.loop_points]
    t_loop, loop = best_of(per_point, grid, sub, runs=1)
    agree = np.array(loop) == np.column_stack([cols[: len(sub)], rows[: len(sub)]])
    vec_rate = args.points / t_vec
    loop_rate = len(sub) / t_loop
    print(f"pixel -> hex, {args.points:,} points on a {len(grid):,}-hex rotated sheet")
    print(f"  vectorized locate_many : {t_vec * 1000:8.1f} ms  {vec_rate / 1e6:7.2f} M points/s")
    print(
        f"  per-point Python loop  : {t_loop * 1000:8.1f} ms  {loop_rate / 1e6:7.2f} M points/s"
        f"  ({len(sub):,} points)"
    )
    print(f"  speed-up               : {vec_rate / loop_rate:8.1f} x")
    print(f"  answers agree          : {agree.all(axis=1).mean() * 100:.3f} % of loop points")
    print(f"  goal >= 5 M points/s   : {'met' if vec_rate >= 5e6 else 'NOT met'}")


if __name__ == "__main__":
    main()

"""Property: every hex `reach` returns is accepted by `move` along the returned path at the same
cost, and no hex outside it is accepted along any path tried (Der Weltkrieg, random positions)."""

from __future__ import annotations

import numpy as np
from builders import hex_map, position, rail, side, unit
from hypothesis import given, settings
from hypothesis import strategies as st

from railhead.engine.queries import reach_report
from railhead.engine.ruleset import get_ruleset

DW = get_ruleset("der-weltkrieg")
TERRAIN = [
    "clear",
    "clear",
    "clear",
    "woods",
    "swamp",
    "rough",
    "wooded_rough",
    "mountain",
    "broken",
    "ocean",
]
CLASSES = ["infantry", "cavalry", "mountain", "artillery", "assault", "hq"]


def random_position(seed: int, mode: str):
    rng = np.random.default_rng(seed)
    cols, rows = (1, 8), (1, 7)
    base = hex_map(cols, rows)
    sides = []
    for a in base.hexes:
        for b in base.neighbours(a):
            if a < b:
                feats = [f for f, p in (("river", 0.15), ("major_river", 0.05)) if rng.random() < p]
                sides.append(side(a, b, str(rng.choice(TERRAIN)), *feats))
    ids = list(base.hexes)
    lines = []
    for _ in range(2):  # random rail walks
        h = str(rng.choice(ids))
        path = [h]
        for _ in range(8):
            nxt = [n for n in base.neighbours(path[-1]) if n not in path]
            if not nxt:
                break
            path.append(str(rng.choice(nxt)))
        if len(path) > 1:
            lines.append(rail(*path, track=str(rng.choice(["single", "double"]))))
    m = hex_map(cols, rows, hexsides=sides, lines=lines, attrs={"country": "germany"})
    rail_hexes = [h for ln in lines for h in ln["hexes"]]
    start = str(rng.choice(rail_hexes)) if mode == "rail" else str(rng.choice(ids))
    cls = "infantry" if mode == "rail" else str(rng.choice(CLASSES))
    if mode == "column" and cls in ("artillery",):
        cls = "infantry"
    units = [unit("ME", start, cls, movement=int(rng.integers(2, 7)))]
    free = [h for h in ids if h != start]
    for k in range(int(rng.integers(0, 4))):
        units.append(
            unit(
                f"EN{k}",
                str(rng.choice(free)),
                str(rng.choice(["infantry", "cavalry"])),
                side_="entente",
                nation="france",
                strength=int(rng.integers(0, 3)),
            )
        )
    markers = {
        str(rng.choice(ids)): {"markers": [str(rng.choice(["trench", "devastation"]))]} for _ in range(2)
    }
    return position(m, units, hexes=markers), rng


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["ground", "column", "rail"]))
def test_reach_paths_are_legal_moves_at_the_same_cost(seed, mode):
    board, rng = random_position(seed, mode)
    report = reach_report(DW, board, "ME", mode)
    reachable = {h["id"]: h for h in report["hexes"]}
    for hid, h in reachable.items():
        if hid == board.state.unit("ME").hex:
            continue
        v = DW.judge_move(board, ["ME"], h["path"], mode, h.get("detrain"))
        assert v.legal, (hid, h, [r.to_dict() for r in v.reasons])
        assert float(v.mp) == float(h["mp"]), (hid, h["path"], float(v.mp), h["mp"])

    # paths to hexes outside the reach are never accepted
    start = board.state.unit("ME").hex
    m = board.map
    for _ in range(25):
        path = [start]
        for _ in range(int(rng.integers(1, 7))):
            path.append(str(rng.choice(m.neighbours(path[-1]))))
        if path[-1] in reachable or len(set(path)) != len(path):
            continue
        v = DW.judge_move(board, ["ME"], path, mode)
        assert not v.legal, (path, mode)

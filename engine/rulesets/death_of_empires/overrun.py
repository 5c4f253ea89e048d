"""Overruns as part of a move (8.32): ``railhead move ... --with overrun=HEX --with odds=N``.

The overrunning stack moves along the path (judged as any ground move) to a hex next to the enemy
hex, declares the overrun and pays, for each unit taking part, the terrain cost of entering the
overrun hex plus one MP; a unit without them may not take part. Only deployed Combat Class units
(with accompanying deployed non-heavy Artillery Class units) add their strength; others may move
with the stack. No overrun across a major or grand river hexside.

The overrun is "calculated in all ways like a Fire Attack (10.3)": the engine resolves no combat, so
the player gives the modified column of the Fire Combat Results Table (``odds=6`` for 6-1). At 6-1
or better it succeeds (8.32.A: the defending formation loses one SP, retreats one hex and takes a
Morale Check at +1); below, it fails (8.32.B: the overrunning formation loses one SP and takes a
Morale Check at +1, and moves no further this segment). A defender that is only a dummy is removed
and the stack enters paying normal costs, no overrun cost. Defenders with a Mobility Rating of T,
M, C, H or D may Withdraw Before Combat (10.33.A): the verdict names them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ....errors import InputError
from ...board import Board
from ...verdict import Changes, Step, Verdict, illegal, refused
from .ground import ground_costs
from .moves import base_allowance, judge_ground, segment_of
from .rounding import round_half_up
from .units import mode_of, mr_of

NO_OVERRUN_SIDES = ("major_river", "grand_river")  # 8.32
WITHDRAW_MR = ("T", "M", "C", "H", "D")  # 10.33.A
ZOC_PARTS = ("enter_zoc", "leave_zoc", "zoc_to_zoc", "crowding")


def takes_part(u) -> bool:
    """Deployed Combat Class units and accompanying deployed non-heavy Artillery Class units add
    their strength to an overrun (8.32)."""
    if mode_of(u) != "deployed":
        return False
    return u.cls == "combat" or (u.cls == "artillery" and not u.attr("heavy"))


def judge_overrun(rs, board: Board, unit_ids: list[str], path: list[str], **kw: Any) -> Verdict:
    """The overrun of ``kw["overrun"]`` by the stack ``unit_ids`` after moving along ``path``."""
    st = board.state
    target = str(kw["overrun"])
    movers = [st.unit(i) for i in unit_ids]
    lead = movers[0]

    if target not in board.arrays.index:
        raise InputError(f"unknown hex {target!r}", where="--with overrun")
    if kw.get("force_march") not in (None, "", "no", "false"):
        raise InputError(
            "an overrun with Force March is not judged: move, then overrun", where="--with overrun"
        )
    defenders = [u for u in st.units_at(target) if u.side != lead.side]
    if not defenders:
        return refused("8.32", f"{target} holds no enemy unit to overrun")
    if any(u.hex != lead.hex for u in movers):
        return refused("8.32", "the units attempting an overrun begin the segment stacked together")
    if target in path:
        if path[-1] != target or len(path) < 2:
            return refused(
                "8.32",
                "the path ends in the overrun hex (or next to it): an overrun then continues as a new move",
            )
        gather, into = path[-2], True
    else:
        gather, into = path[-1], False
    slot = board.arrays.edge_slot(gather, target)
    if slot is None:
        return refused("8.32", f"the stack overruns from a hex next to {target}, not from {gather}")
    if any(board.arrays.side_feature(f)[slot] for f in NO_OVERRUN_SIDES):
        return refused("8.32", "an overrun may not be performed across a major or grand river hexside")
    moved = judge_ground(rs, board, unit_ids, path[: path.index(gather) + 1], **_plain(kw))
    if not moved.legal:
        return moved
    dummies = all(u.attr("dummy") for u in defenders)
    gone = {u.id for u in defenders}
    after = Board.on(
        board.arrays, st.replace(units=tuple(u for u in st.units if u.id not in gone)), values=board.values
    )
    if dummies:  # removed; the stack enters paying normal costs, no overrun cost (8.32)
        onward = judge_ground(rs, after, unit_ids, path if into else [*path, target], **_plain(kw))
        effects = (*onward.effects, f"{', '.join(sorted(gone))}: dummy, removed; no overrun cost (8.32)")
        changes = Changes(
            onward.changes.removed + tuple(sorted(gone)), onward.changes.unit_fields, onward.changes.locations
        )
        return Verdict(
            onward.legal,
            onward.mp,
            onward.steps,
            onward.reasons,
            effects,
            onward.extra,
            changes,
            onward.rolls,
        )
    if into:
        return refused(
            "8.32",
            f"{target} holds real units: the path ends next to it; the overrun decides whether they go",
        )
    odds = kw.get("odds")
    if odds in (None, ""):
        raise InputError(
            "an overrun is resolved like a Fire Attack (10.3), which the engine does not compute: give the "
            "modified Fire Combat Results Table column (--with odds=6 for 6-1)",
            where="--with odds",
        )
    try:
        column = Fraction(str(odds))
    except (ValueError, ZeroDivisionError):
        raise InputError(
            f"odds takes the FCRT column's first number (6 for 6-1), not {odds!r}", where="--with odds"
        ) from None
    part = [u for u in movers if takes_part(u)]
    if not part:
        return refused(
            "8.32", "only deployed Combat Class units (with non-heavy artillery) perform an overrun"
        )
    base = base_allowance(rs, st)
    segment = segment_of(st)
    summaries = moved.extra.get("units", {})
    costs_of: dict[str, Fraction] = {}
    step = None
    for u in part:
        costs, _ = ground_costs(rs, after, u, part, "deployed", board.idx(u.hex), segment)
        i, d = slot
        why = costs.reason(i, d)
        if why is not None:
            return illegal(moved.steps, moved.mp, why.rule, f"{u.id}: {gather} -> {target}: {why.message}")
        terrain = sum(
            (Fraction(m).limit_denominator(1000) for w, m, _ in costs.step_parts(i, d) if w not in ZOC_PARTS),
            Fraction(0),
        )
        cost = terrain + Fraction(rs.data["overrun"]["attempt_mp"]["value"])
        total = Fraction(str(summaries.get(u.id, {}).get("segment_total", 0))).limit_denominator(1000) + cost
        if round_half_up(total) > base:
            return illegal(
                moved.steps,
                moved.mp,
                "8.32",
                f"{u.id} lacks the MPs for the overrun: terrain {terrain} + {cost - terrain} MP brings its "
                f"segment to {total} "
                f"(more than the {base} MP of this segment)",
            )
        costs_of[u.id] = cost
        if u is part[0]:
            parts = tuple(
                (w, Fraction(m).limit_denominator(1000), r)
                for w, m, r in costs.step_parts(i, d)
                if w not in ZOC_PARTS
            )
            step = Step(
                gather,
                target,
                cost,
                Fraction(moved.mp) + cost,
                (*parts, ("overrun", cost - terrain, "8.32")),
                "deployed",
                {"overrun": True},
            )
    win = column >= Fraction(rs.data["overrun"]["success_column"]["value"])
    withdraw = sorted(u.id for u in defenders if mr_of(u) in WITHDRAW_MR)
    effects = list(moved.effects)
    if withdraw:
        effects.append(
            f"{', '.join(withdraw)} may Withdraw Before Combat (10.33.A); if the hex is vacated the stack "
            "must enter it and may go on, ignoring the ZOC of the units that withdrew (8.32)"
        )
    if win:
        effects.append(
            "successful overrun (8.32.A): the defending formation loses one SP, retreats one hex and takes "
            "a Morale Check at +1; units forced to retreat lose their Combat Markers"
        )
    else:
        effects.append(
            "unsuccessful overrun (8.32.B): the overrunning formation loses one SP and takes a Morale "
            "Check at +1; its units move no further this segment (they may still place Combat Markers, "
            "reconnoitre or entrench)"
        )
    extra = {
        **moved.extra,
        "overrun": {
            "hex": target,
            "column": f"{column}-1",
            "success": win,
            "units": [u.id for u in part],
            "mp": {k: float(v) for k, v in costs_of.items()},
            "defenders": sorted(gone),
        },
    }
    spent = Fraction(moved.mp) + costs_of[part[0].id]
    steps = (*moved.steps, step) if step is not None else moved.steps
    return Verdict(True, spent, steps, (), tuple(effects), extra, moved.changes, moved.rolls)


def _plain(kw: dict) -> dict:
    return {k: v for k, v in kw.items() if k not in ("overrun", "odds")}

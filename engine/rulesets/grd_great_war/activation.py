"""The Army HQs activation check of the reaction movement phase [4A4, 14M1-14M3]: the
``activation_check`` action of ``railhead act``.

The reacting (non-phasing) player checks each of his Army HQs: he rolls a die, modifies it (-1 for
a disrupted HQs [14M2]; -1 for each HQs past the first coordinating in one check, Advanced Rule
[14M3]; a leader's influence when the player attempts it, a die of its own reading one of the
leader's three ratings [14P1]; the nation-specific and scenario modifiers of Rules 41 and 42B,
which the player states) and reads the Ground Success Table: on a success the HQs stays
active, on a failure it is flipped to its inactive side [14M1]. The table is not printed in the
booklet: its results are the user's chart values (table ``ground_success``, row ``result``, a
column per modified roll; ``railhead charts grd-great-war --template``), and a blank cell is bad
input naming it. The die is the core's (the state's given rolls, then its seed), reported in the
verdict's ``rolls``; the result is written into the position as each HQs's unit field
``inactive``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ....errors import InputError
from ...board import Board
from ...verdict import Changes, Verdict
from ...verdict import refused as _no


def column_of(table: dict[str, Any], roll: int) -> str:
    """The Ground Success Table column a modified die roll reads."""
    cols = [c for c in table["columns"] if c not in ("le0", "ge7")]
    lo, hi = int(cols[0]), int(cols[-1])
    return "le0" if roll < lo else "ge7" if roll > hi else str(roll)


def leader_ratings(text: str) -> tuple[int, int, int]:
    """A leader counter's three ratings as the player writes them (``-1/0/1``), each -1 to 1
    [14P]; InputError otherwise."""
    parts = text.replace(",", "/").split("/")
    try:
        values = tuple(int(p) for p in parts)
    except ValueError:
        values = ()
    if len(values) != 3 or any(not -1 <= v <= 1 for v in values):
        raise InputError(
            f"activation_check leader: expected the counter's three ratings as -1/0/1, not {text!r}"
        )
    return values  # type: ignore[return-value]


def judge_activation(
    rs, board: Board, hq_id: str, coordinate: str = "", modifier: int = 0, leader: str = ""
) -> Verdict:
    """May the Army HQs ``hq_id`` (with ``coordinate``'s, Advanced Rule 14M3) be checked now, and
    does it stay active [14M1]? ``leader``: the ratings of the leader assigned to one of them, when
    the player attempts its influence [14P1]."""
    state = board.state
    if isinstance(modifier, str):
        raise InputError(f"activation_check modifier: expected a whole number, not {modifier!r}")
    ids = [hq_id, *[x.strip() for x in coordinate.split(",") if x.strip()]]
    if len(set(ids)) != len(ids):
        raise InputError(f"activation_check: an Army HQs is named twice ({', '.join(ids)})")
    hqs = [state.unit(x) for x in ids]  # an id the position lacks is bad input
    for hq in hqs:
        if not rs.cls(hq).get("hq"):
            return _no("14M1", f"{hq.id} is a {hq.cls} unit, not an Army HQs: only Army HQs are checked")
        if state.active_side is not None and hq.side == state.active_side:
            return _no(
                "4A4; 14M1",
                f"{hq.id} is the phasing player's: the reacting (non-phasing) player checks his Army HQs",
            )
        if hq.attr("inactive"):
            return _no(
                "14M1",
                f"{hq.id} is inactive side up: the check is whether an active Army HQs remains active",
            )
    if len({hq.side for hq in hqs}) > 1:
        return _no("14M3", "Army HQs coordinate only with their own player's")
    g = rs.data["ground_success"]
    mods: list[tuple[str, int, str]] = []
    for hq in hqs:
        if hq.attr("disrupted"):
            mods.append((f"{hq.id} disrupted", int(g["disrupted"]["value"]), g["disrupted"]["rule"]))
    if len(hqs) > 1:
        mods.append(
            (
                f"{len(hqs) - 1} coordinating Army HQs past the first",
                int(g["coordination"]["value"]) * (len(hqs) - 1),
                g["coordination"]["rule"],
            )
        )
    dice = board.dice()
    if leader:
        ratings = leader_ratings(leader)
        die = dice.roll(f"leader for {'+'.join(ids)} turn {state.turn}")
        pick = (die.value - 1) * 3 // rs.declarations.die_faces  # 1-2 left, 3-4 center, 5-6 right
        where = ("leftmost", "center", "rightmost")[pick]
        mods.append((f"leader die {die.value}: its {where} rating", ratings[pick], "14P1"))
    if modifier:
        mods.append(("nation-specific and scenario modifiers (the player's)", int(modifier), "14M1; 41; 42B"))
    roll = dice.roll(f"activation check {'+'.join(ids)} turn {state.turn}")
    total = roll.value + sum(m for _, m, _ in mods)
    col = column_of(g, total)
    what = f"the Ground Success Table result for a modified die roll of {total} (column {col})"
    result = board.values.cell("ground_success", "result", col, what=what, rule="14M1").strip()
    if result not in g["results"]:
        raise InputError(
            f"{what}: expected one of {', '.join(g['results'])}, found {result!r}",
            file=board.values.path,
            where=f"ground_success.result.{col}",
        )
    active = bool(g["results"][result])
    parts = ", ".join(f"{m:+d} {w} ({r})" for w, m, r in mods)
    effects = [
        f"14M1: die {roll.value}" + (f", {parts}" if parts else "") + f" = {total}: {result}",
        (
            f"14M1: {', '.join(ids)} remain{'s' if len(ids) == 1 else ''} active"
            if active
            else f"14M1: {', '.join(ids)} flipped to the inactive side (no zone of influence)"
        ),
    ]
    fields = {x: {"inactive": not active} for x in ids}
    return Verdict(
        True,
        Fraction(0),
        (),
        (),
        tuple(effects),
        {"activation": {"roll": roll.value, "modified": total, "result": result, "active": active}},
        Changes(unit_fields=fields),
        rolls=tuple(r.to_dict() for r in dice.used),
    )

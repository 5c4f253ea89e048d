"""Stacking (3.3): per hex, any number of units of at most two formations, or more formations with
at most 6 BE in all; at all times, during movement too. Road-Mode columns (3.31.B).

A formation is one PF, or one corps' PFs, stacked together *and facing the same way* (3.14): a unit
of the same formation facing another way is another formation, and no hex holds more than two
facings (3.23 and its NOTE). While moving facing is free (3.21), so a unit passing through joins
its formation there; where it ends, the facing it ends with decides (:func:`end_problem`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction

import numpy as np

from ...stacking import units_by_location
from .units import brigade_equivalents, counts_for_stacking, formation_key, mode_of


def formations_in(rs, units, hq_be=2) -> dict[tuple[str, int | None], Fraction]:
    """BE per formation (3.14: one PF or one corps' PFs, facing the same way) of the units that
    count for stacking."""
    out: dict[tuple[str, int | None], Fraction] = defaultdict(Fraction)
    for u in units:
        if counts_for_stacking(u):
            facing = u.attr("facing") if mode_of(u) == "deployed" else None
            out[(formation_key(u), facing)] += brigade_equivalents(rs.data, u, hq_be)
    return out


def stacking_problem(rs, present, movers, hq_be=2) -> str | None:
    """Why ``movers`` may not stand in a hex holding ``present`` (None if they may). A mover joins
    an existing formation of its own PF or corps by taking its facing (facing changes are free
    while moving, 3.21)."""
    limit_f = int(rs.data["stacking"]["formations"]["value"])
    limit_be = Fraction(rs.data["stacking"]["many_formations_be"]["value"])
    here = formations_in(rs, present, hq_be)
    keys_here = {k for k, _ in here}
    for k, be in formations_in(rs, movers, hq_be).items():
        target = next((h for h in here if h[0] == k[0]), None) if k[0] in keys_here else None
        here[target or k] += be
    total = sum(here.values(), Fraction(0))
    if len(here) <= limit_f or total <= limit_be:
        return None
    return (
        f"{len(here)} formations with {float(total):g} BE: at most {limit_f} formations, "
        f"or more with at most {limit_be} BE"
    )


def hex_formations(rs, board, side: str) -> dict[str, tuple[list, dict]]:
    """Per hex holding units of ``side``: (the units, their formations' BE), built once per
    position."""

    def build():
        hq_be = rs.option(board.state, "corps_hq_be")
        by_hex = units_by_location(board.state, side)
        return {h: (units, formations_in(rs, units, hq_be)) for h, units in by_hex.items()}

    return board.cached(("doe-hex-formations", side), build)


def overstacked_hexes(rs, board, side: str, movers) -> np.ndarray:
    """Per hex, True where ``movers`` (units of ``side``) may not enter (3.3, 3.31)."""
    hq_be = rs.option(board.state, "corps_hq_be")
    ids = {u.id for u in movers}
    mine = formations_in(rs, movers, hq_be)
    keys = {k for k, _ in mine}
    add = sum(mine.values(), Fraction(0))
    formations = hex_formations(rs, board, side)
    present_ids = board.cached(("doe-ids", side), lambda: {u.id for u in board.state.units_of(side)})
    present_keys = board.cached(("doe-keys", side), lambda: {k for _, f in formations.values() for k, _ in f})
    key = (
        "doe-overstacked",
        side,
        add,
        frozenset(keys & present_keys),
        frozenset(ids & present_ids),
        len(keys),
    )
    return board.cached(key, lambda: _overstacked(rs, board, formations, movers, ids, keys, add, hq_be))


def _overstacked(rs, board, formations, movers, ids, keys, add, hq_be) -> np.ndarray:
    limit_f = int(rs.data["stacking"]["formations"]["value"])
    limit_be = Fraction(rs.data["stacking"]["many_formations_be"]["value"])
    out = np.zeros(board.n, dtype=bool)
    for h, (present, here) in formations.items():
        if any(u.id in ids for u in present):  # a mover's own hex: count without it
            bad = stacking_problem(rs, [u for u in present if u.id not in ids], movers, hq_be) is not None
        else:
            joined = {k for k, _ in here} & keys
            count = len(here) + len(keys - joined)
            bad = count > limit_f and sum(here.values(), Fraction(0)) + add > limit_be
        out[board.idx(h)] = bad
    return out


def road_column_problem(rs, movers, hq_be=2) -> str | None:
    """3.31.B: a Road-Mode stack is one division-sized PF or at most 4 BE, whichever is larger."""
    limit = Fraction(rs.data["movement"]["road_column_be"]["value"])
    be = sum((brigade_equivalents(rs.data, u, hq_be) for u in movers), Fraction(0))
    pfs = {u.attr("pfi") for u in movers}
    division = len(pfs) == 1 and any(u.attr("division_sized") for u in movers)
    if be <= limit or division:
        return None
    return f"a Road-Mode stack of {float(be):g} BE: at most one division-sized formation or {limit} BE"


def road_end_problem(rs, board, movers, hex_id: str, hq_be=2) -> str | None:
    """3.31.B: a Road-Mode formation may pass through a hex holding another Road-Mode formation but
    may end there only if both together are 4 BE or less (or the other leaves before the segment
    ends, which a later move shows: this judges the position the move leaves)."""
    ids = {u.id for u in movers}
    keys = {formation_key(u) for u in movers}
    others = [
        u
        for u in board.state.units_at(hex_id)
        if u.side == movers[0].side
        and u.id not in ids
        and mode_of(u) == "road"
        and formation_key(u) not in keys
    ]
    if not others:
        return None
    limit = Fraction(rs.data["movement"]["road_column_be"]["value"])
    be = sum((brigade_equivalents(rs.data, u, hq_be) for u in [*movers, *others]), Fraction(0))
    if be <= limit:
        return None
    return f"{hex_id}: ends with another Road-Mode formation, {float(be):g} BE together (at most {limit})"


def mates_facing(board, u, hex_id: str) -> int | None:
    """The one facing the deployed units of ``u``'s formation in ``hex_id`` share, if they do:
    the facing a unit ending its move there takes unless asked otherwise (3.21, 3.14)."""
    key = formation_key(u)
    faces = {
        v.attr("facing")
        for v in board.state.units_at(hex_id)
        if v.id != u.id and v.side == u.side and formation_key(v) == key and mode_of(v) == "deployed"
    }
    faces.discard(None)
    return faces.pop() if len(faces) == 1 else None


def end_problem(rs, board, movers, hex_id: str, facings: dict[str, int | None], modes: dict[str, str]):
    """(rule, why) when ``movers`` ending in ``hex_id`` with these facings and modes break 3.23
    (more than two facings) or 3.31 counted by 3.14 (a unit facing unlike its formation is another
    formation); None if they may end there."""
    hq_be = rs.option(board.state, "corps_hq_be")
    ids = {u.id for u in movers}
    side = movers[0].side
    present = [u for u in board.state.units_at(hex_id) if u.side == side and u.id not in ids]
    moved = [replace(u, attrs={**u.attrs, "facing": facings[u.id], "mode": modes[u.id]}) for u in movers]
    every = present + moved
    ways = {
        u.attr("facing")
        for u in every
        if u.attr("facing") is not None and u.cls != "fortress" and mode_of(u) == "deployed"
    }
    limit = int(rs.data["stacking"]["facings_per_hex"]["value"])
    if len(ways) > limit:
        shown = ", ".join(str(f) for f in sorted(ways))
        return "3.23", f"{hex_id}: units would face {len(ways)} ways ({shown}), at most {limit}"
    here = formations_in(rs, every, hq_be)
    limit_f = int(rs.data["stacking"]["formations"]["value"])
    limit_be = Fraction(rs.data["stacking"]["many_formations_be"]["value"])
    total = sum(here.values(), Fraction(0))
    if len(here) > limit_f and total > limit_be:
        split = [u.id for u in moved if _faces_apart(u, present)]
        note = f" ({', '.join(split)} facing unlike its formation counts as another, 3.14)" if split else ""
        return "3.14; 3.23; 3.31", (
            f"{hex_id}: {len(here)} formations with {float(total):g} BE: at most {limit_f} formations, "
            f"or more with at most {limit_be} BE{note}"
        )
    return None


def _faces_apart(u, present) -> bool:
    """Whether ``u`` faces unlike units of its formation in ``present`` (3.14, 3.23 NOTE)."""
    f = u.attr("facing")
    key = formation_key(u)
    return f is not None and any(
        formation_key(v) == key and v.attr("facing") not in (None, f) for v in present
    )

"""National unit-count limits (17.21, 17.31): at most so many units of a nation in a region (six
Italians off the Italian map, four Austro-Hungarians north of hexrow E48xx, three Turks in Egypt,
one American off the Western map...), each with the dates and events that change it. A move that
takes one more unit into a region already at its limit is refused; a position over a limit is
reported per limit (units already there need not leave, 17.31).

Each ``[unit_count_limits.NAME]`` of ``data.toml`` gives ``nations`` (or ``side`` with
``except_nations``), the region (``fronts``/``not_fronts``, ``countries``/``not_countries``,
``north_of_row``) and ``limit``; ``before``/``limit_before`` for a different limit before a date;
``lifted_by``/``narrowed_by`` state flags; ``lifted_while_held`` hexes whose control by the limited
side lifts it (``lifted_only_outside``: except in those countries) unless ``lifted_until`` is set."""

from __future__ import annotations

import numpy as np

from ...verdict import Reason
from .calendar import date_of, parse_date
from .maparrays import grid_arrays
from .position import Position


class _Kind:
    """A side and nation, for asking which limits apply to the units of a position at once."""

    def __init__(self, side: str, nation: str):
        self.side, self.nation = side, nation


def applies(lim: dict, unit) -> bool:
    if "nations" in lim:
        return unit.nation in lim["nations"]
    return unit.side == lim["side"] and unit.nation not in lim.get("except_nations", ())


def _held(board, data, lim) -> bool:
    pos = Position.of(board, data)
    idx = board.arrays.index
    side = lim["held_by"]
    return all(h in idx and pos.controller[idx[h]] == side for h in lim["lifted_while_held"])


def region(board, data, lim: dict) -> np.ndarray:
    """The locations the limit counts (front-map hexes only: boxes are off the map); cached."""
    return board.cached(("gmt-limit-region", lim["description"]), lambda: _region(board, data, lim))


def _region(board, data, lim: dict) -> np.ndarray:
    state = board.state
    narrowed = bool(lim.get("narrowed_by") and state.extra.get(lim["narrowed_by"]))
    key = ("gmt-limit-map-region", lim["description"], narrowed)
    cache = board.arrays._side_cache  # the part the map alone decides: once per map
    if key not in cache:
        cache[key] = _map_region(board, lim, narrowed)
    mask = cache[key]
    if (
        "lifted_while_held" in lim
        and not state.extra.get(lim.get("lifted_until", ""), False)
        and _held(board, data, lim)
    ):
        g = grid_arrays(board.arrays)
        mask = mask & g.g.attr_in("country", lim.get("lifted_only_outside", []))
    return mask


def _map_region(board, lim: dict, narrowed: bool) -> np.ndarray:
    g = grid_arrays(board.arrays)
    on_a_front = ~np.equal(board.arrays.hex_attr("front"), None)
    mask = g.on_fronts(lim["fronts"]) if "fronts" in lim else on_a_front
    not_fronts = lim.get("narrowed_not_fronts") if narrowed else lim.get("not_fronts")
    if not_fronts:
        mask &= ~g.on_fronts(not_fronts)
    if "countries" in lim:
        mask &= g.g.attr_in("country", lim["countries"])
    if "not_countries" in lim:
        mask &= ~g.g.attr_in("country", lim["not_countries"])
    if "north_of_row" in lim:
        ids = board.arrays.ids
        rows = np.zeros(board.n, dtype=np.int64)
        for i in np.flatnonzero(mask).tolist():
            rows[i] = int(ids[i][1:3])
        mask &= rows > lim["north_of_row"]
    return mask


def limit_now(board, lim: dict) -> int | None:
    """The limit in force now, or None when it is lifted."""
    state = board.state
    if lim.get("lifted_by") and state.extra.get(lim["lifted_by"]):
        return None
    date = date_of(state)
    if "before" in lim and (date is None or date < parse_date(lim["before"])):
        return lim["limit_before"]
    return lim.get("limit")


def _count(board, data, lim, mask) -> int:
    """Units the limit applies to standing in its region (``mask``, the limit's region); cached."""

    def count() -> int:
        inside = mask[board.unit_hex].tolist()  # every unit stands on a location of the map
        return sum(1 for u, there in zip(board.state.units, inside, strict=True) if there and applies(lim, u))

    return board.cached(("gmt-limit-count", lim["description"]), count)


def move_problem(board, data, unit_ids: list[str], end: str) -> Reason | None:
    """Why moving ``unit_ids`` to ``end`` breaks a national limit, or None."""
    state = board.state
    a = board.arrays
    ie = a.index[end]
    for lim in data["unit_count_limits"].values():
        movers = [state.unit(u) for u in unit_ids if applies(lim, state.unit(u))]
        if not movers:
            continue
        limit = limit_now(board, lim)
        if limit is None:
            continue
        mask = region(board, data, lim)
        if not mask[ie]:
            continue
        entering = [u for u in movers if not mask[a.index[u.hex]]]
        if not entering:
            continue
        total = _count(board, data, lim, mask) + len(entering)
        if total > limit:
            return Reason(lim["rule"], f"{lim['description']}: {total} would be there, at most {limit}")
    return None


def closed_ends(board, data, unit) -> np.ndarray:
    """Locations where ``unit`` may not end a move because a limit there is full (for reach)."""
    out = np.zeros(board.n, dtype=bool)
    a = board.arrays
    for lim in data["unit_count_limits"].values():
        if not applies(lim, unit):
            continue
        limit = limit_now(board, lim)
        if limit is None:
            continue
        mask = region(board, data, lim)
        if not mask[a.index[unit.hex]] and _count(board, data, lim, mask) + 1 > limit:
            out |= mask
    return out


def limit_report(board, data, side: str) -> dict[str, str]:
    """{limit name: problem} for each limit the position exceeds."""
    out = {}
    present = {(u.side, u.nation) for u in board.state.units}
    for name, lim in data["unit_count_limits"].items():
        if lim.get("side", side) != side and "nations" not in lim:
            continue
        limit = limit_now(board, lim)
        units_side = {sd for sd, nation in present if applies(lim, _Kind(sd, nation))}
        if limit is None or side not in units_side:
            continue
        n = _count(board, data, lim, region(board, data, lim))
        if n > limit:
            out[name] = f"{lim['description']}: {n} there, at most {limit} ({lim['rule']})"
    return out

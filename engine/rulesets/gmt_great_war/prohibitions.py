"""The movement prohibitions of spec §4.5: units the rules hold still this turn (19.53, 19.56,
17.11, 14.23), hexes nobody may enter yet (Albania, Greece, Hamadan, a newly belligerent neutral,
Kut under siege: 17.4, 6.53, 17.11, 14.23) and hexes closed to one kind of unit only (Montenegrins
stay in Montenegro 17.21, the country limits of the restriction codes 3.26, no CP unit into the
Ottoman Empire before the European Turks deploy 17.31)."""

from __future__ import annotations

import numpy as np

from ...verdict import Reason
from .calendar import date_of, parse_date
from .position import Position


def _rule(data, key: str) -> dict:
    return data["prohibitions"][key]


def _mask(board, hexes) -> np.ndarray:
    out = np.zeros(board.n, dtype=bool)
    idx = board.arrays.index
    out[[idx[h] for h in hexes if h in idx]] = True
    return out


def august_turn(board, data) -> int | None:
    """1 or 2 during the first two game turns (August, September 1914), else None (19.5)."""
    date = date_of(board.state)
    turns = [parse_date(t) for t in _rule(data, "first_turns")["value"]]
    return turns.index(date) + 1 if date in turns else None


def kut_besieged(board, data) -> bool:
    """14.22: a CP unit stands in one of the three "K" hexes (hex attr ``kut_siege``)."""
    pos = Position.of(board, data)
    k = np.equal(board.arrays.hex_attr("kut_siege"), True)
    return bool((k & pos.units_of("cp")).any())


def unit_frozen(board, data, unit) -> Reason | None:
    """Why ``unit`` may not move at all this turn, or None."""
    state = board.state
    turn = august_turn(board, data)
    code = unit.attr("setup_code")
    held = _rule(data, "held_setup_codes")
    if turn is not None and code in held["value"]:
        return Reason(
            held["rule"], f'{unit.id} has set-up code "{code}": it may not move in game turns one and two'
        )
    belgian = _rule(data, "belgian_first_turn")
    if unit.nation == belgian["nation"] and turn == 1:
        return Reason(belgian["rule"], "no Belgian unit moves on game turn one")
    antwerp = _rule(data, "antwerp")
    date = date_of(state)
    if (
        unit.nation == antwerp["nation"]
        and unit.hex == antwerp["hex"]
        and date is not None
        and date < parse_date(antwerp["until"])
    ):
        return Reason(antwerp["rule"], "Belgian units in Antwerp may not move before October 1914")
    new = state.extra.get("new_belligerent")
    entry = _rule(data, "new_belligerent")
    if new is not None and unit.nation == entry["nations"].get(new):
        return Reason(
            entry["rule"],
            f"{new} has just entered the war: its units may not move in the Operational Turn "
            "after deployment",
        )
    if unit.attr("devastating"):
        dz = _rule(data, "devastating")
        return Reason(dz["rule"], f"{unit.id} is devastating its hex: it may not move this turn")
    kut = _rule(data, "kut")
    if unit.side == "allied" and unit.hex == kut["hex"] and kut_besieged(board, data):
        return Reason(kut["rule"], "Kut is under siege: the Allied units in it may not leave")
    return None


def neutral_closed(board, data, opened: tuple[str, ...] = ()) -> np.ndarray:
    """Neutral hexes nobody may enter (17.4): after the Salonika event both sides may operate in
    Greece and Albania (6.53); after Greek entry in Albania (17.4, 6.54)."""
    pos = Position.of(board, data)
    closed = pos.neutral().copy()
    state = board.state
    entered = state.extra.get("entered_war") or {}
    opened = set(opened)
    if state.extra.get("holland_invaded"):
        opened |= set(_rule(data, "holland_invaded_opens")["value"])
    if state.extra.get("salonika"):
        opened |= set(_rule(data, "salonika_opens")["value"])
    if "greece" in entered:
        opened |= set(_rule(data, "greek_entry_opens")["value"])
    for c in opened:
        closed &= pos.country != c
    return closed


def closed_to_all(board, data, side: str, opened: tuple[str, ...] = ()) -> list[tuple[np.ndarray, str, str]]:
    """(hexes, rule, why) no unit of ``side`` may enter by operational movement now (``opened``:
    neutral countries open to this unit alone, 19.56)."""
    state = board.state
    pos = Position.of(board, data)
    out = [(neutral_closed(board, data, opened), "17.4", "hex of a neutral country")]
    ham = _rule(data, "hamadan")
    if not state.extra.get("pef_entered"):
        out.append((_mask(board, [ham["hex"]]), ham["rule"], "nobody enters Hamadan before the Russian PEF"))
    new = state.extra.get("new_belligerent")
    if new is not None:
        entry = _rule(data, "new_belligerent")
        out.append(
            (
                pos.country == new,
                entry["rule"],
                f"{new} has just entered the war: no unit enters its hexes this Operational Turn",
            )
        )
    kut = _rule(data, "kut")
    if side == "allied" and kut_besieged(board, data):
        out.append(
            (_mask(board, [kut["hex"]]), kut["rule"], "Kut is under siege: no other Allied unit may enter it")
        )
    return out


def closed_to_unit(board, data, unit) -> list[tuple[np.ndarray, str, str]]:
    """(hexes, rule, why) this unit alone may not enter: its nation's or restriction code's country
    limits (17.21, 17.31, 17.4, 3.26) and the Ottoman Empire before the European Turks deploy.
    Cached per kind of unit (what these rules read of it)."""
    ott = _rule(data, "ottoman_before_european_turks")
    kind = (
        unit.side,
        unit.nation,
        unit.attr("code"),
        unit.cls,
        unit.nation == "ge" and unit.cls in ott["exempt_ge_classes"],
        bool(unit.attr("near_east_start")),
    )
    return board.cached(("gmt-closed-to-unit", kind), lambda: _closed_to_unit(board, data, unit))


def _closed_to_unit(board, data, unit) -> list[tuple[np.ndarray, str, str]]:
    pos = Position.of(board, data)
    out = []
    for lim in data["country_limits"].values():
        mine = (
            unit.nation in lim.get("nations", ())
            or unit.attr("code") in lim.get("codes", ())
            or unit.cls in lim.get("classes", ())
        )
        if mine:
            if "inside_attr" in lim:
                inside = np.equal(board.arrays.hex_attr(lim["inside_attr"]), True)
                out.append((~inside & ~np.equal(pos.country, None), lim["rule"], lim["description"]))
            elif "inside" in lim:
                inside = np.isin(pos.country.astype(str), lim["inside"])
                out.append((~inside & ~np.equal(pos.country, None), lim["rule"], lim["description"]))
            else:
                outside = np.isin(pos.country.astype(str), lim["outside"])
                out.append((outside, lim["rule"], lim["description"]))
    ott = _rule(data, "ottoman_before_european_turks")
    deployed = board.state.extra.get("european_turks_deployed")
    exempt = unit.nation == "ge" and unit.cls in ott["exempt_ge_classes"]
    if unit.side == "cp" and unit.nation != "tu" and not exempt and not deployed:
        out.append(
            (
                (pos.country == "ottoman") & ~pos.near_east,
                ott["rule"],
                "no CP unit enters the Ottoman Empire before the European Turkish units deploy",
            )
        )
    ne = _rule(data, "near_east_turks")
    if unit.nation == "tu" and unit.attr("near_east_start") and not deployed:
        out.append(
            (
                (pos.country == "ottoman") & ~pos.near_east,
                ne["rule"],
                "Turks that start on the Near East maps may not enter European Turkey before the "
                "European Turks deploy",
            )
        )
    return out


def antwerp_through_holland(board, data, unit) -> tuple[str, ...]:
    """19.56: Belgian units in Antwerp may move through Holland in October 1914 (if they end in
    supply to a Channel port): the countries this opens to ``unit``."""
    rule = _rule(data, "antwerp")
    date = date_of(board.state)
    if (
        unit.nation == rule["nation"]
        and unit.hex == rule["hex"]
        and date is not None
        and date == parse_date(rule["until"])
    ):
        return tuple(rule["through"])
    return ()


def august_stack_problems(board, data, units) -> list[str]:
    """19.54: Russian "1" and "2" units may not stack together in game turns one and two."""
    if august_turn(board, data) is None:
        return []
    rule = _rule(data, "russian_armies")
    codes = {u.attr("setup_code") for u in units if u.nation == rule["nation"]}
    if set(rule["value"]) <= codes:
        return [f'Russian "1" and "2" units stacked together in game turns one and two ({rule["rule"]})']
    return []

"""Ground units carried by sea [8.3]-[8.5]: Sea Transport, Amphibious Landing and Sea Evacuation.

Each is judged for the whole group of ground units a move names, carried by the naval units of the
``carriers`` keyword:

* Sea Transport [8.3]: from an area holding a friendly port with the carriers in it [8.3.1], by any
  friendly naval units [8.3.3], 1 ground Attack CSP per naval CSP [8.3.2], to a port under
  friendly control [8.3.4] the carriers can reach; no move or attack after [8.3.5].
* Amphibious Landing [8.4]: Field units or Marines only [8.4.1], embarking at a friendly port
  [8.4.2] on naval units of their own nationality [8.4.3], 1 Attack CSP per 4 naval CSP [8.4.4],
  onto any coast [8.4.5] but not from the maritime areas next to Hanover or Petersburg [8.4.8],
  Marines never onto Major Power territory [8.4.9]; Army 8, Corps 4, Marines 0 NRC [8.4.6]; the
  landed units attack at half strength and must Assault [8.4.8].
* Sea Evacuation [8.5]: from a coastal area without a friendly port, by friendly naval units in a
  maritime area next to it, 1 : 1, Army 4, Corps 2, Marine 1 NRC, to the nearest friendly port.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ...verdict import Changes, Reason, Step, Verdict
from . import bank
from .naval import naval_costs, naval_distance
from .supply import usable_ports


def attack_csp(unit, status: str = "current") -> Fraction:
    """The unit's current-status Attack Combat Strength (spec A15), or its Field one when
    ``status`` is "field" (option ``transport_csp``)."""
    trench = unit.attr("status", "field") == "trench"
    if status == "current" and trench and unit.attr("trench_attack") is not None:
        return Fraction(unit.attr("trench_attack"))
    return Fraction(unit.strength or 0)


def judge_carried(rs, board, units, path: list[str], mode: str, carriers: str | None) -> Verdict:
    geo, occ = rs.parts(board)
    a = board.arrays
    state = board.state

    def no(rule: str, message: str) -> Verdict:
        return Verdict(False, Fraction(0), (), (Reason(rule, message),))

    want = 2 if mode == "sea_transport" else 3
    if len(path) != want:
        shape = "ORIGIN DESTINATION" if want == 2 else "ORIGIN MARITIME_AREA DESTINATION"
        return no("8.3" if want == 2 else "8.4; 8.5", f"a {mode.replace('_', ' ')} names {shape}")
    origin, dest = a.index[path[0]], a.index[path[-1]]
    if not geo.land[dest]:
        return no("8.3.4; 8.4.5", f"{path[-1]}: ground units are landed in a land area")
    side = units[0].side
    for u in units:
        if u.hex != path[0]:
            return no("8.3", f"{u.id} is not in {path[0]}: the units carried start together")
    if not carriers:
        return no("8.3.2", "name the naval units that carry them: --with carriers=ID,ID")
    ships = []
    for cid in carriers.split(","):
        ship = state.by_id.get(cid.strip())
        if ship is None or rs.is_ground(ship) or ship.side != side:
            return no("8.3.3", f"{cid}: not a naval unit of the {side}")
        ships.append(ship)
    ratio, r_ratio = rs.value(
        {
            "sea_transport": "sea_transport",
            "amphibious_landing": "amphibious",
            "sea_evacuation": "evacuation",
        }[mode],
        "naval_csp_per_attack_csp",
    )
    status = rs.option(state, "transport_csp")  # spec A15
    load = sum((attack_csp(u, status) for u in units), Fraction(0))
    capacity = sum((Fraction(s.strength or 0) for s in ships), Fraction(0)) / ratio
    if load > capacity:
        return no(
            r_ratio,
            f"{load} ground Attack CSP is more than the {capacity} the carriers can take "
            f"({ratio} naval CSP each)",
        )
    ports = usable_ports(rs, board, geo, occ, side)
    ship_at = [a.index[s.hex] for s in ships]
    effects: list[str] = []
    fields: dict[str, dict[str, Any]] = {u.id: {"landed": True} for u in units}
    ledgers: dict[str, Any] = {}
    if mode in ("sea_transport", "amphibious_landing"):
        rule = "8.3.1" if mode == "sea_transport" else "8.4.2"
        for s, i in zip(ships, ship_at, strict=True):
            if not (geo.port[i] and geo.land_area[i] == origin and ports[i]):
                return no(rule, f"{s.id} is not in a friendly port of {path[0]}")
    if mode == "sea_transport":
        landing = [p for p in np.flatnonzero(ports & (geo.land_area == dest))]
        if not landing:
            return no("8.3.4", f"{path[-1]} has no port under friendly control to land in")
        if not any(_all_reach(rs, board, geo, occ, ships, p) for p in landing):
            return no("8.1", f"the carriers cannot reach a port of {path[-1]} this Naval Operations Segment")
        effects.append("the units landed may not move or attack this game turn (8.3.5)")
    sea = a.index[path[1]] if want == 3 else -1
    if want == 3:
        if not geo.sea[sea]:
            return no("8.4.5; 8.5", f"{path[1]} is not a maritime area")
        coast_of = _coast(board, geo, sea)
        if mode == "amphibious_landing" and dest not in coast_of:
            return no("8.4.5", f"{path[-1]} has no coast on {path[1]}")
    if mode == "amphibious_landing":
        for u in units:
            if u.cls != "marine" and u.attr("status", "field") != "field":
                return no("8.4.1", f"{u.id}: only Field units or Marines make Amphibious Landings")
            if any(s.nation != u.nation for s in ships):
                return no("8.4.3", f"{u.id} lands only from naval units of its own nationality ({u.nation})")
            if u.cls == "marine" and rs.is_major(str(geo.country[dest])):
                return no("8.4.9", "Marines may not land on Major Power National Territory")
        banned, r_ban = (
            rs.data["amphibious"]["no_landing_next_to"]["value"],
            rs.data["amphibious"]["no_landing_next_to"]["rule"],
        )
        near = {a.ids[j] for j in _coast(board, geo, sea)}
        if near & set(banned):
            return no(
                r_ban,
                f"no Amphibious Landing from {path[1]}, next to {', '.join(sorted(near & set(banned)))}",
            )
        if not _all_reach(rs, board, geo, occ, ships, sea):
            return no("8.1", f"the carriers cannot reach {path[1]} this Naval Operations Segment")
        ledgers = _pay(rs, state, units, "amphibious", "amphibious landing")
        if isinstance(ledgers, Reason):
            return Verdict(False, Fraction(0), (), (ledgers,))
        enemy = occ.enemy_units(side)[dest]
        for u in units:
            if enemy:
                fields[u.id]["must_attack"] = path[-1]
        effects.append(
            "landed units attack at half their Attack strength"
            + (" and must Assault Attack (8.4.8)" if enemy else " (8.4.8)")
        )
    if mode == "sea_evacuation":
        if (ports & (geo.land_area == origin)).any():
            return no("8.5", f"{path[0]} has a friendly port: units leave it by Sea Transport")
        if origin not in _coast(board, geo, sea):
            return no("8.5", f"{path[0]} has no coast on {path[1]}")
        for s, i in zip(ships, ship_at, strict=True):
            if not (geo.sea[i] and origin in _coast(board, geo, i)):
                return no(
                    "8.5", f"{s.id} must be in a maritime area next to {path[0]} at the start of the segment"
                )
        dist = _from_sea(rs, board, geo, occ, side, sea)
        candidates = np.flatnonzero(ports & np.isfinite(dist))
        if candidates.size == 0:
            return no("8.5", "no friendly port to debark the evacuated units at")
        best = dist[candidates].min()
        nearest = {int(geo.land_area[p]) for p in candidates if dist[p] == best}
        if dest not in nearest:
            names = ", ".join(sorted(a.ids[p] for p in candidates if dist[p] == best))
            return no("8.5", f"evacuated units debark at the nearest friendly port ({names})")
        ledgers = _pay(rs, state, units, "evacuation", "sea evacuation")
        if isinstance(ledgers, Reason):
            return Verdict(False, Fraction(0), (), (ledgers,))
        effects.append("evacuated units may not land, move or fight this game turn unless attacked (8.5)")
    steps = tuple(
        Step(x, y, Fraction(0), Fraction(0), (), mode) for x, y in zip(path, path[1:], strict=False)
    )
    return Verdict(
        True, Fraction(0), steps, (), tuple(effects), {"ledgers": ledgers}, Changes(unit_fields=fields)
    )


def _coast(board, geo, sea: int) -> set[int]:
    """Land areas with a coast on maritime area ``sea``."""
    a = board.arrays
    nb = a.nbr[sea][a.valid[sea]]
    return {int(j) for j in nb if geo.land[j]}


def _all_reach(rs, board, geo, occ, ships, target: int) -> bool:
    return all(
        naval_distance(rs, board, geo, occ, s)[target] <= rs.naval_allowance(board.state, geo, board, s)
        for s in ships
    )


def _from_sea(rs, board, geo, occ, side: str, sea: int) -> np.ndarray:
    from ...search import search, units

    k = naval_costs(rs, board, geo, occ, side)
    dist, _ = search(board.arrays.nbr, k.cost, sea)
    return dist / units(1)


def _pay(rs, state, units, section: str, what: str):
    """The ledgers after each unit's Major Power pays its cost, or the Reason it cannot."""
    table = rs.data[section]["cost"]
    due: dict[str, Fraction] = {}
    for u in units:
        if rs.is_major(u.nation):
            due[u.nation] = due.get(u.nation, Fraction(0)) + Fraction(table.get(u.cls, 0))
    ledgers: dict[str, Any] = {}
    for power, amount in due.items():
        st = state.replace(ledgers={**state.ledgers, **ledgers})
        have = bank.balance(rs, st, power)
        if have < amount:
            return Reason(table["rule"], f"{power} must pay {amount} NRC for the {what} and has {have}")
        why = bank.over_ceiling(rs, st, power, amount) if amount else None
        if why is not None:
            return why
        if amount:
            ledgers.update(
                bank.pay(rs, st, power, ",".join(u.id for u in units), amount, what, table["rule"])
            )
    return ledgers

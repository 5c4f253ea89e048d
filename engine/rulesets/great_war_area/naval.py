"""Naval movement [8.1], [8.2], [8.8], [8.10], [11.3.4], [14.1]: Naval MP over maritime areas,
ports, canals, straits and Sea Lanes.

Entering a maritime area, a port or a canal costs 1 NMP [8.2.1]-[8.2.3]; leaving a canal is free.
A Sea Lane costs its printed NMP, or whole game turns (the unit then stays on the lane) [8.1]. A
canal whose area is contested or enemy-controlled is closed [8.2.3]; a strait is open only while
every land area guarding it is neutral or friendly-controlled [8.10]. A port is entered only when
its area is friendly-controlled and it is not bombarded [4], [8.8] (a neutral port interns the
unit [13.4.1]). Winter lowers the allowance, never a cost [14.1] (option ``winter_naval_allowance``).
"""

from __future__ import annotations

import numpy as np

from ...search import INF, EdgeCosts, search, units
from .control import bombarded_ports


def naval_costs(rs, board, geo, occ, side: str) -> EdgeCosts:
    return board.cached(("gwa-naval", side), lambda: _naval_costs(rs, board, geo, occ, side))


def _naval_costs(rs, board, geo, occ, side: str) -> EdgeCosts:
    a = board.arrays
    safe = a.safe_nbr
    k = EdgeCosts.start(a.nbr.shape)
    water = geo.sea | geo.port | geo.canal | geo.lane
    k.forbid(
        ~(water[:, None] & water[safe] & a.valid),
        "8.1",
        "naval units move through maritime areas, ports, canals and sea lanes",
    )
    k.forbid(~a.mode_allowed("naval"), "8.1", "this link is not open to naval moves")
    k.forbid(
        (geo.port[:, None] & geo.port[safe]) | (geo.canal[:, None] & geo.port[safe]),
        "8.1",
        "ports and canals open onto maritime areas only",
    )
    one = units(1)
    enter = np.where(geo.sea[safe] | geo.port[safe] | geo.canal[safe], one, 0.0)
    enter = np.where(geo.canal[:, None] & geo.sea[safe], 0.0, enter)  # leaving a canal is free [8.2.3]
    k.add("enter", enter, "8.2.1; 8.2.2; 8.2.3")
    nmp = geo.lane_nmp
    has = ~np.equal(nmp, None)
    k.add(
        "sea lane",
        np.where(has, np.where(has, nmp, 0).astype(float) * one, 0.0) - np.where(has, enter, 0.0),
        "8.1",
    )
    land = np.maximum(geo.land_area, 0)
    ctrl = occ.control[land]
    closed_canal = geo.canal & ((geo.land_area < 0) | (np.not_equal(ctrl, side) & ~np.equal(ctrl, "neutral")))
    k.forbid(
        closed_canal[safe] & a.valid,
        "8.2.3",
        "no passage through a canal whose area is contested or enemy-controlled",
    )
    guards = geo.guards
    closed = np.zeros(a.nbr.shape, dtype=bool)
    for i, d in zip(*np.nonzero(~np.equal(guards, None)), strict=True):
        for g in guards[i, d]:
            gi = a.index.get(g)
            if gi is not None and occ.control[gi] not in (side, "neutral"):
                closed[i, d] = True
    k.forbid(
        closed,
        "8.10",
        "a strait is open only while every land area beside it is neutral or friendly-controlled",
    )
    bombarded = bombarded_ports(board)
    port_ok = geo.port & (np.equal(ctrl, side) | np.equal(ctrl, "neutral")) & ~bombarded
    k.forbid(
        (geo.port & ~port_ok)[safe] & a.valid,
        "4; 8.8",
        "a port is entered only under friendly control, not contested or bombarded",
    )
    return k


def naval_distance(rs, board, geo, occ, unit) -> np.ndarray:
    """NMP (internal units / MP unit) from the unit's location to every location."""
    k = naval_costs(rs, board, geo, occ, unit.side)
    dist, _ = search(board.arrays.nbr, k.cost, board.idx(unit.hex))
    return dist / units(1)


def allowance(rs, state, geo, board, unit) -> int:
    """Naval MA, lowered in Winter [14.1] (the weather of the unit's area, or its port's)."""
    ma = int(unit.movement or 0)
    i = board.idx(unit.hex)
    land = geo.land_area[i]
    zone = geo.weather_area[land] if land >= 0 else geo.weather_area[i]
    if rs.weather_of(state, zone) == "winter":
        if rs.option(state, "winter_naval_allowance") == "three_quarters":
            return ma * 3 // 4
        return ma - ma // 4
    return ma


def bombardment(rs, board, geo, occ, unit, sea: str, port: str):
    """[8.8]: bombarding a port from a maritime area it opens onto costs 2 more NMP and 1 NRC; the
    port must be an enemy's and hold no naval units. (reason or None, extra NMP, ledgers)."""
    from fractions import Fraction

    from ...verdict import Reason
    from . import bank

    a = board.arrays
    nmp, nrc = rs.value("bombardment", "nmp"), rs.value("bombardment", "nrc")
    p = a.index.get(port)
    if p is None or not geo.port[p]:
        return Reason("8.8", f"{port} is not a port"), Fraction(0), {}
    if p not in set(a.nbr[a.index[sea]][a.valid[a.index[sea]]].tolist()):
        return Reason("8.8", f"{port} does not open onto {sea}, where {unit.id} ends"), Fraction(0), {}
    if occ.control[geo.land_area[p]] != rs.other_side(unit.side):
        return Reason("8.8", f"{port} is not an enemy port"), Fraction(0), {}
    if any(board.idx(u.hex) == p and not rs.is_ground(u) for u in board.state.units):
        return Reason(nmp[1], f"{port} holds naval units: it may not be bombarded"), Fraction(0), {}
    if not rs.is_major(unit.nation) or bank.balance(rs, board.state, unit.nation) < nrc[0]:
        return Reason(nrc[1], f"{unit.nation} cannot pay {nrc[0]} NRC to bombard {port}"), Fraction(0), {}
    why = bank.over_ceiling(rs, board.state, unit.nation, nrc[0])
    if why is not None:
        return why, Fraction(0), {}
    ledgers = bank.pay(rs, board.state, unit.nation, unit.id, nrc[0], f"bombardment of {port}", nrc[1])
    return None, nmp[0], ledgers


__all__ = ["INF", "allowance", "bombardment", "naval_costs", "naval_distance"]

"""The reach of many units at once over location x mode (deployed, road), for a referee answering a
whole side: units that move alike share cost arrays (one profile: side, MR, mission, nation,
class, BE), and what is a unit's own comes as overrides (:mod:`railhead.engine.mode_batch`): the
free leave-ZOC step out of its start hex (3.45), no crowding for its own PFI (8.42), and joining
its own formation when stacking (3.14, 3.31)."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

import numpy as np

from ...mode_batch import mode_reach_batch
from ...search import units as to_units
from .ground import ground_costs, mission_free
from .moves import GROUND_MODES, base_allowance, force_march_limit, segment_of
from .rounding import exact_limit_units
from .stacking import hex_formations
from .units import brigade_equivalents, counts_for_stacking, formation_key, mode_of, unit_type


def _parts_total(kc) -> np.ndarray:
    out = np.zeros(kc.cost.shape)
    for p in kc.parts.values():
        out = out + p
    return out


def _hex_be(rs, board, side: str, hq_be) -> dict:
    """Per hex of ``side``: (all BE there, BE per PFI of Combat, Artillery and HQ units)."""
    out: dict = {}
    for v in board.state.units_of(side):
        be = brigade_equivalents(rs.data, v, hq_be)
        total, by_pfi = out.get(v.hex, (Fraction(0), defaultdict(Fraction)))
        if v.cls in ("combat", "artillery", "hq") and v.attr("pfi"):
            by_pfi[v.attr("pfi")] += be
        out[v.hex] = (total + be, by_pfi)
    return out


def _mates(board, side: str) -> tuple[dict, dict]:
    """Units of ``side`` by PFI and by formation."""
    by_pfi, by_key = defaultdict(list), defaultdict(list)
    for v in board.state.units_of(side):
        if v.attr("pfi"):
            by_pfi[v.attr("pfi")].append(v)
        by_key[formation_key(v)].append(v)
    return by_pfi, by_key


def _profile(rs, board, u) -> tuple:
    mission = None if mission_free(u) else u.attr("mission")
    hq_be = rs.option(board.state, "corps_hq_be")
    return (
        u.side,
        u.attr("mr", "I"),
        mission,
        u.nation if mission in ("advance", "retire") else None,
        u.cls == "combat",
        unit_type(u) == "corps_train" or unit_type(u) in ("main_depot", "army_supply"),
        brigade_equivalents(rs.data, u, hq_be),
    )


def reach_all(rs, board, units) -> dict[str, list[tuple[str, Fraction, str]]]:
    """Per unit id: (location, MP, mode) of every location it can reach this segment."""
    state = board.state
    segment = segment_of(state)
    base = base_allowance(rs, state)
    groups: dict[tuple, list] = defaultdict(list)
    for u in units:
        groups[_profile(rs, board, u)].append(u)
    out: dict[str, list] = {}
    ids = board.arrays.ids
    hq_be = rs.option(state, "corps_hq_be")
    by_hex: dict[str, list] = defaultdict(list)
    for v in state.units:
        by_hex[v.hex].append(v)
    for members in groups.values():
        rep = members[0]
        proxy = replace(
            rep, id="\0profile", attrs=MappingProxyType({**rep.attrs, "pfi": "\0profile", "corps": None})
        )
        modes = ["road"] if unit_type(rep) == "corps_train" else list(GROUND_MODES)
        built = {m: ground_costs(rs, board, proxy, [proxy], m, -1, segment)[0] for m in modes}
        costs = {m: k.cost for m, k in built.items()}
        change = {}
        if len(modes) == 2:
            change[("deployed", "road")] = to_units(Fraction(rs.data["movement"]["enter_road"]["mp"]))
            change[("road", "deployed")] = to_units(Fraction(rs.data["movement"]["leave_road"]["mp"]))
        starts = np.array([board.idx(u.hex) for u in members], dtype=np.int64)
        start_modes = np.array([modes.index(mode_of(u)) for u in members], dtype=np.int64)
        limits = np.array(
            [
                exact_limit_units(base + force_march_limit(rs, u, state) - Fraction(u.attr("mp_spent", 0)))
                for u in members
            ]
        )
        overrides = []
        for k, u in enumerate(members):
            overrides += _own(rs, board, built, modes, k, u, by_hex, hq_be, segment)
        finite = np.concatenate([c[np.isfinite(c) & (c > 0)] for c in costs.values()])
        cheapest = float(finite.min()) if finite.size else 1.0
        radius = max(1, math.ceil(float(limits.max()) / cheapest))
        hexes, dist, mode, off = mode_reach_batch(
            board.arrays, costs, change, starts, start_modes, limits, radius, overrides
        )
        for k, u in enumerate(members):
            sl = slice(off[k], off[k + 1])
            out[u.id] = [
                (ids[h], Fraction(int(d), 120), modes[m])
                for h, d, m in zip(hexes[sl], dist[sl], mode[sl], strict=True)
            ]
    return out


def _own(rs, board, built, modes, k, u, by_hex, hq_be, segment) -> list[tuple]:
    """Overrides for unit ``k``: its start hex's steps and the hexes of its own PFI / formation."""
    a = board.arrays
    out = []
    start = board.idx(u.hex)
    free_leave = segment == "march" and u.attr("started_in_zoc", True) and not u.attr("mp_spent")
    for m, name in enumerate(modes):
        k_costs = built[name]
        leave = k_costs.parts.get("leave_zoc")
        enter = k_costs.parts.get("enter_zoc")
        if free_leave and isinstance(leave, np.ndarray):
            for d in np.flatnonzero(
                (leave[start] > 0) & (enter[start] == 0) & np.isfinite(k_costs.cost[start])
            ):
                out.append((k, m, start, int(d), float(k_costs.cost[start, d] - leave[start, d])))
    pfi, key = u.attr("pfi"), formation_key(u)
    mates = board.cached(("doe-mates", u.side), lambda: _mates(board, u.side))
    special = {
        v.hex for v in mates[0].get(pfi, []) + mates[1].get(key, []) if v.id != u.id and v.hex != u.hex
    }
    if not special:
        return out
    summary = board.cached(("doe-hex-be", u.side), lambda: _hex_be(rs, board, u.side, hq_be))
    formations = hex_formations(rs, board, u.side)
    mine = brigade_equivalents(rs.data, u, hq_be) if counts_for_stacking(u) else Fraction(0)
    limit_f = int(rs.data["stacking"]["formations"]["value"])
    limit_be = Fraction(rs.data["stacking"]["many_formations_be"]["value"])
    per = to_units(Fraction(rs.data["movement"]["crowding_per_be"]["mp"]))
    for hx in special:
        x = board.idx(hx)
        all_be, by_pfi = summary[hx]
        own_be = by_pfi.get(pfi, Fraction(0))
        here = formations[hx][1]
        joins = any(k == key for k, _ in here)
        count = len(here) + (0 if joins else 1)
        blocked = count > limit_f and sum(here.values(), Fraction(0)) + mine > limit_be
        slots = np.flatnonzero(a.nbr[x] >= 0)
        inbound = [(int(a.nbr[x, s]), int(a.back[x, s])) for s in slots if a.back[x, s] >= 0]
        crowd = (math.floor(all_be - own_be) - math.floor(all_be)) * per
        for m, name in enumerate(modes):
            kc = built[name]
            totals = board.cached(("doe-parts-total", id(kc)), lambda kc=kc: _parts_total(kc))
            for j, s in inbound:
                reason = kc.reason(j, s)
                if reason is not None and not reason.rule.startswith("3.3;"):
                    continue
                total = totals[j, s] + (crowd if name == "road" else 0.0)
                out.append((k, m, j, s, math.inf if blocked else float(total)))
    return out

"""The reach of many units at once over location x mode (deployed, road), for a referee answering a
whole side: units that move alike share cost arrays (one profile: side, MR, mission, nation,
class, BE), and what is a unit's own comes as overrides (:mod:`railhead.engine.mode_batch`): the
free leave-ZOC step out of its start hex (3.45), no crowding for its own PFI (8.42), and joining
its own formation when stacking (3.14, 3.31)."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType

import numpy as np

from ...core_fields import spent_mp
from ...mode_batch import mode_reach_batch
from ...search import MP_UNIT
from ...search import units as to_units
from .ground import ground_costs, mission_free
from .moves import GROUND_MODES, base_allowance, force_march_limit, segment_of
from .rounding import exact_limit_units
from .stacking import hex_formations
from .units import brigade_equivalents, counts_for_stacking, formation_key, mode_of, unit_type


def _parts_total(kc) -> np.ndarray:
    """The sum of a cost array's parts: a step's cost before any rule forbade it."""
    out = np.zeros(kc.cost.shape)
    for p in kc.parts.values():
        out = out + p
    return out


def _hex_be(rs, board, side: str, hq_be) -> dict:
    """Per hex of ``side``: (all BE there, BE per PFI of Combat, Artillery and HQ units)."""
    out: dict = {}
    carried = rs.option(board.state, "crowding_counts_entrained")
    for v in board.state.units_of(side):
        if not carried and mode_of(v) in ("rail", "naval"):
            continue
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


@dataclass(frozen=True)
class UnitReach:
    """Where one unit can get: location indices, cost (internal units), arrival mode."""

    hexes: np.ndarray
    cost: np.ndarray
    mode: np.ndarray
    modes: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.hexes)

    def entries(self, ids) -> list[tuple[str, Fraction, str]]:
        """(location id, MP, mode) of each location reached."""
        return [
            (ids[h], Fraction(int(d), MP_UNIT), self.modes[m])
            for h, d, m in zip(self.hexes.tolist(), self.cost.tolist(), self.mode.tolist(), strict=True)
        ]


def reach_all(rs, board, units) -> dict[str, UnitReach]:
    """Per unit id: every location it can reach this segment, over location x mode."""
    state = board.state
    segment = segment_of(state)
    base = base_allowance(rs, state)
    groups: dict[tuple, list] = defaultdict(list)
    for u in units:
        groups[_profile(rs, board, u)].append(u)
    out: dict[str, UnitReach] = {}
    hq_be = rs.option(state, "corps_hq_be")
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
            [exact_limit_units(base + force_march_limit(rs, u, state) - spent_mp(u)) for u in members]
        )
        overrides = _overrides(rs, board, built, modes, members, starts, hq_be, segment)
        finite = np.concatenate([c[np.isfinite(c) & (c > 0)] for c in costs.values()])
        cheapest = float(finite.min()) if finite.size else 1.0
        radius = max(1, math.ceil(float(limits.max()) / cheapest))
        hexes, dist, mode, off = mode_reach_batch(
            board.arrays, costs, change, starts, start_modes, limits, radius, overrides
        )
        for k, u in enumerate(members):
            sl = slice(off[k], off[k + 1])
            out[u.id] = UnitReach(hexes[sl], dist[sl], mode[sl], tuple(modes))
    return out


def _overrides(rs, board, built, modes, members, starts, hq_be, segment) -> np.ndarray:
    """(O, 5) overrides (unit, mode, location, slot, cost): each unit's steps out of its start hex
    (the free leave-ZOC step, 3.45) and into the hexes of its own PFI or formation (8.42, 3.31)."""
    a = board.arrays
    parts = []
    free = np.array(
        [segment == "march" and u.attr("started_in_zoc", True) and not spent_mp(u) for u in members]
    )
    k_idx = np.flatnonzero(free)
    for m, name in enumerate(modes):
        kc = built[name]
        leave, enter = kc.parts.get("leave_zoc"), kc.parts.get("enter_zoc")
        if not isinstance(leave, np.ndarray) or not k_idx.size:
            continue
        st = starts[k_idx]
        ok = (leave[st] > 0) & (enter[st] == 0) & np.isfinite(kc.cost[st])
        kk, dd = np.nonzero(ok)
        cost = kc.cost[st[kk], dd] - leave[st[kk], dd]
        parts.append(np.column_stack([k_idx[kk], np.full(len(kk), m), st[kk], dd, cost]))
    # hexes of the unit's own PFI (no crowding) or formation (joins it when stacking)
    side = members[0].side
    mates = board.cached(("doe-mates", side), lambda: _mates(board, side))
    summary = board.cached(("doe-hex-be", side), lambda: _hex_be(rs, board, side, hq_be))
    formations = hex_formations(rs, board, side)
    limit_f = int(rs.data["stacking"]["formations"]["value"])
    limit_be = Fraction(rs.data["stacking"]["many_formations_be"]["value"])
    per = to_units(Fraction(rs.data["movement"]["crowding_per_be"]["mp"]))
    rows_k, rows_x, rows_crowd, rows_blocked = [], [], [], []
    for k, u in enumerate(members):
        pfi, key = u.attr("pfi"), formation_key(u)
        special = {
            v.hex for v in mates[0].get(pfi, []) + mates[1].get(key, []) if v.id != u.id and v.hex != u.hex
        }
        if not special:
            continue
        mine = brigade_equivalents(rs.data, u, hq_be) if counts_for_stacking(u) else Fraction(0)
        for hx in special:
            all_be, by_pfi = summary[hx]
            here = formations[hx][1]
            joins = any(f == key for f, _ in here)
            count = len(here) + (0 if joins else 1)
            rows_k.append(k)
            rows_x.append(board.idx(hx))
            rows_crowd.append((math.floor(all_be - by_pfi.get(pfi, 0)) - math.floor(all_be)) * per)
            rows_blocked.append(count > limit_f and sum(here.values(), Fraction(0)) + mine > limit_be)
    if rows_k:
        x = np.array(rows_x)
        j, s = a.nbr[x], a.back[x]
        ok = (j >= 0) & (s >= 0)
        rep = ok.sum(axis=1)
        kk = np.repeat(np.array(rows_k), rep)
        crowd = np.repeat(np.array(rows_crowd, dtype=float), rep)
        blocked = np.repeat(np.array(rows_blocked), rep)
        jj, ss = j[ok], s[ok]
        for m, name in enumerate(modes):
            kc = built[name]
            stacking_only = np.array([r.rule.startswith("3.3;") for r in kc.reasons] + [True])
            why = kc.why[jj, ss]
            allowed = stacking_only[why]  # why = -1 (allowed) picks the last entry, True
            total = _parts_total(kc)[jj, ss] + (crowd if name == "road" else 0.0)
            cost = np.where(blocked, np.inf, total)
            parts.append(np.column_stack([kk, np.full(len(kk), m), jj, ss, cost])[allowed])
    return np.concatenate(parts) if parts else np.zeros((0, 5))

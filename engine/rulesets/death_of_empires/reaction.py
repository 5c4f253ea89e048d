"""What the non-moving side may do while the enemy moves: re-face (3.45.A) and Cavalry Reaction
Movement (3.46, 8.21.G).

3.45.A: when a phasing unit moves from one hex of a non-phasing unit's ZOC to another hex of that
unit's ZOC, that unit may change its facing. 3.46: a non-phasing unit of a Cavalry PF, in Deployed
Mode, Combat, Artillery or HQ class with MR M, C or H, may move one hex or only re-face when an enemy
unit moves from a hex next to it into another hex next to it and/or to any other friendly unit -
8.21.G words the trigger as the enemy moving from ZOC to ZOC where the cavalry exerts one or both
(option ``cavalry_reaction_trigger``, spec §10 #10). The reacting unit may not enter the hex the
enemy vacated, nor an enemy ZOC other than the triggering unit's (friendly units negate), nor
overstack; it removes a Regular Combat Marker or flips an Intensive one; from a Holding Box it is
simply placed on the map. A move's verdict lists who may do either after each of its steps."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ....errors import InputError
from ...verdict import Changes, Reason, Step, Verdict
from .facing import parse_facing
from .position import occupied, zoc_blocking_sides, zone_of_control
from .stacking import stacking_problem
from .terrain import hex_costs
from .units import exerts_zoc, mode_of, mr_of, unit_type

REACTION_MR = ("M", "C", "H")
CAVALRY_TYPES = ("cavalry", "cossack", "dragoon")


def unit_zoc(rs, board, u) -> set[int]:
    """The hexes ``u`` exerts a ZOC into beyond its own (3.41, 3.42)."""
    if not exerts_zoc(u, rs.option(board.state, "single_sp_zoc")) or u.hex not in board.arrays.index:
        return set()
    a = board.arrays
    i = board.idx(u.hex)
    costs = board.cached(
        ("doe-hex-costs", "tec", mr_of(u)), lambda: hex_costs(rs.data, board.values, a.hex_terrain, mr_of(u))
    )
    enemy_fortress = occupied(board, rs.other_side(u.side), lambda x: x.cls == "fortress")
    blocked = zoc_blocking_sides(board)[i]
    return {
        int(j)
        for d, j in enumerate(a.nbr[i])
        if j >= 0 and not blocked[d] and np.isfinite(costs[j]) and not enemy_fortress[j]
    }


def is_cavalry_pf(u) -> bool:
    """A unit of a Cavalry PF: the position says so (``cavalry_pf``), else its type is cavalry."""
    flag = u.attr("cavalry_pf")
    return bool(flag) if flag is not None else unit_type(u) in CAVALRY_TYPES


def may_react(u) -> str | None:
    """Why ``u`` may not make a Cavalry Reaction Movement at all (3.46)."""
    if not is_cavalry_pf(u):
        return "only units of a Cavalry PF react (3.46)"
    if u.cls not in ("combat", "artillery", "hq"):
        return "only Combat, Artillery and HQ units react (3.46)"
    if mr_of(u) not in REACTION_MR:
        return f"MR {mr_of(u)}: only MR M, C or H react (3.46)"
    if mode_of(u) != "deployed":
        return "only units in Deployed Mode react (3.46)"
    return None


def triggered(rs, board, cav, vacated: int, entered: int) -> bool:
    """Whether an enemy stepping ``vacated`` -> ``entered`` lets ``cav`` react (option
    ``cavalry_reaction_trigger``)."""
    nbr = board.nbr
    if cav.hex not in board.arrays.index:
        return False
    i = board.idx(cav.hex)
    if rs.option(board.state, "cavalry_reaction_trigger") == "adjacent":
        near = {int(j) for j in nbr[i] if j >= 0}
        if vacated not in near:
            return False
        if entered in near:
            return True
        friends = occupied(board, cav.side, lambda x: not x.attr("dummy"))
        others = friends.copy()
        if not any(x.id != cav.id and x.side == cav.side for x in board.state.units_at(cav.hex)):
            others[i] = False
        return bool(others[[j for j in nbr[entered] if j >= 0]].any())
    zone = zone_of_control(rs, board, cav.side)
    own = unit_zoc(rs, board, cav)
    return bool(zone[vacated] and zone[entered] and (vacated in own or entered in own))


def windows(rs, board, mover_side: str, path: list[str]) -> list[dict]:
    """After each step of an enemy move: who may re-face (3.45.A) and which cavalry may react (3.46)."""
    other = rs.other_side(mover_side)
    index = board.arrays.index
    mine = [u for u in board.state.units_of(other) if u.hex in index and mode_of(u) == "deployed"]
    zocs = {u.id: unit_zoc(rs, board, u) for u in mine}
    out = []
    for a, b in zip(path, path[1:], strict=False):
        if a not in index or b not in index:
            continue
        i, j = board.idx(a), board.idx(b)
        reface = sorted(u.id for u in mine if i in zocs[u.id] and j in zocs[u.id])
        react = sorted(u.id for u in mine if may_react(u) is None and triggered(rs, board, u, i, j))
        if reface or react:
            out.append(
                {"from": a, "to": b, "may_reface": reface, "may_react": react, "rules": "3.45.A; 3.46"}
            )
    return out


def judge_reaction(rs, board, unit, path: list[str], kw: dict) -> Verdict:
    """A non-phasing unit's answer to an enemy step ``vacated`` -> the triggering unit's hex:
    re-facing (3.45.A, path of one hex) or Cavalry Reaction (3.46, one hex or re-facing)."""
    state = board.state
    trigger = state.unit(kw["reaction_to"])
    vacated = kw.get("vacated")
    if not vacated or vacated not in board.arrays.index:
        raise InputError(
            "give the hex the enemy unit moved from (--with vacated=HEX)", where="--with vacated"
        )
    if trigger.side == unit.side:
        raise InputError(f"{trigger.id} is not an enemy of {unit.id}", where="--with reaction_to")
    facing = parse_facing(kw["facing"]) if kw.get("facing") is not None else None
    v, e = board.idx(vacated), board.idx(trigger.hex)
    if unit.side == state.active_side:
        return _no("3.46; 3.45.A", "only the non-moving side re-faces or reacts while the enemy moves", path)
    if len(path) > 2:
        return _no("3.46", "a Cavalry Reaction moves one hex at most", path)
    fields: dict = {}
    if facing is not None:
        fields["facing"] = facing
    if len(path) == 1 and i_zoc_both(rs, board, unit, v, e):
        extra = {"reaction": "re-face", "rule": "3.45.A"}
        changes = Changes(unit_fields={unit.id: fields} if fields else {})
        return Verdict(True, Fraction(0), (), (), ("3.45.A: re-faced",), extra, changes)
    why = may_react(unit)
    if why:
        return _no("3.46", why, path)
    if not triggered(rs, board, unit, v, e):
        option = rs.option(state, "cavalry_reaction_trigger")
        return _no("3.46; 8.21.G", f"{trigger.id}'s step from {vacated} does not trigger a reaction "
                   f"(cavalry_reaction_trigger={option})", path)  # fmt: skip
    effects = []
    marker = unit.attr("combat_marker")
    if marker == "regular":
        fields["combat_marker"] = None
        effects.append("3.46: the Regular Combat Marker is removed")
    elif marker == "intensive":
        fields["combat_marker"] = "regular"
        effects.append("3.46: the Intensive Combat Marker flips to Regular")
    steps: tuple = ()
    if len(path) == 2:
        to = path[1]
        t = board.idx(to)
        if t == v:
            return _no("3.46", f"may not enter {vacated}, the hex the enemy vacated", path)
        enemy_zone = zone_of_control(rs, board, trigger.side)
        friends = occupied(board, unit.side, lambda x: not x.attr("dummy"))
        if enemy_zone[t] and not friends[t] and t not in unit_zoc(rs, board, trigger):
            return _no("3.46", f"{to} is in an enemy ZOC other than {trigger.id}'s", path)
        if occupied(board, trigger.side)[t]:
            return _no("3.31.F", f"{to} holds enemy units", path)
        why = stacking_problem(rs, state.units_at(to), [unit], rs.option(state, "corps_hq_be"))
        if why:
            return _no("3.3; 3.46", why, path)
        if facing is None:
            fields["facing"] = int(board.arrays.graph.direction[board.arrays.edge_slot(path[0], to)])
        part = (("cavalry reaction", Fraction(0), "3.46"),)
        where = {"facing": fields.get("facing"), "mode": "deployed"}
        steps = (Step(path[0], to, Fraction(0), Fraction(0), part, "deployed", where),)
    return Verdict(True, Fraction(0), steps, (), tuple(effects), {"reaction": "cavalry", "rule": "3.46"},
                   Changes(unit_fields={unit.id: fields}))  # fmt: skip


def i_zoc_both(rs, board, unit, vacated: int, entered: int) -> bool:
    own = unit_zoc(rs, board, unit)
    return vacated in own and entered in own


def _no(rule: str, why: str, path) -> Verdict:
    return Verdict(False, Fraction(0), (), (Reason(rule, why),))

"""Where a new unit may be placed in the New Units Phase (13.1-13.3), as far as movement and supply
decide it: a friendly-controlled, supplied city of its home country (13.11, 11.85), stacking
observed (13.21), European Available Units Box units on the European maps and Near East ones on
the Near East maps (13.23), British units also in any Allied-controlled port of the Western and
Italian maps (13.24), no Russian unit in a city of Russian Poland (13.26), or any friendly supplied
hex holding or next to a supplied HQ of its nationality (13.3). U.S. units are not placed in a hex:
they enter across the map edge in the next movement phase (13.25). Per-turn counts of placement
via HQ (13.3) are not judged here."""

from __future__ import annotations

from fractions import Fraction

from ...stacking import stack_after
from ...verdict import Reason, Verdict
from ...verdict import refused as _no
from .position import Position
from .stacking import stack_problems
from .supply import _nation_group, supplied_mask


def judge_placement(board, data, rs, unit, hex_id: str, box: str = "europe") -> Verdict:
    """Whether ``unit`` (waiting in the ``box`` Available Units Box: "europe" or "near_east") may
    be placed in ``hex_id`` now, and by which rule. In the New Units Phase the position's
    ``active_side`` says whose half it is: the Allies place first, then the CP (13.22)."""
    rules = data["placement"]
    state = board.state
    if state.phase_named and state.phase == "new_units" and state.active_side not in (None, unit.side):
        return _no(
            "13.22",
            f"the Allied player places all his new units before the Central Powers player: in the "
            f"{state.active_side} half of the New Units Phase no {unit.side} unit is placed",
        )
    pos = Position.of(board, data)
    a = board.arrays
    if hex_id not in a.index:
        return _no("13.11", f"{hex_id} is no location of the map")
    if unit.nation in rules["edge_entry"]["value"]:
        return _no(
            rules["edge_entry"]["rule"], f"{unit.nation} units enter across the map edge, not into a hex"
        )
    i = a.index[hex_id]
    front = pos.front_of(hex_id)
    if front is None:
        return _no("13.11", f"{hex_id} is not a hex of a front map")
    if front.near_east != (box == "near_east"):
        return _no(
            rules["box_maps"]["rule"],
            f"units of the {box.replace('_', ' ')} Available Units Box are placed on the "
            f"{'Near East' if box == 'near_east' else 'European'} maps",
        )
    if pos.controller[i] != unit.side:
        return _no("13.11", f"{hex_id} is not controlled by the {unit.side}")
    if not supplied_mask(board, data, rs, unit)[i]:
        return _no("11.85", f"{hex_id} is out of supply: no unit is placed there")
    closed = pos.front_closed_to(unit, front.id)
    if closed:
        return _no(*closed)
    problems = stack_problems(data, stack_after(board.state, hex_id, unit.side, [unit]))
    if problems:
        return _no("13.21", f"stacking must be observed when placing: {problems[0]}")
    how = _how_placed(board, data, rs, pos, unit, hex_id, i)
    if isinstance(how, Reason):
        return Verdict(False, Fraction(0), (), (how,))
    return Verdict(True, Fraction(0), (), (), (f"placed in {hex_id}: {how[1]} ({how[0]})",))


def _how_placed(board, data, rs, pos, unit, hex_id, i) -> tuple[str, str] | Reason:
    rules = data["placement"]
    a = board.arrays
    home = rules["home_countries"]["value"].get(unit.nation, [])
    city = a.hex_attr("settlement")[i] == "city"
    barred = rules["no_russian_poland"]
    in_barred = unit.nation == barred["nation"] and pos.country[i] in barred["countries"]
    if city and pos.country[i] in home and not in_barred:
        return "13.11", "a supplied friendly city of its home country"
    port = rules["british_ports"]
    if unit.nation in port["nations"] and pos.port[i] and pos.front[i] in port["fronts"]:
        return port["rule"], "an Allied-controlled port of the Western or Italian map"
    group = _nation_group(rs, board.state, unit.nation)
    supplied_hq = supplied_mask(board, data, rs, unit)
    for u in board.state.units_of(unit.side):
        if u.cls != "hq" or _nation_group(rs, board.state, u.nation) != group or u.hex not in a.index:
            continue
        h = a.index[u.hex]
        near = h == i or i in a.nbr[h][pos.grid_step[h]]
        if near and supplied_hq[h]:
            return "13.3", f"next to or with the supplied HQ {u.id} of its nationality"
    if in_barred and city:
        return Reason(
            barred["rule"], "Russian units may not be placed in cities of Russian Poland (except via HQ)"
        )
    return Reason(
        "13.11",
        f"{hex_id} is no supplied friendly city of the {unit.nation} home country, "
        "port open to it or hex by a supplied HQ of its nationality",
    )

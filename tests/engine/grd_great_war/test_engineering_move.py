"""Engineering as part of a move (`railhead move ... --with engineer=TASK [--with toward=HEX]`)
[13A], [13A2]-[13A5], [13B2], [7A6], [7A7], [15A1]: the units move, then spend the task's MPs in
the path's last hex; any unit breaks a rail line (2 MP) [7A6], only construction units and
railroad engineers repair, clear or demolish [13A], [13B2]; poor weather doubles the work and what
is not finished is carried in the hex (``work_task``, ``work_left``) [13A4]; no engineering in
accel movement [6B3] or out of general supply [13A]."""

from __future__ import annotations

import pytest
from grd_helpers import RS, mini_board, mini_map, unit_doc

from railhead.engine.apply import apply_move
from railhead.engine.board import Board
from railhead.engine.queries import judge
from railhead.errors import InputError
from railhead.mapdata.model import Line

RAIL = tuple(f"GW2:{c:02d}02" for c in range(1, 7))
M = mini_map(
    sides={("GW2:0303", "GW2:0403"): ("river",)},
    lines=[
        Line("rail", RAIL, {"net": "nw", "nation": "france"}),
        Line("road", ("GW2:0203", "GW2:0303", "GW2:0403", "GW2:0503")),
    ],
)
VALUES = {"zoc_costs": {"standard": {"reduced_cost": 1, "other": 2}}}


def _board(cls="construction", at="GW2:0302", hexes=None, weather="clear", **attrs):
    u = unit_doc("E", "entente", "france", cls, at, 1, 1, 5, "regiment", **attrs)
    return mini_board(M, [u], values=VALUES, hexes=hexes or {}, weather=weather)


def _task(b, path, task, **kw):
    return judge(RS, b, "E", path, "ground", engineer=task, **kw)


def test_a_construction_unit_repairs_a_rail_break_and_the_line_is_open():
    b = _board(hexes={"GW2:0402": {"rail": "broken"}})
    v = _task(b, ["GW2:0402"], "repair_rail_break")  # moves 1, then 4 MP of repair [13A3]
    assert v.legal and v.mp == 5 and v.extra["engineering"]["done"]
    after = apply_move(b, v, ["E"], ["GW2:0302", "GW2:0402"], "ground")
    assert after.hex("GW2:0402").field("rail") == "open"


def test_poor_weather_doubles_the_work_and_the_rest_carries_over():
    b = _board(hexes={"GW2:0302": {"rail": "broken"}}, weather="mud")
    v = _task(b, ["GW2:0302"], "repair_rail_break")  # 4 × 2 = 8 > 5: 5 spent, 3/2 good MP left
    assert v.legal and v.mp == 5 and not v.extra["engineering"]["done"]
    after = apply_move(b, v, ["E"], ["GW2:0302"], "ground")
    assert after.hex("GW2:0302").field("work_left") == "3/2"
    d = after.to_dict()
    d["weather"], d["units"][0]["attrs"]["mp_spent"] = "clear", 0
    from railhead.engine.state import parse_state

    b2 = Board(M, parse_state(d, M, sides=RS.sides, declarations=RS.declarations), values=b.values)
    v2 = _task(b2, ["GW2:0302"], "repair_rail_break")
    assert v2.legal and v2.extra["engineering"] == {
        "task": "repair_rail_break",
        "hex": "GW2:0302",
        "mp": "3/2",
        "done": True,
    }


def test_any_unit_breaks_a_rail_line_only_engineers_repair():
    v = _task(_board("infantry"), ["GW2:0302"], "break_rail")
    assert v.legal and v.mp == 2  # [7A6]
    v = _task(_board("infantry", hexes={"GW2:0302": {"rail": "broken"}}), ["GW2:0302"], "repair_rail_break")
    assert not v.legal and v.reasons[0].rule == "13A; 13B"
    v = _task(_board(hexes={"GW2:0302": {"rail": "broken"}}), ["GW2:0302"], "break_rail")
    assert not v.legal and "broken" in v.reasons[0].message
    v = _task(_board(at="GW2:0303"), ["GW2:0303"], "break_rail")
    assert not v.legal and v.reasons[0].rule == "7A6"  # no rail line there


def test_clear_an_obstruction_and_the_limits():
    v = _task(_board(hexes={"GW2:0302": {"rail": "obstructed"}}), ["GW2:0302"], "clear_obstruction")
    assert v.legal and v.mp == 2  # [13A3]
    out = _board(hexes={"GW2:0302": {"rail": "obstructed"}}, turns_out_of_supply=1)
    assert _task(out, ["GW2:0302"], "clear_obstruction").reasons[0].rule == "13A"
    b = _board(hexes={"GW2:0302": {"rail": "obstructed"}})
    v = judge(RS, b, "E", ["GW2:0302"], "accel", engineer="clear_obstruction")
    assert not v.legal and v.reasons[0].rule == "13A"


def test_demolish_then_repair_a_bridge():
    b = _board(at="GW2:0303")
    v = _task(b, ["GW2:0303"], "demolish_bridge", toward="GW2:0403")
    assert v.legal and v.mp == 4  # [13A2]
    after = apply_move(b, v, ["E"], ["GW2:0303"], "ground")
    assert after.hex("GW2:0303").attrs["bridge_demolished_to"] == ["GW2:0403"]
    b2 = _board(at="GW2:0303", hexes={"GW2:0303": {"attrs": {"bridge_demolished_to": ["GW2:0403"]}}})
    v = _task(b2, ["GW2:0303"], "repair_bridge", toward="GW2:0403")  # 8 MP: 5 now, 3 left [15A1]
    assert v.legal and not v.extra["engineering"]["done"]
    assert _task(b2, ["GW2:0303"], "repair_major_bridge", toward="GW2:0403").reasons[0].rule == "15A1"
    with pytest.raises(InputError, match="toward=HEX"):
        _task(b, ["GW2:0303"], "demolish_bridge")


def test_a_railroad_engineer_breaks_a_rail_line_for_1_mp():
    """[13B1]: a railroad engineer breaks a rail line for 1 MP; all other units spend 2 [7A6]."""
    v = _task(_board("railroad_engineer"), ["GW2:0302"], "break_rail")
    assert v.legal and v.mp == 1 and v.changes.locations["GW2:0302"]["fields"]["rail"] == "broken"


def test_a_move_the_walk_refuses_is_refused_naming_the_unit_and_no_work_is_done():
    m = mini_map(sides={("GW2:0302", "GW2:0402"): ("prohibited",)}, lines=[Line("rail", RAIL, {"net": "nw"})])
    u = unit_doc("E", "entente", "france", "construction", "GW2:0302", 1, 1, 5, "regiment")
    b = mini_board(m, [u], values=VALUES)
    v = _task(b, ["GW2:0402"], "break_rail")
    assert not v.legal and "engineering" not in v.extra
    assert v.reasons[0].rule == "6" and v.reasons[0].message.startswith("E: ")

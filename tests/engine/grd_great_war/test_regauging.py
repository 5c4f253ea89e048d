"""Regauging rail lines [13B3a]: ``railhead move ... --with engineer=regauge --with toward=HEX``: a
railroad engineer spends 2 MPs in the hex (as a rail break is repaired: weather and quick
engineering apply, [13A4], [13A5]) to give a cleared and unbroken rail line the other gauge of the
adjacent gauge change point; the hex's ``regauged`` attr records it and rail movement reads it: the
gauge change moves one hex along the line [7A8]."""

from __future__ import annotations

import json
from fractions import Fraction

from click.testing import CliRunner
from grd_helpers import RS, judge, mini_board, mini_map, unit_doc

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.model import Line

STD = tuple(f"GW2:{c:02d}02" for c in range(1, 6))
IBERIAN = tuple(f"GW2:{c:02d}02" for c in range(5, 10))
M = mini_map(
    attrs={"GW2:0102": {"city": "partial"}, "GW2:0902": {"city": "full"}},
    lines=[
        Line("rail", STD, {"net": "nw_europe_standard", "gauge": "standard"}),
        Line("rail", IBERIAN, {"net": "iberian", "gauge": "iberian"}),
    ],
)
CAP = {"grd-rail": {"capacity": {"entente:nw_europe_standard": {"value": 20, "rule": "OB"},
                                 "entente:iberian": {"value": 6, "rule": "OB"}}, "pools": {}}}  # fmt: skip
VALUES = {"rail_rates": {"operational": {"hexes_per_mp": 8}}}


def _board(cls="railroad_engineer", hexes=None, phase=None):
    units = [
        unit_doc("E", "entente", "france", cls, "GW2:0602", 1, 1, 5, "regiment"),
        unit_doc("B", "entente", "france", "rifle", "GW2:0102", 2),
    ]
    top = {"phase": phase} if phase else {}
    return mini_board(M, units, values=VALUES, ledgers=CAP, hexes=hexes or {}, **top)


def _task(b, toward):
    from railhead.engine.queries import judge as q

    return q(RS, b, "E", ["GW2:0602"], "ground", engineer="regauge", toward=toward)


def test_a_railroad_engineer_regauges_the_hex_next_to_the_gauge_change_13b3a():
    """13B3a: 2 MPs; the rail line in the hex takes the gauge across the change point."""
    b = _board()
    v = _task(b, "GW2:0502")
    assert v.legal and v.mp == 2 and v.extra["engineering"]["done"], v.reasons
    after = apply_move(b, v, ["E"], ["GW2:0602"], "ground")
    assert after.hex("GW2:0602").attrs["regauged"] == "standard"
    before = judge(b, "B", [f"GW2:{c:02d}02" for c in range(2, 7)], "rail")
    assert before.legal and before.extra["rail"]["gauge_changes"] == 1
    from railhead.engine.board import Board

    b2 = Board(M, after, values=b.values)
    moved = judge(b2, "B", [f"GW2:{c:02d}02" for c in range(2, 7)], "rail")
    assert moved.legal and moved.extra["rail"]["gauge_changes"] == 0
    assert moved.mp == before.mp - Fraction(1)  # no trans-shipment at 0502 any more [7A8]
    further = judge(b2, "B", [f"GW2:{c:02d}02" for c in range(2, 8)], "rail")
    assert further.extra["rail"]["gauge_changes"] == 1  # the change point is now 0602


def test_only_railroad_engineers_on_a_cleared_unbroken_line_13b3a():
    assert _task(_board(cls="construction"), "GW2:0502").reasons[0].rule == "13B3a"
    v = _task(_board(hexes={"GW2:0602": {"rail": "broken"}}), "GW2:0502")
    assert not v.legal and "cleared and unbroken" in v.reasons[0].message
    v = _task(_board(), "GW2:0702")  # 0702 has only the iberian line: no other gauge to take
    assert not v.legal and v.reasons[0].rule == "13B3a"


def test_no_regauging_outside_the_movement_phase_4a2():
    """13B3a with 13A: railroad engineering in initial and movement phases only; a move with it in
    the combat phase is refused by the sequence of play."""
    v = _task(_board(phase="combat"), "GW2:0502")
    assert not v.legal and "4A" in v.reasons[0].rule


def test_regauge_from_the_command_line(tmp_path):
    write_mapdata(M, tmp_path / "map.json")
    eng = unit_doc("E", "entente", "france", "railroad_engineer", "GW2:0602", 1, 1, 5, "regiment")
    doc = {"format": "railhead.state/1", "ruleset": "grd-great-war", "turn": 1, "active_side": "entente",
           "weather": "clear", "units": [eng], "hexes": {}, "ledgers": {}}  # fmt: skip
    (tmp_path / "s.json").write_text(json.dumps(doc))
    args = ["move", str(tmp_path / "map.json"), str(tmp_path / "s.json"), "E", "GW2:0602", "--with",
            "engineer=regauge", "--with"]  # fmt: skip
    assert CliRunner().invoke(main, [*args, "toward=GW2:0502"]).exit_code == 0
    r = CliRunner().invoke(main, [*args, "toward=GW2:0702", "--json"])
    assert r.exit_code == 1 and "13B3a" in r.output

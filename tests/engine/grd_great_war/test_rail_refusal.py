"""A rail move's refusal is explained along the rail line [7A]: the path that explains it is the
one a rail move takes (RS.path_to by rail), not the fewest hexes, so the rule named is the one
that stops the train: a broken line [7A6], not "no rail line" off the track."""

from __future__ import annotations

from grd_helpers import RS, mini_board, mini_map, unit_doc

from railhead.engine.sequence import MoveSequence
from railhead.mapdata.model import Line

RATES = {"rail_rates": {"operational": {"hexes_per_mp": 8}}}
U_LINE = tuple(
    f"GW2:{h}" for h in ("0101", "0102", "0103", "0104", "0204", "0304", "0404", "0403", "0402", "0401")
)
M = mini_map(
    attrs={"GW2:0101": {"city": "partial"}, "GW2:0401": {"city": "full"}},
    lines=[Line("rail", U_LINE, {"net": "nw", "volume": "high"})],
)
CAP = {"grd-rail": {"capacity": {"entente:nw": {"value": 5, "rule": "OB"}}, "pools": {}}}


def _board(**hexes):
    unit = unit_doc("R", "entente", "france", "infantry", "GW2:0101", 1, movement=1)
    return mini_board(M, [unit], values=RATES, ledgers=CAP, hexes=hexes)


def test_a_rail_path_follows_the_rail_line_7a():
    """7A: 0101 -> 0401 is three hexes across country but nine along the line's U: the rail path is the U."""
    b = _board()
    assert RS.path_to(b, b.state.unit("R"), "rail", "GW2:0401") == list(U_LINE)
    assert len(RS.path_to(b, b.state.unit("R"), "ground", "GW2:0401")) == 4


def test_a_refused_rail_drag_names_the_broken_line_7a6():
    """7A6: with the line broken at 0204 the drag 0101 -> 0401 (too far by ground for an MA of 1)
    is refused by rail, for the broken line, not for "no rail line" on the short cut; a rail path
    along a closed line is still the line's [7A]."""
    b = _board(**{"GW2:0204": {"rail": "broken"}})
    assert RS.path_to(b, b.state.unit("R"), "rail", "GW2:0401") == list(U_LINE)
    seq = MoveSequence(RS, M, b.state, b.values)
    seq.set_phase("movement", "entente")
    verdict = dict(seq.submit(0, seq.unit("R"), "GW2:0401") + seq.flush())[0]
    assert verdict is not None and verdict["mode"] == "rail", verdict
    assert verdict["rule"] == "7A6" and "broken" in verdict["why"]

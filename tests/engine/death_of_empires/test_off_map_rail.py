"""Off-map rail movement (8.53.A): an off-map line is a box joined by links to its map-edge rail
hexes; a unit travels it at the Railroad Movement Rate, may stop on it noting the hexes still to go,
and may not reenter the map into an enemy ZOC."""

from helpers import board, du, h, move, pointy_map, rail

NORTH = [h(c, 2) for c in range(1, 13)]
SOUTH = [h(c, 4) for c in range(1, 13)]


def _b(units, length=30, days=2):
    box = {"id": "east-line", "name": "off-map line", "attrs": {"off_map_rail": length, "track": "double"}}
    links = [
        {"between": [h(12, 2), "east-line"], "kind": "rail", "modes": ["rail"]},
        {"between": ["east-line", h(12, 4)], "kind": "rail", "modes": ["rail"]},
    ]
    m = pointy_map(lines=[rail(NORTH, "double"), rail(SOUTH, "double")], boxes=[box], links=links)
    return board(m, units, impulse_days=days, rail_points={"central": 40})


def test_through_the_off_map_line_and_back_onto_the_map():
    """8.53, 8.53.A: 2 + 30 + 1 hexes at 24 per MP (double track) = 1 3/8 -> 2 MP, 2 RP for 1 BE."""
    b = _b([du("T", h(10, 2), mode="rail")])
    v = move(b, "T", [h(11, 2), h(12, 2), "east-line", h(12, 4), h(11, 4)], mode="rail")
    assert v.legal, v.reasons
    assert v.extra["rail_mp"] == 2 and v.extra["rail_points"] == 2 and v.extra["hexes"] == 4


def test_ending_on_the_line_notes_the_hexes_left():
    """8.53.A: a 1-day March (2 MP): 2 map hexes then as far as the MP go: 46 of 60 hexes, 14 left."""
    b = _b([du("T", h(10, 2), mode="rail")], length=60, days=1)
    v = move(b, "T", [h(11, 2), h(12, 2), "east-line"], mode="rail")
    assert v.legal and v.extra["off_map"]["hexes_travelled"] == 46
    assert v.changes.unit_fields["T"]["off_map_left"] == 14 and v.extra["rail_mp"] == 2


def test_from_the_line_the_hexes_left_then_onto_the_map():
    b = _b([du("T", "east-line", mode="rail", off_map_left=14)], length=60)
    v = move(b, "T", [h(12, 4), h(11, 4)], mode="rail")
    assert v.legal and v.extra["rail_mp"] == 1 and v.changes.unit_fields["T"]["off_map_left"] == 0


def test_not_back_onto_the_map_into_an_enemy_zoc():
    """8.53.A: it must wait, or travel on to another entry hex."""
    units = [du("T", "east-line", mode="rail"), du("R", h(11, 5), "entente")]
    v = move(_b(units), "T", [h(12, 4)], mode="rail")
    assert not v.legal and v.reasons[0].rule == "8.53.A"
    assert move(_b(units), "T", [h(12, 2), h(11, 2)], mode="rail").legal

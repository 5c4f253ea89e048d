"""T11 (9.0 ex, 7.12): rail movement in the Counter-March; no Force March in Rail Mode; the free
Rail-Mode MP of a reinforcement."""

from helpers import board, du, h, move, pointy_map, rail

LINE = [h(c, 2) for c in range(1, 41)]
STATIONS = {h(13, 2): {"features": ["station"], "attrs": {"station_capacity": 4}}}


def test_eight_be_24_hexes_two_mp_16_rp_and_no_force_march():
    """9.0 ex: 2-day Counter-March (2 MP): 8 BE move 24 hexes at 12/MP -> 2 MP, 16 RP; one hex more
    would need Force March, which Rail Mode does not allow (9.11)."""
    m = pointy_map(cols=40, rows=3, lines=[rail(LINE)])
    units = [du(f"B{k}", h(1, 2), multiplicity=2, mode="rail", pfi="X") for k in range(4)]
    b = board(m, units, segment="counter_march", rail_points={"central": 40})
    v = move(b, "B0", LINE[1:25], mode="rail", stack=["B1", "B2", "B3"])
    assert v.legal and v.mp == 2 and v.extra["rail_points"] == 16
    v = move(b, "B0", LINE[1:26], mode="rail", stack=["B1", "B2", "B3"])
    assert not v.legal and "9.11" in v.reasons[0].rule


def test_reinforcement_free_mp_then_detrain():
    """9.0 ex, 7.12: a brigade arriving in Rail Mode moves 12 hexes with its free MP (0 RP, 1 MP),
    detrains (1 MP per BE x 1 BE): 2 MP used."""
    m = pointy_map(cols=40, rows=3, lines=[rail(LINE)], hexes=STATIONS)
    b = board(
        m,
        [du("R", h(1, 2), mode="rail", reinforcement=True)],
        values={"rail.detrain.mp_per_be": 1},
        segment="counter_march",
        rail_points={"central": 0},
    )
    v = move(b, "R", LINE[1:13], mode="rail", detrain="deployed", facing="1")
    assert v.legal
    assert v.extra["rail_points"] == 0 and v.extra["free_mp"] == 1
    assert v.mp == 2 and v.extra["mode"] == "deployed"
    assert v.changes.unit_fields["R"]["facing"] == 1


def test_entrained_unit_next_to_an_enemy_combat_unit_displaces_8_hexes():
    """8.52: an enemy Combat unit moving next to an entrained unit makes it move 8 hexes along
    friendly operational rail toward the nearest friendly Army Base."""
    m = pointy_map(cols=40, rows=4, lines=[rail(LINE)])
    units = [
        du("T", h(20, 2), mode="rail", army="A"),
        du("MD", h(25, 2), cls="supply", size="army", strength=0, type="main_depot", mr="R", army="A"),
        du("R", h(20, 4), "entente"),
    ]
    b = board(m, units, army_bases={"A": [h(1, 2)]}, active_side="entente")  # R's side moves (4.22)
    v = move(b, "R", [h(20, 3)])
    assert v.legal and v.extra["displaced"] == [
        {"unit": "T", "from": h(20, 2), "to": h(12, 2), "rule": "8.52"}
    ]

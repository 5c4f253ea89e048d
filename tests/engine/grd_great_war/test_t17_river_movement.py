"""T17 [7C2]-[7C6]: river movement. A 1-2-5 rifle regiment at "Pavia" enters the adjacent
navigable hexside, follows the river hexside to hexside and lands beside the 16th: 16 hexsides at
8 per MP (the River Movement Rates Table cell, from the chart-values file) = 2 MP, placed at 0 MP,
no ZOC during the move, 1 RE charged on the net whose only river transport marshaling yard
("Torino", a partial city next to the river) gives it 1 RE of capacity."""

from __future__ import annotations

import pytest
from grd_helpers import RS, judge, mini_board, mini_map, unit_doc

from railhead.engine.rulesets.grd_great_war.river import capacities
from railhead.engine.values import MissingChartValue

RATES = {"river_rates": {"movement": {"hexsides_per_mp": 8}}}


def _river(rows: int = 9) -> dict:
    """The zig-zag boundary between columns 03 and 04: 0301/0401, 0302/0401, 0302/0402, ... up to
    0309/0408 (16 hexsides, each meeting the next at a corner)."""
    sides = {}
    for r in range(1, rows + 1):
        sides[(f"GW2:03{r:02d}", f"GW2:04{r:02d}")] = ("river",)
        if r > 1:
            sides[(f"GW2:03{r:02d}", f"GW2:04{r - 1:02d}")] = ("river",)
    del sides[("GW2:0309", "GW2:0409")]
    return sides


def _map(**attrs):
    base = {"GW2:0305": {"city": "partial"}}  # "Torino": a major city beside the river [7C4]
    base.update(attrs)
    return mini_map(sides=_river(), attrs=base, cols=6, rows=10)


def _regiment(hexid="GW2:0301", cls="rifle", uid="RGT", re=1):
    return unit_doc(uid, "entente", "france", cls, hexid, re, strength=2, movement=5, size="regiment")


def test_sixteen_hexsides_are_two_mp_and_charge_one_re_on_the_net():
    b = mini_board(_map(), [_regiment()], values=RATES)
    v = judge(b, "RGT", ["GW2:0301", "GW2:0309"], "river")
    assert v.legal, v.reasons
    assert v.extra["river"]["entered"] == 16
    assert v.extra["river"]["hexsides"][0] == "GW2:0301/GW2:0401"
    assert v.extra["river"]["hexsides"][-1] == "GW2:0309/GW2:0408"
    assert v.mp == 2
    assert any("0 MP" in e for e in v.effects) and any("no ZOC" in e for e in v.effects)
    ((pool, charge),) = v.extra["river"]["charges"].items()
    assert charge == {"res": 1, "charged_now": 1, "remaining": 0}


def test_the_other_hex_beside_the_last_hexside_is_reached_too():
    """[7C2]: either land hex beside the destination hexside (here 0408 is already beside the
    15th hexside, so it costs 15/8 MP)."""
    b = mini_board(_map(), [_regiment()], values=RATES)
    v = judge(b, "RGT", ["GW2:0301", "GW2:0408"], "river")
    assert v.legal and v.extra["river"]["entered"] == 15


def test_capacity_is_one_re_per_owned_yard_and_used_once_per_net():
    """[7C4]-[7C5]: Torino gives 1 RE; a second regiment finds none left; artillery counts ×2."""
    b = mini_board(_map(), [_regiment()], values=RATES)
    assert list(capacities(RS, b, "entente").values())[0][0] == 1
    first = judge(b, "RGT", ["GW2:0301", "GW2:0305"], "river")
    assert first.legal
    b2 = mini_board(
        _map(), [_regiment(), _regiment("GW2:0302", uid="RGT2")], values=RATES, ledgers=first.extra["ledgers"]
    )
    again = judge(b2, "RGT", ["GW2:0301", "GW2:0309"], "river")
    assert again.legal  # the same unit on the same net: counted once [7C5]
    second = judge(b2, "RGT2", ["GW2:0302", "GW2:0309"], "river")
    assert not second.legal and second.reasons[0].rule == "7C5"
    art = mini_board(_map(), [_regiment(cls="artillery", uid="ART")], values=RATES)
    v = judge(art, "ART", ["GW2:0301", "GW2:0309"], "river")
    assert not v.legal and "needs 2" in v.reasons[0].message


def test_a_unit_not_beside_a_navigable_hexside_cannot_river_move():
    b = mini_board(_map(), [_regiment("GW2:0601")], values=RATES)
    v = judge(b, "RGT", ["GW2:0601", "GW2:0309"], "river")
    assert not v.legal and v.reasons[0].rule == "7C2"


def test_no_friendly_yard_on_the_net_forbids_river_movement():
    """[7C3]: a line of unblocked navigable hexsides must join the unit to a friendly-owned
    river transport marshaling yard."""
    b = mini_board(_map(), [_regiment()], values=RATES, hexes={"GW2:0305": {"owner": "central_powers"}})
    v = judge(b, "RGT", ["GW2:0301", "GW2:0309"], "river")
    assert not v.legal and v.reasons[0].rule == "7C3"


def test_rapids_next_to_a_mountain_hex_cut_the_waterway():
    """[7C1]: a river hexside next to a mountain hex is not navigable (European maps)."""
    m = mini_map(
        sides=_river(),
        attrs={"GW2:0305": {"city": "partial"}},
        terrain={"GW2:0407": "mountain"},
        cols=6,
        rows=10,
    )
    b = mini_board(m, [_regiment()], values=RATES)
    v = judge(b, "RGT", ["GW2:0301", "GW2:0309"], "river")
    assert not v.legal and v.reasons[0].rule == "7C2"
    assert judge(b, "RGT", ["GW2:0301", "GW2:0305"], "river").legal


def test_may_not_end_in_an_enemy_owned_hex():
    b = mini_board(_map(), [_regiment()], values=RATES, hexes={"GW2:0309": {"owner": "central_powers"}})
    v = judge(b, "RGT", ["GW2:0301", "GW2:0309"], "river")
    assert not v.legal and v.reasons[0].rule == "7C3"


def test_enemy_coast_defenses_block_the_hexsides_beside_them():
    """[7C3]: a hexside next to a hex with enemy coast defenses is blocked."""
    m = _map(**{"GW2:0407": {"coast_defense": True, "nation": "germany"}})
    b = mini_board(m, [_regiment()], values=RATES)
    assert not judge(b, "RGT", ["GW2:0301", "GW2:0309"], "river").legal
    assert judge(b, "RGT", ["GW2:0301", "GW2:0305"], "river").legal


def test_a_blank_rates_cell_names_the_cell_and_file():
    b = mini_board(_map(), [_regiment()], values={})
    with pytest.raises(MissingChartValue, match="river_rates"):
        judge(b, "RGT", ["GW2:0301", "GW2:0309"], "river")


def test_reach_lists_the_landing_hexes_with_their_mp():
    from railhead.engine.search import mp

    b = mini_board(_map(), [_regiment()], values=RATES)
    r, problems = RS.reach(b, b.state.unit("RGT"), "river")
    assert not problems
    assert mp(r.dist[b.idx("GW2:0309")]) == 2
    assert r.path(b.idx("GW2:0309")) == [b.idx("GW2:0301"), b.idx("GW2:0309")]
    assert r.dist[b.idx("GW2:0601")] == float("inf")


def test_the_rail_report_lists_the_waterway_nets_and_their_moves():
    """[7C5]: `railhead rail` shows each waterway net's capacity and what used it this turn."""
    b = mini_board(_map(), [_regiment()], values=RATES)
    v = judge(b, "RGT", ["GW2:0301", "GW2:0309"], "river")
    b = mini_board(_map(), [_regiment()], values=RATES, ledgers=v.extra["ledgers"])
    (net,) = RS.rail_report(b, "entente")["waterways"]
    assert net["pool"] == "entente:waterway:GW2:0301"
    assert (net["capacity"], net["spent"], net["remaining"]) == (1, 1, 0)
    assert [(e["unit"], e["what"], e["rule"]) for e in net["entries"]] == [("RGT", "river movement", "7C5")]

"""T38 [14O2], [14O3]: a 0-6 mountain pack transport regiment (1 RE) carrying a 2-3-5* rifle
brigade (2 REs) and four GSPs (1 RE) is one supported mountain pack transport unit of 4 REs with
6 MPs; in mud the overland element (2 hexes) becomes 3 with one transport unit in supply line mode
on it, and the road element 3 with a second one on the road; never more than +2."""

from fractions import Fraction

from grd_helpers import RS, judge, mini_board, mini_map, unit_doc

from railhead.engine.rulesets.grd_great_war.transport import Combined, combine
from railhead.engine.state import Unit
from railhead.engine.verdict import Reason
from railhead.mapdata.model import Line

PACK = Unit("PK", "entente", "italy", "mountain_pack_transport", "GW2:0101", "regiment", 0, 6, {"re": 1})
BDE = Unit("BDE", "entente", "italy", "rifle", "GW2:0101", "brigade", 2, 5, {"re": 2, "supported": True})


def test_the_combined_unit_of_the_example():
    c = combine(RS, None, PACK, [BDE], gsps=4)
    assert isinstance(c, Combined)
    assert (c.cls, c.re, c.movement, c.supported, c.strength) == ("mountain_pack_transport", 4, 6, True, 2)


def test_cargo_limits():
    """3 REs of units (or of units and logistics), 6 REs of logistics alone [14O2]."""
    big = Unit("B2", "entente", "italy", "rifle", "GW2:0101", "brigade", 2, 5, {"re": 2})
    assert isinstance(combine(RS, None, PACK, [BDE, big]), Reason)
    assert isinstance(combine(RS, None, PACK, [BDE], gsps=5), Reason)  # 2 + 1.25 > 3
    assert isinstance(combine(RS, None, PACK, [], gsps=24), Combined)  # 6 REs of GSPs
    assert isinstance(combine(RS, None, PACK, [], gsps=25), Reason)


def test_who_may_not_carry_or_be_carried():
    disrupted = Unit("PK", "entente", "italy", "pack_transport", "GW2:0101", "regiment", 0, 6,
                     {"re": 1, "disrupted": True})  # fmt: skip
    assert combine(RS, None, disrupted, [BDE]).rule == "14O2"
    truck = Unit("MT", "entente", "italy", "motor_transport", "GW2:0101", "regiment", 0, 6, {"re": 1})
    hq = Unit("HQ", "entente", "italy", "army_hq", "GW2:0101", "army", 0, 5, {"re": 3})
    assert combine(RS, None, truck, [hq]).rule == "14O2a"
    art = [
        Unit(f"A{k}", "entente", "italy", "artillery", "GW2:0101", "regiment", 1, 5, {"re": 1})
        for k in (1, 2)
    ]
    assert isinstance(combine(RS, None, truck, art[:1]), Combined)  # 2 REs (artillery ×2)
    assert isinstance(combine(RS, None, truck, art), Reason)  # 4 REs
    moved = Unit("M", "entente", "italy", "rifle", "GW2:0101", "brigade", 2, 5, {"re": 1, "mp_spent": 1})
    assert isinstance(combine(RS, None, PACK, [moved]), Reason)


def _doc(uid, cls, hexid, re=1, **attrs):
    return unit_doc(
        uid, "entente", "france", cls, hexid, re, strength=0, movement=6, size="regiment", **attrs
    )


def test_a_transport_moves_its_cargo_and_one_in_supply_line_mode_cannot_move():
    m = mini_map()
    tec = {"tec": {"clear": {"other_clear": 1}}}
    b = mini_board(m, [_doc("PK", "pack_transport", "GW2:0101"), _doc("R", "rifle", "GW2:0101")], values=tec)
    v = judge_stack(b, "PK", ["GW2:0101", "GW2:0201"], ["R"])
    assert v.legal and v.extra["transported"] == {"cargo": ["R"], "re": 2}
    b = mini_board(m, [_doc("PK", "pack_transport", "GW2:0101", transport_mode="supply_line")], values=tec)
    v = judge(b, "PK", ["GW2:0101", "GW2:0201"])
    assert not v.legal and v.reasons[0].rule == "14O1"


def judge_stack(b, unit, path, stack):
    from railhead.engine.queries import judge as q

    return q(RS, b, unit, path, "ground", stack=[unit, *stack])


def test_transport_units_never_count_for_stacking():
    m = mini_map()
    units = [
        unit_doc(f"D{k}", "entente", "france", "rifle", "GW2:0101", 3, size="division") for k in range(6)
    ]
    units += [_doc("PK", "pack_transport", "GW2:0101")]
    b = mini_board(m, units)
    assert RS.stack_fits(b, "GW2:0101", [])


# supply: sources in the west, rail to a depot at GW2:0602, a road on to GW2:0902
M = mini_map(
    attrs={"GW2:0102": {"city": "full"}, "GW2:0202": {"city": "partial"}},
    terrain={"GW2:1002": "rough"},
    lines=[
        Line("rail", tuple(f"GW2:{c:02d}02" for c in range(1, 7)), {"net": "nw", "nation": "france"}),
        Line("road", tuple(f"GW2:{c:02d}02" for c in range(6, 10))),
    ],
    cols=14,
)
CAP = {"grd-rail": {"capacity": {"entente:nw": {"value": 20, "rule": "OB"}}, "pools": {}}}


def _status(hq_hex, unit_hex, transports=()):
    units = [
        unit_doc("HQ", "entente", "france", "army_hq", hq_hex, 3, strength=0, size="army"),
        unit_doc("U", "entente", "france", "rifle", unit_hex, 2),
    ]
    for k, (cls, h) in enumerate(transports):
        units.append(_doc(f"T{k}", cls, h, transport_mode="supply_line"))
    b = mini_board(
        M, units, values={}, ledgers=CAP, weather="mud", hexes={"GW2:0602": {"depot": "operational"}}
    )
    return {u["unit"]: u["status"] for u in RS.supply_report(b, "entente")["units"]}["U"]


def test_mud_overland_2_becomes_3_with_one_transport_unit_on_it():
    assert _status("GW2:0802", "GW2:1102") == "out of general supply"
    assert _status("GW2:0802", "GW2:1102", [("pack_transport", "GW2:0902")]) == "in general supply"


def test_a_transport_unit_in_transport_mode_or_disrupted_does_not_extend():
    units = [("pack_transport", "GW2:0902")]
    b_units = [
        unit_doc("HQ", "entente", "france", "army_hq", "GW2:0802", 3, strength=0, size="army"),
        unit_doc("U", "entente", "france", "rifle", "GW2:1102", 2),
        _doc("T", units[0][0], units[0][1]),
        _doc("T2", units[0][0], units[0][1], transport_mode="supply_line", disrupted=True),
    ]
    b = mini_board(
        M, b_units, values={}, ledgers=CAP, weather="mud", hexes={"GW2:0602": {"depot": "operational"}}
    )
    rep = {u["unit"]: u["status"] for u in RS.supply_report(b, "entente")["units"]}
    assert rep["U"] == "out of general supply"


def test_mud_road_2_becomes_3_with_a_second_transport_unit_on_the_road():
    assert _status("GW2:0902", "GW2:1002") == "out of general supply"
    assert _status("GW2:0902", "GW2:1002", [("pack_transport", "GW2:0702")]) == "in general supply"


def test_three_transport_units_add_2_and_no_more():
    """The overland element from GW2:1202 to an HQ at GW2:0802: 4 hexes = 2 + 2 with three units
    (one adds only 1); GW2:1302 (5 hexes) is beyond even six."""
    three = [("pack_transport", "GW2:1102")] * 3
    assert _status("GW2:0802", "GW2:1202", three[:1]) == "out of general supply"
    assert _status("GW2:0802", "GW2:1202", three) == "in general supply"
    assert _status("GW2:0802", "GW2:1302", three * 2) == "out of general supply"


def test_only_mountain_pack_transport_extends_lines_in_mountainous_terrain():
    """[14O2bi]: GW2:1002 is a rough hex: a pack transport unit there extends nothing, a mountain
    pack transport unit does; a motorized one anywhere."""
    assert _status("GW2:0802", "GW2:1102", [("pack_transport", "GW2:1002")]) == "out of general supply"
    assert _status("GW2:0802", "GW2:1102", [("mountain_pack_transport", "GW2:1002")]) == "in general supply"
    assert _status("GW2:0802", "GW2:1102", [("motor_transport", "GW2:1002")]) == "in general supply"


def test_fraction_free_limits():
    from railhead.engine.rulesets.grd_great_war.transport import element_limits

    assert element_limits(Fraction(2), RS) == (2, 3, 3, 4)

"""T21 [8.3], [8.4], [8.5]: two British 8-10 squadrons (16 naval CSP) in a friendly port at the
start of Naval Operations, in the same area as British units."""

import pytest
from gwa_build import RS, area_map, position, rules, unit

LANDS = {
    "kent": {"country": "britain"},
    "flanders": {"country": "belgium"},
    "hanover": {"country": "germany"},
    "frisia": {"country": "germany"},
    "beach": {"country": "france"},
    "norway": {"country": "norway"},
}
MAP = area_map(
    LANDS,
    [
        ("kent", "channel", "coast"),
        ("flanders", "channel", "coast"),
        ("beach", "channel", "coast"),
        ("frisia", "north_sea", "coast"),
        ("hanover", "north_sea", "coast"),
        ("norway", "norwegian_sea", "coast"),
        ("channel", "north_sea", "sea"),
        ("north_sea", "norwegian_sea", "sea"),
    ],
    seas={"channel": {}, "north_sea": {}, "norwegian_sea": {}},
    ports={"dover": ("kent", ["channel"]), "ostend": ("flanders", ["channel"])},
)
SHIPS = [unit("BR-1S", "dover", "squadron", "britain"), unit("BR-2S", "dover", "squadron", "britain")]


def board(ground, ships=SHIPS, **kw):
    kw.setdefault("control", {"flanders": "allies", "norway": "allies"})
    return position(MAP, [*ground, *ships], banks={"britain": 20, "france": 20}, **kw)


def carried(b, units, path, mode, carriers="BR-1S,BR-2S"):
    return RS.judge_move(b, units, path, mode, carriers=carriers)


ARMIES = [unit("BR-1A", "kent", "army", "britain"), unit("BR-2A", "kent", "army", "britain")]
CORPS = [unit("BR-1C", "kent", "corps", "britain"), unit("BR-2C", "kent", "corps", "britain")]


def test_sea_transport_one_to_one():
    """[8.3.2]: 2 Armies + 1 Corps = 15 Attack CSP on 16 naval CSP: legal; + 1 more Corps = 18: not."""
    b = board([*ARMIES, *CORPS])
    v = carried(b, ["BR-1A", "BR-2A", "BR-1C"], ["kent", "flanders"], "sea_transport")
    assert v.legal, v.reasons
    assert v.changes.unit_fields["BR-1A"] == {"landed": True}  # [8.3.5]
    v = carried(b, ["BR-1A", "BR-2A", "BR-1C", "BR-2C"], ["kent", "flanders"], "sea_transport")
    assert not v.legal and rules(v) == "8.3.2"


def test_sea_transport_lands_only_in_a_friendly_port():
    """[8.3.4]: a port under friendly control; Frisia has none."""
    v = carried(board(CORPS), ["BR-1C"], ["kent", "frisia"], "sea_transport")
    assert not v.legal and rules(v) == "8.3.4"


def test_amphibious_corps_costs_four_and_must_assault():
    """[8.4.4] 16 / 4 = 4 Attack CSP: a Corps (3) lands, pays 4 NRC [8.4.6], must Assault [8.4.8]."""
    b = board([*CORPS, unit("GE-1C", "beach", nation="germany")], control={"beach": "central"})
    v = carried(b, ["BR-1C"], ["kent", "channel", "beach"], "amphibious_landing")
    assert v.legal, v.reasons
    assert [e["amount"] for e in v.extra["ledgers"]["nrc"]["pools"]["britain"]] == [4]
    assert v.changes.unit_fields["BR-1C"] == {"landed": True, "must_attack": "beach"}


def test_amphibious_army_is_too_big():
    """[8.4.4]: an Army (6) is more than 4 Attack CSP."""
    v = carried(board(ARMIES), ["BR-1A"], ["kent", "channel", "beach"], "amphibious_landing")
    assert not v.legal and rules(v) == "8.4.4"


def test_amphibious_needs_the_same_nationality():
    """[8.4.3]: a French Corps on British ships: illegal."""
    v = carried(board([unit("FR-1C", "kent")]), ["FR-1C"], ["kent", "channel", "beach"], "amphibious_landing")
    assert not v.legal and rules(v) == "8.4.3"


def test_no_landing_from_the_sea_next_to_hanover():
    """[8.4.8]: not from a maritime area next to Hanover."""
    v = carried(board(CORPS), ["BR-1C"], ["kent", "north_sea", "frisia"], "amphibious_landing")
    assert not v.legal and rules(v) == "8.4.8"


def test_marines_not_on_major_power_territory():
    """[8.4.9]: a British Marine landing on German (Major Power) territory: illegal."""
    m = [unit("BR-M", "kent", "marine", "britain")]
    v = carried(board(m), ["BR-M"], ["kent", "channel", "beach"], "amphibious_landing")
    assert not v.legal and rules(v) == "8.4.9"


def test_trench_units_do_not_land():
    """[8.4.1]: only Field units or Marines make Amphibious Landings."""
    t = [unit("BR-1C", "kent", "corps", "britain", status="trench", trench_attack=2, trench_movement=1)]
    v = carried(board(t), ["BR-1C"], ["kent", "channel", "beach"], "amphibious_landing")
    assert not v.legal and rules(v) == "8.4.1"


@pytest.mark.parametrize("dest", ["kent", "flanders"])
def test_evacuation_costs_four_for_an_army(dest):
    """[8.5]: an Army from portless Beach, squadrons in the Channel next to it: 4 NRC, 1 : 1, to the
    nearest friendly port (Dover and Ostend are both 1 NMP from the Channel: both are nearest)."""
    ships = [unit("BR-1S", "channel", "squadron", "britain"), unit("BR-2S", "channel", "squadron", "britain")]
    b = board([unit("BR-1A", "beach", "army", "britain")], ships=ships, control={"beach": "allies"})
    v = carried(b, ["BR-1A"], ["beach", "channel", dest], "sea_evacuation")
    assert v.legal, v.reasons
    assert [e["amount"] for e in v.extra["ledgers"]["nrc"]["pools"]["britain"]] == [4]


def test_evacuation_not_to_a_farther_port():
    """[8.5]: debarking at a farther port than the nearest friendly one is illegal."""
    ships = [unit("BR-1S", "channel", "squadron", "britain")]
    m = area_map(
        {"kent": {"country": "britain"}, "beach": {"country": "france"}, "scotland": {"country": "britain"}},
        [
            ("kent", "channel", "coast"),
            ("beach", "channel", "coast"),
            ("scotland", "north_sea", "coast"),
            ("channel", "north_sea", "sea"),
        ],  # fmt: skip
        seas={"channel": {}, "north_sea": {}},
        ports={"dover": ("kent", ["channel"]), "rosyth": ("scotland", ["north_sea"])},
    )
    b = position(
        m,
        [unit("BR-1C", "beach", "corps", "britain"), *ships],
        banks={"britain": 5},
        control={"beach": "allies"},
    )
    v = RS.judge_move(b, ["BR-1C"], ["beach", "channel", "scotland"], "sea_evacuation", carriers="BR-1S")
    assert not v.legal and rules(v) == "8.5"
    v = RS.judge_move(b, ["BR-1C"], ["beach", "channel", "kent"], "sea_evacuation", carriers="BR-1S")
    assert v.legal and v.extra["ledgers"]["nrc"]["pools"]["britain"][0]["amount"] == 2


def test_landed_units_may_not_move():
    """[8.3.5]: units landed this game turn may not move."""
    b = board([unit("BR-1C", "kent", "corps", "britain", landed=True)])
    v = RS.judge_move(b, ["BR-1C"], ["kent", "kent"], "ground")
    assert not v.legal and rules(v) == "8.3.5; 8.4.8; 8.5"


def test_sea_transport_starts_where_the_carriers_are_in_port():
    """[8.3.1], [8.4.2]: the carriers must be in a friendly port of the units' area: squadrons in
    Ostend cannot take a Corps from Kent, by sea transport or amphibious landing."""
    ships = [unit("BR-1S", "ostend", "squadron", "britain"), unit("BR-2S", "ostend", "squadron", "britain")]
    b = board(CORPS, ships=ships)
    v = carried(b, ["BR-1C"], ["kent", "flanders"], "sea_transport")
    assert not v.legal and rules(v) == "8.3.1"
    v = carried(b, ["BR-1C"], ["kent", "north_sea", "frisia"], "amphibious_landing")
    assert not v.legal and rules(v) == "8.4.2"


def test_only_friendly_naval_units_carry():
    """[8.3.3]: any friendly naval unit may carry, an enemy one never."""
    ships = [*SHIPS, unit("GE-1S", "dover", "squadron", "germany")]
    v = carried(board(CORPS, ships=ships), ["BR-1C"], ["kent", "flanders"], "sea_transport", "GE-1S")
    assert not v.legal and rules(v) == "8.3.3"


def test_amphibious_landing_on_a_coast_of_the_maritime_area():
    """[8.4.5]: a landing may be on any coast, but of the maritime area named: Norway has no coast on
    the North Sea here."""
    v = carried(board(CORPS), ["BR-1C"], ["kent", "north_sea", "norway"], "amphibious_landing")
    assert not v.legal and rules(v) == "8.4.5"


def test_option_transport_csp_both_ways():
    """Spec A15 ``transport_csp``, [8.3.2]: three British Trench Armies (Attack 2 in Trench status,
    6 in Field) on 16 naval CSP: 6 CSP by default (current status), legal; 18 read as Field
    strength, more than the carriers take."""
    trench = [
        unit(f"BR-{k}A", "kent", "army", "britain", status="trench", trench_attack=2, trench_movement=1)
        for k in (1, 2, 3)
    ]
    ids, path = ["BR-1A", "BR-2A", "BR-3A"], ["kent", "flanders"]
    assert carried(board(trench), ids, path, "sea_transport").legal
    v = carried(board(trench, options={"transport_csp": "field"}), ids, path, "sea_transport")
    assert not v.legal and rules(v) == "8.3.2"

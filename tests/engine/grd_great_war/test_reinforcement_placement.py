"""Reinforcements placed in the phasing player's initial phase [4A1, 16A, 16A1n, 16C12, 16C14]:
``railhead act MAP STATE place unit=ID hex=ID``, the unit's OB arrival in its ``arrives`` field."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from grd_helpers import RS, mini_board, mini_map, unit_doc, write

from railhead.cli import main
from railhead.engine.api import judge_drag
from railhead.engine.apply import apply_move
from railhead.engine.queries import judge_action
from railhead.errors import InputError
from railhead.mapdata.io import write_mapdata

# district "champagne" is columns 1-5, "lorraine" columns 6-10; every hex in command "west"
ATTRS = {
    f"GW2:{c:02d}{r:02d}": {"district": "champagne" if c <= 5 else "lorraine", "command": "west"}
    for c in range(1, 11)
    for r in range(1, 5)
}
for h in ("GW2:0202", "GW2:0402", "GW2:0702"):
    ATTRS[h] = {**ATTRS[h], "city": "partial"}
M = mini_map(attrs=ATTRS)


def _new(arrives="district:champagne", uid="NEW", side="entente", at="GW2:0101"):
    return unit_doc(uid, side, "france", "infantry", at, 3, arrives=arrives)


def _board(*units, phase="initial", active="entente", hexes=None):
    return mini_board(M, list(units), phase=phase, active_side=active, hexes=hexes or {})


def _place(b, unit="NEW", hex="GW2:0202"):
    return judge_action(RS, b, "place", {"unit": unit, "hex": hex})


def _rule(v):
    return None if v.legal else v.reasons[0].rule


def test_a_district_reinforcement_appears_in_a_friendly_owned_city_of_the_district_16a():
    b = _board(_new())
    v = _place(b)
    assert v.legal and "16A" in v.effects[0] and v.extra["placed"] == "GW2:0202"
    assert v.changes.unit_fields == {"NEW": {"placed": True}}
    after = apply_move(b, v, [], [], "act", record_mp=False)  # the act sets the unit down
    assert after.unit("NEW").hex == "GW2:0202" and after.unit("NEW").attr("placed") is True
    assert _rule(_place(b, hex="GW2:0702")) == "16A"  # a city of another district
    assert _rule(_place(b, hex="GW2:0302")) == "16A"  # in the district, but no city (3E2)


def test_only_friendly_owned_hexes_but_enemy_zocs_do_not_matter_16a():
    enemy = unit_doc("GE", "central_powers", "germany", "infantry", "GW2:0203", 3)
    b = _board(_new(), enemy)  # the German unit's ZOC covers 0202
    assert _place(b).legal
    b = _board(_new(), hexes={"GW2:0202": {"owner": "central_powers"}})
    v = _place(b)
    assert _rule(v) == "16A" and "friendly-owned" in v.reasons[0].message


def test_command_hex_and_mobilize_arrivals_16a_16a1n():
    b = _board(_new("command:west"))
    assert _place(b, hex="GW2:0702").legal and _rule(_place(b, hex="GW2:0703")) == "16A"
    b = _board(_new("hex:GW2:0303"))
    assert _place(b, hex="GW2:0303").legal and _rule(_place(b, hex="GW2:0202")) == "16A"
    b = _board(_new("mobilize:lorraine"))  # the countryside: any friendly-owned hex of the district
    assert _place(b, hex="GW2:0903").legal and _rule(_place(b, hex="GW2:0303")) == "16A1n"


def test_every_city_enemy_owned_forfeits_the_reinforcement_16c14():
    owned = {h: {"owner": "central_powers"} for h in ("GW2:0202", "GW2:0402")}
    v = _place(_board(_new(), hexes=owned))
    assert _rule(v) == "16C14" and "forfeited" in v.reasons[0].message


def test_one_reinforcement_per_isolated_city_while_unisolated_cities_remain_16c12():
    first = unit_doc("OLD", "entente", "france", "infantry", "GW2:0202", 3, placed=True)
    isolated = {"GW2:0202": {"isolated": True}}
    assert _rule(_place(_board(_new(), first, hexes=isolated))) == "16C12"
    assert _place(_board(_new(), hexes=isolated)).legal  # the first one may go there
    assert _place(_board(_new(), first)).legal  # not isolated: no limit
    both = {h: {"isolated": True} for h in ("GW2:0202", "GW2:0402")}
    assert _place(_board(_new(), first, hexes=both)).legal  # no unisolated city is available


def test_only_the_phasing_players_reinforcements_and_only_waiting_ones_16a():
    b = _board(_new(side="central_powers"))
    assert _rule(_place(b)) == "16A"
    b = _board(unit_doc("NEW", "entente", "france", "infantry", "GW2:0101", 3))
    v = _place(b)
    assert _rule(v) == "16A" and "arrives" in v.reasons[0].message


def test_placement_only_in_the_initial_phase_4a1():
    v = _place(_board(_new(), phase="movement"))
    assert not v.legal and "4A1" in v.reasons[0].rule
    v = judge_drag(RS, _board(_new()), "NEW", "GW2:0402")  # a drag in the initial phase is a placement
    assert v.legal and v.extra["drag"] == "place"


def test_a_map_without_districts_or_a_malformed_arrival_is_bad_input():
    with pytest.raises(InputError, match="district"):
        _place(mini_board(mini_map(), [_new()], phase="initial", active_side="entente"))
    with pytest.raises(InputError, match="arrives"):
        _place(_board(_new("somewhere")))


def test_place_from_the_command_line(tmp_path):
    write_mapdata(M, tmp_path / "map.json")
    doc = {
        "format": "railhead.state/1",
        "ruleset": "grd-great-war",
        "turn": 1,
        "phase": "initial",
        "active_side": "entente",
        "units": [_new()],
        "hexes": {},
        "ledgers": {},
    }
    s = write(tmp_path, doc)
    args = ["act", str(tmp_path / "map.json"), str(s), "place", "unit=NEW"]
    r = CliRunner().invoke(main, [*args, "hex=GW2:0202"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, [*args, "hex=GW2:0702", "--json"])
    assert r.exit_code == 1 and '"16A"' in r.output

"""Rail movement restrictions [7A], [7A3], [7A6], [7A7] on the sample: only friendly-owned rail hexes
joined to a friendly yard, never into or out of an enemy ZOC unless a friendly unit holds the hex,
never through broken or obstructed lines; strategic rail only with no other movement, and then no
exploitation."""

from grd_helpers import RS, board, doc, judge

RATES = {"rail_rates": {"operational": {"hexes_per_mp": 8}}}


def _judge(d, unit, path, mode="rail"):
    return judge(board(d, values=RATES), unit, path, mode)


def test_a_clear_line_is_open():
    assert _judge(doc(), "FR-RES", ["GW2:0304", "GW2:0404"]).legal


def test_broken_and_obstructed_lines_close_the_hex():
    for status, rule in (("broken", "7A6"), ("obstructed", "7A7")):
        d = doc()
        d["hexes"]["GW2:0404"] = {"rail": status}
        v = _judge(d, "FR-RES", ["GW2:0304", "GW2:0404"])
        assert not v.legal and v.reasons[0].rule == rule


def test_only_friendly_owned_rail_hexes():
    d = doc()
    d["hexes"]["GW2:0404"] = {"owner": "central_powers"}
    v = _judge(d, "FR-RES", ["GW2:0304", "GW2:0404"])
    assert not v.legal and v.reasons[0].rule == "7A"


def test_no_rail_into_an_enemy_zoc_unless_a_friendly_unit_holds_the_hex():
    d = doc()
    d["units"].append(
        {
            "id": "DE-X",
            "side": "central_powers",
            "nation": "germany",
            "class": "infantry",
            "size": "division",
            "strength": 6,
            "movement": 5,
            "hex": "GW2:0405",
            "attrs": {"re": 4},
        }
    )
    v = _judge(d, "FR-RES", ["GW2:0304", "GW2:0404"])
    assert not v.legal and "enemy ZOC" in v.reasons[0].message
    d["units"].append(
        {
            "id": "FR-H",
            "side": "entente",
            "nation": "france",
            "class": "rifle",
            "size": "brigade",
            "strength": 2,
            "movement": 5,
            "hex": "GW2:0404",
            "attrs": {"re": 2},
        }
    )
    assert _judge(d, "FR-RES", ["GW2:0304", "GW2:0404"]).legal


def test_cut_off_from_every_friendly_yard():
    d = doc()
    for h in ("GW2:0104", "GW2:0204", "GW2:0205", "GW2:0304"):
        d["hexes"][h] = {"owner": "central_powers"}
    d["units"] = [u for u in d["units"] if u["id"] != "FR-RES"]
    d["units"].append(
        {
            "id": "FR-R",
            "side": "entente",
            "nation": "france",
            "class": "rifle",
            "size": "brigade",
            "strength": 2,
            "movement": 5,
            "hex": "GW2:0404",
            "attrs": {"re": 2},
        }
    )
    d["hexes"]["GW2:0504"] = {"owner": "central_powers"}
    v = _judge(d, "FR-R", ["GW2:0504"])
    assert not v.legal and "marshaling yard" in v.reasons[0].message


def test_strategic_rail_after_moving_and_exploitation_after_strategic_rail():
    d = doc()
    d["units"][6]["attrs"]["mp_spent"] = 1  # FR-RES walked first
    v = _judge(d, "FR-RES", ["GW2:0304"], "strategic_rail")
    assert not v.legal and v.reasons[0].rule == "7A3"
    v = _judge(doc(), "FR-RES", ["GW2:0304"], "strategic_rail")
    assert v.changes.unit_fields["FR-RES"]["used_strategic_rail"] is True
    d = doc()
    d["units"][6]["attrs"]["used_strategic_rail"] = True
    d["phase"] = "exploitation"  # [4A6]
    v = _judge(d, "FR-RES", ["GW2:0304"], "exploitation")
    assert not v.legal and v.reasons[0].rule == "7A3"


def test_rail_only_units_use_no_capacity():
    d = doc()
    d["units"].append(
        {
            "id": "RR",
            "side": "entente",
            "nation": "france",
            "class": "rail_only",
            "size": "regiment",
            "strength": 4,
            "movement": "R",
            "hex": "GW2:0304",
            "attrs": {"re": 1},
        }
    )
    v = _judge(d, "RR", ["GW2:0404"], "strategic_rail")
    assert v.legal and "charges" not in v.extra["rail"]


def test_capacity_left_is_shared_by_the_turns_moves():
    """[7A4]: a move that needs more than the net has left this turn is refused."""
    d = doc()
    d["ledgers"]["grd-rail"]["capacity"]["entente:nw_europe_standard"]["value"] = 5  # 4 upkeep, 1 left
    v = _judge(d, "FR-RES", ["GW2:0304"])
    assert not v.legal and v.reasons[0].rule == "7A4"
    assert RS.rail_report(board(d), "entente")["networks"][0]["remaining"] == 1


def test_the_mover_does_not_hold_the_zoc_off_for_itself():
    """[7A]: the negating unit must stay in the hex throughout; the unit leaving cannot be it."""
    d = doc()
    d["units"].append(
        {
            "id": "DE-X",
            "side": "central_powers",
            "nation": "germany",
            "class": "infantry",
            "size": "division",
            "strength": 6,
            "movement": 5,
            "hex": "GW2:0305",
            "attrs": {"re": 4},
        }
    )
    v = _judge(d, "FR-RES", ["GW2:0304"])  # entering 0304, in the German ZOC
    assert not v.legal
    d["units"][6]["hex"] = "GW2:0304"  # FR-RES now stands in the ZOC hex: it may not leave by rail
    v = _judge(d, "FR-RES", ["GW2:0404"])
    assert not v.legal and "enemy ZOC" in v.reasons[0].message

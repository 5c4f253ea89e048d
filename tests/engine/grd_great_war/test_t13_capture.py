"""T13 [7A5f]: (a) a yard captured from a 12-RE net: owner 10, captor +1 usable from next turn;
(b) owner with 1 RE: owner 0, captor nothing; (c) the owner's last yard: capacity 0, both depots
deactivated, captor nothing."""

from grd_helpers import board, doc, nets, next_turn

from railhead.engine.rulesets.grd_great_war import capacity as cap


def test_a_owner_loses_2_captor_gains_1_next_turn(rules):
    led = cap.capture(nets(entente__n=12, cp__n=5), "entente:n", "cp:n", "yard captured", rules)
    assert led.standing("entente:n") == 10 and led.balance("cp:n") == 5
    later = next_turn(led)
    assert later.standing("entente:n") == 10 and later.balance("cp:n") == 6


def test_b_owner_below_2_loses_all_captor_nothing(rules):
    led = cap.capture(nets(entente__n=1, cp__n=5), "entente:n", "cp:n", "yard captured", rules)
    assert led.standing("entente:n") == 0 and next_turn(led).balance("cp:n") == 5


def test_c_last_yard_lost(rules):
    led, gone = cap.last_yard_lost(nets(entente__n=8), "entente:n", ["d1", "d2"])
    assert led.standing("entente:n") == 0 and gone == ["d1", "d2"]


def test_on_the_sample_capture_of_a_yard():
    from railhead.engine.rulesets.grd_great_war.hooks import RULESET

    act = {"action": "capture", "hex": "GW2:0904", "by": "central_powers"}
    b = board(doc(rail_actions=[act]))
    rep = RULESET().rail_report(b, "entente")
    assert rep["networks"][0]["standing"] == 28
    assert rep["actions"][0]["captor"] == "central_powers:nw_europe_standard"


def test_the_capture_changes_the_saved_position_too():
    """[7A5f], [7A7], [11C1]: the captured hex is the captor's, its rail line obstructed, the
    depot in it removed; the changed hexes parse as a position again."""
    import copy

    from grd_helpers import RS

    acts = [
        {"action": "capture", "hex": "GW2:0904", "by": "central_powers"},
        {"action": "capture", "hex": "GW2:0804", "by": "central_powers"},
    ]
    rep = RS.rail_report(board(doc(rail_actions=acts)), "entente")
    assert rep["hexes"] == {
        "GW2:0904": {"owner": "central_powers", "fields": {"rail": "obstructed"}},
        "GW2:0804": {"owner": "central_powers", "fields": {"rail": "obstructed", "depot": None}},
    }
    saved = copy.deepcopy(doc())
    for h, change in rep["hexes"].items():
        entry = saved["hexes"].setdefault(h, {})
        for key, value in change["fields"].items():
            if value is None:
                entry.pop(key, None)  # removed from the map
            else:
                entry[key] = value
        entry["owner"] = change["owner"]
    b = board(saved)
    assert RS.nets(b).owner[b.idx("GW2:0904")] == "central_powers"
    assert b.state.hex("GW2:0804").fields.get("depot") is None
    assert RS.nets(b).status("obstructed")[b.idx("GW2:0904")]


def test_losing_the_last_yard_removes_every_depot_of_the_net():
    """[7A5f]: a net with one yard (a partial city) and two depots: its capture removes both."""
    from grd_helpers import RS, mini_board, mini_map

    from railhead.mapdata.model import Line

    m = mini_map(
        attrs={"GW2:0102": {"city": "partial"}},
        lines=[Line("rail", tuple(f"GW2:{c:02d}02" for c in range(1, 7)), {"net": "n", "nation": "france"})],
    )
    hexes = {"GW2:0402": {"depot": "operational"}, "GW2:0602": {"depot": "operational"}}
    led = {"grd-rail": {"capacity": {"entente:n": {"value": 8, "rule": "OB"}}, "pools": {}}}
    act = [{"action": "capture", "hex": "GW2:0102", "by": "central_powers"}]
    b = mini_board(m, [], ledgers=led, hexes=hexes, rail_actions=act)
    rep = RS.rail_report(b, "entente")
    assert rep["hexes"]["GW2:0102"]["owner"] == "central_powers"
    assert rep["hexes"]["GW2:0402"] == {"fields": {"depot": None}}
    assert rep["hexes"]["GW2:0602"] == {"fields": {"depot": None}}

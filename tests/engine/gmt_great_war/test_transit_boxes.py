"""Transit boxes (9.13, 9.14, 9.24, 9.25) and the off-map routes between fronts (9.0)."""

from gmt_helpers import RS, U, board, geo

from railhead.engine.rulesets.gmt_great_war.supply import unit_supply


def judge(b, uid, path):
    return RS.judge_move(b, [uid], path, "strategic")


def test_units_in_a_transit_box_stop_there():
    """9.13: a unit goes into the CP transit box in one phase and leaves it in a later one."""
    m = geo(("eastern", "iraqi"))
    b = board(m, [U("GE-1", "E5102")])
    edge = next(lk.between[0] for lk in m.links if lk.between[1] == "cp_transit" and lk.between[0][0] == "N")
    v = judge(b, "GE-1", ["E5102", "E5101", "cp_transit", edge])
    assert not v.legal and v.reasons[0].rule == "9.13"


def test_leaving_the_box_charges_the_destination():
    """9.14, A14: leaving the box for the Iraqi map counts against the Near East limit only."""
    m = geo(("eastern", "iraqi"))
    b = board(m, [U("TU-1", "cp_transit", nation="tu")])
    assert unit_supply(b, RS.data, RS, b.state.unit("TU-1"))["status"] == "in supply"
    r, _ = RS.reach(b, b.state.unit("TU-1"), "strategic")
    path = [b.arrays.ids[k] for k in r.path(b.arrays.index["N1540"])]
    v = judge(b, "TU-1", path)
    assert v.legal, v.reasons
    assert [e["pool"] for e in v.extra["strategic"]] == ["cp_near_east"]


def test_a_route_is_no_place_to_stop():
    """9.0: the off-map route between European fronts is passed through, not stopped in."""
    b = board(geo(("eastern", "western")), [U("GE-1", "E5102")])
    v = judge(b, "GE-1", ["E5102", "E5101", "cp_europe_edge"])
    assert not v.legal and "not a place to stop" in v.reasons[0].message


def test_russian_transfer_box_counts_against_both_and_closes_with_the_czar():
    """9.24, 9.25: East to the Caucasus through the transfer box counts against both Russian
    limits; after the Fall of the Czar the box is closed."""
    m = geo(("eastern", "caucasus"))
    units = [U("RU-1", "E4129", side="allied", nation="ru")]
    b = board(m, units)
    r, _ = RS.reach(b, b.state.unit("RU-1"), "strategic")
    assert r.dist[b.arrays.index["ru_transfer"]] == 0
    path = [b.arrays.ids[k] for k in r.path(b.arrays.index["ru_transfer"])]
    v = judge(b, "RU-1", path)
    assert v.legal, v.reasons
    assert {e["pool"] for e in v.extra["strategic"]} == {"russian_east", "russian_caucasus"}
    closed = board(m, units, fall_of_the_czar=True)
    v = judge(closed, "RU-1", path)
    assert not v.legal and v.reasons[0].rule == "9.24"


def test_allies_have_no_route_east_to_west():
    """9.24: only Russian units move between Europe and the Near East, and no Allied route joins
    the Western and Eastern maps: a French unit's strategic reach stays on its front."""
    m = geo(("western", "eastern"))
    b = board(m, [U("FR-1", "W5008", side="allied", nation="fr")])
    r, _ = RS.reach(b, b.state.unit("FR-1"), "strategic")
    fronts = {m.hexes[b.arrays.ids[k]].attrs["front"] for k in r.hexes() if b.arrays.ids[k] in m.hexes}
    assert fronts == {"western"}


def test_russians_stay_in_russia():
    """9.22: Russian strategic movement on the Eastern map never leaves Russia / Russian Poland."""
    m = geo(("eastern",))
    b = board(m, [U("RU-1", "E4816", side="allied", nation="ru")], hexes={"E4304": {"owner": "allied"}})
    r, _ = RS.reach(b, b.state.unit("RU-1"), "strategic")
    assert not r.hexes().size or all(
        m.hexes[b.arrays.ids[k]].attrs["country"] in ("russia", "russian_poland")
        for k in r.hexes()
        if b.arrays.ids[k] in m.hexes
    )


def test_german_hqs_never_go_to_the_near_east():
    """17.31: German HQs never enter the Near East maps (nor the transit box that leads there)."""
    b = board(geo(("eastern", "iraqi")), [U("GE-HQ", "E5102", cls="hq")])
    v = judge(b, "GE-HQ", ["E5102", "E5101", "cp_transit"])
    assert not v.legal and v.reasons[0].rule == "17.31"


def test_stacking_is_enforced_in_the_strategic_phase():
    """7.22, 7.23: a strategic move may not end in a hex already holding six counted units."""
    full = [U(f"GE-{k}", "E5205") for k in range(6)]
    b = board(geo(("eastern",)), [*full, U("GE-9", "E5102")])
    v = judge(b, "GE-9", ["E5102", "E5103", "E5104", "E5205"])
    assert not v.legal and v.reasons[0].rule == "7.22"


def test_out_of_arabia_never_back():
    """9.16: units leave the Arabia box only by strategic movement, to an Ottoman town or city of
    the Egyptian map, against the Near East limit; they never return."""
    m = geo(("egyptian",))
    b = board(m, [U("TU-1", "arabia", nation="tu"), U("TU-2", "N2416", nation="tu")], weather={"ie": "fair"})
    v = judge(b, "TU-1", ["arabia", "N2416"])
    assert v.legal, v.reasons
    assert [e["pool"] for e in v.extra["strategic"]] == ["cp_near_east"]
    back = judge(b, "TU-2", ["N2416", "arabia"])
    assert not back.legal and back.reasons[0].rule == "9.0"


def test_allied_iraq_south_of_xx44_after_maude():
    """9.23, 6.33: Allied strategic movement on the Iraqi map only after the Maude event, only
    south of hexrow xx44 and outside Persia (Abadan excepted)."""
    m = geo(("iraqi",), places={"N1948": ("Qurna", "town", {}), "N1944": ("Amara", "town", {})})
    path = ["N2252", "N2151", "N2150", "N2149", "N2049", "N2048", "N1948"]
    north = ["N1948", "N1947", "N1946", "N1945", "N1944"]
    hexes = {h: {"owner": "allied"} for h in [*path, *north]}
    units = [U("BI-1", "N2252", side="allied", nation="bi"), U("BI-2", "N1948", side="allied", nation="bi")]
    before = board(m, units, hexes=hexes)
    v = judge(before, "BI-1", path)
    assert not v.legal and "Maude" in v.reasons[0].message
    after = board(m, units, hexes=hexes, maude=True)
    v = judge(after, "BI-1", path)
    assert v.legal, v.reasons
    v = judge(after, "BI-2", north)
    assert not v.legal and v.reasons[0].rule == "9.23" and "xx44" in v.reasons[0].message

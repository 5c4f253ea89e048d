"""§9 T20: strategic movement counts by side and region, doubled outside Germany / outside France
or Italy, and for HQs (9.11, 9.12, 9.21, 9.34); the ledger shown by ``railhead rail``."""

from gmt_helpers import RS, U, board, geo

from railhead.engine.board import Board


def sm(b: Board, uid: str, dest: str):
    """The strategic move of ``uid`` to ``dest`` along the path its strategic reach finds, and the
    board after it (ledger updated)."""
    unit = b.state.unit(uid)
    r, _ = RS.reach(b, unit, "strategic")
    i = b.arrays.index[dest]
    assert r.dist[i] == 0, f"{dest} not reachable by {uid}"
    path = [b.arrays.ids[k] for k in r.path(i)]
    v = RS.judge_move(b, [uid], path, "strategic")
    assert v.legal, v.reasons
    after = RS.apply(b, v, [uid], path, "strategic")
    return v, Board(b.map, after, values=b.values)


def pool(b, side, name):
    return next(n for n in RS.rail_report(b, side)["networks"] if n["pool"] == name)


def test_t20_central_powers():
    """9.11, 9.34: GE HQ Breslau -> Budapest 4 (HQ, ends outside Germany); GE infantry between two
    German cities 1; Berlin -> a Belgian city 2: 7 of 24. 9.12, 9.34: TU HQ on the NE maps 2 of 4."""
    m = geo(("western", "eastern", "iraqi"))
    belgium = {h: {"owner": "cp"} for h, x in m.hexes.items() if x.attrs.get("country") == "belgium"}
    units = [
        U("GE-HQ", "E4908", cls="hq", ma=3),
        U("GE-1", "E5102"),
        U("GE-2", "E5102"),
        U("TU-HQ", "N1540", nation="tu", cls="hq", ma=2),
    ]
    b = board(m, units, hexes=belgium, phase="strategic_movement", active_side="cp", weather="fair")
    v, b = sm(b, "GE-HQ", "E3310")
    assert v.extra["strategic"] == [{"pool": "cp_europe", "units": 4, "why": v.extra["strategic"][0]["why"]}]
    v, b = sm(b, "GE-1", "E5205")
    assert v.extra["strategic"][0]["units"] == 1
    v, b = sm(b, "GE-2", "W6819")
    assert "cp_europe_edge" in [s.to for s in v.steps]
    assert v.extra["strategic"][0]["units"] == 2
    europe = pool(b, "cp", "cp_europe")
    assert (europe["spent"], europe["remaining"], europe["capacity"]) == (7, 17, 24)
    v, b = sm(b, "TU-HQ", "N1336")
    ne = pool(b, "cp", "cp_near_east")
    assert (ne["spent"], ne["capacity"]) == (2, 4)


def test_t20_allies():
    """9.21: FR division between two French cities 1; BR division French city -> Belgian city 2."""
    m = geo(("western",))
    b = board(
        m, [U("FR-1", "W5008", side="allied", nation="fr"), U("BR-1", "W6413", side="allied", nation="br")]
    )
    v, b = sm(b, "FR-1", "W5520")
    assert v.extra["strategic"][0]["units"] == 1
    v, b = sm(b, "BR-1", "W6912")
    assert v.extra["strategic"][0]["units"] == 2
    west = pool(b, "allied", "allied_west")
    assert (west["spent"], west["capacity"]) == (3, 12)


def test_t20_limit_is_enforced():
    """9.12: the fifth unit over the Near East limit of 4 is refused, citing the limit."""
    m = geo(("iraqi",))
    units = [U(f"TU-{k}", "N1540", nation="tu") for k in range(5)]
    b = board(m, units, phase="strategic_movement", active_side="cp")
    for k in range(4):
        _, b = sm(b, f"TU-{k}", "N1336")
    full = _path_ignoring_limit(b, "TU-4", "N1336")
    v = RS.judge_move(b, ["TU-4"], full, "strategic")
    assert not v.legal and v.reasons[0].rule == "9.12"


def test_t20_once_per_phase():
    """9.0: a unit moves strategically once per phase."""
    m = geo(("iraqi",))
    b = board(m, [U("TU-1", "N1540", nation="tu")], phase="strategic_movement", active_side="cp")
    _, b = sm(b, "TU-1", "N1336")
    v = RS.judge_move(b, ["TU-1"], _path_ignoring_limit(b, "TU-1", "N1540"), "strategic")
    assert not v.legal and "already moved" in v.reasons[0].message


def _path_ignoring_limit(b, uid, dest):
    from railhead.engine.rulesets.gmt_great_war.strategic import sm_costs
    from railhead.engine.search import path_to, search

    unit = b.state.unit(uid)
    _, pred = search(b.arrays.nbr, sm_costs(b, RS.data, RS, unit.side), b.arrays.index[unit.hex])
    return [b.arrays.ids[k] for k in path_to(pred, b.arrays.index[dest])]

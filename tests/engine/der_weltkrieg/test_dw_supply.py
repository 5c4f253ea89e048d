"""Der Weltkrieg supply lines, HQ lines of communication and surrounded units (R17-R20, R34)."""

from __future__ import annotations

from builders import hex_map, position, rail, side, unit

from railhead.engine.ruleset import get_ruleset

DW = get_ruleset("der-weltkrieg")


def fr(uid, hex_id, cls="infantry", **kw):
    return unit(uid, hex_id, cls, side_="entente", nation="france", **kw)


def fig11_map():
    """All hexsides woods (2 MP) except the few the Fig 11 lines need to come out as printed."""
    clear = {("1711", "1712"), ("1613", "1713"), ("1513", "1613")}
    m = hex_map()
    sides = [
        side(a, b, "clear" if (a, b) in clear else "woods") for a in m.hexes for b in m.neighbours(a) if a < b
    ]
    return hex_map(hexsides=sides)


def units_of(report):
    return {u["unit"]: u for u in report["units"]}


def test_tc16_supply_lines_traced_on_the_map():
    """Fig 11 ex. 2 (R19-8, R19-9, R19-10): lines 1712->...->1809 = 5 MP (attack -1) and
    1812->1811->1810->1809 = 6 MP (-2); the French in 1713 trace 6 MP to the HQ in 1411: no
    counterattack reduction (<= 8). Winter (R34-2, R34-3): -2 and -3; counterattack 6 <= 6."""
    m = fig11_map()
    ge = [
        unit("HQ2", "1809", "hq", supply_points=30),
        unit("A", "1712", strength=5),
        unit("B", "1812", strength=9),
        unit("C", "1812", strength=5),
    ]
    fre = [fr("HQ5", "1411", "hq", supply_points=20), fr("D", "1713", strength=8)]
    depots = {"1809": {"markers": ["depot"]}, "1411": {"markers": ["depot"]}}
    b = position(m, ge + fre, hexes=depots)
    rep = units_of(DW.supply_report(b, "central"))
    assert rep["A"]["line_mp"] == 5 and rep["A"]["attack_reduction"] == 1
    assert rep["A"]["hq"] == "HQ2" and rep["A"]["path"][0] == "1712" and rep["A"]["path"][-1] == "1809"
    assert rep["B"]["line_mp"] == 6 and rep["B"]["attack_reduction"] == 2
    assert rep["C"]["attack_reduction"] == 2
    french = units_of(DW.supply_report(b, "entente"))
    assert french["D"]["line_mp"] == 6 and french["D"]["counterattack_reduction"] == 0
    assert french["D"]["path"][:3] == ["1713", "1613", "1513"] and len(french["D"]["path"]) == 5

    winter = position(m, ge + fre, month=1, hexes=depots)
    rep = units_of(DW.supply_report(winter, "central"))
    assert rep["A"]["attack_reduction"] == 2 and rep["B"]["attack_reduction"] == 3
    assert units_of(DW.supply_report(winter, "entente"))["D"]["counterattack_reduction"] == 0


def test_supply_line_blocking_r19_7():
    """R19-7: enemy units and enemy ZOC hexes without a friendly ground unit block the line;
    prohibited hexsides too. R21-2: a friendly fortress keeps an EZOC hex open."""
    m = hex_map(hexsides=[side("1010", "1011", "ocean")])
    base = [unit("HQ", "1012", "hq"), unit("I", "1010")]
    depot = {"1012": {"markers": ["depot"]}}
    rep = units_of(DW.supply_report(position(m, base, hexes=depot), "central"))
    assert rep["I"]["status"] == "in supply" and "1011" not in rep["I"]["path"]
    # wall of French ZOC between unit and HQ: French units in 0812..1412 row cut every line
    m = hex_map(cols=(1, 20), rows=(1, 20))
    wall = [fr(f"F{c}", f"{c:02d}12") for c in range(1, 21)]
    b = position(m, [unit("HQ", "1018", "hq"), unit("I", "1005")] + wall)
    rep = units_of(DW.supply_report(b, "central"))
    assert rep["I"]["status"] in ("no supply line", "surrounded") and rep["I"]["hq"] is None
    assert "R19-11" in rep["I"]["rules"]
    # a gap in the wall, with German units holding the enemy-ZOC hexes of the gap, reopens it
    wall = [w for w in wall if w["hex"] not in ("1012",)]
    holders = [unit(f"H{r}", f"10{r}") for r in (11, 12, 13)]
    b = position(m, [unit("HQ", "1018", "hq"), unit("I", "1005")] + holders + wall)
    assert units_of(DW.supply_report(b, "central"))["I"]["hq"] == "HQ"


def test_nationality_of_supply():
    """R19-6, R18-13: own nationality; R37-8: German HQs supply any Central Powers unit; an
    Austro-Hungarian HQ does not supply Germans."""
    m = hex_map()
    b = position(
        m,
        [
            unit("AHQ", "1010", "hq", nation="austria-hungary"),
            unit("G", "1012"),
            unit("AH", "1013", nation="austria-hungary"),
        ],
    )
    rep = units_of(DW.supply_report(b, "central"))
    assert rep["G"]["hq"] is None and rep["AH"]["hq"] == "AHQ"
    b = position(m, [unit("GHQ", "1010", "hq"), unit("AH", "1013", nation="austria-hungary")])
    assert units_of(DW.supply_report(b, "central"))["AH"]["hq"] == "GHQ"


def test_hq_line_of_communication_r19_15():
    """R19-15: an HQ that cannot reach a friendly active rail line uses thresholds 2 and 3."""
    m = hex_map(attrs={"country": "germany"}, lines=[rail("0501", "0502")])
    b = position(m, [unit("HQ", "1010", "hq"), unit("I", "1013")])
    rep = DW.supply_report(b, "central")
    assert rep["hqs"][0]["line_of_communication"]
    assert units_of(rep)["I"]["line_mp"] == 3 and units_of(rep)["I"]["attack_reduction"] == 0
    ring = [fr(f"F{c}-{r}", f"{c:02d}{r:02d}") for c, r in m.sheets[0].grid.ring((10, 10), 2)]
    b = position(m, [unit("HQ", "1010", "hq"), unit("I", "1011")] + ring)
    rep = DW.supply_report(b, "central")
    assert not rep["hqs"][0]["line_of_communication"]
    assert units_of(rep)["I"]["thresholds"] == [2, 3]
    assert "R19-13" not in units_of(rep)["I"]["rules"]


def test_surrounded_r20_1_and_fortress_r20_9():
    """R20-1: a unit ringed by enemy ZOC traces no line of communication: surrounded; R20-9: not
    when a fortress shares its hex."""
    m = hex_map(cols=(1, 20), rows=(1, 20), attrs={"country": "germany"})
    ring_hexes = [m.ref(h) for h in m.neighbours("1010")]
    ring = []
    for k, h in enumerate(m.neighbours("1010")):
        for n in m.neighbours(h):
            if n != "1010" and n not in m.neighbours("1010"):
                ring.append(fr(f"F{k}-{n}", n))
    seen, ring_units = set(), []
    for u in ring:
        if u["hex"] not in seen:
            seen.add(u["hex"])
            ring_units.append(u)
    assert ring_hexes
    b = position(m, [unit("I", "1010"), unit("HQ", "0101", "hq")] + ring_units)
    rep = units_of(DW.supply_report(b, "central"))
    assert rep["I"]["surrounded"] and rep["I"]["status"] == "surrounded"
    b = position(
        m,
        [unit("I", "1010"), unit("FT", "1010", "fortress"), unit("HQ", "0101", "hq")] + ring_units,
    )
    assert not units_of(DW.supply_report(b, "central"))["I"]["surrounded"]


def test_one_search_per_nationality_group_not_per_unit():
    m = hex_map()
    many = [unit(f"G{k}", f"{(k % 30) + 1:02d}{(k // 30) + 1:02d}") for k in range(60)]
    b = position(m, [unit("HQ", "2020", "hq")] + many)
    rep = DW.supply_report(b, "central")
    assert (
        rep["searches"] == 1 and rep["summary"].get("in supply", 0) + rep["summary"].get("reduced", 0) == 60
    )


def test_artillery_line_limit_r29_4():
    m = hex_map()
    b = position(
        m,
        [unit("HQ", "1001", "hq"), unit("A", "1010", "artillery"), unit("B", "1002", "artillery")],
    )
    rep = units_of(DW.supply_report(b, "central"))
    assert rep["A"]["artillery_may_attack"] is False
    assert rep["B"]["artillery_may_attack"] is True


def test_hq_without_loc_in_enemy_zoc_expends_no_supply_points_r19_15():
    """R19-15: "the headquarter may expend NO supply points if in an enemy zone of control" when it
    has no line of communication. With no friendly rail line or depot on the map (no LOC) and a
    French unit next to it (in EZOC), the HQ supplies nobody: its unit is unsupplied (R19-11) and the
    report says why. Without the French unit, or with a line of communication, it supplies as before."""
    ours = [unit("HQ", "1010", "hq", supply_points=20), unit("I", "1010")]
    adjacent = fr("FA", "1011")
    no_rail = hex_map(attrs={"country": "germany"})

    rep = DW.supply_report(position(no_rail, ours + [adjacent]), "central")
    i = units_of(rep)["I"]
    assert i["status"] == "no supply line" and i["hq"] is None and i["attack_reduction"] is None
    assert "R19-15" in i["rules"] and "R19-11" in i["rules"]
    assert "HQ" in i["note"] and "R19-15" in i["note"]
    assert not rep["hqs"][0]["line_of_communication"]
    assert not rep["hqs"][0]["may_expend_supply_points"]

    rep = DW.supply_report(position(no_rail, ours), "central")
    assert not rep["hqs"][0]["line_of_communication"] and rep["hqs"][0]["may_expend_supply_points"]
    assert units_of(rep)["I"]["status"] == "in supply" and units_of(rep)["I"]["hq"] == "HQ"

    with_rail = hex_map(attrs={"country": "germany"}, lines=[rail("0501", "0502")])
    rep = DW.supply_report(position(with_rail, ours + [adjacent]), "central")
    assert rep["hqs"][0]["line_of_communication"] and rep["hqs"][0]["may_expend_supply_points"]
    assert units_of(rep)["I"]["status"] == "in supply" and units_of(rep)["I"]["hq"] == "HQ"

"""T18 (7.26 example): a unit printed 8 SP that has lost 5 (current 3) takes at most 3 REPs this
step; a cadre or a 1-SP unit may take 2. Only in Replacement Mode, of an army whose Main Depot has
Capability 3, in supply and in command (7.26)."""

from helpers import board, du, h, pointy_map, rail, ruleset

LINE = [h(c, 2) for c in range(1, 21)]
VALUES = {f"supply_range.{k}.hexes": 3 for k in ("main_depot", "loc", "army_supply", "corps_train")}


def _reps(unit, **extra):
    md = du("MD", h(4, 2), cls="supply", size="army", strength=0, type="main_depot", mr="R", army="A")
    hq = du("AHQ", h(4, 4), cls="hq", size="army", pfi="A", army="A", hq_level="army", ccr=6, mr="H")
    m = pointy_map(cols=20, rows=8, lines=[rail(LINE, "double")])
    b = board(m, [md, hq, unit], values=VALUES, army_bases={"A": [h(1, 2)]}, **extra)
    r = ruleset().supply_report(b, "central")
    return {e["unit"]: e for e in r["replacements"]}


def test_at_most_the_current_sp():
    r = _reps(du("U", h(5, 3), pfi="U", army="A", strength=3, printed_sp=8, replacement_mode=True))
    assert r["U"]["max_reps"] == 3


def test_never_above_the_printed_sp():
    r = _reps(du("U", h(5, 3), pfi="U", army="A", strength=7, printed_sp=8, replacement_mode=True))
    assert r["U"]["max_reps"] == 1


def test_a_cadre_or_one_sp_unit_takes_two():
    r = _reps(du("U", h(5, 3), pfi="U", army="A", strength=1, printed_sp=6, replacement_mode=True))
    assert r["U"]["max_reps"] == 2
    r = _reps(
        du("U", h(5, 3), pfi="U", army="A", strength=0, printed_sp=6, cadre=True, replacement_mode=True)
    )
    assert r["U"]["max_reps"] == 2


def test_none_without_capability_3_or_out_of_supply_or_not_in_replacement_mode():
    u = du("U", h(5, 3), pfi="U", army="A", strength=3, printed_sp=8, replacement_mode=True)
    r = _reps(u, md_capabilities={"A": 124})
    assert r["U"]["max_reps"] == 0 and "Capability 3" in r["U"]["why"]
    far = du("U", h(19, 8), pfi="U", army="A", strength=3, printed_sp=8, replacement_mode=True)
    assert _reps(far)["U"]["why"].startswith("out of supply")
    assert "U" not in _reps(du("U", h(5, 3), pfi="U", army="A", strength=3, printed_sp=8))

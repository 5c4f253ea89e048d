"""Der Weltkrieg rail movement and capacity: acceptance cases TC-08 ... TC-14 (der-weltkrieg.md §9)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import hex_map, position, rail, side, unit

from railhead.engine.apply import apply_move
from railhead.engine.board import Board
from railhead.engine.ruleset import get_ruleset
from railhead.engine.rulesets.der_weltkrieg.rail import rail_equivalent

DW = get_ruleset("der-weltkrieg")
GERMANY = {"country": "germany"}


def rail_move(board, uid, *path, detrain=None):
    return DW.judge_move(board, [uid], list(path), "rail", detrain)


def then(board, verdict, uid, *path, mode="rail"):
    """The board after a legal move."""
    assert verdict.legal, verdict.reasons
    return Board(board.map, apply_move(board, verdict, [uid], list(path), mode))


# ---------------------------------------------------------------- TC-08
def test_tc08_fig4_rail_then_ground():
    """Fig 4 (R7-1, R7-3, R7-5, R7-6, R7-7, R7-8, R10-7): entrain 1 + 3 x 1/10 = 1.3 -> 2 MP; rail
    into 1615 (enemy ZOC) illegal; detrain and go 1716 -> 1616 (broken 1 + ZOC 1) = 4 MP.
    The same move by a French unit is illegal at 1616 (only Germans/British enter EZOC)."""
    line = rail("2015", "1915", "1815", "1716", "1615")
    m = hex_map(attrs=GERMANY, hexsides=[side("1716", "1616", "broken")], lines=[line])
    fr = unit("FR", "1516", side_="entente", nation="france")
    b = position(m, [unit("GE-39", "2015", movement=4), fr])
    v = rail_move(b, "GE-39", "2015", "1915", "1815", "1716")
    assert v.legal and v.extra["rail_mp"] == pytest.approx(1.3) and v.mp == 2
    v = rail_move(b, "GE-39", "2015", "1915", "1815", "1716", "1615")
    assert not v.legal and v.reasons[0].rule == "R7-6"
    v = rail_move(b, "GE-39", "2015", "1915", "1815", "1716", "1616")
    assert v.legal and v.mp == 4 and v.extra["detrain"] == "1716"
    assert [s.mp for s in v.steps] == [1, Fraction(1, 10), Fraction(1, 10), Fraction(1, 10), 2]

    m_fr = hex_map(attrs={"country": "france"}, hexsides=[side("1716", "1616", "broken")], lines=[line])
    ge = unit("GE", "1516")
    b = position(
        m_fr,
        [unit("FR-1", "2015", side_="entente", nation="france", movement=4), ge],
        active="entente",
    )
    v = rail_move(b, "FR-1", "2015", "1915", "1815", "1716", "1616")
    assert not v.legal and v.reasons[0].rule == "R7-8"


# ---------------------------------------------------------------- TC-09
@pytest.mark.parametrize(("cls", "ma", "hexsides"), [("infantry", 5, 40), ("cavalry", 4, 18)])
def test_tc09_rail_reach(cls, ma, hexsides):
    """R7-5: infantry MA 5 fresh -> 40 rail hexsides (1 + 40/10); cavalry MA 4 -> 18 (1 + 18/6)."""
    path = [f"01{r:02d}" for r in range(1, 50)]
    m = hex_map(cols=(1, 2), rows=(1, 49), attrs=GERMANY, lines=[rail(*path)])
    b = position(m, [unit("U", "0101", cls, movement=ma)])
    r, _ = DW.reach(b, b.state.unit("U"), "rail")
    on_line = [h for h in path if r.dist[b.idx(h)] < float("inf")]
    assert len(on_line) - 1 == hexsides
    assert rail_move(b, "U", *path[: hexsides + 1]).legal
    assert not rail_move(b, "U", *path[: hexsides + 2]).legal


def test_tc09_stopping_rounds_up():
    """R7-7: infantry stopping after 7 rail hexsides spent 1.7 MP -> 2."""
    path = [f"01{r:02d}" for r in range(1, 9)]
    m = hex_map(cols=(1, 2), rows=(1, 10), attrs=GERMANY, lines=[rail(*path)])
    v = rail_move(position(m, [unit("U", "0101", movement=5)]), "U", *path)
    assert v.legal and v.mp == 2 and v.extra["rail_mp"] == pytest.approx(1.7)


# ---------------------------------------------------------------- TC-10
@pytest.mark.parametrize(("points", "divisions"), [(0, 1), (10, 1), (11, 2), (20, 2), (42, 5), (100, 10)])
def test_tc10_hq_rail_equivalents(points, divisions):
    """R8-8, R18-4: 1 division up to 10 supply points, +1 per 10 or fraction beyond."""
    b = position(hex_map(), [unit("HQ", "1010", "hq", supply_points=points)])
    assert rail_equivalent(DW, b, b.state.unit("HQ")) == divisions


# ---------------------------------------------------------------- TC-11
def _france_line():
    return hex_map(attrs={"country": "france"}, lines=[rail("1010", "1011", "1012")])


def _spent(n: int, country: str) -> dict:
    return {
        "rail": {
            "turn": 1,
            "pools": {
                country: [{"unit": f"X{k}", "amount": 1, "what": "earlier", "rule": "R8-1"} for k in range(n)]
            },
        }
    }


def test_tc11_capacity():
    """R39-1 France 15; R8-8 artillery 2, siege artillery 1; R43-3 Serbia 1."""
    m = _france_line()
    kw = dict(side_="entente", nation="france")
    art = unit("A", "1010", "artillery", **kw)
    b = position(m, [art], active="entente", ledgers=_spent(14, "france"))
    v = rail_move(b, "A", "1010", "1011")
    assert not v.legal and "R8-1" in v.reasons[0].rule and "15" in v.reasons[0].message
    siege = unit("S", "1010", "siege_artillery", **kw)
    b = position(m, [siege], active="entente", ledgers=_spent(14, "france"))
    v = rail_move(b, "S", "1010", "1011")
    assert v.legal and v.extra["ledgers"]["rail"]["pools"]["france"][-1]["amount"] == 1

    m = hex_map(attrs={"country": "serbia"}, lines=[rail("1010", "1011", "1012")])
    kw = dict(side_="entente", nation="serbia")
    b = position(m, [unit("S1", "1010", **kw), unit("S2", "1011", **kw)], active="entente")
    v = rail_move(b, "S1", "1010", "1011", "1012")
    b2 = then(b, v, "S1", "1010", "1011", "1012")
    v2 = rail_move(b2, "S2", "1011", "1010")
    assert not v2.legal and "serbia rail capacity" in v2.reasons[0].message


# ---------------------------------------------------------------- TC-12
def test_tc12_multi_network_accounting():
    """R8-4: A-H division from the A-H network onto the German one counts against both.
    R8-5: a German division on Belgian lines repaired by German engineers counts only against
    Germany."""
    m = hex_map(
        hexes={
            "1010": {"terrain": "clear", "attrs": {"country": "austria-hungary"}},
            "1011": {"terrain": "clear", "attrs": {"country": "germany"}},
        },
        lines=[rail("1010", "1011")],
    )
    b = position(m, [unit("AH", "1010", nation="austria-hungary")])
    v = rail_move(b, "AH", "1010", "1011")
    pools = v.extra["ledgers"]["rail"]["pools"]
    assert v.legal and set(pools) == {"austria-hungary", "germany"}
    # the alternative reading: only the network where the move starts
    b = position(m, [unit("AH", "1010", nation="austria-hungary")], options={"count_every_network": False})
    assert set(rail_move(b, "AH", "1010", "1011").extra["ledgers"]["rail"]["pools"]) == {"austria-hungary"}

    m = hex_map(attrs={"country": "belgium"}, lines=[rail("1010", "1011", "1012")])
    repaired = {h: {"attrs": {"network": "germany"}} for h in ("1010", "1011", "1012")}
    b = position(m, [unit("GE", "1010")], hexes=repaired)
    v = rail_move(b, "GE", "1010", "1011", "1012")
    assert v.legal and set(v.extra["ledgers"]["rail"]["pools"]) == {"germany"}


# ---------------------------------------------------------------- TC-13
def test_tc13_single_track():
    """R7-9: one unit per single-track hexside per phase; R37-5: two on the German network."""
    line = rail("1010", "1011", "1012", track="single")
    m = hex_map(attrs={"country": "france"}, lines=[line])
    kw = dict(side_="entente", nation="france")
    b = position(m, [unit("F1", "1010", **kw), unit("F2", "1010", **kw)], active="entente")
    v = rail_move(b, "F1", "1010", "1011")
    b = then(b, v, "F1", "1010", "1011")
    v = rail_move(b, "F2", "1010", "1011")
    assert not v.legal and v.reasons[0].rule == "R7-9"
    b = position(m, [unit("A", "1010", "artillery", **kw)], active="entente")
    v = rail_move(b, "A", "1010", "1011")
    assert v.legal and v.extra["rail_equivalent"] == 2

    m = hex_map(attrs=GERMANY, lines=[line])
    units = [unit(f"G{k}", "1010") for k in range(3)]
    b = position(m, units)
    for k in range(2):
        v = rail_move(b, f"G{k}", "1010", "1011")
        b = then(b, v, f"G{k}", "1010", "1011")
    v = rail_move(b, "G2", "1010", "1011")
    assert not v.legal and v.reasons[0].rule == "R37-5"


# ---------------------------------------------------------------- TC-14
def test_tc14_fig5_engineer_repair():
    """Fig 5 (R9-5): engineer in 2107 (Operative, German) moves 2107->2007->1908->1907 at 1 MP
    each; 2007, 1908, 1907 become Operative German network; railheads on 1907 and 1908."""
    line = rail("2107", "2007", "1908", "1907")
    m = hex_map(attrs={"country": "belgium"}, lines=[line])
    hexes = {
        "2107": {"attrs": {"network": "germany"}},
        **{h: {"rail": "inoperative"} for h in ("2007", "1908", "1907")},
    }
    b = position(m, [unit("GE-20E", "2107", "engineer", movement=3)], hexes=hexes)
    v = DW.judge_move(b, ["GE-20E"], ["2107", "2007", "1908", "1907"], "repair")
    assert v.legal and v.mp == 3
    assert v.extra["repaired"] == ["2007", "1908", "1907"]
    assert v.extra["railheads"] == ["1907", "1908"]
    after = apply_move(b, v, ["GE-20E"], ["2107", "2007", "1908", "1907"], "repair")
    assert after.hex("1908").field("rail") == "operative" and after.hex("1908").attrs["network"] == "germany"
    # starting on an Inoperative hex repairs nothing (R9-6)
    b = position(m, [unit("E", "2007", "engineer")], hexes=hexes)
    v = DW.judge_move(b, ["E"], ["2007", "1908"], "repair")
    assert not v.legal and "R9-5" in v.reasons[0].rule
    # gauge conversion in November (or on an even turn) is not allowed (R9-11)
    hexes_ru = {**hexes, "2007": {"rail": "inoperative", "attrs": {"gauge": "russian"}}}
    b = position(m, [unit("E", "2107", "engineer")], hexes=hexes_ru, month=11)
    v = DW.judge_move(b, ["E"], ["2107", "2007"], "repair")
    assert not v.legal and v.reasons[0].rule == "R9-11"
    b = position(m, [unit("E", "2107", "engineer")], hexes=hexes_ru, month=5)
    assert DW.judge_move(b, ["E"], ["2107", "2007"], "repair").legal


def test_option_repair_enemy_operative_both_ways():
    """R9-5, R9-10, spec §10 #19 ``repair_enemy_operative``: a German engineer repairs along
    2107->2007->1908 where 2007 is an Operative French-network hex: by default it passes through it
    and converts only the Inoperative 1908; with "convert" 2007 joins the German network too."""
    line = rail("2107", "2007", "1908")
    m = hex_map(attrs={"country": "belgium"}, lines=[line])
    hexes = {
        "2107": {"attrs": {"network": "germany"}},
        "2007": {"attrs": {"network": "france"}},
        "1908": {"rail": "inoperative"},
    }
    eng = [unit("GE-20E", "2107", "engineer", movement=3)]
    v = DW.judge_move(position(m, eng, hexes=hexes), ["GE-20E"], ["2107", "2007", "1908"], "repair")
    assert v.legal and v.extra["repaired"] == ["1908"]
    b = position(m, eng, hexes=hexes, options={"repair_enemy_operative": "convert"})
    v = DW.judge_move(b, ["GE-20E"], ["2107", "2007", "1908"], "repair")
    assert v.legal and v.extra["repaired"] == ["2007", "1908"]


def test_option_assault_rail_rate_both_ways():
    """R7-5, spec §10 #15 ``assault_rail_rate``: an assault unit entrains (1) and crosses 3 rail
    hexsides: at the infantry rate 1 + 3/10, by default; as "all other units" 1 + 3/6."""
    line = rail("2015", "1915", "1815", "1716")
    m = hex_map(attrs=GERMANY, lines=[line])
    path = ("2015", "1915", "1815", "1716")
    b = position(m, [unit("GE-A", "2015", "assault", movement=4)])
    assert rail_move(b, "GE-A", *path).extra["rail_mp"] == pytest.approx(1.3)
    b = position(m, [unit("GE-A", "2015", "assault", movement=4)], options={"assault_rail_rate": "other"})
    assert rail_move(b, "GE-A", *path).extra["rail_mp"] == pytest.approx(1.5)


def test_rail_needs_operative_friendly_line_and_no_column():
    m = hex_map(attrs=GERMANY, lines=[rail("1010", "1011")])
    b = position(m, [unit("G", "1010")], hexes={"1010": {"rail": "inoperative"}})
    assert not rail_move(b, "G", "1010", "1011").legal
    b = position(m, [unit("G", "1010", used_column=True)])
    assert rail_move(b, "G", "1010", "1011").reasons[0].rule == "R7-10"
    b = position(hex_map(attrs={"country": "france"}, lines=[rail("1010", "1011")]), [unit("G", "1010")])
    assert "R9-1" in rail_move(b, "G", "1010", "1011").reasons[0].rule


def test_missing_capacity_is_a_clear_error():
    """R8-2: British capacity is a scenario parameter; the engine asks for it."""
    from railhead.errors import InputError

    m = hex_map(attrs={"country": "great britain"}, lines=[rail("1010", "1011")])
    b = position(m, [unit("B", "1010", side_="entente", nation="great britain")], active="entente")
    with pytest.raises(InputError, match="rail_capacity"):
        rail_move(b, "B", "1010", "1011")
    b = position(
        m,
        [unit("B", "1010", side_="entente", nation="great britain")],
        active="entente",
        rail_capacity={"great britain": 4},
    )
    assert rail_move(b, "B", "1010", "1011").legal

"""T05 [6B3], [6B4]: a 1-2-5 brigade in accel has MA 10; spending 8 MP and ending next to an enemy
unit with a ZOC it takes ceil(3/2) = 2 fatigue hits (artillery, cavalry, Army HQs: one per MP = 3);
never adjacent and never in an enemy-owned hex: none. Accel bars mountain hexes [6B1]."""

from grd_helpers import judge, mini_board, mini_map, unit_doc

M = mini_map({"GW2:0203": "mountain"})
PATH = [f"GW2:{c:02d}02" for c in range(2, 10)]  # 8 clear hexes from GW2:0102


def _accel(cls: str, enemy: bool = True):
    units = [unit_doc("U", "entente", "france", cls, "GW2:0102", 2, strength=3, movement=5)]
    if enemy:
        units.append(
            unit_doc("E", "central_powers", "germany", "infantry", "GW2:1002", 5, 9, 5, size="division")
        )
    # the booklet does not print c/m-artillery clear costs: the user's chart gives 1
    return judge(
        mini_board(M, units, values={"tec": {"clear": {"cm_artillery_clear": 1}}}), "U", PATH, "accel"
    )


def test_rifle_brigade_takes_2_hits():
    v = _accel("rifle")
    assert v.legal and v.mp == 8 and v.extra["movement_allowance"] == 10
    assert v.extra["fatigue_hits"] == 2
    assert any("no ZOC" in e for e in v.effects)


def test_artillery_and_cavalry_take_one_hit_per_mp():
    assert _accel("artillery").extra["fatigue_hits"] == 3
    assert _accel("cavalry").extra["fatigue_hits"] == 3


def test_never_adjacent_no_hits():
    assert _accel("rifle", enemy=False).extra["fatigue_hits"] == 0


def test_accel_may_not_enter_a_mountain_hex():
    b = mini_board(M, [unit_doc("U", "entente", "france", "rifle", "GW2:0202", 2, movement=5)])
    v = judge(b, "U", ["GW2:0203"], "accel")
    assert not v.legal and v.reasons[0].rule == "6B1"


def test_artillery_without_the_chart_cell_fails_naming_it():
    """A move that needs a blank TEC cell fails naming the cell and the file (issue #12)."""
    import pytest

    from railhead.engine.values import MissingChartValue

    b = mini_board(M, [unit_doc("U", "entente", "france", "artillery", "GW2:0102", 1, movement=5)], values={})
    with pytest.raises(
        MissingChartValue, match=r"cm_artillery_clear = VALUE under \[tec.clear\] in chart.toml"
    ):
        judge(b, "U", ["GW2:0202"])

"""T10 [9.3.1], [14.1], [14.2]: a field Corps (MA 4) along a Regular-zone chain of plain borders."""

from fractions import Fraction

from gwa_build import chain, judge, position, rules, unit

PATH = ["r1", "r2", "r3", "r4", "r5"]


def board(weather: str):
    return position(chain(5), [unit("FR-1C", "r1")], weather=weather)


def test_normal_weather_four_areas_for_four_mp():
    """[9.3.1]: 1 MP per Regular area entered: R1 -> R5 is 4 MP, legal."""
    v = judge(board("normal"), "FR-1C", PATH)
    assert v.legal and v.mp == 4


def test_winter_two_areas_and_not_three():
    """[14.1]: +1 MP per area in Winter: R1 -> R3 is 4 MP; R1 -> R4 needs 6, more than MA 4 (9.3.4)."""
    b = board("winter")
    v = judge(b, "FR-1C", PATH[:3])
    assert v.legal and v.mp == 4
    v = judge(b, "FR-1C", PATH[:4])
    assert not v.legal and v.mp == 6 and rules(v) == "9.3.4"


def test_spring_as_winter():
    """[14.2]: Spring costs as Winter on plain borders."""
    b = board("spring")
    assert judge(b, "FR-1C", PATH[:3]).mp == Fraction(4)
    assert not judge(b, "FR-1C", PATH[:4]).legal


def test_reach_agrees():
    """Reach lists exactly the areas the move judge accepts: R1..R3 in Winter."""
    from gwa_build import RS

    b = board("winter")
    r, _ = RS.reach(b, b.state.unit("FR-1C"), "ground")
    reached = {b.arrays.ids[i] for i in r.hexes()}
    assert reached == {"r1", "r2", "r3"}

"""T2 (8.21.C ex): one stack, three mobility ratings, 3 clear hexes with the 3rd in an enemy ZOC, in
the March Segment of a 2-day impulse (4 MP)."""

from helpers import board, du, h, move, pointy_map

PATH = [h(3, 3), h(4, 3), h(5, 3)]


def stack():
    return [
        du("INF", h(2, 3), mr="I", multiplicity=2, pfi="5"),
        du("CAV", h(2, 3), mr="C", size="regiment", pfi="5", type="cavalry"),
        du("ART", h(2, 3), cls="artillery", mr="D", pfi="5"),
        du("R", h(6, 3), "entente"),
    ]


def test_infantry_four_mp_legal():
    """I: 3 + 1 (enter ZOC) = 4 MP."""
    v = move(board(pointy_map(), stack()), "INF", PATH)
    assert v.legal and v.mp == 4


def test_cavalry_with_recon_rounds_down_to_four():
    """C: 2 1/4 + 1 = 3 1/4; recon +1 -> 4 1/4, rounds to 4: legal (8.21.E)."""
    b = board(pointy_map(), stack())
    v = move(b, "CAV", PATH)
    assert v.legal and v.extra["units"]["CAV"]["segment_total"] == 3.25
    v = move(b, "CAV", PATH, activities="recon")
    assert v.legal and v.extra["units"]["CAV"]["rounded"] == 4


def test_artillery_five_mp_illegal_and_two_hexes_cost_three():
    """D: 4 + 1 = 5: illegal; dropped after 2 hexes: 2 2/3 -> 3 MP."""
    b = board(pointy_map(), stack())
    v = move(b, "ART", PATH)
    assert not v.legal and "8.21.E" in v.reasons[0].rule
    v = move(b, "ART", PATH[:2])
    assert v.legal and v.extra["units"]["ART"]["rounded"] == 3


def test_the_stack_fails_on_its_slowest_unit():
    """8.21.C: moving together, the stack's move is illegal because of the artillery."""
    v = move(board(pointy_map(), stack()), "INF", PATH, stack=["CAV", "ART"])
    assert not v.legal and v.reasons[0].message.startswith("ART:")
    assert v.extra["units"]["INF"]["rounded"] == 4

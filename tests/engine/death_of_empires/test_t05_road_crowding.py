"""T5 (3.34, 8.42 exs): a unit entering a hex in Road Mode pays 1/2 MP per friendly BE there (the total
rounded down), not counting units of its own PFI."""

from helpers import board, du, h, move, pointy_map

X = h(4, 3)


def test_crowding_five_be_costs_two_and_a_half():
    """8.42 ex 1: 5th Inf Div (2 + 1/2 + 1 BE) + VII Corps HQ (2 BE) = 5 1/2 -> 5 BE; the 6th Inf
    Div enters in Road Mode, not along a road: 5 x 1/2 + 1 (clear) = 3 1/2 MP."""
    units = [
        du("5-1", X, pfi="5", corps="VII", multiplicity=2),
        du("5-R", X, pfi="5", corps="VII", size="regiment"),
        du("5-A", X, cls="artillery", pfi="5", corps="VII", mr="D"),
        du("VII", X, cls="hq", size="corps", pfi="VII", corps="VII", hq_level="corps", ccr=3, mr="H"),
        du("6-1", h(3, 3), pfi="6", corps="VII", mode="road"),
    ]
    v = move(board(pointy_map(), units), "6-1", [X])
    assert v.legal
    assert v.mp == 3.5
    assert dict((n, float(x)) for n, x, _ in v.steps[0].parts)["crowding"] == 2.5


def test_same_pfi_pays_no_crowding():
    """8.42 ex 2: the hex holds only the 5th Div's artillery; the 5th Div's infantry enters in Road
    Mode: terrain only."""
    units = [
        du("5-A", X, cls="artillery", pfi="5", mr="D"),
        du("5-1", h(3, 3), pfi="5", mode="road", multiplicity=2),
    ]
    v = move(board(pointy_map(), units), "5-1", [X])
    assert v.legal and v.mp == 1


def test_only_other_formations_count():
    """8.42 ex 3: 6th Cav Div (3 bdes + HQ = 4 BE) and one bde of the 7th Cav Div; the other two 7th
    bdes enter in Road Mode: +2 MP (the 6th's 4 BE), not +2 1/2."""
    units = [du(f"6C-{k}", X, pfi="6C", mr="C") for k in range(3)]
    units.append(du("6C-HQ", X, cls="hq", size="division", pfi="6C", hq_level="division", ccr=2, mr="C"))
    units.append(du("7C-1", X, pfi="7C", mr="C"))
    units += [
        du("7C-2", h(3, 3), pfi="7C", mr="C", mode="road"),
        du("7C-3", h(3, 3), pfi="7C", mr="C", mode="road"),
    ]
    v = move(board(pointy_map(), units), "7C-2", [X], stack=["7C-3"])
    assert v.legal
    assert dict((n, float(x)) for n, x, _ in v.steps[0].parts)["crowding"] == 2
    assert v.mp == 2.75

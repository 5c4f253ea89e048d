"""T7 (3.31, 3.31.A, 3.31.D, 8.52): at most two formations, or more with at most 6 BE; entrained
units do not count, except Main Depots and Army Supply units."""

from helpers import board, du, h, move, pointy_map

X = h(4, 3)


def three_formations():
    return [
        du("A", X, pfi="A", multiplicity=2),
        du("B", X, pfi="B", multiplicity=2),
        du("C", X, pfi="C", multiplicity=2),
    ]


def test_fourth_formation_over_six_be_is_refused():
    """3 formations of 6 BE: a 1/2-BE regiment of a 4th formation would make 6 1/2: illegal."""
    units = [*three_formations(), du("D", h(3, 3), pfi="D", size="regiment")]
    v = move(board(pointy_map(), units), "D", [X])
    assert not v.legal and v.reasons[0].rule.startswith("3.3")


def test_joining_an_existing_formation_still_counts_its_be():
    """3.31 (the rulebook wins over spec T7's "unless it joins"): three formations may hold 6 BE at
    most, so a regiment joining A in a 6-BE hex still makes 6 1/2: illegal; into 5 1/2 BE: legal."""
    units = [*three_formations(), du("A2", h(3, 3), pfi="A", size="regiment")]
    assert not move(board(pointy_map(), units), "A2", [X]).legal
    units[2] = du("C", X, pfi="C", multiplicity=1, size="regiment", strength=2)
    units[2]["attrs"]["multiplicity"] = 3  # 3 x 1/2 = 1 1/2 BE: 5 1/2 in the hex
    assert move(board(pointy_map(), units), "A2", [X]).legal


def test_two_formations_of_any_size():
    """3.31: a 9-BE corps and a division: two formations, legal whatever their BE."""
    corps = [du(f"K{k}", X, pfi=f"{k}", corps="IX", multiplicity=3) for k in range(3)]
    units = [*corps, du("D", h(3, 3), pfi="D", multiplicity=2)]
    assert move(board(pointy_map(), units), "D", [X]).legal


def test_entrained_brigade_does_not_count_but_a_main_depot_does():
    """3.31.D, 8.52: an entrained brigade in the hex is not counted; an entrained Main Depot (4 BE)
    is."""
    two = [du("A", X, pfi="A", multiplicity=2), du("B", X, pfi="B", multiplicity=2)]
    train = du("T", X, pfi="T", mode="rail")
    mover = du("A2", h(3, 3), pfi="A", size="regiment")
    assert move(board(pointy_map(), [*two, train, mover]), "A2", [X]).legal
    depot = du("MD", X, cls="supply", size="army", strength=0, type="main_depot", mr="R", army="X")
    mover_d = du("D", h(3, 3), pfi="D", size="regiment")
    assert not move(board(pointy_map(), [*two, depot, mover_d]), "D", [X]).legal
    assert move(board(pointy_map(), [*two, mover_d]), "D", [X]).legal  # 3 formations, 4 1/2 BE


def test_road_mode_formations_may_pass_but_not_end_together_over_4_be():
    """3.31.B: a Road-Mode formation passes through a hex with another Road-Mode formation, but may
    end there only if both together are 4 BE or less."""
    units = [
        du("R1", X, pfi="R", mode="road", multiplicity=3),
        du("M", h(3, 3), pfi="M", mode="road", multiplicity=2),
    ]
    b = board(pointy_map(), units)
    assert move(b, "M", [X, h(5, 3)]).legal  # through
    v = move(b, "M", [X])
    assert not v.legal and v.reasons[0].rule == "3.31.B"
    units[1] = du("M", h(3, 3), pfi="M", mode="road")  # 3 + 1 = 4 BE
    assert move(board(pointy_map(), units), "M", [X]).legal

"""T14 (9.11, 9.11.A, 9.11.B): Force March in the Counter-March adds up to twice its MP; each forced
MP is +1 to the Morale Check; corps trains at most +2."""

from helpers import board, du, h, move, pointy_map

ROW = [h(c, 3) for c in range(2, 14)]


def test_three_day_counter_march_up_to_nine():
    """9.11 ex: 3-day impulse: 3 MP + up to 6 Force March = 9; a 10th is illegal."""
    m = pointy_map(cols=14)
    b = board(m, [du("A", h(1, 3))], segment="counter_march", impulse_days=3)
    v = move(b, "A", ROW[:9], force_march="yes")
    assert v.legal and v.extra["force_march"] == {"mp": 6, "morale_check_modifier": 6, "rule": "9.11; 9.11.A"}
    assert not move(b, "A", ROW[:10], force_march="yes").legal
    assert "force_march" not in move(b, "A", ROW[:3]).extra


def test_no_force_march_in_the_march_segment():
    """9.11: Force March is a Counter-March action."""
    b = board(pointy_map(cols=14), [du("A", h(1, 3))], impulse_days=3)
    assert move(b, "A", ROW[:6]).legal and not move(b, "A", ROW[:7]).legal


def test_corps_train_at_most_two():
    """9.11.B, 7.23.A: a corps train may Force March at most 2 MP, and its corps' PFs lose 1 ML."""
    train = du(
        "TR",
        h(1, 3),
        cls="supply",
        size="corps",
        strength=0,
        type="corps_train",
        mr="I",
        mode="road",
        corps="I",
    )
    b = board(pointy_map(cols=14), [train], segment="counter_march", impulse_days=3)
    v = move(b, "TR", ROW[:5], force_march="yes")
    assert v.legal and v.extra["force_march"]["mp"] == 2 and any("9.11.B" in e for e in v.effects)
    assert not move(b, "TR", ROW[:6], force_march="yes").legal


def test_force_march_morale_check_with_given_rolls():
    """9.11.A ex: ML 6, Force March 4, roll 6 -> 10: fails by 4 -> 4 LRs; (c) corps group ML 7, 2-day
    Counter-March: 4 MP + Intensive marker 2 = 6 (Force March 4), roll 3 -> 7 <= 7: passes."""
    b = board(
        pointy_map(cols=14), [du("A", h(1, 3), ml=6)], segment="counter_march", impulse_days=2, rolls=[6]
    )
    v = move(b, "A", ROW[:6], force_march="yes")
    assert v.extra["force_march"]["loss_results"] == 4 and v.rolls[0]["value"] == 6
    b = board(
        pointy_map(cols=14), [du("K", h(1, 3), ml=7)], segment="counter_march", impulse_days=2, rolls=[3]
    )
    v = move(b, "K", ROW[:4], activities="intensive_marker", force_march="yes")
    assert v.legal and v.extra["force_march"]["mp"] == 4 and v.extra["force_march"]["loss_results"] == 0


def test_ml_8_force_marches_2_without_risk():
    """9.11.A ex (d): ML 8 may Force March 2 MP with no risk: even a 6 gives 8."""
    from railhead.engine.rulesets.death_of_empires.moves import force_march_losses

    assert all(force_march_losses(8, 2, r) == 0 for r in range(1, 7))
    assert force_march_losses(8, 3, 6) == 1


def test_a_stack_takes_one_roll_per_unit_in_order():
    """Each force-marching unit of a stack takes the next given roll (the verdict lists them)."""
    units = [du("A", h(1, 3), ml=6, pfi="A"), du("B", h(1, 3), ml=6, pfi="A")]
    b = board(pointy_map(cols=14), units, segment="counter_march", impulse_days=2, rolls=[6, 1])
    v = move(b, "A", ROW[:6], stack=["B"], force_march="yes")
    assert [r["value"] for r in v.rolls] == [6, 1]
    assert any("4 LR" in e for e in v.effects) and any("0 LR" in e for e in v.effects)

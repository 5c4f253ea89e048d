"""T14 (9.11, 9.11.A, 9.11.B): Force March in the Counter-March adds up to twice its MP; each forced
MP is +1 to the Morale Check; corps trains at most +2."""

from helpers import board, du, h, move, pointy_map

ROW = [h(c, 3) for c in range(2, 14)]


def test_three_day_counter_march_up_to_nine():
    """9.11 ex: 3-day impulse: 3 MP + up to 6 Force March = 9; a 10th is illegal."""
    m = pointy_map(cols=14)
    b = board(m, [du("A", h(1, 3))], segment="counter_march", impulse_days=3)
    v = move(b, "A", ROW[:9])
    assert v.legal and v.extra["force_march"] == {"mp": 6, "morale_check_modifier": 6, "rule": "9.11; 9.11.A"}
    assert not move(b, "A", ROW[:10]).legal
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
    v = move(b, "TR", ROW[:5])
    assert v.legal and v.extra["force_march"]["mp"] == 2 and any("9.11.B" in e for e in v.effects)
    assert not move(b, "TR", ROW[:6]).legal

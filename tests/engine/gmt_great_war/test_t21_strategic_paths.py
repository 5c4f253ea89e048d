"""§9 T21: where a strategic move may go next to the enemy (9.32), and fortress supply (11.11,
11.51)."""

from gmt_helpers import RS, U, board, geo

PATH = ["E5102", "E5103", "E5104", "E5205"]


def judge(b, uid, path):
    return RS.judge_move(b, [uid], path, "strategic")


def test_t21_empty_hex_next_to_the_enemy_is_closed():
    """9.32: the path may not enter a hex adjacent to an enemy unit unless a friendly unit is there."""
    b = board(geo(("eastern",)), [U("GE-1", "E5102"), U("RU-1", "E5004", side="allied", nation="ru")])
    v = judge(b, "GE-1", PATH)
    assert not v.legal and v.reasons[0].rule == "9.32"


def test_t21_friendly_units_open_it():
    """9.32: ... unless that hex contains a friendly unit."""
    units = [
        U("GE-1", "E5102"),
        U("GE-2", "E5103"),
        U("GE-3", "E5104"),
        U("RU-1", "E5004", side="allied", nation="ru"),
    ]
    v = judge(board(geo(("eastern",)), units), "GE-1", PATH)
    assert v.legal, v.reasons


def test_t21_may_not_end_next_to_the_enemy():
    """9.32: a strategic move may not end adjacent to an enemy unit, even in a hex it may enter
    because a friendly unit holds it."""
    units = [U("GE-1", "E5102"), U("GE-9", "E5205"), U("RU-1", "E5305", side="allied", nation="ru")]
    v = judge(board(geo(("eastern",)), units), "GE-1", PATH)
    assert not v.legal and v.reasons[0].rule == "9.32"
    assert "may not end" in v.reasons[0].message


KOVNO_RING = ["E5619", "E5621", "E5519", "E5520", "E5719", "E5720"]


def test_t21_fortress_supplied_unit_may_not_move_strategically():
    """11.51, 11.11: a unit on fortress supply only is supplied for defence and attrition but may
    not use strategic movement."""
    from railhead.engine.rulesets.gmt_great_war.supply import unit_supply

    units = [U("RU-1", "E5620", side="allied", nation="ru")] + [
        U(f"GE-{k}", h) for k, h in enumerate(KOVNO_RING)
    ]
    b = board(geo(("eastern",)), units)
    s = unit_supply(b, RS.data, RS, b.state.unit("RU-1"))
    assert s["status"] == "fortress supply" and s["rules"] == ["11.51"]
    v = judge(b, "RU-1", ["E5620", "E5621"])
    assert not v.legal and v.reasons[0].rule == "11.51"

"""Cavalry's retreat before combat (15.51, 15.52) and the attacker's advance into the hex it left
(15.53), as a log shows them: drags in a Mutual Combat Phase (4.2), told apart by where they go
(engine.drags: an advance enters a hex the other side left in the phase)."""

from gmt_helpers import RS, U, board, geo

from railhead.engine.api import judge_drag
from railhead.engine.drags import Held


def rule(v):
    return None if v.legal else v.reasons[0].rule


def _board(*units):
    """French cavalry in W5004 attacked from W5005 by German infantry; W4903, W5003 and W5103 are
    a hex closer than W5004 to the nearest Allied supply source, W4904 and W5104 are not."""
    fc = U("FC", "W5004", side="allied", nation="fr", cls="cavalry")
    return board(geo(("western",)), [U("GE", "W5005"), fc, *units], phase="first_combat")


def test_cavalry_retreats_one_hex_closer_to_a_friendly_supply_source_15_52():
    """15.52: one hex, closer to the nearest friendly supply source where it can be; never into
    enemy units."""
    b = _board()
    v = judge_drag(RS, b, "FC", "W5003", "retreat")
    assert v.legal and "15.52: retreats one hex, closer to a friendly supply source" in v.effects
    v = judge_drag(RS, b, "FC", "W5104", "retreat")
    assert rule(v) == "15.52" and "W4903, W5003, W5103 are" in v.reasons[0].message
    assert rule(judge_drag(RS, b, "FC", "W5002", "retreat")) == "15.52"  # two hexes
    v = judge_drag(RS, b, "FC", "W5005", "retreat")
    assert rule(v) == "15.52" and "holds enemy units" in v.reasons[0].message


def test_only_cavalry_alone_and_not_attacked_by_cavalry_retreats_before_combat_15_51():
    """15.51: an infantry unit never retreats; cavalry stacked with infantry does not; nor cavalry
    whose every adjacent enemy is cavalry, or that no enemy unit is next to."""
    b = _board(U("FI", "W4904", side="allied", nation="fr"))
    v = judge_drag(RS, b, "FI", "W4903", "retreat")
    assert rule(v) == "15.51" and "not cavalry" in v.reasons[0].message
    b = _board(U("FI", "W5004", side="allied", nation="fr"))
    v = judge_drag(RS, b, "FC", "W5003", "retreat")
    assert rule(v) == "15.51" and "FI" in v.reasons[0].message
    cav = board(
        geo(("western",)),
        [U("GC", "W5005", cls="cavalry"), U("FC", "W5004", side="allied", nation="fr", cls="cavalry")],
        phase="first_combat",
    )
    assert (
        "every enemy unit next to W5004 is cavalry"
        in judge_drag(RS, cav, "FC", "W5003", "retreat").reasons[0].message
    )
    alone = board(
        geo(("western",)), [U("FC", "W5004", side="allied", nation="fr", cls="cavalry")], phase="first_combat"
    )
    assert rule(judge_drag(RS, alone, "FC", "W5003", "retreat")) == "15.51"


def test_a_combat_phase_drag_is_a_cavalry_retreat_or_an_advance_by_where_it_goes_15_53():
    """15.51-15.53, 10.71 (on the Eastern Front, where 10.71 bars no advance against entrenched
    defenders): Russian cavalry in E3004 attacked from E3005; its drag into E3104, which no enemy
    unit left in the phase, is a retreat before combat, refused by 15.52 (E2903 and E2904 are closer
    to a supply source), where an advance into the empty hex passed; the German drag into E3004,
    which the cavalry left, is an advance or a retreat, legal as the advance (15.53)."""

    def east(fc_at):
        rc = U("RC", fc_at, side="allied", nation="ru", cls="cavalry")
        return board(geo(("eastern",)), [U("GE", "E3005"), rc], phase="first_combat")

    held = Held()
    b = east("E3004")
    held.see("first combat", b.state)
    v = judge_drag(RS, b, "RC", "E3104", held=held)
    assert v.extra["drag"] == "retreat" and rule(v) == "15.52"
    assert judge_drag(RS, b, "RC", "E3104", "advance").legal  # as the side alone made it
    after = east("E2904")
    held.see("first combat", after.state)
    v = judge_drag(RS, after, "GE", "E3004", held=held)
    assert v.legal and v.extra["drag"] == "advance" and v.extra["drags_tried"] == ["advance", "retreat"]

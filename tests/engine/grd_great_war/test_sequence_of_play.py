"""GR/D's sequence of play [4A], declared in its data file: the phasing player (the position's
active_side, [4B]) moves in the movement and exploitation phases; rail movement only in the
movement phase and only by the phasing player [7A]; reserves by the defender in the combat and
reaction combat phases [6C]; reaction movement by the non-phasing player [6D]; a unit that moves by
strategic rail makes no other move in the phase, nor the other way round [7A3]."""

import pytest
from grd_helpers import RS, board, doc, judge

from railhead.errors import InputError

RATES = {"rail_rates": {"operational": {"hexes_per_mp": 8}}}
RAIL = ["GW2:0304", "GW2:0404"]  # FR-RES by rail along the Entente's line (the sample)


def _judge(unit, path, mode="ground", phase="movement", active="entente", **attrs):
    d = doc()
    d["phase"], d["active_side"] = phase, active
    for u in d["units"]:
        if u["id"] == unit:
            u.setdefault("attrs", {}).update(attrs)
    return judge(board(d, values=RATES), unit, path, mode)


def test_a_non_phasing_unit_may_not_rail_move():
    """[7A]: "Units of the phasing player may use rail movement only in the movement phase": in the
    Central Powers' player turn the Entente's brigade does not move by rail, nor on the ground."""
    for mode, path in (("rail", RAIL), ("ground", RAIL[:1])):
        v = _judge("FR-RES", path, mode, active="central_powers")
        assert not v.legal and v.reasons[0].rule == "4A2; 6; 7A"
        assert "not of the phasing side" in v.reasons[0].message
        assert _judge("FR-RES", path, mode).legal
    d = doc()
    d["active_side"] = "central_powers"
    v = RS.judge_move(board(d, values=RATES), ["FR-RES"], ["GW2:0204", *RAIL], "rail")  # asked directly too
    assert not v.legal and v.reasons[0].rule == "4A2; 6; 7A"


@pytest.mark.parametrize("phase", ["initial", "combat", "reaction_movement", "exploitation"])
def test_rail_movement_only_in_the_movement_phase(phase):
    """[7A], [4A], [4C]: activities are not conducted outside the sequence: no rail movement in any
    other phase."""
    v = _judge("FR-RES", RAIL, "rail", phase=phase)
    assert (
        not v.legal
        and v.reasons[0].rule == "4A2; 6; 7A"
        and "only in the movement phase" in v.reasons[0].message
    )


def test_each_phase_its_own_movers():
    """[6], [6D], [6E], [4A4], [4A6]: the phasing player's exploitation movement in the exploitation
    phase only; reaction movement is the non-phasing player's, in the reaction movement phase."""
    v = _judge("FR-RES", RAIL[:1], "exploitation", phase="movement")
    assert not v.legal and v.reasons[0].rule == "4A6; 6E"
    assert _judge("FR-RES", RAIL[:1], "exploitation", phase="exploitation").legal
    v = _judge("FR-RES", RAIL[:1], "reaction", phase="reaction_movement")
    assert not v.legal and "non-phasing" in v.reasons[0].message
    v = _judge("FR-RES", RAIL[:1], "ground", phase="reaction_movement", active="central_powers")
    assert not v.legal and v.reasons[0].rule == "4A4; 6D"


def test_strategic_rail_and_other_movement_are_apart():
    """[7A3]: a unit that moved by strategic rail does not otherwise move in the movement phase,
    and one that spent MPs moving does not then move by strategic rail."""
    v = _judge("FR-RES", RAIL[:1], "ground", used_strategic_rail=True)
    assert not v.legal and v.reasons[0].rule == "7A3"
    v = _judge("FR-RES", RAIL[:1], "strategic_rail", mp_spent=1)
    assert not v.legal and v.reasons[0].rule == "7A3"
    assert _judge("FR-RES", RAIL[:1], "strategic_rail").legal


def test_a_phase_the_rulebook_lacks_is_bad_input():
    d = doc()
    d["phase"] = "strategic_movement"
    with pytest.raises(InputError, match="grd_great_war/data.toml declares: initial, movement, combat"):
        board(d)

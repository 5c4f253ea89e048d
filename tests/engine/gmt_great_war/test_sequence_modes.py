"""A replayed drag judged in the modes its phase allows (4.2): in the Strategic Movement Phase
(strategic and sea moves, no ground move) a German division's drag from the Eastern Front to the
Western is legal as a strategic move (9.5) and reported so; in a Mutual Movement Phase, which
allows ground moves only, the same drag is illegal as a ground move, with its ground rule."""

from __future__ import annotations

from gmt_helpers import RS

from railhead.engine.rulesets.gmt_great_war.sample import sample_map, sample_state
from railhead.engine.sequence import MoveSequence
from railhead.engine.state import parse_state

M = sample_map(RS.data)


def _replay(phase: str, phasing: str | None):
    d = sample_state()
    d.update(western_initiative="cp")
    seq = MoveSequence(RS, M, parse_state(d, M, sides=RS.sides, declarations=RS.declarations))
    seq.set_phase(phase, phasing)
    modes: list[str] = []
    seq.on_mode = lambda tag, mode: modes.append(mode)
    judged = seq.submit(0, seq.unit("GE-3ID"), "W6032") + seq.flush()
    return dict(judged)[0], modes, seq


def test_a_strategic_drag_in_the_strategic_movement_phase_is_legal_by_strategic_movement():
    verdict, modes, seq = _replay("strategic_movement", "cp")
    assert verdict is None and modes == ["strategic"]
    assert seq.unit("GE-3ID").attrs.get("moved_strategically") is True  # what the phase records
    assert seq.modes(seq.unit("GE-3ID")) == ("strategic", "sea")


def test_the_same_drag_in_a_ground_only_phase_is_illegal_by_its_ground_rule():
    verdict, modes, seq = _replay("first_mutual_movement", None)
    assert verdict is not None and verdict["rule"] and "tried" not in verdict and modes == ["ground"]
    assert seq.modes(seq.unit("GE-3ID")) == ("ground",)

"""3.2 (§10 #7: 3.2 and the glossary govern, not 2.21.A): a counter facing hexside f has front
hexsides f-1, f, f+1, flank hexsides f+2 and f-2, and rear hexside f+3."""

import pytest

from railhead.engine.rulesets.death_of_empires.facing import hexside_kind, parse_facing
from railhead.errors import InputError


def test_three_front_two_flank_one_rear():
    kinds = [hexside_kind(1, d) for d in range(6)]
    assert kinds == ["front", "front", "front", "flank", "rear", "flank"]
    assert [hexside_kind(0, d) for d in range(6)].count("front") == 3


@pytest.mark.parametrize("bad", ["6", "-1", "x", "1.5", True])
def test_facing_outside_0_to_5_is_refused(bad):
    with pytest.raises(InputError, match="0-5"):
        parse_facing(bad)

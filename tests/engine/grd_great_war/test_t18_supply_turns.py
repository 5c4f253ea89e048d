"""T18 [11F], [11C2bii]: (a) an Entente unit first judged out of general supply in the CP initial
phase of Dec I 14 is U-1 for CP Dec I 14 and Entente Dec II 14; U-2 starts CP Dec II 14 and, if
isolated, the elimination checks begin then. (b) A CP GSP generated in the CP initial phase of
Dec I 14 is usable from the Entente Dec II 14 initial phase and removed at the end of the CP
Dec II 14 initial phase."""

import pytest

from railhead.engine.rulesets.grd_great_war.calendar import (
    elimination_check,
    gsp_usable,
    name_of,
    player_turn,
    supply_age,
)
from railhead.errors import InputError

FIRST = player_turn("Dec I 14", "central_powers")


def test_a_u1_spans_two_player_turns():
    assert supply_age(FIRST, FIRST) == 1
    assert supply_age(FIRST, player_turn("Dec II 14", "entente")) == 1
    assert supply_age(FIRST, player_turn("Dec II 14", "central_powers")) == 2
    assert name_of(FIRST + 2) == "CP Dec II 14"
    assert not elimination_check(1, True)
    assert elimination_check(2, True) and not elimination_check(2, False)


def test_b_gsp_lifetime():
    assert not gsp_usable(FIRST, FIRST)  # generated after that phase's supply checks
    assert gsp_usable(FIRST, player_turn("Dec II 14", "entente"))
    assert gsp_usable(FIRST, player_turn("Dec II 14", "central_powers"))
    assert not gsp_usable(FIRST, player_turn("Jan I 15", "entente"))


def test_a_bad_turn_name_is_named():
    with pytest.raises(InputError, match="Dec I 14"):
        player_turn("December 1914", "entente")

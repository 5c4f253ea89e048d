"""Death of Empires' sequence of play (4.0), declared in its data file: in each impulse the phasing
player's Movement Phase (March Segment, 4.22), the other player's Counter-Movement Phase
(Counter-March Segment, 4.23), then the Mutual Combat Phase (4.24). The position's active_side is
the side whose phase it is; the other side only re-faces or reacts to its moves (3.45, 3.46).
Force March is a Counter-March choice the player makes (9.11), never for ML recovery (8.34)."""

import pytest
from helpers import board, du, h, move, pointy_map

from railhead.errors import InputError

ROW = [h(c, 3) for c in range(2, 14)]


def _b(units, phase="movement", active="central", days=2, **kw):
    return board(pointy_map(cols=14), units, phase=phase, active_side=active, impulse_days=days, **kw)


def test_the_other_side_does_not_move_in_the_phasing_players_march():
    """4.22: only the phasing player's units move in his March Segment; in the other player's
    Counter-Movement Phase his do (4.23)."""
    units = [du("A", h(1, 3)), du("R", h(1, 5), "entente")]
    v = move(_b(units), "R", [h(2, 5)])
    assert (
        not v.legal
        and v.reasons[0].rule == "4.22; 4.26"
        and "not of the phasing side" in v.reasons[0].message
    )
    assert move(_b(units), "A", ROW[:1]).legal
    v = move(_b(units, "counter_movement", active="entente"), "R", [h(2, 5)])
    assert v.legal and v.extra["phase"]["name"] == "counter_movement"


def test_the_non_moving_side_reacts_only_while_the_enemy_moves():
    """3.45.A, 3.46: re-facing in reaction to an enemy move is the non-moving side's, in a
    movement phase; in the Mutual Combat Phase nobody moves (4.24)."""
    cav = du("C", h(4, 2), "entente", type="cavalry", size="brigade", mr="C")
    units = [cav, du("E", h(3, 3))]
    v = move(_b(units), "C", [h(4, 2)], reaction_to="E", vacated=h(3, 2), facing=3)
    assert v.legal and v.changes.unit_fields["C"]["facing"] == 3
    v = move(_b(units, "mutual_combat"), "C", [h(4, 2)], reaction_to="E", vacated=h(3, 2), facing=3)
    assert not v.legal and v.reasons[0].rule == "4.22; 4.26"  # the phases where units move


@pytest.mark.parametrize("phase", ["strategic", "impulse_determination", "command", "mutual_combat"])
def test_no_movement_outside_the_movement_phases(phase):
    """4.1, 4.21, 4.24: units move (spend MPs) only in the March and Counter-March Segments."""
    v = move(_b([du("A", h(1, 3))], phase), "A", ROW[:1])
    assert not v.legal and "only in the movement, counter movement phase" in v.reasons[0].message


def test_force_march_only_when_asked():
    """9.11: a 3-day Counter-March gives 3 MP; 4 hexes need 1 MP of Force March: refused unless the
    player asks for it, saying so; asked, it is legal with its Morale Check (9.11.A)."""
    b = _b([du("A", h(1, 3), ml=6)], "counter_movement", days=3, rolls=[1])
    v = move(b, "A", ROW[:4])
    assert not v.legal and v.reasons[0].rule == "9.11" and "force_march=yes" in v.reasons[0].message
    assert v.extra["force_march_needed"] == 1 and not v.rolls
    v = move(b, "A", ROW[:4], force_march="yes")
    assert v.legal and v.extra["force_march"]["mp"] == 1 and v.rolls[0]["value"] == 1
    assert move(b, "A", ROW[:3]).legal  # within the Counter-March's own MP: no Force March


def test_no_force_march_in_the_march_segment_even_when_asked():
    """9.11, 4.22: Force March belongs to the Counter-March Segment."""
    b = _b([du("A", h(1, 3))], "movement", days=2)
    assert move(b, "A", ROW[:4], force_march="yes").legal  # 2 MP a day in the March
    assert not move(b, "A", ROW[:5], force_march="yes").legal


def test_no_force_march_for_ml_recovery():
    """8.34, 9.11: ML recovery (3 MP) never uses Force-March MPs: a 2-day Counter-March (2 MP)
    cannot pay it even when Force March is asked; a 3-day one can."""
    unit = du("A", h(1, 3), ml=4)
    v = move(
        _b([unit], "counter_movement", days=2), "A", [h(1, 3)], activities="ml_recovery", force_march="yes"
    )
    assert not v.legal and v.reasons[0].rule == "8.34; 9.11"
    v = move(_b([unit], "counter_movement", days=3), "A", [h(1, 3)], activities="ml_recovery")
    assert v.legal, v.reasons


def test_a_phase_the_rulebook_lacks_is_bad_input():
    with pytest.raises(InputError, match="death_of_empires/data.toml declares: strategic"):
        _b([du("A", h(1, 3))], "exploitation")


def test_the_second_half_of_the_impulse_reverses_the_roles():
    """4.25, 4.26, 4.27: the 2nd Player's Command and Movement Phases and the 1st Player's
    Counter-Movement Phase are conducted like the first ones with the roles reversed: with the
    Entente phasing, nobody moves in his Command Phase; his units march (2 MP a day, 4.22) and the
    Central Powers' do not; in the Central Powers' Counter-Movement Phase theirs counter-march (1 MP
    a day, 4.23) and the Entente's do not."""
    units = [du("A", h(1, 3)), du("R", h(1, 5), "entente")]
    east = [h(c, 5) for c in range(2, 14)]
    v = move(_b(units, "command", active="entente"), "R", east[:1])
    assert not v.legal and v.reasons[0].rule == "4.22; 4.26"
    b = _b(units, "movement", active="entente")
    assert move(b, "R", east[:4]).legal and not move(b, "R", east[:5]).legal
    v = move(b, "A", ROW[:1])
    assert not v.legal and "not of the phasing side" in v.reasons[0].message
    b = _b(units, "counter_movement", active="central")
    assert move(b, "A", ROW[:2]).legal and not move(b, "A", ROW[:3]).legal
    v = move(b, "R", east[:1])
    assert not v.legal and "not of the phasing side" in v.reasons[0].message

"""The game calendar as the supply rules count it: game turns "Mon I YY" / "Mon II YY" (half a
month), each an Entente player turn then a Central Powers one [4]; a "turn out of general supply"
is two consecutive player turns from the one the unit was first judged out [11F]; a GSP lives three
initial phases, the one it was generated in (after the supply checks) and the next two [11C2bii]."""

from __future__ import annotations

import re

from ....errors import InputError

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
ORDER = ("entente", "central_powers")  # the Entente player turn comes first [4]
TURN = re.compile(r"(?P<month>[A-Z][a-z]{2}) (?P<half>I|II) (?P<year>\d{2})")


def game_turn(name: str) -> int:
    """A game turn's index ("Dec I 14" → 24 × 14 + 22)."""
    m = TURN.fullmatch(name.strip())
    if m is None or m["month"] not in MONTHS:
        raise InputError(f"expected a game turn like 'Dec I 14', not {name!r}")
    return int(m["year"]) * 24 + MONTHS.index(m["month"]) * 2 + (m["half"] == "II")


def player_turn(name: str, side: str) -> int:
    """A player turn's index: the game turn's Entente player turn, then the Central Powers'."""
    return 2 * game_turn(name) + ORDER.index(side)


def name_of(player_turn_index: int) -> str:
    g, s = divmod(player_turn_index, 2)
    year, rest = divmod(g, 24)
    month, half = divmod(rest, 2)
    return f"{'Entente' if s == 0 else 'CP'} {MONTHS[month]} {'II' if half else 'I'} {year:02d}"


def supply_age(first_out: int, now: int) -> int:
    """Turns out of general supply (1 = U-1) of a unit first judged out in player turn ``first_out``
    and out ever since, in player turn ``now`` [11F]."""
    return (now - first_out) // 2 + 1


def elimination_check(age: int, isolated: bool) -> bool:
    """From U-2 on, an isolated unit out of general supply is checked for elimination [11F3]."""
    return age >= 2 and isolated


def gsp_usable(generated: int, now: int) -> bool:
    """A GSP generated in the initial phase of player turn ``generated`` (after that phase's supply
    checks) supplies in the next two initial phases and is removed at the end of the second
    [11C2bii]."""
    return generated < now <= generated + 2

"""Fortresses (R21-10 ... R21-12, R29-10, R29-11, R41-4): artillery attacking a fortress hex,
surrender of a surrounded fortress, Russian fortresses, open cities.
"""

from __future__ import annotations

from .combat_data import data, value


def artillery_vs_fortress(artillery_sp: int, infantry_sp_in_hex: int, hexsides: int) -> tuple[int, int]:
    """(strength, die-roll modifier) of artillery attacking a fortress hex: doubled if the hex holds
    fewer infantry SP than 4 per hexside the artillery attacks through (R29-11); +1 per such hexside
    when only artillery attacks (R29-10; capped by :func:`.die_roll.modified_roll`)."""
    per = value("artillery", "fortress_infantry_per_hexside")
    double = value("artillery", "fortress_doubling") if infantry_sp_in_hex < per * hexsides else 1
    return artillery_sp * double, hexsides * value("die_roll", "artillery_vs_fortress_per_hexside")


def prone_turns(strength: int, turns_surrounded: int) -> int:
    """Turns a fortress has been prone to surrender (0: not prone): after 7 turns surrounded (12 SP or
    less), 14 (13-23 SP), 28 (24 or more) (R21-10)."""
    for row in value("fortress", "prone_after"):
        if strength <= row["max_strength"]:
            return max(0, turns_surrounded - row["turns"])
    return 0


def surrenders(two_dice: int, turns_prone: int) -> bool:
    """A prone fortress, and every unit with it, surrenders if 2d6 - 1 <= turns prone (R21-11)."""
    return turns_prone > 0 and two_dice - value("fortress", "surrender_roll_offset") <= turns_prone


def russian_fortress_after(strength: int, turns_surrounded: int) -> int | None:
    """A Russian fortress's strength after ``turns_surrounded`` turns (-6 each); None once below 4:
    removed (R41-4)."""
    left = strength - value("fortress", "russian_loss_per_turn") * turns_surrounded
    return None if left < value("fortress", "russian_minimum") else left


def open_city(
    month: int,
    year: int,
    fortress_sp: int,
    other_sp: int,
    enemy_adjacent_sp: int,
    *,
    line_to_capital: bool = True,
    enemy_siege_adjacent: bool = False,
) -> bool:
    """R21-12: in August-September 1914 a city fortress of 8 SP or less is removed (no DM; the other
    units retreat) the instant it has no line to the capital, enemy SP adjacent exceed 3x the city's
    non-fortress SP, or enemy siege artillery is adjacent."""
    if year != data()["fortress"]["open_city_months"]["year"] or month not in value(
        "fortress", "open_city_months"
    ):
        return False
    if fortress_sp > value("fortress", "open_city_max_strength"):
        return False
    return (
        not line_to_capital
        or enemy_adjacent_sp > value("fortress", "open_city_enemy_multiple") * other_sp
        or enemy_siege_adjacent
    )

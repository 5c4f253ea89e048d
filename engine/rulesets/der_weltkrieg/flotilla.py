"""River Flotillas in combat (R36-6, R36-7, R36-9)."""

from __future__ import annotations

from .combat_data import value


def flotilla_bonus(total_flotilla_strength: int) -> int:
    """River Flotillas joining an attack add their total / 3, rounded down; no supply (R36-6)."""
    return total_flotilla_strength // value("flotilla", "attack_divisor")


def interdiction_column(flotilla_strength: int, distance: int) -> int | None:
    """A flotilla attacks a Danube crossing within 2 hexes (of the hex left or entered) at 3x its
    strength, no supply, no counterattack (R36-7). None when out of range."""
    if distance > value("flotilla", "interdiction_range"):
        return None
    return flotilla_strength * value("flotilla", "interdiction_multiplier")


def flotilla_duel_strength(flotilla_strength: int) -> int:
    """Flotilla against flotilla: attack and counterattack at double strength (R36-9)."""
    return flotilla_strength * value("flotilla", "duel_multiplier")

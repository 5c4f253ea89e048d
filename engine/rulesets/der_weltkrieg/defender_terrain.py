"""The defender's terrain (R13-3, R13-4, R13-5, R21-4, Fig 8; spec §8.3): the terrains it may
choose against an attack, and the choice that hurts the attack most.
"""

from __future__ import annotations

from collections.abc import Iterable

from ....errors import InputError
from ...board import Board
from .die_roll import attack_modifiers, counterattack_modifiers
from .protocol import DwHooks
from .terrain_effects import halvings


def eligible_terrains(
    rs: DwHooks,
    board: Board,
    target: str,
    attacker_hexes: Iterable[str],
    *,
    alpine_adjacent: bool = True,
) -> tuple[list[str], str | None]:
    """(terrains the defender may choose, river effect) for an attack on ``target`` (R13-3, R13-4,
    R13-5, R21-4, Fig 8): the attack hexsides and the hexsides of ``target`` next to them, except
    prohibited terrain and neutral borders. Urban only with a city centre and an urban hexside, two
    urban hexsides, or an attack through urban (R13-4); never with a fortress, whose only fallback is
    broken (R21-4). Alpine may be chosen as an adjacent hexside (spec §10 #6 DECISION;
    ``alpine_adjacent=False`` forbids it). River effect: "major_river" or "river" when every attack
    hexside has one (R13-5)."""
    i = board.idx(target)
    nbr = board.nbr
    ta = rs.terrain_arrays(board)
    dirs = []
    for h in attacker_hexes:
        j = board.idx(h)
        hit = [d for d in range(6) if nbr[i, d] == j]
        if not hit:
            raise InputError(f"{h} is not adjacent to {target}: units attack adjacent hexes only (R12-4)")
        dirs.append(hit[0])
    neutral = board.arrays.hex_attr("neutral")
    sides = sorted(set(dirs) | {(d + k) % 6 for d in dirs for k in (-1, 1)})
    options: list[str] = []
    for d in sides:
        j = int(nbr[i, d])
        t = ta["terrain"][i, d]
        if j >= 0 and neutral[j]:
            continue
        if ta["prohibited"][i, d] and not (t == "alpine" and alpine_adjacent and d not in dirs):
            continue
        if t not in options:
            options.append(t)
    urban_sides = sum(ta["terrain"][i, d] == "urban" for d in range(6))
    city = bool(board.arrays.hex_feature("city")[i])
    urban_ok = (
        (urban_sides >= 1 and city) or urban_sides >= 2 or any(ta["terrain"][i, d] == "urban" for d in dirs)
    )
    fortress = any(u.cls == "fortress" for u in board.state.units_at(target))
    if "urban" in options and (fortress or not urban_ok):
        options.remove("urban")
    if fortress and not options:
        options = ["broken"]
    river = None
    if all(ta["major"][i, d] for d in dirs):
        river = "major_river"
    elif all(ta["river"][i, d] > 0 for d in dirs):
        river = "river"
    return options, river


def best_defensive_terrain(options: Iterable[str], river: str | None = None) -> str:
    """The choice that hurts the attack most (R13-3 leaves it to the defender): most halvings, then
    the most negative attack modifier, then the best counterattack modifier."""

    def key(t: str) -> tuple[int, int, int]:
        att = sum(m for m, _ in attack_modifiers(t, river=river))
        cnt = sum(m for m, _ in counterattack_modifiers(t, river=river))
        return halvings(t, river), -att, cnt

    return max(options, key=key)

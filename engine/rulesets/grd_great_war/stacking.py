"""Stacking [8A]: a hex holds a general allowance of units of any size, plus REs of non-divisional
units, plus artillery (REs, or artillery divisions), plus one fortress unit; less in mountain hexes
and far less in the Arctic and Desert (zones A, F, G). Legality is a small bin-packing: every counting
unit goes into one of the four allowances, tried exhaustively over the artillery (stacks are small).
Restricted-movement units (rail-only, water-only, 0 MA) and HQs never count [8A4]."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

LIMITS = {  # units, non-divisional REs, artillery alternatives ((REs, divisions), ...)  [8A]
    "regular": (6, Fraction(6), ((Fraction(4), 0), (Fraction(2), 1), (Fraction(0), 2))),
    "mountain": (4, Fraction(4), ((Fraction(2), 0), (Fraction(0), 1))),
    "arctic_desert": (2, Fraction(2), ((Fraction(1), 0),)),
}


@dataclass(frozen=True)
class Piece:
    id: str
    re: Fraction
    divisional: bool
    artillery: bool
    fortress: bool


def hex_kind(terrain: str, zone: str | None) -> str:
    if zone in ("A", "F", "G"):
        return "arctic_desert"
    return "mountain" if terrain == "mountain" else "regular"


def fits(pieces: list[Piece], kind: str) -> bool:
    """Can these counting units share one hex of ``kind`` [8A]?"""
    general, nondiv_res, art_alternatives = LIMITS[kind]
    forts = [p for p in pieces if p.fortress]
    rest = [p for p in pieces if not p.fortress]
    if len(forts) > 1:  # one in the fortress allowance, the others must fit elsewhere
        rest += sorted(forts, key=lambda p: p.re)[1:]
    art = [p for p in rest if p.artillery]
    others = [p for p in rest if not p.artillery]
    for k in range(len(art) + 1):
        for chosen in combinations(art, k):
            if not _artillery_fits(chosen, art_alternatives):
                continue
            left = others + [p for p in art if p not in chosen]
            nondiv = sorted((p for p in left if not p.divisional), key=lambda p: p.re)
            used, placed = Fraction(0), 0
            for p in nondiv:  # smallest first puts the most units outside the general allowance
                if used + p.re <= nondiv_res:
                    used += p.re
                    placed += 1
            if len(left) - placed <= general:
                return True
    return False


def _artillery_fits(chosen, alternatives) -> bool:
    divisions = sum(1 for p in chosen if p.divisional)
    res = sum((p.re for p in chosen if not p.divisional), Fraction(0))
    return any(divisions <= d and res <= r for r, d in alternatives)

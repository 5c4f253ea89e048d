"""Which pieces of a module's palettes are units, and which sides the module itself declares.

A module's palettes hold far more than units: markers, terrain tiles, cards, chart pieces, hidden
helper pieces. A piece is judged from what its author wrote about it, most specific first: a
``Type``-like Marker property, then the names of the prototypes it uses, then the palette folders it
sits in (innermost first), then its own name and image. The first of these that speaks decides:
words such as *marker*, *terrain*, *card*, *chart* say "not a unit"; *unit*, *leader*, a class or
size word of the ruleset, or printed factors say "a unit". Where one source says both (a prototype
list that has ``Marker`` and ``Unit``), the count decides; a tie, or silence everywhere, is no
evidence, and such a piece is left out with that reason — a roster row for a marker would make
``check`` judge the marker as a unit, while a unit left out is listed and can be added by hand.

The sides a module declares are its ``PlayerRoster`` entries. A ruleset covers the module's game
only when each of the ruleset's sides is among them (``Central Powers`` for ``central``); only
then may a nation's side be taken from the ruleset's alliances (a Napoleonic module's *France* is
no WWI *entente*).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .modules import B, _build_root
from .piece_defs import PieceDef


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


NOT_UNIT_WORDS = _wordset(
    "marker markers mkr mkrs terrain tile tiles card cards deck decks chart charts table tables track "
    "tracks label labels highlight overlay widget widgets button buttons control controls hidden info "
    "help admin status weather dice die vp victory note notes display store token tokens "
    "flag flags objective objectives turn"
)
UNIT_WORDS = _wordset("unit units leader leaders troops formation formations infantry cavalry artillery arty")
SIZE_WORDS = _wordset("battalion regiment brigade division corps bde div regt bn")
TYPE_KEYS = ("type", "piecetype", "piece type", "kind", "category")
# common names of the sides of WWI games, for matching a module's PlayerRoster entries
SIDE_WORDS = {
    "central powers": ("central", "central_powers", "cp"),
    "central": ("central", "central_powers", "cp"),
    "cp": ("cp",),
    "entente": ("entente", "allies", "allied"),
    "allies": ("allies", "allied", "entente"),
    "allied": ("allied", "allies", "entente"),
}
_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class UnitJudgement:
    unit: bool
    why: str


def _words(text: str) -> list[str]:
    """Words of ``text``: camelCase and underscores split (``hasMarkerUnit`` → has marker unit)."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).replace("_", " ")
    return _WORD.findall(spaced.lower())


def _signal(texts: list[str], unit_words: frozenset[str]) -> tuple[int, int, list[str]]:
    """(texts saying unit, texts saying not a unit, the words that spoke) over ``texts``."""
    units = others = 0
    said: list[str] = []
    for text in texts:
        words = set(_words(text))
        u, n = words & unit_words, words & NOT_UNIT_WORDS
        if u and not n:
            units += 1
            said.extend(sorted(u))
        elif n and not u:
            others += 1
            said.extend(sorted(n))
    return units, others, said


def judge_piece(d: PieceDef, classes: tuple[str, ...], has_factors: bool) -> UnitJudgement:
    """Is ``d`` a unit, and why (see the module docstring for the order of evidence)."""
    class_words = {w for c in classes for w in _words(c)} - NOT_UNIT_WORDS  # "supply_marker": not "marker"
    unit_words = UNIT_WORDS | class_words | SIZE_WORDS
    lower = {k.strip().lower(): v for k, v in d.properties.items()}
    typed = [f"{k}={lower[k]}" for k in TYPE_KEYS if lower.get(k, "").strip()]
    image = PurePosixPath(d.image).stem if d.image else ""
    levels = [
        ("property", [t.split("=", 1)[1] for t in typed], typed),
        ("prototype", list(d.prototypes), list(d.prototypes)),
        *(("folder", [f], [f]) for f in reversed(d.folders)),
        ("name", [d.name, image], [d.name]),
    ]
    for kind, texts, shown in levels:
        units, others, said = _signal(texts, unit_words)
        if units == others:
            continue
        verdict = units > others
        where = f"{kind} {', '.join(repr(s) for s in shown[:3])}{' ...' if len(shown) > 3 else ''}"
        return UnitJudgement(verdict, f"{where} says {'/'.join(dict.fromkeys(said))}")
    if has_factors:
        return UnitJudgement(True, "printed factors in its name or image")
    return UnitJudgement(False, "nothing states it is a unit (no type, prototype, folder or name word)")


def module_sides(path: str | Path) -> tuple[str, ...]:
    """The sides of the module's ``PlayerRoster`` (its ``entry`` elements), in order."""
    root = _build_root(Path(path))
    out: list[str] = []
    for roster in root.iter(f"{B}.module.PlayerRoster"):
        for entry in roster.iter("entry"):
            name = (entry.text or "").strip()
            if name and name not in out:
                out.append(name)
    return tuple(out)


def side_names(module_side: str, ruleset_sides: tuple[str, ...]) -> set[str]:
    """Ruleset sides a module's side name stands for (its id, or a common name of it)."""
    phrase = " ".join(_words(module_side))
    hits = {s for s in ruleset_sides if phrase == " ".join(_words(s))}
    hits |= {s for s in SIDE_WORDS.get(phrase, ()) if s in ruleset_sides}
    return hits


def ruleset_covers(module_side_list: tuple[str, ...], ruleset_sides: tuple[str, ...]) -> bool:
    """Each of the ruleset's sides is one of the module's (a module that declares no sides says
    nothing against it)."""
    if not module_side_list:
        return True
    named = set().union(*(side_names(s, ruleset_sides) for s in module_side_list))
    return set(ruleset_sides) <= named

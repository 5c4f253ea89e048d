"""Which pieces of a module's palettes are units, and which sides the module itself declares.

A module's palettes hold far more than units: markers, terrain tiles, cards, chart pieces, hidden
helper pieces, places. A card of a deck (a ``CardSlot``) is no unit unless its own properties or
prototypes say so (a pool of fort counters kept as a deck). Any other piece is judged from
what its author wrote about it, most specific first: a ``Type``-like Marker property, then its
``Layer`` property, then the names of the prototypes it uses, then the palette folders or at-start
stack it sits in (innermost first), then its own name and image. The first of these that speaks
decides: words such as *marker*, *terrain*, *card*, *chart*, *location* say "not a unit"; *unit*,
*leader*, *lord*, the head noun of a class of the ruleset (*flotilla* of ``river_flotilla``, never
*river*), a size word, or printed factors say "a unit". A text holding both says what its last such
word says (``Amphibious Assault Marker`` is a marker). Where one source says both (a prototype
list that has ``Marker`` and ``Unit``), the count decides; a tie, or silence everywhere, is no
evidence, and such a piece is left out with that reason — a roster row for a marker would make
``check`` judge the marker as a unit, while a unit left out is listed and can be added by hand.

The sides a module declares are its ``PlayerRoster`` entries. A ruleset covers the module's game
only when each of the ruleset's sides is among them (``Central Powers`` for ``central``); only
then may a nation's side be taken from the ruleset's alliances (a Napoleonic module's *France* is
no WWI *entente*), and a piece's ``Side=AP`` be read as the module's *Allied Powers*.
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
    "flag flags objective objectives turn location locations space spaces region regions modifier modifiers"
)
UNIT_WORDS = _wordset(
    "unit units leader leaders troops formation formations infantry cavalry artillery arty lord lords "
    "general generals commander commanders"
)
SIZE_WORDS = _wordset("battalion regiment brigade division corps bde div regt bn")
# Marker properties naming what a piece is; ``Layer`` is the property VASSAL's layered maps draw
# pieces by (``Layer=Units``, ``Layer=Markers``)
TYPE_KEYS = ("type", "piecetype", "piece type", "kind", "category", "layer")
# common names of the sides of WWI games, for matching a module's PlayerRoster entries
SIDE_WORDS = {
    "central powers": ("central", "central_powers", "cp"),
    "central": ("central", "central_powers", "cp"),
    "cp": ("cp",),
    "entente": ("entente", "allies", "allied"),
    "allies": ("allies", "allied", "entente"),
    "allied": ("allied", "allies", "entente"),
    "allied powers": ("entente", "allies", "allied"),
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
    """(texts saying unit, texts saying not a unit, the words that spoke) over ``texts``. A text
    holding words of both kinds says what its last one says, the head of an English noun phrase
    (``Amphibious Assault Marker`` is a marker, ``Marker Unit`` a unit)."""
    units = others = 0
    said: list[str] = []
    for text in texts:
        spoke = [w for w in _words(text) if w in unit_words or w in NOT_UNIT_WORDS]
        if not spoke:
            continue
        head = spoke[-1]
        if head in NOT_UNIT_WORDS:
            others += 1
        else:
            units += 1
        said.append(head)
    return units, others, said


def judge_piece(d: PieceDef, classes: tuple[str, ...], has_factors: bool) -> UnitJudgement:
    """Is ``d`` a unit, and why (see the module docstring for the order of evidence)."""
    # a class's head noun: "river_flotilla" says flotilla (a river is no unit), "supply_marker" nothing
    class_words = {words[-1] for words in map(_words, classes) if words} - NOT_UNIT_WORDS
    unit_words = UNIT_WORDS | class_words | SIZE_WORDS
    lower = {k.strip().lower(): v for k, v in d.properties.items()}
    typed = [f"{k}={lower[k]}" for k in TYPE_KEYS if lower.get(k, "").strip()]
    image = PurePosixPath(d.image).stem if d.image else ""
    levels = [
        *(("property", [t.split("=", 1)[1]], [t]) for t in typed),
        ("prototype", list(d.prototypes), list(d.prototypes)),
        *(("folder", [f], [f]) for f in reversed(d.folders)),
        ("name", [d.name, image], [d.name]),
    ]
    if d.deck:  # a card, unless its own properties or prototypes say unit (a pool of counters)
        levels = [lv for lv in levels if lv[0] in ("property", "prototype")]
    for kind, texts, shown in levels:
        units, others, said = _signal(texts, unit_words)
        if units == others:
            continue
        verdict = units > others
        if d.deck and not verdict:
            break
        where = f"{kind} {', '.join(repr(s) for s in shown[:3])}{' ...' if len(shown) > 3 else ''}"
        return UnitJudgement(verdict, f"{where} says {'/'.join(dict.fromkeys(said))}")
    if d.deck:
        return UnitJudgement(False, f"a card (CardSlot) of deck {d.deck!r}")
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


def side_aliases(module_side_list: tuple[str, ...], ruleset_sides: tuple[str, ...]) -> dict[str, str]:
    """How pieces may name each of the module's sides that stands for one ruleset side: its name,
    its name without a plural ``s`` (``Teuton`` for ``Teutons``) and the initials of a name of two
    words or more (``AP`` for ``Allied Powers``), each -> that ruleset side. A form two sides share
    is left out."""
    out: dict[str, str] = {}
    clash: set[str] = set()
    for side in module_side_list:
        hits = side_names(side, ruleset_sides)
        if len(hits) != 1:
            continue
        (rs_side,) = hits
        words = _words(side)
        forms = {" ".join(words)}
        if words and words[-1].endswith("s") and len(words[-1]) > 3:
            forms.add(" ".join([*words[:-1], words[-1][:-1]]))
        if len(words) >= 2:
            forms.add("".join(w[0] for w in words))
        for f in forms:
            if out.get(f, rs_side) != rs_side:
                clash.add(f)
            out[f] = rs_side
    return {f: s for f, s in out.items() if f not in clash}

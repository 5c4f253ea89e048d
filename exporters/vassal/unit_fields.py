"""What a VASSAL piece says about the unit it stands for: side, nation, class, size, strength,
movement — read from its Marker properties, the prototypes it uses, the palette folders it sits in,
its name and its image name, and checked against the ruleset's vocabulary.

A field is filled only when the piece states it: a property (``Nation=germany``), a word the
ruleset knows (a side, a nation, a class, or a common form of one: ``German``, ``Infantry``,
``Inf``), a size word (``Division``, ``Bde``), or the printed factors (``6-5`` is strength 6,
movement 5; ``4-4-3`` is strength 4, movement 3; ``4-3-4``, whose two combat factors differ, gives
movement only). A side also follows from a nation the ruleset assigns to one. Where the sources
disagree or say nothing the field stays blank, with the reason — never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

FIELDS = ("side", "nation", "class", "size", "strength", "movement")

# property names (lower case) that state a field, most specific first
PROPERTY_KEYS = {
    "side": ("side", "faction", "player side"),
    "nation": ("nation", "nationality", "country"),
    "class": ("class", "unit class", "unit type", "unittype", "type", "branch"),
    "size": ("size", "unit size", "echelon"),
    "strength": ("strength", "combat strength", "strength factor", "combat factor", "cf", "sf"),
    "movement": ("movement", "movement allowance", "movement factor", "move", "ma", "mp", "mf"),
}

# common English names of nations, mapped to the ruleset's nation ids (used only for nations the
# ruleset knows)
NATION_WORDS = {
    "german": "germany",
    "germans": "germany",
    "austrian": "austria-hungary",
    "austro-hungarian": "austria-hungary",
    "austria": "austria-hungary",
    "bulgarian": "bulgaria",
    "turkish": "ottoman",
    "turkey": "ottoman",
    "ottomans": "ottoman",
    "french": "france",
    "british": "great britain",
    "britain": "great britain",
    "russian": "russia",
    "belgian": "belgium",
    "italian": "italy",
    "serbian": "serbia",
    "montenegrin": "montenegro",
    "romanian": "romania",
    "greek": "greece",
    "american": "usa",
    "portuguese": "portugal",
}
CLASS_WORDS = {"headquarters": "hq", "arty": "artillery", "mtn": "mountain", "siege": "siege_artillery"}
SIZE_WORDS = {
    "battalion": "battalion",
    "bn": "battalion",
    "regiment": "regiment",
    "regt": "regiment",
    "rgt": "regiment",
    "brigade": "brigade",
    "brig": "brigade",
    "bde": "brigade",
    "division": "division",
    "div": "division",
    "corps": "corps",
    "army": "army",
}
MIN_ABBREVIATION = 3  # "Inf" stands for infantry; shorter prefixes say too little
# printed factors stand alone: "6-5", "4-3-4" (not "1-03" of "Worker-1-03-A", not a date or a range)
_FACTORS = re.compile(r"(?<![A-Za-z0-9.-])([1-9]?\d)-([1-9]?\d)(?:-([1-9]?\d))?(?![A-Za-z0-9.-])")
_WORD = re.compile(r"[a-z0-9]+")
_PARTS = re.compile(r"[/,:()\[\]]| - ")
MAX_FORMATION_WORDS = 3  # "II Cav Corps", "1. Garde Division"


@dataclass(frozen=True)
class Vocabulary:
    """What a ruleset knows: its sides, nations (with their side, where it says) and classes."""

    sides: tuple[str, ...]
    nations: dict[str, str | None]
    classes: tuple[str, ...]
    # how pieces name the module's own sides (``AP``, ``Allied Powers``) -> the ruleset's side; set
    # only where the ruleset covers the module's game (:func:`.unit_pieces.side_aliases`)
    side_aliases: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, ruleset: Any) -> Vocabulary:
        nations = ruleset.data.get("nations", {}) or {}
        return cls(
            tuple(ruleset.sides),
            {n: (s if isinstance(s, str) and s in ruleset.sides else None) for n, s in nations.items()},
            tuple(ruleset.data.get("classes", {}) or ()),
        )


@dataclass(frozen=True)
class Source:
    """One text that may state fields: ``kind`` says where it comes from (shown in reasons)."""

    kind: str
    text: str

    def label(self) -> str:
        return f"{self.kind} {self.text!r}"


@dataclass
class Proposal:
    """A unit's fields ("" where unknown), where each came from, and why each blank is blank."""

    name: str
    fields: dict[str, str] = field(default_factory=lambda: dict.fromkeys(FIELDS, ""))
    sources: dict[str, str] = field(default_factory=dict)
    blanks: dict[str, str] = field(default_factory=dict)


def _phrase(text: str) -> str:
    """Lower-case words separated by single spaces (``_``, ``/``, ``.`` and the like split)."""
    return " ".join(_WORD.findall(text.lower().replace("_", " ")))


def _find(phrase: str, words: dict[str, str]) -> set[str]:
    """Values of ``words`` whose key occurs in ``phrase`` as whole words."""
    padded = f" {phrase} "
    return {value for key, value in words.items() if f" {_phrase(key)} " in padded}


def _lexicon(kind: str, vocab: Vocabulary) -> dict[str, str]:
    """Word (or phrase) -> value it states, for one field."""
    if kind == "side":
        words = {s: s for s in vocab.sides}
        words.update({a: s for a, s in vocab.side_aliases.items() if a not in words})
        return words
    if kind == "nation":
        words = {n: n for n in vocab.nations}
        words.update({w: n for w, n in NATION_WORDS.items() if n in vocab.nations and w not in words})
        return words
    if kind == "class":
        words = {c: c for c in vocab.classes}
        words.update({c + "s": c for c in vocab.classes})
        words.update({w: c for w, c in CLASS_WORDS.items() if c in vocab.classes})
        return words
    return dict(SIZE_WORDS)


def _abbreviations(phrase: str, classes: tuple[str, ...]) -> set[str]:
    """Classes a word of ``phrase`` abbreviates: a prefix of at least three letters of exactly one
    single-word class (``inf``, ``cav``, ``art``)."""
    out = set()
    for word in phrase.split():
        if len(word) < MIN_ABBREVIATION or not word.isalpha():
            continue
        hits = [c for c in classes if "_" not in c and c.startswith(word) and c != word]
        if len(hits) == 1:
            out.add(hits[0])
    return out


def _matches(kind: str, text: str, vocab: Vocabulary, abbreviations: bool = True) -> set[str]:
    """Values of ``kind`` that ``text`` names; class abbreviations (``Inf``) only where asked (not
    in image file names, whose codes are countries as often as classes: ``ldr_ENG_Alten.png``)."""
    phrase = _phrase(text)
    found = _find(phrase, _lexicon(kind, vocab))
    if kind == "class" and not found and abbreviations:
        found = _abbreviations(phrase, vocab.classes)
    return found


def _property(props: dict[str, str], kind: str) -> tuple[str, str] | None:
    """(property name, value) of the first property that states ``kind``, if any is set."""
    lower = {k.strip().lower(): (k, v) for k, v in props.items()}
    for key in PROPERTY_KEYS[kind]:
        if key in lower and lower[key][1].strip():
            return lower[key]
    return None


def _from_texts(kind: str, sources: list[Source], vocab: Vocabulary, p: Proposal) -> None:
    found: dict[str, list[str]] = {}
    for src in sources:
        for value in _matches(kind, src.text, vocab, abbreviations=src.kind != "image"):
            found.setdefault(value, []).append(src.label())
    if len(found) == 1:
        value, where = next(iter(found.items()))
        p.fields[kind], p.sources[kind] = value, where[0]
    elif found:
        said = [f"{v} ({', '.join(w)})" for v, w in sorted(found.items())]
        p.blanks[kind] = "sources disagree: " + "; ".join(said)
    else:
        kinds = ["property", *dict.fromkeys(s.kind for s in sources)]
        known = " the ruleset knows" if kind != "size" else " (battalion ... army)"
        p.blanks[kind] = f"no {', '.join(kinds[:-1])} or {kinds[-1]} names a {kind}{known}"


def _word_field(
    kind: str, props: dict[str, str], sources: list[Source], vocab: Vocabulary, p: Proposal
) -> None:
    stated = _property(props, kind)
    if stated is None:
        _from_texts(kind, sources, vocab, p)
        return
    key, value = stated
    hits = _matches(kind, value, vocab)
    if len(hits) == 1:
        p.fields[kind], p.sources[kind] = hits.pop(), f"property {key}={value!r}"
        return
    _from_texts(kind, sources, vocab, p)
    if kind in p.blanks:
        known = {"side": vocab.sides, "nation": tuple(vocab.nations), "class": vocab.classes}.get(
            kind, tuple(sorted(set(SIZE_WORDS.values())))
        )
        p.blanks[kind] = f"property {key}={value!r} is not one of: {', '.join(known)}; {p.blanks[kind]}"


def printed_factors(text: str) -> tuple[int, ...] | None:
    """The one set of printed factors in ``text`` (``6-5`` → (6, 5)), if exactly one is printed."""
    hits = {tuple(int(g) for g in m.groups() if g is not None) for m in _FACTORS.finditer(text)}
    return hits.pop() if len(hits) == 1 else None


def _numbers(props: dict[str, str], sources: list[Source], p: Proposal) -> None:
    printed: dict[tuple[int, ...], str] = {}
    for src in sources:
        f = printed_factors(src.text)
        if f is not None:
            printed.setdefault(f, src.label())
    factors = None
    if len(printed) > 1:
        said = [f"{'-'.join(map(str, f))} ({w})" for f, w in printed.items()]
        why = "printed factors disagree: " + "; ".join(said)
    elif printed:
        factors, where = next(iter(printed.items()))
    else:
        why = "no property and no printed factors (such as 6-5) in " + " or ".join(s.kind for s in sources)
    for kind in ("strength", "movement"):
        stated = _property(props, kind)
        if stated is not None:
            key, value = stated
            if re.fullmatch(r"\d{1,3}", value.strip()) or (kind == "movement" and value.strip() == "RR"):
                p.fields[kind], p.sources[kind] = value.strip(), f"property {key}={value!r}"
            else:
                p.blanks[kind] = f"property {key}={value!r} is not a whole number"
            continue
        if factors is None:
            p.blanks[kind] = why
        elif kind == "movement":
            p.fields[kind], p.sources[kind] = str(factors[-1]), f"printed factors in {where}"
        elif len(factors) == 2 or factors[0] == factors[1]:
            p.fields[kind], p.sources[kind] = str(factors[0]), f"printed factors in {where}"
        else:
            p.blanks[kind] = (
                f"printed factors {'-'.join(map(str, factors))} in {where}: two combat factors "
                f"({factors[0]} and {factors[1]}), the ruleset has one strength"
            )


def propose(
    name: str,
    props: dict[str, str],
    vocab: Vocabulary,
    *,
    image: str = "",
    prototypes: tuple[str, ...] = (),
    folders: tuple[str, ...] = (),
    alliances: bool = True,
) -> Proposal:
    """The unit a piece stands for, as far as the piece states it. ``alliances``: the ruleset
    covers the module's game, so a nation's side may be taken from the ruleset and a side read from
    names; without it, only a side property states a side."""
    p = Proposal(name)
    named = [Source("name", name)]
    if image:
        named.append(Source("image", PurePosixPath(image).stem))
    texts = [*(Source("prototype", t) for t in prototypes), *(Source("folder", f) for f in folders), *named]
    for kind in ("side", "nation", "class"):
        if kind == "side" and not alliances:
            _side_property_only(props, vocab, p)
            continue
        _word_field(kind, props, texts, vocab, p)
    _word_field("size", props, named, vocab, p)
    _numbers(props, named, p)
    if alliances:
        _side_of_nation(p, vocab)
    return p


def _side_property_only(props: dict[str, str], vocab: Vocabulary, p: Proposal) -> None:
    """A side in a game the ruleset does not cover: only a property naming one of the ruleset's
    sides states it; a word in a name is no side (``Anglo-Allied`` is no ``allied``)."""
    stated = _property(props, "side")
    hits = _matches("side", stated[1], vocab) if stated else set()
    if stated and len(hits) == 1:
        p.fields["side"], p.sources["side"] = hits.pop(), f"property {stated[0]}={stated[1]!r}"
        return
    said = f"property {stated[0]}={stated[1]!r} is not one of: {', '.join(vocab.sides)}; " if stated else ""
    p.blanks["side"] = (
        f"{said}the module's sides are not the ruleset's, so no word of a name, prototype or folder "
        "is read as a side"
    )


def _side_of_nation(p: Proposal, vocab: Vocabulary) -> None:
    """The side the ruleset assigns the nation to fills a blank side; a contradiction blanks it."""
    side = vocab.nations.get(p.fields["nation"]) if p.fields["nation"] else None
    if side is None:
        return
    if not p.fields["side"]:
        p.fields["side"], p.sources["side"] = side, f"nation {p.fields['nation']} fights for {side}"
        p.blanks.pop("side", None)
    elif p.fields["side"] != side:
        p.blanks["side"] = (
            f"{p.sources['side']} says {p.fields['side']}, "
            f"but the ruleset puts {p.fields['nation']} on {side}"
        )
        p.fields["side"] = ""
        p.sources.pop("side")


def size_phrases(text: str) -> set[str]:
    """The formations ``text`` names: each size word with the words before it in its part of the
    text (parts split at ``/``, ``,``, ``:``, brackets and `` - ``), at most three words in all:
    ``De Salles / I Corps`` -> ``i corps``, ``Chastel / II Cav Corps`` -> ``ii cav corps``,
    prototype ``French I Corps Unit`` -> ``french i corps``. A size word alone (``Corps``, ``Army of
    the Tennessee``) names no formation."""
    out = set()
    for part in _PARTS.split(text):
        words = _phrase(part).split()
        for k, w in enumerate(words):
            if k and w in SIZE_WORDS:
                out.add(" ".join(words[max(0, k - MAX_FORMATION_WORDS + 1) : k + 1]))
    return out

"""VASSAL piece definitions: trait lists, Marker properties and prototypes, written and read.

A piece's *type* and *state* are trait lists, outermost trait first and the BasicPiece last, nested
the way ``Decorator.getType``/``getState`` build them: each trait's own text, a TAB, then the whole
rest escaped with ``SequenceEncoder`` (so a piece of n traits is n levels deep, not n TAB-separated
tokens). ``BasicCommandEncoder.createPiece`` reads the first token as the trait and the second as
the entire inner piece; tokens after the second are ignored, and so they are here.

Traits used here (``shared/docs/vassal-and-landscape.md`` §1.8 and VASSAL's classes):

- ``Marker`` — type ``mark;`` + property names joined with ``,``; state their values joined with ``,``.
- ``UsePrototype`` — type ``prototype;NAME`` (optionally ``;k=v,...`` parameters, not written here);
  empty state. In play VASSAL replaces it by the traits of the ``PrototypeDefinition`` of that
  name (``UsePrototype.buildPrototype``); a name no definition carries is a no-op.
- ``MovementMarkable`` — type ``markmoved;IMAGE;XOFF;YOFF;COMMAND;KEY;DESCRIPTION`` (KEY as
  ``NamedKeyStroke`` writes it: ``77,130`` is Ctrl-M), as VASSAL 3.6 writes it; later versions
  add tokens and read missing ones with defaults. State ``true``/``false`` (moved or not).
- ``PrototypeDefinition`` — a ``VASSAL.build.module.PrototypeDefinition`` element whose ``name``
  attribute is the prototype's name and whose text is an AddPiece (``+/null/TYPE/STATE``) over a
  nameless BasicPiece ``piece;;;;`` (``PrototypeDefinition.build``/``getBuildElement``; the
  innermost is the editor's ``Plain`` piece).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...errors import InputError
from .encoding import join, split

PROTOTYPE = "prototype;"
MARKER = "mark;"
MAX_TRAITS = 500  # deeper nesting is refused (hostile files); real pieces have tens of traits
MAX_PIECE_CHARS = 1_000_000  # one piece's type or state; real ones are a few kB
_UNESCAPED_TAB = re.compile(r"(?<!\\)\t")
MAX_PROTOTYPE_DEPTH = 50  # prototypes using prototypes; VASSAL's RecursionLimiter stops loops too
BASIC_STATE = join(["null", "0", "0", "", "0"], ";")
UNIT_PROTOTYPE = "Unit"
MOVED_IMAGE = "moved.png"


def nest(tokens: list[str]) -> str:
    """Trait texts, outermost first, nested as ``Decorator.getType``/``getState`` write them."""
    text = tokens[-1]
    for t in reversed(tokens[:-1]):
        text = join([t, text], "\t")
    return text


def _token(raw: str) -> str:
    """One SequenceEncoder token: escaped TABs restored, one pair of surrounding quotes removed."""
    t = raw.replace("\\\t", "\t")
    return t[1:-1] if len(t) >= 2 and t[0] == "'" and t[-1] == "'" else t


def unnest(text: str, where: str = "piece") -> list[str]:
    """The trait texts of a nested type or state, outermost first (inverse of :func:`nest`).
    Like ``createPiece``, each level keeps its first two TAB tokens. Bounded for hostile input:
    nesting costs time proportional to depth x length, so both are capped."""
    if len(text) > MAX_PIECE_CHARS:
        raise InputError(
            f"{where}: the piece definition is {len(text)} characters, more than {MAX_PIECE_CHARS}"
        )
    out: list[str] = []
    rest: str | None = text
    while rest is not None:
        if len(out) >= MAX_TRAITS:
            raise InputError(f"{where}: more than {MAX_TRAITS} traits nested in one piece")
        first = _UNESCAPED_TAB.search(rest)
        if first is None:
            out.append(_token(rest))
            rest = None
            continue
        out.append(_token(rest[: first.start()]))
        second = _UNESCAPED_TAB.search(rest, first.end())
        rest = _token(rest[first.end() : second.start() if second else len(rest)])
    return out


def add_piece(types: list[str], states: list[str]) -> str:
    """The AddPiece text (``+/null/type/state``) a PieceSlot or PrototypeDefinition holds."""
    return join(["+", "null", nest(types), nest(states)], "/")


def parse_add_piece(text: str, where: str) -> tuple[list[str], list[str]]:
    """(trait types, trait states) of an AddPiece text, outermost first."""
    parts = split(text.strip(), "/")
    if len(parts) < 3 or parts[0] != "+":
        raise InputError(f"{where}: expected an AddPiece (+/id/type/state), got {text.strip()[:40]!r}")
    types = unnest(parts[2], where)
    states = unnest("/".join(parts[3:]), where) if len(parts) > 3 else []
    return types, (states + [""] * len(types))[: len(types)]  # as many states as traits


def marker(props: dict[str, str]) -> tuple[str, str]:
    """A Marker trait's (type, state) carrying ``props`` in the given order."""
    return MARKER + join(list(props), ","), join([str(v) for v in props.values()], ",")


def use_prototype(name: str) -> tuple[str, str]:
    """A UsePrototype trait's (type, state)."""
    return PROTOTYPE + join([name], ";"), ""


def side_prototype(side: str) -> str:
    return f"Side {side}"


def nation_prototype(nation: str) -> str:
    return f"Nation {nation}"


SHARED = {"side": side_prototype, "nation": nation_prototype}  # unit property -> its prototype's name
OWN_KEYS = ("class", "size", "strength", "movement")


def prototypes_for(units: Iterable[dict]) -> dict[str, str]:
    """Prototype name -> AddPiece text: ``Unit`` (what every counter shares: mark when moved) and
    one per side and per nation (a Marker with that property), for the roster's units."""
    defs = {
        UNIT_PROTOTYPE: add_piece(
            [join(["markmoved", MOVED_IMAGE, "16", "-32", "Mark Moved", "77,130", ""], ";"), "piece;;;;"],
            ["false", BASIC_STATE],
        )
    }
    for unit in units:
        for key, naming in SHARED.items():
            value = str(unit.get(key, ""))
            if value:
                t, s = marker({key: value})
                defs[naming(value)] = add_piece([t, "piece;;;;"], [s, BASIC_STATE])
    return dict(sorted(defs.items()))


def piece_definition(unit: dict, image: str) -> str:
    """The AddPiece a PieceSlot holds for a roster unit: the ``Unit``, side and nation prototypes,
    then a Marker with the unit's own properties, over a BasicPiece with its image and name."""
    traits = [use_prototype(UNIT_PROTOTYPE)]
    own = {}
    for key, naming in SHARED.items():
        value = str(unit.get(key, ""))
        if value:
            traits.append(use_prototype(naming(value)))
        else:
            own[key] = ""
    own.update({k: str(unit.get(k, "")) for k in OWN_KEYS})
    traits.append(marker(own))
    traits.append((join(["piece", "", "", image, unit["name"]], ";"), BASIC_STATE))
    return add_piece([t for t, _ in traits], [s for _, s in traits])


def expand(
    types: list[str], states: list[str], prototypes: dict[str, tuple[list[str], list[str]]], where: str
) -> list[tuple[str, str]]:
    """The (type, state) traits of a piece with every ``prototype;`` trait replaced by its
    definition's traits (without the definition's BasicPiece), recursively, as VASSAL expands
    them; an unknown prototype is dropped, as in VASSAL; a loop is an InputError."""
    out: list[tuple[str, str]] = []

    def walk(ts: list[str], ss: list[str], depth: int, chain: tuple[str, ...]) -> None:
        for t, s in zip(ts, ss, strict=True):
            if not t.startswith(PROTOTYPE):
                out.append((t, s))
                continue
            name = split(t[len(PROTOTYPE) :], ";")[0]
            if name in chain or depth >= MAX_PROTOTYPE_DEPTH:
                raise InputError(f"{where}: prototype {name!r} uses itself (via {' > '.join(chain)})")
            if name in prototypes:
                pt, ps = prototypes[name]
                walk(pt[:-1], ps[:-1], depth + 1, (*chain, name))

    walk(types, states, 0, ())
    if len(out) > MAX_TRAITS:
        raise InputError(f"{where}: more than {MAX_TRAITS} traits after expanding prototypes")
    return out


def properties(traits: list[tuple[str, str]]) -> dict[str, str]:
    """Marker properties of expanded traits; the outermost definition of a name wins, as in
    ``Decorator.getProperty`` (outer traits answer first)."""
    props: dict[str, str] = {}
    for t, s in traits:
        if not t.startswith(MARKER):
            continue
        keys = split(t[len(MARKER) :], ",")
        values = split(s, ",") if s else []
        for k, key in enumerate(keys):
            props.setdefault(key, values[k] if k < len(values) else "")
    return props

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
from bisect import bisect_left
from collections.abc import Iterable

from ...errors import InputError
from .encoding import join, split

PROTOTYPE = "prototype;"
MARKER = "mark;"
MAX_TRAITS = 500  # deeper nesting is refused (hostile files); real pieces have tens of traits
MAX_PIECE_CHARS = 1_000_000  # one piece's type or state; real ones are a few kB
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


_TAB_RUN = re.compile(r"(\\*)\t")


def _unescaped(text: str, times: int) -> str:
    """``text`` with up to ``times`` backslashes dropped before each TAB: the escapes of ``times``
    levels of nesting undone at once."""
    if "\t" not in text:
        return text
    return _TAB_RUN.sub(lambda m: m.group(1)[: max(0, len(m.group(1)) - times)] + "\t", text)


def _unquoted_span(text: str, a: int, b: int) -> tuple[int, int]:
    return (a + 1, b - 1) if b - a >= 2 and text[a] == "'" and text[b - 1] == "'" else (a, b)


def unnest(text: str, where: str = "piece") -> list[str]:
    """The trait texts of a nested type or state, outermost first (inverse of :func:`nest`).
    Like ``createPiece``, each level keeps its first two TAB tokens.

    Level k of the nesting is escaped k times, so a TAB that separates level k's own text from the
    rest is preceded by exactly k backslashes in the whole text (a deeper one by more). The levels
    are found in one pass over the TABs instead of unescaping the rest of the text at every level
    (which costs depth x length: a save of thousands of 25-trait pieces took seconds). Bounded for
    hostile input: length and depth are capped."""
    out: list[str] = []
    out.append(_walk(text, where, out))
    return out


def _tab_runs(text: str) -> list[tuple[int, int]]:
    """(backslashes right before it, position) of every TAB of ``text``, in order (cut at the TABs
    by ``str.split`` and measured with ``rstrip``: C speed over long pieces)."""
    out: list[tuple[int, int]] = []
    pos = -1
    parts = text.split("\t")
    for part in parts[:-1]:
        pos += len(part) + 1
        out.append((len(part) - len(part.rstrip("\\")), pos))
    return out


def innermost(text: str, where: str = "piece") -> tuple[int, str]:
    """(number of traits, the innermost trait's text) of a nested type or state: what a piece's
    name and place need, without the text of every trait above it."""
    if len(text) <= MAX_PIECE_CHARS:
        # the common shape: one separating TAB per level, escaped 0, 1, 2 ... times in that order
        # and no other TAB; each level's rest then runs to the end of the text (less the quotes
        # SequenceEncoder put around a rest that began with a backslash)
        runs = _tab_runs(text)
        if len(runs) < MAX_TRAITS and all(r == k for k, (r, _) in enumerate(runs)):
            seps = [p for _, p in runs]
            a, b = 0, len(text)
            for p in seps:
                a = p + 1
                if b - a >= 2 and text[a] == "'" and text[b - 1] == "'":
                    a, b = a + 1, b - 1
            a, b = _unquoted_span(text, a, b)  # the innermost text is a token of its own level too
            return len(seps) + 1, _unescaped(text[a:b], len(seps) + 1)
    levels = _walk(text, where, None)
    return levels[0], levels[1]


def _walk(text: str, where: str, own: list[str] | None):
    """Walk the levels of ``text``; each level's own text goes into ``own`` when given. Returns the
    innermost text, or (levels, innermost text) without ``own``."""
    if len(text) > MAX_PIECE_CHARS:
        raise InputError(
            f"{where}: the piece definition is {len(text)} characters, more than {MAX_PIECE_CHARS}"
        )
    at_depth: dict[int, list[int]] = {}  # backslashes before a TAB -> the TABs' positions, in order
    for run, pos in _tab_runs(text):
        at_depth.setdefault(run, []).append(pos)
    a, b, k = 0, len(text), 0  # the span of level k's text in ``text``
    while True:
        if k >= MAX_TRAITS:
            raise InputError(f"{where}: more than {MAX_TRAITS} traits nested in one piece")
        seps = at_depth.get(k)
        n = bisect_left(seps, a) if seps else 0
        if not seps or n >= len(seps) or seps[n] >= b:
            lo, hi = _unquoted_span(text, a, b)
            last = _unescaped(text[lo:hi], k + 1)
            return last if own is not None else (k + 1, last)
        first = seps[n]
        if own is not None:
            own_lo, own_hi = _unquoted_span(text, a, first - k)
            own.append(_unescaped(text[own_lo:own_hi], k + 1))
        end = seps[n + 1] - k if n + 1 < len(seps) and seps[n + 1] < b else b
        a, b = first + 1, end
        if b - a >= 2 and text[a] == "'" and text[b - 1] == "'":
            a, b = a + 1, b - 1
        k += 1


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

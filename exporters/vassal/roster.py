"""``railhead roster``: a roster CSV proposed from a module's piece definitions.

One row per unit's piece name (the BasicPiece name, which is what saves and logs call a piece), in
the columns ``railhead check`` reads; each field filled only where the module states it
(:mod:`.unit_fields`), blanks listed with their reason. Slots sharing a name that state different
values leave that field blank too. Pieces that are not units (markers, tiles, cards: see
:mod:`.unit_pieces`) get no row and are listed with the reason; a nation's side comes from the
ruleset's alliances only when the ruleset's sides are the module's own.
"""

from __future__ import annotations

import ast
import csv
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any

from ...engine.registry import get_ruleset
from ...errors import InputError
from ...files import atomic_output
from .check import ROSTER_COLUMNS
from .piece_defs import read_piece_defs
from .unit_fields import FIELDS, SIZE_WORDS, Proposal, Vocabulary, printed_factors, propose, size_phrases
from .unit_pieces import judge_piece, module_sides, ruleset_covers, side_aliases


@dataclass
class Roster:
    proposals: list[Proposal]
    not_units: list[dict[str, str]] = field(default_factory=list)
    module_sides: tuple[str, ...] = ()
    ruleset: str = ""
    ruleset_sides: tuple[str, ...] = ()

    @property
    def covered(self) -> bool:
        """The ruleset's sides are the module's own (or the module declares none)."""
        return ruleset_covers(self.module_sides, self.ruleset_sides)

    def sides_note(self) -> str:
        if not self.module_sides:
            return (
                f"the module declares no sides; sides are {self.ruleset}'s ({', '.join(self.ruleset_sides)})"
            )
        if self.covered:
            return f"the module's sides ({', '.join(self.module_sides)}) are {self.ruleset}'s"
        return (
            f"the module's sides ({', '.join(self.module_sides)}) are not {self.ruleset}'s "
            f"({', '.join(self.ruleset_sides)}): is this a game {self.ruleset} covers? A side is filled "
            "only where a piece states one; no nation is put on a side by the ruleset's alliances"
        )

    def blanks(self) -> list[dict[str, str]]:
        return [
            {"piece": p.name, "field": f, "why": p.blanks.get(f, "")}
            for p in self.proposals
            for f in FIELDS
            if not p.fields[f]
        ]

    def counts(self) -> dict[str, dict[str, int]]:
        """Per field: how many pieces have it filled and how many blank."""
        out = {}
        for f in FIELDS:
            filled = sum(1 for p in self.proposals if p.fields[f])
            out[f] = {"filled": filled, "blank": len(self.proposals) - filled}
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "pieces": [{"name": p.name, **p.fields, "sources": dict(p.sources)} for p in self.proposals],
            "counts": self.counts(),
            "blanks": self.blanks(),
            "not_units": self.not_units,
            "sides": {
                "module": list(self.module_sides),
                "ruleset": list(self.ruleset_sides),
                "covered": self.covered,
                "note": self.sides_note(),
            },
        }


def _merge(first: Proposal, other: Proposal) -> None:
    """Fold a second slot of the same name into ``first``: differing fields become blanks."""
    for f in FIELDS:
        a, b = first.fields[f], other.fields[f]
        if a == b or not b:
            continue
        if not a:
            first.fields[f], first.sources[f] = b, other.sources[f]
            first.blanks.pop(f, None)
        else:
            first.blanks[f] = f"slots of this name differ: {a} ({first.sources[f]}), {b} ({other.sources[f]})"
            first.fields[f] = ""
            first.sources.pop(f)


def _source_text(label: str) -> str | None:
    """The text a source label quotes (``prototype 'French I Corps Unit'``), if it quotes one."""
    kind, _, quoted = label.partition(" ")
    if kind not in ("name", "image", "prototype", "folder") or quoted[:1] not in ("'", '"'):
        return None
    try:
        text = ast.literal_eval(quoted)
    except (ValueError, SyntaxError):
        return None
    return text if isinstance(text, str) else None


def _parent_sizes(proposals: list[Proposal], phrases: dict[str, set[str]]) -> None:
    """A size (or a class that is a size: an area game's ``corps``) read from a text naming one
    formation (``I Corps``), where several units' names, prototypes or folders name it too
    (``De Salles / I Corps``, ``Donzelot / I Corps``, prototype ``French I Corps Unit``), is the
    formation they belong to, not each one's size: it is blanked, saying so. ``phrases``: each
    unit's formation phrases (:func:`.unit_fields.size_phrases`) over its texts."""
    holders: dict[str, list[str]] = {}
    for name, found in phrases.items():
        for phrase in found:
            holders.setdefault(phrase, []).append(name)
    sizes = set(SIZE_WORDS.values())
    for p in proposals:
        for f in ("size", "class"):
            text = _source_text(p.sources.get(f, ""))
            if not p.fields[f] or p.fields[f] not in sizes or text is None:
                continue
            shared = sorted((ph, holders[ph]) for ph in size_phrases(text) if len(holders.get(ph, ())) > 1)
            if not shared:
                continue
            phrase, names = shared[0]
            others = ", ".join(repr(n) for n in names[:3]) + (" ..." if len(names) > 3 else "")
            p.blanks[f] = (
                f"{p.sources[f]} says {p.fields[f]}, but {len(names)} units name {phrase!r} ({others}): "
                f"the formation they belong to, not each one's {f}"
            )
            p.fields[f] = ""
            p.sources.pop(f)


def propose_roster(module: str | Path, ruleset: str) -> Roster:
    """A proposal for every unit among the piece definitions of ``module``, by piece name, in
    palette order; the other pieces listed with why they are not units."""
    vocab = Vocabulary.of(get_ruleset(ruleset))
    defs = read_piece_defs(module)
    if not defs:
        raise InputError("the module has no piece definitions (no PieceSlot in a PieceWindow)", file=module)
    roster = Roster([], module_sides=module_sides(module), ruleset=ruleset, ruleset_sides=vocab.sides)
    alliances = roster.covered
    if alliances:
        vocab = replace(vocab, side_aliases=side_aliases(roster.module_sides, vocab.sides))
    by_name: dict[str, Proposal] = {}
    left_out: dict[str, str] = {}
    phrases: dict[str, set[str]] = {}
    for d in defs:
        image = PurePosixPath(d.image).stem if d.image else ""
        factors = printed_factors(d.name) is not None or printed_factors(image) is not None
        judged = judge_piece(d, vocab.classes, factors)
        if not judged.unit:
            left_out.setdefault(d.name, judged.why)
            continue
        p = propose(
            d.name, d.properties, vocab, image=d.image, prototypes=d.prototypes, folders=d.folders,
            alliances=alliances,
        )  # fmt: skip
        found = phrases.setdefault(d.name, set())
        for text in (d.name, *d.prototypes, *d.folders):
            found |= size_phrases(text)
        if d.name in by_name:
            _merge(by_name[d.name], p)
        else:
            by_name[d.name] = p
    # a name that is both a unit's and another piece's: saves and logs call pieces by name, so a
    # row for it would make check judge the other pieces (a terrain tile "Hill" as Lord Hill)
    clashes = {n: w for n, w in left_out.items() if n in by_name}
    roster.proposals = [p for p in by_name.values() if p.name not in clashes]
    _parent_sizes(roster.proposals, phrases)
    roster.not_units = [
        {"piece": n, "why": w} if n not in clashes else {"piece": n, "why": _clash_why(n, w)}
        for n, w in left_out.items()
    ]
    return roster


def _clash_why(name: str, other: str) -> str:
    return (
        f"the name is a unit's and another piece's ({other}): a save or log calls a piece by its "
        f"name, so check would judge those pieces as the unit; add a row for {name!r} by hand only "
        "if every piece of that name is the unit"
    )


def write_roster_csv(roster: Roster, path: str | Path) -> None:
    """The roster as CSV (``railhead check``'s columns), atomically."""
    with atomic_output(path) as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(ROSTER_COLUMNS)
        for p in roster.proposals:
            w.writerow([p.name, *(p.fields[f] for f in FIELDS)])

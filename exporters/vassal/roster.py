"""``railhead roster``: a roster CSV proposed from a module's piece definitions.

One row per piece name (the BasicPiece name, which is what saves and logs call a piece), in the
columns ``railhead check`` reads; each field filled only where the module states it
(:mod:`.unit_fields`), blanks listed with their reason. Slots sharing a name that state different
values leave that field blank too.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine.registry import get_ruleset
from ...errors import InputError
from ...files import atomic_output
from .check import ROSTER_COLUMNS
from .piece_defs import read_piece_defs
from .unit_fields import FIELDS, Proposal, Vocabulary, propose


@dataclass
class Roster:
    proposals: list[Proposal]

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


def propose_roster(module: str | Path, ruleset: str) -> Roster:
    """A proposal for every piece definition of ``module``, by piece name, in palette order."""
    vocab = Vocabulary.of(get_ruleset(ruleset))
    by_name: dict[str, Proposal] = {}
    for d in read_piece_defs(module):
        p = propose(d.name, d.properties, vocab, image=d.image, prototypes=d.prototypes, folders=d.folders)
        if d.name in by_name:
            _merge(by_name[d.name], p)
        else:
            by_name[d.name] = p
    if not by_name:
        raise InputError("the module has no piece definitions (no PieceSlot in a PieceWindow)", file=module)
    return Roster(list(by_name.values()))


def write_roster_csv(roster: Roster, path: str | Path) -> None:
    """The roster as CSV (``railhead check``'s columns), atomically."""
    with atomic_output(path) as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(ROSTER_COLUMNS)
        for p in roster.proposals:
            w.writerow([p.name, *(p.fields[f] for f in FIELDS)])

"""A roster row completed from the piece itself: what a log's piece states (its Marker
properties with the module's prototypes expanded, its name and image) fills the fields the roster
row leaves out, then what the module's piece definition of that name states (palette folders
included), so a roster may list names only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...errors import InputError
from .piece_defs import PieceDef, Prototypes, basic_name_image, piece_traits
from .pieces import unnest
from .saves import Piece
from .unit_fields import FIELDS, Vocabulary, propose

# what a unit cannot do without; nation defaults to none (rulesets without nations), size to
# division, movement to what the ruleset gives the class
REQUIRED = ("side", "class", "strength")


def complete_row(
    row: dict[str, Any],
    piece: Piece,
    prototypes: Prototypes,
    vocab: Vocabulary,
    roster: str | Path | None,
    definitions: dict[str, PieceDef] | None = None,
) -> dict[str, Any]:
    """``row`` with its missing fields read from ``piece``, then from the module's definition of
    a piece of that name (``definitions``, by name); an InputError names the piece and the fields
    none of them states."""
    if all(f in row for f in FIELDS):
        return row
    where = f"piece {piece.name!r} (id {piece.id})"
    types = unnest(piece.type, where)
    states = (unnest(piece.state, where) + [""] * len(types))[: len(types)]
    protos, props = piece_traits(types, states, prototypes, where)
    _, image = basic_name_image(types)
    proposals = [propose(piece.name, props, vocab, image=image, prototypes=protos)]
    d = (definitions or {}).get(piece.name)
    if d is not None:
        proposals.append(
            propose(d.name, d.properties, vocab, image=d.image, prototypes=d.prototypes, folders=d.folders)
        )
    out = dict(row)
    for proposal in proposals:
        for f in FIELDS:
            if f not in out and proposal.fields[f]:
                value = proposal.fields[f]
                out[f] = int(value) if f in ("strength", "movement") and value.isdigit() else value
    lacking = [f for f in REQUIRED if f not in out]
    if lacking:
        said = proposals[-1].blanks
        why = "; ".join(f"{f}: {said.get(f, 'not stated')}" for f in lacking)
        whose = (
            "the piece or its module definition" if d is not None else "the piece (the module defines none)"
        )
        raise InputError(
            f"{where}: neither the roster nor {whose} states {', '.join(lacking)} ({why})", file=roster
        )
    out.setdefault("nation", "")
    out.setdefault("size", "division")
    out.setdefault("movement", None)
    return out

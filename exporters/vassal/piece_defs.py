"""The piece definitions of a VASSAL module: each PieceSlot of its piece palettes and at-start
stacks, and each CardSlot of its decks, with the folders it sits in, its BasicPiece name and image,
the prototypes it uses and its Marker properties.

A PieceWindow holds PieceSlots directly or inside TabWidgets, ListWidgets, PanelWidgets and
BoxWidgets; the names of those containers (the window's ``name``, the widgets' ``entryName``) are
the slot's *folders* — module authors sort counters by side and nation there. Many modules define
their units only in the at-start stacks of their maps (``SetupStack``: the pieces a new game starts
with), so those are piece definitions too, the stack's ``name`` their folder. A deck
(``DrawPile``) holds cards (``CardSlot``): those are definitions whose ``deck`` names it. Prototypes are
expanded as VASSAL expands them (:func:`.pieces.expand`), so properties a slot inherits count.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ...errors import InputError
from .modules import B, _build_root
from .pieces import PROTOTYPE, expand, parse_add_piece, properties
from .saves import split

PIECE_WINDOW = f"{B}.module.PieceWindow"
PIECE_SLOT = f"{B}.widget.PieceSlot"
CARD_SLOT = f"{B}.widget.CardSlot"
SETUP_STACK = f"{B}.module.map.SetupStack"
DRAW_PILE = f"{B}.module.map.DrawPile"
FOLDERS = {f"{B}.widget.{w}" for w in ("TabWidget", "ListWidget", "PanelWidget", "BoxWidget")}
MAX_SLOTS = 100_000  # real modules hold a few thousand pieces

Prototypes = dict[str, tuple[list[str], list[str]]]


@dataclass(frozen=True)
class PieceDef:
    """One PieceSlot: ``entry`` is the palette's label, ``name`` the BasicPiece's name (what saves
    and logs call the piece), ``folders`` the palette containers outermost first."""

    entry: str
    name: str
    image: str
    folders: tuple[str, ...]
    prototypes: tuple[str, ...]
    properties: dict[str, str]
    deck: str = ""  # a card (CardSlot) of the deck of this name


def read_prototypes(path: str | Path) -> Prototypes:
    """The module's PrototypeDefinitions as (types, states) by name; a later one replaces an
    earlier one of the same name, as in VASSAL's ``PrototypesContainer``."""
    p = Path(path)
    return _prototypes(_build_root(p), p)


def _prototypes(root, p: Path) -> Prototypes:
    """The PrototypeDefinitions of a parsed build file (:func:`read_prototypes`)."""
    out: Prototypes = {}
    for k, el in enumerate(root.iter(f"{B}.module.PrototypeDefinition"), start=1):
        name = el.attrib.get("name", "")
        try:
            out[name] = parse_add_piece(el.text or "", f"PrototypeDefinition {k} ({name!r})")
        except InputError as exc:
            raise InputError(exc.message, file=p) from None
    return out


def prototype_names(types: list[str], prototypes: Prototypes) -> tuple[str, ...]:
    """Names of the prototypes a piece uses, directly or through other prototypes, in the order
    VASSAL expands them (each once; unknown names included, since the name itself says something)."""
    seen: list[str] = []

    def walk(ts: list[str]) -> None:
        for t in ts:
            if t.startswith(PROTOTYPE):
                name = split(t[len(PROTOTYPE) :], ";")[0]
                if name not in seen:
                    seen.append(name)
                    if name in prototypes:
                        walk(prototypes[name][0][:-1])

    walk(types)
    return tuple(seen)


def basic_name_image(types: list[str]) -> tuple[str, str]:
    """(name, image) of the BasicPiece, the innermost trait (``piece;KEY;CLONEKEY;IMAGE;NAME``)."""
    parts = split(types[-1], ";") if types else []
    if not parts or parts[0] != "piece":
        return "", ""
    return (parts[4] if len(parts) > 4 else ""), (parts[3] if len(parts) > 3 else "")


def piece_traits(
    types: list[str], states: list[str], prototypes: Prototypes, where: str
) -> tuple[tuple[str, ...], dict[str, str]]:
    """(prototype names, Marker properties) of one piece's trait lists."""
    return prototype_names(types, prototypes), properties(expand(types, states, prototypes, where))


def read_piece_defs(path: str | Path) -> list[PieceDef]:
    """Every PieceSlot of the module's PieceWindows and at-start stacks and every CardSlot, in
    document order."""
    return read_pieces(path)[1]


def read_pieces(path: str | Path) -> tuple[Prototypes, list[PieceDef]]:
    """The module's prototypes (:func:`read_prototypes`) and piece definitions
    (:func:`read_piece_defs`), its build file parsed once."""
    p = Path(path)
    root = _build_root(p)
    prototypes = _prototypes(root, p)
    out: list[PieceDef] = []

    def walk(el, folders: tuple[str, ...], in_window: bool, deck: str = "") -> None:
        for child in el:
            if child.tag in (PIECE_WINDOW, SETUP_STACK):
                walk(child, (*folders, child.attrib.get("name", "")), True)
            elif child.tag == DRAW_PILE:
                name = child.attrib.get("name", "")
                walk(child, (*folders, name), True, name or "(unnamed)")
            elif child.tag in FOLDERS:
                walk(child, (*folders, child.attrib.get("entryName", "")), in_window, deck)
            elif child.tag in (PIECE_SLOT, CARD_SLOT) and in_window:
                if len(out) >= MAX_SLOTS:
                    raise InputError(f"the module has more than {MAX_SLOTS} piece slots", file=p)
                d = _slot(child, len(out) + 1, folders, prototypes, p)
                if child.tag == CARD_SLOT:
                    d = replace(d, deck=deck or "(a palette's card)")
                out.append(d)
            else:
                walk(child, folders, in_window, deck)

    walk(root, (), False)
    return prototypes, out


def _slot(el, k: int, folders: tuple[str, ...], prototypes: Prototypes, p: Path) -> PieceDef:
    entry = el.attrib.get("entryName", "")
    where = f"PieceSlot {k} ({entry!r})"
    try:
        types, states = parse_add_piece(el.text or "", where)
        protos, props = piece_traits(types, states, prototypes, where)
    except InputError as exc:
        raise InputError(exc.message, file=p) from None
    name, image = basic_name_image(types)
    return PieceDef(entry, name or entry, image, tuple(f for f in folders if f), protos, props)

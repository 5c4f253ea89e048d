"""The piece definitions of a VASSAL module: each PieceSlot of its piece palettes with the folders
it sits in, its BasicPiece name and image, the prototypes it uses and its Marker properties.

A PieceWindow holds PieceSlots directly or inside TabWidgets, ListWidgets, PanelWidgets and
BoxWidgets; the names of those containers (the window's ``name``, the widgets' ``entryName``) are
the slot's *folders* — module authors sort counters by side and nation there. Prototypes are
expanded as VASSAL expands them (:func:`.pieces.expand`), so properties a slot inherits count.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...errors import InputError
from .modules import B, _build_root
from .pieces import PROTOTYPE, expand, parse_add_piece, properties
from .saves import split

PIECE_WINDOW = f"{B}.module.PieceWindow"
PIECE_SLOT = f"{B}.widget.PieceSlot"
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
    """Every PieceSlot of the module's PieceWindows, in document order."""
    return read_pieces(path)[1]


def read_pieces(path: str | Path) -> tuple[Prototypes, list[PieceDef]]:
    """The module's prototypes (:func:`read_prototypes`) and piece definitions
    (:func:`read_piece_defs`), its build file parsed once."""
    p = Path(path)
    root = _build_root(p)
    prototypes = _prototypes(root, p)
    out: list[PieceDef] = []

    def walk(el, folders: tuple[str, ...], in_window: bool) -> None:
        for child in el:
            if child.tag == PIECE_WINDOW:
                walk(child, (*folders, child.attrib.get("name", "")), True)
            elif child.tag in FOLDERS:
                walk(child, (*folders, child.attrib.get("entryName", "")), in_window)
            elif child.tag == PIECE_SLOT and in_window:
                if len(out) >= MAX_SLOTS:
                    raise InputError(f"the module has more than {MAX_SLOTS} piece slots", file=p)
                out.append(_slot(child, len(out) + 1, folders, prototypes, p))
            else:
                walk(child, folders, in_window)

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

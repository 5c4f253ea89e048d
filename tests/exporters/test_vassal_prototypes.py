"""Prototypes: exported counters share traits through PrototypeDefinitions, and the module reader
expands a piece's ``prototype;`` traits when it reads the piece's properties."""

from __future__ import annotations

import zipfile
from xml.etree import ElementTree as ET

import pytest

from railhead.errors import InputError
from railhead.exporters.vassal.module import write_module
from railhead.exporters.vassal.modules import read_pieces
from railhead.exporters.vassal.pieces import add_piece, marker, nest, unnest, use_prototype
from railhead.exporters.vassal.saves import Game, split
from railhead.mapdata.sample import sample_map

B = "VASSAL.build"


@pytest.fixture
def module(tmp_path, roster):
    path = tmp_path / "r.vmod"
    write_module(sample_map(), path, roster=roster)
    return path


def _tree(path):
    with zipfile.ZipFile(path) as zf:
        return ET.fromstring(zf.read("buildFile.xml")), set(zf.namelist())


def test_every_prototype_a_piece_uses_is_defined(module):
    root, names = _tree(module)
    defined = [d.attrib["name"] for d in root.iter(f"{B}.module.PrototypeDefinition")]
    assert defined == ["Nation france", "Nation germany", "Side central", "Side entente", "Unit"]
    assert root.find(f"{B}.module.PrototypesContainer/{B}.module.PrototypeDefinition") is not None
    used = set()
    for slot in root.iter(f"{B}.widget.PieceSlot"):
        traits = unnest(split(slot.text, "/")[2])
        protos = [split(t, ";")[1] for t in traits if t.startswith("prototype;")]
        assert protos[0] == "Unit" and len(protos) == 3, traits
        assert not any(t.startswith("mark;side") or "nation" in t for t in traits)  # not repeated
        used.update(protos)
    assert used == set(defined)
    assert "images/moved.png" in names  # the Unit prototype's mark-when-moved image


def test_piece_properties_read_back_through_prototypes(module, roster):
    want = {name: {k: str(v) for k, v in row.items()} for name, row in roster.items()}
    assert read_pieces(module) == want


def test_same_roster_same_bytes(tmp_path, roster):
    for name in ("a", "b"):
        write_module(sample_map(), tmp_path / f"{name}.vmod", roster=dict(reversed(roster.items())))
    assert (tmp_path / "a.vmod").read_bytes() == (tmp_path / "b.vmod").read_bytes()


def test_save_reader_finds_the_basic_piece_under_many_traits(module, roster):
    root, _ = _tree(module)
    game = Game()
    for k, slot in enumerate(root.iter(f"{B}.widget.PieceSlot")):
        game.apply(slot.text.replace("+/null/", f"+/{k}/", 1), "slot")
    assert sorted(p.name for p in game.pieces.values()) == sorted(roster)


def test_nesting_matches_vassal_decorator_encoding():
    # Decorator.getType: own type, TAB, then the rest escaped as one token (hand-written)
    assert nest(["a", "b", "c"]) == "a\tb\\\tc"
    assert unnest("a\tb\\\tc\\\\\td") == ["a", "b", "c", "d"]
    assert unnest(nest(["x;1", "", "y\\z", "piece;;;;"])) == ["x;1", "", "y\\z", "piece;;;;"]
    assert unnest("a\tb\tc") == ["a", "b"]  # createPiece keeps two tokens per level


def _module_with(tmp_path, protos: dict[str, str], slot: str):
    body = "".join(
        f'<{B}.module.PrototypeDefinition name="{n}" description="">{t}</{B}.module.PrototypeDefinition>'
        for n, t in protos.items()
    )
    xml = (
        f'<?xml version="1.0"?><{B}.GameModule name="t"><{B}.module.PrototypesContainer>{body}'
        f"</{B}.module.PrototypesContainer><{B}.module.PieceWindow>"
        f'<{B}.widget.PieceSlot entryName="P">{slot}</{B}.widget.PieceSlot>'
        f"</{B}.module.PieceWindow></{B}.GameModule>"
    )
    path = tmp_path / "h.vmod"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", xml)
    return path


def _def(*traits: tuple[str, str]) -> str:
    return add_piece([t for t, _ in traits] + ["piece;;;;"], [s for _, s in traits] + ["null;0;0;;0"])


def test_nested_prototypes_outer_wins_unknown_ignored(tmp_path):
    protos = {
        "Inner": _def(marker({"a": "inner", "b": "2"})),
        "Outer": _def(use_prototype("Inner"), marker({"a": "outer"})),
    }
    slot = _def(use_prototype("Missing"), use_prototype("Outer"), marker({"c": "3"}))
    got = read_pieces(_module_with(tmp_path, protos, slot))
    assert got == {"P": {"a": "inner", "b": "2", "c": "3"}}  # Outer's UsePrototype(Inner) is outermost
    protos["Outer"] = _def(marker({"a": "outer"}), use_prototype("Inner"))
    got = read_pieces(_module_with(tmp_path, protos, slot))
    assert got["P"]["a"] == "outer"


def test_hostile_prototypes_are_clear_errors(tmp_path):
    loop = {"A": _def(use_prototype("B")), "B": _def(use_prototype("A"))}
    with pytest.raises(InputError, match=r"PieceSlot 1 \('P'\): prototype 'A' uses itself") as exc:
        read_pieces(_module_with(tmp_path, loop, _def(use_prototype("A"))))
    assert str(exc.value).startswith(str(tmp_path / "h.vmod"))
    with pytest.raises(InputError, match=r"PrototypeDefinition 1 \('X'\): expected an AddPiece"):
        read_pieces(_module_with(tmp_path, {"X": "not a piece"}, _def()))
    odd = read_pieces(_module_with(tmp_path, {}, "+/null/mark;a,b\tpiece;;;;/x\ty\tz\tw"))
    assert odd == {"P": {"a": "x", "b": ""}}  # more states than traits: the extra ones are ignored
    deep = nest(["mark;a"] * 600 + ["piece;;;;"])
    with pytest.raises(InputError, match="more than 500 traits"):
        read_pieces(_module_with(tmp_path, {}, f"+/null/{deep}/"))

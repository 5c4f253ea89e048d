"""railhead roster: a roster proposed from a module's pieces, and check reading pieces directly."""

from __future__ import annotations

import csv
import io
import json
import zipfile

import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.errors import InputError
from railhead.exporters.vassal.check import read_roster
from railhead.exporters.vassal.module import write_module
from railhead.exporters.vassal.pieces import BASIC_STATE, add_piece, marker, use_prototype
from railhead.exporters.vassal.saves import join, move_command, piece_command, write_save
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map

B = "VASSAL.build"


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _csv(path):
    return list(csv.DictReader(io.StringIO(path.read_text())))


def _roster(vmod, out, *extra):
    """``roster VMOD --out OUT --json`` (and any EXTRA options) succeeds: its JSON and its rows by name."""
    r = _run("roster", vmod, *extra, "--out", out, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout), {row["name"]: row for row in _csv(out)}


def test_roster_of_an_exported_module_fills_every_field(tmp_path, roster):
    """The module `vassal export --roster` writes states every field through its prototypes (side,
    nation) and each counter's Marker (class, size, strength, movement): the proposal is the roster."""
    write_module(sample_map(), tmp_path / "game.vmod", roster=roster)
    r = _run(
        "roster", tmp_path / "game.vmod", "--ruleset", "der-weltkrieg", "--out", tmp_path / "r.csv", "--json"
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["blanks"] == []
    assert {f: c["filled"] for f, c in data["counts"].items()} == dict.fromkeys(
        ("side", "nation", "class", "size", "strength", "movement"), 3
    )
    assert read_roster(tmp_path / "r.csv") == roster  # what check reads back is what was exported
    sources = {p["name"]: p["sources"] for p in data["pieces"]}
    assert sources["GE 1. ID"]["side"] == "property side='central'"


def _write_vmod(path, root, name: str | None = None):
    """A module file holding ROOT as its buildFile (and a moduledata naming it NAME, if given)."""
    import xml.etree.ElementTree as ET

    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", ET.tostring(root, encoding="utf-8", xml_declaration=True))
        if name:
            zf.writestr("moduledata", f"<data version='1'><name>{name}</name></data>")


def _slot(parent, name: str, image: str, traits=()):
    """A PieceSlot whose piece has ``traits`` ((type, state) pairs) over a BasicPiece."""
    import xml.etree.ElementTree as ET

    types = [t for t, _ in traits] + [join(["piece", "", "", image, name], ";")]
    states = [s for _, s in traits] + [BASIC_STATE]
    el = ET.SubElement(parent, f"{B}.widget.PieceSlot", entryName=name, gpid="1", width="60", height="60")
    el.text = add_piece(types, states)


def _factor_module(path):
    """A module like many hand-made ones: sides and nations only in palette folder names, factors
    printed in piece names or image names, one class as a property, one nation as a prototype."""
    import xml.etree.ElementTree as ET

    root = ET.Element(f"{B}.GameModule", name="factors", version="1")
    protos = ET.SubElement(root, f"{B}.module.PrototypesContainer")
    for pname in ("Russian", "HQ"):
        ET.SubElement(protos, f"{B}.module.PrototypeDefinition", name=pname).text = add_piece(
            ["piece;;;;"], [BASIC_STATE]
        )
    window = ET.SubElement(root, f"{B}.module.PieceWindow", name="Counters")
    tabs = ET.SubElement(window, f"{B}.widget.TabWidget", entryName="Sides")
    central = ET.SubElement(tabs, f"{B}.widget.ListWidget", entryName="Central Powers")
    ger_inf = ET.SubElement(central, f"{B}.widget.PanelWidget", entryName="German Infantry")
    _slot(ger_inf, "1. Garde-ID 6-5", "ge_gd1.png")
    ger_cav = ET.SubElement(central, f"{B}.widget.PanelWidget", entryName="German Cavalry")
    _slot(ger_cav, "3. Kav-Div", "ge_kav3_2-6.png")
    entente = ET.SubElement(tabs, f"{B}.widget.ListWidget", entryName="Entente")
    french = ET.SubElement(entente, f"{B}.widget.BoxWidget", entryName="French")
    _slot(french, "XX Corps 4-3-4", "fr_corps.png")
    _slot(french, "2e DI 6-5", "fr_2di_5-4.png", [marker({"Type": "Infantry"})])
    _slot(french, "Alsace Bde", "fr_bde.png", [marker({"Nation": "germany"})])
    _slot(entente, "1. Army HQ 1-1-4", "ru_hq.png", [use_prototype("Russian"), use_prototype("HQ")])
    markers = ET.SubElement(window, f"{B}.widget.ListWidget", entryName="Markers")
    _slot(markers, "Turn", "turn.png")
    _write_vmod(path, root, "factors")


def test_roster_of_a_module_whose_names_carry_factors(tmp_path):
    _factor_module(tmp_path / "f.vmod")
    data, rows = _roster(tmp_path / "f.vmod", tmp_path / "r.csv")
    assert list(rows) == [
        "1. Garde-ID 6-5",
        "3. Kav-Div",
        "XX Corps 4-3-4",
        "2e DI 6-5",
        "Alsace Bde",
        "1. Army HQ 1-1-4",
    ]  # every unit, in palette order; the marker is left out and listed
    assert data["not_units"] == [{"piece": "Turn", "why": "folder 'Markers' says markers"}]

    def fields(name):
        row = rows[name]
        return tuple(row[f] for f in ("side", "nation", "class", "size", "strength", "movement"))

    assert fields("1. Garde-ID 6-5") == ("central", "germany", "infantry", "", "6", "5")
    assert fields("3. Kav-Div") == ("central", "germany", "cavalry", "division", "2", "6")
    # two combat factors that differ: movement only; "XX" is not read as a size, "Corps" is
    assert fields("XX Corps 4-3-4") == ("entente", "france", "", "corps", "", "4")
    # the name says 6-5, the image 5-4: neither is taken
    assert fields("2e DI 6-5") == ("entente", "france", "infantry", "", "", "")
    # the folder says Entente, the property says Germany, which the ruleset puts on central
    assert fields("Alsace Bde") == ("", "germany", "", "brigade", "", "")
    # nation and class from the prototypes' names, side from the nation (and the folder)
    assert fields("1. Army HQ 1-1-4") == ("entente", "russia", "hq", "army", "1", "4")

    blanks = {(b["piece"], b["field"]): b["why"] for b in data["blanks"]}
    assert len(blanks) == sum(1 for row in rows.values() for f in row if f != "name" and not row[f])
    assert "two combat factors" in blanks[("XX Corps 4-3-4", "strength")]
    assert "disagree" in blanks[("2e DI 6-5", "movement")]
    assert "central" in blanks[("Alsace Bde", "side")]
    assert data["counts"]["strength"] == {"filled": 3, "blank": 3}
    # without --json the blanks are listed on stderr
    r = _run("roster", tmp_path / "f.vmod", "--out", tmp_path / "r2.csv")
    assert r.exit_code == 0
    assert "not a unit: Turn: folder 'Markers'" in r.stderr and "blank: XX Corps 4-3-4: strength:" in r.stderr


def test_roster_refuses_its_input_and_hostile_modules(tmp_path):
    _factor_module(tmp_path / "f.vmod")
    before = (tmp_path / "f.vmod").read_bytes()
    r = _run("roster", tmp_path / "f.vmod", "--out", tmp_path / "f.vmod")
    assert r.exit_code == 2 and "is an input of the command" in r.stderr
    assert (tmp_path / "f.vmod").read_bytes() == before
    with zipfile.ZipFile(tmp_path / "x.vmod", "w") as zf:
        zf.writestr("buildFile.xml", '<!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>')
    r = _run("roster", tmp_path / "x.vmod", "--out", tmp_path / "r.csv")
    assert r.exit_code == 2 and "entities" in r.stderr and not (tmp_path / "r.csv").exists()
    r = _run("roster", tmp_path / "f.vmod", "--ruleset", "nope", "--out", tmp_path / "r.csv")
    assert r.exit_code == 2 and "unknown ruleset" in r.stderr


@pytest.fixture
def sample_game(tmp_path, roster):
    """The sample map, its module with the roster's counters, and a log: a German division is
    placed with the module's own piece definition (prototypes and Marker, as VASSAL drags it from
    the palette), a French brigade as a bare piece; the German moves legally, then too far."""
    from defusedxml import ElementTree as SafeET

    m = sample_map()
    write_mapdata(m, tmp_path / "map.json")
    write_module(m, tmp_path / "game.vmod", roster=roster)
    with zipfile.ZipFile(tmp_path / "game.vmod") as zf:
        root = SafeET.fromstring(zf.read("buildFile.xml"))
    slot = next(el for el in root.iter(f"{B}.widget.PieceSlot") if el.attrib["entryName"] == "GE 1. ID")

    def at(h):
        return tuple(round(v) for v in m.center(h))

    ge, fr = ("Main Map", *at("1401")), ("Main Map", *at("1301"))
    _, _, type_, state = slot.text.split("/", 3)
    state = state.replace("null;0;0", f"Main Map;{ge[1]};{ge[2]}")
    write_save(
        tmp_path / "turn.vlog",
        [
            f"+/1/{type_}/{state}",
            piece_command("2", "FR, 3e Cav;1/2", *fr),
            "Main MapBoardPicker\tMap\t0\t0",
        ],
        log=[
            move_command("1", "Main Map", *at("1602"), ge),
            move_command("1", "Main Map", *at("2308"), ("Main Map", *at("1602"))),
            move_command("2", "Main Map", *at("1203"), fr),
        ],
    )
    return tmp_path


def _check(d, roster_file, *extra):
    return _run(
        "check", d / "turn.vlog", "--module", d / "game.vmod", "--map", d / "map.json",
        "--roster", roster_file, "--json", *extra,
    )  # fmt: skip


def test_check_reads_piece_properties_where_the_roster_gives_only_names(sample_game, roster):
    d = sample_game
    full = d / "full.csv"
    with full.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["name", "side", "nation", "class", "size", "strength", "movement"])
        for name, row in roster.items():
            w.writerow([name, *row.values()])
    (d / "names.csv").write_text('name\nGE 1. ID\n"FR, 3e Cav;1/2"\n')
    a, b = _check(d, full), _check(d, d / "names.csv")
    assert a.exit_code == b.exit_code == 1, (a.output, b.output)
    ra, rb = json.loads(a.stdout), json.loads(b.stdout)
    assert ra == rb
    assert rb["moves"] == 3 and [x["move"] for x in rb["illegal"]] == [2]
    assert rb["illegal"][0]["rule"] == "R6-3"
    # a roster row may override what the piece says: a movement of 20 makes move 2 legal
    (d / "fast.csv").write_text('name,movement\nGE 1. ID,20\n"FR, 3e Cav;1/2",\n')
    c = _check(d, d / "fast.csv")
    assert c.exit_code == 0, c.output
    # a piece the roster names but neither it nor the module describes is an error naming it
    write_save(
        d / "stranger.vlog",
        [piece_command("3", "Stranger", "Main Map", 831, 48), "Main MapBoardPicker\tMap\t0\t0"],
        log=[move_command("3", "Main Map", 766, 236, ("Main Map", 831, 48))],
    )
    (d / "stranger.csv").write_text("name,side\nStranger,entente\n")
    r = _run(
        "check", d / "stranger.vlog", "--module", d / "game.vmod", "--map", d / "map.json",
        "--roster", d / "stranger.csv",
    )  # fmt: skip
    assert r.exit_code == 2, r.output
    assert "'Stranger'" in r.stderr and "class, strength" in r.stderr and "stranger.csv" in r.stderr


def test_a_logged_piece_states_its_unit_through_its_own_traits(sample_game, roster):
    """VASSAL logs a piece dragged from the palette with its traits: its prototypes (expanded from
    the module) and Marker say the unit without the module's slot."""
    from railhead.engine.registry import get_ruleset
    from railhead.exporters.vassal.piece_defs import read_prototypes
    from railhead.exporters.vassal.piece_units import complete_row
    from railhead.exporters.vassal.saves import read_game
    from railhead.exporters.vassal.unit_fields import Vocabulary

    d = sample_game
    pieces = read_game(d / "turn.vlog").pieces
    vocab = Vocabulary.of(get_ruleset("der-weltkrieg"))
    protos = read_prototypes(d / "game.vmod")
    assert complete_row({}, pieces["1"], protos, vocab, "r.csv") == roster["GE 1. ID"]
    with pytest.raises(InputError, match="states side, strength"):  # "Cav" says cavalry
        complete_row({}, pieces["2"], protos, vocab, "r.csv")  # a bare piece, no definition given


def _palette_module(path, sides: tuple[str, ...]):
    """A module shaped like real hand-made ones: a PlayerRoster, units typed by a ``Type`` property
    or by their prototypes, and markers, terrain tiles and cards in the same palettes, some of them
    with numbers in their names that read like factors."""
    import xml.etree.ElementTree as ET

    from railhead.exporters.vassal.pieces import marker as prop

    root = ET.Element(f"{B}.GameModule", name="palettes", version="1")
    roster_el = ET.SubElement(root, f"{B}.module.PlayerRoster")
    for s in sides:
        ET.SubElement(roster_el, "entry").text = s
    protos = ET.SubElement(root, f"{B}.module.PrototypesContainer")
    for pname in ("Unit", "Marker", "Army=French", "Block", "hasMarkerUnit"):
        ET.SubElement(protos, f"{B}.module.PrototypeDefinition", name=pname).text = add_piece(
            ["piece;;;;"], [BASIC_STATE]
        )
    window = ET.SubElement(root, f"{B}.module.PieceWindow", name="Pieces")
    units = ET.SubElement(window, f"{B}.widget.ListWidget", entryName="Units & Leaders")
    french = ET.SubElement(units, f"{B}.widget.PanelWidget", entryName="French")
    _slot(french, "French Line Infantry", "fre_LN.png", [prop({"Type": "Unit", "Class": "INF"})])
    _slot(french, "Davout", "ldr_FRA_Davout.png", [prop({"Type": "Leader", "Strength": "1"})])
    _slot(french, "II Corps 5-4", "fr_2c.png", [use_prototype("Unit"), use_prototype("Army=French")])
    _slot(french, "Wellington", "ldr_ENG_Wellington.png", [prop({"Type": "Leader"})])
    russian = ET.SubElement(units, f"{B}.widget.PanelWidget", entryName="Russian")
    _slot(
        russian,
        "Russian Cossack Cavalry",
        "rus_cos.png",
        [use_prototype("Block"), use_prototype("hasMarkerUnit")],
    )
    markers = ET.SubElement(window, f"{B}.widget.ListWidget", entryName="Game Pieces")
    _slot(markers, "Control 3-0", "ctrl.png", [prop({"Type": "Marker"})])
    _slot(markers, "Worker-1-03-A", "worker.png", [use_prototype("Marker")])
    _slot(markers, "Rugged Hill", "Tile_Hill.png", [prop({"Type": "Terrain"})])
    cards = ET.SubElement(window, f"{B}.widget.ListWidget", entryName="Command Cards")
    _slot(cards, "Assault Left", "card_al.png")
    _slot(markers, "Blue flag", "")
    _write_vmod(path, root, "palettes")


def test_roster_leaves_out_pieces_that_are_not_units_and_says_why(tmp_path):
    _palette_module(tmp_path / "m.vmod", ("Allies", "French"))
    data, rows = _roster(tmp_path / "m.vmod", tmp_path / "r.csv")
    assert list(rows) == [
        "French Line Infantry",
        "Davout",
        "II Corps 5-4",
        "Wellington",
        "Russian Cossack Cavalry",
    ]
    why = {n["piece"]: n["why"] for n in data["not_units"]}
    assert set(why) == {"Control 3-0", "Worker-1-03-A", "Rugged Hill", "Assault Left", "Blue flag"}
    assert "type=Marker" in why["Control 3-0"] and "'Marker'" in why["Worker-1-03-A"]
    assert "terrain" in why["Rugged Hill"] and "card" in why["Assault Left"] and "flag" in why["Blue flag"]
    # factors come from unit counters only, and only where they stand alone
    assert rows["II Corps 5-4"]["strength"] == "5" and rows["II Corps 5-4"]["movement"] == "4"
    assert rows["II Corps 5-4"]["size"] == "corps"
    # "ENG" in an image name is England as often as engineers: no class from it
    assert rows["Wellington"]["class"] == ""


def test_roster_puts_no_nation_on_a_side_of_a_game_the_ruleset_does_not_cover(tmp_path):
    """A Napoleonic module's France and Russia are no WWI entente: the module's own sides (Allies,
    French) are not der-weltkrieg's (central, entente), so no side is taken from the alliances."""
    _palette_module(tmp_path / "m.vmod", ("Allies", "French", "Solitaire"))
    data, rows = _roster(tmp_path / "m.vmod", tmp_path / "r.csv", "--ruleset", "der-weltkrieg")
    assert rows["French Line Infantry"]["nation"] == "france"
    assert rows["Russian Cossack Cavalry"]["nation"] == "russia"
    assert all(row["side"] == "" for row in rows.values())
    assert data["sides"]["covered"] is False and "not der-weltkrieg's" in data["sides"]["note"]
    assert (
        "is this a game der-weltkrieg covers?"
        in _run("roster", tmp_path / "m.vmod", "--out", tmp_path / "r2.csv").stderr
    )
    # the same pieces in a module whose sides are the ruleset's: a nation's side follows
    _palette_module(tmp_path / "w.vmod", ("Central Powers", "Entente"))
    data, rows = _roster(tmp_path / "w.vmod", tmp_path / "w.csv", "--ruleset", "der-weltkrieg")
    assert data["sides"]["covered"] is True
    assert (
        rows["French Line Infantry"]["side"] == "entente"
        and rows["Russian Cossack Cavalry"]["side"] == "entente"
    )


def _setup_stack_module(path):
    """A module shaped like many card-driven and area games: no unit in a palette (only markers),
    the units defined in the at-start stacks of the map, cards in decks; what a piece is said by a
    ``Layer`` property or by prototype names; sides named by initials (``Side=AP``); divisions named
    after the corps they belong to."""
    import xml.etree.ElementTree as ET

    from railhead.exporters.vassal.pieces import marker as prop

    root = ET.Element(f"{B}.GameModule", name="stacks", version="1")
    roster_el = ET.SubElement(root, f"{B}.module.PlayerRoster")
    for s in ("Central Powers", "Allied Powers", "Solitaire"):
        ET.SubElement(roster_el, "entry").text = s
    protos = ET.SubElement(root, f"{B}.module.PrototypesContainer")
    for pname in ("Location Russian Region", "Amphibious Assault Marker", "Lord Cylinder"):
        ET.SubElement(protos, f"{B}.module.PrototypeDefinition", name=pname).text = add_piece(
            ["piece;;;;"], [BASIC_STATE]
        )
    window = ET.SubElement(root, f"{B}.module.PieceWindow", name="Pieces")
    _slot(ET.SubElement(window, f"{B}.widget.ListWidget", entryName="Markers"), "Trench", "trench.png")
    game_map = ET.SubElement(root, f"{B}.module.Map", mapName="Map")

    def stack(name, *slots):
        el = ET.SubElement(game_map, f"{B}.module.map.SetupStack", name=name, x="10", y="10")
        for piece, image, traits in slots:
            _slot(el, piece, image, traits)

    stack("Koblenz", ("GE3", "ge3.png", [prop({"Side": "CP", "Layer": "Units"})]))
    stack("Paris", ("FR1", "fr1.png", [prop({"Side": "AP", "Layer": "Units"})]))
    stack("Velikaya", ("Velikaya River", "", [use_prototype("Location Russian Region")]))
    stack("Amphibious Assault", ("Assault Modifier", "", [use_prototype("Amphibious Assault Marker")]))
    stack("Wenden", ("Rudolf", "rudolf.png", [use_prototype("Lord Cylinder"), prop({"Type": "Lord"})]))
    stack("Status", ("Victory", "vp.png", [prop({"Type": "Marker", "Layer": "Units"})]))
    for name in ("Durutte / I Corps", "Marcognet / I Corps", "II Corps"):
        stack(name, (name, "", [prop({"Side": "AP", "Layer": "Units"})]))
    deck = ET.SubElement(game_map, f"{B}.module.map.DrawPile", name="AP Deck")
    card = ET.SubElement(deck, f"{B}.widget.CardSlot", entryName="MEF", gpid="9")
    card.text = add_piece([join(["piece", "", "", "card31.png", "MEF"], ";")], [BASIC_STATE])
    # a pool of counters kept as a deck: its pieces say they are units
    pool = ET.SubElement(game_map, f"{B}.module.map.DrawPile", name="Forts Pool")
    fort = ET.SubElement(pool, f"{B}.widget.CardSlot", entryName="US Fort", gpid="10")
    fort_type, fort_state = prop({"Layer": "Units", "Side": "AP"})
    fort.text = add_piece(
        [fort_type, join(["piece", "", "", "fort.png", "US Fort"], ";")], [fort_state, BASIC_STATE]
    )
    # a terrain tile and a leader of one name: a log cannot tell their pieces apart
    stack(
        "Hill",
        ("Hill", "hill.png", [prop({"Type": "Terrain"})]),
        ("Hill", "ldr_hill.png", [prop({"Type": "Leader"})]),
    )
    _write_vmod(path, root, "stacks")


def test_roster_reads_units_of_at_start_stacks_and_leaves_cards_and_places_out(tmp_path):
    _setup_stack_module(tmp_path / "s.vmod")
    data, rows = _roster(tmp_path / "s.vmod", tmp_path / "r.csv")
    # units defined only in the map's at-start stacks are units; a lord is one
    assert list(rows) == [
        "GE3", "FR1", "Rudolf", "Durutte / I Corps", "Marcognet / I Corps", "II Corps", "US Fort"
    ]  # fmt: skip
    why = {n["piece"]: n["why"] for n in data["not_units"]}
    assert why["MEF"] == "a card (CardSlot) of deck 'AP Deck'"
    assert rows["US Fort"]["side"] == "entente"
    assert "Hill" not in rows and "a unit's and another piece's" in why["Hill"] and "terrain" in why["Hill"]
    # a region is no river flotilla; an "Amphibious Assault Marker" is a marker, not an assault unit
    assert "region" in why["Velikaya River"] and "marker" in why["Assault Modifier"]
    # Type says more than Layer
    assert "type=Marker" in why["Victory"] and "Trench" in why
    # the module's sides, named by their initials, are the ruleset's (Allied Powers: entente)
    assert data["sides"]["covered"] is True
    assert rows["GE3"]["side"] == "central" and rows["FR1"]["side"] == "entente"
    # "I Corps" shared by two units' names is their corps, not their size; "II Corps" alone is one
    assert rows["Durutte / I Corps"]["size"] == "" and rows["II Corps"]["size"] == "corps"
    blanks = {(b["piece"], b["field"]): b["why"] for b in data["blanks"]}
    assert "the formation they belong to" in blanks[("Marcognet / I Corps", "size")]


def test_a_word_of_a_name_is_no_side_in_a_game_the_ruleset_does_not_cover(tmp_path):
    """Vive l'Empereur's "Anglo-Allied I Corps" is no GMT "allied" side: its sides are France and
    Coalition. Only a Side property names a side there."""
    import xml.etree.ElementTree as ET

    from railhead.exporters.vassal.pieces import marker as prop

    root = ET.Element(f"{B}.GameModule", name="nap", version="1")
    roster_el = ET.SubElement(root, f"{B}.module.PlayerRoster")
    for s in ("France", "Coalition"):
        ET.SubElement(roster_el, "entry").text = s
    window = ET.SubElement(root, f"{B}.module.PieceWindow", name="Units")
    allied = ET.SubElement(window, f"{B}.widget.ListWidget", entryName="Anglo-Allied Infantry")
    _slot(allied, "Picton", "picton.png")
    _slot(allied, "Cooke", "cooke.png", [prop({"Side": "allied"})])
    _write_vmod(tmp_path / "n.vmod", root)
    data, rows = _roster(tmp_path / "n.vmod", tmp_path / "r.csv", "--ruleset", "gmt-great-war")
    assert rows["Picton"]["side"] == ""
    assert rows["Cooke"]["side"] == "allied"  # a property states it
    blanks = {(b["piece"], b["field"]): b["why"] for b in data["blanks"]}
    assert "not the ruleset's" in blanks[("Picton", "side")]


def test_a_formation_several_units_name_is_their_parent_not_their_size_or_class(tmp_path):
    """Vive l'Empereur's divisions: ``Chastel / II Cav Corps`` over prototype ``French II Cav Corps
    Unit``; in an area game whose classes are sizes (``corps``) neither size nor class is the corps."""
    import xml.etree.ElementTree as ET

    root = ET.Element(f"{B}.GameModule", name="nap", version="1")
    protos = ET.SubElement(root, f"{B}.module.PrototypesContainer")
    ET.SubElement(
        protos, f"{B}.module.PrototypeDefinition", name="French II Cav Corps Unit"
    ).text = add_piece(["piece;;;;"], [BASIC_STATE])
    window = ET.SubElement(root, f"{B}.module.PieceWindow", name="Units")
    for name in ("Chastel / II Cav Corps", "Strolz / II Cav Corps"):
        _slot(window, name, "", [use_prototype("French II Cav Corps Unit")])
    _slot(window, "Army of the Potomac", "")
    _slot(window, "VIII Corps", "")
    _write_vmod(tmp_path / "n.vmod", root)
    data, rows = _roster(tmp_path / "n.vmod", tmp_path / "r.csv", "--ruleset", "great-war-area")
    assert (rows["Chastel / II Cav Corps"]["size"], rows["Chastel / II Cav Corps"]["class"]) == ("", "")
    assert rows["Army of the Potomac"]["size"] == "army" and rows["VIII Corps"]["size"] == "corps"
    blanks = {(b["piece"], b["field"]): b["why"] for b in data["blanks"]}
    assert "2 units name 'ii cav corps'" in blanks[("Strolz / II Cav Corps", "class")]

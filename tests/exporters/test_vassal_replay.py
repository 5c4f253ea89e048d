"""The table after a save's commands, as VASSAL's classes leave it (read at vassalengine/vassal
17fb917c5: Stack, Deck, MovePiece, ChangePiece, BasicPiece.setState, StackMetrics.merge), and the
module parts that name a piece's place (decks, zones, every kind of map, SVG boards). The same
rules are checked against VASSAL's own engine in test_vassal_java_saves.py."""

from __future__ import annotations

import json
import zipfile

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhead.cli import main
from railhead.errors import InputError
from railhead.exporters.vassal.grids import AwtPolygon
from railhead.exporters.vassal.replay import Game
from railhead.exporters.vassal.saves import join, move_command, piece_command, write_save
from railhead.exporters.vassal.svg import svg_size

MAP = "Normandy"


def play(*cmds: str, lone_pieces_stack: bool = True) -> Game:
    game = Game(lone_pieces_stack=lone_pieces_stack)
    for k, c in enumerate(cmds, start=1):
        game.apply(c, f"command {k}")
    return game


def where(game: Game) -> dict[str, tuple]:
    return {p.id: (p.map, p.x, p.y) for p in game.pieces.values()}


def stack(sid: str, map_: str, x: int, y: int, *ids: str, layer: bool = True) -> str:
    tokens = [map_, str(x), str(y), *ids] + (["@@0"] if layer else [])
    return join(["+", sid, "stack", join(tokens, ";")], "/")


def move(pid: str, map_: str, x: int, y: int, under: str = "null") -> str:
    return join(["M", pid, map_, str(x), str(y), under, MAP, "0", "0", "null", "p"], "/")


def test_old_stacks_carry_map_and_position_for_pieces_whose_own_state_reads_null():
    game = play(
        "+/a/piece;;;;A/null;0;0",
        "+/b/piece;;;;B/null;7;9",
        stack("s", MAP, 2088, 128, "a", "b", layer=False),
    )
    assert where(game) == {"a": (MAP, 2088, 128), "b": (MAP, 2088, 128)}


def test_a_stack_on_no_map_reads_children_right_after_null():
    game = play(piece_command("a", "A", MAP, 5, 5), join(["+", "s", "stack", "null;a"], "/"))
    assert where(game) == {"a": (None, 0, 0)}


def test_stack_moves_take_their_pieces_and_merge_onto_a_stack_there():
    game = play(
        piece_command("a", "A", MAP, 10, 10),
        piece_command("b", "B", MAP, 10, 10),
        piece_command("c", "C", MAP, 50, 50),
        stack("s1", MAP, 10, 10, "a", "b"),
        stack("s2", MAP, 50, 50, "c"),
        move("s1", MAP, 30, 30),
        move("s1", MAP, 50, 50),
        move("s2", MAP, 70, 70),
    )
    assert where(game) == {"a": (MAP, 70, 70), "b": (MAP, 70, 70), "c": (MAP, 70, 70)}
    assert game.containers["s2"].children == ["c", "a", "b"]


def test_a_piece_leaves_its_stack_and_a_lone_piece_gets_a_stack_of_its_own():
    game = play(
        piece_command("a", "A", MAP, 10, 10),
        piece_command("b", "B", MAP, 10, 10),
        stack("s1", MAP, 10, 10, "a", "b"),
        move("a", MAP, 90, 90),  # out of its stack, alone (stackOrPlacePiece: it had a parent)
        move("s1", MAP, 20, 20),
    )
    assert where(game) == {"a": (MAP, 90, 90), "b": (MAP, 20, 20)}
    assert "a" not in game.parent
    game.apply(move("a", MAP, 95, 95), "lone")
    assert "a" in game.parent  # VASSAL >= 3.6.0: a lone piece moved gets a stack of its own
    before = play(piece_command("a", "A", MAP, 10, 10), move("a", MAP, 90, 90), lone_pieces_stack=False)
    assert "a" not in before.parent


def test_a_move_joins_the_piece_underneath_or_whatever_lies_exactly_there():
    game = play(
        piece_command("a", "A", MAP, 10, 10),
        piece_command("b", "B", MAP, 40, 40),
        piece_command("c", "C", MAP, 60, 60),
        move("b", MAP, 10, 10),  # onto the lone piece a: both in a new stack
        move("c", MAP, 10, 10, under="a"),
        move(game_stack := "(new stack 1)", MAP, 33, 33),
    )
    assert game_stack in game.containers
    assert where(game) == {"a": (MAP, 33, 33), "b": (MAP, 33, 33), "c": (MAP, 33, 33)}


def test_change_commands_leave_a_stacked_piece_at_its_stack():
    game = play(
        piece_command("a", "A", MAP, 10, 10),
        piece_command("b", "B", MAP, 10, 10),
        stack("s", MAP, 10, 10, "a", "b"),
        join(["D", "a", "null;500;500;;0"], "/"),  # no map: VASSAL keeps it in its stack
        join(["D", "b", f"{MAP};600;600;;0"], "/"),  # the stack's map: stays too
    )
    assert where(game) == {"a": (MAP, 10, 10), "b": (MAP, 10, 10)}
    game.apply(join(["D", "a", "Hand;5;6;;0"], "/"), "another map")
    assert where(game)["a"] == ("Hand", 5, 6) and "a" not in game.parent
    game.apply(join(["D", "b", "null;1;1;;0", f"{MAP};600;600;;0"], "/"), "merge")
    assert where(game)["b"] == (MAP, 10, 10)


def test_a_change_with_an_old_state_applies_only_what_changed():
    """mergeState: the BasicPiece's own state unchanged, the piece is not moved."""
    type_ = join(["mark;Strength", "piece;;;;A"], "\t")
    game = play(join(["+", "a", type_, join(["5", f"{MAP};10;10;;0"], "\t")], "/"))
    game.apply(join(["D", "a", join(["4", "null;0;0;;0"], "\t"), join(["5", "null;0;0;;0"], "\t")], "/"), "x")
    assert where(game)["a"] == (MAP, 10, 10)
    game.apply(join(["D", "a", join(["4", f"{MAP};70;70;;0"], "\t")], "/"), "y")
    assert where(game)["a"] == (MAP, 70, 70)


def test_decks_hold_cards_which_are_drawn_and_returned():
    deck = join(
        ["deck", "true", "0,0,0", "40", "40", "Never", "Never", "true", "true", "true", "", "", "", "Cards"],
        ";",
    )
    game = play(
        piece_command("c1", "Card 1", MAP, 0, 0),
        piece_command("c2", "Card 2", MAP, 0, 0),
        join(["+", "d", deck, join([MAP, "300", "400", "false", "c1,c2"], ";")], "/"),
        move("c1", MAP, 20, 20),
        piece_command("x", "X", MAP, 5, 5),
        move("x", MAP, 300, 400),
    )
    assert where(game) == {"c1": (MAP, 20, 20), "c2": (MAP, 300, 400), "x": (MAP, 300, 400)}
    assert game.containers["d"].children == ["c2", "x"]


def test_removal_and_unknown_commands():
    game = play(
        piece_command("a", "A", MAP, 10, 10),
        piece_command("b", "B", MAP, 10, 10),
        stack("s", MAP, 10, 10, "a", "b"),
        "-/a",
        "-/s",
        "SOMETHING_NEW\tx",
        "+/z/deckish;1/null;0;0",
    )
    assert where(game) == {"b": (None, 10, 10)}
    assert game.skipped == {"SOMETHING_NEW": 1}
    assert len(game.notes) == 1 and "innermost trait is 'deckish'" in game.notes[0]


@pytest.mark.parametrize(
    ("x", "y", "inside"),
    [
        (10, 10, True),
        (10, 50, True),
        (50, 10, True),
        (90, 50, False),
        (50, 90, False),
        (90, 90, False),
        (89, 89, True),
    ],
)
def test_zone_edges_follow_java_awt_polygon(x, y, inside):
    """Left and top edges are in, right and bottom edges out (checked against java.awt.Polygon
    itself in test_vassal_java.py)."""
    assert AwtPolygon((10, 90, 90, 10), (10, 10, 90, 90)).contains(x, y) is inside


def test_svg_board_sizes_as_vassal_reads_them():
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" %s/>'
    assert svg_size(svg % (b"400", b"3in", b""), "b") == (400, 288)
    assert svg_size(svg % (b"50%", b"100", b'viewBox="0 0 800 600"'), "b") == (400, 100)
    assert svg_size(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0,0,640.4,480"/>', "b") == (640, 480)
    assert svg_size(b'<svg xmlns="http://www.w3.org/2000/svg" height="70"/>', "b") == (70, 70)
    for bad in (svg % (b"12em", b"3", b""), b"<svg", b'<!DOCTYPE svg [<!ENTITY a "b">]><svg/>', b"<png/>"):
        with pytest.raises(InputError):
            svg_size(bad, "board image images/x.svg")


def test_cli_prints_moves_without_json_and_notes_what_it_skipped(tmp_path):
    path = tmp_path / "g.vlog"
    write_save(
        path,
        [piece_command("7", "GE-7", MAP, 10, 20), "PROP\tTurn\t2"],
        log=[move_command("7", MAP, 30, 40, (MAP, 10, 20))],
    )
    r = CliRunner().invoke(main, ["vassal", "pieces", str(path), "--moves"])
    assert r.exit_code == 0, r.output
    assert "1 move(s):" in r.stdout and f"GE-7{' ' * 26} {MAP} 10,20 -> {MAP} 30,40" in r.stdout
    assert "skipped commands that do not move pieces: 'PROP' x1" in r.stderr


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.one_of(
            st.sampled_from(
                [
                    "+/",
                    "M/",
                    "D/",
                    "-/",
                    "LOG\t",
                    "stack",
                    "deck;",
                    "piece;;;;",
                    "null",
                    "\t",
                    "/",
                    ";",
                    "\\",
                    "'",
                    "\x1b",
                ]
            ),
            st.text(alphabet="0123456789abMap;/\\\t'@,-", max_size=8),
        ),
        max_size=60,
    ),
    st.sampled_from(["zip", "plain", "bytes"]),
)
def test_generated_and_mangled_saves_exit_0_or_2(tmp_path_factory, parts, container):
    """Whatever the commands, ``railhead vassal pieces`` answers or refuses (exit 2), never a
    traceback."""
    path = tmp_path_factory.mktemp("fuzz") / "f.vlog"
    text = "".join(parts)
    if container == "zip":
        write_save(path, [text, piece_command("1", "A", MAP, 1, 1)], log=[text, move("1", MAP, 2, 2)])
    elif container == "plain":
        with zipfile.ZipFile(path, "w") as zf:
            zf.writestr("savedGame", text.encode("utf-8", "replace"))
    else:
        path.write_bytes(text.encode("utf-8", "replace"))
    r = CliRunner().invoke(main, ["vassal", "pieces", str(path), "--moves", "--json"])
    assert r.exit_code in (0, 2), r.exception
    if r.exit_code == 0:
        json.loads(r.stdout)
    else:
        assert "Traceback" not in r.output and r.stderr.strip()

"""Saves holding many empty stacks (C&C Napoleonics: 77,000 beside 320 pieces) are read as VASSAL
reads them: a stack added with no piece in it holds none, and one whose state names a piece takes it
(``Stack.setState``: with map ``null`` every token after the map is a child id)."""

from __future__ import annotations

from railhead.exporters.vassal.saves import move_command, piece_command, read_game, write_save


def test_empty_stacks_hold_nothing_and_a_stack_naming_a_piece_takes_it(tmp_path):
    write_save(
        tmp_path / "g.vsav",
        [
            piece_command("p1", "GE 1. ID", "Main Map", 10, 10),
            piece_command("p2", "GE 2. ID", "Main Map", 30, 30),
            "+/s1/stack/null;0;0;@@-1",  # empty, on no map; "0" tokens name no piece
            "+/s2/stack/Main Map;20;20;@@0",  # empty, on the map
            "+/s3/stack/null;0;0;p1",  # a stack on no map naming p1: p1 leaves the map with it
        ],
        log=[move_command("p2", "Main Map", 20, 20, ("Main Map", 30, 30))],
    )
    g = read_game(tmp_path / "g.vsav")
    at = {pid: (p.map, p.x, p.y) for pid, p in g.pieces.items()}
    assert at["p1"] == (None, 0, 0)
    # p2 dragged onto the empty stack's point joins no stack there: it stands alone at that point
    assert at["p2"] == ("Main Map", 20, 20)
    assert not g.containers["s2"].children and g.containers["s3"].children == ["p1"]

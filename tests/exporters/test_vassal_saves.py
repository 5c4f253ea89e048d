"""VASSAL saved games and logs: decoding, replay, and hostile files (never a traceback)."""

from __future__ import annotations

import contextlib
import io
import lzma
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railhead.errors import InputError
from railhead.exporters.vassal import saves
from railhead.exporters.vassal.saves import (
    ESC,
    Game,
    commands,
    deobfuscate,
    join,
    move_command,
    obfuscate,
    piece_command,
    read_entry,
    read_game,
    split,
    write_save,
)


def test_obfuscation_round_trip_and_plain_text():
    text = "begin_save\x1b+/1/piece;;;a.png;GE 1 AK/Main Map;10;20;;0\x1bend_save"
    blob = obfuscate(text, key=0x5C)
    assert blob.startswith(b"!VCSK5c")
    assert deobfuscate(blob) == text
    assert deobfuscate(blob.upper().replace(b"!VCSK", b"!VCSK")) == text  # hex in capitals too
    assert deobfuscate(text.encode()) == text  # no header: plain text
    assert deobfuscate(b"VOBS" + bytes([7]) + bytes(b ^ 7 for b in text.encode())) == text
    assert deobfuscate(lzma.compress(text.encode(), format=lzma.FORMAT_XZ)) == text


def test_sequence_encoder_escapes_and_quotes():
    assert split(r"a/b\/c/d", "/") == ["a", "b/c", "d"]
    assert split("'x/y'", ";") == ["x/y"]
    assert join(["a/b", r"\c", "'q'"], "/") == r"a\/b/'\c'/''q''"
    assert split(join(["a/b", "c", ""], "/"), "/") == ["a/b", "c", ""]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.text(alphabet=st.characters(blacklist_characters="\\'"), max_size=12), min_size=1, max_size=6)
)
def test_join_split_round_trip(tokens):
    assert split(join(tokens, "/"), "/") == tokens


def test_nested_command_tree():
    inner = join(["+/1/x/y", "-/2"], ESC)
    outer = join(["begin_save", inner, "end_save"], ESC)
    assert list(commands(outer)) == ["begin_save", "+/1/x/y", "-/2", "end_save"]


def test_save_round_trip_every_piece_on_its_place(tmp_path):
    path = tmp_path / "game.vsav"
    pieces = [
        ("101", "GE I. AK", "Main Map", 120, 340),
        ("102", "FR 5e Armée", "Main Map", 560, 80),
        ("103", "Off map / reserve", "null", 0, 0),
    ]
    write_save(path, [piece_command(*p) for p in pieces] + ["Main MapBoardPicker\tWestern Front\t0\t0"])
    game = read_game(path)
    got = {p.id: (p.name, p.map, p.x, p.y) for p in game.pieces.values()}
    assert got == {
        "101": ("GE I. AK", "Main Map", 120, 340),
        "102": ("FR 5e Armée", "Main Map", 560, 80),
        "103": ("Off map / reserve", None, 0, 0),
    }
    assert game.boards == {"Main Map": [("Western Front", 0, 0)]}


def test_log_replays_moves_in_order(tmp_path):
    path = tmp_path / "turn.vlog"
    write_save(
        path,
        [piece_command("1", "GE-1", "Main Map", 100, 100)],
        log=[
            move_command("1", "Main Map", 150, 130, ("Main Map", 100, 100)),
            move_command("1", "Main Map", 200, 160, ("Main Map", 150, 130)),
            "-/1",
        ],
    )
    game = read_game(path)
    assert [m["to"] for m in game.moves] == [("Main Map", 150, 130), ("Main Map", 200, 160)]
    assert game.moves[1]["from"] == ("Main Map", 150, 130)
    assert "1" not in game.pieces  # removed at the end of the log


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        (b"!VCSK2a4", "truncated"),
        (b"!VCSK2azz", "not hex"),
        (bytes([0xFF, 0xFE]), "not UTF-8"),
        (b"!VCSK2a" + bytes([0x80 ^ 0x2A]).hex().encode(), "not UTF-8"),
    ],
)
def test_bad_obfuscation_is_a_clear_error(payload, message):
    with pytest.raises(InputError, match=message):
        deobfuscate(payload)


def test_hostile_archives(tmp_path, monkeypatch):
    not_zip = tmp_path / "x.vsav"
    not_zip.write_text("hello")
    with pytest.raises(InputError, match="not a zip"):
        read_game(not_zip)
    empty = tmp_path / "empty.vsav"
    with zipfile.ZipFile(empty, "w") as zf:
        zf.writestr("other", "x")
    with pytest.raises(InputError, match="no 'savedGame'"):
        read_game(empty)
    bomb = tmp_path / "bomb.vsav"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("savedGame", b"\0" * 5_000_000)
    assert len(read_entry(bomb, "savedGame")) == 5_000_000  # 1000:1, but small: read
    monkeypatch.setattr(saves, "MAX_ENTRY_BYTES", 1_000_000)
    with pytest.raises(InputError, match=r"5,000,000 bytes, more than the 1,000,000 .*zip bomb"):
        read_entry(bomb, "savedGame")
    liar = tmp_path / "liar.vsav"  # a header that understates the size: reading stops at the limit
    raw = bomb.read_bytes()
    size = (5_000_000).to_bytes(4, "little")
    liar.write_bytes(raw.replace(size, (10).to_bytes(4, "little")))
    with pytest.raises(InputError, match="1,000,000 bytes railhead reads|cannot be read"):
        read_entry(liar, "savedGame")
    traversal = tmp_path / "evil.vsav"
    with zipfile.ZipFile(traversal, "w") as zf:
        zf.writestr("../../etc/passwd", "x")
        zf.writestr("savedGame", obfuscate("begin_save\x1bend_save"))
    assert read_game(traversal).pieces == {}  # entries are read, never extracted
    assert [p.name for p in tmp_path.iterdir() if p.name == "passwd"] == []


def test_malformed_commands_are_reported_and_skipped_as_vassal_skips_them(tmp_path):
    """A position that is not a number reads as 0 (``nextInt(0)``); a MovePiece VASSAL could not
    decode, an unknown piece class and an unknown command are noted and skipped, never fatal."""
    path = tmp_path / "bad.vlog"
    write_save(
        path,
        ["+/1/piece;;;a.png;X/Main Map;ten;20;;0", "+/2/mymod.Custom;x/Main Map;1;2", "PROP\tTurn\t3"],
        log=[
            "M/1/Main Map/1.5/2/null/null/0/0/null/p",
            move_command("1", "Main Map", 5, 6, ("Main Map", 0, 20)),
        ],
    )
    game = read_game(path)
    assert [(p.id, p.x, p.y) for p in game.pieces.values()] == [("1", 5, 6)]
    assert any("command 3: the innermost trait is 'mymod.Custom'" in n for n in game.notes), game.notes
    assert any("MovePiece needs" in n for n in game.notes), game.notes
    assert game.skipped == {"PROP": 1}


def test_old_plain_text_saves_are_refused_clearly(tmp_path):
    old = tmp_path / "old.vsav"
    old.write_bytes(obfuscate("begin_save\x1bend_save"))
    with pytest.raises(InputError, match="old VASSAL save, written before saves were zip archives"):
        read_game(old)


def test_a_100000_move_log_is_read(tmp_path):
    """A piece moved to and fro compresses far beyond 256:1 (the old refusal); it is read whole."""
    path = tmp_path / "long.vlog"
    moves = [move_command("1", "Main Map", 100 + k % 2, 200, ("Main Map", 0, 0)) for k in range(100_000)]
    write_save(path, [piece_command("1", "GE-1", "Main Map", 0, 0)], log=moves)
    with zipfile.ZipFile(path) as zf:
        info = zf.getinfo("savedGame")
    assert info.file_size / info.compress_size > 256
    game = read_game(path)
    assert len(game.moves) == 100_000 and game.pieces["1"].x == 101


def test_deep_nesting_is_refused_not_a_recursion_error():
    text = "x"
    for _ in range(200):
        text = join([text, "y"], ESC)
    with pytest.raises(InputError, match="nested more than"):
        list(commands(text))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_fuzz_save_decoder_only_raises_input_errors(data):
    try:
        text = deobfuscate(data)
        game = Game()
        for k, cmd in enumerate(commands(text)):
            game.apply(cmd, f"command {k}")
    except InputError:
        pass


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=600))
def test_fuzz_zip_reader_only_raises_input_errors(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "f.vsav"
    path.write_bytes(b"PK\x03\x04" + data if data[:1] == b"\0" else data)
    with contextlib.suppress(InputError):
        read_entry(path, "savedGame")


def test_fuzzed_valid_zip_with_garbage_entry(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("savedGame", b"!VCSK" + b"\x00" * 20)
    path = tmp_path / "g.vsav"
    path.write_bytes(buf.getvalue())
    with pytest.raises(InputError):
        read_game(path)


def test_cli_vassal_pieces(tmp_path):
    import json

    from click.testing import CliRunner

    from railhead.cli import main

    path = tmp_path / "g.vlog"
    write_save(
        path,
        [piece_command("7", "GE-7", "Main Map", 10, 20)],
        log=[move_command("7", "Main Map", 30, 40, ("Main Map", 10, 20))],
    )
    r = CliRunner().invoke(main, ["vassal", "pieces", str(path), "--json", "--moves"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["pieces"] == [
        {"id": "7", "name": "GE-7", "map": "Main Map", "x": 30, "y": 40, "location": None}
    ]
    assert len(data["moves"]) == 1
    (tmp_path / "bad.vsav").write_text("junk")
    r = CliRunner().invoke(main, ["vassal", "pieces", str(tmp_path / "bad.vsav")])
    assert r.exit_code == 2 and "not a zip" in r.stderr

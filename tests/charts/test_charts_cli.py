"""`railhead charts`: a thin command; bad input is exit status 2 with a message naming the place."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from railhead.cli import main


def run(*args: str):
    return CliRunner().invoke(main, ["charts", *args])


def test_writes_the_player_aids(tmp_path):
    out = tmp_path / "aids.pdf"
    r = run("der-weltkrieg", "--out", str(out), "--paper", "letter")
    assert r.exit_code == 0, r.output
    assert out.read_bytes()[:5] == b"%PDF-"
    assert f"wrote {out}" in r.stderr and "letter" in r.stderr


def test_json_reports_pages_and_blanks(tmp_path):
    r = run("der-weltkrieg", "--out", str(tmp_path / "a.pdf"), "--json")
    assert r.exit_code == 0, r.output
    assert '"pages"' in r.stdout and '"blanks"' in r.stdout


def test_list_blanks_names_every_unprinted_cell():
    """Blank boxes are listed as TABLE.ROW.COLUMN, the keys of a values file; the Fig 9 cells the
    rulebook prints (column 20 roll 1, column 24 roll 7) are not blank."""
    r = run("der-weltkrieg", "--list-blanks")
    assert r.exit_code == 0, r.output
    keys = r.stdout.split()
    assert (
        "terrain.desert.mp" in keys
        and "crt-standard.-1.1" in keys
        and "rail-capacity.great britain.capacity" not in keys
    )
    assert "crt-standard.1.20" not in keys and "crt-standard.7.24" not in keys
    assert "crt-1917.1.20" in keys


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope"], "unknown ruleset 'nope'"),
        (["der-weltkrieg", "--paper", "a5"], "unknown paper size 'a5'"),
        (["der-weltkrieg"], "--out AIDS.pdf is required"),
    ],
)
def test_bad_arguments_exit_2(tmp_path, args, message):
    if "--paper" in args or args == ["nope"]:
        args = [*args, "--out", str(tmp_path / "x.pdf")]
    r = run(*args)
    assert r.exit_code == 2 and message in r.stderr
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(
    ("body", "where", "message"),
    [
        ('[crt-nine."1"]\n"20" = 2\n', "crt-nine", "unknown table 'crt-nine'"),
        ("[terrain.glacier]\nmp = 2\n", "terrain.glacier", "unknown row 'glacier'"),
        ("[terrain.desert]\nspeed = 2\n", "terrain.desert.speed", "unknown column 'speed'"),
        ("[terrain.woods]\nmp = 3\n", "terrain.woods.mp", "the rulebook prints this cell"),
        ('[crt-standard."1"]\n"20" = 3\n', "crt-standard.1.20", "the rulebook prints this cell"),
        (
            '[rail-capacity."great britain"]\ncapacity = "many"\n',
            "rail-capacity.great britain.capacity",
            "expected a whole number",
        ),
        ('format = "other/1"\n', "format", "expected format"),
        ("[terrain\n", "", "malformed TOML"),
    ],
)
def test_bad_values_file_exit_2_naming_file_and_key(tmp_path, body, where, message):
    """A values file only fills blank boxes (never a printed TEC or Fig 9 cell); anything it names that
    does not exist is an error naming the file and the key."""
    values = tmp_path / "my-values.toml"
    values.write_text(body)
    r = run("der-weltkrieg", "--out", str(tmp_path / "x.pdf"), "--values", str(values))
    assert r.exit_code == 2, r.output
    assert str(values) in r.stderr and message in r.stderr and f"{where}:" in r.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_missing_values_file_and_output_folder(tmp_path):
    r = run("der-weltkrieg", "--out", str(tmp_path / "a.pdf"), "--values", str(tmp_path / "none.toml"))
    assert r.exit_code == 2 and "no such chart values file" in r.stderr
    r = run("der-weltkrieg", "--out", str(tmp_path / "no" / "a.pdf"))
    assert r.exit_code == 2 and "the output folder does not exist" in r.stderr


def test_unwritable_output_folder(tmp_path, monkeypatch):
    """A folder the user may not write into (simulated: root may write anywhere) is exit 2 naming it."""
    import railhead.files

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(railhead.files.tempfile, "mkstemp", refuse)
    r = run("der-weltkrieg", "--out", str(tmp_path / "a.pdf"))
    assert (
        r.exit_code == 2 and "cannot write here: Permission denied" in r.stderr and str(tmp_path) in r.stderr
    )

"""`railhead charts RULESET --template F.toml`: a chart values file to fill in, with the printed cells
filled and every blank box a commented-out line saying what it is and its rule."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import railhead.files
from railhead.cli import main
from railhead.engine.rulesets.der_weltkrieg.crt import crt_result
from railhead.engine.values import read_chart_values, read_values
from railhead.errors import InputError
from railhead.exporters.charts.aids import build_tables
from railhead.exporters.charts.tables import BLANK
from railhead.exporters.charts.template import write_template

RULESET = "der-weltkrieg"


def run(*args: str):
    return CliRunner().invoke(main, ["charts", *args])


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    path = tmp_path_factory.mktemp("template") / "values.toml"
    r = run(RULESET, "--template", str(path))
    assert r.exit_code == 0, r.output
    assert f"wrote {path}" in r.stderr and "1029 blank boxes" in r.stderr
    return path


def test_template_reads_back_as_the_printed_cells(template):
    """Every table with a blank box is in the file with exactly the cells the rulebook prints;
    the blank boxes are comments, so reading the file gives the printed cells and nothing else."""
    tables = [t for t in build_tables(RULESET) if t.blanks()]
    assert {t.id for t in tables} == {"terrain", "rail-capacity", "crt-standard", "crt-1917", "nations"}
    printed = {
        t.id: {
            r.id: {c.id: r.cell(c.id) for c in t.columns if r.cell(c.id) not in (BLANK, "")} for r in t.rows
        }
        for t in tables
    }
    expected = {t: {r: cells for r, cells in rows.items() if cells} for t, rows in printed.items()}
    assert read_values(template) == {t: rows for t, rows in expected.items() if rows}
    assert read_values(template)["crt-standard"]["1"] == {"20": "2"}  # Fig 9
    assert read_values(template)["crt-standard"]["7"] == {"24": "6"}


def test_every_blank_box_is_a_placeholder_with_what_and_rule(template):
    text = template.read_text(encoding="utf-8")
    placeholders = re.findall(r"^# (\S+) =    # (.+); (.+)$", text, flags=re.M)
    blanks = sum(len(t.blanks()) for t in build_tables(RULESET))
    assert len(placeholders) == blanks == 1029
    assert all(what and rule for _, what, rule in placeholders)
    assert "# 24 =    # Die roll 5, column 24 (a whole number); R13-13, R13-17; the CRT card" in text
    assert "# mp =    # Terrain Desert, column MP to cross, most units; TEC: Osmanli Harbi 3-1" in text
    assert "# capacity =    # Country Great Britain, column Capacity (a whole number); R8-2" in text
    assert "# dm_max =    # Nation Germany, column DM track top (a whole number); R26-5" in text


def test_template_as_values_gives_the_same_pdf(template, tmp_path):
    plain, with_template = tmp_path / "plain.pdf", tmp_path / "template.pdf"
    assert run(RULESET, "--out", str(plain)).exit_code == 0
    r = run(RULESET, "--values", str(template), "--out", str(with_template))
    assert r.exit_code == 0, r.output
    assert plain.read_bytes() == with_template.read_bytes()


def test_a_filled_placeholder_is_used(template, tmp_path):
    """Uncommenting a line and writing a value fills the box on the aids and in the engine's CRT."""
    text = template.read_text(encoding="utf-8")
    text = re.sub(r"^# 24 =    # Die roll 5,", "24 = 4    # Die roll 5,", text, count=1, flags=re.M)
    text = re.sub(r"^# mp =    # Terrain Desert,", 'mp = "2"    # Terrain Desert,', text, count=1, flags=re.M)
    filled = tmp_path / "filled.toml"
    filled.write_text(text, encoding="utf-8")
    tables = {t.id: t for t in build_tables(RULESET, filled)}
    assert tables["crt-standard"].row("5").cell("24") == "4" and "24" in tables["crt-standard"].row("5").user
    assert tables["terrain"].row("desert").cell("mp") == "2"
    assert crt_result(24, 5, values=read_chart_values(filled)) == 4
    r = run(RULESET, "--list-blanks", "--values", str(filled))
    assert r.exit_code == 0 and "crt-standard.5.24" not in r.stdout.splitlines()
    assert len(r.stdout.splitlines()) == 1029 - 2

    # a template written from the filled file keeps the user's values and the other placeholders
    again = tmp_path / "again.toml"
    r = run(RULESET, "--values", str(filled), "--template", str(again))
    assert r.exit_code == 0, r.output
    assert read_values(again)["crt-standard"]["5"] == {"24": "4"}
    assert "1027 blank boxes" in r.stderr


def test_template_never_overwrites_its_input(tmp_path):
    """--template naming the --values file (or a link to it) is refused, the file untouched."""
    values = tmp_path / "mine.toml"
    values.write_text('[crt-standard."5"]\n"24" = 4\n')
    before = values.read_bytes()
    r = run(RULESET, "--values", str(values), "--template", str(values))
    assert r.exit_code == 2 and "is an input of the command" in r.stderr and str(values) in r.stderr
    link = tmp_path / "link.toml"
    link.symlink_to(values)
    r = run(RULESET, "--values", str(values), "--template", str(link))
    assert r.exit_code == 2 and "is an input of the command" in r.stderr
    assert values.read_bytes() == before
    r = run(RULESET, "--template", str(tmp_path / "a.pdf"), "--out", str(tmp_path / "a.pdf"))
    assert r.exit_code == 2 and "name the same file" in r.stderr
    assert not (tmp_path / "a.pdf").exists()


def test_template_bad_input_exit_2_and_nothing_written(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[terrain.glacier]\nmp = 2\n")
    out = tmp_path / "t.toml"
    r = run(RULESET, "--values", str(bad), "--template", str(out))
    assert r.exit_code == 2 and "unknown row 'glacier'" in r.stderr and not out.exists()
    r = run("nope", "--template", str(out))
    assert r.exit_code == 2 and "unknown ruleset 'nope'" in r.stderr and not out.exists()
    r = run(RULESET, "--template", str(tmp_path / "no" / "t.toml"))
    assert r.exit_code == 2 and "the output folder does not exist" in r.stderr
    r = run(RULESET, "--template", str(tmp_path))
    assert r.exit_code == 2 and "is a directory" in r.stderr
    with pytest.raises(InputError, match="found a folder"):
        write_template(RULESET, tmp_path)


def test_template_is_written_atomically(tmp_path, monkeypatch):
    """A write that fails half-way leaves the old file as it was and no temporary file behind."""
    out = tmp_path / "t.toml"
    out.write_text("old")

    def broken(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(railhead.files.os, "fsync", broken)
    with pytest.raises(InputError, match="cannot write here: No space left"):
        write_template(RULESET, out)
    assert out.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["t.toml"]


def test_template_json_summary(tmp_path):
    out = tmp_path / "t.toml"
    r = run(RULESET, "--template", str(out), "--json")
    assert r.exit_code == 0, r.output
    assert '"blanks": 1029' in r.stdout and '"tables": 5' in r.stdout and out.exists()

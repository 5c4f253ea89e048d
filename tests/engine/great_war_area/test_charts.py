"""``railhead charts great-war-area``: the player aids, their movement chart made from the engine's
own verdicts, equal to the spec's §3.1 table of per-step totals [9.3.1], [9.3.2], [9.4], [14]."""

from click.testing import CliRunner

from railhead.cli import main
from railhead.exporters.charts.aids import build_tables

SPEC_3_1 = {  # step: (Normal, Spring, Winter)
    "Regular, plain border": ("1", "2", "2"),
    "Regular, Operational Obstacle": ("2", "4", "4"),
    "Regular, Strategic Obstacle": ("2", "4", "prohibited"),
    "Restricted, plain border": ("2", "3", "3"),
    "Restricted, Operational Obstacle": ("3", "5", "5"),
    "Restricted, Strategic Obstacle": ("3", "5", "prohibited"),
}


def test_movement_chart_is_the_spec_table():
    t = next(t for t in build_tables("great-war-area") if t.id == "movement")
    got = {r.label: (r.cell("normal"), r.cell("spring"), r.cell("winter")) for r in t.rows}
    assert {k: got[k] for k in SPEC_3_1} == SPEC_3_1
    assert got["Regular -> Restricted, plain border"] == ("1", "2", "2")  # A1 default


def test_strategic_and_stacking_values():
    """[9.2.1] ½, [9.2.2] 1, [9.2.3] 10 %, [9.6] Army = 2 Corps, Marines 0."""
    by_id = {t.id: t for t in build_tables("great-war-area")}
    sm = by_id["strategic"]
    assert [sm.row(k).cell("nrc") for k in ("regular", "restricted", "cap")] == ["0.5", "1", "10 %"]
    st = by_id["stacking"]
    assert (st.row("army").cell("corps"), st.row("marine").cell("corps")) == ("2", "0")


def test_charts_command_writes_the_pdf(tmp_path):
    out = tmp_path / "aids.pdf"
    r = CliRunner().invoke(main, ["charts", "great-war-area", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_bytes()[:5] == b"%PDF-"

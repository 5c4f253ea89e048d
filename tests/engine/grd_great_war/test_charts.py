"""`railhead charts grd-great-war`: every value the text gives printed with its rule, a blank box for
every cell the engine reads from the chart-values file, and a template the engine takes back."""

from __future__ import annotations

from click.testing import CliRunner

from railhead.cli import main
from railhead.exporters.charts.aids import build_tables


def test_blank_boxes_are_the_cells_the_engine_reads():
    blanks = {f"{t.id}.{r}.{c}" for t in build_tables("grd-great-war") for r, c in t.blanks()}
    for cell in (
        "tec.rough.other_clear",
        "tec.clear.cm_artillery_clear",
        "zoc_costs.standard.reduced_cost",
        "rail_rates.operational.hexes_per_mp",
        "supply_lines.clear.overland",
        "supply_lines.clear.road",
        "voluntary_minimum.germany_standard.res",
    ):
        assert cell in blanks
    assert "tec.mountain.cm_artillery_clear" not in blanks  # printed: 6 [6]
    assert "supply_lines.mud.overland" not in blanks  # printed: 2 [14O3]


def test_printed_values_carry_their_rules():
    tables = {t.id: t for t in build_tables("grd-great-war")}
    mountain = tables["tec"].row("mountain")
    assert (
        mountain.cell("cm_artillery_clear"),
        mountain.cell("other_clear"),
        mountain.cell("exceptions_clear"),
    ) == ("6", "3", "2")
    assert tables["capacity"].row("transfer_max").cell("value") == "3"
    assert tables["capacity"].row("transfer_max").cell("rule") == "7A5d"
    assert tables["voluntary_minimum"].row("gb_standard").cell("res") == "90"


def test_template_filled_in_is_read_by_the_engine(tmp_path):
    r = CliRunner().invoke(main, ["charts", "grd-great-war", "--template", str(tmp_path / "t.toml")])
    assert r.exit_code == 0, r.output
    text = (tmp_path / "t.toml").read_text()
    assert "# hexes_per_mp =" in text
    text = text.replace("# hexes_per_mp =", "hexes_per_mp = 8 #")
    (tmp_path / "t.toml").write_text(text)
    from railhead.engine.values import read_chart_values

    assert read_chart_values(tmp_path / "t.toml").get("rail_rates", "operational", "hexes_per_mp") == "8"
    r = CliRunner().invoke(
        main,
        [
            "charts",
            "grd-great-war",
            "--values",
            str(tmp_path / "t.toml"),
            "--out",
            str(tmp_path / "aids.pdf"),
        ],
    )
    assert r.exit_code == 0, r.output
    assert (tmp_path / "aids.pdf").read_bytes().startswith(b"%PDF")

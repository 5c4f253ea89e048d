"""`railhead charts gmt-great-war`: the tables the rulebook gives, blanks where it prints nothing,
filled from the same chart-values file the engine reads (8.32, 9.11-9.52, 11.21, 12.12)."""

from gmt_helpers import U, board, geo, move

from railhead.engine.values import read_chart_values
from railhead.exporters.charts.aids import build_tables, write_aids

VALUES = """format = "railhead.chart-values/1"
[terrain.rough]
mp = 2
[weather_track."1916-07"]
e = "wet"
"""


def test_tables_and_blanks():
    """8.32: Rough has no printed cost; 9.11: 24 CP units in Europe; 12.12: Nov/Dec 1914 weather."""
    t = {x.id: x for x in build_tables("gmt-great-war")}
    assert set(t) == {
        "terrain",
        "weather-effects",
        "strategic-limits",
        "supply-ranges",
        "stacking",
        "weather_track",
    }
    assert ("rough", "mp") in t["terrain"].blanks()
    assert t["terrain"].row("mountain").cell("mp_mountain") == "1"
    assert t["strategic-limits"].row("cp_europe").cell("limit") == "24"
    assert t["strategic-limits"].row("allied_sea_near_east").cell("limit") == "3"
    assert t["supply-ranges"].row("hq_near_east").cell("hexes") == "6"
    nov = t["weather_track"].row("1914-11")
    assert [nov.cell(k) for k in ("wi", "e", "ie", "c")] == ["wet", "snow", "fair", "snow"]
    assert ("1916-07", "e") in t["weather_track"].blanks()


def test_one_values_file_for_charts_and_engine(tmp_path):
    """8.32, 12.11: the cell a chart leaves blank is the cell the engine asks for."""
    f = tmp_path / "values.toml"
    f.write_text(VALUES)
    t = {x.id: x for x in build_tables("gmt-great-war", f)}
    assert t["terrain"].row("rough").cell("mp") == "2"
    assert t["weather_track"].row("1916-07").cell("e") == "wet"
    m = geo(("caucasus",), terrain={"N3941": "rough"})
    units = [U("TU-1", "N3940", nation="tu")]
    b = board(m, units, values=read_chart_values(f), weather={"c": "fair"})
    assert move(b, "TU-1", "N3941").mp == 2


def test_rough_without_values_names_the_cell():
    """8.32: a move into Rough without the chart value fails naming the cell (exit 2 on the CLI)."""
    import pytest

    from railhead.engine.values import MissingChartValue

    m = geo(("caucasus",), terrain={"N3941": "rough"})
    b = board(m, [U("TU-1", "N3940", nation="tu")], weather={"c": "fair"})
    with pytest.raises(MissingChartValue) as exc:
        move(b, "TU-1", "N3941")
    assert "[terrain.rough]" in exc.value.message
    assert move(b, "TU-1", "N3939").legal  # moves elsewhere need no chart value


def test_pdf(tmp_path):
    out = tmp_path / "aids.pdf"
    write_aids("gmt-great-war", out, paper="a4")
    assert out.read_bytes()[:5] == b"%PDF-"

"""`railhead charts death-of-empires`: every value the text gives, boxes for the rest; the sample's
chart-values file fills the same boxes the engine reads."""

from railhead.engine.rulesets.death_of_empires.sample import write_sample
from railhead.exporters.charts.aids import build_tables, write_aids


def test_printed_cells_and_blank_boxes(tmp_path):
    tables = {t.id: t for t in build_tables("death-of-empires")}
    tec = tables["tec"]
    assert tec.row("clear").cell("L") == "1⅓" and tec.row("clear").cell("C") == "¾"  # 8.21.A, 8.21.C ex
    assert tec.row("woods").cell("I") == "1½" and tec.row("mountain").cell("M") == "P"  # 8.21.E, 8.21.B
    assert tec.row("swamp").cell("I") is None  # not in the Standard Rules: a box
    assert tables["road_tec"].row("primary").cell("C") == "¾"
    assert tables["rail"].row("single").cell("value") == "12"
    assert ("capacity", "be_per_day") in tables["station"].blanks()


def test_the_sample_values_fill_the_boxes(tmp_path):
    files = write_sample(tmp_path)
    tables = {t.id: t for t in build_tables("death-of-empires", files["values"])}
    assert tables["tec"].row("swamp").cell("I") == "3"
    assert tables["supply_range"].row("main_depot").cell("hexes") == "6"
    out = tmp_path / "aids.pdf"
    write_aids("death-of-empires", out, values_file=files["values"])
    assert out.read_bytes().startswith(b"%PDF")

"""The generic table layout: a table too big for the page is split across pages (rows) and into
column groups that repeat the row labels — never set below 7 pt; wrapping never overflows a column."""

from __future__ import annotations

import re
from collections import Counter

import pdfplumber
import pytest

from railhead.exporters.charts.aids import write_blocks
from railhead.exporters.charts.layout import Style, column_groups, fit_widths, wrap
from railhead.exporters.charts.pdf import MIN_FONT_PT, paper_size, text_width
from railhead.exporters.charts.tables import BLANK, Aids, Column, Row, Table, Track, TrackSheet

N_COLS, N_ROWS = 16, 40


def oversized() -> Table:
    """16 value columns with long headers and 40 rows, some cells long enough to wrap, some blank."""
    cols = [Column(f"c{j}", f"Column header number {j}") for j in range(N_COLS)]
    rows = []
    for i in range(N_ROWS):
        cells = {
            c.id: (
                BLANK
                if (i + j) % 7 == 0
                else f"v{i}x{j}" + (" with more words to wrap" if j % 9 == 0 else "")
            )
            for j, c in enumerate(cols)
        }
        rows.append(Row(f"r{i}", f"Row {i}", cells))
    return Table("big", "Oversized table", "Row", cols, rows, ["A note (R1-1)."])


@pytest.fixture(scope="module", params=["a4"])
def big_pdf(request, tmp_path_factory):
    path = tmp_path_factory.mktemp("big") / f"big-{request.param}.pdf"
    pages = write_blocks(path, Aids("Oversized", [oversized()]), paper_size(request.param))
    with pdfplumber.open(path) as pdf:
        yield (
            pages,
            [
                {"chars": p.chars, "text": p.extract_text(), "width": p.width, "height": p.height}
                for p in pdf.pages
            ],
        )


def test_an_oversized_table_is_split_not_shrunk(big_pdf):
    """The table needs many pages; every character is at least 7 pt and inside the page."""
    pages, read = big_pdf
    assert pages == len(read) > 4
    for page in read:
        sizes = {round(c["size"], 2) for c in page["chars"]}
        assert min(sizes) >= MIN_FONT_PT
        assert all(c["x0"] >= 0 and c["x1"] <= page["width"] for c in page["chars"])
        assert all(c["bottom"] <= page["height"] and c["top"] >= 0 for c in page["chars"])


def test_splitting_loses_and_repeats_no_cell(big_pdf):
    """Every cell value is printed exactly once; every row label is printed once per column group."""
    _, read = big_pdf
    text = "\n".join(p["text"] for p in read)
    found = Counter(re.findall(r"\bv\d+x\d+\b", text))
    table = oversized()
    expected = {
        (r.cell(c.id) or "").split()[0]
        for r in table.rows
        for c in table.columns
        if r.cell(c.id) is not BLANK
    }
    assert set(found) == expected and set(found.values()) == {1}
    groups = len(re.findall(r"Oversized table \(columns", text))
    assert groups > 1  # wider than the page: column groups, each titled with its columns
    labels = Counter(re.findall(r"^Row (\d+)\b", text, flags=re.M))
    n_groups = len({m for m in re.findall(r"columns (Column header number \d+)", text)})
    assert n_groups > 1
    assert set(labels.values()) == {n_groups}


def test_wrap_keeps_every_line_inside_its_width():
    text = "supercalifragilisticexpialidocious and other rather long words " * 3
    for width in (20, 45, 80, 200):
        lines = wrap(text, width, 8.0)
        assert all(text_width(line, 8.0) <= width + 1e-6 for line in lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_column_fitting_stays_inside_the_page():
    label, usable = 60.0, 500.0
    widest, narrowest = [200.0, 180.0, 150.0], [40.0, 50.0, 30.0]
    widths = fit_widths(label, widest, narrowest, usable)
    assert abs(label + sum(widths) - usable) < 1e-6
    assert all(n <= w <= x for w, n, x in zip(widths, narrowest, widest, strict=True))
    assert fit_widths(label, [50.0, 50.0], [20.0, 20.0], usable) == [50.0, 50.0]
    assert column_groups(label, [200.0, 200.0, 200.0], usable) == [[0, 1], [2]]


def test_no_style_below_7_pt():
    with pytest.raises(ValueError, match="below 7"):
        Style(body=6.5)


def test_track_sheet_numbers_every_box(tmp_path):
    """A track 0…25 wraps onto a second line of boxes when the page is too narrow for it; a track
    with no known top is a box to write it in."""
    sheet = TrackSheet("t", "Tracks", [Track("Long", 45, "R8-1"), Track("Unknown", None, "R8-2")])
    path = tmp_path / "t.pdf"
    write_blocks(path, Aids("T", [sheet]), paper_size("a4"))
    with pdfplumber.open(path) as pdf:
        words = [w["text"] for w in pdf.pages[0].extract_words()]
        text = pdf.pages[0].extract_text()
    assert [str(n) for n in range(46)] == [w for w in words if w.isdigit()][:46]
    assert "write it here" in text


def test_labelled_track_boxes_and_cell_swatches(tmp_path):
    """A track may label its boxes (months, phases: R5's Turn Record Track): each label sits inside its
    own box, widened to fit; an unknown top names what to write; a row's swatch is a small filled
    square of its colour inside its cell (R50's colour key)."""
    phases = ["Reinforcement Arrival", "Movement", "Combat"]
    sheet = TrackSheet(
        "t",
        "Tracks",
        [Track("Phase", None, "R5", boxes=phases), Track("Year", None, "R5", blank="year not given")],
        new_page=False,
    )
    table = Table(
        "c",
        "Colours",
        "Nation",
        [Column("swatch", "Swatch")],
        [Row("b", "Belgium", {"swatch": ""}, swatches={"swatch": (0.1, 0.5, 0.2)})],
    )
    path = tmp_path / "t.pdf"
    write_blocks(path, Aids("T", [sheet, table]), paper_size("a4"))
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        text, words, rects = page.extract_text(), page.extract_words(), page.rects
    assert "Phase (R5) Reinforcement Arrival Movement Combat" in text
    assert "year not given (R5): write it here" in text
    first = [w for w in words if w["text"] in {"Reinforcement", "Arrival"}]
    box = next(
        r
        for r in rects
        if r["x0"] <= first[0]["x0"]
        and r["x1"] >= first[-1]["x1"]
        and r["top"] <= first[0]["top"] <= r["bottom"]
    )
    assert box["width"] < 200  # its own box, not the page
    filled = [r for r in rects if r["fill"] and r["width"] < 16]
    assert len(filled) == 1 and tuple(round(c, 2) for c in filled[0]["non_stroking_color"]) == (0.1, 0.5, 0.2)

"""Der Weltkrieg player aids (`railhead charts der-weltkrieg`): what is printed where, read back from
the PDF itself (pdfplumber word positions, pdftoppm renders, pdffonts)."""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from railhead.errors import InputError
from railhead.exporters.charts.aids import build_aids, write_aids
from railhead.exporters.charts.pdf import MIN_FONT_PT, PAPER
from railhead.exporters.charts.tables import BLANK, Table

RULESET = "der-weltkrieg"
VALUES = """\
format = "railhead.chart-values/1"
[terrain.desert]
mp = 2
attack = "-1 DR"
[rail-capacity."great britain"]
capacity = 6
[crt-standard."3"]
"20" = 4
[nations.germany]
dm_max = 30
"""


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("aids")
    out = {}
    for paper in PAPER:
        out[paper] = write_aids(RULESET, d / f"aids-{paper}.pdf", paper=paper).path
    values = d / "values.toml"
    values.write_text(VALUES)
    out["values"] = write_aids(RULESET, d / "aids-values.pdf", values_file=values).path
    return out


# ------------------------------------------------------------------ reading a table back from the page
def _lines(words: list[dict]) -> list[list[dict]]:
    """Words grouped into lines (same top), left to right."""
    lines: list[list[dict]] = []
    for w in sorted(words, key=lambda w: (round(w["top"], 1), w["x0"])):
        if lines and abs(lines[-1][0]["top"] - w["top"]) < 1.0:
            lines[-1].append(w)
        else:
            lines.append([w])
    return lines


def _segment_starts(line: list[dict], gap: float = 5.0) -> list[float]:
    """x of each run of words on a line separated by more than a word space (a new cell)."""
    starts = [line[0]["x0"]]
    for a, b in zip(line, line[1:], strict=False):
        if b["x0"] - a["x1"] > gap:
            starts.append(b["x0"])
    return starts


def read_table(pdf_path: Path, table: Table) -> dict[tuple[str, str], str]:
    """Cell text by (row id, column id) as printed: each column's x span comes from its header words,
    each row's y band from its label words; a cell is the words inside both. Follows the table over
    page breaks and column groups (each group repeats the row labels)."""
    cells: dict[tuple[str, str], str] = {}
    labels = {r.label for r in table.rows}
    found: dict[tuple[str, ...], set[str]] = {}  # row ids read so far, by column group
    for width, height, words in _page_words(pdf_path):
        text_lines = _lines(words)
        heads = [
            i for i, ln in enumerate(text_lines) if " ".join(w["text"] for w in ln).startswith(table.title)
        ]
        for h in heads:
            # the header row: the line(s) right under the title, up to the first row label
            k = h + 1
            header_lines = []
            while (
                k < len(text_lines) and " ".join(w["text"] for w in _first_cell(text_lines[k])) not in labels
            ):
                header_lines.append(text_lines[k])
                k += 1
            edges = sorted({round(x, 1) for ln in header_lines for x in _segment_starts(ln)})
            header_words = [w for ln in header_lines for w in ln]
            columns = []
            for j, x in enumerate(edges):
                right = edges[j + 1] if j + 1 < len(edges) else width
                text = " ".join(w["text"] for w in header_words if x - 0.5 <= w["x0"] < right - 0.5)
                columns.append((text, x, right))
            assert columns[0][0] == table.label_header
            by_header = {c.header: c.id for c in table.columns}
            # rows: label lines at the label column's x, until the table ends
            rows: list[tuple[str, float]] = []
            label_lines = [ln for ln in text_lines[k:] if abs(ln[0]["x0"] - edges[0]) < 0.6]
            pending, top = "", None
            done = found.setdefault(tuple(text for text, _, _ in columns), set())
            expected = iter([r for r in table.rows if r.id not in done])  # rows continue on a new page
            want = next(expected, None)
            for ln in label_lines:
                first = " ".join(w["text"] for w in _first_cell(ln))
                if want is None:
                    break
                pending = f"{pending} {first}".strip()
                top = ln[0]["top"] if top is None else top
                if pending == want.label:
                    rows.append((want.id, top))
                    pending, top = "", None
                    want = next(expected, None)
                elif not want.label.startswith(pending):
                    # not this table's rows any more (a later block on the page), or rows that
                    # continue on the next page
                    expected = iter([r for r in table.rows if r.id not in {rid for rid, _ in rows}])
                    break
            # the table ends where text starts left of the cells (notes, the next title)
            end = min(
                (w["top"] for w in words if rows and w["top"] > rows[-1][1] and w["x0"] < edges[0] - 1.5),
                default=height,
            )
            done.update(rid for rid, _ in rows)
            bottoms = [t for _, t in rows[1:]] + [end] if rows else []
            for (row_id, top), bottom in zip(rows, bottoms, strict=True):
                band = [w for w in words if top - 1 <= w["top"] < bottom - 1]
                band.sort(key=lambda w: (round(w["top"]), w["x0"]))
                for text, x, right in columns[1:]:
                    inside = [w["text"] for w in band if x - 0.5 <= w["x0"] and w["x1"] <= right]
                    cells[(row_id, by_header[text])] = " ".join(inside)
    return cells


@functools.cache
def _pages(pdf_path: Path) -> list[dict]:
    """Each page read once: size, chars, words, text."""
    with pdfplumber.open(pdf_path) as pdf:
        return [
            {
                "width": p.width,
                "height": p.height,
                "chars": p.chars,
                "words": p.extract_words(),
                "text": p.extract_text(),
                "rects": p.rects,
            }
            for p in pdf.pages
        ]


def _page_words(pdf_path: Path) -> list[tuple[float, float, list[dict]]]:
    return [(p["width"], p["height"], p["words"]) for p in _pages(pdf_path)]


def _text(pdf_path: Path) -> str:
    return "\n".join(p["text"] for p in _pages(pdf_path))


def _first_cell(line: list[dict]) -> list[dict]:
    """The words of a line up to the first cell gap."""
    out = [line[0]]
    for a, b in zip(line, line[1:], strict=False):
        if b["x0"] - a["x1"] > 5.0:
            break
        out.append(b)
    return out


def _numbers(text: str) -> list[str]:
    return re.findall(r"[-+]?\d+(?:/\d+)?", text)


# ------------------------------------------------------------------ the terrain chart
@pytest.mark.parametrize("paper", list(PAPER))
def test_every_terrain_chart_number_is_in_its_row_and_column(pdfs, paper):
    """Every cell of the Terrain Effects Chart (TEC, back of the rulebook, R3) is printed inside its
    row's band and its column header's span: the text read back there is the cell's text, so every
    number in it is where it belongs; blank boxes have no text."""
    table = build_aids(RULESET).table("terrain")
    cells = read_table(pdfs[paper], table)
    checked = 0
    for row in table.rows:
        for col in table.columns:
            value = row.cell(col.id)
            got = cells[(row.id, col.id)]
            if value is BLANK:
                assert got == "", (row.id, col.id, got)
                continue
            assert got == " ".join(value.split()), (row.id, col.id)
            for n in _numbers(value):
                assert n in _numbers(got)
                checked += 1
    assert checked > 50


def test_terrain_chart_values_are_the_rulebooks(pdfs):
    """Spot checks against the printed TEC: woods 2 MP / -2 DR / +1 DR, wooded rough 4 MP, mountain
    6 MP and halve attacker, river +1 MP; mountain units pay 1 less across wooded rough and mountain
    (R32-1). Desert is not printed (TEC refers to Osmanli Harbi 3-1…3-4): blank boxes."""
    cells = read_table(pdfs["a4"], build_aids(RULESET).table("terrain"))
    assert (cells[("woods", "mp")], cells[("woods", "attack")], cells[("woods", "counterattack")]) == (
        "2",
        "-2 DR",
        "+1 DR",
    )
    assert cells[("wooded_rough", "mp")] == "4" and cells[("wooded_rough", "mp_mountain")] == "3"
    assert cells[("mountain", "mp")] == "6" and cells[("mountain", "mp_mountain")] == "5"
    assert cells[("mountain", "attack")] == "Halve attacker"
    assert cells[("river", "mp")] == "+1"
    assert cells[("desert", "mp")] == "" and cells[("desert", "attack")] == ""


def test_blank_cells_are_drawn_as_boxes(pdfs):
    """An unprinted cell is an empty box to fill in (a small rectangle inside the cell), not a dash or
    a guess: page 1 has one per blank terrain cell."""
    table = build_aids(RULESET).table("terrain")
    boxes = [r for r in _pages(pdfs["a4"])[0]["rects"] if r["width"] < 20 and r["height"] < 15]
    assert len(boxes) == len(table.blanks()) == 8


def test_the_crt_split_across_column_groups_keeps_fig9_cells_in_place(pdfs):
    """The CRT (50 columns, R13-19) is wider than a page: it is split into column groups that repeat
    the die-roll column, and the two cells Fig 9 shows stay in their places: column 20, roll 1 → 2;
    column 24, roll 7 → 6. Every other cell is an empty box (R3: the CRT is a separate card)."""
    table = build_aids(RULESET).table("crt-standard")
    cells = read_table(pdfs["a4"], table)
    assert cells[("1", "20")] == "2" and cells[("7", "24")] == "6"
    assert len(cells) == len(table.rows) * len(table.columns)
    assert sum(1 for v in cells.values() if v) == 2


def test_user_values_fill_blank_boxes_and_the_track_sheet(pdfs):
    """A values file fills only blank boxes: Desert MP 2 appears in its cell, Great Britain's rail
    capacity (not given by the rules, R8-2) becomes a numbered 0…6 track."""
    aids = build_aids(RULESET, None)
    cells = read_table(pdfs["values"], aids.table("terrain"))
    assert cells[("desert", "mp")] == "2" and cells[("desert", "attack")] == "-1 DR"
    crt = read_table(pdfs["values"], aids.table("crt-standard"))
    assert crt[("3", "20")] == "4"
    text = _text(pdfs["values"])
    blue = [
        c
        for p in _pages(pdfs["values"])
        for c in p["chars"]
        if c["text"] == "6" and c["non_stroking_color"] != (0, 0, 0)
    ]
    assert "Great Britain (values file) 0 1 2 3 4 5 6" in text
    assert blue, "user values are drawn in their own colour"
    assert "Values in blue come from the user's values file" in text


# ------------------------------------------------------------------ the rest of the chart inventory (§8.13)
def test_retreat_priorities_are_r14_8_in_order(pdfs):
    """Retreat priorities (R14-8): 1 not enemy controlled and closer, 3 enemy controlled but with
    friendly ground combat units and closer, 5 not controlled and farther, 7 controlled without friendly
    units, as close as possible, which forces a column attack (R14-9)."""
    cells = read_table(pdfs["a4"], build_aids(RULESET).table("retreat-priorities"))
    assert (cells[("1", "controlled")], cells[("1", "distance")]) == ("no", "closer")
    assert cells[("3", "controlled")] == "yes, occupied by friendly ground combat units"
    assert cells[("4", "distance")] == "same distance"
    assert (cells[("5", "controlled")], cells[("5", "distance")]) == ("no", "farther")
    assert cells[("7", "controlled")] == "yes, no friendly ground combat units"
    assert cells[("7", "distance")] == "as close as possible"
    assert cells[("7", "rule")] == "R14-8; R14-9" and cells[("2", "rule")] == "R14-8"


def test_nation_summary_rows_hold_their_nation_rules(pdfs):
    """Nation summary (spec Appendix A): German rail capacity 20 (R37-1), British left to the scenario
    (R8-2, blank box); Austria-Hungary retreats at 1/3 until the end of 1915 (R40-4) but 1/2 with
    Germans (R40-5) and keeps its whole loss (R40-6), as Italy (R42-3); Romania 1/3 always (R47-2);
    Ottoman HQs supply Germans and Austro-Hungarians in Palestine (R46-4); Belgium has no DM in
    campaign games (R26-2); Serbian infantry is mountain infantry (R43-5); Russian fortresses lose 6 a
    turn surrounded (R41-4)."""
    aids = build_aids(RULESET)
    cells = read_table(pdfs["a4"], aids.table("nations"))
    assert cells[("germany", "rail")] == "20 (R37-1)" and cells[("germany", "side")] == "Central Powers"
    assert cells[("great britain", "rail")] == "" and cells[("great britain", "side")] == "Entente"
    ah = cells[("austria-hungary", "retreat")]
    assert (
        ah.startswith("1/3 until the end of 1915 (R40-4)") and "1/2 when stacked with Germans (R40-5)" in ah
    )
    assert cells[("austria-hungary", "loss")] == "no (R40-6)" and cells[("italy", "loss")] == "no (R42-3)"
    assert cells[("france", "loss")] == "yes: 2/3 of the loss (R14-3)"
    assert cells[("romania", "retreat")].startswith("1/3 always (R47-2)")
    assert cells[("france", "retreat")] == "1/2 (R14-4)"
    assert cells[("ottoman", "supplies")].endswith("Palestinian Front (R46-4)")
    assert cells[("belgium", "dm")] == "not in campaign games (R26-2)"
    assert cells[("germany", "dm_max")] == ""
    other = read_table(pdfs["a4"], aids.table("nation-rules"))
    assert other[("serbia", "mountain")] == "All infantry (R43-5)"
    assert other[("belgium", "mountain")] == "—"
    assert "lose 6 strength points each turn surrounded" in other[("russia", "other")]
    assert "(R41-4)" in other[("russia", "other")] and "(R37-5)" in other[("germany", "other")]


def test_calendar_triggers_keep_their_dates_and_rules(pdfs):
    """Calendar triggers (spec Appendix B): the "1917 and Later" CRT from turn 1 of January 1917
    (R13-26); winter from turn 1 of December to the end of turn 7 of February with thresholds 3 and 6
    (R34-1…R34-3); open cities in August–September 1914 with fortresses of at most 8 (R21-12); gauge
    conversion April–October on odd turns (R9-11)."""
    table = build_aids(RULESET).table("calendar")
    assert table.row("crt_1917").label == "From turn 1 of January 1917"
    cells = read_table(pdfs["a4"], table)
    assert cells[("crt_1917", "effect")] == '"1917 and Later" Combat Results Table'
    assert cells[("crt_1917", "rule")] == "R13-26"
    assert cells[("winter", "effect")].startswith("Supply line over 3 MP (attack) or 6 MP (counterattack)")
    assert cells[("winter", "rule")].startswith("R34-1; R34-2; R34-3")
    assert "at most 8 strength points" in cells[("open_city", "effect")]
    assert cells[("open_city", "rule")] == "R21-12"
    assert cells[("gauge", "rule")] == "R9-11"


def test_unit_colour_key_names_each_colour_with_a_swatch(pdfs):
    """Unit colour key (R50): Germany grey (R50-1), Belgium black (R50-8), USA olive green (R50-15);
    each row has a small filled swatch, Belgium's black one inside Belgium's row."""
    table = build_aids(RULESET).table("colours")
    cells = read_table(pdfs["a4"], table)
    assert (cells[("germany", "colour")], cells[("germany", "rule")]) == ("grey", "R50-1")
    assert (cells[("belgium", "colour")], cells[("belgium", "rule")]) == ("black", "R50-8")
    assert (cells[("usa", "colour")], cells[("usa", "rule")]) == ("olive green", "R50-15")
    assert cells[("ottoman", "colour")] == "deep red" and "Jandarma" in cells[("ottoman", "marks")]
    page = next(p for p in _pages(pdfs["a4"]) if p["text"].startswith("Unit colour key"))
    swatches = [r for r in page["rects"] if r["fill"] and r["width"] < 16 and r["height"] < 16]
    assert len(swatches) == len(table.rows)
    belgium = next(w for w in page["words"] if w["text"] == "Belgium")
    black = [r for r in swatches if tuple(r["non_stroking_color"] or ()) in {(0,), (0, 0, 0)}]
    assert len(black) == 1 and abs(black[0]["top"] - belgium["top"]) < 6


def test_turn_record_and_demoralization_tracks(pdfs):
    """Scenario Turn Record Track (R5): months, Special Turn then turns 1–7, the Special Turn's two
    phases (R22-5, R22-1) and the 8 phases of a normal turn. Demoralization Point Track (R26): the
    rulebook gives no maximum (R26-5), so each country has a box to write it in; a values file's
    maximum makes a numbered track (Germany 0…30)."""
    text = _text(pdfs["a4"])
    assert "Month (R5) Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec" in text
    assert "Turn (R5) Special 1 2 3 4 5 6 7" in text
    assert "1. Trench Construction Completion 2. Trench Construction Initiation" in text
    for phase in ("CP Reinforcement Arrival", "CP Movement", "Entente Combat", "Entente Replacement"):
        assert phase in text
    assert "Demoralization Point Track" in text
    assert "Germany DM maximum not given by the rules (R26-5): write it here" in text
    values = " ".join(_text(pdfs["values"]).split())  # the 31 boxes take two lines
    assert "Germany (values file) " + " ".join(str(n) for n in range(31)) in values


# ------------------------------------------------------------------ the whole document
def test_pages_have_the_paper_size(pdfs):
    """A4 is 595 x 842 pt, Letter 612 x 792 pt; every page of each document has its size."""
    for paper, (w, h) in PAPER.items():
        pages = _pages(pdfs[paper])
        assert len(pages) >= 8
        for page in pages:
            assert (round(page["width"]), round(page["height"])) == (round(w), round(h))


def test_no_text_is_smaller_than_7_pt_and_nothing_leaves_the_page(pdfs):
    for path in pdfs.values():
        for page in _pages(path):
            assert page["chars"]
            assert min(c["size"] for c in page["chars"]) >= MIN_FONT_PT - 1e-6
            assert all(c["x0"] >= 0 and c["x1"] <= page["width"] for c in page["chars"])


def test_fonts_are_embedded(pdfs):
    """Every font is an embedded TrueType subset (FontFile2), none of the standard 14."""
    data = pdfs["a4"].read_bytes()
    fonts = re.findall(rb"/BaseFont /(\S+)", data)
    assert fonts and all(b"+DejaVuSans" in f for f in fonts)
    assert data.count(b"/FontFile2") == len(set(fonts))
    if shutil.which("pdffonts"):
        out = subprocess.run(["pdffonts", str(pdfs["a4"])], capture_output=True, text=True, check=True).stdout
        rows = out.splitlines()[2:]
        assert rows and all(r.split()[-5] == "yes" for r in rows)


@pytest.mark.needs_tools("pdftoppm")
def test_every_page_renders_with_ink(pdfs, tmp_path):
    """pdftoppm renders each page; none is blank (some dark pixels, mostly paper)."""
    subprocess.run(
        ["pdftoppm", "-r", "30", "-gray", "-png", str(pdfs["a4"]), str(tmp_path / "p")], check=True
    )
    pngs = sorted(tmp_path.glob("p-*.png"))
    assert len(pngs) == len(_pages(pdfs["a4"]))
    for png in pngs:
        hist = Image.open(png).convert("L").histogram()
        dark = sum(hist[:128]) / sum(hist)
        assert 0.005 < dark < 0.5, (png.name, dark)


def test_same_input_same_bytes(tmp_path):
    a = write_aids(RULESET, tmp_path / "a.pdf").path.read_bytes()
    b = write_aids(RULESET, tmp_path / "b.pdf").path.read_bytes()
    assert a == b


def test_cards_keep_the_rule_numbers(pdfs):
    """Sequence of play (R5), supply card (R19) and Supply Tracks (R17-4), rule numbers kept; the
    supply-line thresholds are the data's: 4 / 8 MP (R19-9, R19-10), winter 3 / 6 (R34-2, R34-3);
    rail capacity Germany 20 (R37-1) with a 0…20 track."""
    text = _text(pdfs["a4"])
    for needle in (
        "Sequence of play",
        "Monthly Special Turn",
        "R22-5",
        "Supply card",
        "R19-15",
        "R5; R6-3; R16-1",
    ):
        assert needle in text
    assert "Normal 4 8 R19-9; R19-10" in text and "Winter turns 3 6 R34-2; R34-3" in text
    assert "Germany (R37-1) " + " ".join(str(n) for n in range(21)) in text
    # Supply Tracks (R17-4, R17-5): one per side, HQ lines numbered 0…100
    for side in ("Central Powers", "Entente"):
        assert f"Supply Track: {side}" in text
    assert "97 98 99 100" in text


def test_unknown_ruleset_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="unknown ruleset 'nope'"):
        write_aids("nope", tmp_path / "x.pdf")


def test_an_aids_module_without_assemble_gets_its_tables_under_the_rulesets_name(tmp_path, monkeypatch):
    """A ruleset's aids module needs only ``tables()``; the core puts them in order under the
    ruleset's name."""
    import sys

    from railhead.engine.registry import RulesetEntry, register, unregister
    from railhead.exporters.charts.aids import build_aids

    (tmp_path / "plain_aids.py").write_text(
        "from railhead.exporters.charts.der_weltkrieg import tables as dw_tables\n"
        "def tables():\n    return dw_tables()[:2]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    register(RulesetEntry("plain", "railhead.engine.rulesets.der_weltkrieg.hooks:RULESET", aids="plain_aids"))
    try:
        aids = build_aids("plain")
    finally:
        unregister("plain")
        sys.modules.pop("plain_aids", None)
    from railhead.engine.registry import get_ruleset
    from railhead.exporters.charts.der_weltkrieg import tables as dw_tables

    assert aids.title == f"{get_ruleset('der-weltkrieg').name}: player aids"
    assert [t.id for t in aids.tables()] == [t.id for t in dw_tables()[:2]]

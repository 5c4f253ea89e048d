"""`railhead print-map`: a tiled map print at true scale that reassembles into the map.

Pages are rendered with pdftoppm (installed by `make test`); the reassembly test finds the
registration marks on each rendered tile with OpenCV, lays the tiles over each other at the marks and
compares where hexes land with the whole map rendered directly at the same scale.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
from collections import deque
from pathlib import Path

import cv2
import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image

from railhead.cli import main
from railhead.engine.rulesets.der_weltkrieg.sample import sample_state
from railhead.errors import InputError
from railhead.exporters.charts.mapprint import print_map, read_scan
from railhead.exporters.charts.pdf import MM, PAPER
from railhead.exporters.charts.tiles import DEFAULT_HEX_MM, plan_tiles, print_scale
from railhead.exporters.mapview import MapCanvas, MapPicture, SheetShape
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map

DPI = 100
PX_PER_MM = DPI / 25.4
needs_poppler = pytest.mark.needs_tools("pdftoppm", "pdffonts")  # skips, or fails under CI=true


def render(pdf: Path, out_dir: Path, dpi: int = DPI) -> list[np.ndarray]:
    """Every page of ``pdf`` as an RGB array, rendered by pdftoppm."""
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(out_dir / "p")], check=True)
    pages = sorted(out_dir.glob("p-*.png"), key=lambda p: int(p.stem.split("-")[1]))
    return [cv2.cvtColor(cv2.imread(str(p)), cv2.COLOR_BGR2RGB) for p in pages]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("print")
    m = sample_map()
    write_mapdata(m, d / "map.json")
    (d / "state.json").write_text(json.dumps(sample_state(m)))
    return d, m


@pytest.fixture(scope="module", params=["a4", "letter"])
def printed(request, files, tmp_path_factory):
    d, m = files
    out = d / f"map-{request.param}.pdf"
    summary = print_map(m, out, paper=request.param)
    pages = render(out, tmp_path_factory.mktemp(request.param)) if shutil.which("pdftoppm") else []
    return request.param, out, summary, pages


# ------------------------------------------------------------------------------- pages
@needs_poppler
def test_every_page_renders_not_blank_on_its_paper(printed):
    paper, out, summary, pages = printed
    assert len(pages) == summary["pages"] == len(summary["tiles"]) + 1 >= 2
    for img in pages:
        grey = img.mean(axis=2)
        assert (grey < 200).mean() > 0.05, "page is (almost) blank"
        assert len(np.unique(img.reshape(-1, 3)[::7], axis=0)) > 50
    w, h = PAPER[paper]
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == summary["pages"]
        for page in pdf.pages:
            assert sorted([page.width, page.height]) == pytest.approx(sorted([w, h]), abs=0.5)


@needs_poppler
def test_fonts_are_embedded(printed):
    _, out, _, _ = printed
    listing = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
    rows = listing.splitlines()[2:]
    assert rows, "no fonts at all: the hex ids and labels are missing"
    for row in rows:
        assert "TrueType" in row and " yes yes " in row, row  # embedded subset


def test_same_input_same_bytes(files, tmp_path):
    _, m = files
    print_map(m, tmp_path / "a.pdf", paper="letter")
    print_map(m, tmp_path / "b.pdf", paper="letter")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.pdf"]  # no temporary left


# ------------------------------------------------------------------------------- reassembly
def _mark_template() -> np.ndarray:
    """The registration mark as printed (ring and cross on a 3 mm white disc), drawn independently;
    the square inside the disc only, so what is printed around the mark does not matter."""
    r = 3 * PX_PER_MM
    size = 2 * int(r / np.sqrt(2)) + 1
    c = size // 2
    tpl = np.full((size, size), 255, np.uint8)
    cv2.circle(tpl, (c, c), int(round(0.62 * r)), 0, 1, cv2.LINE_AA)
    cv2.line(tpl, (int(c - r), c), (int(c + r), c), 0, 1, cv2.LINE_AA)
    cv2.line(tpl, (c, int(c - r)), (c, int(c + r)), 0, 1, cv2.LINE_AA)
    return tpl


def find_marks(img: np.ndarray) -> np.ndarray:
    """Centres (x, y) in page pixels of the registration marks found on a rendered page."""
    grey = cv2.cvtColor(img, cv2.COLOR_RGB2GRAY)
    tpl = _mark_template()
    res = cv2.matchTemplate(grey, tpl, cv2.TM_CCOEFF_NORMED)
    out = []
    while True:
        _, score, _, (x, y) = cv2.minMaxLoc(res)
        if score < 0.6:
            break
        # sub-pixel peak from the parabola through the neighbours
        dx = dy = 0.0
        if 0 < x < res.shape[1] - 1 and 0 < y < res.shape[0] - 1:
            lo, c, hi = res[y, x - 1], res[y, x], res[y, x + 1]
            dx = 0.5 * (lo - hi) / (lo - 2 * c + hi) if (lo - 2 * c + hi) else 0.0
            u, d = res[y - 1, x], res[y + 1, x]
            dy = 0.5 * (u - d) / (u - 2 * c + d) if (u - 2 * c + d) else 0.0
        out.append((x + dx + tpl.shape[1] // 2, y + dy + tpl.shape[0] // 2))
        k = int(5 * PX_PER_MM)
        res[max(0, y - k) : y + k, max(0, x - k) : x + k] = -1
    return np.array(out)


def _strip_marks(found: np.ndarray, axis: int, start: float, length: float) -> np.ndarray:
    """The two marks nearest a third and two thirds along a strip, in order along it."""
    targets = [start + length / 3, start + 2 * length / 3]
    return np.array([found[np.argmin(np.abs(found[:, axis] - t))] for t in targets]) if len(found) else found


def assemble(pages: list[np.ndarray], layout) -> tuple[dict, list[float]]:
    """Page offset of every tile in one mosaic (tile A1 at 0), from the marks alone; and the
    error of the distance between the two marks of each shared strip, mm."""
    left = layout.margin_mm * PX_PER_MM
    top = layout.margin_mm * PX_PER_MM
    cw, ch = (v * PX_PER_MM for v in layout.content_mm)
    ovx, ovy = (v * PX_PER_MM for v in layout.overlap_xy)
    marks = {(t.row, t.col): find_marks(pages[k + 1]) for k, t in enumerate(layout.tiles())}
    links, spans = {}, []
    for (r, c), found in marks.items():
        for (dr, dc), mine, theirs in (
            ((0, 1), lambda p: p[:, 0] > left + cw - ovx, lambda p: p[:, 0] < left + ovx),
            ((1, 0), lambda p: p[:, 1] > top + ch - ovy, lambda p: p[:, 1] < top + ovy),
        ):
            other = marks.get((r + dr, c + dc))
            if other is None:
                continue
            a, b = found[mine(found)], other[theirs(other)]
            axis = 1 if dc else 0
            # the strip's own two marks, a third and two thirds along it (where tiles overlap
            # widely, a neighbouring strip's marks show on this tile too)
            along = (top, ch) if dc else (left, cw)
            a, b = (_strip_marks(p, axis, *along) for p in (a, b))
            assert len(a) == len(b) == 2, f"tile {(r, c)}: expected 2 shared marks, found {len(a)}, {len(b)}"
            links[(r, c), (r + dr, c + dc)] = (a - b).mean(axis=0)
            expected = layout.content_mm[axis] / 3  # the two marks of a strip: a third of the tile apart
            spans += [abs(np.linalg.norm(p[1] - p[0]) / PX_PER_MM - expected) for p in (a, b)]
    where = {(0, 0): np.zeros(2)}
    todo = deque([(0, 0)])
    while todo:
        t = todo.popleft()
        for (p, q), off in links.items():
            if p == t and q not in where:
                where[q] = where[p] + off
                todo.append(q)
            elif q == t and p not in where:
                where[p] = where[q] - off
                todo.append(p)
    assert len(where) == layout.rows * layout.cols
    return where, spans


def render_whole(m, layout, out: Path, tmp: Path) -> np.ndarray:
    """The whole tiled area drawn directly, one page, at the print's scale."""
    shape = SheetShape(m)
    x0, x1, y0, y1 = layout.whole_window()
    w_mm, h_mm = (x1 - x0) * layout.mm_per_px, (y1 - y0) * layout.mm_per_px
    with matplotlib.rc_context({"pdf.fonttype": 42}):
        fig = plt.figure(figsize=(w_mm / 25.4, h_mm / 25.4))
        ax = fig.add_axes((0, 0, 1, 1))
        ax.axis("off")
        MapCanvas(ax, shape, pt_per_px=layout.mm_per_px * MM).draw_base(show_ids=True)
        ax.set_xlim(x0, x1)
        ax.set_ylim(y1, y0)
        fig.savefig(out)
        plt.close(fig)
    return render(out, tmp)[0]


@needs_poppler
def test_tiles_reassembled_at_their_marks_reproduce_the_map_within_1mm(printed, files, tmp_path):
    paper, _, summary, pages = printed
    _, m = files
    shape = SheetShape(m)
    layout = plan_tiles(shape, print_scale(shape), PAPER[paper])
    assert [t.label for t in layout.tiles()] == summary["tiles"]
    where, spans = assemble(pages, layout)
    assert spans and max(spans) < 0.5  # the marks are printed at true scale
    whole = render_whole(m, layout, tmp_path / "whole.pdf", tmp_path)
    origin = np.array([layout.margin_mm, layout.margin_mm]) * PX_PER_MM  # A1's map corner on its page
    half = int(8 * PX_PER_MM)  # a patch of 16 mm: the hex, its id and its outline
    search = int(12 * PX_PER_MM)
    pad = half + search  # tiles fitted to the map: a hex at its edge is searched beyond the edge
    direct_grey = cv2.copyMakeBorder(
        cv2.cvtColor(whole, cv2.COLOR_RGB2GRAY), pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255
    )
    errors, scale_errors, scores = [], [], []
    for k, tile in enumerate(layout.tiles()):
        grey = cv2.cvtColor(pages[k + 1], cv2.COLOR_RGB2GRAY)
        marks = find_marks(pages[k + 1])
        x0, _, y0, _ = tile.window
        for i, (cx, cy) in enumerate(shape.centers):
            p = origin + (np.array([cx - x0, cy - y0]) * layout.mm_per_px) * PX_PER_MM
            inner = (origin + 9 * PX_PER_MM <= p) & (
                p <= origin + (np.array(layout.content_mm) - 9) * PX_PER_MM
            )
            if not inner.all() or (len(marks) and np.linalg.norm(marks - p, axis=1).min() < 12 * PX_PER_MM):
                continue
            px, py = np.round(p).astype(int)
            patch = grey[py - half : py + half, px - half : px + half]
            pred = p + where[(tile.row, tile.col)] - origin  # where the mosaic puts it on the map
            qx, qy = np.round(pred).astype(int)
            y, x = qy - half - search + pad, qx - half - search + pad
            area = direct_grey[y : y + 2 * (half + search), x : x + 2 * (half + search)]
            res = cv2.matchTemplate(area, patch, cv2.TM_CCOEFF_NORMED)
            _, score, _, (bx, by) = cv2.minMaxLoc(res)
            scores.append(score)
            assert score > 0.5, f"hex {shape.ids[i]} of tile {tile.label} not found on the map ({score:.2f})"
            found = np.array([qx - search + bx + (p[0] - px), qy - search + by + (p[1] - py)])
            errors.append(np.linalg.norm(found - pred) / PX_PER_MM)
            # and the map itself is at true scale: the hex is where its grid puts it
            geo = (np.array([cx, cy]) - np.array(layout.whole_window()[::2])) * layout.mm_per_px * PX_PER_MM
            scale_errors.append(np.linalg.norm(found - geo) / PX_PER_MM)
    assert len(errors) > 100
    assert max(errors) < 1.0, f"reassembly error up to {max(errors):.2f} mm"
    assert max(scale_errors) < 1.0, f"printed scale off by up to {max(scale_errors):.2f} mm"
    print(
        f"{paper}: {len(errors)} hexes, reassembly error mean {np.mean(errors):.3f} max {max(errors):.3f} mm;"
        f" against the grid max {max(scale_errors):.3f} mm; lowest match {min(scores):.2f}"
    )


def soft(rgb: np.ndarray) -> np.ndarray:
    """Grey levels blurred by about a pixel: the two renderings of a strip differ by a fraction of a
    pixel in where each line falls."""
    return cv2.GaussianBlur(cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY).astype(float), (0, 0), 1.2)


@needs_poppler
def test_overlap_strips_show_the_same_map_on_both_tiles(printed, files):
    paper, _, _, pages = printed
    _, m = files
    shape = SheetShape(m)
    layout = plan_tiles(shape, print_scale(shape), PAPER[paper])
    where, _ = assemble(pages, layout)
    m0 = int(np.ceil(layout.margin_mm * PX_PER_MM)) + 2
    cw, ch = (int(v * PX_PER_MM) - 4 for v in layout.content_mm)
    ovx = ovy = int(layout.overlap_mm * PX_PER_MM) - 4  # the narrowest strip the tiles share
    index = {(t.row, t.col): k + 1 for k, t in enumerate(layout.tiles())}
    compared = 0
    for (r, c), k in index.items():
        for nb, (x0, y0, w, h) in (
            ((r, c + 1), (m0 + cw - ovx, m0, ovx, ch)),  # right strip
            ((r + 1, c), (m0, m0 + ch - ovy, cw, ovy)),  # bottom strip
        ):
            if nb not in index:
                continue
            a = soft(pages[k][y0 : y0 + h, x0 : x0 + w])
            dx, dy = np.round(where[nb] - where[(r, c)]).astype(int)

            def other(sx: int, sy: int, nb=nb, x0=x0, y0=y0, w=w, h=h, dx=dx, dy=dy) -> np.ndarray:
                return soft(
                    pages[index[nb]][y0 - dy + sy : y0 - dy + sy + h, x0 - dx + sx : x0 - dx + sx + w]
                )

            if a.std() < 20:
                continue  # a strip beyond the map: white on both, nothing to compare
            compared += 1
            same = np.abs(a - other(0, 0)).mean()
            corr = np.corrcoef(a.ravel(), other(0, 0).ravel())[0, 1]
            # tiles 3 mm out of register would show: on the lines and ids (the fine detail; large
            # terrain fills look alike shifted), the shifted strip matches far worse than the true one
            step = int(3 * PX_PER_MM)

            def fine(img: np.ndarray) -> np.ndarray:
                return img - cv2.GaussianBlur(img, (0, 0), 4)

            fine_corr = np.corrcoef(fine(a).ravel(), fine(other(0, 0)).ravel())[0, 1]
            shifted = np.corrcoef(fine(a).ravel(), fine(other(step, 0)).ravel())[0, 1]
            assert same < 6, f"tile {(r, c)} and {nb}: overlap differs by {same:.1f} grey levels"
            assert corr > 0.9 and shifted < fine_corr - 0.2, (corr, fine_corr, shifted)  # a shift would show
    assert compared >= 2


def test_print_scale_from_hex_size_dpi_scan_or_default():
    shape = SheetShape(sample_map())
    flats = shape.across_flats()
    assert flats == pytest.approx(75.0, rel=1e-9)  # the sample's row spacing
    assert print_scale(shape).hex_mm == pytest.approx(DEFAULT_HEX_MM)
    assert print_scale(shape, scan_dpi=200).mm_per_px == pytest.approx(25.4 / 200)
    assert print_scale(shape, dpi=150, scan_dpi=200).mm_per_px == pytest.approx(25.4 / 150)
    s = print_scale(shape, hex_mm=20, dpi=150, scale=0.5)
    assert s.hex_mm == pytest.approx(10) and "scaled 0.5x" in s.source
    with pytest.raises(InputError, match="--scale must be a positive number"):
        print_scale(shape, scale=0)


@needs_poppler
def test_a_scan_is_printed_at_its_own_resolution(files, tmp_path):
    _, m = files
    scan_png = tmp_path / "scan.png"
    board = MapPicture(m, show_ids=True, image_frame=True).png_bytes()
    (tmp_path / "raw.png").write_bytes(board)
    Image.open(tmp_path / "raw.png").save(scan_png, dpi=(150, 150))
    scan = read_scan(scan_png)
    assert scan.dpi == pytest.approx(150, abs=0.1)
    # paint the scan magenta: the printed tiles must show the scan, not a re-rendered map
    image = np.where(scan.image.mean(axis=2, keepdims=True) > 200, scan.image, [255, 0, 255])
    scan = dataclasses.replace(scan, image=image.astype(np.uint8))
    out = tmp_path / "scan.pdf"
    summary = print_map(m, out, paper="a4", scan=scan)
    assert summary["scan"] == "scan.png" and summary["mm_per_px"] == pytest.approx(25.4 / 150, rel=1e-3)
    assert summary["hex_mm"] == pytest.approx(75 * 25.4 / 150, rel=1e-3)
    pages = render(out, tmp_path, dpi=30)
    assert len(pages) == summary["pages"]
    magenta = [((p[..., 0] > 200) & (p[..., 1] < 60) & (p[..., 2] > 200)).mean() for p in pages[1:]]
    assert max(magenta) > 0.2


# ------------------------------------------------------------------------------- command line
def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_print_map_command_with_overlays(files, tmp_path):
    d, _ = files
    out = tmp_path / "o.pdf"
    args = ["print-map", d / "map.json", "--out", out, "--paper", "letter", "--state", d / "state.json"]
    r = run(*args, "--supply", "--rail", "central", "--reach", "GE-1", "--json")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["paper"] == "letter" and summary["pages"] == len(summary["tiles"]) + 1
    assert summary["overlays"] == [
        "supply of central",
        "rail nets of central, turn 1",
        "GE-1 reach (ground, MA 5)",
    ]
    assert out.read_bytes()[:5] == b"%PDF-"
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == summary["pages"]
        words = " ".join(w["text"] for w in pdf.pages[1].extract_words())
    assert "A1" in words and "page 2 of" in words


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--state", "{state}", "--reach", "XX-99"), "unknown unit 'XX-99'"),
        (("--state", "{state}", "--supply", "martians"), "unknown side 'martians'"),
        (("--state", "{state}", "--rail", "martians"), "unknown side 'martians'"),
        (("--rail",), "--rail: engine overlays need the position, --state STATE.json"),
        # chart values checked against the ruleset's tables, as `railhead supply` checks them
        (("--state", "{state}", "--supply", "--values", "{values}"), "nonsense: unknown table 'nonsense'"),
        (("--paper", "a3"), "unknown paper size 'a3'; expected one of a4, letter"),
        (("--scan", "{bad}"), "cannot read the scan as an image"),
        (("--scan", "{missing}"), "no such scan file"),
        (("--scale", "-1"), "Invalid value for '--scale': -1.0 is not in the range"),
        (("--overlap", "1"), "--overlap must be between"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(files, tmp_path, extra, message):
    d, _ = files
    bad = tmp_path / "bad.png"
    bad.write_text("not an image")
    values = tmp_path / "values.toml"
    values.write_text('format = "railhead.chart-values/1"\n[nonsense.row]\ncol = "1"\n')
    names = {"state": d / "state.json", "bad": bad, "missing": tmp_path / "none.png", "values": values}
    out = tmp_path / "x.pdf"
    r = run("print-map", d / "map.json", "--out", out, *[str(e).format(**names) for e in extra])
    assert r.exit_code == 2 and message in r.stderr, r.output
    assert not out.exists()


def test_output_must_be_a_pdf(files, tmp_path):
    d, _ = files
    r = run("print-map", d / "map.json", "--out", tmp_path / "x.png")
    assert r.exit_code == 2 and "expected a .pdf output file name" in r.stderr


def test_the_sheet_image_beside_the_map_is_the_scan_unless_no_scan(files, tmp_path):
    _, m = files
    write_mapdata(m, tmp_path / "map.json")
    doc = json.loads((tmp_path / "map.json").read_text())
    doc["sheets"][0]["image"] = "board.png"
    (tmp_path / "map.json").write_text(json.dumps(doc))
    out = tmp_path / "o.pdf"
    r = run("print-map", tmp_path / "map.json", "--out", out, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["scan"] is None
    assert "board.png is not beside map.json; re-rendering from map data" in r.stderr
    (tmp_path / "raw.png").write_bytes(MapPicture(m, image_frame=True).png_bytes())
    Image.open(tmp_path / "raw.png").save(tmp_path / "board.png", dpi=(100, 100))
    r = run("print-map", tmp_path / "map.json", "--out", out, "--json")
    summary = json.loads(r.stdout)
    assert r.exit_code == 0 and summary["scan"] == "board.png"
    assert summary["mm_per_px"] == pytest.approx(0.254, rel=1e-3) and summary["scale"] == "scan at 100 dpi"
    r = run("print-map", tmp_path / "map.json", "--out", out, "--json", "--no-scan", "--hex-mm", "20")
    summary = json.loads(r.stdout)
    assert summary["scan"] is None and summary["hex_mm"] == pytest.approx(20)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_share_the_overlap_asked_and_start_at_the_map(paper):
    """Neighbouring tiles share exactly the overlap asked for (issue 30: the index said 250 mm and
    tile B1 nearly repeated A1), and start at the map's corner, so every tile but the last of a row
    or column is full of map (issue 16: centring left blank bands at both ends)."""
    shape = SheetShape(sample_map())
    layout = plan_tiles(shape, print_scale(shape), PAPER[paper])
    (lx, ly), (hx, hy) = shape.lo, shape.hi
    assert layout.rows * layout.cols > 1
    assert layout.overlap_xy == (layout.overlap_mm, layout.overlap_mm) == (10.0, 10.0)
    px_per_mm = 1 / layout.mm_per_px
    tiles = {(t.row, t.col): t.window for t in layout.tiles()}
    for (r, c), (wx0, wx1, wy0, wy1) in tiles.items():
        if layout.cols > 1:
            assert wx0 >= lx - 1e-6 and (wx1 <= hx + 1e-6 or c == layout.cols - 1)
            if c + 1 < layout.cols:  # the next tile across shares 10 mm of map, no more
                assert wx1 - tiles[r, c + 1][0] == pytest.approx(10 * px_per_mm, rel=1e-6)
        if layout.rows > 1:
            assert wy0 >= ly - 1e-6 and (wy1 <= hy + 1e-6 or r == layout.rows - 1)
            if r + 1 < layout.rows:
                assert wy1 - tiles[r + 1, c][2] == pytest.approx(10 * px_per_mm, rel=1e-6)
    marks = np.array(layout.registration_marks())
    assert len(marks) == 2 * (layout.rows * (layout.cols - 1) + layout.cols * (layout.rows - 1))

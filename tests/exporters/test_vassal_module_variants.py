"""`digitize --module` on the shapes modules made by others take: a hex grid inside a zone of a
ZonedGrid, an SVG board, a board without numbering, a region grid. Each variant is the exported
sample module with its board rewritten as such a module states it; the names railhead gives are
checked against its own reading of the module here, and against VASSAL's classes in the tests that
run them."""

from __future__ import annotations

import io
import zipfile
from xml.etree import ElementTree as ET

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from railhead.cli import main
from railhead.errors import InputError
from railhead.exporters.vassal.module import write_module
from railhead.exporters.vassal.module_board import module_board
from railhead.exporters.vassal.modules import name_in, read_module
from railhead.exporters.vassal.svg import svg_size
from railhead.mapdata.io import read_mapdata
from railhead.mapdata.sample import sample_map
from railhead.pipeline.synth import sample_legend

P = "VASSAL.build.module.map.boardPicker"
ZONED, ZONE = f"{P}.board.ZonedGrid", f"{P}.board.mapgrid.Zone"


def _rewrite(src, dst, change, images: dict[str, bytes] | None = None) -> None:
    """Copy module ``src`` to ``dst`` with its build file changed by ``change(root)``."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "buildFile.xml":
                root = ET.fromstring(data)
                change(root)
                data = ET.tostring(root, encoding="utf-8")
            elif images and item.filename in images:
                data = images.pop(item.filename)
            zout.writestr(item.filename, data)
        for name, data in (images or {}).items():
            zout.writestr(name, data)


def _board(root):
    return root.find(f".//{P}.Board")


def _zoned_hex(board_xml, fmt: str) -> None:
    """The board's hex grid moved into a zone "Front" (its own grid, ``fmt``) over the hexes, after a
    zone "Turn track" along the board's bottom edge, below every hex centre."""
    zoned = board_xml.find(ZONED)
    hexgrid = zoned.find(f"{P}.board.HexGrid")
    for z in zoned.findall(ZONE):
        zoned.remove(z)
    zoned.remove(hexgrid)
    w, h = int(board_xml.get("width")), int(board_xml.get("height"))
    track = ET.SubElement(zoned, ZONE, name="Turn track", path=f"0,{h - 6};{w},{h - 6};{w},{h};0,{h}")
    track.set("locationFormat", "$name$")
    front = ET.SubElement(zoned, ZONE, name="Front", path=f"2,2;{w - 2},2;{w - 2},{h - 6};2,{h - 6}")
    front.set("locationFormat", fmt)
    front.set("useParentGrid", "false")
    front.append(hexgrid)


@pytest.fixture
def zone_module(tmp_path):
    m = sample_map(cols=8, rows=6)
    write_module(m, tmp_path / "plain.vmod")
    _rewrite(
        tmp_path / "plain.vmod",
        tmp_path / "zone.vmod",
        lambda r: _zoned_hex(_board(r), "Front $gridLocation$"),
    )
    return m, tmp_path / "zone.vmod"


def test_a_hex_grid_in_a_zone_names_its_hexes_as_the_zone_does(zone_module):
    m, path = zone_module
    b = module_board(path)
    board = next(iter(next(iter(read_module(path).values())).boards.values()))
    ids = [b.grid.format_id(c, r) for c, r in b.grid.coords()]
    assert len(ids) == len(m.hexes) and all(i.startswith("Front ") for i in ids)
    assert {i.removeprefix("Front ") for i in ids} == set(m.hexes)
    for c, r in b.grid.coords():  # each, at its centre, named as the board names that point
        assert b.grid.format_id(c, r) == name_in(board, *b.grid.center(c, r))
    # named explicitly too; a zone that is not there is refused, naming the zones there are
    assert module_board(path, "Map", "Front").grid == b.grid
    with pytest.raises(InputError, match="no zone named 'Rear'.*'Front'"):
        module_board(path, zone="Rear")


def test_a_zone_whose_format_names_more_than_its_grid_is_refused(tmp_path):
    m = sample_map(cols=6, rows=5)
    write_module(m, tmp_path / "plain.vmod")
    fmt = "$name$ $gridLocation$ $Terrain$"
    _rewrite(tmp_path / "plain.vmod", tmp_path / "z.vmod", lambda r: _zoned_hex(_board(r), fmt))
    with pytest.raises(InputError, match="does not name its hexes by the grid alone"):
        module_board(tmp_path / "z.vmod")


def test_vassal_itself_names_the_hexes_of_a_zone_as_digitize_does(vassal_display, zone_module):
    """VASSAL's Board.locationName (its ZonedGrid, the zone's own HexGrid) at every hex centre."""
    _, path = zone_module
    b = module_board(path)
    queries, want = [], []
    for c, r in b.grid.coords():
        x, y = (round(v) for v in b.grid.center(c, r))
        queries.append(f"{b.name}\t{x}\t{y}")
        want.append(f"{b.name}\t{b.grid.format_id(c, r)}")
    lines = vassal_display.run(
        "ModuleProbe", str(path), stdin="\n".join(queries) + "\n", display=True, timeout=600
    )
    assert [line for line in lines if not line.startswith("piece\t")] == want


def test_a_board_without_numbering_says_to_calibrate(tmp_path):
    write_module(sample_map(cols=6, rows=5), tmp_path / "plain.vmod")

    def drop_numbering(root):
        for grid in root.iter(f"{P}.board.HexGrid"):
            for n in grid.findall(f"{P}.board.mapgrid.HexGridNumbering"):
                grid.remove(n)

    _rewrite(tmp_path / "plain.vmod", tmp_path / "n.vmod", drop_numbering)
    with pytest.raises(InputError, match="--calibrate"):
        module_board(tmp_path / "n.vmod")


def test_a_region_grid_board_is_read_as_areas(tmp_path):
    """A region grid names areas, not hexes: the board comes back with its regions (for an area
    map, tests/exporters/test_vassal_module_areas.py); a square grid without numbering names
    nothing and is refused, pointing to --calibrate."""
    write_module(sample_map(cols=6, rows=5), tmp_path / "plain.vmod")

    def regions(root):
        board = _board(root)
        zoned = board.find(ZONED)
        board.remove(zoned)
        grid = ET.SubElement(board, f"{P}.board.RegionGrid")
        for k, (x, y) in enumerate(((50, 50), (200, 120))):
            ET.SubElement(grid, f"{P}.board.Region", name=f"Area {k}", originx=str(x), originy=str(y))

    _rewrite(tmp_path / "plain.vmod", tmp_path / "r.vmod", regions)
    b = module_board(tmp_path / "r.vmod", "Map")
    assert b.grid is None and b.areas.regions == (("Area 0", 50, 50), ("Area 1", 200, 120))

    def squares(root):
        board = _board(root)
        board.remove(board.find(ZONED))
        ET.SubElement(board, f"{P}.board.SquareGrid", dx="60", dy="60")

    _rewrite(tmp_path / "plain.vmod", tmp_path / "s.vmod", squares)
    with pytest.raises(InputError, match="board .Map. has a square grid.*--calibrate"):
        module_board(tmp_path / "s.vmod", "Map")


# ---------------------------------------------------------------------- SVG boards


def _svg_of(m, legend) -> bytes:
    """The map drawn as an SVG: every hex a polygon in its terrain's legend colour, outlined."""
    colour = {t.name: "#{:02x}{:02x}{:02x}".format(*t.color) for t in legend.terrain}
    g = m.sheets[0].grid
    xs, ys = zip(*(m.center(h) for h in m.hexes), strict=True)
    w, h = int(max(xs) + g.frame().hex_width), int(max(ys) + g.frame().hex_height)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
           f'<rect width="{w}" height="{h}" fill="#ffffff"/>']  # fmt: skip
    for hid, hx in m.hexes.items():
        c, r = g.parse_id(hid)
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in g.corners(c, r))
        out.append(
            f'<polygon points="{pts}" fill="{colour[hx.terrain]}" stroke="#3c3c3c" stroke-width="1.5"/>'
        )
    out.append('<image href="file:///etc/hostname" x="0" y="0" width="50" height="50"/></svg>')
    return "\n".join(out).encode()


def test_an_svg_board_is_drawn_and_digitized_with_vassals_names(tmp_path, tool_missing):
    try:
        import cairosvg  # noqa: F401
    except OSError:
        tool_missing("libcairo2 not installed (`make test` installs it)")
    m = sample_map(cols=8, rows=6)
    legend = sample_legend()
    svg = _svg_of(m, legend)
    png = io.BytesIO()
    Image.new("RGB", (10, 10)).save(png, "PNG")
    write_module(m, tmp_path / "plain.vmod", image_for=lambda _m, _s: png.getvalue())

    def to_svg(root):
        _board(root).set("image", "board.svg")

    _rewrite(tmp_path / "plain.vmod", tmp_path / "svg.vmod", to_svg, {"images/board.svg": svg})
    text = legend.to_toml().replace('terrain_on = "hexside"\n', "")
    g = m.sheets[0].grid
    text = text.replace("first = [1, 1]", f"cols = {list(g.cols)}\nrows = {list(g.rows)}")
    (tmp_path / "legend.toml").write_text(text)
    args = ("digitize", "--module", tmp_path / "svg.vmod", "--legend", tmp_path / "legend.toml",
            "--out", tmp_path / "map.json")  # fmt: skip
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 0, r.output
    drawn = Image.open(tmp_path / "map-board.png")
    assert drawn.size == svg_size(svg, "board")  # drawn at the size VASSAL gives the board
    got = read_mapdata(tmp_path / "map.json")
    assert set(got.hexes) == set(m.hexes)
    same = sum(got.hexes[h].terrain == m.hexes[h].terrain for h in m.hexes)
    assert same / len(m.hexes) > 0.95
    # the linked outside file was not drawn: the top-left corner is the drawing's own white
    assert np.asarray(drawn.convert("RGB"))[5, 5].tolist() == [255, 255, 255]


def test_digitize_takes_the_zone_named_on_the_command_line(zone_module, tmp_path):
    m, path = zone_module
    (tmp_path / "legend.toml").write_text(sample_legend().to_toml())
    base = ["digitize", "--module", str(path), "--legend", str(tmp_path / "legend.toml")]
    r = CliRunner().invoke(main, [*base, "--zone", "Front", "--out", str(tmp_path / "z.json")])
    assert r.exit_code == 0, r.output
    assert {h.removeprefix("Front ") for h in read_mapdata(tmp_path / "z.json").hexes} >= set(m.hexes)
    r = CliRunner().invoke(main, [*base, "--zone", "Rear", "--out", str(tmp_path / "r.json")])
    assert r.exit_code == 2 and "no zone named 'Rear'" in r.stderr and not (tmp_path / "r.json").exists()

"""The pictures railhead draws are read by people: every terrain of every ruleset has a colour of
its own, every status colour (supply, reach) is one no terrain is printed in, a map of several
sheets is drawn whole (a picture per sheet, each naming the others), and the title and the legend
sit outside the map, covering no hex."""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

from railhead.engine.board import Board
from railhead.engine.registry import get_ruleset
from railhead.engine.rulesets.der_weltkrieg.sample import sample_state
from railhead.engine.rulesets.grd_great_war.sample import SAMPLE_VALUES
from railhead.engine.rulesets.grd_great_war.sample import sample_map as grd_map
from railhead.engine.rulesets.grd_great_war.sample import sample_state as grd_state
from railhead.engine.state import parse_state
from railhead.engine.values import ChartValues
from railhead.exporters.engine_maps import REACH_COLOUR, SUPPLY_COLOURS, draw_supply
from railhead.exporters.mapview import TERRAIN_COLOURS, UNKNOWN, MapPicture
from railhead.mapdata.sample import sample_map
from railhead.pipeline.colours import to_lab

RULESETS = Path(__file__).resolve().parents[2] / "engine" / "rulesets"
APART = 30.0  # CIE76 colour difference: two colours this far apart are never taken for each other


def _lab(hex_colour: str) -> np.ndarray:
    rgb = np.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)], np.float32)
    return to_lab(rgb[None])[0]


def ruleset_terrains() -> dict[str, set[str]]:
    """Every terrain name each ruleset's data names (its terrain chart, its TEC rows)."""
    out = {}
    for data in sorted(RULESETS.glob("*/data.toml")):
        doc = tomllib.loads(data.read_text())
        out[data.parent.name] = set(doc.get("terrain", {})) | set(doc.get("tec", {}))
    return out


def test_every_terrain_of_every_ruleset_has_its_own_colour():
    terrains = ruleset_terrains()
    assert set(terrains) >= {"der_weltkrieg", "gmt_great_war", "grd_great_war", "death_of_empires"}
    for ruleset, names in terrains.items():
        missing = sorted(names - set(TERRAIN_COLOURS))
        assert missing == [], f"{ruleset}: no colour for {missing} (they would share the grey of the unknown)"
    assert UNKNOWN not in TERRAIN_COLOURS.values()


@pytest.mark.parametrize("status", [*SUPPLY_COLOURS, "reachable"])
def test_a_status_colour_is_no_terrain_colour(status):
    colour = SUPPLY_COLOURS.get(status, REACH_COLOUR)
    lab = _lab(colour)
    near = min(TERRAIN_COLOURS, key=lambda t: np.linalg.norm(lab - _lab(TERRAIN_COLOURS[t])))
    assert np.linalg.norm(lab - _lab(TERRAIN_COLOURS[near])) >= APART, (status, colour, near)


def test_status_colours_are_apart_from_each_other():
    colours = {**SUPPLY_COLOURS, "reachable": REACH_COLOUR}
    for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2):
        assert np.linalg.norm(_lab(ca) - _lab(cb)) >= APART, (a, b)


def test_title_and_legend_lie_outside_the_map(tmp_path):
    m = sample_map()
    pic = MapPicture(m, title="a title long enough to cover hexes if it were drawn on the map")
    pic.save(tmp_path / "x.png")  # the legend placed as a saved picture places it
    canvas = FigureCanvasAgg(pic.fig)  # saving closed the figure's own canvas
    canvas.draw()
    renderer = canvas.get_renderer()
    ax = pic.ax.get_window_extent(renderer)
    legend = pic.ax.get_legend().get_window_extent(renderer)
    title = pic.title.get_window_extent(renderer)
    assert legend.x0 >= ax.x1 - 1  # right of the map
    assert title.y0 >= ax.y1 - 1  # above the map (display y points up)


def test_every_unit_is_named_and_every_sheet_drawn(tmp_path):
    """A map of two sheets: the supply picture is one file per sheet, each title naming the other;
    every unit of the position is written on its hex."""
    m = grd_map()
    rs = get_ruleset("grd-great-war")
    values = ChartValues(tomllib.loads(SAMPLE_VALUES))
    state = parse_state(grd_state(), m, sides=rs.sides, declarations=rs.declarations)
    board = Board(m, state, values=values)
    out = tmp_path / "supply.png"
    names = []
    import railhead.exporters.mapview as mapview

    real_mark = mapview.MapCanvas.mark

    def mark(self, hex_id, text, colour="#000000"):
        names.extend(text.split("\n"))
        return real_mark(self, hex_id, text, colour)

    mapview.MapCanvas.mark = mark
    try:
        paths = draw_supply(board, rs.supply_report(board, "entente"), out)
    finally:
        mapview.MapCanvas.mark = real_mark
    assert len(paths) == len(m.sheets) == 2 and all(p.exists() for p in paths)
    assert {p.name for p in paths} == {"supply.png", f"supply-{m.sheets[1].id}.png"}
    assert {u.id for u in board.state.units} <= set(names)
    for p in paths:
        assert Image.open(p).size[0] > 600


def test_hexes_are_drawn_large_enough_to_read_their_ids():
    from railhead.exporters.mapview import MIN_HEX_PX

    m = sample_map()
    small = MapPicture(m, dpi=100)
    assert small.hex_size * small.scale >= MIN_HEX_PX - 1e-6


def test_every_bundled_ruleset_is_covered():
    from railhead.engine.registry import _BUILTIN

    packages = {e.engine.split(":")[0].split(".")[-2] for e in _BUILTIN}
    assert packages <= set(ruleset_terrains()), packages


def test_supply_colours_reach_the_picture(tmp_path):
    """The colour of a status is the one drawn on the units' hexes (blended over the terrain)."""
    m = sample_map()
    rs = get_ruleset("der-weltkrieg")
    board = Board(m, parse_state(sample_state(m), m, sides=rs.sides))
    report = rs.supply_report(board, "central")
    draw_supply(board, report, tmp_path / "s.png")
    img = np.asarray(Image.open(tmp_path / "s.png").convert("RGB")).astype(float)
    status = report["units"][0]["status"]
    want = _lab(SUPPLY_COLOURS[status])
    lab = to_lab(img.reshape(-1, 3)).reshape(img.shape)
    close = np.linalg.norm(lab - want, axis=-1) < 25
    assert close.sum() > 50  # the legend swatch and the tinted hexes

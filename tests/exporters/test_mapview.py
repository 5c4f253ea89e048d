"""Map pictures: the overview PNG shows the map where the sheet grid puts it."""

from __future__ import annotations

import matplotlib.image as mpimg
import numpy as np

from railhead.exporters.mapview import TERRAIN_COLOURS, MapPicture, render_overview
from railhead.mapdata.sample import sample_map


def _rgb(hex_colour: str) -> np.ndarray:
    return np.array([int(hex_colour[k : k + 2], 16) for k in (1, 3, 5)]) / 255


def test_overview_png_shows_terrain_at_hex_centres(tmp_path):
    m = sample_map()
    out = tmp_path / "overview.png"
    render_overview(m, out, show_ids=False)
    img = mpimg.imread(out)[..., :3]
    pic = MapPicture(m)  # same geometry as the saved picture
    x0, _, y0, _ = pic.extent
    assert len(np.unique(img.reshape(-1, 3).round(2), axis=0)) > 20  # not blank
    woods = [h for h in m.hexes.values() if h.terrain == "woods" and not h.features and not h.name]
    hits = 0
    for h in woods[:20]:
        x, y = m.center(h.id)
        px = img[int(round(y - y0 + 0.3 * 75)), int(round(x - x0))]  # below the centre: no labels
        hits += np.abs(px - _rgb(TERRAIN_COLOURS["woods"])).max() < 0.08
    assert hits >= 15
    assert [p.name for p in tmp_path.iterdir()] == ["overview.png"]


def test_overlay_tints_the_hexes_it_names(tmp_path):
    m = sample_map()
    pic = MapPicture(m, show_ids=False)
    pic.shade(["1010"], "#ff0000", alpha=1.0, label="test")
    out = tmp_path / "o.png"
    pic.save(out)
    img = mpimg.imread(out)[..., :3]
    x0, _, y0, _ = pic.extent
    x, y = m.center("1010")
    assert np.abs(img[int(y - y0 + 20), int(x - x0)] - [1, 0, 0]).max() < 0.05


def test_a_window_draws_only_the_hexes_it_shows():
    import matplotlib.pyplot as plt

    from railhead.exporters.mapview import MapCanvas, SheetShape

    m = sample_map()
    shape = SheetShape(m)
    x, y = m.center("1010")
    window = (x - 100, x + 100, y - 100, y + 100)
    fig = plt.figure()
    ax = fig.add_axes((0, 0, 1, 1))
    canvas = MapCanvas(ax, shape, pt_per_px=1.0, window=window)
    canvas.draw_base(show_ids=True)
    canvas.shade(["1010", "0101"], "#ff0000")
    drawn = {shape.ids[i] for i in canvas.rows}
    assert "1010" in drawn and "0101" not in drawn and 9 <= len(drawn) <= 20
    assert len(ax.collections[0].get_paths()) == len(drawn)  # terrain of the window's hexes only
    assert {t.get_text() for t in ax.texts} >= {"1010"} and "0101" not in {t.get_text() for t in ax.texts}
    assert len(ax.collections[-1].get_paths()) == 1  # the shade of 1010; 0101 is off the window
    plt.close(fig)


def test_rail_overlay_colours_each_net(tmp_path):
    from railhead.engine.queries import position_of
    from railhead.engine.rulesets.der_weltkrieg.sample import sample_state
    from railhead.exporters.engine_maps import NET_COLOURS, OTHER_NET, draw_rail
    from railhead.files import write_json

    m = sample_map()
    write_json(tmp_path / "state.json", sample_state(m))
    rs, board = position_of(m, tmp_path / "state.json")
    report = rs.rail_report(board, "central")
    out = tmp_path / "rail.png"
    draw_rail(rs, board, report, out)
    img = mpimg.imread(out)[..., :3]
    own = (np.abs(img - _rgb(NET_COLOURS[0])).max(axis=2) < 0.05).sum()
    other = (np.abs(img - _rgb(OTHER_NET)).max(axis=2) < 0.05).sum()
    assert own > 500 and other > 500  # the German net in its colour, the Entente's grey
    pic = MapPicture(m, show_ids=False)
    german = [
        h for ln in m.lines if ln.kind == "rail" for h in ln.hexes if m.hexes[h].attrs["country"] == "germany"
    ]
    hits = 0
    for h in german:
        x, y = m.center(h)
        hits += np.abs(img[pic.pixel(x, y)] - _rgb(NET_COLOURS[0])).max() < 0.1
    assert hits >= len(german) // 2  # the colour runs through the German rail hexes


def test_rail_net_without_capacity_left_is_dashed_and_labelled(tmp_path):
    from matplotlib.collections import LineCollection
    from matplotlib.colors import to_hex

    from railhead.engine.queries import position_of
    from railhead.engine.rulesets.der_weltkrieg.sample import sample_state
    from railhead.exporters.engine_maps import NET_COLOURS, rail_overlay
    from railhead.files import write_json

    m = sample_map()
    for capacity, dashed in ((20, False), (0, True)):
        write_json(tmp_path / "state.json", {**sample_state(m), "rail_capacity": {"germany": capacity}})
        rs, board = position_of(m, tmp_path / "state.json")
        overlay = rail_overlay(rs, board, rs.rail_report(board, "central"))
        pic = MapPicture(m, show_ids=False)
        overlay.draw(pic.canvas)
        nets = [
            c
            for c in pic.ax.collections
            if isinstance(c, LineCollection) and to_hex(c.get_colors()[0]) == NET_COLOURS[0]
        ]
        assert nets
        assert all((c.get_linestyles()[0][1] is not None) == dashed for c in nets)
        notes = [t.get_text() for t in pic.ax.texts]
        assert f"germany: {capacity} of {capacity} left" in notes
        pic.png_bytes()  # closes the figure

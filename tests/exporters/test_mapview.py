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

"""VASSAL itself names every area of an exported area-map module by its area id: its own
GameModule loads the module (under Xvfb) and ``Board.locationName`` is asked at a point inside each
area, port, canal and box; our reader of modules (:mod:`railhead.exporters.vassal.modules`, used by
``railhead check`` and ``vassal pieces``) gives the same names."""

from __future__ import annotations

import pytest

from railhead.engine.rulesets.great_war_area.sample import sample_map as great_war_sample
from railhead.exporters.areaview import AreaShape
from railhead.exporters.vassal.module import write_module
from railhead.exporters.vassal.modules import name_in, read_module
from railhead.mapdata.sample import sample_area_map


def probe_points(m):
    """(id, x, y): the label point of every area, and for large areas one more point near a corner."""
    shape = AreaShape(m)
    out = []
    for i, h in enumerate(shape.ids):
        x, y = shape.centers[i]
        out.append((h, round(float(x)), round(float(y))))
        if not shape.is_point(h) and h not in m.boxes:
            lo = shape.polys[i].min(axis=0)
            out.append((h, round(float(lo[0])) + 3, round(float(lo[1])) + 3))
    return out


@pytest.mark.parametrize("make", [sample_area_map, great_war_sample], ids=["core-sample", "great-war-area"])
def test_vassal_itself_names_every_area_by_its_id(vassal_display, tmp_path, make):
    m = make()
    path = tmp_path / "areas.vmod"
    write_module(m, path)
    points = probe_points(m)
    queries = [f"Map\t{x}\t{y}" for _, x, y in points]
    lines = vassal_display.run(
        "ModuleProbe", str(path), stdin="\n".join(queries) + "\n", display=True, timeout=600
    )
    got = [line.split("\t")[1] for line in lines if not line.startswith("piece\t")]
    assert got == [h for h, _, _ in points]
    assert set(got) == set(m.areas) | set(m.boxes)  # every area and box has its zone
    board = next(iter(next(iter(read_module(path).values())).boards.values()))
    assert [name_in(board, x, y) for _, x, y in points] == got

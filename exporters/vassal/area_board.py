"""The board of an area map's module: one picture of the areas and a ZonedGrid whose zones are the
areas, each named by its area id, so VASSAL names every point of an area as the map data does.

An area map (contracts §2.1) has no hex grid. Its board image is drawn from the area polygons
(:mod:`..areaview`, in the polygons' own pixels), and each area becomes a ``Zone`` over the same
outline with ``locationFormat="$name$"`` and no grid of its own, so ``Board.locationName`` gives the
area id. Areas known only by a point (ports, canals) get a small zone round their symbol, and boxes
(sea lanes, holding boxes) the rectangles drawn for them under the map; these small zones come
first, because ZonedGrid names a point by the first zone that holds it.
"""

from __future__ import annotations

from xml.etree import ElementTree as ET

from ...mapdata.model import MapData

ZONE = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"


def area_board_image(m: MapData, sheet: int = 0) -> bytes:
    """The board picture: areas drawn at their own pixels from (0, 0)."""
    from ..mapview import MapPicture

    return MapPicture(m, "", show_ids=True, image_frame=True).png_bytes()


def area_zones(m: MapData) -> list[tuple[str, list[tuple[int, int]]]]:
    """(area or box id, outline in board pixels) of every zone, in the order VASSAL tries them."""
    from ..areaview import AreaShape

    shape = AreaShape(m)
    small = [i for i, h in enumerate(shape.ids) if h in m.boxes or shape.is_point(h)]
    large = [i for i in range(len(shape.ids)) if i not in set(small)]
    out = []
    for i in small + large:
        pts = [(round(float(x)), round(float(y))) for x, y in shape.polys[i]]
        out.append((shape.ids[i], pts))
    return out


def add_area_zones(zoned: ET.Element, m: MapData) -> None:
    """One Zone per area and box, named by its id (see the module docstring)."""
    for name, pts in area_zones(m):
        ET.SubElement(
            zoned,
            ZONE,
            {
                "name": name,
                "path": ";".join(f"{x},{y}" for x, y in pts),
                "useParentGrid": "false",
                "locationFormat": "$name$",
                "useHighlight": "false",
                "highlightProperty": "",
            },
        )

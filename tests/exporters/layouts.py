"""The sheet layouts the VASSAL grid tests run through: every numbering our grids support."""

from __future__ import annotations

from railhead.mapdata.grid import HexGrid

LAYOUTS = [
    HexGrid("flat", "even", (1, 20), (1, 15), "{col:02d}{row:02d}"),
    HexGrid("flat", "odd", (1, 20), (1, 15), "{col:02d}{row:02d}"),
    HexGrid("flat", "even", (3, 22), (2, 17), "{col:02d}{row:02d}"),
    HexGrid("flat", "even", (1, 26), (1, 12), "{col:A}{row:02d}"),
    HexGrid("flat", "odd", (1, 30), (1, 20), "{col}.{row}"),
    HexGrid("flat", "even", (1, 12), (1, 10), "{col:03d}{row:03d}"),
    HexGrid("flat", "even", (40, 21), (1, 15), "{col:02d}{row:02d}"),  # descending columns
    HexGrid("flat", "even", (1, 20), (30, 16), "{col:02d}{row:02d}"),  # descending rows
    HexGrid("pointy", "odd", (1, 20), (1, 15), "{row:02d}{col:02d}"),  # GMT style
    HexGrid("pointy", "even", (1, 20), (1, 15), "{col:02d}{row:02d}"),
    HexGrid("pointy", "odd", (1, 20), (68, 50), "W{row:02d}{col:02d}"),  # rows growing north
]


def layout_id(g: HexGrid) -> str:
    return f"{g.orientation}-{g.shifted}-{g.id_format}-{g.cols}-{g.rows}"

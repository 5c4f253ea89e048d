"""Movement costs by terrain [6]: the MP to enter a hex by its terrain, the weather there and the
unit's TEC column, "+N" hexside costs, roads [7B], devastation [15A8], pontoon bridges [13A7].

The booklet prints no Terrain Effects Chart: the values the text gives sit in ``data.toml``
(``[terrain.NAME]`` ``COLUMN_WEATHER``; ``[hexsides.NAME]``), every other cell is read from the user's
chart-values file (table ``tec``: row = terrain, column = ``COLUMN_WEATHER``; table ``tec_hexside``:
row = hexside, column = weather). A cell neither gives is *missing*: the step is closed, and a move
that needs it fails naming the cell and the file (:func:`needed_cells`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ...ruleset import fraction
from ...values import ChartValues

COLUMNS = ("cm_artillery", "other", "exceptions")


class Cell:
    """One chart cell: where it lives and what it holds (``value`` None: missing)."""

    def __init__(self, table: str, row: str, column: str, value: Fraction | None, rule: str, what: str):
        self.table, self.row, self.column, self.value, self.rule, self.what = (
            table,
            row,
            column,
            value,
            rule,
            what,
        )

    @property
    def key(self) -> str:
        return f"{self.table}.{self.row}.{self.column}"


def _given(values: ChartValues, table: str, row: str, column: str) -> Fraction | None:
    text = values.get(table, row, column)
    if text is None:
        return None
    try:
        return fraction(text)
    except ValueError:
        return None


def hex_cell(data, values: ChartValues, terrain: str, column: str, weather: str) -> Cell:
    """The TEC cell for entering ``terrain`` in ``weather`` with a unit of ``column``."""
    spec = data["terrain"].get(terrain, {})
    key = f"{column}_{weather}"
    what = f"the Terrain Effects Chart MP cost of {terrain} ({column.replace('_', ' ')}, {weather} weather)"
    if key in spec:
        return Cell("tec", terrain, key, fraction(spec[key]["value"]), spec[key].get("rule", "6"), what)
    return Cell("tec", terrain, key, _given(values, "tec", terrain, key), "6", what)


def side_cell(data, values: ChartValues, feature: str, weather: str, pontoon: bool) -> Cell:
    spec = data["hexsides"].get(feature, {})
    key = "pontoon" if pontoon else "unfrozen"
    what = f"the Terrain Effects Chart cost of crossing a {feature} hexside ({weather} weather)"
    if key in spec:
        return Cell(
            "tec_hexside", feature, weather, fraction(spec[key]["value"]), spec[key].get("rule", "6"), what
        )
    return Cell("tec_hexside", feature, weather, _given(values, "tec_hexside", feature, weather), "6", what)


def is_prohibited_hex(data, terrain: Any) -> bool:
    return bool(data["terrain"].get(str(terrain), {}).get("prohibited"))


def weather_of_hexes(board) -> np.ndarray:
    """Per location, the weather of its weather zone (one weather for the whole map when the
    position gives one)."""
    zones = board.arrays.hex_attr("weather_zone")
    st = board.state
    if isinstance(st.weather, str):
        return np.full(board.n, _named(st.weather), dtype=object)
    return np.array([_named(st.weather_in(z) or "clear") for z in zones], dtype=object)


def _named(weather: str) -> str:
    """The core's default weather "fair" (a position that names none) is GR/D's clear weather."""
    return "clear" if weather == "fair" else weather


def unit_column(unit_class: dict, terrain: str) -> str:
    """The TEC column the unit uses entering ``terrain`` [6], [14C1], [14F2]: mountain units use the
    exceptions column in mountain terrain; other experts where the user's chart gives the cell."""
    if unit_class.get("exception") == "mountain" and terrain in ("mountain", "rough", "wooded_rough"):
        return "exceptions"
    return unit_class.get("column", "other")

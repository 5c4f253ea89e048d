"""Game turns as dates (3.6) and the weather on each front (12.1).

A position names its turn by the year and first month of the OP turn (``"1914-11"`` for Nov/Dec
1914). The game runs from August 1914 (turn 1) to June 1919 (18.15); a month outside that is no
turn of the calendar. The Turn Record Track's weather letters are not in the rulebook text (spec
A25): the one turn it spells out (Nov/Dec 1914, 12.12) is in the data, the March and October
variable-weather roll (12.13) is computed, and any other turn's weather must be given in the
position or in the chart-values file (table ``weather_track``, row the date, column the weather
key).
"""

from __future__ import annotations

import re

from ....errors import InputError

FIRST, LAST = (1914, 8), (1919, 6)
_DATE = re.compile(r"^(\d{4})-(\d{2})$")


def parse_date(text: object, where: str = "$.date") -> tuple[int, int]:
    """(year, month) of a turn date; InputError when the calendar has no such month."""
    m = _DATE.match(text) if isinstance(text, str) else None
    if not m:
        raise InputError(f"expected a turn date YEAR-MONTH such as '1914-11', not {text!r}", where=where)
    ym = (int(m.group(1)), int(m.group(2)))
    if not 1 <= ym[1] <= 12 or not FIRST <= ym <= LAST:
        raise InputError(
            f"the calendar has no turn {text!r}: the game runs from 1914-08 to 1919-06 (3.6, 18.15)",
            where=where,
        )
    return ym


def date_of(state) -> tuple[int, int] | None:
    """The position's turn date, or None when it names none."""
    raw = state.extra.get("date")
    return None if raw is None else parse_date(raw)


def variable_weather(roll: int, data) -> str:
    """12.13: the Western and Italian maps' March and October weather: even Fair, odd Wet."""
    rules = data["weather_rules"]
    return rules["variable_even"]["value"] if roll % 2 == 0 else rules["variable_odd"]["value"]


def weather_on(board, front, data) -> tuple[str, str]:
    """(weather, rule) on ``front``: the position's weather (one condition, or one per weather key
    or front id), else the printed turn of the data, else the user's chart values."""
    state = board.state
    w = state.weather
    if isinstance(w, str):
        return w, "12.11"
    for key in (front.id, front.weather_key):
        if key in w:
            return w[key], "12.11"
    date = state.extra.get("date")
    rules = data["weather_rules"]
    if (
        date is not None
        and front.weather_key == "wi"
        and parse_date(date)[1] in rules["variable_months"]["value"]
    ):
        roll = board.dice().roll(f"variable weather {date}")
        return variable_weather(roll.value, data), rules["variable_odd"]["rule"]
    printed = rules["printed"]
    if date in printed["value"] and front.weather_key in printed["value"][date]:
        return printed["value"][date][front.weather_key], printed["rule"]
    if date is None:
        raise InputError(
            f"the position gives no weather for the {front.id} front (weather key {front.weather_key!r}) "
            "and no date to look it up (12.11)",
            where="$.weather",
        )
    return (
        board.values.cell(
            "weather_track",
            str(date),
            front.weather_key,
            what=f"the Turn Record Track weather of {date} for weather key {front.weather_key!r}",
            rule="12.11",
        ),
        "12.11",
    )

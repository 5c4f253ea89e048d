"""Unit classes, rail capacity per country, and the rail capacity track sheets (R7, R8)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from fractions import Fraction

from ....engine.ruleset import Ruleset
from ....engine.rulesets.der_weltkrieg.rail import rail_equivalent
from ..engine_probe import probe_board
from ..tables import BLANK, Column, Row, Table, Track, TrackSheet
from .text import SIDE_NAMES, label, nation_label, number


def _runs(values: Sequence[tuple[int, Fraction]]) -> str:
    """``0–10: 1, 11–20: 2`` for consecutive inputs with the same result."""
    parts: list[str] = []
    start = 0
    for i in range(1, len(values) + 1):
        if i == len(values) or values[i][1] != values[start][1]:
            lo, hi = values[start][0], values[i - 1][0]
            parts.append(
                f"{lo}–{hi}: {number(values[start][1])}" if lo != hi else f"{lo}: {number(values[start][1])}"
            )
            start = i
    return ", ".join(parts)


@functools.cache
def _equivalent_by_supply(rs: Ruleset, cls: str) -> str:
    """Rail capacity an HQ or supply marker uses, by supply points carried, as the engine counts it."""
    top = rs.data["supply"]["hq_max_supply_points"]["value"]
    out = []
    for sup in range(0, top + 1):
        board = probe_board(rs, unit_class=cls, unit_attrs={"supply_points": sup})
        out.append((sup, rail_equivalent(rs, board, board.state.units[0])))
    return "by supply points carried: " + _runs(out)


def unit_class_table(rs: Ruleset) -> Table:
    """Unit classes: ZOC (R10-2), rail movement rate (R7-5) and rail capacity used (R8-8)."""
    rows = []
    for cls, info in rs.data["classes"].items():
        if info.get("moves") is False:
            rail, eq = "does not move", "—"
        else:
            rail = f"{info['rail_rate']} MP per hexside" if "rail_rate" in info else "—"
            if "rail_equivalent" in info:
                eq = number(info["rail_equivalent"])
            elif info.get("hq") or cls == "supply_marker":
                eq = _equivalent_by_supply(rs, cls)
            else:
                eq = "—"
        rows.append(
            Row(
                cls,
                label(cls),
                {
                    "zoc": "yes" if info.get("zoc") else "no",
                    "infantry_type": "yes" if info.get("infantry_type") else "no",
                    "rail_rate": rail,
                    "rail_equivalent": eq,
                    "rule": info.get("rule", ""),
                },
            )
        )
    m = rs.data["movement"]
    notes = [
        f"Entraining costs {m['entrain_mp']} MP (R7-3); unused fractions of an MP are lost (R7-7). "
        f"Column movement multiplies the movement allowance by {m['column_factor']}, rounded down (R6-10).",
        "Rail capacity used is in divisions: it counts against every country whose rail network the move "
        "uses (R8-4); reduced units count in full (R8-6).",
    ]
    return Table(
        "unit-classes",
        "Unit classes",
        "Class",
        [
            Column("zoc", "Exerts ZOC"),
            Column("infantry_type", "Infantry type"),
            Column("rail_rate", "Rail movement"),
            Column("rail_equivalent", "Rail capacity used"),
            Column("rule", "Rule"),
        ],
        rows,
        notes,
        new_page=True,
    )


def rail_capacity_table(rs: Ruleset) -> Table:
    """Rail capacity per country, divisions per turn (R8-1; nation rules); blank where no rule gives it
    (scenario parameters, R8-2)."""
    data = rs.data.raw
    caps = data["rail_capacity"]
    rows = []
    for nation, side in data["nations"].items():
        entry = caps.get(nation)
        rows.append(
            Row(
                nation,
                nation_label(nation),
                {
                    "side": SIDE_NAMES.get(side, side),
                    "capacity": number(entry["value"]) if isinstance(entry, Mapping) else BLANK,
                    "rule": entry["rule"] if isinstance(entry, Mapping) else "R8-2: scenario",
                },
            )
        )
    st = data["single_track"]
    notes = [
        "Capacity = divisions (or equivalents) that may move by rail on the country's network in a turn "
        "(R8-1); a player never conquers another country's capacity (R8-3).",
        f"Single-track hexside: {st['units_per_phase']} unit per Movement Phase, "
        f"{st['german_units_per_phase']} on the German network ({st['rule']}).",
        "Blank boxes: the rules leave the capacity to the scenario (R8-2); write it in or give it in a "
        "values file.",
    ]
    return Table(
        "rail-capacity",
        "Rail capacity (divisions per turn)",
        "Country",
        [Column("side", "Side"), Column("capacity", "Capacity", whole=True), Column("rule", "Rule")],
        rows,
        notes,
    )


def track_sheets(rs: Ruleset, capacity: Table) -> list[TrackSheet]:
    """One sheet per side: a numbered track 0…capacity per country, to mark rail capacity spent this
    turn (R8-1); the capacity is the table's value (the rulebook's, or the user's)."""
    artillery_eq = number(rs.data["classes"]["artillery"]["rail_equivalent"])
    sheets = []
    for side in rs.sides:
        tracks = []
        for row in capacity.rows:
            if rs.data["nations"].get(row.id) != side:
                continue
            cap = row.cell("capacity")
            rule = "values file" if "capacity" in row.user else str(row.cell("rule"))
            tracks.append(Track(row.label, None if cap is BLANK else int(cap), rule))
        sheets.append(
            TrackSheet(
                f"rail-track-{side}",
                f"Rail capacity track: {SIDE_NAMES.get(side, side)}",
                tracks,
                notes=[
                    "Mark the divisions (or equivalents) each country's network has carried this turn: "
                    f"a unit counts against every network it uses (R8-4), artillery {artillery_eq}, "
                    "HQs by supply points (R8-8). "
                    "Capacity is lost when all the country's cities are occupied or it surrenders (R8-9).",
                ],
                copies=2,
            )
        )
    return sheets

"""Der Weltkrieg player aids, built from the engine's data (``data.toml``, ``combat.toml``).

Every number comes from the ruleset's data files or from the engine itself (movement costs per
unit class are the engine's verdicts on a probe step, :mod:`..engine_probe`); the text paraphrases
the rules (shared/rules/der-weltkrieg.md) and keeps their numbers. Cells the rulebook does not print
(Desert and Flood Plain, R3's separate CRT card) are blank boxes for the user's values file.
Nation rules the engine's data does not hold yet are in ``nations.toml`` here. Inventory:
der-weltkrieg.md §8.13.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.ruleset import Ruleset, get_ruleset
from ..tables import Aids, Table, TrackSheet
from .cards import sequence_table, supply_card, supply_line_table, supply_track_sheets
from .colours import colour_table
from .combat import (
    crt_tables,
    demoralization_table,
    fortress_table,
    loss_order_table,
    retreat_table,
    solid_defence_table,
    stacking_table,
)
from .dates import calendar_table
from .nations import dm_track_sheet, nation_other_table, nation_table
from .rail import rail_capacity_table, track_sheets, unit_class_table
from .retreat import retreat_priority_table
from .terrain import terrain_table
from .turns import turn_record_sheet

RULESET = "der-weltkrieg"


def _ruleset() -> Ruleset:
    return get_ruleset(RULESET)


def tables() -> list[Table]:
    """Every Der Weltkrieg table, in page order, before the user's values are filled in."""
    rs = _ruleset()
    return [
        terrain_table(rs),
        unit_class_table(rs),
        rail_capacity_table(rs),
        supply_card(rs),
        supply_line_table(rs),
        sequence_table(),
        stacking_table(),
        retreat_table(),
        loss_order_table(),
        demoralization_table(),
        solid_defence_table(),
        fortress_table(),
        retreat_priority_table(),
        *crt_tables(),
        nation_table(rs),
        nation_other_table(rs),
        calendar_table(rs),
        colour_table(),
    ]


def assemble(filled: Sequence[Table]) -> Aids:
    """Page order: terrain chart, units and rail capacity, the rail track sheets (made from the filled
    capacity table), supply card and Supply Tracks, sequence of play and Turn Record Track, the other
    combat tables, the CRT, nation rules and the Demoralization Point Track (made from the filled nation
    table), calendar triggers, unit colour key."""
    rs = _ruleset()
    by_id = {t.id: t for t in filled}
    blocks: list[Table | TrackSheet] = [by_id["terrain"], by_id["unit-classes"], by_id["rail-capacity"]]
    blocks += track_sheets(rs, by_id["rail-capacity"])
    rest = [t for t in filled if t.id not in {"terrain", "unit-classes", "rail-capacity"}]
    for t in rest:
        blocks.append(t)
        if t.id == "supply-lines":
            blocks += supply_track_sheets(rs)
        elif t.id == "sequence":
            blocks.append(turn_record_sheet())
        elif t.id == "nation-rules":
            blocks.append(dm_track_sheet(by_id["nations"]))
    return Aids(f"{rs.name}: player aids", blocks)

"""Combat tables: the CRT (blank but for Fig 9), stacking, retreat, losses, demoralization, solid
defence, fortress surrender (R11, R13, R14, R21, R22, R26)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....engine.rulesets.der_weltkrieg import combat_data
from ..tables import BLANK, Column, Row, Table
from .text import label, nation_label, number, signed


def value_row(row_id: str, text: str, entry: dict[str, Any], show: Callable[[Any], str] = number) -> Row:
    """A row showing one data entry (``{"value", "rule"}``): its value as ``show`` writes it, and
    its rule."""
    return Row(row_id, text, {"value": show(entry["value"]), "rule": entry["rule"]})


def times(v: Any) -> str:
    """A multiplier: ×2, ×1/2."""
    return f"×{v}"


CRT_RULE = "R13-13, R13-17; the CRT card, not in the rulebook: R3, R13-26"
"""What a blank CRT box answers to."""


def crt_tables() -> list[Table]:
    """The Combat Results Table, standard and "1917 and Later" (R13-26): not printed in the rulebook
    (R3), so every cell is a box to fill in except the two Fig 9 shows."""
    c = combat_data.data()
    largest = combat_data.value("crt", "largest_column")
    lo, hi = combat_data.value("die_roll", "lowest"), combat_data.value("die_roll", "highest")
    start = c["crt"]["later_table_from"]
    known = {(k["table"], k["column"], k["roll"]): k["result"] for k in c["crt"]["known"]}
    tables = []
    for table, title in (
        ("standard", f"Combat Results Table: standard (before {start['month']}/{start['year']})"),
        (
            "1917",
            f"Combat Results Table: 1917 and later (from turn 1 of {start['month']}/{start['year']}, "
            f"{start['rule']})",
        ),
    ):
        cols = [Column(str(n), str(n), whole=True, rule=CRT_RULE) for n in range(1, largest + 1)]
        rows = [
            Row(
                str(roll),
                str(roll),
                {
                    col.id: number(known[(table, int(col.id), roll)])
                    if (table, int(col.id), roll) in known
                    else BLANK
                    for col in cols
                },
            )
            for roll in range(lo, hi + 1)
        ]
        notes = [
            "Columns: the attacker's (or counterattacker's) total adjusted strength points; rows: the "
            "adjusted die roll; a cell is the least number of strength points the other side must lose "
            "(R13-8, R13-13, R13-17).",
            f"Over {largest}: {largest}-column result for each full {largest} plus the remainder's column, "
            f"same roll (R13-19).",
            "The CRT is a separate card (R3, R13-26), not in the rulebook: fill the boxes from the card or "
            "a values file." + (" Printed cells: Fig 9." if any(k[0] == table for k in known) else ""),
        ]
        tables.append(
            Table(f"crt-{table}", title, "Die roll", cols, rows, notes, new_page=table == "standard")
        )
    return tables


def demoralization_table() -> Table:
    """Demoralization points (R26-3, R37-6)."""
    dm = combat_data.data()["demoralization"]
    rows = [value_row(k, label(k), v, times if k.endswith("multiplier") else number) for k, v in dm.items()]
    return Table(
        "demoralization",
        "Demoralization points",
        "Event",
        [Column("value", "DM"), Column("rule", "Rule")],
        rows,
    )


def solid_defence_table() -> Table:
    """Artillery strength points an attacker needs against a solid defence, by year and front (R22-20)."""
    sd = combat_data.data()["solid_defence"]
    fronts = [("west", "Western Front"), ("italy", "Italian Front"), ("other", "Other fronts")]
    rows = [
        Row(str(e["year"]), str(e["year"]), {f: number(e[f]) for f, _ in fronts})
        for e in sd["artillery"]["value"]
    ]
    m = sd["min_infantry_per_hexside"]
    return Table(
        "solid-defence",
        f"Solid defence: artillery strength points the attacker needs ({sd['artillery']['rule']})",
        "Year",
        [Column(f, t) for f, t in fronts],
        rows,
        [
            f"Solid defence: a trench with at least {m['value']} infantry strength "
            "points, or a full-strength "
            f"division's, per hexside attacked through ({m['rule']}). Too little artillery, clear terrain: "
            f"attacker {signed(combat_data.value('die_roll', 'solid_defence_attack'))} DR, defender "
            f"{signed(combat_data.value('die_roll', 'solid_defence_counterattack'))} DR on the "
            "counterattack; broken: "
            f"the counterattack bonus only ({combat_data.rule('die_roll', 'solid_defence_counterattack')})."
        ],
    )


def loss_order_table() -> Table:
    """Order in which losses are taken, one type fully before the next (R13-23)."""
    lo = combat_data.data()["losses"]["order"]
    rows = [Row(str(i), str(i), {"type": label(t)}) for i, t in enumerate(lo["value"], start=1)]
    return Table("loss-order", f"Order of losses ({lo['rule']})", "Order", [Column("type", "Units")], rows)


def fortress_table() -> Table:
    """Turns surrounded before a fortress becomes prone to surrender, by strength (R21-10)."""
    f = combat_data.data()["fortress"]
    rows, low = [], 1
    for e in f["prone_after"]["value"]:
        hi = e["max_strength"]
        text = f"{low}–{hi}" if hi < 9999 else f"{low} or more"
        rows.append(Row(str(hi), text, {"turns": number(e["turns"])}))
        low = hi + 1
    off = f["surrender_roll_offset"]
    return Table(
        "fortress",
        f"Fortress surrender ({f['prone_after']['rule']})",
        "Fortress strength",
        [Column("turns", "Turns surrounded before prone")],
        rows,
        [
            f"Each later turn surrounded adds 1 to the count; the fortress surrenders when two dice minus "
            f"{off['value']} are at most the count ({off['rule']}). Russian fortresses lose "
            f"{number(f['russian_loss_per_turn']['value'])} strength points per turn "
            "surrounded and are removed "
            f"below {number(f['russian_minimum']['value'])} ({f['russian_loss_per_turn']['rule']})."
        ],
    )


def stacking_table() -> Table:
    """Stacking limits (R11) and counterattack multipliers (R13-15 and exceptions)."""
    st = combat_data.data()["stacking"]
    full = st["full_land_hexsides"]["value"]
    rows = [
        value_row("divisions", "Divisions per hex", st["divisions"]),
        value_row("artillery", "Artillery units, in addition", st["artillery"]),
        value_row("small_unit", "Brigade or regiment counts as", st["small_unit"], "{} division".format),
        value_row("us", "US infantry/marine division counts", st["us_multiplier"], times),
        Row(
            "free",
            "Not counted",
            {
                "value": ", ".join(
                    label(c) if len(c) <= 3 else label(c).lower() for c in st["free_classes"]["value"]
                ),
                "rule": st["free_classes"]["rule"],
            },
        ),
        Row(
            "reduced",
            "Hexes with fewer land hexsides than",
            {
                "value": f"{full}: limit −1/{full} per missing hexside",
                "rule": st["full_land_hexsides"]["rule"],
            },
        ),
        value_row(
            "attack", "Such a hex may be attacked by at most", st["attack_multiple"], "×{} its limit".format
        ),
    ]
    ca = combat_data.data()["counterattack"]
    rows += [
        value_row(f"counter_{k}", f"Counterattack strength: {label(k).lower()}", v, times)
        for k, v in ca.items()
    ]
    return Table(
        "stacking",
        "Stacking and counterattack strength",
        "Item",
        [Column("value", "Value"), Column("rule", "Rule")],
        rows,
        ["Stacking is checked at the end of every phase; the owner removes the excess (R11-1, R11-3)."],
        new_page=True,
    )


def retreat_table() -> Table:
    """Mandatory retreat: the defender must retreat when the attack result reaches this share of its
    unadjusted strength (R14-4 and its modifiers)."""
    r = combat_data.data()["retreat"]

    def frac(v: Any) -> str:
        return "all" if str(v) == "1" else str(v)

    rows = [
        value_row("default", "Default", r["default_fraction"], frac),
        value_row("trench", "Viable trench in the hex", r["trench_fraction"], frac),
    ]
    for e in r["terrain_drm_by_year"]["value"]:
        years = f"{e['from']}" if e["from"] == e["to"] else f"{e['from']} on"
        rows.append(
            Row(
                f"terrain_{e['from']}",
                f"{years}: terrain giving {e['drm']} DR or better",
                {"value": frac(r["terrain_fraction"]["value"]), "rule": r["terrain_drm_by_year"]["rule"]},
            )
        )
    rows.append(value_row("surrounded", "Surrounded", r["surrounded_fraction"], frac))
    rows.append(value_row("assault", "Attacked by full-strength assault units", r["assault_fraction"], frac))
    for e in r["third"]["nations"]:
        until = "always" if e["to"] >= 9999 else f"until {e['to']}"
        rows.append(
            Row(
                f"third_{e['nation']}",
                f"{nation_label(e['nation'])} ({until})",
                {"value": r["third"]["value"], "rule": e["rule"]},
            )
        )
    rows.append(value_row("loss_kept", "Retreating defender's loss kept", r["loss_kept"], str))
    return Table(
        "retreat",
        "Mandatory retreat: result ≥ this share of the hex's strength",
        "Situation",
        [Column("value", "Share"), Column("rule", "Rule")],
        rows,
        [
            "Never retreats: a city centre or port hex, urban terrain chosen, a fortress in the hex (R14-4); "
            "mountain or alpine defensive terrain unless surrounded (R14-18). Artillery is "
            "not counted (R29-14)."
        ],
    )

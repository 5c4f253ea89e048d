"""The Terrain Effects Chart (TEC, back of the rulebook, R3): movement costs per unit class as the
engine charges them, and combat effects."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction

from ....engine.ruleset import PROHIBITED, Ruleset
from ....engine.rulesets.der_weltkrieg import combat_data
from ..engine_probe import step_cost
from ..tables import BLANK, Column, Row, Table
from .text import effect, label, number, signed

# Rows of the printed TEC that carry no value in the standard rules: the rulebook refers to the
# Osmanli Harbi scenario rules for them (TEC). They follow the row named in "after".
UNPRINTED_TERRAIN = {
    "desert": {"after": "hilly", "label": "Desert", "rule": "TEC: Osmanli Harbi 3-1 to 3-4"},
    "flood_plain": {"after": "woods", "label": "Flood Plain", "rule": "TEC: Osmanli Harbi 12-7, 12-8"},
}
# Hex features the TEC lists with no effect at all (TEC rows "no additional cost / none / none").
NO_EFFECT_FEATURES = {
    "city": "City (both types)",
    "industrial": "Industrial and resource centers",
    "port": "Port",
}


@functools.cache
def movement_groups(
    rs: Ruleset, terrains: Sequence[str]
) -> list[tuple[str, list[str], list[Fraction | None]]]:
    """Unit classes grouped by what the engine charges them on every terrain: (column id, classes,
    costs). The largest group is the plain ``mp`` column; classes that never move, or move by their
    own rules and not over terrain (River Flotillas along the Danube, R36-1), are left out."""
    by_costs: dict[tuple, list[str]] = {}
    for cls, info in rs.data["classes"].items():
        if info.get("moves", True) is not True:
            continue
        costs = tuple(step_cost(rs, t, cls) for t in terrains)
        by_costs.setdefault(costs, []).append(cls)
    groups = sorted(by_costs.items(), key=lambda kv: -len(kv[1]))
    return [
        ("mp" if i == 0 else f"mp_{classes[0]}", classes, list(costs))
        for i, (costs, classes) in enumerate(groups)
    ]


def terrain_table(rs: Ruleset) -> Table:
    """The Terrain Effects Chart (back of the rulebook, R3), one MP column per group of unit classes
    the engine charges alike (R32-1 mountain units), then combat effects (R13-3…13-6)."""
    data = rs.data.raw
    terrains = list(data["terrain"])
    groups = movement_groups(rs, tuple(terrains))
    cls_rules = {c: data["classes"][c].get("rule", "") for _, cs, _ in groups for c in cs}
    columns = []
    for gid, classes, _ in groups:
        if gid == "mp":
            header = "MP to cross, most units" if len(groups) > 1 else "MP to cross"
        else:
            header = "MP, " + ", ".join(label(c).lower() for c in classes) + " units"
        columns.append(Column(gid, header))
    columns += [
        Column("attack", "Effect on attacks"),
        Column("counterattack", "Effect on counterattacks"),
        Column("rule", "Rule"),
    ]
    mp_ids = [gid for gid, _, _ in groups]

    def mp_text(cost: Fraction | None) -> str:
        return "Prohibited" if cost is None else number(cost)

    rows: list[Row] = []
    for k, t in enumerate(terrains):
        info = data["terrain"][t]
        cells: dict[str, str | None] = {gid: mp_text(costs[k]) for gid, _, costs in groups}
        cells.update(
            attack=effect(info["attack"]), counterattack=effect(info["counterattack"]), rule=info["rule"]
        )
        rows.append(Row(t, label(t), cells))
        for name, extra in UNPRINTED_TERRAIN.items():
            if extra["after"] == t:
                blank = {gid: BLANK for gid in mp_ids}
                rows.append(
                    Row(
                        name,
                        extra["label"],
                        {**blank, "attack": BLANK, "counterattack": BLANK, "rule": extra["rule"]},
                    )
                )
    # overlays (R6-7 cumulative): the same for every class
    for name, info in data["overlay"].items():
        mp = signed(info["mp"])
        if info.get("ezoc_to_ezoc") == PROHIBITED:
            mp += "; never from enemy ZOC to enemy ZOC"
        rows.append(
            Row(
                name,
                f"{label(name)} (hexside)",
                {
                    **{gid: mp for gid in mp_ids},
                    "attack": effect(info["attack"]),
                    "counterattack": effect(info["counterattack"]),
                    "rule": info["rule"],
                },
            )
        )
    mountain_cols = {
        gid for gid, classes, _ in groups if any(data["classes"][c].get("mountain") for c in classes)
    }
    for name, info in data["rail_line"].items():
        cells = {}
        for gid in mp_ids:
            threshold = (
                info.get("mountain_unit_threshold", info["threshold"])
                if gid in mountain_cols
                else info["threshold"]
            )
            cells[gid] = f"{signed(info['mp'])} if the hexside costs ≥ {threshold} before adjustment"
        title = "Rail line (double track)" if name == "double" else f"{label(name)} track rail line"
        rows.append(
            Row(
                f"rail_{name}",
                title,
                {**cells, "attack": "None", "counterattack": "None", "rule": info["rule"]},
            )
        )
    for key, text in NO_EFFECT_FEATURES.items():
        rows.append(
            Row(
                key,
                text,
                {
                    **{gid: "No additional cost" for gid in mp_ids},
                    "attack": "None",
                    "counterattack": "None",
                    "rule": "TEC",
                },
            )
        )
    for name, info in data["markers"].items():
        if "mp" not in info:
            continue  # no movement effect (a depot, R19-15)
        mp = f"{signed(info['mp'])} to enter"
        if info.get("exempt_hexsides"):
            mp += " (not across " + ", ".join(info["exempt_hexsides"]) + ")"
        rows.append(
            Row(
                name,
                f"{label(name)} marker",
                {
                    **{gid: mp for gid in mp_ids},
                    "attack": effect(info["attack"]),
                    "counterattack": "None",
                    "rule": info["rule"],
                },
            )
        )
    zoc = data["zoc"]
    rows.append(
        Row(
            "enemy_zoc",
            "Enemy zone of control",
            {
                **{
                    gid: f"{signed(zoc['enter'])} to enter, {signed(zoc['leave'])} to leave" for gid in mp_ids
                },
                "attack": "",
                "counterattack": "",
                "rule": zoc["rule"],
            },
        )
    )
    winter_months = ", ".join(str(m) for m in data["winter"]["months"])
    notes = [
        "Costs are per hexside crossed and add up: hexside terrain, river, rail line, markers in the hex "
        "entered, enemy ZOC (R6-6, R6-7, R10-7). DR = die roll; effects apply to the terrain the defender "
        "chooses (R13-3).",
        "Weather: winter (months "
        f"{winter_months}, {data['winter']['rule']}) changes no movement cost; it adds "
        f"{signed(combat_data.value('die_roll', 'winter_counterattack'))} to the counterattack "
        "die roll unless all "
        f"attackers are in trenches ({combat_data.rule('die_roll', 'winter_counterattack')}) and "
        "shortens supply lines (supply card).",
        f"Die-roll modifiers total at most ±{combat_data.value('die_roll', 'modifier_cap')} "
        f"({combat_data.rule('die_roll', 'modifier_cap')}); adjusted rolls run "
        f"{combat_data.value('die_roll', 'lowest')} to {combat_data.value('die_roll', 'highest')} "
        f"({combat_data.rule('die_roll', 'lowest')}, {combat_data.rule('die_roll', 'highest')}).",
    ]
    for gid, classes, _ in groups[1:]:
        notes.append(f"{label(gid[3:])} units: {'; '.join(cls_rules[c] for c in classes)}.")
    notes += [f"{label(t)}: {info['note']}." for t, info in data["terrain"].items() if info.get("note")]
    notes.append(
        "Desert and Flood Plain are not printed in the standard rules (TEC refers to the Osmanli Harbi "
        "scenario rules): fill in the boxes."
    )
    return Table("terrain", "Terrain Effects Chart", "Terrain", columns, rows, notes)

"""Nation-specific summary (spec Appendix A; rulebook R37–R49) and the Demoralization Point Track (R26).

Rail capacity, retreat thresholds, loss reduction on retreat and the nations each HQ supplies come from
the engine's data (``data.toml``, ``combat.toml``); the nation rules it does not hold yet (mountain
infantry, the other special rules) from ``nations.toml`` beside this module, each with its rule number.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

from ....engine.ruleset import Ruleset
from ....engine.rulesets.der_weltkrieg import combat_data
from ..tables import BLANK, Column, Row, Table, Track, TrackSheet
from .text import SIDE_NAMES, nation_label, number


@functools.cache
def nation_rules() -> dict[str, Any]:
    """``nations.toml``: per nation, the rules the engine's data files do not hold (R37–R49)."""
    return tomllib.loads(resources.files(__package__).joinpath("nations.toml").read_text("utf-8"))


def _cite(entry: Mapping[str, str]) -> str:
    return f"{entry['text']} ({entry['rule']})"


def _retreat(nation: str) -> str:
    """Mandatory-retreat share for ``nation``: 1/2 (R14-4) unless a nation rule makes it 1/3."""
    r = combat_data.data()["retreat"]
    default = f"{r['default_fraction']['value']} ({r['default_fraction']['rule']})"
    for e in r["third"]["nations"]:
        if e["nation"] != nation:
            continue
        when = "always" if e["to"] >= 9999 else f"until the end of {e['to']}"
        text = f"{r['third']['value']} {when} ({e['rule']})"
        if not e["trench_helps"]:
            text += "; trenches and R22-16 do not help"
        if nation in r["with_germans"]["value"]:
            text += (
                f"; {r['default_fraction']['value']} when stacked with Germans ({r['with_germans']['rule']})"
            )
        return text
    return default


def _loss_reduction(nation: str) -> str:
    """Whether a retreating defender keeps only part of its loss (R14-3), or not (R40-6, R42-3)."""
    r = combat_data.data()["retreat"]
    nr = r["no_reduction"]
    if nation not in nr["value"]:
        return f"yes: {r['loss_kept']['value']} of the loss ({r['loss_kept']['rule']})"
    rules = [x.strip() for x in nr["rule"].split(";")]
    rule = rules[nr["value"].index(nation)] if len(rules) == len(nr["value"]) else nr["rule"]
    return f"no ({rule})"


def _supplies(rs: Ruleset, nation: str) -> str:
    """Nations whose HQs/units this nation's HQs may supply (R18-13 and the nation rules)."""
    entry = rs.data.raw["supplies_others"].get(nation)
    parts = []
    if entry:
        names = [
            f"all {SIDE_NAMES[n[1:]]} HQs and units" if n.startswith("*") else nation_label(n)
            for n in entry["nations"]
        ]
        parts.append(f"{', '.join(names)} ({entry['rule']})")
    extra = nation_rules().get(nation, {}).get("supplies_extra")
    if extra:
        parts.append(_cite(extra))
    return "; ".join(parts) or "—"


def _other(rs: Ruleset, nation: str) -> str:
    """The nation's other special rules: engine data first (single track, DM), then nations.toml."""
    items = []
    if nation == "germany":
        st = rs.data.raw["single_track"]
        items.append(
            f"{st['german_units_per_phase']} units per single-track hexside of the German network "
            f"({st['rule'].split(';')[-1].strip()})"
        )
        gm = combat_data.data()["demoralization"]["germany_multiplier"]
        items.append(f"×{gm['value']} DM for cities or urban hexsides in Germany ({gm['rule']})")
    items += [_cite(e) for e in nation_rules().get(nation, {}).get("other", [])]
    return "\n".join(items) or "—"


def nation_table(rs: Ruleset) -> Table:
    """One row per nation (spec Appendix A; R37–R49): rail capacity (R8-1), mandatory-retreat share
    (R14-4), loss reduction on retreat (R14-3), nations supplied (R18-13) and Demoralization Points
    (R26-2). The DM track maximum is not in the rulebook (R26-5 leaves the thresholds to the campaign
    rules): a blank box per nation, which the Demoralization Point Track is made from."""
    data = rs.data.raw
    rows = []
    for nation, side in data["nations"].items():
        cap = data["rail_capacity"].get(nation)
        dm = nation_rules().get(nation, {}).get("dm")
        rows.append(
            Row(
                nation,
                nation_label(nation),
                {
                    "side": SIDE_NAMES.get(side, side),
                    "rail": f"{number(cap['value'])} ({cap['rule']})" if isinstance(cap, Mapping) else BLANK,
                    "retreat": _retreat(nation),
                    "loss": _loss_reduction(nation),
                    "supplies": _supplies(rs, nation),
                    "dm": _cite(dm) if dm else "tracked (R26-2)",
                    "dm_max": BLANK,
                },
            )
        )
    return Table(
        "nations",
        "Nation-specific summary",
        "Nation",
        [
            Column("side", "Side"),
            Column("rail", "Rail capacity", rule="R8-2: scenario"),
            Column("retreat", "Must retreat at"),
            Column("loss", "Loss reduced by retreat"),
            Column("supplies", "HQs also supply"),
            Column("dm", "DM"),
            Column("dm_max", "DM track top", whole=True, rule="R26-5: campaign rules"),
        ],
        rows,
        [
            "Blank rail capacity: left to the scenario (R8-2). Must retreat at: the share of the hex's "
            "unadjusted strength the loss called for must reach (R14-4; its exceptions still apply). "
            "DM track top: no maximum in the rulebook (R26-5), see the Demoralization Point Track.",
        ],
        new_page=True,
    )


def nation_other_table(rs: Ruleset) -> Table:
    """The other nation rules (spec Appendix A, R37–R49): mountain infantry and special rules."""
    rows = []
    for nation in rs.data.raw["nations"]:
        mountain = nation_rules().get(nation, {}).get("mountain_infantry")
        rows.append(
            Row(
                nation,
                nation_label(nation),
                {"mountain": _cite(mountain) if mountain else "—", "other": _other(rs, nation)},
            )
        )
    return Table(
        "nation-rules",
        "Nation-specific other rules (mountain infantry and more)",
        "Nation",
        [Column("mountain", "Mountain infantry"), Column("other", "Other nation rules")],
        rows,
    )


def dm_track_sheet(nations: Table) -> TrackSheet:
    """Demoralization Point Track (R26, card SPW-SCN-DMC): a line per nation, boxes 0…the DM track top
    of the filled nation table, or a box to write it in (the rulebook gives no maximum, R26-5)."""
    tracks = []
    for row in nations.rows:
        top = row.cell("dm_max")
        rule = "values file" if "dm_max" in row.user else "R26-5"
        tracks.append(
            Track(
                row.label,
                None if top is BLANK else int(top),
                rule,
                blank="DM maximum not given by the rules",
            )
        )
    return TrackSheet(
        "dm-track",
        "Demoralization Point Track",
        tracks,
        notes=[
            "Mark each country's accumulated Demoralization Points (R26-1, R26-3); all countries but "
            "Belgium in campaign games, those the scenario names in scenarios (R26-2). DM are not "
            "subtracted when a city is regained (R26-4).",
            "The rulebook gives no maximum (Shaken National Morale, Economic Collapse and surrender "
            "thresholds are in the campaign rules, R26-5): write it in, or give nations.<nation>.dm_max "
            "in a values file for a numbered track.",
        ],
    )

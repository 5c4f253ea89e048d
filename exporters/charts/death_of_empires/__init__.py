"""Death of Empires player aids, built from the engine's data (``data.toml``).

Every number printed is one the Standard Rules' text gives (with its rule); every cell a title's
Exclusive Rules or Terrain Effects Chart gives instead is a blank box. The tables and their row and
column ids are the ones the engine reads from the chart-values file (``tec``, ``road_tec``,
``hexside``, ``rail``, ``station``, ``port``, ``supply_range``, ``mission_diagram``), so one file fills
both the boxes and the engine's missing cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ....engine.ruleset import PROHIBITED, Ruleset, get_ruleset
from ..tables import BLANK, Column, Row, Table

RULESET = "death-of-empires"
MRS = ("L", "I", "D", "H", "C", "M", "T", "R")
MR_NAMES = {
    "L": "L leg",
    "I": "I infantry",
    "D": "D draft",
    "H": "H horse",
    "C": "C cavalry",
    "M": "M motorized",
    "T": "T tracked",
    "R": "R railroad",
}
TERRAINS = ("clear", "rough", "woods", "swamp", "mountain", "all_water")
HEXSIDES = ("river", "major_river", "grand_river")
NATIONS = ("germany", "austria_hungary", "russia")


def _ruleset() -> Ruleset:
    return get_ruleset(RULESET)


def _mp(value) -> str:
    if value == PROHIBITED:
        return "P"
    f = Fraction(value)
    whole, rest = divmod(f.numerator, f.denominator)
    if not rest:
        return str(whole)
    frac = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾"}.get((rest, f.denominator))
    text = frac or f"{rest}/{f.denominator}"
    return f"{whole}{text}" if whole else text


def _mr_table(
    rs: Ruleset, tid: str, title: str, rows: Sequence[str], rule: str, notes: Sequence[str]
) -> Table:
    data = rs.data.raw.get(tid, {})
    out = []
    for r in rows:
        cells = {}
        rules = []
        for mr in MRS:
            entry = data.get(r, {}).get(mr)
            cells[mr] = _mp(entry["mp"]) if entry else BLANK
            if entry:
                rules.append(entry["rule"])
        cells["rule"] = "; ".join(sorted(set(rules))) or ""
        out.append(Row(r, r.replace("_", " "), cells))
    columns = [Column(mr, MR_NAMES[mr], rule=rule, cost=True) for mr in MRS] + [Column("rule", "rule")]
    return Table(tid, title, "", columns, out, notes)


def tec_table(rs: Ruleset) -> Table:
    return _mr_table(
        rs,
        "tec",
        "Terrain Effects Chart: MP to enter a hex in Deployed Mode (8.21)",
        TERRAINS,
        "8.21 (the title's TEC)",
        (
            "P = prohibited. Printed cells are the ones the Standard Rules' examples give; the rest are"
            " the title's TEC.",
            "A move is legal only if the move back would be (8.21.B). Segment totals are summed, then"
            " rounded, ½ up (8.21.E).",
        ),
    )


def road_table(rs: Ruleset) -> Table:
    return _mr_table(
        rs,
        "road_tec",
        "Road Mode along a road (8.4, 8.41)",
        ("primary",),
        "8.4 (the title's TEC)",
        (
            "Following a road: the road's cost replaces the hex's and its hexsides'; bridges and ferries"
            " negate rivers for Road Mode only (8.4).",
        ),  # fmt: skip
    )


def hexside_table(rs: Ruleset) -> Table:
    return _mr_table(
        rs,
        "hexside",
        "Hexside terrain: MP to cross (8.21)",
        HEXSIDES,
        "8.21 (the title's TEC)",
        ("ZOC does not extend across Major or Grand River hexsides (3.42).",),
    )


def movement_table(rs: Ruleset) -> Table:
    d = rs.data.raw
    rows = [
        (
            "march",
            "March Segment, per day of the impulse",
            str(d["allowance"]["march_per_day"]["value"]),
            d["allowance"]["march_per_day"]["rule"],
        ),  # noqa: E501
        (
            "counter_march",
            "Counter-March Segment, per day",
            str(d["allowance"]["counter_march_per_day"]["value"]),
            d["allowance"]["counter_march_per_day"]["rule"],
        ),  # noqa: E501
        (
            "force_march",
            "Force March (Counter-March only), at most",
            f"{d['allowance']['force_march_times']['value']} x Counter-March MP",
            d["allowance"]["force_march_times"]["rule"],
        ),  # noqa: E501
        (
            "corps_train_fm",
            "Corps Train Force March, at most",
            str(d["allowance"]["corps_train_force_march"]["value"]),
            d["allowance"]["corps_train_force_march"]["rule"],
        ),  # noqa: E501
    ]
    for key, label in (
        ("zoc_enter", "enter an enemy ZOC hex"),
        ("zoc_leave", "leave an enemy ZOC hex (free at the start of one's own March)"),
        ("zoc_to_zoc", "ZOC to ZOC, in addition (never in Road Mode)"),
        ("enter_road", "enter Road Mode"),
        ("leave_road", "leave Road Mode"),
        ("crowding_per_be", "Road Mode: per friendly BE in the hex entered (own PFI not counted)"),
        ("facing_change", "change facing during own March / Counter-March"),
    ):
        e = d["movement"][key]
        rows.append((key, label, _mp(e["mp"]), e["rule"]))
    for key, e in d["activities"].items():
        rows.append(
            (
                key,
                key.replace("_", " ") + (" (Deployed Mode only)" if e.get("deployed_only") else ""),
                _mp(e["mp"]),
                e["rule"],
            )
        )  # noqa: E501
    hold = d["movement"]["hold_factor"]
    rows.append(("hold", "Hold mission: TEC costs multiplied by", str(hold["value"]), hold["rule"]))
    return Table(
        "movement",
        "Movement allowances and costs (MP)",
        "",
        [Column("mp", "MP"), Column("rule", "rule")],
        [Row(k, label, {"mp": v, "rule": r}) for k, label, v, r in rows],
        ("A unit may always move one hex in its March Segment, except ZOC to ZOC (8.21.D).",),
    )


def stacking_table(rs: Ruleset) -> Table:
    d = rs.data.raw
    rows = []
    for section, what in (
        ("be", ""),
        ("be_hq", " HQ"),
        ("be_supply", ""),
        ("be_detachment", " SP detachment"),
    ):
        for k, e in d[section].items():
            rows.append(
                Row(f"{section}.{k}", k.replace("_", " ") + what, {"be": _mp(e["value"]), "rule": e["rule"]})
            )
    st = d["stacking"]
    notes = (
        f"Per hex: units of at most {st['formations']['value']} formations, or more formations with at most"
        f" {st['many_formations_be']['value']} BE ({st['many_formations_be']['rule']}); at most"
        f" {st['facings_per_hex']['value']} facings ({st['facings_per_hex']['rule']}).",
        "Not counted: fortresses, entrained units except Main Depots and Army Supply units, embarked"
        " units (3.31.C-E).",
        f"Road-Mode stack: one division-sized PF or {d['movement']['road_column_be']['value']} BE (3.31.B).",
    )
    return Table(
        "stacking",
        "Brigade equivalents (3.32) and stacking (3.31)",
        "",
        [Column("be", "BE"), Column("rule", "rule")],
        rows,
        notes,
    )  # noqa: E501


def rail_table(rs: Ruleset) -> Table:
    d = rs.data.raw["rail"]
    rows = [
        Row(
            "double",
            "double track: hexes per MP",
            {
                "mp_per_be": "",
                "value": str(d["hexes_per_mp_double"]["value"]),
                "rule": d["hexes_per_mp_double"]["rule"],
            },
        ),  # noqa: E501
        Row(
            "single",
            "single track: hexes per MP",
            {
                "mp_per_be": "",
                "value": str(d["hexes_per_mp_single"]["value"]),
                "rule": d["hexes_per_mp_single"]["rule"],
            },
        ),  # noqa: E501
        Row(
            "rail_points",
            "Rail Points per BE per MP",
            {"mp_per_be": "", "value": str(d["rp_per_be_mp"]["value"]), "rule": d["rp_per_be_mp"]["rule"]},
        ),  # noqa: E501
        Row(
            "reinforcement",
            "free Rail-Mode MP of an arriving reinforcement",
            {
                "mp_per_be": "",
                "value": str(d["reinforcement_free_mp"]["value"]),
                "rule": d["reinforcement_free_mp"]["rule"],
            },
        ),  # noqa: E501
        Row(
            "entrain",
            "entrain, MP per BE",
            {"mp_per_be": BLANK, "value": "", "rule": "8.51 (Exclusive Rules)"},
        ),
        Row(
            "detrain",
            "detrain, MP per BE",
            {"mp_per_be": BLANK, "value": "", "rule": "8.54 (Exclusive Rules)"},
        ),
    ]
    return Table(
        "rail",
        "Rail movement (8.5)",
        "",
        [
            Column("value", "value"),
            Column("mp_per_be", "MP per BE", rule="8.51; 8.54"),
            Column("rule", "rule"),
        ],
        rows,
        (
            "Friendly operational rail only; never into an enemy ZOC; no Force March; an army's LOC only with"
            " Capability 4, except its own Main Depot and Army Supply units (8.53, 7.22.C).",
        ),  # fmt: skip
    )


def capacity_tables() -> list[Table]:
    station = Table(
        "station",
        "Railroad station capacity (8.55), when the map gives none",
        "",
        [Column("be_per_day", "BE per day", whole=True, rule="8.55 (Exclusive Rules)")],
        [Row("capacity", "entrain or detrain", {"be_per_day": BLANK})],
    )
    port = Table(
        "port",
        "Naval port capacity (8.63), when the map gives none",
        "",
        [Column("be_per_day", "BE per day", whole=True, rule="8.63 (Exclusive Rules)")],
        [Row("capacity", "embark or disembark (x days of the impulse)", {"be_per_day": BLANK})],
    )
    ranges = Table(
        "supply_range",
        "Supply ranges (7.23.A), hexes",
        "",
        [Column("hexes", "hexes", whole=True, rule="7.23.A (Exclusive Rules)")],
        [
            Row(k, label, {"hexes": BLANK})
            for k, label in (
                ("main_depot", "Main Depot"),
                ("army_supply", "Army Supply unit (also its rail path to the depot)"),
                ("corps_train", "Corps Train"),
                ("loc", "a hex of the army's LOC"),
                ("rail", "friendly operational rail joined to a friendly map edge (strategic formations)"),
                ("fortress", "fortress with a supply symbol"),
            )
        ],
        (
            "A supply path may not enter enemy units, nor enemy ZOC unless a friendly unit is there"
            " (7.23, 3.43).",
        ),
    )
    diagram = Table(
        "mission_diagram",
        "Mission Requirements Diagram (2.68): advance, retire or both, per hexside direction",
        "nation",
        [Column(str(d), f"dir {d}", rule="2.68 (the title's chart)") for d in range(6)],
        [Row(n, n.replace("_", " "), {str(d): BLANK for d in range(6)}) for n in NATIONS],
        ("Directions: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW on pointy-top hexes.",),
    )
    tasks = Table(
        "rr_task",
        "Railroad tasks (8.13): Railroad Engineer Points per hex",
        "",
        [Column("points", "points", whole=True, rule="8.13 (Exclusive Rules)")],
        [Row(t, label, {"points": BLANK}) for t, label in (("prepare", "prepare a neutral hex"),
                                                          ("repair", "repair a damaged hex"),
                                                          ("damage", "damage a friendly operational hex"))],
    )  # fmt: skip
    naval = Table(
        "naval",
        "Naval Mode (8.6, 8.61)",
        "",
        [Column("mp_per_be", "MP per BE", rule="8.61 (Exclusive Rules)"),
         Column("hexes_per_mp", "hexes per MP", whole=True, rule="8.6 (Exclusive Rules)")],
        [Row("embark", "embark in a port", {"mp_per_be": BLANK, "hexes_per_mp": ""}),
         Row("disembark", "disembark in a port", {"mp_per_be": BLANK, "hexes_per_mp": ""}),
         Row("rate", "Naval Movement Rate", {"mp_per_be": "", "hexes_per_mp": BLANK})],
        ("All-water and coastal hexes, Major and Grand River hexsides; never disembark into an enemy-occupied,"  # noqa: E501
         " enemy-ZOC or enemy-controlled hex; no Force March (8.6, 8.61).",),
    )  # fmt: skip
    return [station, port, ranges, diagram, tasks, naval]


def depot_table(rs: Ruleset) -> Table:
    d = rs.data.raw["md_status"]
    rows = [
        Row(
            "maximum_double",
            "Maximum Double: all double track, LOC shared with no other",
            {"caps": str(d["maximum_double"]["value"]), "rule": "7.22.A"},
        ),  # noqa: E501
        Row(
            "medium_double",
            "Medium Double: shared with one other Main Depot",
            {"caps": str(d["medium_double"]["value"]), "rule": "7.22.A"},
        ),  # noqa: E501
        Row(
            "minimum_double",
            "Minimum Double: shared with two others",
            {"caps": str(d["minimum_double"]["value"]), "rule": "7.22.A"},
        ),  # noqa: E501
        Row(
            "single",
            "Single: any single track, or shared with three others (never 4)",
            {"caps": str(d["single"]["value"]), "rule": "7.22.A"},
        ),  # noqa: E501
    ]
    return Table(
        "md_status",
        "Main Depot status (7.22)",
        "",
        [Column("caps", "capabilities"), Column("rule", "rule")],
        rows,
        (
            "1 supply; 2 replace APs; 3 replacements; 4 Rail-Mode transport on the LOC.",
            "Out of supply: PF ML -1 per day (7.23.B); out of command: -1 (7.24.C; option: per day, 4.21).",
        ),  # fmt: skip
    )


def tables() -> list[Table]:
    rs = _ruleset()
    return [
        tec_table(rs),
        hexside_table(rs),
        road_table(rs),
        movement_table(rs),
        stacking_table(rs),
        rail_table(rs),
        depot_table(rs),
        *capacity_tables(),
    ]

"""GR/D "The Great War" player aids, built from the engine's data (``data.toml``).

The Ground Rules booklet prints no chart: every value the text gives is printed here with its rule,
every other cell is a blank box whose table, row and column ids are the ones the engine reads from
the chart-values file (``tec``, ``tec_hexside``, ``zoc_costs``, ``overrun_costs``, ``ground_success``,
``replacement_costs``, ``rail_rates``, ``supply_lines``, ``voluntary_minimum``), so
``railhead charts grd-great-war --template F.toml`` writes the file the engine's ``--values`` takes.
"""

from __future__ import annotations

from ....engine.ruleset import Ruleset, get_ruleset
from ..tables import BLANK, Column, Row, Table

RULESET = "grd-great-war"
COLUMNS = (("cm_artillery", "c/m & art."), ("other", "other"), ("exceptions", "except."))
NETS = ("nw_europe_standard", "sw_europe_standard", "ne_europe_standard", "se_europe_standard",
        "west_russia_broad", "iberian", "germany_standard", "gb_standard")  # fmt: skip


def _ruleset() -> Ruleset:
    return get_ruleset(RULESET)


def _label(name: str) -> str:
    return name.replace("_", " ")


def _num(v) -> str:
    return str(v)


def terrain_table(rs: Ruleset) -> Table:
    """MP to enter a hex by weather and TEC column [6]; the printed cells are the text's."""
    cols = [Column(f"{c}_{w}", f"{h} {w}", rule="6") for w in rs.data["weather"] for c, h in COLUMNS]
    rows = []
    for t, spec in rs.data["terrain"].items():
        if spec.get("prohibited"):
            cells = {c.id: "prohibited" for c in cols}
            cells["rule"] = spec["prohibited"].get("rule", "6")
        else:
            cells = {c.id: (_num(spec[c.id]["value"]) if c.id in spec else BLANK) for c in cols}
            cells["rule"] = "; ".join(sorted({spec[c.id]["rule"] for c in cols if c.id in spec})) or "6"
        rows.append(Row(t, _label(t), cells))
    notes = (
        "Roads [7B]: the clear-terrain cost per hex, hex and hexside terrain ignored; "
        "every rail line is a road.",
        "Devastated hex [15A8]: +2 MP, also by road. Glacier: prohibited to all units [6].",
        "Mountain units use the exceptions column in mountain terrain [14F]; "
        "other experts where the chart gives it.",
    )
    return Table(
        "tec",
        "Terrain Effects Chart: MP to enter a hex",
        "terrain",
        [*cols, Column("rule", "rule")],
        rows,
        notes,
        new_page=True,
    )


def hexside_table(rs: Ruleset) -> Table:
    cols = [Column(w, w, rule="6") for w in rs.data["weather"]]
    rows = []
    for f, spec in rs.data["hexsides"].items():
        if spec.get("prohibited"):
            cells = {w: "prohibited" for w in rs.data["weather"]}
            rule = spec["prohibited"].get("rule", "6")
        else:
            given = spec.get("unfrozen")
            cells = {w: (f"+{given['value']}" if given else BLANK) for w in rs.data["weather"]}
            rule = given.get("rule", "6") if given else "6"
            if "pontoon" in spec:
                cells["pontoon"] = f"+{spec['pontoon']['value']} ({spec['pontoon']['rule']})"
        cells["rule"] = rule
        rows.append(Row(f, _label(f), cells))
    return Table(
        "tec_hexside",
        "Hexside costs (+MP, unfrozen)",
        "hexside",
        [*cols, Column("pontoon", "pontoon"), Column("rule", "rule")],
        rows,
        ("A friendly pontoon bridge lowers a river or canal to +1, a major river to +2 [13A7].",),
    )


def zoc_table(rs: Ruleset) -> Table:
    cols = [
        Column("reduced_cost", "cavalry, light, infantry, irregular", rule="6A"),
        Column("other", "other units", rule="6A"),
    ]
    rows = [Row(r, f"{r} ZOC", {c.id: BLANK for c in cols}) for r in ("standard", "reduced")]
    return Table(
        "zoc_costs",
        "ZOC Movement Costs: MP to leave a hex in an enemy ZOC",
        "ZOC",
        cols,
        rows,
        ("Entering an enemy ZOC does not stop movement [6A]; rail movers may not enter or leave one [7A].",),
    )


def overrun_table(rs: Ruleset) -> Table:
    """The Overrun Movement Costs Table [6F1]: MP each overrunning unit pays on top of terrain and
    ZOC; the booklet prints no value."""
    cols = [
        Column("reduced_cost", "cavalry, light, infantry, irregular", rule="6F1"),
        Column("other", "other units", rule="6F1"),
    ]
    o = rs.data["overrun"]
    return Table(
        "overrun_costs",
        "Overrun Movement Costs: MP to overrun, besides terrain and ZOC",
        "Overrun",
        cols,
        [Row("overrun", "overrun", {c.id: BLANK for c in cols})],
        (
            f"Legal at {o['min_odds']['value']}:1 or better after fatigue shifts; a defenceless stack at "
            f"{o['defenceless_odds']['value']}:1 [6F1], [6B4].",
        ),
    )


def ground_success_table(rs: Ruleset) -> Table:
    """The Ground Success Table's result per modified die roll, as the Army HQs activation check
    reads it [14M1]; the booklet prints no value (it is on the Ground Combat Charts and Tables
    Chart). Each cell: success, success*, failure or failure*."""
    g = rs.data["ground_success"]
    cols = [Column(c, h, rule="14M1") for c, h in g["columns"].items()]
    return Table(
        "ground_success",
        "Ground Success Table: result by modified die roll",
        "Success",
        cols,
        [Row("result", "result", {c.id: BLANK for c in cols})],
        (
            "Each box: success, success*, failure or failure*. An Army HQs stays active on a success and "
            "is flipped to its inactive side on a failure [14M1]; disrupted: -1 [14M2].",
        ),
    )


def replacement_costs_table(rs: Ruleset) -> Table:
    """The Replacement Costs Chart [16B3a, 16B3b]: a unit type's replacement strength in Man and Equ
    Pts, at full strength and at cadre/remnant strength; the booklet prints no value. "To determine a
    unit's replacement strength consult the 'replacement strengths' section of the Replacement Costs
    Chart" [16B3a]; "Replacing a unit uses Man Pts only, Equ Pts only, or a combination of the two,
    depending on the type of unit" [16B3b]: one row per unit type."""
    cols = [
        Column("full_man", "full: Man Pts", rule="16B3a"),
        Column("full_equ", "full: Equ Pts", rule="16B3a"),
        Column("cadre_man", "cadre/remnant: Man Pts", rule="16B4a"),
        Column("cadre_equ", "cadre/remnant: Equ Pts", rule="16B4a"),
    ]
    rows = [Row(c, _label(c), {col.id: BLANK for col in cols}) for c in rs.data["classes"] if c != "rule"]
    return Table(
        "replacement_costs",
        "Replacement Costs Chart: replacement strengths and uses by unit type",
        "Unit type",
        cols,
        rows,
        (
            "Rebuilding a cadre/remnant to full strength costs the difference [16B3d, 16B4a]; a unit's "
            "replacement strength is doubled in the eliminated while isolated section [16B3a]. "
            "Write 0 for a kind of point the type does not use.",
        ),
    )


def rail_table(rs: Ruleset) -> Table:
    mv = rs.data["movement"]
    rows = [
        Row(
            "operational",
            "operational rail [7A2]",
            {"hexes_per_mp": BLANK, "note": "may mix with overland movement"},
        ),
        Row(
            "strategic",
            "strategic rail [7A3]",
            {
                "hexes_per_mp": f"{mv['strategic_rail_hexes']['value']} hexes",
                "note": "no other movement, no attack, no exploitation",
            },
        ),
        Row(
            "gauge",
            "gauge change [7A8]",
            {
                "hexes_per_mp": f"{mv['gauge_change_mp']['value']} MP / "
                f"{mv['gauge_change_hexes']['value']} hexes",
                "note": "operational / strategic",
            },
        ),
    ]
    return Table(
        "rail_rates",
        "Rail Movement Rates",
        "movement",
        [Column("hexes_per_mp", "hexes per MP", rule="7A2"), Column("note", "")],
        rows,
    )


def capacity_table(rs: Ruleset) -> Table:
    rows = [
        Row(k, _label(k), {"value": _num(v["value"]), "rule": v["rule"]})
        for k, v in rs.data["capacity"].items()
    ]
    notes = [
        "Each unit moved by rail is charged its RE size once per net per turn; artillery and c/m ×2; "
        "×2 on low-volume lines [7A4].",
        "Capture of a yard or depot: owner −2, captor +1 from next turn; owner under 2 REs loses all; "
        "last yard lost: 0 [7A5f].",
        "Deterioration each production cycle, nets of 21+ REs with enemy units: 1d6 +1/2 RR-engineer REs "
        "−1/2 depots; 6 or less: −1 [7A5g].",
    ]
    for ex in rs.data.get("capacity_exceptions", []):
        notes.append(
            f"{ex.get('side', 'any')} {', '.join(ex.get('nets', ['all nets']))}: when {_label(ex['when'])}, "
            f"{ex['cost']} Res Pts per RE built [{ex['rule']}]."
        )
    return Table(
        "capacity",
        "Rail capacity economy (REs)",
        "item",
        [Column("value", "value"), Column("rule", "rule")],
        rows,
        tuple(notes),
        new_page=True,
    )


def minimum_table(rs: Ruleset) -> Table:
    known = rs.data.get("voluntary_minimum", {})
    rows = [Row(n, _label(n), {"res": _num(known[n]) if n in known else BLANK}) for n in NETS]
    return Table(
        "voluntary_minimum",
        "Voluntary minimum capacities (Rule 41)",
        "rail net",
        [Column("res", "REs", whole=True, rule="7A5d; 41")],
        rows,
    )


def supply_table(rs: Ruleset) -> Table:
    sup = rs.data["supply"]
    rows = []
    for w in rs.data["weather"]:
        cells = {
            e: (_num(sup[f"{w}_{e}"]["value"]) if f"{w}_{e}" in sup else BLANK) for e in ("overland", "road")
        }
        rows.append(Row(w, w, cells))
    notes = (
        "Railroad element: unlimited high-volume hexes, at most "
        f"{sup['max_low_volume']['value']} low-volume [11B3a]; "
        "a non-cooperating nation's net: 2 high-volume hexes (or fraction) = 1 low-volume [11E].",
        "A net with less than 10 REs of the player's capacity counts every hex low-volume "
        "for his supply [11B3a].",
    )
    return Table(
        "supply_lines",
        "Supply Line Summary: longest elements (hexes)",
        "weather",
        [
            Column("overland", "overland", whole=True, rule="11B1"),
            Column("road", "road", whole=True, rule="11B2"),
        ],
        rows,
        notes,
    )


def ports_table(rs: Ruleset) -> Table:
    p = rs.data["ports"]
    rows = [Row(k, k, {"res": str(p[k])}) for k in ("major", "standard", "minor", "marginal")]
    rows.insert(0, Row("great", "great", {"res": "unlimited"}))
    return Table(
        "ports",
        "Port throughput for naval supply (REs)",
        "port",
        [Column("res", "REs")],
        rows,
        (f"−{p['per_hit']} REs per hit of damage [11B3b].",),
    )


def stacking_table() -> Table:
    from ....engine.rulesets.grd_great_war.stacking import LIMITS

    rows = []
    for kind, (units, res, art) in LIMITS.items():
        alts = " or ".join(
            f"{r} REs" if d == 0 else (f"{d} art. div." + (f" + {r} REs" if r else "")) for r, d in art
        )
        rows.append(
            Row(kind, _label(kind), {"units": str(units), "nondiv": f"{res} REs", "art": alts, "fort": "1"})
        )
    return Table(
        "stacking",
        "Stacking limits [8A]",
        "hex",
        [
            Column("units", "units"),
            Column("nondiv", "non-divisional"),
            Column("art", "artillery"),
            Column("fort", "fortress"),
        ],
        rows,
        ("Never counted: rail-only, water-only, 0-MA units, HQs, transport units, markers [8A4].",),
    )


def tables() -> list[Table]:
    rs = _ruleset()
    return [
        terrain_table(rs),
        hexside_table(rs),
        zoc_table(rs),
        overrun_table(rs),
        ground_success_table(rs),
        replacement_costs_table(rs),
        rail_table(rs),
        capacity_table(rs),
        minimum_table(rs),
        supply_table(rs),
        ports_table(rs),
        stacking_table(),
    ]

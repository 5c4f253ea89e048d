"""The tables of the GMT Great War player aids (spec §3, §5.2, §6, §7.1; rules 8.3, 9.1-9.5,
11.2-11.4, 12.1-12.2, 7.23)."""

from __future__ import annotations

from ....engine.ruleset import Ruleset
from ....engine.rulesets.gmt_great_war.calendar import FIRST, LAST
from ..tables import BLANK, Column, Row, Table


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _mp(v) -> str | None:
    if v == "prohibited":
        return "prohibited"
    if v == "chart":
        return BLANK
    return str(v)


def terrain_table(rs: Ruleset) -> Table:
    """Movement cost to enter each terrain (8.32-8.35, 12.2); Rough is only on the printed chart."""
    rows = []
    for name, row in rs.data["terrain"].items():
        cells = {
            "mp": _mp(row["mp"]),
            "mp_mountain": _mp(row["mountain_mp"]) if "mountain_mp" in row else "as most units",
            "rule": row["rule"],
        }
        notes = []
        if "wet_as" in row:
            notes.append(f"Wet: as {row['wet_as']}")
        if "along_pass_mp" in row:
            notes.append(f"{row['along_pass_mp']} along the pass course, not in Snow")
        if "frozen_mp" in row:
            notes.append(f"Snow (W, I, E, Caucasus): frozen, {row['frozen_mp']}, may not end there")
        cells["notes"] = "; ".join(notes)
        rows.append(Row(name, _label(name), cells))
    mv = rs.data["movement"]
    rows.append(
        Row(
            "river",
            "River hexside",
            {
                "mp": f"+{mv['river_wet']['value']} in Wet",
                "mp_mountain": f"+{mv['river_wet']['value']} in Wet",
                "rule": "8.34",
                "notes": "no effect on the Egyptian and Iraqi maps (12.2)",
            },
        )
    )
    rows.append(
        Row(
            "haff",
            "Haff hexside",
            {"mp": "+0", "mp_mountain": "+0", "rule": "8.35", "notes": "any weather; E5512/E5413 is no haff"},
        )
    )
    rows.append(
        Row(
            "devastated",
            "Devastated hex",
            {
                "mp": f"at least {mv['devastated']['value']}",
                "mp_mountain": f"at least {mv['devastated']['value']}",
                "rule": mv["devastated"]["rule"],
                "notes": "",
            },
        )
    )
    return Table(
        "terrain",
        "Terrain effects on movement",
        "Terrain",
        [
            Column("mp", "MP, most units", rule="8.32"),
            Column("mp_mountain", "MP, mountain units", rule="8.32"),
            Column("rule", "Rule"),
            Column("notes", "Weather and other"),
        ],
        rows,
        notes=(
            "All costs are cumulative (8.25); a unit may always move one hex unless the hex is "
            "prohibited (8.13).",
            "Rough: the MP is on the printed Terrain Effects Chart only; the engine reads it from "
            "the chart values.",
        ),
    )


def weather_effects_table(rs: Ruleset) -> Table:
    """What each weather does (12.2, 8.33, 8.34)."""
    rows = [
        Row("fair", "Fair", {"maps": "all", "effects": "none", "rule": "12.0"}),
        Row(
            "wet",
            "Wet",
            {
                "maps": "all but Egypt and Iraq",
                "effects": "river +1 MP; Flood Plain is Marsh",
                "rule": "12.2, 8.34",
            },
        ),
        Row(
            "snow",
            "Snow",
            {
                "maps": "all but Egypt and Iraq",
                "effects": "passes are mountain; lakes frozen on W, I, E, Caucasus; "
                "no combat into/out of Alpine",
                "rule": "12.2, 8.33, 8.34",
            },
        ),
        Row(
            "hot",
            "Hot",
            {"maps": "Near East", "effects": "supply into, not through or out of, desert", "rule": "12.2"},
        ),
    ]
    wr = rs.data["weather_rules"]
    months = "/".join(str(m) for m in wr["variable_months"]["value"])
    return Table(
        "weather-effects",
        "Weather effects",
        "Weather",
        [Column("maps", "Maps"), Column("effects", "Effects"), Column("rule", "Rule")],
        rows,
        notes=(
            f"Western and Italian maps, months {months}: roll a die, even "
            f"{wr['variable_even']['value']}, odd {wr['variable_odd']['value']} (12.13).",
        ),
    )


def strategic_table(rs: Ruleset) -> Table:
    """Strategic and sea movement limits per phase (9.11-9.23, 9.34, 9.52)."""
    rows = []
    for name, p in rs.data["strategic"].items():
        counts = []
        if p.get("double_outside"):
            counts.append(
                f"x2 if it begins or ends outside {' or '.join(_label(c) for c in p['double_outside'])}"
            )
        if p.get("within"):
            counts.append(f"only within {', '.join(_label(c) for c in p['within'])}")
        if p.get("nations"):
            counts.append(f"{', '.join(n.upper() for n in p['nations'])} units only")
        if p.get("needs"):
            counts.append(f"after the {_label(p['needs'])} event")
        rows.append(
            Row(
                name,
                _label(name),
                {
                    "side": p["side"].upper() if p["side"] == "cp" else "Allied",
                    "kind": "sea" if p.get("sea") else "strategic",
                    "fronts": ", ".join(_label(f) for f in p["fronts"]),
                    "limit": str(p["limit"]),
                    "counting": "; ".join(counts),
                    "rule": p["rule"],
                },
            )
        )
    hq = rs.data["strategic_rules"]["hq_factor"]
    return Table(
        "strategic-limits",
        "Strategic and sea movement: units per Strategic Movement Phase",
        "Pool",
        [
            Column(c, h)
            for c, h in (
                ("side", "Side"),
                ("kind", "Movement"),
                ("fronts", "Fronts"),
                ("limit", "Limit"),
                ("counting", "Counting"),
                ("rule", "Rule"),
            )
        ],
        rows,
        notes=(
            f"HQs count x{hq['value']}, cumulative with the other doubling ({hq['rule']}).",
            "East <-> Near East through the CP transit box counts against both CP limits (9.14); "
            "East <-> Caucasus through the Russian transfer box against both Russian limits (9.24).",
        ),
    )


def supply_table(rs: Ruleset) -> Table:
    """Supply ranges (11.21, 11.22, 11.41, 11.44)."""
    s = rs.data["supply"]
    rows = [
        Row(
            "direct",
            "To an Ultimate Supply Source, or a linked town/city",
            {"hexes": str(s["direct"]["value"]), "rule": s["direct"]["rule"]},
        ),
        Row(
            "hq_near_east",
            "HQs on the Near East maps",
            {"hexes": str(s["hq_near_east"]["value"]), "rule": s["hq_near_east"]["rule"]},
        ),
        Row(
            "hq_adjacent",
            "Next to a same-nationality HQ linked to a source",
            {"hexes": str(s["hq_adjacent"]["value"]), "rule": s["hq_adjacent"]["rule"]},
        ),
        Row("link", "Town/city or HQ to the source", {"hexes": "any length", "rule": "11.22"}),
    ]
    for name, p in rs.data["port_supply"].items():
        rng = f"occupying; {p['radius']} hexes" if p.get("radius") else "occupying"
        rows.append(Row(name, f"Port supply: {_label(name)}", {"hexes": rng, "rule": p["rule"]}))
    return Table(
        "supply-ranges",
        "Supply ranges",
        "Line",
        [Column("hexes", "Hexes"), Column("rule", "Rule")],
        rows,
        notes=(
            "Blocked by enemy units, intact enemy forts, all-sea hexes and hexsides; "
            "not by adjacency (11.6).",
            "Out of supply: combat factor halved, rounded up; eliminated at the next attrition "
            "step; no strategic or sea movement (11.8).",
        ),
    )


def stacking_table(rs: Ruleset) -> Table:
    st = rs.data["stacking"]
    rows = [
        Row(
            "limit",
            "Units per side per hex",
            {"value": str(st["limit"]["value"]), "rule": st["limit"]["rule"]},
        ),
        Row(
            "not_counted",
            "Not counted",
            {
                "value": ", ".join(_label(c) for c in st["not_counted"]["value"]),
                "rule": st["not_counted"]["rule"],
            },
        ),
        Row(
            "one_each",
            "At most one per hex",
            {"value": ", ".join(_label(c) for c in st["one_each"]["value"]), "rule": st["one_each"]["rule"]},
        ),
        Row(
            "us",
            "U.S. infantry divisions per hex",
            {"value": str(st["us_infantry"]["value"]), "rule": st["us_infantry"]["rule"]},
        ),
        Row(
            "bu",
            "Bulgarian infantry divisions per hex",
            {"value": str(st["bu_infantry"]["value"]), "rule": st["bu_infantry"]["rule"]},
        ),
    ]
    return Table(
        "stacking",
        "Stacking (checked at the end of each Mutual Movement Phase and in the Strategic Movement Phase)",
        "Rule",
        [Column("value", "Value"), Column("rule", "Rule")],
        rows,
    )


def weather_track_table(rs: Ruleset) -> Table:
    """The Turn Record Track's weather by month and weather key (12.11, 12.12): blank where the
    rulebook text does not print it (spec A25), the variable March and October roll noted."""
    wr = rs.data["weather_rules"]
    printed = wr["printed"]["value"]
    keys = [("wi", "Western + Italian"), ("e", "Eastern"), ("ie", "Iraq + Egypt"), ("c", "Caucasus")]
    rows = []
    y, m = FIRST
    while (y, m) <= LAST:
        date = f"{y}-{m:02d}"
        cells = {}
        for k, _ in keys:
            if date in printed and k in printed[date]:
                cells[k] = printed[date][k]
            elif k == "wi" and m in wr["variable_months"]["value"]:
                cells[k] = "roll: even fair, odd wet"
            else:
                cells[k] = BLANK
        rows.append(Row(date, date, cells))
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return Table(
        "weather_track",
        "Weather by turn and front (Turn Record Tracks)",
        "Turn",
        [Column(k, h, rule="12.11") for k, h in keys],
        rows,
        notes=(
            "Only Nov/Dec 1914 is spelled out in the rules text (12.12); "
            "fill the rest from the printed tracks.",
        ),
        new_page=True,
    )

"""Calendar triggers (spec Appendix B): rules that start, change or end with the month or year.

Dates and numbers come from the engine's data where it holds them (winter months R34-1, winter supply
thresholds R34-2/R34-3, the 1917 CRT R13-26, the open-city months R21-12, the 1/3 retreat years, the
R22-16 terrain modifiers, the cavalry supply distance R30-4); the rest is the rulebook's text.
"""

from __future__ import annotations

import calendar as cal

from ....engine.ruleset import Ruleset
from ....engine.rulesets.der_weltkrieg import combat_data
from ..tables import Column, Row, Table
from .text import nation_label, signed


def _month(m: int) -> str:
    return cal.month_name[m]


def _months(ms: list[int]) -> str:
    return f"{_month(ms[0])}–{_month(ms[-1])}" if len(ms) > 1 else _month(ms[0])


def _third_rows() -> list[tuple[str, str, str, str]]:
    """The 1/3 mandatory-retreat nations with an end year (R40-4, R41-2, R42-2)."""
    r = combat_data.data()["retreat"]
    rows = []
    for e in r["third"]["nations"]:
        if e["to"] >= 9999:
            continue
        rows.append(
            (
                f"third_{e['nation']}",
                f"Until the end of {e['to']}",
                f"{nation_label(e['nation'])} units must retreat at {r['third']['value']} of the hex's "
                "strength (R14-4's exceptions, R22-8 and R22-16 still apply)",
                e["rule"],
            )
        )
    return rows


def calendar_table(rs: Ruleset) -> Table:
    """When each dated rule applies (spec Appendix B), with the rule numbers (rulebook wins)."""
    d = rs.data.raw
    s = d["supply"]
    winter = d["winter"]["months"]
    fort = combat_data.data()["fortress"]
    oc = fort["open_city_months"]
    crt = combat_data.data()["crt"]["later_table_from"]
    drm = combat_data.data()["retreat"]["terrain_drm_by_year"]
    drm_1915, drm_later = drm["value"][0], drm["value"][1]
    rows = [
        (
            "monthly",
            "Every month, before turn 1",
            "Monthly Special Turn: trench construction completion, then initiation",
            "R5; R22-1; R22-5",
        ),
        (
            "open_city",
            f"{_months(oc['value'])} {oc['year']}",
            f"A city centre with a fortress of at most {fort['open_city_max_strength']['value']} strength "
            "points may become an open city (surrounded with no line of communication to the capital, or "
            f"more than {fort['open_city_enemy_multiple']['value']}× enemy strength adjacent)",
            oc["rule"],
        ),
        (
            "year_1914",
            "1914",
            "Siege artillery may only attack hexes with fortifications (and, in every year, never "
            "counterattacks: R29-2 says 'ever'); no artillery needed against a solid defence",
            "R29-2; R22-20",
        ),
        (
            "fortress_rpl",
            "From turn 1 of November 1914",
            "A friendly non-Russian fortress may be reduced for RPL strength points (1/3 of the removed "
            "strength)",
            "R21-9",
        ),
        *_third_rows(),
        (
            "r22_16_1915",
            str(drm_1915["from"]),
            f"No retreat unless the loss is the whole strength when the defensive terrain gives "
            f"{signed(drm_1915['drm'])} DR or better",
            drm["rule"],
        ),
        (
            "artillery_1915",
            "1915 only",
            "Trenches and R22-16 negated when siege and regular artillery batteries each at least equal "
            "the defending divisions; not on the Western Front",
            "R22-17",
        ),
        (
            "siege_1915",
            "From 1915",
            "Siege artillery may be used as regular artillery at half strength, against units in trenches "
            "only",
            "R29-15",
        ),
        (
            "trench_1915",
            "From turn 1 of April 1915",
            "Trenches off the front line removed (become devastation); trenches only on the front line; "
            "an enemy advance turns a trench into devastation; vacant front-line trenches stay",
            "R22-9; R22-10; R22-11; R22-12",
        ),
        (
            "from_1916",
            f"From {drm_later['from']}",
            f"R22-16 with defensive terrain of {signed(drm_later['drm'])} DR or better; Serbian "
            "counterattacks need 1 supply point per 2 strength points (or fraction)",
            f"{drm['rule']}; R43-2",
        ),
        ("cavalry_1916", "From January 1916", "Cavalry units may be strengthened", "R31-1; R31-2"),
        (
            "crt_1917",
            f"From turn 1 of {_month(crt['month'])} {crt['year']}",
            '"1917 and Later" Combat Results Table',
            crt["rule"],
        ),
        (
            "winter",
            f"Winter: turn 1 of {_month(winter[0])} to the end of turn 7 of {_month(winter[-1])}",
            f"Supply line over {s['winter_attack_threshold']['value']} MP (attack) or "
            f"{s['winter_counterattack_threshold']['value']} MP (counterattack) costs strength; "
            f"{signed(combat_data.value('die_roll', 'winter_counterattack'))} counterattack DR unless all "
            "attackers are in trenches; Ottoman infantry not mountain",
            "R34-1; R34-2; R34-3; R34-4; R46-3",
        ),
        (
            "winter_64",
            "Map 6-4 (Italy)",
            "Winter lasts to the end of turn 7 of April; attacks into clear, broken, woods or rough lose "
            "1/4 (round up)",
            "R34-5",
        ),
        (
            "no_winter",
            "Map 7-9; map 8-8 rows xx24 and higher",
            "No winter effects",
            "R34-6",
        ),
        (
            "cavalry_season",
            "November–June",
            f"Cavalry more than {s['cavalry_offseason_line']['value']} MP from a friendly active rail "
            "line, port or HQ: −1 strength per extra MP, movement allowance 4 (5 German, British)",
            s["cavalry_offseason_line"]["rule"],
        ),
        (
            "gauge",
            "April–October, odd turns",
            "Engineers may convert rail lines to another gauge",
            "R9-11",
        ),
    ]
    return Table(
        "calendar",
        "Calendar triggers",
        "When",
        [Column("effect", "Effect"), Column("rule", "Rule")],
        [Row(rid, when, {"effect": effect, "rule": rule}) for rid, when, effect, rule in rows],
        [
            "Artillery needed against a solid defence changes each year and by front: see the solid defence "
            "table (R22-20)."
        ],
        new_page=True,
    )

"""The Great War's movement aids: costs as the engine charges them, and the rules' values."""

from __future__ import annotations

from fractions import Fraction

from ....engine.board import Board
from ....engine.state import parse_state
from ....mapdata.model import Area, Border, MapData
from ..tables import Column, Row, Table

WEATHERS = ("normal", "spring", "winter")
BORDERS = (("land", "plain border"), ("operational_obstacle", "Operational Obstacle"),
           ("strategic_obstacle", "Strategic Obstacle"), ("narrow_sea", "narrow sea"))  # fmt: skip
ZONES = (
    ("regular", "regular", "Regular"),
    ("restricted", "restricted", "Restricted"),
    ("restricted", "regular", "Restricted -> Regular"),
    ("regular", "restricted", "Regular -> Restricted"),
)


def _mp(value: Fraction | None) -> str:
    if value is None:
        return "prohibited"
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


def probe_step(rs, kind: str, zone_from: str, zone_to: str, weather: str) -> Fraction | None:
    """What the engine charges a field Corps for one step a -> b (None: it may not cross)."""
    areas = [
        Area(
            "a", "A", {"kind": "land", "zone": zone_from, "country": "france", "weather_area": "northwestern"}
        ),
        Area(
            "b", "B", {"kind": "land", "zone": zone_to, "country": "france", "weather_area": "northwestern"}
        ),
    ]
    m = MapData.build("probe", [], kind="area", areas=areas, borders=[Border(("a", "b"), kind)])
    unit = {
        "id": "P",
        "side": "allies",
        "nation": "france",
        "class": "corps",
        "location": "a",
        "movement": 99,
    }
    doc = {"format": "railhead.state/1", "ruleset": rs.id, "weather": weather, "units": [unit]}
    board = Board(m, parse_state(doc, m, sides=rs.sides, declarations=rs.declarations))
    v = rs.judge_move(board, ["P"], ["a", "b"], "ground")
    return v.mp if v.legal else None


def movement_table(rs) -> Table:
    """Operational Movement MP per step [9.3], [9.4], [9.5], [14], by zone, border and weather."""
    cols = [Column(w, w.title()) for w in WEATHERS]
    rows = []
    for zf, zt, zlabel in ZONES:
        for kind, blabel in BORDERS:
            if zf != zt and kind != "land":
                continue
            cells = {w: _mp(probe_step(rs, kind, zf, zt, w)) for w in WEATHERS}
            rows.append(Row(f"{zf}-{zt}-{kind}", f"{zlabel}, {blabel}", cells))
    notes = (
        "9.3.1: 1 MP to enter an area; 9.3.2: +1 to leave a Restricted area (option mixed_zone_cost).",
        "14.1, 14.2: +1 per area entered in Spring or Winter; obstacles cost more (9.4.1, 9.4.2).",
        "9.3.5: a unit stops on entering an area with enemy ground units; Strategic Obstacles and "
        "narrow seas are never crossed into enemy ground units (9.4.1, 9.5).",
    )
    return Table("movement", "Operational Movement (MP per area entered)", "Step", cols, rows, notes)


def border_table(rs) -> Table:
    """What each border kind allows for retreats and supply [9.4], [9.5], [10.10], [10.13]."""
    cols = [Column("rbc", "Retreat before combat"), Column("rac", "Retreat after combat"),
            Column("supply", "Supply traces"), Column("rule", "Rule")]  # fmt: skip
    rows = []
    for kind, label in BORDERS:
        spec = rs.data["borders"][kind]
        rbc = "no" if spec.get("retreat_before_combat") is False else "yes"
        if spec.get("obstacle") == "operational":
            rbc = "not in Winter"
        blocked = spec.get("supply_blocked_in", [])
        supply = "not in " + ", ".join(w.title() for w in blocked) if blocked else "yes"
        rac = "no" if spec.get("retreat_after_combat") is False else "yes"
        rows.append(Row(kind, label, {"rbc": rbc, "rac": rac, "supply": supply, "rule": spec["rule"]}))
    return Table("borders", "Borders: retreats and supply", "Border", cols, rows)


def strategic_table(rs) -> Table:
    cols = [Column("nrc", "NRC"), Column("rule", "Rule")]
    rows = []
    for key, label in (("regular", "per Regular area entered"), ("restricted", "per Restricted area entered"),
                       ("cap", "most per game turn, share of the NRC balance")):  # fmt: skip
        value, rule = rs.value("strategic", key)
        text = f"{int(value * 100)} %" if key == "cap" else _mp(value)
        rows.append(Row(key, label, {"nrc": text, "rule": rule}))
    v, r = rs.value("neutrals", "violation")
    rows.append(Row("violation", "violating a neutral country", {"nrc": _mp(v), "rule": r}))
    rows.append(Row("rbc", "Retreat before Combat, per unit", {"nrc": "1", "rule": "10.10.3"}))
    notes = ("9.2: Major Powers only; every area friendly-controlled, in or next to friendly Major "
             "Power territory (9.2.4); never from or into a contested area (9.2.5).",)  # fmt: skip
    return Table("strategic", "Strategic Movement and NRC costs", "Cost", cols, rows, notes)


def naval_table(rs) -> Table:
    cols = [Column("nmp", "NMP"), Column("rule", "Rule")]
    rows = []
    for kind, label in (("sea", "enter a maritime area"), ("port", "enter a port"),
                        ("canal", "enter a canal (crossing, leaving free)")):  # fmt: skip
        entry = rs.data["borders"][kind]["naval"]
        rows.append(Row(kind, label, {"nmp": str(entry["value"]), "rule": entry["rule"]}))
    rows.append(Row("lane", "Sea Lane", {"nmp": "as printed (NMP or game turns)", "rule": "8.1"}))
    rows.append(Row("winter", "Winter allowance", {"nmp": "MA - MA/4 (fractions dropped)", "rule": "14.1"}))
    return Table("naval", "Naval movement", "Action", cols, rows)


def unit_table(rs) -> Table:
    cols = [Column("corps", "Corps-equivalents"), Column("rule", "Rule")]
    rows = []
    for cls, spec in rs.data["classes"].items():
        if not spec.get("ground"):
            continue
        ce = spec["corps_equivalents"]
        rows.append(Row(cls, cls.replace("_", " "), {"corps": str(ce["value"]), "rule": ce["rule"]}))
    limit, rule = rs.value("stacking", "starred_limit")
    notes = (
        f"{rule}: at most {limit} Corps-equivalents per side in a starred area; no other stacking limit.",
    )
    return Table("stacking", "Stacking in starred areas", "Unit", cols, rows, notes)

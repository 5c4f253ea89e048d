"""The sample area map and position of The Great War, made by our own code (always the same).

A 6 x 4 board of 100 px cells: row 0 is sea (North Sea, Baltic Sea), rows 1-3 are eighteen land
areas of 1914 with their National Territory, Movement Zone, Weather Area, capitals and a starred
area. Borders follow the cells; a few carry the rulebook's border kinds: the Channel between Kent
and Artois and the Danish narrows between Jutland and Zealand are narrow seas [9.5], the Vosges
(Lorraine - Alsace) a Strategic Obstacle [9.4.1], the Bohemian hills (Bavaria - Bohemia) an
Operational Obstacle [9.4.2]. Ports (Dover, Calais, Hamburg, Konigsberg) sit on the coast, the Kiel
Canal joins the two seas [8.2.3], the Danish Straits are a naval strait guarded by Jutland and
Zealand [8.10], and a Sea Lane round the north (a box) costs whole game turns [8.1].
"""

from __future__ import annotations

from typing import Any

from ....mapdata.model import Area, Border, Box, Link, MapData, side_key

CELL = 100.0

# (id, name, column, row, attrs)
_SEAS = (
    ("north_sea", "North Sea", ((0, 0), (1, 0), (2, 0)), {"weather_area": "northwestern"}),
    ("baltic_sea", "Baltic Sea", ((3, 0), (4, 0), (5, 0)), {"weather_area": "northeastern"}),
)
_NW, _NE = "northwestern", "northeastern"
_LAND = (
    ("kent", "Kent", 0, 1, {"country": "britain", "capital": "britain", "weather_area": _NW}),
    ("artois", "Artois", 1, 1, {"country": "france", "weather_area": _NW}),
    ("hanover", "Hanover", 2, 1, {"country": "germany", "weather_area": _NW}),
    ("jutland", "Jutland", 3, 1, {"country": "denmark", "weather_area": _NE}),
    ("zealand", "Zealand", 4, 1, {"country": "denmark", "weather_area": _NE}),
    ("east_prussia", "East Prussia", 5, 1, {"country": "germany", "weather_area": _NE}),
    ("paris", "Paris", 0, 2, {"country": "france", "capital": "france", "weather_area": _NW}),
    ("lorraine", "Lorraine", 1, 2, {"country": "france", "weather_area": _NW}),
    ("ruhr", "Ruhr", 2, 2, {"country": "germany", "weather_area": _NW}),
    ("brandenburg", "Brandenburg", 3, 2, {"country": "germany", "capital": "germany", "weather_area": _NE}),
    ("posen", "Posen", 4, 2, {"country": "germany", "weather_area": _NE}),
    ("warsaw", "Warsaw", 5, 2, {"country": "russia", "weather_area": _NE}),
    ("burgundy", "Burgundy", 0, 3, {"country": "france", "weather_area": _NW}),
    ("alsace", "Alsace", 1, 3, {"country": "germany", "weather_area": _NW}),
    (
        "switzerland",
        "Switzerland",
        2,
        3,
        {"country": "switzerland", "zone": "restricted", "weather_area": _NW},
    ),
    ("bavaria", "Bavaria", 3, 3, {"country": "germany", "weather_area": _NE}),
    ("bohemia", "Bohemia", 4, 3, {"country": "austria_hungary", "zone": "restricted", "weather_area": _NE}),
    (
        "galicia",
        "Galicia",
        5,
        3,
        {"country": "austria_hungary", "zone": "restricted", "starred": True, "weather_area": _NE},
    ),
)
# borders that are not plain: pair -> kind (None: the cells touch but the map shows no border)
_BORDER_KINDS: dict[tuple[str, str], str | None] = {
    side_key("kent", "artois"): "narrow_sea",
    side_key("kent", "paris"): None,  # the Channel: Kent touches France only across the narrows
    side_key("jutland", "zealand"): "narrow_sea",
    side_key("zealand", "east_prussia"): None,
    side_key("zealand", "posen"): None,
    side_key("lorraine", "alsace"): "strategic_obstacle",
    side_key("bavaria", "bohemia"): "operational_obstacle",
}
# ports: (id, name, land area, point, seas touched) [8.8]
_PORTS = (
    ("dover", "Dover", "kent", (0.5, 1.0), ("north_sea",)),
    ("calais", "Calais", "artois", (1.3, 1.0), ("north_sea",)),
    ("hamburg", "Hamburg", "hanover", (2.5, 1.0), ("north_sea",)),
    ("konigsberg", "Konigsberg", "east_prussia", (5.5, 1.0), ("baltic_sea",)),
)


def _rect(cells) -> tuple[tuple[float, float], ...]:
    xs = [c for c, _ in cells]
    ys = [r for _, r in cells]
    x0, x1 = min(xs) * CELL, (max(xs) + 1) * CELL
    y0, y1 = min(ys) * CELL, (max(ys) + 1) * CELL
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def sample_map() -> MapData:
    """The sample area map (see the module docstring)."""
    areas: list[Area] = []
    cell_of: dict[tuple[int, int], str] = {}
    for sid, name, cells, attrs in _SEAS:
        areas.append(Area(sid, name, {"kind": "sea", **attrs}, _rect(cells)))
        for cell in cells:
            cell_of[cell] = sid
    for aid, name, c, r, attrs in _LAND:
        full = {"kind": "land", "zone": "regular", **attrs}
        areas.append(Area(aid, name, full, _rect([(c, r)])))
        cell_of[(c, r)] = aid
    kinds = {a.id: a.attrs["kind"] for a in areas}
    borders: list[Border] = []
    for (c, r), a in sorted(cell_of.items()):
        for dc, dr in ((1, 0), (0, 1)):
            b = cell_of.get((c + dc, r + dr))
            if b is None or b == a:
                continue
            if kinds[a] == kinds[b] == "sea":
                continue  # North Sea and Baltic meet only by the Kiel Canal and the Danish narrows [8.1]
            kind = _BORDER_KINDS.get(side_key(a, b), "land" if kinds[a] == kinds[b] else "coast")
            if kind is not None:
                borders.append(Border((a, b), kind))
    borders.append(Border(("jutland", "north_sea"), "coast"))
    for pid, name, land, (x, y), seas in _PORTS:
        areas.append(Area(pid, name, {"kind": "port", "land_area": land}, None, (x * CELL, y * CELL)))
        borders += [Border((pid, sea), "port") for sea in seas]
    areas.append(
        Area("kiel_canal", "Kiel Canal", {"kind": "canal", "land_area": "hanover"}, None, (2.9 * CELL, CELL))
    )
    borders += [Border(("kiel_canal", "north_sea"), "canal"), Border(("kiel_canal", "baltic_sea"), "canal")]
    links = [
        Link(
            ("north_sea", "baltic_sea"),
            "strait",
            ("naval",),
            {"name": "danish_straits", "guards": ["jutland", "zealand"]},
        ),
        Link(("north_sea", "northern_lane"), "sea_lane", ("naval",), {"turns": 2}),
    ]
    boxes = [Box("northern_lane", "Sea Lane round Norway", {"kind": "sea_lane", "turns": 2})]
    return MapData.build(
        "The Great War sample, 1914", [], kind="area", areas=areas, borders=borders, links=links, boxes=boxes
    )


def _unit(uid, side, nation, cls, where, strength, movement=4, **attrs: Any) -> dict[str, Any]:
    u = {"id": uid, "side": side, "nation": nation, "class": cls, "size": cls, "strength": strength}
    u.update({"movement": movement, "location": where})
    if attrs:
        u["attrs"] = attrs
    return u


def sample_state_doc() -> dict[str, Any]:
    """The sample position (``railhead.state/1``): the Allied Ground Movement Segment of August 1914,
    each power's NRC bank in the ``nrc`` ledger."""
    units = [
        _unit("FR-1A", "allies", "france", "army", "paris", 6),
        _unit("FR-2A", "allies", "france", "army", "lorraine", 6),
        _unit("FR-1C", "allies", "france", "corps", "burgundy", 3),
        _unit("BR-1C", "allies", "britain", "corps", "kent", 3),
        _unit("BR-GF", "allies", "britain", "squadron", "dover", 8, 10),
        _unit("RU-1A", "allies", "russia", "army", "warsaw", 6),
        _unit("GE-1A", "central", "germany", "army", "ruhr", 8),
        _unit("GE-2A", "central", "germany", "army", "alsace", 8),
        _unit("GE-1C", "central", "germany", "corps", "east_prussia", 4),
        _unit("GE-HSF", "central", "germany", "squadron", "hamburg", 8, 10),
        _unit("AH-1A", "central", "austria_hungary", "army", "galicia", 6),
    ]
    banks = {"britain": 40, "france": 30, "russia": 30, "germany": 40, "austria_hungary": 20}
    return {
        "format": "railhead.state/1",
        "ruleset": "great-war-area",
        "turn": 1,
        "phase": "ground_movement",
        "active_side": "allies",
        "weather": {"northwestern": "normal", "northeastern": "normal", "mediterranean": "normal"},
        "month": 8,
        "nrc_at_player_turn_start": dict(banks),  # 5.4.1: the bank as this Player-Turn began
        "units": units,
        "hexes": {},
        "ledgers": {
            "nrc": {
                "period": "game",
                "capacity": {p: {"value": v, "rule": "5.1"} for p, v in banks.items()},
                "pools": {},
            }
        },
    }

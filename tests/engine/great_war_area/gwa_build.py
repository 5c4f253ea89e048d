"""Small synthetic area maps and positions for The Great War's tests (spec §9 fixture conventions:
French field Army 6, Corps 3; German Army 8, Corps 4; field MA 4; squadron 8-10)."""

from __future__ import annotations

from typing import Any

from railhead.engine.board import Board
from railhead.engine.registry import get_ruleset
from railhead.engine.state import parse_state
from railhead.mapdata.model import Area, Border, Box, Link, MapData

RS = get_ruleset("great-war-area")
NATION_SIDE = {
    "france": "allies",
    "britain": "allies",
    "russia": "allies",
    "serbia": "allies",
    "germany": "central",
    "austria_hungary": "central",
    "turkey": "central",
}


def area_map(
    lands: dict[str, dict[str, Any]],
    borders: list[tuple[str, str, str]],
    seas: dict[str, dict[str, Any]] | None = None,
    ports: dict[str, tuple[str, list[str]]] | None = None,
    links: list[Link] | None = None,
    boxes: list[Box] | None = None,
    canals: dict[str, tuple[str, list[str]]] | None = None,
) -> MapData:
    """Land areas (attrs: country, zone, starred...; weather area ``northwestern`` unless given),
    sea zones, ports and canals (id -> (land area, seas touched)) and borders (a, b, kind)."""
    areas = [
        Area(a, a.title(), {"kind": "land", "zone": "regular", "weather_area": "northwestern", **attrs})
        for a, attrs in lands.items()
    ]
    areas += [Area(s, s.title(), {"kind": "sea", **attrs}) for s, attrs in (seas or {}).items()]
    bs = [Border((a, b), kind) for a, b, kind in borders]
    for pid, (land, touching) in (ports or {}).items():
        areas.append(Area(pid, pid.title(), {"kind": "port", "land_area": land}, None, (0.0, 0.0)))
        bs += [Border((pid, s), "port") for s in touching]
    for cid, (land, ends) in (canals or {}).items():
        areas.append(Area(cid, cid.title(), {"kind": "canal", "land_area": land}, None, (0.0, 0.0)))
        bs += [Border((cid, s), "canal") for s in ends]
    return MapData.build(
        "test", [], kind="area", areas=areas, borders=bs, links=links or [], boxes=boxes or []
    )


def chain(n: int, prefix: str = "r", country: str = "france", **attrs: Any) -> MapData:
    """Areas r1 - r2 - ... - rn in a row, plain borders."""
    lands = {f"{prefix}{k}": {"country": country, **attrs} for k in range(1, n + 1)}
    borders = [(f"{prefix}{k}", f"{prefix}{k + 1}", "land") for k in range(1, n)]
    return area_map(lands, borders)


def unit(uid: str, where: str, cls: str = "corps", nation: str = "france", **attrs: Any) -> dict[str, Any]:
    strength = {"army": 6, "corps": 3, "marine": 1, "squadron": 8}.get(cls, 3)
    if nation == "germany" and cls in ("army", "corps"):
        strength += 2 if cls == "army" else 1
    movement = attrs.pop("movement", 10 if cls in ("squadron", "task_force") else 4)
    strength = attrs.pop("strength", strength)
    u = {"id": uid, "side": NATION_SIDE[nation], "nation": nation, "class": cls, "strength": strength}
    u.update({"movement": movement, "location": where})
    if attrs:
        u["attrs"] = attrs
    return u


def position(
    m: MapData,
    units: list[dict[str, Any]],
    weather: str | dict[str, str] = "normal",
    control: dict[str, str] | None = None,
    banks: dict[str, float] | None = None,
    active: str | None = None,
    hexes_extra: dict[str, dict[str, Any]] | None = None,
    pool: dict[str, float] | None = None,
    **extra: Any,
) -> Board:
    doc: dict[str, Any] = {
        "format": "railhead.state/1",
        "ruleset": "great-war-area",
        "turn": 1,
        "weather": weather,
        "units": units,
        "hexes": {a: {"owner": s} for a, s in (control or {}).items()},
        "ledgers": {
            "nrc": {
                "period": "game",
                "capacity": {p: {"value": v, "rule": "5.1"} for p, v in (banks or {}).items()},
                "pools": {},
            },
            "mobilization-pool": {
                "period": "game",
                "capacity": {k: {"value": v, "rule": "6"} for k, v in (pool or {}).items()},
                "pools": {},
            },
        },
        **extra,
    }
    if active:
        doc["active_side"] = active
    for loc, status in (hexes_extra or {}).items():
        doc["hexes"].setdefault(loc, {}).update(status)
    state = parse_state(doc, m, sides=RS.sides, declarations=RS.declarations)
    board = Board(m, state)
    assert RS.position_problems(board) == []
    return board


def judge(board: Board, uid: str, path: list[str], mode: str = "ground"):
    return RS.judge_move(board, [uid], path, mode)


def rules(verdict) -> str:
    return " ".join(r.rule for r in verdict.reasons)


def supply_of(board: Board, side: str) -> dict[str, str]:
    return {e["unit"]: e["status"] for e in RS.supply_report(board, side)["units"]}

"""Engine answers drawn over the map: reachable hexes, supply status (one renderer: mapview)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.board import Board
from .mapview import MapPicture

SUPPLY_COLOURS = {
    "in supply": "#2ca02c",
    "reduced": "#ffbf00",
    "no supply line": "#d62728",
    "surrounded": "#7b1fa2",
}


def _sheet_of(board: Board, hex_id: str) -> str:
    return board.map.sheets[board.map.ref(hex_id).sheet].id


def draw_reach(board: Board, report: dict[str, Any], path: str | Path) -> None:
    """The hexes a unit can reach, labelled with their MP cost; the unit's hex marked."""
    start = report["from"]
    pic = MapPicture(
        board.map,
        _sheet_of(board, start),
        show_ids=True,
        title=f"{report['unit']} reach ({report['mode']}, MA {report['movement_allowance']})",
    )
    hexes = [h["id"] for h in report["hexes"] if h["id"] != start]
    pic.shade(
        hexes,
        "#1f77b4",
        0.45,
        label="reachable",
        labels={h["id"]: f"{h['mp']:g}" for h in report["hexes"] if h["id"] != start},
    )
    for u in board.state.units:
        pic.mark(
            u.hex,
            u.id.split("-")[-1],
            "#303030" if u.side == board.state.unit(report["unit"]).side else "#b00000",
        )
    pic.mark(start, report["unit"], "#1f4fb0")
    pic.save(path)


def draw_supply(board: Board, report: dict[str, Any], path: str | Path) -> None:
    """Each unit's hex coloured by supply status, its line to the HQ drawn, HQs marked."""
    units = report["units"]
    sheet = _sheet_of(board, units[0]["hex"]) if units else board.map.sheets[0].id
    pic = MapPicture(board.map, sheet, show_ids=False, title=f"supply of {report['side']}")
    for status, colour in SUPPLY_COLOURS.items():
        hexes = [u["hex"] for u in units if u["status"] == status]
        if hexes:
            pic.shade(hexes, colour, 0.6, label=f"{status} ({len(hexes)})")
    for u in units:
        if u.get("path") and len(u["path"]) > 1:
            pic.path(u["path"], "#555555")
    for h in report.get("hqs", []):
        pic.mark(h["hex"], "HQ", "#1f4fb0" if h["line_of_communication"] else "#b00000")
    pic.save(path)

"""Engine answers drawn over the map: reachable hexes, supply status, rail nets.

Each answer becomes an :class:`Overlay`, a drawing routine for a :class:`~.mapview.MapCanvas`, so
the same overlay is drawn on a PNG of the whole sheet (``--png``) and on every tile of a printed map.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.patches import Patch

from ..engine.board import Board
from ..errors import InputError
from .mapview import MapCanvas, MapPicture

SUPPLY_COLOURS = {
    "in supply": "#0047ff",
    "reduced": "#ff9900",
    "no supply line": "#e8002a",
    "surrounded": "#a000c8",
}
"""Supply status fills: saturated colours no terrain of any ruleset is printed in (terrains are the
muted colours of :data:`.mapview.TERRAIN_COLOURS`; a test keeps them apart)."""
REACH_COLOUR = "#ff3fb4"
"""Fill of the hexes a unit can reach (no terrain's colour either)."""
OWN_UNIT, ENEMY_UNIT, MOVER = "#202020", "#b00000", "#1f4fb0"
NET_COLOURS = ("#ff7f00", "#e0007a", "#00a0a0", "#6b3a10", "#e8c000", "#5a2d9a")
"""Colours of the reporting side's rail nets, in name order (none is the blue of rivers or the red
of roads)."""
OTHER_NET = "#9a9a9a"
INOPERATIVE = "#707070"
TRACK_WIDTH = {"double": 3.2, "single": 1.6}


@dataclass(frozen=True)
class Overlay:
    """An engine answer ready to draw: its title, the sheet it belongs on, and how to draw it."""

    title: str
    sheet: str
    draw: Callable[[MapCanvas], None]
    show_ids: bool = True


def _sheet_of(board: Board, hex_id: str) -> str:
    if board.map.kind == "area":  # one picture of all the areas
        return ""
    return board.map.sheets[board.map.ref(hex_id).sheet].id


def render_overlay(board: Board, overlay: Overlay, path: str | Path) -> list[Path]:
    """``overlay`` over the whole map with a legend: the sheet it is about in ``path``; on a map
    of several sheets each other sheet in a picture of its own beside it (``STEM-SHEET.png``),
    every title naming the sheet and the other pictures. The paths written, ``path`` first."""
    path = Path(path)
    m = board.map
    sheets = [overlay.sheet]
    if m.kind != "area":
        sheets += [s.id for s in m.sheets if s.id != overlay.sheet]
    paths = [path] + [path.with_name(f"{path.stem}-{_safe(s)}{path.suffix}") for s in sheets[1:]]
    for sheet, out in zip(sheets, paths, strict=True):
        title = overlay.title
        if len(sheets) > 1:
            others = ", ".join(p.name for p in paths if p != out)
            title += f" -- sheet {sheet} ({sheets.index(sheet) + 1} of {len(sheets)}; the others: {others})"
        pic = MapPicture(m, sheet, show_ids=True, title=title)
        overlay.draw(pic.canvas)
        pic.save(out)
    return paths


def _safe(sheet_id: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in sheet_id) or "sheet"


def _unit_names(board: Board, side: str | None = None) -> dict[str, tuple[str, bool]]:
    """Each occupied location's units, named (several in a stack on lines of their own), and
    whether they are ``side``'s."""
    out: dict[str, list] = {}
    for u in board.state.units:
        if u.hex:
            out.setdefault(u.hex, []).append(u)
    return {
        h: (
            "\n".join(u.id for u in us[:4]) + (f"\n+{len(us) - 4}" if len(us) > 4 else ""),
            us[0].side == side,
        )
        for h, us in out.items()
    }


# ---------------------------------------------------------------------------- reach
def reach_overlay(board: Board, report: dict[str, Any]) -> Overlay:
    """The hexes a unit can reach, labelled with their MP cost; the unit's hex and all units marked."""
    start = report["from"]
    side = board.state.unit(report["unit"]).side
    units = _unit_names(board, side)

    def draw(c: MapCanvas) -> None:
        hexes = [h["id"] for h in report["hexes"] if h["id"] != start]
        c.shade(
            hexes,
            REACH_COLOUR,
            0.5,
            label="reachable (MP to get there)",
            labels={h["id"]: f"{h['mp']:g} MP" for h in report["hexes"] if h["id"] != start},
            label_at=0.22,
        )
        for hex_id, (text, own) in units.items():
            if hex_id != start:
                c.mark(hex_id, text, OWN_UNIT if own else ENEMY_UNIT)
        c.mark(start, units.get(start, (report["unit"], True))[0], MOVER)
        c.legend_handles += [
            Patch(facecolor=MOVER, label=f"{report['unit']} (moving)"),
            Patch(facecolor=OWN_UNIT, label=f"units of {side}"),
            Patch(facecolor=ENEMY_UNIT, label="enemy units"),
        ]
        for h in report["hexes"]:  # rulesets whose units face a hexside report the arrival facing
            if isinstance(h.get("facing"), int) and h["id"] != start:
                c.facing(h["id"], h["facing"], "#1f4fb0", 0.3)
        for u in board.state.units:
            if isinstance(u.attr("facing"), int):
                c.facing(u.hex, u.attr("facing"), "#303030" if u.side == side else "#b00000")

    title = f"{report['unit']} reach ({report['mode']}, MA {report['movement_allowance']})"
    return Overlay(title, _sheet_of(board, start), draw, show_ids=True)


def draw_reach(board: Board, report: dict[str, Any], path: str | Path) -> list[Path]:
    """PNG: the hexes a unit can reach, labelled with their MP cost; every unit named. The paths
    written (:func:`render_overlay`)."""
    return render_overlay(board, reach_overlay(board, report), path)


# ---------------------------------------------------------------------------- supply
def supply_overlay(board: Board, report: dict[str, Any]) -> Overlay:
    """Each unit's hex coloured by supply status, its line to the HQ drawn, HQs marked."""
    units = report["units"]
    sheet = _sheet_of(board, units[0]["hex"]) if units else board.map.sheets[0].id

    names = _unit_names(board, report["side"])
    colour_of = {u["hex"]: SUPPLY_COLOURS.get(u["status"], OWN_UNIT) for u in units}

    def draw(c: MapCanvas) -> None:
        for status, colour in SUPPLY_COLOURS.items():
            hexes = [u["hex"] for u in units if u["status"] == status]
            if hexes:
                c.shade(hexes, colour, 0.55, label=f"{status} ({len(hexes)})")
        for u in units:
            if u.get("path") and len(u["path"]) > 1:
                c.path(u["path"], "#555555")
        for hex_id, (text, own) in names.items():  # every unit named, coloured by its status
            c.mark(hex_id, text, colour_of.get(hex_id, OWN_UNIT if own else ENEMY_UNIT))
        c.legend_handles.append(Patch(facecolor=ENEMY_UNIT, label="other units"))
        for h in report.get("hqs", []):
            c.note(h["hex"], "HQ", MOVER if h["line_of_communication"] else ENEMY_UNIT)

    return Overlay(f"supply of {report['side']}", sheet, draw, show_ids=True)


def draw_supply(board: Board, report: dict[str, Any], path: str | Path) -> list[Path]:
    """PNG: each unit named on its hex, coloured by supply status, its line to the HQ drawn, HQs
    marked. The paths written (:func:`render_overlay`)."""
    return render_overlay(board, supply_overlay(board, report), path)


# ---------------------------------------------------------------------------- rail
def rail_networks(rs: Any, board: Board, side: str) -> np.ndarray:
    """The capacity pool (rail net) each location belongs to by the ruleset's rule."""
    nets = rs.capacity_pool_of(board, side)
    if nets is None:
        raise InputError(f"the ruleset {rs.id!r} has no rail nets to draw")
    return nets


def _capacity_text(net: dict[str, Any], unit: str) -> str:
    if net["capacity"] is None:
        return f"{net['pool']}: no capacity given"
    return f"{net['pool']}: {net['remaining']:g} of {net['capacity']:g} {unit} left"


def rail_overlay(rs: Any, board: Board, report: dict[str, Any]) -> Overlay:
    """Rail lines coloured by the net each hex belongs to, thick for double track, thin for single.

    The side's nets get a colour each and a label with their capacity left from the rail report
    (dashed when none is left); other sides' nets are grey; Inoperative rail hexes are dotted grey.
    """
    m = board.map
    nets = rail_networks(rs, board, report["side"])
    idle = rs.out_of_service(board)
    pools = {n["pool"]: n for n in report["networks"]}
    names = sorted({n for n in nets.tolist() if n is not None})
    own = [n for n in names if n in pools]
    colour = {n: NET_COLOURS[k % len(NET_COLOURS)] for k, n in enumerate(own)}
    # half segments, from each hex centre to the middle of the step, grouped by style
    groups: dict[tuple[str, str, str], list[np.ndarray]] = {}
    places: dict[str, list[str]] = {}
    for ln in m.lines:
        if ln.kind != "rail":
            continue
        track = ln.attrs.get("track", "double")
        track = track if track in TRACK_WIDTH else "double"
        for a, b in zip(ln.hexes, ln.hexes[1:], strict=False):
            pa, pb = np.array(m.center(a)), np.array(m.center(b))
            mid = (pa + pb) / 2
            for h, p in ((a, pa), (b, pb)):
                i = board.idx(h)
                net = nets[i]
                kind = "inoperative" if idle[i] else (net if net in colour else "other")
                groups.setdefault((kind, track, _sheet_of(board, h)), []).append(np.stack([p, mid]))
                if net in colour:
                    places.setdefault(net, []).append(h)
    anchors = {}
    for net, hexes in places.items():
        pts = np.array([m.center(h) for h in hexes])
        mid = pts.mean(axis=0)
        anchors[net] = hexes[int(np.argmin(((pts - mid) ** 2).sum(axis=1)))]
    unit = report.get("unit", "")
    labels = {n: _capacity_text(pools[n], unit) if n in pools else f"{n}: not in the report" for n in own}
    sheet = m.sheets[0].id

    def draw(c: MapCanvas) -> None:
        here = c.map.sheets[c.shape.sheet_index].id
        for net in own:
            left = pools.get(net, {}).get("remaining")
            style = (0, (3, 1.5)) if left is not None and left <= 0 else "solid"
            for track, width in TRACK_WIDTH.items():
                c.segments(
                    groups.get((net, track, here), []),
                    colour=colour[net],
                    linewidth=width,
                    linestyle=style,
                    label=labels[net] if track == "double" else None,
                )
        for kind, col, label, style in (
            ("other", OTHER_NET, "other sides' nets", "solid"),
            ("inoperative", INOPERATIVE, "inoperative", (0, (1, 1.5))),
        ):
            for track, width in TRACK_WIDTH.items():
                segs = groups.get((kind, track, here), [])
                c.segments(segs, colour=col, linewidth=width, linestyle=style, zorder=8.5)
            if any(groups.get((kind, t, here)) for t in TRACK_WIDTH):
                c.segments([], colour=col, linewidth=TRACK_WIDTH["double"], linestyle=style, label=label)
        c.segments([], colour="#000000", linewidth=TRACK_WIDTH["single"], label="thin: single track")
        for net, hex_id in anchors.items():
            c.note(hex_id, labels[net].replace(f" {unit} left", " left"), colour[net])

    return Overlay(f"rail nets of {report['side']}, turn {report['turn']}", sheet, draw, show_ids=False)


def draw_rail(rs: Any, board: Board, report: dict[str, Any], path: str | Path) -> list[Path]:
    """PNG: rail nets coloured by net, labelled with the capacity the rail report leaves them. The
    paths written (:func:`render_overlay`)."""
    return render_overlay(board, rail_overlay(rs, board, report), path)


# ---------------------------------------------------------------------------- from a position file
def position_overlays(
    m: Any,
    state_file: str | Path,
    *,
    reach_unit: str | None = None,
    mode: str = "ground",
    supply_side: str | None = None,
    rail_side: str | None = None,
    ruleset: str | None = None,
    values_file: str | Path | None = None,
) -> list[Overlay]:
    """The overlays asked for on a printed map, from the position in ``state_file``: supply and
    rail nets of a side ("" = the active side), and a unit's reach. Drawn in that order."""
    from ..engine.queries import reach_report, side_report
    from ..positions import read_position

    rs, board = read_position(m, state_file, ruleset, values_file)  # as `railhead supply` reads it
    overlays = []
    if supply_side is not None:
        overlays.append(supply_overlay(board, side_report(rs, board, "supply", supply_side or None)))
    if rail_side is not None:
        overlays.append(rail_overlay(rs, board, side_report(rs, board, "rail", rail_side or None)))
    if reach_unit is not None:
        overlays.append(reach_overlay(board, reach_report(rs, board, reach_unit, mode)))
    return overlays

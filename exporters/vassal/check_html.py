"""``railhead check --html``: the check report as one self-contained page.

The page needs no server and no network: the boards are inline as data URIs, every move of the log
is an inline SVG arrow over them (legal in blue, illegal in red with its rule and reason in a
tooltip and in the side list, pieces the roster does not name in grey), and a few lines of inline
script step through the game. Every string from the log, module or roster reaches the page through
Jinja2's autoescaping, never as markup or script.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...files import atomic_output
from .board_images import board_images
from .modules import board_origins, read_module
from .saves import read_game

TEMPLATE = "check_report.html.j2"


@dataclass(frozen=True)
class BoardView:
    x: int
    y: int
    width: int
    height: int
    name: str
    uri: str | None  # data URI of the board image, None when the module has none usable


@dataclass(frozen=True)
class MapView:
    name: str
    width: int
    height: int
    boards: tuple[BoardView, ...]
    steps: tuple[dict[str, Any], ...]  # the moves drawn on this map


def _data_uri(mime: str, data: bytes) -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def _step_view(step: dict[str, Any]) -> dict[str, Any]:
    """A step with its verdict as one word (legal, illegal, or unknown: not in the roster or not
    judged) and its tooltip text."""
    if step.get("legal") is True:
        status = "legal"
    elif step.get("legal") is False:
        status = "illegal"
    else:
        status = "unknown"
    who = step.get("unit") or step.get("piece") or "?"
    where = f"{step.get('from') or '?'} \u2192 {step.get('to') or '?'}"
    if step.get("mode") not in (None, "ground"):  # judged in another mode the phase allows
        where += f" by {step['mode'].replace('_', ' ')}"
    if status == "illegal":
        tip = f"Move {step['move']}: {who} {where}: illegal, {step.get('rule', '')}: {step.get('why', '')}"
    elif status == "legal":
        tip = f"Move {step['move']}: {who} {where}: legal"
    else:
        why = step.get("not_judged") or "no roster unit on the map"
        tip = f"Move {step['move']}: {step.get('piece') or '?'}: not judged: {why}"
    return {**step, "status": status, "tip": tip}


def map_views(report: dict[str, Any], log: str | Path, module: str | Path) -> list[MapView]:
    """The maps the log's moves happen on (the first map when none moves), with their boards
    placed as VASSAL lays them out and the moves drawn on each."""
    maps = read_module(module)
    layout = read_game(log).boards
    images = board_images(module)
    steps = [_step_view(s) for s in report.get("steps", [])]
    used = [s["to_xy"][0] for s in steps if s.get("to_xy") and s["to_xy"][0] in maps]
    names = list(dict.fromkeys(used)) or list(maps)[:1]
    views = []
    for name in names:
        info = maps[name]
        placed = board_origins(info, layout.get(name))
        boards = []
        for b, x, y in placed:
            img = images.get((name, b.name))
            boards.append(BoardView(x, y, b.width, b.height, b.name, _data_uri(*img) if img else None))
        mine = tuple(s for s in steps if s.get("to_xy") and s["to_xy"][0] == name)
        # a board whose image the module lacks (and states no size) spans the moves drawn on it
        reach_x = [max(s["to_xy"][1], (s.get("from_xy") or s["to_xy"])[1]) + 60 for s in mine]
        reach_y = [max(s["to_xy"][2], (s.get("from_xy") or s["to_xy"])[2]) + 60 for s in mine]
        width = max([b.x + b.width for b in boards] + reach_x, default=600) + info.edge_width
        height = max([b.y + b.height for b in boards] + reach_y, default=400) + info.edge_height
        views.append(MapView(name, width, height, tuple(boards), mine))
    return views


def render_check_html(report: dict[str, Any], log: str | Path, module: str | Path) -> str:
    """The page's HTML text."""
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=PackageLoader("railhead.exporters.vassal", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    steps = [_step_view(s) for s in report.get("steps", [])]
    warnings = [{"side": side, **u} for side, units in report.get("supply", {}).items() for u in units]
    return env.get_template(TEMPLATE).render(
        title=Path(log).name,
        module=Path(module).name,
        maps=map_views(report, log, module),
        steps=steps,
        illegal=[s for s in steps if s["status"] == "illegal"],
        unjudged=[s for s in steps if s["status"] == "unknown"],
        warnings=warnings,
        moves=report.get("moves", len(steps)),
        judged=report.get("judged", 0),
    )


def write_check_html(report: dict[str, Any], log: str | Path, module: str | Path, out: str | Path) -> None:
    """Write the page atomically."""
    text = render_check_html(report, log, module)
    with atomic_output(out) as fh:
        fh.write(text)

"""``railhead check``: replay a VASSAL log through the rules engine, move by move.

A roster (CSV: ``name,side,nation,class,size,strength,movement``) says which engine unit each
VASSAL piece is, by the piece's name; fields it leaves blank or out are read from the piece's own
traits or the module's definition of it (a roster may list names only). The log's starting
position places the rostered pieces on the hexes VASSAL names (read through the module); each
MovePiece is then judged as a move of that unit from its hex to the new one: legal if the new hex
is within the unit's reach (the cheapest path, so a drag needs no path), otherwise the verdict
along the cheapest path ignoring the allowance, or "no path", says which rule stops it. Each move
is judged with the unit's full movement allowance and its side as the phasing side, since a log
does not mark phases.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from scipy.sparse.csgraph import dijkstra

from ...engine.board import Board
from ...engine.registry import get_ruleset
from ...engine.state import FORMAT, Unit, parse_state
from ...engine.values import ChartValues, read_chart_values
from ...engine.window import WindowArrays, board_of, locations_within, merge_window, window_board
from ...errors import InputError
from ...files import atomic_output
from ...mapdata.model import MapData
from ...schemas import check
from .modules import locations, read_module
from .saves import Game, read_game

ROSTER_COLUMNS = ("name", "side", "nation", "class", "size", "strength", "movement")


def read_roster(path: str | Path, partial: bool = False) -> dict[str, dict[str, Any]]:
    """Roster rows by piece name; every row checked (``schemas/roster.schema.json``), problems
    named by line. ``partial``: only ``name`` is required and blank or missing fields are left out
    of the row, for ``check`` to read from the piece itself (:func:`.piece_units.complete_row`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError("no such roster file", file=p) from None
    except UnicodeDecodeError:
        raise InputError("the roster is not UTF-8 text", file=p) from None
    except OSError as exc:
        raise InputError(f"cannot read the roster: {exc.strerror}", file=p) from None
    reader = csv.DictReader(io.StringIO(text), strict=True)
    try:
        rows = list(reader)
    except csv.Error as exc:
        # the record that cannot be read begins on the line after the last one read
        raise InputError(
            f"malformed CSV in the row beginning here: {exc} (a quote opened and never closed?)",
            file=p,
            where=f"line {reader.line_num + 1}",
        ) from None
    if not rows:
        raise InputError(f"the roster has no rows (columns: {', '.join(ROSTER_COLUMNS)})", file=p)
    missing = [c for c in (ROSTER_COLUMNS[:1] if partial else ROSTER_COLUMNS) if c not in rows[0]]
    if missing:
        raise InputError(f"the roster lacks column(s) {', '.join(missing)}", file=p, where="line 1")
    parsed = []
    for row in rows:
        fields = {c: (row.get(c) or "").strip() for c in ROSTER_COLUMNS}
        for c in ("strength", "movement"):
            if _WHOLE.fullmatch(fields[c]):
                fields[c] = int(fields[c])
        parsed.append({c: v for c, v in fields.items() if v != ""} if partial else fields)
    check(parsed, "roster", p, _roster_line)
    out = {}
    for k, row in enumerate(parsed, start=2):
        if row["name"] in out:
            raise InputError(f"piece name {row['name']!r} is listed twice", file=p, where=f"line {k}")
        unit = {f: row.get(f, "") for f in ROSTER_COLUMNS[1:]}
        if not partial:
            unit["size"] = unit["size"] or "division"
        out[row["name"]] = {f: v for f, v in unit.items() if v != ""} if partial else unit
    return out


_WHOLE = re.compile(r"[+-]?[0-9]{1,12}")


def _roster_line(path) -> str:
    """A place in a roster: ``line 3, column strength`` (line 1 holds the column names)."""
    if not path:
        return "(the rows)"
    return f"line {path[0] + 2}" + (f", column {path[1]}" if len(path) > 1 else "")


def write_roster(units: Iterable[Unit], path: str | Path) -> None:
    """A roster CSV naming each piece after its unit's id (what ``read_roster`` reads back)."""
    with atomic_output(path) as fh:
        out = csv.writer(fh, lineterminator="\n")
        out.writerow(ROSTER_COLUMNS)
        for u in units:
            movement = u.movement if u.movement is not None else ""
            out.writerow([u.id, u.side, u.nation, u.cls, u.size, u.strength, movement])


def _position(
    game: Game, where: dict[str, str | None], roster, m: MapData, ruleset: str, fill=None
) -> tuple[dict[str, str], dict]:
    units, piece_unit = [], {}
    for pid, piece in game.pieces.items():
        row = roster.get(piece.name)
        hex_id = where.get(pid)
        if row is None or hex_id is None or not m.is_location(hex_id):
            continue
        row = fill(row, piece) if fill is not None else row
        uid = f"{piece.name}#{pid}"
        piece_unit[pid] = uid
        units.append({"id": uid, "hex": hex_id, **row})
    doc = {
        "format": FORMAT,
        "ruleset": ruleset,
        "turn": 1,
        "phase": "movement",
        "active_side": None,
        "units": units,
        "hexes": {},
        "ledgers": {},
    }
    return piece_unit, doc


def check_log(
    log: str | Path,
    module: str | Path,
    m: MapData,
    roster: dict,
    ruleset: str,
    roster_file=None,
    values_file: str | Path | None = None,
) -> dict[str, Any]:
    """Every move of the log judged; the report lists the illegal ones with their rule, and
    ``steps`` every move with its map pixels (for the HTML report). Roster rows lacking fields
    are completed from the log's pieces (:func:`.piece_units.complete_row`)."""
    from .piece_defs import read_piece_defs, read_prototypes
    from .piece_units import complete_row
    from .unit_fields import Vocabulary

    rs = get_ruleset(ruleset)
    maps = read_module(module)
    start = read_game(log)
    moves = piece_moves(start)
    # the position before the log: undo the moves in reverse to find where pieces started
    initial = Game(dict(start.pieces), dict(start.boards))
    for mv in reversed(moves):
        p = initial.pieces.get(mv["id"])
        if p is not None and mv["from"] is not None:
            initial.pieces[mv["id"]] = replace(p, map=mv["from"][0], x=mv["from"][1], y=mv["from"][2])
    where = locations(initial, maps)
    protos, vocab = read_prototypes(module), Vocabulary.of(rs)
    defs = {d.name: d for d in read_piece_defs(module)}

    def fill(row, piece):
        return complete_row(row, piece, protos, vocab, roster_file, defs)

    piece_unit, doc = _position(initial, where, roster, m, ruleset, fill)
    values = read_chart_values(values_file) if values_file is not None else None
    replay = Replay(rs, m, parse_state(doc, m, file=log, sides=rs.sides), values)
    report: dict[str, Any] = {"moves": 0, "illegal": [], "unknown_pieces": [], "steps": []}

    def record(judged: list[tuple[dict, dict | None]]) -> None:
        for step, verdict in judged:
            if verdict is not None:
                report["illegal"].append(
                    {
                        "move": step["move"],
                        "unit": step["unit"],
                        "from": step["from"],
                        "to": step["to"],
                        **verdict,
                    }
                )
                step.update(legal=False, **verdict)

    for k, mv in enumerate(moves, start=1):
        uid = piece_unit.get(mv["id"])
        step = {"move": k, "piece": mv["name"], "unit": uid, "from_xy": mv["from"], "to_xy": mv["to"]}
        report["steps"].append(step)
        if uid is None:
            report["unknown_pieces"].append(mv["name"])
            continue
        if replay.pending(uid):  # its last move is not judged yet: judge it, so it starts from there
            record(replay.flush())
        unit = replay.unit(uid)
        moved = Game({mv["id"]: initial.pieces[mv["id"]]}, initial.boards)
        moved.pieces[mv["id"]] = replace(
            moved.pieces[mv["id"]], map=mv["to"][0], x=mv["to"][1], y=mv["to"][2]
        )
        dest = locations(moved, maps).get(mv["id"])
        report["moves"] += 1
        step.update({"from": unit.hex, "to": dest, "legal": True})
        if dest is None or not m.is_location(dest) or dest == unit.hex:
            if dest is not None and dest != unit.hex:
                record([(step, {"rule": rs.adjacency_rule, "why": "off the map"})])
            continue
        record(replay.submit(step, unit, dest))
        initial.pieces[mv["id"]] = moved.pieces[mv["id"]]
    record(replay.flush())
    report["illegal"].sort(key=lambda b: b["move"])
    final = Board(m, replay.state, values=values)
    report["supply"] = {}
    for side in rs.sides:
        rep = rs.supply_report(final, side)
        report["supply"][side] = [
            {"unit": u["unit"], "hex": u["hex"], "status": u["status"]}
            for u in rep["units"]
            if u["status"] != "in supply"
        ]
    return report


def piece_moves(game: Game) -> list[dict]:
    """The log's moves piece by piece: a stack's move is a move of each piece in it."""
    out = []
    for mv in game.moves:
        for pid in mv.get("members") or [mv["id"]]:
            piece = game.pieces.get(pid)
            out.append({**mv, "id": pid, "name": piece.name if piece else mv["name"]})
    return out


class Replay:
    """The position as a log replays, judged move by move.

    Each drag is judged as a ground move of the unit with its full allowance and its side as the
    phasing side, since a log marks no phases. Where the ruleset bounds how far a unit can go, the
    move is judged on a window of the map around the unit (:mod:`~railhead.engine.window`): on a
    large map that is what keeps a long log fast. Consecutive moves whose windows do not touch
    cannot change each other's verdict (a step's cost depends on nothing outside its unit's
    window), so they are judged together, on one board of their windows: its arrays and each
    side's costs built once for all of them (:meth:`submit`, :meth:`flush`).
    """

    def __init__(self, rs, m: MapData, state, values: ChartValues | None = None):
        self.rs, self.m, self.values = rs, m, values
        self.full = Board(m, state, values=values)  # the map's caches, and what bounds a unit's reach
        self.arrays = self.full.arrays
        self._set(state)
        self._batch: list[tuple[Any, Unit, str, np.ndarray]] = []
        self._taken = np.zeros(self.arrays.n, dtype=bool)  # the batch's windows

    def _set(self, state) -> None:
        """A new whole position: where each unit is and its place in the state's units."""
        self.state = state
        index = self.arrays.index
        self.order = {u.id: k for k, u in enumerate(state.units)}
        self.loc = np.array([index[u.hex] for u in state.units], dtype=np.int64)

    def unit(self, uid: str):
        return self.state.units[self.order[uid]]

    def pending(self, uid: str) -> bool:
        """Whether a move of this unit waits in the batch."""
        return any(u.id == uid for _, u, _, _ in self._batch)

    def submit(self, tag: Any, unit, dest: str) -> list[tuple[Any, dict[str, str] | None]]:
        """Queue a move; (tag, verdict) of the moves judged meanwhile (verdict None: legal). A move
        whose window touches a queued one's is judged after the queue; one without a window, or
        whose destination lies beyond its window, alone."""
        radius = self.rs.reach_radius(self.full, unit, "ground")
        if radius is None:
            return [*self.flush(), (tag, self.move(unit, dest))]
        keep = locations_within(self.arrays, self.arrays.index[unit.hex], radius + self.rs.influence_radius)
        d = self.arrays.index[dest]
        at = int(np.searchsorted(keep, d))
        if at == len(keep) or keep[at] != d:  # to say why it cannot get there: a wider window
            return [*self.flush(), (tag, self.move(unit, dest))]
        judged = self.flush() if self._taken[keep].any() else []
        self._taken[keep] = True
        self._batch.append((tag, unit, dest, keep))
        return judged

    def flush(self) -> list[tuple[Any, dict[str, str] | None]]:
        """Judge and make the queued moves, in order."""
        batch, self._batch = self._batch, []
        if not batch:
            return []
        keeps = np.concatenate([keep for *_, keep in batch])
        self._taken[keeps] = False
        sub = WindowArrays(self.arrays, np.sort(keeps))
        boards: dict[str, Board] = {}
        out = []
        for tag, unit, dest, _ in batch:
            if unit.side not in boards:
                state = self.state.replace(active_side=unit.side)
                boards[unit.side] = board_of(sub, state, self.loc, self.values)
            verdict, whole = self._judge(boards[unit.side], True, self.unit(unit.id), dest)
            if whole:  # it changed more than its units: later boards see the new position
                boards = {}
            out.append((tag, verdict))
        return out

    def board_for(self, unit, dest: str | None = None) -> tuple[Board, bool]:
        """The board to judge ``unit``'s move on, and whether it is a window: as far as the unit
        can go (or to ``dest``, to explain why it cannot), plus the ruleset's influence radius."""
        state = self.state.replace(active_side=unit.side)
        radius = self.rs.reach_radius(self.full, unit, "ground")
        if radius is None:
            return Board(self.m, state, values=self.values), False
        centre = self.arrays.index[unit.hex]
        if dest is not None:
            radius = max(radius, self._hops(centre, self.arrays.index[dest]))
        reach = radius + self.rs.influence_radius
        return window_board(self.arrays, state, self.loc, centre, reach, self.values), True

    def _hops(self, a: int, b: int) -> int:
        dist = dijkstra(self.arrays.hop_graph, directed=True, indices=a)
        return int(dist[b]) if np.isfinite(dist[b]) else self.arrays.n

    def move(self, unit, dest: str) -> dict[str, str] | None:
        """Judge and make the move; None if legal, else the rule that stops it and why."""
        board, windowed = self.board_for(unit)
        if windowed and dest not in board.arrays.index:  # beyond the unit's reach: a window wide
            board, _ = self.board_for(unit, dest)  # enough to say why
        return self._judge(board, windowed, unit, dest)[0]

    def _judge(self, board: Board, windowed: bool, unit, dest: str) -> tuple[dict[str, str] | None, bool]:
        """Judge the move on ``board`` and make it in the whole position: (None if legal, else the
        rule that stops it and why; whether it changed more than the units it moved)."""
        r, _ = self.rs.reach(board, unit, "ground")
        i = board.arrays.index.get(dest)
        if i is not None and np.isfinite(r.dist[i]):
            path = [board.arrays.ids[k] for k in r.path(i)]
            v = self.rs.judge_move(board, [unit.id], path, "ground")
            if v.legal:
                before = board.state
                after = self.rs.apply(board, v, [unit.id], path, "ground", record_mp=False)
                units_only = (
                    windowed
                    and len(after.units) == len(before.units)
                    and after.hexes is before.hexes
                    and after.ledgers == before.ledgers
                    and after.rolls == before.rolls
                )
                if units_only:
                    self.state = merge_window(self.state, before, after, self.order)
                    self.loc[self.order[unit.id]] = self.arrays.index[dest]
                else:
                    self._set(merge_window(self.state, before, after) if windowed else after)
                return None, not units_only
        why = _illegal(self.rs, board, unit, dest)
        self._place(unit, dest)
        return why, False

    def _place(self, unit, dest: str) -> None:
        """The piece stands where the log put it, legal or not (the log goes on from there)."""
        k = self.order[unit.id]
        units = list(self.state.units)
        units[k] = replace(self.state.units[k], hex=dest)
        self.state = self.state.replace(units=tuple(units))
        self.loc[k] = self.arrays.index[dest]


def _illegal(rs, board: Board, unit, dest: str) -> dict[str, str]:
    """The rule that stops the path the ruleset would take to ``dest``, and why."""
    path = rs.path_to(board, unit, "ground", dest)
    if path is None:
        return {"rule": rs.adjacency_rule, "why": f"no path {unit.hex} -> {dest} is open to this unit"}
    v = rs.judge_move(board, [unit.id], path, "ground")
    reason = v.reasons[0] if v.reasons else None
    return {
        "rule": reason.rule if reason else "",
        "why": reason.message if reason else f"{v.mp} MP is more than the allowance",
    }

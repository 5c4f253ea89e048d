"""``railhead check``: replay a VASSAL log through the rules engine, move by move.

A roster (CSV: ``name,side,nation,class,size,strength,movement``) says which engine unit each
VASSAL piece is, by the piece's name; fields it leaves blank or out are read from the piece's own
traits or the module's definition of it (a roster may list names only). The log's starting
position places the rostered pieces on the hexes VASSAL names (read through the module); each
MovePiece is then judged as a move of that unit from its hex to the new one: legal if the new hex
is within the unit's reach (the cheapest path, so a drag needs no path), otherwise the verdict
along the cheapest path ignoring the allowance, or "no path", says which rule stops it. Each move
is judged with the unit's full movement allowance, in the phase the log's turn tracker names
(``--phases``), else with its side as the phasing side; in a phase allowing several modes (rail,
column, strategic...) a move is legal if any of them makes it so, and its step says the mode
(:meth:`~railhead.engine.sequence.MoveSequence.modes`). A drag in a phase whose declaration
(``drags`` in the ruleset's ``[phases]``) makes it a retreat, an advance or a placement is judged
as that, by the ruleset's rules (:func:`~railhead.engine.drags.judge_drag`); a rostered piece from
off every board dragged onto the map in a placement phase enters the game there.

Nothing is skipped silently: a move of a piece the roster does not name, of a unit that started off
the map, or to a point no board names is listed under ``not_judged`` with the reason, and the
summary and exit status say so (:func:`summary_line`, :func:`exit_status`).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ...engine.board import Board
from ...engine.drags import Held, NotJudged, judge_drag, verdict_record
from ...engine.phases import DRAG_KINDS, is_phasing, kinds_text
from ...engine.registry import get_ruleset
from ...engine.sequence import MoveSequence, removed
from ...engine.state import FORMAT, Unit, parse_state
from ...engine.values import read_chart_values
from ...errors import InputError, UnitFieldMissing
from ...files import atomic_output
from ...mapdata.model import MapData
from ...positions import check_chart_values
from ...schemas import check
from .collector import collector_paused
from .modules import locations, read_module
from .saves import Game, read_game

ROSTER_COLUMNS = ("name", "side", "nation", "class", "size", "strength", "movement")


def read_roster(path: str | Path, partial: bool = False) -> dict[str, dict[str, Any]]:
    """Roster rows by piece name; every row checked (``schemas/roster.schema.json``), problems
    named by line. ``partial``: only ``name`` is required and blank or missing fields are left out
    of the row, for ``check`` to read from the piece itself (:func:`.piece_units.complete_row`)."""
    p = Path(path)
    return _roster_of(_csv_rows(p), p, partial)


def read_roster_and_ids(
    path: str | Path, partial: bool = False
) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """:func:`read_roster` and :func:`roster_ids` from one read of the file."""
    p = Path(path)
    rows = _csv_rows(p)
    return _roster_of(rows, p, partial), _ids_of(rows, p)


def _roster_of(rows: list[dict[str, str]], p: Path, partial: bool) -> dict[str, dict[str, Any]]:
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


def _csv_rows(p: Path) -> list[dict[str, str]]:
    """The roster's rows as CSV gives them (column name -> text), or an InputError naming the line."""
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
    return rows


def roster_ids(path: str | Path) -> dict[str, str]:
    """Piece name -> the position's unit id, for the live referee: the roster's optional ``id``
    column where a piece is not named by its unit's id, else the piece name itself. The roster is
    checked as :func:`read_roster` checks it."""
    return read_roster_and_ids(path, partial=True)[1]


def _ids_of(rows: list[dict[str, str]], path: Path) -> dict[str, str]:
    out = {}
    for row in rows:
        name = (row.get("name") or "").strip()
        unit = (row.get("id") or "").strip() or name
        if len(unit) > 200:
            raise InputError(f"unit id of {name!r} longer than 200 characters", file=path)
        out[name] = unit
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
        uid = _unit_id(piece, pid)
        piece_unit[pid] = uid
        units.append({"id": uid, "hex": hex_id, **row})
    doc = {
        "format": FORMAT,
        "ruleset": ruleset,
        "turn": 1,
        "active_side": None,
        "units": units,
        "hexes": {},
        "ledgers": {},
    }
    return piece_unit, doc


def _unit_id(piece, pid: str) -> str:
    """The id of the unit a rostered piece is in the replay: its name and its piece id."""
    return f"{piece.name}#{pid}"


def _piece_name(uid: str) -> str:
    """The piece name in a replay's unit id (:func:`_unit_id`)."""
    return uid.rpartition("#")[0] or uid


@collector_paused
def check_log(
    log: str | Path,
    module: str | Path,
    m: MapData,
    roster: dict,
    ruleset: str,
    roster_file=None,
    values_file: str | Path | None = None,
    phases=None,
    progress=None,
) -> dict[str, Any]:
    """Every move of the log judged; the report lists the illegal ones with their rule, and
    ``steps`` every move with its map pixels (for the HTML report). Roster rows lacking fields
    are completed from the log's pieces (:func:`.piece_units.complete_row`). ``phases``: a
    :class:`.phase_map.PhaseMap` saying which phase each step is in (else each move is judged in
    its own phase, the unit's side phasing, and the report says that was assumed).
    ``progress(n, total, stage)`` is told how many moves were read so far (``stage`` "read"),
    every 1,000 moves, then how many of the queued moves were judged ("judged"), level by level."""
    try:
        return _check_log(log, module, m, roster, ruleset, roster_file, values_file, phases, progress)
    except UnitFieldMissing as exc:
        # the unit was made from the roster's row (and the log's piece): that row is what to fill
        name = _piece_name(exc.unit)
        raise InputError(
            f"piece {name!r} has no {exc.what}, which {ruleset} needs to judge its moves: give it in "
            f"the roster's {exc.column!r} column",
            file=roster_file or log,
            where=f"the row of {name!r}",
        ) from None


def _check_log(log, module, m, roster, ruleset, roster_file, values_file, phases, progress):
    from .piece_defs import read_pieces
    from .piece_units import complete_row
    from .unit_fields import Vocabulary

    rs = get_ruleset(ruleset)
    maps = read_module(module)
    start = read_game(log)
    moves = piece_moves(start)
    step_phase = _step_phases(phases, start, moves)
    # the position before the log: undo the moves in reverse to find where pieces started
    initial = Game(dict(start.pieces), dict(start.boards))
    for mv in reversed(moves):
        p = initial.pieces.get(mv["id"])
        if p is not None and mv["from"] is not None:
            initial.pieces[mv["id"]] = p.at(*mv["from"])
    where = locations(initial, maps)
    protos, piece_defs = read_pieces(module)
    vocab = Vocabulary.of(rs)
    defs = {d.name: d for d in piece_defs}

    def fill(row, piece):
        return complete_row(row, piece, protos, vocab, roster_file, defs)

    _check_sides(roster, rs, roster_file or log)
    piece_unit, doc = _position(initial, where, roster, m, ruleset, fill)
    values = check_chart_values(rs.id, read_chart_values(values_file)) if values_file is not None else None
    replay = MoveSequence(rs, m, parse_state(doc, m, file=log, sides=rs.sides), values)
    if progress is not None:
        replay.on_judged = lambda done, total: progress(done, total, "judged")
    # the mode each move was judged in (legal in it, or the refusal reported): a phase may allow several
    replay.on_mode = lambda step, mode: step.__setitem__("mode", mode)
    report: dict[str, Any] = {
        "moves": len(moves),
        "judged": 0,
        "illegal": [],
        "not_judged": [],
        "unknown_pieces": [],
        "steps": [],
        "phases": _phases_note(phases),
    }

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

    held = Held()  # who stood where in the phase: an advance enters a hex the other side left

    def not_judged(step: dict, why: str) -> None:
        step["not_judged"] = why
        report["not_judged"].append({"move": step["move"], "piece": step["piece"], "why": why})

    # where each drag ends, named through the module's boards in one pass (as VASSAL names it)
    drags = {
        str(k): initial.pieces[mv["id"]].at(*mv["to"])
        for k, mv in enumerate(moves, start=1)
        if mv["id"] in piece_unit or (mv["name"] in roster and mv["id"] in initial.pieces)
    }
    dest_of = locations(Game(drags, initial.boards), maps)
    for k, mv in enumerate(moves, start=1):
        if progress is not None and k % 1000 == 0:
            progress(k, len(moves), "read")
        uid = piece_unit.get(mv["id"])
        if uid is None:  # a rostered piece from off every board placed on the map (a reinforcement)
            uid = _enter(
                replay, rs, m, initial, roster, fill, mv, dest_of.get(str(k)), step_phase[k - 1], record
            )
            if uid is not None:
                piece_unit[mv["id"]] = uid
        step = {"move": k, "piece": mv["name"], "unit": uid, "from_xy": mv["from"], "to_xy": mv["to"]}
        ph = step_phase[k - 1]
        if ph is not None:
            step["turn"] = ph.turn
            if ph.phase is not None:
                step["phase"], step["phasing"] = ph.phase, ph.side
        report["steps"].append(step)
        if uid is None:
            report["unknown_pieces"].append(mv["name"])
            not_judged(
                step,
                _unplaced(initial.pieces.get(mv["id"]), mv["name"], where.get(mv["id"]), roster, m, maps),
            )
            continue
        dest = dest_of.get(str(k))
        off = dest is None or not m.is_location(dest)
        if replay.taken_off(uid):  # the log took the unit off the map earlier
            placed = not off and _back_on(replay, rs, ph, uid, dest, record)
            if not off:  # back on the map: it stands there from now on
                held.on(uid)
            if not placed:  # else a placement: judged below as any drag of its phase, where it enters
                step.update({"from": None, "to": dest})
                not_judged(step, _off_map(mv["to"], dest, maps) if off else _BACK_ON)
                continue
        if not replay.on_map(uid):  # an earlier move removed the unit; the log moves its piece
            report["judged"] += 1
            step.update({"from": None, "to": dest, "legal": True})
            record([(step, removed(uid))])
            continue
        unit = replay.unit(uid)
        here = replay.position(uid)  # where the log put it last (its queued moves may wait)
        step.update({"from": here, "to": dest})
        if off:
            not_judged(step, _off_map(mv["to"], dest, maps))
            held.off(_phase_key(ph), replay.state, uid)  # eliminated? the hex it left is vacated
            replay.remove(uid)  # and it no longer counts for the moves after it (its ZOC, its stack)
            continue
        held.on(uid)
        if ph is not None and (ph.setup or ph.unknown):
            record(replay.place(uid, dest))
            not_judged(step, ph.unknown or "a set-up move before play starts")
            continue
        kind = _drag_kind(rs, ph, unit)
        if kind != "move":  # a retreat, an advance or a placement, judged by the ruleset's rules
            record(replay.flush())
            verdict, why, taken = _judge_drag(rs, replay, values, ph, unit, dest, held)
            step.update(taken)
            record(replay.place(uid, dest))
            if why is not None:
                not_judged(step, why)
                continue
            report["judged"] += 1
            step["legal"] = True
            record([(step, verdict)])
            continue
        if ph is not None:
            record(replay.set_phase(ph.phase, ph.side))
        report["judged"] += 1
        step["legal"] = True
        if dest == here:
            continue  # a drag within its hex moves nothing
        record(replay.submit(step, unit, dest))
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


def _step_phases(phases, game: Game, moves: list[dict]) -> list:
    """Each piece move's phase (:class:`.phase_map.PhaseOf`), or None for every move without a mapping."""
    if phases is None:
        return [None] * len(moves)
    from .phase_map import phases_of_moves

    per_log_move = phases_of_moves(phases, phases.turn_tracker, game.turns, len(game.moves))
    return [per_log_move[mv["index"]] for mv in moves]


def _drag_kind(rs, ph, unit) -> str | None:
    """What a drag of ``unit`` is in its step's phase by the ruleset's ``[phases]`` declaration
    (:meth:`~railhead.engine.phases.Phase.drag_kind`): ``"move"``, ``"retreat"``, ``"advance"``,
    a placement action's name, or None (the ruleset does not say). No phase known: a move."""
    if ph is None or ph.phase is None or rs.sequence is None:
        return "move"
    return rs.sequence.phase(ph.phase).drag_kind(is_phasing(ph.side, unit))


def _placement(rs, ph, unit) -> bool:
    """Whether a drag of ``unit`` in its step's phase is a placement (a declared action's name
    among the phase's ``drags``: none of :data:`~railhead.engine.phases.DRAG_KINDS`); never in a
    set-up step or a step whose phase is not known."""
    if ph is None or ph.setup or ph.unknown:
        return False
    return _drag_kind(rs, ph, unit) not in (None, *DRAG_KINDS)


def _enter(replay, rs, m: MapData, initial: Game, roster, fill, mv, dest, ph, record) -> str | None:
    """The unit a rostered piece that starts off every board becomes when the log drags it onto a
    location of the map in a phase whose drags are placements (a declared action): it enters the
    position there (the placement is then judged as any drag of its phase). None: not such a drag."""
    piece, row = initial.pieces.get(mv["id"]), roster.get(mv["name"])
    if piece is None or row is None or dest is None or not m.is_location(dest) or ph is None:
        return None
    if ph.setup or ph.unknown or ph.phase is None or rs.sequence is None:
        return None
    uid = _unit_id(piece, mv["id"])
    doc = {"format": FORMAT, "ruleset": rs.id, "units": [{"id": uid, "hex": dest, **fill(row, piece)}]}
    unit = parse_state(doc, m, sides=rs.sides).units[0]
    if not _placement(rs, ph, unit) or replay.on_map(uid):
        return None
    record(replay.enter(unit))
    return uid


_BACK_ON = (
    "brought back onto the map from off it (a reinforcement, a rebuilt unit?) in a phase whose drags "
    "are not placements: not judged, the unit stands there from now on"
)


def _off_map(to, dest: str | None, maps) -> str:
    """Why a drag to ``to`` (map, x, y), which names no location (``dest``), is not judged."""
    where_to = "which the module does not have" if to[0] not in maps else _not_a_location(dest)
    return f"moved to {_place(to)}, {where_to}"


def _back_on(replay, rs, ph, uid: str, dest: str, record) -> bool:
    """Bring a unit the log took off the map back onto ``dest`` (it counts again from this drag on:
    its ZOC, its stack); whether the drag is a placement of its phase (a declared action, judged
    as any drag of the phase, as :func:`_enter` places a piece that starts off every board)."""
    record(replay.restore(uid, dest))
    return _placement(rs, ph, replay.unit(uid))


def _judge_drag(rs, replay, values, ph, unit, dest: str, held) -> tuple[dict | None, str | None, dict]:
    """(the verdict record of a drag judged as what it is in its phase: None if legal; why it is
    not judged, or None; what it was judged as, ``judged_as``, and the kinds tried where it may
    have been either, ``drags_tried``) on the position the log has reached, without the units the
    log took off the map (:func:`~railhead.engine.drags.judge_drag`; ``held``: what the phase has
    seen, which tells an advance from a retreat)."""
    held.see(_phase_key(ph), replay.state)
    state = held.present(replay.state).replace(active_side=ph.side, phase=ph.phase, phase_named=True)
    v = judge_drag(rs, Board.on(replay.arrays, state, values=values), unit.id, dest, held=held)
    if isinstance(v, NotJudged):
        if not v.kind:  # the phase does not say what the drag is: the reason says so
            return None, v.reason, {"judged_as": None}
        kinds = v.kind.split(" or ")
        why = f"{kinds_text(tuple(kinds))} in the {ph.phase.replace('_', ' ')} phase: {v.reason}"
        return None, why, {"judged_as": v.kind, **({"drags_tried": kinds} if len(kinds) > 1 else {})}
    taken = {"judged_as": v.extra.get("drag", "")}
    if "drags_tried" in v.extra:  # it may have been either kind: both were judged
        taken["drags_tried"] = v.extra["drags_tried"]
    return verdict_record(v), None, taken


def _phase_key(ph) -> tuple | None:
    """Which phase of the game a step is in (its turn's words, phase and phasing side)."""
    return None if ph is None else (ph.turn, ph.phase, ph.side)


def _phases_note(phases) -> dict[str, Any]:
    if phases is None:
        return {
            "mapping": None,
            "assumed": "no phase mapping (--phases): each move judged as a movement of its own side, "
            "in the first phase of the sequence of play that allows it",
        }
    return {"mapping": phases.file, "tracker": phases.tracker, "phase_level": phases.phase_level}


def _place(where: tuple | None) -> str:
    if where is None:
        return "nowhere"
    map_, x, y = where
    return f"{map_ or '(no map)'} at {x},{y}"


def _not_a_location(dest: str | None) -> str:
    return "which no board of the module names" if dest is None else f"{dest!r}, not a location of the map"


def summary_line(report: dict[str, Any]) -> str:
    """``N of M moves judged, K illegal, S not judged``: what a check looked at, said first."""
    return (
        f"{report['judged']} of {report['moves']} move(s) judged, {len(report['illegal'])} illegal, "
        f"{len(report['not_judged'])} not judged"
    )


def exit_status(report: dict[str, Any]) -> int:
    """0: every move judged and legal; 1: a judged move is illegal; 3: no judged move is illegal but
    some moves were not judged (a check never says "clean" for moves it did not look at)."""
    if report["illegal"]:
        return 1
    return 3 if report["not_judged"] else 0


def _check_sides(roster: dict, rs, file) -> None:
    """A roster side the ruleset lacks is the roster's error (line and column named)."""
    for k, (name, row) in enumerate(roster.items(), start=2):
        side = row.get("side")
        if side and side not in rs.sides:
            raise InputError(
                f"piece {name!r}: side {side!r} is not a side of {rs.id} (sides: {', '.join(rs.sides)})",
                file=file,
                where=f"line {k}, column side",
            )


def _unplaced(piece, name: str, hex_id: str | None, roster: dict, m: MapData, maps) -> str:
    """Why the moves of a piece are not judged: the reason its unit was never placed."""
    if name not in roster:
        return f"piece {name!r} is not in the roster (renamed, or a marker?)"
    if piece is None:
        return f"piece {name!r} is not on the table at the start of the log"
    if piece.map not in maps:
        return f"piece {name!r} starts on map {piece.map!r}, which the module does not have"
    if hex_id is None or not m.is_location(hex_id):
        return f"piece {name!r} starts at {piece.x}, {piece.y} on {piece.map!r}, no hex of the map"
    return f"piece {name!r} could not be placed"


def piece_moves(game: Game) -> list[dict]:
    """The log's moves piece by piece: a stack's move is a move of each piece in it."""
    out = []
    for index, mv in enumerate(game.moves):
        for pid in mv.get("members") or [mv["id"]]:
            piece = game.pieces.get(pid)
            out.append({**mv, "id": pid, "name": piece.name if piece else mv["name"], "index": index})
    return out

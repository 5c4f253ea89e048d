"""One position on one map, judged on request: what ``railhead serve`` answers from.

Every answer is the record the command line prints with ``--json`` (:mod:`railhead.engine.queries`,
the functions ``railhead move``, ``reach``, ``supply`` and ``rail`` call); a move that is applied
changes the position as a replayed log does (:meth:`~railhead.engine.ruleset.Ruleset.apply`). The
map is read once; a new position reuses its arrays. Calls are serialized by a lock: the web server
answers from several threads.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from ..engine.board import Board
from ..engine.queries import (
    check_location,
    check_position,
    judge,
    movers,
    position_from,
    reach_report,
    side_report,
)
from ..engine.registry import get_ruleset
from ..engine.ruleset import Ruleset
from ..engine.state import FORMAT, GameState, parse_state
from ..engine.verdict import Verdict
from ..errors import InputError
from ..mapdata.cache import read_mapdata_cached
from ..positions import read_position

HISTORY = 500  # changes a take-back can restore (VASSAL's Undo walks back one command at a time)


class Referee:
    """The map, the ruleset and the current position."""

    def __init__(
        self,
        map_file: str | Path,
        ruleset: str,
        state_file: str | Path | None = None,
        values_file: str | Path | None = None,
    ) -> None:
        self.map = read_mapdata_cached(map_file)
        self.name = Path(map_file).name
        self.lock = threading.Lock()
        # the referee's changes, for take_back: (unit, position before, position after)
        self._history: list[tuple[str, GameState, GameState]] = []
        if state_file is None:  # no units yet: a position is sent later (PUT /position)
            get_ruleset(ruleset)
            start: str | Path | dict[str, Any] = {"format": FORMAT, "ruleset": ruleset, "units": []}
        else:
            start = state_file
        # as the commands read a position (railhead.positions), values checked against the
        # ruleset's chart tables; read once: every later position is judged with these values
        self.rs, self.board = read_position(self.map, start, ruleset, values_file)

    def summary(self) -> str:
        """What is judged: ``der-weltkrieg on map.json (2,000 units, 30,000 hexes), movement of
        central, turn 1``."""
        s = self.board.state
        where = f"{len(s.units):,} units, {len(self.board.arrays.ids):,} "
        where += "hexes" if self.map.location_word == "hex" else "locations"
        phase = f"{s.phase} of {s.active_side}" if s.active_side else s.phase
        return f"{self.rs.id} on {self.name} ({where}), {phase}, turn {s.turn}"

    # ------------------------------------------------------------------ questions
    def move(
        self,
        unit: str,
        path: list[str],
        mode: str = "ground",
        stack: list[str] | None = None,
        keywords: dict[str, str] | None = None,
    ) -> dict[str, Any]:
        """The verdict on a move, as ``railhead move --json`` prints it."""
        with self.lock:
            return self._judge(unit, path, mode, stack, keywords).to_dict()

    def reach(self, unit: str, mode: str = "ground") -> dict[str, Any]:
        """Where the unit can go, as ``railhead reach --json`` prints it."""
        with self.lock:
            return reach_report(self.rs, self.board, unit, mode)

    def report(self, question: str, side: str | None) -> dict[str, Any]:
        """``supply`` or ``rail`` of a side, as ``railhead supply|rail --json`` print them."""
        with self.lock:
            return side_report(self.rs, self.board, question, side)

    def position(self) -> dict[str, Any]:
        """The current position (railhead.state/1), as a state file holds it."""
        with self.lock:
            return self.board.state.to_dict()

    # ------------------------------------------------------------------ changes
    def apply(
        self,
        unit: str,
        path: list[str],
        mode: str = "ground",
        stack: list[str] | None = None,
        keywords: dict[str, str] | None = None,
    ) -> dict[str, Any]:
        """Judge the move and, if legal, make it: ``{"applied": bool, "verdict": record}``."""
        with self.lock:
            v = self._judge(unit, path, mode, stack, keywords)
            if v.legal:
                before = self.board.state
                self._go_to(self.rs.apply(self.board, v, movers(unit, stack), list(path), mode))
                self._remember(unit, before)
            return {"applied": v.legal, "verdict": v.to_dict()}

    def set_phase(self, phase: str | None, side: str | None, turn: int | None = None) -> dict[str, Any]:
        """Judge the next moves in ``phase`` with ``side`` phasing in ``turn`` (each None: unchanged),
        refused as a state file holding them is: the three fields are read as :func:`parse_state`
        reads them in a state file (its messages), and the position with them must pass the
        ruleset's checks (:meth:`~railhead.engine.ruleset.Ruleset.position_problems`: a ledger's
        spending belongs to a turn or phase). The units and locations, read and checked when the
        position came, are not read again: they, the ledgers and the rolls stay the very same
        objects, so a move made before the phase changed can still be taken back."""
        with self.lock:
            given = {"phase": phase, "active_side": side, "turn": turn}
            changes = {k: v for k, v in given.items() if v is not None}
            if not changes:
                return self._phase()
            now = self.board.state
            fields = {
                "format": FORMAT,
                "ruleset": now.ruleset,
                "turn": now.turn,
                "active_side": now.active_side,
            }
            if now.phase_named:
                fields["phase"] = now.phase
            rs = self.rs
            s = parse_state({**fields, **changes}, self.map, sides=rs.sides, declarations=rs.declarations)
            board = Board.on(
                self.board.arrays,
                now.replace(turn=s.turn, phase=s.phase, phase_named=s.phase_named, active_side=s.active_side),
                values=self.board.values,
            )
            check_position(rs, board)  # worded as position_from words them for a state file
            self.board = board
            return self._phase()

    def replace_position(self, doc: Any) -> dict[str, Any]:
        """A new position (a railhead.state/1 document) on the same map and ruleset, read as the
        commands read a state file (the same messages, without its name); a bad one leaves the
        current position as it was."""
        with self.lock:
            if isinstance(doc, dict) and doc.get("ruleset", self.rs.id) != self.rs.id:
                raise InputError(
                    f"the position is of {doc.get('ruleset')!r}; this referee judges {self.rs.id}",
                    where="$.ruleset",
                )
            return self._replace(doc)

    def _replace(self, doc: Any) -> dict[str, Any]:
        """Make the position ``doc`` the current one once it is read whole (the lock held)."""
        self.rs, self.board = self._read(doc)
        return self._phase()

    def _read(self, doc: Any) -> tuple[Ruleset, Board]:
        """The position ``doc`` as :func:`read_position` reads it, with the chart values read and
        checked against the ruleset's tables once, at start (they do not change)."""
        return position_from(self.map, doc, self.rs.id, self.board.values)

    def place(self, unit: str, location: str) -> dict[str, Any]:
        """Put ``unit`` at ``location`` without judging: a move made on the board that the referee
        did not make (an illegal move left standing, a move in a phase that is not judged), so that
        later verdicts are about where the unit really is. Its spent MP and everything else stay
        as they were. ``{"unit", "from", "to"}``."""
        with self.lock:
            before = self.board.state
            was = before.unit(unit).hex
            self._known(location)
            self._go_to(before.move_unit(unit, location))
            self._remember(unit, before)
            return {"unit": unit, "from": was, "to": location}

    def take_back(self, unit: str, back_to: str, left: str) -> dict[str, Any]:
        """The move that took ``unit`` from ``back_to`` to ``left`` was taken back on the board
        (VASSAL's Undo). When that move was the referee's last change of the position (made by
        :meth:`apply` or :meth:`place`) and nothing but the phase, side and turn changed since, the
        position before it comes back whole (the unit's spent MP, capacity used, ...), in the current
        phase; otherwise the unit is only placed at ``back_to``. ``{"unit", "to", "restored"}``."""
        with self.lock:
            now = self.board.state
            self._known(back_to)
            now.unit(unit)
            history = self._history
            if history:
                who, before, after = history[-1]
                if (
                    who == unit
                    and now.unit(unit).hex == left
                    and before.place_of(unit) is not None
                    and before.unit(unit).hex == back_to
                    and _same_but_phase(now, after)
                ):
                    history.pop()
                    phase = {"turn": now.turn, "phase": now.phase, "phase_named": now.phase_named}
                    self._go_to(before.replace(**phase, active_side=now.active_side))
                    return {"unit": unit, "to": back_to, "restored": True}
            self._go_to(now.move_unit(unit, back_to))
            history.clear()  # the position is none the history left: nothing in it can come back
            return {"unit": unit, "to": back_to, "restored": False}

    def _remember(self, unit: str, before: GameState) -> None:
        """Record the change just made to ``unit`` (the lock held), for :meth:`take_back`."""
        self._history.append((unit, before, self.board.state))
        del self._history[:-HISTORY]

    def _known(self, location: str) -> None:
        check_location(self.board, location)

    def _judge(
        self,
        unit: str,
        path: list[str],
        mode: str,
        stack: list[str] | None,
        keywords: dict[str, str] | None,
    ) -> Verdict:
        """The verdict of ``railhead move`` on the current position (the lock held)."""
        return judge(self.rs, self.board, unit, list(path), mode, stack or [], **(keywords or {}))

    def _go_to(self, state: GameState) -> None:
        """Make ``state`` the current position, on the same map arrays and chart values."""
        self.board = Board.on(self.board.arrays, state, values=self.board.values)

    def _phase(self) -> dict[str, Any]:
        s = self.board.state
        return {"turn": s.turn, "phase": s.phase if s.phase_named else None, "active_side": s.active_side}


def _same_but_phase(a: GameState, b: GameState) -> bool:
    """Whether two positions differ at most in their phase, phasing side and turn (the very same
    units, locations, ledgers and rolls: the position was not replaced or changed since)."""
    return a.units is b.units and a.hexes is b.hexes and a.ledgers is b.ledgers and a.rolls == b.rolls

"""Hex Skirmish's rules (HS-n.n, see ``data.toml`` and docs/writing-a-ruleset.md), written against the
author's API :mod:`railhead.engine.api` and nothing else of railhead.

The game in one paragraph: two sides on a hex map; the phasing player moves his units in the
movement phase (HS-3), by ground paying the terrain of each hex entered (HS-5) or by rail along
rail lines against a capacity (HS-7), never both in one phase. A unit that enters an enemy zone of
control stops (HS-6.2) and pays extra to leave one (HS-6.3). A hex holds 4 stacking points at the
end of a move (HS-8). A unit is in supply when a line of at most 4 MP overland, then any length of
rail, joins it to one of its side's supply sources without entering enemy units or their
unoccupied ZOC (HS-9).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from railhead.engine.api import (
    INF,
    PROHIBITED,
    Board,
    CapacityReport,
    Changes,
    EdgeCosts,
    InputError,
    Ledger,
    Reach,
    Reason,
    Ruleset,
    Stage,
    Stop,
    SupplyReport,
    Unit,
    Verdict,
    enemy_zone_of_control,
    fraction,
    mp,
    reach,
    spent_mp,
    stack_after,
    stack_points,
    staged_trace,
    supply_answer,
    units,
    walk,
)

RAIL_LEDGER = "hex_skirmish-rail"


class HexSkirmish(Ruleset):
    """The ruleset: its data file, and the answers to the core's questions."""

    data_file = Path(__file__).with_name("data.toml")
    adjacency_rule = "HS-5"

    def value(self, section: str, key: str) -> tuple[Fraction, str]:
        """A number of the data file, exactly, with its rule."""
        v, rule = self.data.value(section, key)
        return fraction(v), rule

    def klass(self, unit: Unit) -> dict[str, Any]:
        return self.unit_class(unit.cls)

    # ------------------------------------------------------------------ sequence of play (HS-3)
    # The phases are declared in data.toml ([phases]); the core judges who moves, in which modes,
    # and rail and ground apart (HS-7.1), and refuses a phase the game lacks (exit 2).

    def position_problems(self, board: Board) -> list[tuple[str, str]]:
        """A unit of a class the game lacks is bad input (exit 2)."""
        return self.unknown_classes(board)

    # ------------------------------------------------------------------ zones of control (HS-6)
    def exerts_zoc(self, unit: Unit) -> bool:
        """HS-6.1: infantry and cavalry with strength left exert a ZOC."""
        return bool(self.klass(unit).get("zoc")) and (unit.strength or 0) > 0

    def enemy_zoc(self, board: Board, side: str) -> np.ndarray:
        """HS-6.1: the hexes next to an enemy unit that exerts a ZOC, not across a river, not
        into a lake."""
        a = board.arrays
        return enemy_zone_of_control(
            board, side, self.exerts_zoc, self.id, blocked=a.side_feature("river"), into=~self.lake(board)
        )

    def lake(self, board: Board) -> np.ndarray:
        return np.equal(board.arrays.hex_terrain, "lake")

    def enemy_units(self, board: Board, side: str) -> np.ndarray:
        return board.hexes_holding(board.unit_side != side)

    # ------------------------------------------------------------------ costs (HS-5, HS-6, HS-7)
    def terrain_mp(self, board: Board) -> np.ndarray:
        """Per location, the MP to enter it (HS-5.1); inf for a lake."""
        chart = {k: v for k, v in self.data["terrain"].items() if isinstance(v, dict)}

        def cost(t) -> float:
            if t not in chart:
                raise InputError(f"terrain {t!r} is not in Hex Skirmish's terrain chart ({', '.join(chart)})")
            v = chart[t]["value"]
            return INF if v == PROHIBITED else units(fraction(v))

        return np.array([cost(t) for t in board.arrays.hex_terrain], dtype=float)

    def ground_costs(self, board: Board, side: str) -> EdgeCosts:
        """Per step, what a unit of ``side`` pays on the ground, or the rule that forbids it."""
        return board.cached(("hs-ground", side), lambda: self._ground_costs(board, side))

    def _ground_costs(self, board: Board, side: str) -> EdgeCosts:
        a = board.arrays
        into = a.safe_nbr
        k = EdgeCosts.start(a.nbr.shape)
        k.forbid(~a.valid, "HS-5", "no such step")
        enter = self.terrain_mp(board)[into]
        k.forbid(a.valid & ~np.isfinite(enter), "HS-5.1", "units do not enter lakes")
        k.forbid(a.valid & self.enemy_units(board, side)[into], "HS-6.4", "the hex holds an enemy unit")
        road = ~np.equal(a.line_attr("road"), None)
        river = a.side_feature("river")
        finite = np.where(np.isfinite(enter), enter, 0.0)
        k.add("terrain", np.where(road, 0.0, finite), "HS-5.1")
        k.add("river", np.where(river & ~road, units(self.value("movement", "river")[0]), 0.0), "HS-5.2")
        k.add("road", np.where(road, units(self.value("movement", "road")[0]), 0.0), "HS-5.3")
        leave = self.enemy_zoc(board, side)[:, None] & a.valid
        k.add(
            "leaving an enemy ZOC",
            np.where(leave, units(self.value("movement", "leave_zoc")[0]), 0.0),
            "HS-6.3",
        )
        return k

    def rail_costs(self, board: Board, side: str) -> EdgeCosts:
        return board.cached(("hs-rail", side), lambda: self._rail_costs(board, side))

    def _rail_costs(self, board: Board, side: str) -> EdgeCosts:
        a = board.arrays
        into = a.safe_nbr
        k = EdgeCosts.start(a.nbr.shape)
        k.forbid(~a.valid, "HS-7", "no such step")
        k.forbid(a.valid & np.equal(a.line_attr("rail"), None), "HS-7.2", "no rail line along this step")
        k.forbid(a.valid & self.enemy_units(board, side)[into], "HS-6.4", "the hex holds an enemy unit")
        k.forbid(
            a.valid & self.enemy_zoc(board, side)[into], "HS-7.3", "rail movement does not enter an enemy ZOC"
        )
        k.add("rail", np.full(a.nbr.shape, units(self.value("rail", "step")[0])), "HS-7.2")
        return k

    def costs(self, board: Board, side: str, mode: str) -> EdgeCosts:
        return self.rail_costs(board, side) if mode == "rail" else self.ground_costs(board, side)

    def zoc_stop(self, board: Board, side: str) -> Stop:
        """HS-6.2: a unit that enters an enemy ZOC stops there."""
        return Stop(self.enemy_zoc(board, side), "HS-6.2", "a unit that enters an enemy ZOC stops there")

    # ------------------------------------------------------------------ moves (HS-4 to HS-8)
    def movement_allowance(self, unit: Unit, mode: str) -> Fraction:
        """HS-4.2: the printed allowance on the ground; HS-7.2: 3 MP by rail."""
        if mode == "rail":
            return self.value("rail", "allowance")[0]
        return Fraction(unit.movement or 0)

    def rail_ledger(self, board: Board) -> Ledger:
        cap, rule = self.value("rail", "capacity")
        return Ledger.of(board.state, RAIL_LEDGER, {s: (cap, rule) for s in self.sides}, period="turn")

    def _refusal(self, board: Board, unit: Unit, mode: str) -> Reason | None:
        """Why ``unit`` may not start a move in ``mode`` at all."""
        why = self.phase_problem(board.state, unit, mode, {}, board)
        if why is None and mode == "rail" and self.rail_ledger(board).remaining(unit.side) < 1:
            cap, rule = self.value("rail", "capacity")
            why = Reason(rule, f"{unit.side} has moved {cap} units by rail this turn, its whole capacity")
        return why

    def stack_problem(self, board: Board, hex_id: str, movers: list[Unit]) -> Reason | None:
        """HS-8.1: at most 4 stacking points of a side in a hex at the end of a move."""
        limit, rule = self.value("stacking", "limit")
        stack = stack_after(board.state, hex_id, movers[0].side, movers)
        points = stack_points(stack, lambda u: self.klass(u)["stacking"])
        if points > limit:
            return Reason(rule, f"{hex_id} would hold {points} stacking points; a hex holds {limit}")
        return None

    def judge_move(
        self, board: Board, unit_ids: list[str], path: list[str], mode: str, **keywords: Any
    ) -> Verdict:
        """HS-3 to HS-8: the phase, the costs along the path, the allowance, stacking at the end
        and rail capacity, each refusal with its rule. A stack moves together (HS-4.3): every unit
        of it must be able to make the move."""
        state = board.state
        movers = [state.unit(u) for u in unit_ids]
        lead = movers[0]
        for u in movers:
            if u.hex != lead.hex or u.side != lead.side:
                return Verdict(
                    False, Fraction(0), (), (Reason("HS-4.3", f"{u.id} is not stacked with {lead.id}"),)
                )
            why = self._refusal(board, u, mode)
            if why is not None:
                return Verdict(False, Fraction(0), (), (why,))
        costs = self.costs(board, lead.side, mode)
        stop = None if mode == "rail" else self.zoc_stop(board, lead.side)
        w = walk(board, costs, path, self.adjacency_rule, mode, stop=stop)
        total = mp(w.spent)
        if w.failure is not None:
            return Verdict(False, total, tuple(w.steps), (w.failure,))
        for u in movers:
            left = self.movement_allowance(u, mode) - (Fraction(0) if mode == "rail" else spent_mp(u))
            if total > left:
                rule = "HS-7.2" if mode == "rail" else "HS-4.2"
                return Verdict(
                    False,
                    total,
                    tuple(w.steps),
                    (Reason(rule, f"{u.id}: {total} MP is more than the {left} MP it has"),),
                )
        why = self.stack_problem(board, path[-1], movers) if len(path) > 1 else None
        if why is not None:
            return Verdict(False, total, tuple(w.steps), (why,))
        extra: dict[str, Any] = {}
        changes = Changes()
        if mode == "rail":
            ledger = self.rail_ledger(board)
            for u in movers:
                ledger = ledger.spend(u.side, u.id, Fraction(1), "rail move", "HS-7.4")
                if ledger.remaining(u.side) < 0:
                    return Verdict(
                        False,
                        total,
                        tuple(w.steps),
                        (Reason("HS-7.4", f"{lead.side} has no rail capacity left for {u.id}"),),
                    )
            extra["ledgers"] = {RAIL_LEDGER: ledger.to_state()}
            changes = Changes(unit_fields={u.id: {"moved_by_rail": True} for u in movers})
        return Verdict(True, total, tuple(w.steps), (), extra=extra, changes=changes)

    def reach(self, board: Board, unit: Unit, mode: str) -> tuple[Reach, list[Reason]]:
        """Every hex ``unit`` can end a move in this phase: the same costs, stop and checks as
        :meth:`judge_move`, so that each hex listed is a legal move along its path."""
        start = board.idx(unit.hex)
        why = self._refusal(board, unit, mode)
        if why is not None:
            return _only_start(board, start), [why]
        left = self.movement_allowance(unit, mode) - (Fraction(0) if mode == "rail" else spent_mp(unit))
        stop = None if mode == "rail" else self.zoc_stop(board, unit.side)
        r = reach(board, self.costs(board, unit.side, mode), start, units(left), stop)
        ids = board.arrays.ids
        for i in r.hexes():
            if i != start and self.stack_problem(board, ids[i], [unit]) is not None:
                r.dist[i] = INF  # HS-8.1: may pass, may not stop
        return r, []

    # ------------------------------------------------------------------ supply (HS-9)
    def supply_report(self, board: Board, side: str) -> SupplyReport:
        """HS-9.1: from a supply source of the side (a hex whose ``source`` names it), along rail
        lines any distance, then at most 4 MP overland, searched once from every source toward
        the units. HS-9.2: the line enters no enemy unit, and no enemy ZOC that no unit of the side
        occupies."""
        side = self.check_side(side)
        a = board.arrays
        sources = np.flatnonzero(np.equal(a.hex_attr("source"), side))
        friendly = board.hexes_holding(board.unit_side == side)
        closed = self.enemy_units(board, side) | (self.enemy_zoc(board, side) & ~friendly)
        shut = closed[a.safe_nbr] & a.valid
        rail = np.where(~np.equal(a.line_attr("rail"), None) & ~shut, 1.0, INF)
        ground = np.where(shut, INF, self._ground_costs_without_zoc(board, side))
        limit, rule = self.value("supply", "overland")
        stages = [Stage("rail", rail, INF, rule="HS-9.1"), Stage("overland", ground, units(limit), rule=rule)]
        trace = staged_trace(a.nbr, stages, sources, reverse=True)
        first = trace.stage_of()
        out = []
        for u in board.state.units_of(side):
            i = board.idx(u.hex)
            if trace.reached()[i]:
                entry = {"unit": u.id, "hex": u.hex, "status": "in supply", "rules": ["HS-9.1"]}
                entry["source"] = a.ids[int(trace.source[-1][i])]
                entry["by"] = "rail" if first[i] == 0 else "overland"
            else:
                entry = {"unit": u.id, "hex": u.hex, "status": "out of supply", "rules": ["HS-9.1", "HS-9.2"]}
            out.append(entry)
        return supply_answer(side, out)

    def _ground_costs_without_zoc(self, board: Board, side: str) -> np.ndarray:
        k = self.ground_costs(board, side)
        return k.cost - k.parts["leaving an enemy ZOC"]

    def rail_report(self, board: Board, side: str) -> CapacityReport:
        """HS-7.4: units each side may still move by rail this player turn, and which did."""
        side = self.check_side(side)
        ledger = self.rail_ledger(board)
        return CapacityReport(side, board.state.turn, "units", ledger.report([side]))


def _only_start(board: Board, start: int) -> Reach:
    dist = np.full(board.n, INF)
    dist[start] = 0.0
    return Reach(dist, np.full(board.n, -9999), start)


RULESET = HexSkirmish

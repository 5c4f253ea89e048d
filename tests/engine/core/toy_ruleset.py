"""The core's test ruleset: a few rules (``toy.toml``) built only from the author's API
(:mod:`railhead.engine.api`).

It moves over any location graph (hexes of several sheets, seams, links, areas, sea zones, boxes),
in three modes (ground, rail, naval) with a cost to change mode mid-path, reports the mode and
facing a unit arrives with, rolls a die at minefields, traces supply in three stages with a
low-volume counter, and keeps rail capacity in a ledger that resets each impulse.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from railhead.engine.api import (
    INF,
    CapacityReport,
    EdgeCosts,
    Ledger,
    Reach,
    Reason,
    Ruleset,
    Stage,
    Step,
    Verdict,
    fraction,
    mode_search,
    mp,
    spent_mp,
    staged_trace,
    supply_answer,
    units,
    walk,
)

KIND_HEX, KIND_AREA, KIND_BOX = 0, 1, 2


class ModeReachResult(Reach):
    """A reach over location × mode: each location with the mode and facing it is reached in."""

    def __init__(self, mr, start, limit, nbr, direction):
        best, mode = mr.best()
        super().__init__(np.where(best <= limit, best, INF), np.full(len(best), -9999), start)
        self.mr, self.mode, self.nbr, self.direction = mr, mode, nbr, direction

    def path(self, target: int) -> list[int]:
        return [i for i, _ in self.mr.path(target)][::1] if target != self.start else [target]

    def extras(self, target: int, ids: list[str]) -> dict:
        steps = self.mr.path(target)
        locs = [i for i, _ in steps]
        facing = None
        for a, b in zip(locs, locs[1:], strict=False):
            if a != b:
                slot = np.flatnonzero(self.nbr[a] == b)[0]
                facing = int(self.direction[a, slot]) if self.direction[a, slot] >= 0 else facing
        return {"mode": self.mr.modes[self.mode[target]], "modes": [m for _, m in steps], "facing": facing}


class Toy(Ruleset):
    data_file = Path(__file__).with_name("toy.toml")
    adjacency_rule = "T-4"

    def value(self, section: str, key: str) -> tuple[Fraction, str]:
        entry = self.data[section][key]
        return fraction(entry.get("mp", entry.get("value"))), entry["rule"]

    # ------------------------------------------------------------------ costs
    def costs(self, board, unit, mode: str) -> EdgeCosts:
        return board.cached(("toy", unit.side, mode), lambda: self._costs(board, unit, mode))

    def _costs(self, board, unit, mode: str) -> EdgeCosts:
        a = board.arrays
        shape = a.nbr.shape
        safe = np.where(a.valid, a.nbr, 0)
        k = EdgeCosts.start(shape)
        k.forbid(~a.valid, "T-4", "no edge")
        k.forbid(~a.mode_allowed(mode), "T-4", f"this link is not open to {mode} moves")
        kind = a.location_kind[safe]
        sea = np.array([a.record(i).attrs.get("kind") == "sea" for i in a.ids])[safe] & (kind == KIND_AREA)
        if mode == "ground":
            terrain = {t: units(fraction(v["mp"])) for t, v in self.data["terrain"].items()}
            other = terrain["other"]
            hexcost = np.vectorize(lambda t: terrain.get(t, other), otypes=[float])(a.hex_terrain[safe])
            area, box = (
                units(self.value("locations", "land_area")[0]),
                units(self.value("locations", "box")[0]),
            )
            base = np.select([kind == KIND_HEX, kind == KIND_AREA, kind == KIND_BOX], [hexcost, area, box])
            ferry = a.edge_attr("cost", None)
            has = ~np.equal(ferry, None)
            base = np.where(has, np.where(has, ferry, 0).astype(float) * units(1), base)
            k.add("terrain", base, "T-4.1")
            k.forbid(sea & a.valid, "T-6", "ground units do not enter sea zones")
            if board.state.weather_in(None) == "mud":
                extra = fraction(self.option(board.state, "mud_costs"))
                k.add("mud", np.full(shape, units(extra)) * (kind == KIND_HEX), "T-4.3")
        elif mode == "rail":
            on_rail = np.zeros(shape, dtype=bool)
            line = a.line_attr("rail")
            on_rail = ~np.equal(line, None)
            k.forbid(~on_rail & a.valid, "T-5.1", "no rail line along this step")
            k.add("rail", np.full(shape, units(self.value("rail", "step")[0])), "T-5.1")
        else:  # naval: sea zones and ports only
            port = np.array([a.record(i).attrs.get("kind") == "port" for i in a.ids])[safe]
            k.forbid(~(sea | port) & a.valid, "T-6", "ships move through sea zones and ports only")
            k.add("sea", np.full(shape, units(self.value("locations", "sea")[0])), "T-6.1")
        return k

    def position_problems(self, board) -> list[tuple[str, str]]:
        return self.unknown_classes(board)

    # ------------------------------------------------------------------ moves
    def movement_allowance(self, unit, mode: str) -> Fraction:
        return Fraction(unit.movement or 0)

    def judge_move(self, board, unit_ids, path, mode="ground", **keywords: Any) -> Verdict:
        unit = board.state.unit(unit_ids[0])
        costs = self.costs(board, unit, mode)
        w = walk(board, costs, path, self.adjacency_rule, mode)
        if w.failure:
            return Verdict(False, mp(w.spent), tuple(w.steps), (w.failure,))
        dice = board.dice()
        least, rule = self.value("minefield", "at_least")
        for s in w.steps:
            if "minefield" in board.map.hexes.get(s.to, _NO_HEX).features:
                roll = dice.roll(f"minefield {unit.id} {s.to}")
                if roll.value < least:
                    return Verdict(
                        False,
                        mp(w.spent),
                        tuple(w.steps),
                        (Reason(rule, f"{s.to}: rolled {roll.value}, needs {least} to cross the minefield"),),
                        rolls=tuple(dice.report()),
                    )
        direction = board.arrays.graph.direction
        steps = []
        for s in w.steps:
            i, d = board.arrays.edge_slot(s.frm, s.to)
            steps.append(Step(s.frm, s.to, s.mp, s.total, s.parts, s.mode, {"facing": int(direction[i, d])}))
        total = mp(w.spent)
        ma = self.movement_allowance(unit, mode) - spent_mp(unit)
        ledgers: dict[str, Any] = {}
        if mode == "rail":
            ledger = self.rail_ledger(board)
            if ledger.remaining(unit.side) < 1:
                return Verdict(False, total, tuple(steps), (Reason("T-5.3", "no rail capacity left"),))
            ledgers["toy-rail"] = ledger.spend(
                unit.side, unit.id, Fraction(1), "rail move", "T-5.3"
            ).to_state()
        if total > ma:
            return Verdict(False, total, tuple(steps), (Reason("T-4", f"{total} MP is more than {ma}"),))
        return Verdict(True, total, tuple(steps), (), extra={"ledgers": ledgers}, rolls=tuple(dice.report()))

    def action_lay_mines(self, board, unit: str, at: str, mp: Fraction) -> Verdict:
        """T-8.2: a unit lays mines only where it stands, and only with the MP left to pay."""
        u = board.state.unit(unit)
        if u.hex != at:
            return Verdict(False, Fraction(0), (), (Reason("T-8.2", f"{unit} stands in {u.hex}, not {at}"),))
        left = self.movement_allowance(u, "ground") - spent_mp(u)
        if mp > left:
            return Verdict(False, mp, (), (Reason("T-4", f"laying mines costs {mp} MP; {unit} has {left}"),))
        return Verdict(True, mp, (), (), (f"minefield laid in {at}",))

    def reach(self, board, unit, mode: str = "ground"):
        """Over location × mode from the unit's own mode: changing between ground and rail costs
        the entrain MP (T-5.2) wherever a rail line runs."""
        a = board.arrays
        start = board.idx(unit.hex)
        limit = units(self.movement_allowance(unit, mode) - spent_mp(unit))
        modes = {m: self.costs(board, unit, m).cost for m in ("ground", "rail")}
        on_rail = (~np.equal(a.line_attr("rail"), None)).any(axis=1)
        entrain = np.where(on_rail, units(self.value("rail", "entrain")[0]), INF)
        change = {("ground", "rail"): entrain, ("rail", "ground"): entrain}
        if mode == "naval":
            modes, change = {"naval": self.costs(board, unit, "naval").cost}, {}
        first = unit.attr("mode", mode if mode in modes else "ground")
        mr = mode_search(a.nbr, modes, change, start, first, limit)
        return ModeReachResult(mr, start, limit, a.nbr, a.graph.direction), []

    # ------------------------------------------------------------------ supply
    def supply_report(self, board, side: str) -> dict[str, Any]:
        """T-7: from a depot (a hex feature, or an area or box with ``depot = true``): rail of any
        length with at most one low-volume step, then road up to 3 MP, then overland up to 2 MP
        (searched once from all depots toward the units)."""
        a = board.arrays
        depots = np.flatnonzero(a.hex_feature("depot") | np.equal(a.hex_attr("depot"), True))
        ground = self.costs(board, _Probe(side), "ground").cost
        line_rail = a.line_attr("rail")
        rail = np.where(~np.equal(line_rail, None), 1.0, INF)
        low = np.equal(a.line_attr("rail", "volume", default="high"), "low")
        road = np.where(~np.equal(a.line_attr("road"), None), units(1), INF)
        stages = [
            Stage(
                "rail", rail, INF, low.astype(np.int64), int(self.value("supply", "low_volume")[0]), "T-7.3"
            ),
            Stage("road", road, units(self.value("supply", "road")[0]), rule="T-7.2"),
            Stage("overland", ground, units(self.value("supply", "overland")[0]), rule="T-7.1"),
        ]
        trace = staged_trace(a.nbr, stages, depots, reverse=True)
        first = trace.stage_of()
        out = []
        for u in board.state.units_of(side):
            i = board.idx(u.hex)
            ok = bool(trace.reached()[i])
            entry = {"unit": u.id, "hex": u.hex, "status": "in supply" if ok else "out of supply"}
            entry["rules"] = ["T-7"]
            if ok:
                entry["stage"] = stages[first[i]].name
                entry["source"] = a.ids[int(trace.source[-1][i])]
                entry["low_volume_steps"] = int(trace.count[0][i]) if first[i] == 0 else None
            out.append(entry)
        return supply_answer(side, out)

    # ------------------------------------------------------------------ capacity
    def rail_ledger(self, board) -> Ledger:
        cap, rule = self.value("rail", "capacity")
        return Ledger.of(board.state, "toy-rail", {s: (cap, rule) for s in self.sides}, period="impulse")

    def rail_report(self, board, side: str) -> dict[str, Any]:
        ledger = self.rail_ledger(board)
        pools = ledger.report([p for p in ledger.pools() if p == side or p.startswith(side)])
        return CapacityReport(side, board.state.turn, "units", pools)


class _Probe:
    def __init__(self, side):
        self.side = side


class _NoHex:
    features: tuple = ()


_NO_HEX = _NoHex()
RULESET = Toy

"""The GMT Great War in Europe / Near East ruleset: operational movement (8.0), strategic and sea
movement (9.0), supply (11.0), stacking (7.2) and hex control (7.1), each answering with the rule
that decided. See ``data.toml`` for every value and its rule."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ....errors import InputError
from ...merged_reach import MergedReach
from ...movement import Reach, walk
from ...reports import CapacityReport, SupplyReport
from ...ruleset import Ruleset
from ...search import INF, csr, mp, path_to, search_graph, units
from ...stacking import stack_after
from ...verdict import Changes, Reason, Verdict
from .calendar import parse_date
from .national_limits import closed_ends, limit_report, move_problem
from .operational import check_chart_cells, movement_allowance, operational_costs
from .position import Position
from .prohibitions import antwerp_through_holland, august_stack_problems, closed_to_unit, unit_frozen
from .sequence import phase_problem
from .stacking import stack_problems, stacking_report
from .strategic import SEA_BOX, judge_sea, judge_strategic, rail_report, strategic_reach
from .supply import channel_port_supply, supplied_mask, supply_report, unit_supply


class GmtGreatWar(Ruleset):
    package = "gmt_great_war"
    adjacency_rule = "8.1"

    # ------------------------------------------------------------------ position
    def position_problems(self, board) -> list[tuple[str, str]]:
        """Bad dates (3.6), units on hexes of a front closed to them, unknown classes."""
        out = []
        state = board.state
        if "date" in state.extra:
            try:
                parse_date(state.extra["date"])
            except InputError as exc:
                out.append(("$.date", exc.message))
        pos = Position.of(board, self.data)
        out += self.unknown_classes(board)
        for k, u in enumerate(state.units):
            i = board.arrays.index[u.hex]
            if pos.terrain[i] == "all_sea":
                out.append((f"$.units[{k}].hex", f"unit {u.id} stands on the all-sea hex {u.hex} (8.24)"))
            closed = pos.front_closed_to(u, pos.front[i]) if pos.front[i] else None
            if closed:
                out.append((f"$.units[{k}].hex", f"unit {u.id} on {u.hex}: {closed[1]} ({closed[0]})"))
            front = u.attr("front")
            if front is not None and pos.front[i] != front:
                out.append(
                    (
                        f"$.units[{k}].hex",
                        f"unit {u.id} belongs to the {front} front but {u.hex} is on the "
                        f"{pos.front[i]} front (3.12)",
                    )
                )
        return out

    # ------------------------------------------------------------------ movement
    def movement_allowance(self, unit, mode: str):
        return Fraction(unit.movement or 0) if mode == "ground" else None

    def allowance_label(self, unit, mode: str):
        if mode == "ground":
            return super().allowance_label(unit, mode)
        return "any length (9.0)" if mode == "strategic" else "port to port (9.5)"

    def _costs(self, board, unit):
        pos = Position.of(board, self.data)
        shared = operational_costs(
            board,
            self.data,
            unit.side,
            pos.is_mountain(unit),
            unit.cls == "hq",
            self.option(board.state, "devastated_cost"),
            antwerp_through_holland(board, self.data, unit),
        )
        own = closed_to_unit(board, self.data, unit)
        if not own:
            return shared

        def narrowed():
            costs = shared.copy()
            nbr = board.arrays.nbr
            for mask, rule, why in own:
                costs.forbid(mask[nbr] & (nbr >= 0), rule, why)
            return costs

        key = (id(shared), tuple(why for _, _, why in own))
        return board.cached(("gmt-op-unit", key), narrowed)

    def action_place(self, board, unit: str, hex: str, box: str = "europe") -> Verdict:
        """13.1-13.3: may the new ``unit`` (waiting in the ``box`` Available Units Box) be placed in
        ``hex`` now; the ``place`` action of ``railhead act``."""
        from .placement import judge_placement

        return judge_placement(board, self.data, self, board.state.unit(unit), hex, box)

    def action_replace(self, board, unit: str, steps: int = 1, support: bool = False) -> Verdict:
        """5.31-5.37: may ``steps`` of ``unit`` be replaced now, for RPs of the core ledger
        ``resource_points``; the ``replace`` action of the Replacement Phase."""
        from .replacement import judge_replacement

        return judge_replacement(board, self.data, self, board.state.unit(unit), steps, support)

    def action_transfer_rp(self, board, amount: int = 1, **given: str) -> Verdict:
        """5.17: may ``amount`` RPs go from one nation to another in this Resource Phase; the
        ``transfer_rp`` action (arguments ``from`` and ``to``)."""
        from .resources import judge_transfer

        return judge_transfer(board, self.data, given["from"], given["to"], amount)

    def action_receive_rp(
        self, board, nation: str, chart: int = 0, near_east: int = 0, resource_hexes: int = 0
    ) -> Verdict:
        """5.12-5.16: ``nation`` receives this Strategic Turn's RPs into the core ledger
        ``resource_points``, the 10-RP ceiling of the last Strategic Turn's end applied first."""
        from .income import judge_receipt

        return judge_receipt(board, self.data, nation, chart, near_east, resource_hexes)

    def action_turkish_reserve(self, board, side: str = "cp") -> Verdict:
        """5.38: the Central Powers' Turkish Required Reserve roll at the end of the Replacement Phase,
        written to the core ledger ``turkish_required_reserve``."""
        from .required_reserve import judge_roll

        return judge_roll(board, self.data, side)

    def action_emergency_replacements(self, board, nation: str) -> Verdict:
        """5.18: emergency replacements for ``nation``: two dice of the core's dice, at most 7 RPs."""
        from .resources import judge_emergency

        return judge_emergency(board, self.data, nation)

    def judge_advance(self, board, unit, dest: str):
        """10.71, 10.72: a unit dragged in a Mutual Combat Phase, judged as an advance after combat
        (:func:`.advance.judge_advance_drag`)."""
        from .advance import judge_advance_drag

        return judge_advance_drag(self, board, unit, dest)

    def judge_retreat(self, board, unit, dest: str):
        """15.51, 15.52: a unit dragged in a Mutual Combat Phase away from an attack, judged as a
        cavalry unit's retreat before combat (:func:`.cavalry_retreat.judge_cavalry_retreat`)."""
        from .cavalry_retreat import judge_cavalry_retreat

        return judge_cavalry_retreat(self, board, unit, dest)

    def judge_move(self, board, unit_ids, path, mode="ground", **keywords: Any) -> Verdict:
        for uid in unit_ids:
            gate = phase_problem(self, board, board.state.unit(uid), mode)
            if gate:
                return Verdict(False, Fraction(0), (), (gate,))
        if mode == "strategic":
            return judge_strategic(board, self.data, self, unit_ids, path)
        if mode == "sea":
            return judge_sea(board, self.data, self, unit_ids, path)
        return self._judge_ground(board, unit_ids, path)

    def _judge_ground(self, board, unit_ids, path) -> Verdict:
        state = board.state
        unit = state.unit(unit_ids[0])
        pos = Position.of(board, self.data)
        for uid in unit_ids:
            frozen = unit_frozen(board, self.data, state.unit(uid))
            if frozen:
                return Verdict(False, Fraction(0), (), (frozen,))
            if state.extra.get("brest_litovsk") and state.unit(uid).nation == "ru":
                return Verdict(
                    False, Fraction(0), (), (Reason("5.46", "Brest-Litovsk: Russian units no longer move"),)
                )
            if state.unit(uid).attr("moved"):
                return Verdict(
                    False, Fraction(0), (), (Reason("8.0", f"{uid} has already moved this phase"),)
                )
        costs = self._costs(board, unit)
        for uid in unit_ids[1:]:
            other = state.unit(uid)
            if (
                pos.is_mountain(other) != pos.is_mountain(unit)
                or other.cls == "hq"
                or closed_to_unit(board, self.data, other)
            ):
                costs = _combine(costs, self._costs(board, other))
        check_chart_cells(board, self.data, path)
        w = walk(board, costs, path, self.adjacency_rule, "ground")
        if w.failure:
            return Verdict(False, mp(w.spent), tuple(w.steps), (w.failure,))
        ma, ma_rule, ma_why = movement_allowance(board, self.data, self, unit_ids, path)
        total = mp(w.spent)
        steps = tuple(w.steps)
        if total > ma:
            first_only = len(steps) == 1
            if not first_only:
                return Verdict(
                    False,
                    total,
                    steps,
                    (Reason("8.21", f"{total} MP is more than the allowance of {ma} ({ma_why}, {ma_rule})"),),
                )
        effects, removed, fields = [], [], {}
        if total > ma:
            effects.append(
                f"moved one hex on more MP than its allowance of {ma}: a unit may always move one hex (8.13)"
            )
        end = path[-1]
        ie = board.arrays.index[end]
        if pos.terrain[ie] == "all_lake":
            return Verdict(
                False,
                total,
                steps,
                (Reason("8.34", f"{end}: a unit may not end its move in a frozen lake hex"),),
            )
        over = move_problem(board, self.data, unit_ids, end) if len(path) > 1 else None
        if over:
            return Verdict(False, total, steps, (over,))
        through = antwerp_through_holland(board, self.data, unit)
        crossed = through and any(pos.country[board.arrays.index[h]] in through for h in path[1:])
        if crossed and not channel_port_supply(board, self.data, self, unit, end):
            return Verdict(
                False,
                total,
                steps,
                (
                    Reason(
                        "19.56",
                        "Belgian units from Antwerp may pass through Holland only if they end "
                        "their move in supply to a Channel port",
                    ),
                ),
            )
        if len(path) > 1:
            sup = unit_supply(board, self.data, self, unit, at=end)
            if sup["status"] == "out of supply":
                return Verdict(
                    False,
                    total,
                    steps,
                    (
                        Reason(
                            "8.26", f"{end} is out of supply: a unit may never voluntarily end its move there"
                        ),
                    ),
                )
        other = self.other_side(unit.side)
        for h in path[1:]:
            for u in state.units_at(h):
                if u.side == other and u.cls == "hq":
                    removed.append(u.id)
                    effects.append(f"enemy HQ {u.id} in {h} is eliminated (8.22)")
        for uid in unit_ids:
            u = state.unit(uid)
            fields[uid] = {"moved": True}
            if u.cls == "hq" and self._hq_depletes(board, u, total):
                fields[uid]["depleted"] = True
                effects.append(
                    f"HQ {uid} spent {total} MP, more than its printed {u.movement}: "
                    "flipped to depleted (15.66)"
                )
        control = {
            h: {"owner": unit.side} for h in path[1:] if pos.controller[board.arrays.index[h]] != unit.side
        }
        if control:
            effects.append(f"control of {', '.join(control)} passes to {unit.side} (7.13)")
        stack = stack_after(state, end, unit.side, unit_ids)
        problems = stack_problems(self.data, stack)
        problems += august_stack_problems(board, self.data, stack)
        for p in problems:
            effects.append(f"stacking at {end}: {p} — legal only if fixed by the end of the phase (7.22)")
        return Verdict(
            True,
            total,
            steps,
            (),
            tuple(effects),
            extra={
                "movement_allowance": float(ma) if ma.denominator != 1 else int(ma),
                "allowance_rule": ma_rule,
                "control": sorted(control),
            },
            changes=Changes(removed=tuple(removed), unit_fields=fields, locations=control),
        )

    def _hq_depletes(self, board, hq, spent: Fraction) -> bool:
        """15.66: from Jan/Feb 1915 an HQ on the Western Front map that spends more than its printed
        MA flips to depleted, until the first Shock-troop event or Allied tank."""
        from .calendar import date_of

        state = board.state
        pos = Position.of(board, self.data)
        date = date_of(state)
        start = parse_date(self.data["movement"]["hq_depletion_from"]["value"])
        if pos.front[board.arrays.index[hq.hex]] != "western" or date is None or date < start:
            return False
        if state.extra.get("shock_troop_event") or state.extra.get("allied_tank_entered"):
            return False
        return spent > Fraction(hq.movement or 0)

    def reach(self, board, unit, mode: str = "ground"):
        if phase_problem(self, board, unit, mode):
            start = board.arrays.index[unit.hex]
            dist = np.full(board.n, INF)
            dist[start] = 0
            return Reach(dist, np.full(board.n, -9999, dtype=np.int64), start), []
        if mode == "strategic":
            dist, pred = strategic_reach(board, self.data, self, unit)
            ok = np.isfinite(dist)
            for i in np.flatnonzero(ok):
                if i == board.arrays.index[unit.hex]:
                    continue
                v = judge_strategic(
                    board, self.data, self, [unit.id], [board.arrays.ids[k] for k in _path(pred, i)]
                )
                ok[i] = v.legal
            return Reach(np.where(ok, 0.0, INF), pred, board.arrays.index[unit.hex]), []
        if mode == "sea":
            return self._sea_reach(board, unit), []
        return self._ground_reach(board, unit), []

    def _sea_reach(self, board, unit) -> Reach:
        """Every port the unit may sea-move to now (9.5), each judged as a move."""
        a = board.arrays
        start = a.index[unit.hex]
        dist = np.full(board.n, INF)
        pred = np.full(board.n, -9999, dtype=np.int64)
        dist[start] = 0
        box = a.index.get(SEA_BOX)
        if box is None:
            return Reach(dist, pred, start)
        for j in a.nbr[box][a.nbr[box] >= 0]:
            if j != start and self.judge_move(board, [unit.id], [unit.hex, SEA_BOX, a.ids[j]], "sea").legal:
                dist[j], pred[j], pred[box] = 0, box, start
        return Reach(dist, pred, start)

    def _ground_reach(self, board, unit) -> Reach:
        costs = self._costs(board, unit)
        a = board.arrays
        start = a.index[unit.hex]
        if unit_frozen(board, self.data, unit):
            dist = np.full(board.n, INF)
            dist[start] = 0
            return Reach(dist, np.full(board.n, -9999, dtype=np.int64), start)
        ma, _, _ = movement_allowance(board, self.data, self, [unit.id], None)
        pos = Position.of(board, self.data)
        printed = Fraction(unit.movement or 0)
        never = self.option(board.state, "cavalry_doubling") == "never_adjacent"
        if unit.cls == "cavalry" and never and ma > printed:
            # doubled only along hexes never adjacent to an enemy combat unit (8.14, A4)
            near = pos.near_enemy_combat(unit.side)
            safe = np.where(near[a.safe_nbr], INF, costs.cost)
            r = MergedReach(
                Reach(*search_graph(costs.graph(board.nbr), start, limit=units(printed)), start),
                Reach(*search_graph(csr(board.nbr, safe), start, limit=units(ma)), start),
            )
        else:
            limit = units(printed if unit.cls == "cavalry" and never else ma)
            r = Reach(*search_graph(costs.graph(board.nbr), start, limit=limit), start)
        dist = r.dist.copy()
        # 8.13: the first hex may always be entered
        for d in range(a.degree):
            j = a.nbr[start, d]
            if j >= 0 and np.isfinite(costs.cost[start, d]) and not np.isfinite(dist[j]):
                dist[j], r.pred[j] = costs.cost[start, d], start
        # 8.26, 8.34: no ending out of supply or in a frozen lake
        reached = np.isfinite(dist) & (pos.terrain != "all_lake") & ~closed_ends(board, self.data, unit)
        sup = supplied_mask(board, self.data, self, unit)
        r.dist = np.where(reached & (sup | (np.arange(board.n) == start)), dist, INF)
        return r

    # ------------------------------------------------------------------ supply and capacity
    def supply_report(self, board, side: str) -> SupplyReport:
        return supply_report(board, self.data, self, side).with_extras(
            stacking=stacking_report(board.state, self.data, side),
            national_limits=limit_report(board, self.data, side),
        )

    def rail_report(self, board, side: str) -> CapacityReport:
        return rail_report(board, self.data, side)


def _combine(a, b):
    """Costs of a stack: each step at the dearer of two kinds of unit, forbidden if either forbids."""
    out = a.copy()
    worse = b.cost > out.cost
    out.cost = np.where(worse, b.cost, out.cost)
    out.why = np.where(worse & (b.why >= 0), b.why + len(out.reasons), out.why)
    out.reasons = out.reasons + b.reasons
    out._graph = out._reverse_graph = None
    return out


def _path(pred, i) -> list[int]:
    return path_to(pred, int(i))


RULESET = GmtGreatWar

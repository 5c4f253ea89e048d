"""The Death of Empires ruleset: the questions the core asks, answered by the rule modules."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core_fields import spent_mp
from ...reports import CapacityReport, SupplyReport
from ...ruleset import Ruleset
from ...verdict import Reason, Verdict
from .attachment import attachment_problems
from .boxes import (
    box_problems,
    box_step,
    judge_holding,
    judge_loc_box,
    loc_box_alarms,
    loc_boxes,
    on_map,
    reach_from_loc_box,
    touches_box,
)
from .depots import army_lines
from .mission_orders import flexible_depot_problem
from .moves import base_allowance, days_of, force_march_limit, judge_ground, reach_ground, segment_of
from .naval import judge_naval, reach_naval
from .position import rail_status
from .rail import RP_LEDGER, judge_rail, reach_rail, rp_ledger, station_ledger
from .reaction import judge_reaction
from .reaction import windows as reaction_windows
from .reinforcement import judge_entry, reach_from_reinforcement_box, reinforcement_boxes
from .retreat import judge_retreat
from .rr_tasks import rr_tasks
from .supply import supply_report
from .units import RAIL_BOUND, mode_of, unit_type


class DeathOfEmpires(Ruleset):
    package = "death_of_empires"
    adjacency_rule = "8.21"

    # ------------------------------------------------------------------ position
    def position_problems(self, board) -> list[tuple[str, str]]:
        """Units in a mode they cannot take (7.23.A, 3.24), or in a box they may not be in (2.66,
        2.75)."""
        out = box_problems(board)
        board = on_map(board)
        for k, u in enumerate(board.state.units):
            where = f"$.units[{k}].attrs.mode"
            m = u.attr("mode")
            t = unit_type(u)
            if t in RAIL_BOUND and m not in (None, "rail", "naval"):
                out.append(
                    (where, f"{u.id}: a {t.replace('_', ' ')} is always in Rail Mode (7.23.A), not {m}")
                )
            if t == "corps_train" and m == "deployed":
                out.append((where, f"{u.id}: a corps train is never in Deployed Mode (7.23.A)"))
            if u.attr("mr") == "R" and m in ("deployed", "road"):
                out.append((where, f"{u.id}: MR R units move by rail only (2.21.J), not in {m} mode"))
            if u.attr("facing") is not None and (m in ("road", "rail") or u.cls == "supply"):
                out.append(
                    (
                        f"$.units[{k}].attrs.facing" if not u.attr("in_box") else f"$.units[{k}].hex",
                        f"{u.id}: units in {m or 'supply'} mode have no facing (3.24)",
                    )
                )
        return out + attachment_problems(self, board.state)

    # ------------------------------------------------------------------ movement
    def movement_allowance(self, unit, mode: str):
        return None  # depends on the impulse: see allowance_label

    def allowance_label(self, unit, mode: str) -> Any:
        return self._label

    def box_step(self, board, a: str, b: str) -> bool:
        return super().box_step(board, a, b) or box_step(self, board, a, b)

    def phase_problem(self, state, unit, mode, keywords=None, board=None):
        """The declared sequence of play (4.0), but a unit in its army's LOC Box may be placed on
        the LOC in the enemy's segment when an enemy unit comes next to it (2.75): the box's own
        rule judges that placement."""
        from .boxes import loc_boxes

        if board is not None and unit.hex in loc_boxes(board.map):
            return None
        return super().phase_problem(state, unit, mode, keywords, board)

    def judge_move(self, board, unit_ids, path, mode="ground", **keywords):
        """A move on the map with the units in its HQs' Holding Boxes (2.66); a move into or out of
        a Holding Box or a LOC Box (2.66, 2.75); enemy LOCs the move comes next to (2.75)."""
        for uid in unit_ids:  # the declared sequence of play (4.0)
            gate = self.phase_problem(board.state, board.state.unit(uid), mode, keywords, board)
            if gate is not None:
                return Verdict(False, Fraction(0), (), (gate,))
        if keywords.get("retreat") not in (None, "", "no"):
            placed = on_map(board)
            return judge_retreat(self, placed, placed.state.unit(unit_ids[0]), path)
        if keywords.get("overrun") not in (None, "", "no"):
            if mode != "ground":
                why = "an overrun is part of movement over land in Deployed Mode (8.32)"
                return Verdict(False, Fraction(0), (), (Reason("8.32", why),))
            from .overrun import judge_overrun

            return judge_overrun(self, on_map(board), list(unit_ids), list(path), **keywords)
        if keywords.get("reaction_to"):
            placed = on_map(board)
            if path[0] in board.map.boxes:  # 3.46: from a Holding Box it is simply placed on the map
                path = path[1:] or [placed.state.unit(unit_ids[0]).hex]
            return judge_reaction(self, placed, placed.state.unit(unit_ids[0]), path, keywords)
        if path[0] in reinforcement_boxes(board.map):
            return judge_entry(
                self,
                on_map(board),
                unit_ids,
                path,
                lambda b, ids, p, m: self._judge(b, ids, p, m, **keywords),
            )
        if touches_box(board, path):
            if any(p in loc_boxes(board.map) for p in path):
                return judge_loc_box(self, on_map(board), board.state.unit(unit_ids[0]), path)
            return judge_holding(
                self, board, unit_ids, path, lambda b, ids, p: self._judge(b, ids, p, mode, **keywords)
            )
        placed = on_map(board)
        ids = list(unit_ids)
        for uid in unit_ids:
            box = placed.state.unit(uid).attr("hosts")
            if box:
                ids += [u.id for u in placed.state.units if u.attr("in_box") == box and u.id not in ids]
        v = self._judge(placed, ids, path, mode, **keywords)
        side = placed.state.unit(unit_ids[0]).side
        alarms = loc_box_alarms(self, placed, side, path) if v.legal else []
        react = reaction_windows(self, placed, side, path) if v.legal and mode == "ground" else []
        if alarms or react or len(ids) > len(unit_ids):
            extra = dict(v.extra)
            if react:
                extra["reaction_windows"] = react
            if alarms:
                extra["loc_box_window"] = alarms
            if len(ids) > len(unit_ids):
                extra["holding_box"] = {"units": ids[len(unit_ids) :], "rule": "2.66"}
            v = type(v)(v.legal, v.mp, v.steps, v.reasons, v.effects, extra, v.changes, v.rolls)
        return v

    def _judge(self, board, unit_ids, path, mode="ground", **keywords):
        why = flexible_depot_problem(board.state, [board.state.unit(i) for i in unit_ids])
        if why and len(path) > 1:
            return Verdict(False, Fraction(0), (), (Reason("7.15.D", why),))
        if mode == "rail":
            return judge_rail(self, board, unit_ids, path, **keywords)
        if mode == "naval":
            return judge_naval(self, board, unit_ids, path, **keywords)
        return judge_ground(self, board, unit_ids, path, **keywords)

    def reach(self, board, unit, mode="ground"):
        board = on_map(board)
        unit = board.state.unit(unit.id)
        base = base_allowance(self, board.state)
        fm = force_march_limit(self, unit, board.state)
        seg = segment_of(board.state).replace("_", "-")
        label = f"{base} MP, {seg} segment of a {days_of(self, board.state)}-day impulse"
        if fm:
            label += f", Force March up to {fm} more"
        spent = spent_mp(unit)
        self._label = label + (f", {float(spent):g} spent" if spent else "")
        if unit.hex in loc_boxes(board.map):  # placed onto the army's LOC (2.75)
            return reach_from_loc_box(self, board, unit)
        if unit.hex in reinforcement_boxes(board.map):  # placed on its entry hex, then moves (7.12)
            return reach_from_reinforcement_box(self, board, unit)
        if mode == "rail":
            return reach_rail(self, board, unit)
        if mode == "naval":
            return reach_naval(self, board, unit)
        return reach_ground(self, board, unit)

    def reach_radius(self, board, unit, mode: str) -> int | None:
        return None

    # ------------------------------------------------------------------ supply and rail
    def judge_retreat(self, board, unit, dest: str):
        """12.1, 12.11, 3.31.F: a unit dragged after combat from its hex to ``dest``, judged as a
        retreat (:func:`.retreat.judge_retreat_drag`)."""
        from .retreat import judge_retreat_drag

        return judge_retreat_drag(self, board, unit, dest)

    def judge_advance(self, board, unit, dest: str):
        """10.36.C: a Pursuit after a Fire Attack's retreat follows the path the retreat took, which
        a log's drag does not show: not judged, saying so."""
        from ...unjudged import no_rule

        why = "a Pursuit (10.36.C) follows the retreat's path and needs the Pursuit's Morale Check"
        return no_rule(self, "advance", why)

    def supply_report(self, board, side: str) -> SupplyReport:
        return supply_report(self, on_map(board), side)

    def rail_report(self, board, side: str) -> CapacityReport:
        """Rail Points this week (2.61, 5.11), station capacity this impulse (8.55), port capacity
        (8.63), and each army's Main Depot status (7.22)."""
        board = on_map(board)
        ledger = rp_ledger(self, board)
        stations = station_ledger(self, board, side)
        status = rail_status(board)
        own_stations = [p for p in stations.pools() if status[board.idx(p.split(" ", 1)[1])] == side]
        days = days_of(self, board.state)
        ports = []
        for h, x in sorted(board.map.hexes.items()):
            if "port" in x.features:
                cap = x.attrs.get("port_capacity")
                if cap is None:
                    cap = board.values.whole(
                        "port",
                        "capacity",
                        "be_per_day",
                        what="a naval port's capacity",
                        rule="8.63 (Exclusive Rules)",
                    )
                ports.append(
                    {"hex": h, "be_per_day": int(cap), "be_this_impulse": int(cap) * days, "rule": "8.63"}
                )
        depots = [
            {
                "army": x.army,
                "status": x.status,
                "capabilities": list(x.capabilities),
                "rail_mode_on_loc": 4 in x.capabilities,
                "rule": "7.22",
            }
            for x in army_lines(self, board, side).values()
        ]
        return CapacityReport(
            side,
            board.state.turn,
            "Rail Points (1 RP = 1 BE moving 1 MP)",
            ledger.report([side]) + stations.report(own_stations),
            period={"impulse": board.state.impulse},
            extras={
                "ports": ports,
                "main_depots": depots,
                "ledger": RP_LEDGER,
                "rr_engineer": rr_tasks(self, board, side),
            },
        )

    def capacity_pool_of(self, board, side: str):
        """Per location, the pool its rail draws on: the side's Rail Points (2.61) where the rail
        is friendly operational to a side (3.8), None elsewhere."""
        import numpy as np

        status = rail_status(board)
        on_rail = (~np.equal(board.arrays.line_attr("rail", "track", default="single"), None)).any(axis=1)
        sides = np.isin(status, self.sides) & on_rail
        return np.where(sides, status, None)

    def out_of_service(self, board):
        """Damaged and neutral rail carries nothing (3.8, 8.13)."""
        import numpy as np

        return np.isin(rail_status(board), ["damaged", "neutral"])

    _label: Any = None


RULESET = DeathOfEmpires
__all__ = ["RULESET", "mode_of"]

"""Der Weltkrieg (SPW standard rules): the rules that are code. Values come from ``data.toml``.

Terrain lies on hexsides: a step costs its hexside's terrain (+ river, − rail line) + the markers of
the hex entered + enemy ZOC (R6-6, R6-7, R10-7, R22-6, R22-13). Rules cited as in the rulebook
(``R6-9``); decisions where the rulebook is silent or contradicts itself follow the spec
(``shared/rules/der-weltkrieg.md`` §10) and are named options (``data.toml`` ``[options]``).
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import Any

import numpy as np

from ....errors import InputError, UnitFieldMissing
from ...board import Board
from ...core_fields import spent_mp
from ...movement import Reach, Walk, walk
from ...reports import CapacityReport, SupplyReport
from ...ruleset import PROHIBITED, Ruleset, fraction
from ...search import INF, MP_UNIT, EdgeCosts, mp, path_to, search_each, search_graph, units
from ...state import GameState, Unit
from ...verdict import Changes, Reason, Verdict
from ...zoc import enemy_zone_of_control, zone_of_control

INFANTRY_TYPES = ("infantry", "mountain", "marine", "assault")
NOT_GCU = ("hq", "fortress", "supply_marker")  # R3: HQs and fortresses are not ground combat units


# what the moves made at once (:meth:`DerWeltkrieg.made_moves`) stand for: a subclass that
# overrides one of these makes its moves one at a time
_MADE_BY = (
    "judge_move",
    "_judge",
    "judge_ground",
    "apply",
    "entry_effects",
    "ground_costs",
    "recorded_fields",
    "reach_many",
    "move_problem",
    "movement_allowance",
    "spent_before",
)


class DerWeltkrieg(Ruleset):
    package = "der_weltkrieg"
    adjacency_rule = "R6-6"

    def __init__(self) -> None:
        super().__init__()
        self._profiles: dict[tuple, tuple] = {}  # what profile() reads of a unit -> its profile

    # ------------------------------------------------------------------ classes & nations
    def nation_rule(self, name: str, unit: Unit) -> bool:
        """Whether ``unit``'s nation has the exception ``name`` (data ``[nation_rules]``)."""
        return unit.nation in self.data["nation_rules"][name]["nations"]

    def klass(self, unit: Unit) -> dict[str, Any]:
        return self.unit_class(unit.cls)

    def is_gcu(self, unit: Unit) -> bool:
        return unit.cls not in NOT_GCU

    def is_infantry_type(self, unit: Unit) -> bool:
        return bool(self.klass(unit).get("infantry_type"))

    def is_mountain_unit(self, unit: Unit) -> bool:
        """Mountain units (R32): mountain class, plus nation-wide mountain infantry (Appendix A)."""
        if self.klass(unit).get("mountain"):
            return True
        return bool(unit.attr("mountain")) and self.is_infantry_type(unit)

    def side_of_nation(self, nation: str) -> str | None:
        return self.data["nations"].get(nation)

    def exerts_zoc(self, unit: Unit) -> bool:
        """R10-2, R10-3, R7-11, R18-2, R9-8, R21-2: infantry types and cavalry, not entrained."""
        return bool(self.klass(unit).get("zoc")) and not unit.attr("entrained", False)

    def is_winter(self, state: GameState) -> bool:
        month = state.extra.get("month")
        return month in self.data["winter"]["months"]

    # ------------------------------------------------------------------ static map arrays
    def terrain_arrays(self, board: Board) -> dict[str, np.ndarray]:
        """Per directed edge: hexside terrain name, its TEC cost, and the overlays (cached per map)."""
        return self._terrain_arrays_of(board.arrays)

    def _terrain_arrays_of(self, arrays) -> dict[str, np.ndarray]:
        key = ("dw-terrain", self.id)
        if key in arrays._side_cache:
            return arrays._side_cache[key]
        chart = self.data["terrain"]
        aliases = {a: name for name, row in chart.items() for a in row.get("aliases", [])}
        names = list(chart)
        code, unknown = arrays.side_terrain_code(names, self.data["default_hexside_terrain"], aliases)
        if unknown:
            raise InputError(
                f"hexside terrain {', '.join(map(repr, unknown))} is not in the {self.name} "
                f"terrain chart (known: {', '.join(chart)}); fix the map's hexside terrain",
                file=arrays.map.name,
            )
        t = np.array(names, dtype=object)[code]
        prohibited = np.array([chart[n]["mp"] == PROHIBITED for n in names])[code]
        base = np.array([0 if chart[n]["mp"] == PROHIBITED else chart[n]["mp"] for n in names], float)[code]
        river = arrays.side_feature("river").astype(float) * self.data["overlay"]["river"]["mp"]
        major = arrays.side_feature("major_river")
        track = arrays.line_attr("rail", "track", default="double")
        urban = t == "urban"
        track = np.where(urban & np.equal(track, None), "double", track)  # R9-14
        track_code = np.select([np.equal(track, "double"), np.equal(track, "single")], [1, 2], 0)
        water_hex = np.isin(arrays.hex_terrain, ["ocean", "lake", "sea"])
        out = {
            "terrain": t,
            "code": code,
            "names": names,
            "track_code": track_code,
            "prohibited": prohibited,
            "base": base,
            "river": river,
            "major": major,
            "track": track,
            "water_hex": water_hex,
            "danube": arrays.side_feature("danube"),
        }
        arrays._side_cache[key] = out
        return out

    def terrain_in(self, ta: dict, names: list[str]) -> np.ndarray:
        """(N, 6) bool: the hexside terrain is one of ``names`` (integer lookup, no string compares)."""
        lut = np.array([n in names for n in ta["names"]])
        return lut[ta["code"]]

    # ------------------------------------------------------------------ position arrays
    def enemy_zoc(self, board: Board, side: str) -> np.ndarray:
        """Hexes in the ZOC of the enemies of ``side`` (R10-1, R10-2, R10-6)."""
        blocked = self._zoc_blocked_of(board)
        return enemy_zone_of_control(board, side, self.exerts_zoc, self.id, blocked)

    def zoc_of(self, board: Board, who: np.ndarray) -> np.ndarray:
        """ZOC of the units selected by ``who`` (a per-unit mask) that exert one."""
        blocked = self._zoc_blocked_of(board)
        return zone_of_control(board, who & board.unit_flags("dw-exerts-zoc", self.exerts_zoc), blocked)

    def _zoc_blocked_of(self, board: Board) -> np.ndarray:
        """The hexsides a ZOC does not cross, with the position's option ``lake_zoc`` (spec §10 #7:
        R10-6 names sea and alpine hexsides; a lake hexside blocks a ZOC only with "like_sea")."""
        like_sea = self.option(board.state, "lake_zoc") == "like_sea"
        return board.arrays.map_cached(
            ("dw-zoc-blocked", self.id, like_sea), lambda arrays: self._zoc_blocked(arrays, like_sea)
        )

    def _zoc_blocked(self, arrays, lake_like_sea: bool = False) -> np.ndarray:
        """(N, 6): hexsides a ZOC does not cross (R10-6): by their terrain, and into neutral hexes."""
        ta = self._terrain_arrays_of(arrays)
        names = list(self.data["zoc"]["blocked_by_hexsides"]) + (["lake"] if lake_like_sea else [])
        blocked = self.terrain_in(ta, names)
        if self.data["zoc"].get("blocked_into_neutral"):
            neutral = np.array([bool(v) for v in arrays.hex_attr("neutral")], dtype=bool)
            if neutral.any():
                nb = arrays.nbr
                blocked = blocked | ((nb >= 0) & neutral[np.where(nb >= 0, nb, 0)])
        return blocked

    def gcu_strength(self, board: Board, side: str) -> np.ndarray:
        """Per hex, the strength of ``side``'s ground combat units there (R3)."""
        return board.cached(
            ("dw-gcu", side),
            lambda: board.strength_in_hexes(
                (board.unit_side == side) & board.unit_flags("dw-gcu", self.is_gcu)
            ),
        )

    def has_units(self, board: Board, key: str, pred) -> np.ndarray:
        """Hexes holding a unit for which ``pred`` holds (``key`` names what ``pred`` reads
        besides the unit: the answer per unit is kept across positions)."""
        return board.cached(
            ("dw-has", key), lambda: board.hexes_holding(board.unit_flags(("dw-has", key), pred))
        )

    def operative_rail_hex(self, board: Board) -> np.ndarray:
        """Hexes with a rail line whose status is not Inoperative (R9)."""

        def build():
            has_rail = (self.terrain_arrays(board)["track_code"] > 0).any(axis=1)
            status = board.location_field("rail")
            return has_rail & (status != "inoperative")

        return board.cached("dw-oprail", build)

    # ------------------------------------------------------------------ edge costs
    def dest(self, board: Board, arr: np.ndarray) -> np.ndarray:
        """Per directed edge, the value of a per-hex array at the hex entered (False off-map)."""
        a = board.arrays
        return arr[a.safe_nbr] & a.valid if arr.dtype == bool else np.where(a.valid, arr[a.safe_nbr], False)

    def country_side(self, board: Board) -> np.ndarray:
        """Side each hex's country fights for (None for hexes without a known country)."""
        key = ("dw-country-side", self.id)
        cache = board.arrays._side_cache
        if key not in cache:
            country = board.arrays.hex_attr("country")
            sides = {c: self.side_of_nation(c) for c in set(country.tolist()) if c is not None}
            cache[key] = np.array([sides.get(c) for c in country.tolist()], dtype=object)
        return cache[key]

    def profile(self, unit: Unit) -> tuple:
        """What of a unit its step costs depend on: units with equal profiles share cost arrays."""
        key = (
            unit.side,
            unit.cls,
            self.nation_rule("enter_zoc_after_rail", unit),
            bool(unit.attr("mountain")),
            bool(unit.attr("entrained_here")),
        )
        found = self._profiles.get(key)
        if found is None:
            found = self._profiles[key] = self._profile(unit)
        return found

    def _profile(self, unit: Unit) -> tuple:
        k = self.klass(unit)
        return (
            unit.side,
            self.is_mountain_unit(unit),
            bool(k.get("artillery")),
            bool(k.get("assault")),
            bool(k.get("hq")),
            bool(unit.attr("entrained_here")),
            self.nation_rule("enter_zoc_after_rail", unit),
        )

    def terrain_costs(self, board: Board, unit: Unit) -> EdgeCosts:
        """Terrain part of every step: hexside, river, rail line, markers (R6-7, R22, TEC)."""
        return board.cached(
            ("dw-terrain-costs", self.is_mountain_unit(unit)), lambda: self._terrain_costs(board, unit)
        )

    def _terrain_costs(self, board: Board, unit: Unit) -> EdgeCosts:
        k = self._map_terrain_costs(board, self.is_mountain_unit(unit)).copy()
        # markers in the hex entered (R22-6, R22-13, TEC); not across mountain/swamp (R22-2)
        ta = self.terrain_arrays(board)
        placed = {name for hs in board.state.hexes.values() for name in hs.markers}
        for name, row in self.data["markers"].items():
            if "mp" not in row or name not in placed:
                continue  # a marker that costs nothing to enter (a depot, R19-15), or none placed
            marked = board.marker(name)
            if not marked.any():
                continue
            present = self.dest(board, marked)
            exempt = self.terrain_in(ta, row["exempt_hexsides"])
            cost = np.where(present & ~exempt, row["mp"], 0.0)
            if cost.any():
                k.add(f"{name} marker", units(1) * cost, row["rule"])
        # terrain cost used by the minimum-move rule (R6-9 note, R22-15): everything but ZOC (the
        # array itself: an EdgeCosts never writes its arrays in place)
        k.terrain_only = k.cost
        return k

    def _map_terrain_costs(self, board: Board, mountain_unit: bool) -> EdgeCosts:
        """The part of every step's cost that depends on the map alone (and the options that
        read it): built once per map, copied into each position's costs."""
        st = board.state
        keys = ("mountain_reduction_before_threshold", "single_track_threshold")
        key = ("dw-map-terrain-costs", self.id, mountain_unit, *(self.option(st, o) for o in keys))
        cache = board.arrays._side_cache
        if key in cache:
            return cache[key]
        ta = self.terrain_arrays(board)
        shape = board.nbr.shape
        k = EdgeCosts.start(shape)
        off_map = board.nbr < 0
        k.forbid(off_map, "R6-6", "off the map")
        k.forbid(ta["prohibited"] & ~off_map, "TEC", "the hexside is prohibited terrain")
        k.forbid(self.dest(board, ta["water_hex"]), "TEC", "the hex entered is water")

        # terrain, river, major river (R6-7: cumulative)
        k.add("hexside terrain", units(1) * ta["base"], "TEC")
        k.add("river", units(1) * ta["river"], "TEC; R6-7")
        k.add("major river", units(1) * ta["major"] * self.data["overlay"]["major_river"]["mp"], "TEC")
        normal = ta["base"] + ta["river"] + ta["major"] * self.data["overlay"]["major_river"]["mp"]
        rl = self.data["rail_line"]
        mountain_adj = np.zeros(shape)
        if mountain_unit:  # R32-1
            mountain_adj = -1.0 * self.terrain_in(ta, ["wooded_rough", "mountain"])
        tested = normal + (mountain_adj if self.option(st, "mountain_reduction_before_threshold") else 0)
        single_thr = (
            rl["single"]["mountain_unit_threshold"]
            if mountain_unit
            else self.option(st, "single_track_threshold")
        )
        rail_adj = np.where(
            (ta["track_code"] == 1) & (tested >= rl["double"]["threshold"]),
            -1.0,
            np.where((ta["track_code"] == 2) & (tested >= single_thr), -1.0, 0.0),
        )
        k.add("rail line", units(1) * rail_adj, "TEC" if not mountain_unit else "TEC; R32-2")
        if mountain_unit:
            k.add("mountain unit", units(1) * mountain_adj, "R32-1")
        cache[key] = k
        return k

    def ground_costs(
        self, board: Board, unit: Unit, mode: str = "ground", after_rail: bool = False
    ) -> EdgeCosts:
        """Cost of every step for ``unit`` moving overland (R6, R10, R22, TEC); cached per
        unit profile, mode and position."""
        key = ("dw-ground", self.profile(unit), mode, after_rail)
        return board.cached(key, lambda: self._ground_costs(board, unit, mode, after_rail))

    def _ground_costs(self, board: Board, unit: Unit, mode: str, after_rail: bool) -> EdgeCosts:
        st = board.state
        ta = self.terrain_arrays(board)
        shape = board.nbr.shape
        k = self.terrain_costs(board, unit).copy()

        # zones of control (R10-7; R29-9 artillery; R33-2 assault)
        ezoc = self.enemy_zoc(board, unit.side)
        klass = self.klass(unit)
        enter = into_ezoc = self.dest(board, ezoc)
        if klass.get("artillery"):
            friendly_inf = self.has_units(
                board,
                f"inf-{unit.side}",
                lambda u: u.side == unit.side and self.is_infantry_type(u),
            )
            enter = enter & ~self.dest(board, friendly_inf)
        zoc = self.data["zoc"]
        k.add(
            "enter enemy ZOC",
            units(zoc["enter"]) * enter,
            "R10-7" + ("; R29-9" if klass.get("artillery") else ""),
        )
        leave = np.broadcast_to(ezoc[:, None], shape)
        if klass.get("assault") or unit.attr("entrained_here"):
            leave = np.zeros(shape, dtype=bool)
        k.add(
            "leave enemy ZOC",
            units(zoc["leave"]) * leave,
            "R10-7" + ("; R33-2" if klass.get("assault") else ""),
        )

        # who may be entered (R6-11; spec §10 #17)
        enemy = [s for s in self.sides if s != unit.side]
        enemy_gcu = sum(self.gcu_strength(board, s) for s in enemy)
        k.forbid(
            self.dest(board, enemy_gcu > 0),
            "R6-11",
            "an enemy ground combat unit is in the hex entered",
        )
        if self.option(st, "enemy_fortress_or_hq_entry") == "prohibited":
            held = self.has_units(
                board,
                f"fort-hq-not-{unit.side}",
                lambda u: u.side != unit.side and u.cls in ("fortress", "hq"),
            )
            k.forbid(
                self.dest(board, held),
                "R6-11; spec §10 #17",
                "an enemy fortress or HQ is in the hex entered (it must be attacked)",
            )
        k.forbid(
            ta["major"] & ezoc[:, None] & into_ezoc,
            "TEC",
            "a major river may not be crossed from an enemy ZOC hex into another",
        )
        on_map = board.arrays.map_cached(  # whether the map has a Danube at all (asked once)
            ("dw-has-danube", self.id), lambda arrays: bool(self._terrain_arrays_of(arrays)["danube"].any())
        )
        if on_map and ta["danube"].any():  # R35-1: not into an EZOC of a unit adjacent to the Danube
            danube_hex = ta["danube"].any(axis=1)
            near = self.zoc_of(board, (board.unit_side != unit.side) & danube_hex[board.unit_hex])
            friendly = self.has_units(
                board, f"gcu-{unit.side}", lambda u: u.side == unit.side and self.is_gcu(u)
            )
            k.forbid(
                ta["danube"] & self.dest(board, near & ~friendly),
                "R35-1",
                "the Danube may not be crossed into an enemy ZOC of a unit on the Danube",
            )

        # mode and unit-type restrictions
        if mode == "column":
            k.forbid(
                enter | self.dest(board, ezoc),
                "R6-10",
                "column movement may not enter an enemy-controlled hex",
            )
        if after_rail and not self.nation_rule("enter_zoc_after_rail", unit):
            k.forbid(
                self.dest(board, ezoc),
                "R7-8",
                "after rail movement only German and British units may enter enemy ZOC",
            )
        if klass.get("hq"):  # R18-3
            trench = board.marker("trench") | board.marker("devastation")
            engineer = self.has_units(
                board, f"eng-{unit.side}", lambda u: u.side == unit.side and u.cls == "engineer"
            )
            ok = self.operative_rail_hex(board) | (engineer & ~ezoc)
            k.forbid(
                self.dest(board, trench & ~ok),
                "R18-3",
                "an HQ may enter a trench or devastation hex only with an Operative rail "
                "line there, or a friendly engineer there and no enemy ZOC",
            )
        if klass.get("artillery"):  # R29-16
            td = (board.marker("trench") | board.marker("devastation")) & ezoc
            k.forbid(
                td[:, None] & self.dest(board, td),
                "R29-16",
                "artillery may not move from a trench/devastation hex in enemy ZOC to another",
            )
        return k

    # ------------------------------------------------------------------ movement allowance
    def movement_allowance(self, unit: Unit, mode: str) -> Fraction:
        klass = self.klass(unit)
        ma = unit.movement if unit.movement is not None else klass.get("movement")
        if unit.cls == "supply_marker":
            ma = klass.get("movement", 4)  # R18-8
        if ma == "RR":
            return Fraction(0)
        if ma is None or not isinstance(ma, int | float):
            raise UnitFieldMissing(unit.id, "movement allowance", "movement")
        ma = fraction(ma)
        if mode == "column":
            ma = Fraction(math.floor(ma * fraction(self.data["movement"]["column_factor"])))  # R6-10
        return ma

    def reach_radius(self, board: Board, unit: Unit, mode: str) -> int | None:
        """Ground and column moves go at most MA-left / the map's cheapest step hexsides, plus the
        one of the minimum move (R6-9); rail moves have no such bound."""
        if mode not in ("ground", "column"):
            return None
        cheapest = self._cheapest_step(board, self.is_mountain_unit(unit))
        if cheapest <= 0:
            return None
        left = self.movement_allowance(unit, mode) - self.spent_before(unit)
        return max(0, math.floor(left / cheapest)) + 1

    def reach_bound(self, board: Board, unit: Unit, mode: str):
        """Ground and column moves cost at least the map's terrain costs (markers and ZOC only add
        to them, R10-7, R22), within the MP left; the minimum move (R6-9, option
        ``minimum_move``) may take one hexside more: from the start when it is the unit's only
        move, from anywhere reached with "last-step"."""
        from ...window import ReachBound

        if mode not in ("ground", "column"):
            return None
        mountain = self.is_mountain_unit(unit)
        if self._cheapest_step(board, mountain) <= 0:
            return None
        spent = self.spent_before(unit)
        left = max(units(self.movement_allowance(unit, mode) - spent), 0)
        rule = self.option(board.state, "minimum_move")
        step = "start" if rule == "only-move" and spent == 0 else ("reached" if rule == "last-step" else None)
        return ReachBound(self._map_terrain_costs(board, mountain).cost, float(left), step)

    def _cheapest_step(self, board: Board, mountain_unit: bool) -> Fraction:
        """The cheapest overland step anywhere on the map (markers and ZOC only add to it)."""
        key = ("dw-cheapest", self.id, mountain_unit)
        cache = board.arrays._side_cache
        if key not in cache:
            cost = self._map_terrain_costs(board, mountain_unit).cost
            finite = cost[np.isfinite(cost)]
            cache[key] = mp(finite.min()) if finite.size else Fraction(0)
        return cache[key]

    def allowance_label(self, unit: Unit, mode: str) -> Any:
        """A rail-bound unit's allowance is its "RR" token (R6-12), not a number."""
        return "RR" if unit.movement == "RR" else super().allowance_label(unit, mode)

    def spent_before(self, unit: Unit) -> Fraction:
        return spent_mp(unit)

    # ------------------------------------------------------------------ whole-move checks
    def move_problem(self, state: GameState, unit: Unit, mode: str) -> Reason | None:
        gate = self.phase_problem(state, unit, mode)  # the declared sequence [5, 6-3, 7-10]
        if gate is not None:
            return gate
        klass = self.klass(unit)
        if klass.get("moves") is False:
            return Reason("R21-1", "fortresses never move")
        if klass.get("moves") == "danube" and mode != "ground":
            return Reason("R36-1", f"a River Flotilla moves only along the Danube, not by {mode} movement")
        if unit.movement == "RR" and mode != "rail":
            return Reason("R6-12", "a rail-bound (RR) unit moves only by rail")
        if mode == "column" and (klass.get("column") is False or klass.get("artillery")):
            return Reason("R6-10", "artillery may not use column movement")
        return None

    def minimum_move_mask(self, board: Board, unit: Unit) -> np.ndarray:
        """(N, 6): steps the R6-9 minimum move allows (if the step itself is allowed)."""
        key = ("dw-minmove", self.profile(unit))

        def build() -> np.ndarray:
            ta = self.terrain_arrays(board)
            terrain = self.ground_costs(board, unit).terrain_only / MP_UNIT
            ezoc = self.enemy_zoc(board, unit.side)
            both = ezoc[:, None] & self.dest(board, ezoc)
            if self.is_mountain_unit(unit):
                ok = ~both | (terrain <= self.data["movement"]["mountain_minimum_move_limit"])
            else:
                ok = ~both | (terrain < self.data["movement"]["minimum_move_terrain_limit"])
            if self.klass(unit).get("artillery"):
                ok &= ~(self.terrain_in(ta, ["mountain"]) & (ta["track_code"] == 0))
            return ok & (board.nbr >= 0)

        return board.cached(key, build)

    def minimum_move_ok(
        self, board: Board, unit: Unit, terrain_cost: np.ndarray, i: int, d: int
    ) -> Reason | None:
        """R6-9 minimum move (with R32-3, R29-12): None if the one hexside may be crossed."""
        ta = self.terrain_arrays(board)
        if (
            self.klass(unit).get("artillery")
            and ta["terrain"][i, d] == "mountain"
            and ta["track"][i, d] is None
        ):
            return Reason(
                "R29-12",
                "artillery may not make the minimum move across a mountain hexside without a rail line",
            )
        ezoc = self.enemy_zoc(board, unit.side)
        j = board.nbr[i, d]
        if ezoc[i] and ezoc[j]:
            cost = mp(terrain_cost[i, d])
            if self.is_mountain_unit(unit):
                if cost > self.data["movement"]["mountain_minimum_move_limit"]:
                    return Reason(
                        "R32-3",
                        f"a mountain unit's minimum move from enemy ZOC to "
                        f"enemy ZOC may cost at most 6 MP (terrain {cost})",
                    )
            elif cost >= self.data["movement"]["minimum_move_terrain_limit"]:
                return Reason(
                    "R6-9",
                    f"no minimum move from enemy ZOC to enemy ZOC across "
                    f"terrain costing {cost} MP (4 or more)",
                )
        return None

    # ------------------------------------------------------------------ verdicts
    def judge_move(
        self,
        board: Board,
        unit_ids: list[str],
        path: list[str],
        mode: str = "ground",
        detrain: str | None = None,
    ) -> Verdict:
        """Is moving these units (a stack, R6-4/R6-5) along ``path`` legal? Cites the first failure.
        ``detrain`` (rail mode's keyword): where the unit leaves the train."""
        v = self._judge(board, unit_ids, path, mode, detrain)
        if not v.legal:
            return v
        used = {"rail": "used_rail", "column": "used_column"}.get(mode)
        fields = {u: {used: True} for u in unit_ids} if used else {}
        repaired = v.extra.get("repaired") or []
        locations = {
            h: {"fields": {"rail": "operative"}, "attrs": {"network": v.extra["network"]}} for h in repaired
        }
        for h in v.extra.get("converted") or []:  # R9-12: the hex takes the network's gauge
            locations[h]["attrs"]["gauge"] = v.extra["gauge"]
        v = replace(v, changes=Changes(v.changes.removed, fields, locations))
        if len(path) > 1 and path[-1] != path[0]:
            from .trenches import with_left_behind

            v = with_left_behind(self, board, v, unit_ids, path[0])
        return v

    def _judge(
        self, board: Board, unit_ids: list[str], path: list[str], mode: str, detrain: str | None
    ) -> Verdict:
        state = board.state
        units_ = [state.unit(u) for u in unit_ids]
        for u in units_:
            if u.hex != path[0]:
                return Verdict(
                    False,
                    Fraction(0),
                    (),
                    (Reason("R6-5", f"{u.id} is in {u.hex}, not in {path[0]} where the move starts"),),
                )
        if mode in ("rail", "repair"):
            from .rail import judge_rail_move, judge_repair_move

            if len(units_) != 1:
                rule = "R7-1" if mode == "rail" else "R9-5"
                return Verdict(
                    False,
                    Fraction(0),
                    (),
                    (Reason(rule, f"judge {mode} moves one unit at a time"),),
                )
            if mode == "repair":
                return judge_repair_move(self, board, units_[0], path)
            return judge_rail_move(self, board, units_[0], path, detrain)
        worst: Verdict | None = None
        for u in units_:
            v = self.judge_ground(board, u, path, mode)
            if not v.legal:
                return (
                    v
                    if len(units_) == 1
                    else Verdict(
                        False,
                        v.mp,
                        v.steps,
                        v.reasons + (Reason("R6-5", f"{u.id} of the stack cannot make this move"),),
                    )
                )
            if worst is None or v.mp > worst.mp:
                worst = v
        assert worst is not None
        return worst

    def judge_ground(self, board: Board, unit: Unit, path: list[str], mode: str) -> Verdict:
        problem = self.move_problem(board.state, unit, mode)
        if problem:
            return Verdict(False, Fraction(0), (), (problem,))
        if self.klass(unit).get("moves") == "danube":  # R36-1 to R36-4
            from .flotilla import judge_flotilla_path

            return judge_flotilla_path(self, board, unit, path)
        costs = self.ground_costs(board, unit, mode)
        terrain_cost = costs.terrain_only
        w = walk(board, costs, path, self.adjacency_rule, mode)
        if w.failure:
            return Verdict(False, mp(w.spent), tuple(w.steps), (w.failure,))
        v = self._check_allowance(board, unit, mode, path, w, terrain_cost)
        gone = self.entry_effects(board, unit, path[1:])
        if not (gone and v.legal):
            return v
        texts = tuple(f"{uid} {what}" for uid, what in gone)
        return replace(v, effects=texts, changes=Changes(removed=tuple(uid for uid, _ in gone)))

    def held_by_others(self, board: Board, side: str) -> np.ndarray:
        """Per location, whether a unit of another side than ``side`` stands there (what entering
        may remove: :meth:`entry_effects`); worked out once per board and side."""
        return board.cached(("dw-held-not", side), lambda: board.hexes_holding(board.unit_side != side))

    def entry_effects(self, board: Board, unit: Unit, entered: list[str]) -> tuple[tuple[str, str], ...]:
        """Enemy units removed by entering their hex, each (unit id, what happened): 0-strength
        units (R6-11), Supply Point markers (R18-11), lone engineers (R9-9)."""
        out = []
        held = self.held_by_others(board, unit.side)  # only there is a hex's stack read
        index = board.arrays.index
        for h in entered:
            k = index.get(h)
            if k is not None and not held[k]:
                continue
            enemy = [u for u in board.state.units_at(h) if u.side != unit.side]
            friends_there = [u for u in enemy if self.is_gcu(u) and u.cls != "engineer"]
            for e in enemy:
                if e.cls == "supply_marker":
                    out.append((e.id, "destroyed (R18-11)"))
                elif e.cls == "engineer" and not friends_there and self.is_gcu(unit):
                    out.append((e.id, "eliminated (R9-9)"))
                elif self.is_gcu(e) and e.strength == 0:
                    out.append((e.id, "destroyed (R6-11)"))
        return tuple(out)

    def _check_allowance(
        self,
        board: Board,
        unit: Unit,
        mode: str,
        path: list[str],
        w: Walk,
        terrain_cost: np.ndarray,
    ) -> Verdict:
        ma = self.movement_allowance(unit, mode)
        before = self.spent_before(unit)
        total = before + mp(w.spent)
        if total <= ma:
            return Verdict(True, mp(w.spent), tuple(w.steps))
        # R6-9 minimum move
        rule = self.option(board.state, "minimum_move")
        last = len(w.steps) - 1
        within = before + (w.steps[-2].total if last >= 1 else 0) <= ma
        single = last == 0 and before == 0
        if (rule == "only-move" and single) or (rule == "last-step" and within):
            i, d = board.arrays.edge_slot(path[-2], path[-1])
            why = self.minimum_move_ok(board, unit, terrain_cost, i, d)
            if why is None:
                return Verdict(
                    True,
                    mp(w.spent),
                    tuple(w.steps),
                    (Reason("R6-9", "minimum move: one hexside may always be crossed"),),
                )
            return Verdict(False, mp(w.spent), tuple(w.steps), (why,))
        first_over = next(s for s in w.steps if before + s.total > ma)
        return Verdict(
            False,
            mp(w.spent),
            tuple(w.steps),
            (
                Reason(
                    "R6-3",
                    f"{first_over.frm} -> {first_over.to}: {before + first_over.total} MP exceeds "
                    f"the movement allowance of {ma}",
                ),
            ),
        )

    def reach(self, board: Board, unit: Unit, mode: str = "ground") -> tuple[Reach, list[Reason]]:
        """Every hex ``unit`` can reach this phase, with the cheapest path (R6, R6-9, R7)."""
        return self.reach_many(board, [unit], mode)[0]

    def reach_many(self, board: Board, units_: list[Unit], mode: str = "ground") -> list:
        """:meth:`reach` of each unit; ground units sharing step costs and MP left are searched in
        one call (each search its own, as alone)."""
        from .bulk import allowance_key

        out: list = [None] * len(units_)
        groups: dict[tuple, list[int]] = {}
        lefts: dict[tuple, float] = {}  # the MP left, once per what it reads of a unit
        plain = self._as_defined_here("movement_allowance", "spent_before")
        starts = [board.idx(unit.hex) for unit in units_]
        for k, unit in enumerate(units_):
            problem = self.move_problem(board.state, unit, mode)
            start = starts[k]
            if problem:
                empty = np.full(board.n, INF)
                empty[start] = 0
                out[k] = (Reach(empty, np.full(board.n, -9999), start), [problem])
            elif mode == "rail":
                from .rail import rail_reach

                out[k] = (rail_reach(self, board, unit), [])
            elif self.klass(unit).get("moves") == "danube":  # R36-1 to R36-4
                from .flotilla import flotilla_reach

                out[k] = (flotilla_reach(self, board, unit), [])
            else:
                costs = self.ground_costs(board, unit, mode)
                key = allowance_key(unit) if plain else (unit,)
                left = lefts.get(key)
                if left is None:
                    spent = self.spent_before(unit)
                    left = lefts[key] = max(units(self.movement_allowance(unit, mode) - spent), 0)
                groups.setdefault((id(costs), left), []).append(k)
        only_move = self.option(board.state, "minimum_move") == "only-move"
        for (_, left), ks in groups.items():
            costs = self.ground_costs(board, units_[ks[0]], mode)
            at = [starts[k] for k in ks]
            dist, pred = search_each(costs.graph(board.nbr), np.array(at), limit=left)
            found = [Reach(dist[row], pred[row], s) for row, s in enumerate(at)]
            if only_move:  # R6-9: one hexside from the start of each unit that has not moved
                fresh = [row for row, k in enumerate(ks) if self.spent_before(units_[k]) == 0]
                movers = [units_[ks[row]] for row in fresh]
                self._minimum_moves(board, movers, found, dist, fresh, costs, left)
            for k, r in zip(ks, found, strict=True):
                if not only_move:
                    self._minimum_move(board, units_[k], costs, r, left)
                out[k] = (r, [])
        return out

    def _as_defined_here(self, *names: str) -> bool:
        """Whether no subclass overrides the methods ``names`` (work shared between units, or
        moves made at once, stands for them as defined here)."""
        kind = type(self)
        return all(getattr(kind, f) is getattr(DerWeltkrieg, f) for f in names)

    def made_moves(
        self, board: Board, units_: list[Unit], dests: list[str], reaches: list, mode: str
    ) -> list:
        """Legal ground moves made many at once, each as judging it alone would make it
        (:func:`.bulk.made_moves`); None for each move it cannot decide so, and for every move
        where a subclass judges or makes moves otherwise."""
        from .bulk import made_moves

        if not self._as_defined_here(*_MADE_BY):
            return [None] * len(units_)
        return made_moves(self, board, units_, dests, reaches, mode)

    def _minimum_moves(
        self,
        board: Board,
        movers: list[Unit],
        found: list[Reach],
        dist: np.ndarray,
        rows: list[int],
        costs: EdgeCosts,
        left: float,
    ) -> None:
        """:meth:`_minimum_move` under the "only-move" rule of ``movers`` (each one's reach
        ``found[rows[k]]``, its distances row ``rows[k]`` of ``dist``), which share ``costs``
        and ``left``: the hexsides from a start that cost more than ``left`` into a hex not
        reached are found for all of them at once, then each is judged as :meth:`_minimum_move`
        judges it, in the same order."""
        if not rows:
            return
        at = np.array(rows, dtype=np.int64)
        starts = np.array([found[row].start for row in rows], dtype=np.int64)
        nbr, step = board.nbr[starts], costs.cost[starts]  # (K, D): each start's hexsides
        here = dist[at, starts][:, None]
        beyond = ~np.isfinite(dist[at[:, None], np.maximum(nbr, 0)])
        maybe = (nbr >= 0) & np.isfinite(step) & (here + step > left) & beyond
        for k, d in zip(*np.nonzero(maybe), strict=True):
            unit, r = movers[k], found[rows[k]]
            i, j = r.start, int(nbr[k, d])
            c = float(r.dist[i]) + float(step[k, d])
            if c <= left or math.isfinite(r.dist[j]):
                continue
            if self.minimum_move_ok(board, unit, costs.terrain_only, i, int(d)) is None:
                r.dist[j] = c
                r.pred[j] = i

    def _minimum_move(self, board: Board, unit: Unit, costs: EdgeCosts, r: Reach, left: float) -> None:
        """R6-9: the hexes one more hexside away that the minimum move lets the unit enter."""
        rule = self.option(board.state, "minimum_move")
        sources = (
            [r.start]
            if rule == "only-move" and self.spent_before(unit) == 0
            else (np.flatnonzero(np.isfinite(r.dist)).tolist() if rule == "last-step" else [])
        )
        for i in sources:  # each row read as Python numbers once: no numpy call per hexside
            here = float(r.dist[i])
            for d, (j, step) in enumerate(zip(board.nbr[i].tolist(), costs.cost[i].tolist(), strict=True)):
                if j < 0 or not math.isfinite(step):
                    continue
                c = here + step
                if c <= left or math.isfinite(r.dist[j]):
                    continue
                if self.minimum_move_ok(board, unit, costs.terrain_only, i, d) is None:
                    r.dist[j] = c
                    r.pred[j] = i

    # ------------------------------------------------------------------ position, supply, rail
    def position_problems(self, board: Board) -> list[tuple[str, str]]:
        """Where a position contradicts the map or the rules: (JSON path, message)."""
        water = self.terrain_arrays(board)["water_hex"]
        classes = self.data["classes"]
        out = self.unknown_classes(board)
        for k, u in enumerate(board.state.units):
            where = f"$.units[{k}]"
            if u.cls not in classes:
                continue
            if water[board.idx(u.hex)]:
                out.append(
                    (
                        f"{where}.hex",
                        f"{u.id} stands on {u.hex}, a "
                        f"{board.map.hexes[u.hex].terrain} hex where no unit can be (TEC)",
                    )
                )
            nation_side = self.side_of_nation(u.nation)
            if nation_side is not None and nation_side != u.side:
                out.append(
                    (
                        f"{where}.side",
                        f"{u.id} is {u.nation}, which fights for {nation_side}, not {u.side} (R2)",
                    )
                )
        return out

    # ------------------------------------------------------------------ drags besides moves
    def action_place(self, board: Board, unit: str, hex: str, scheduled: str = "") -> Verdict:
        """R25-2, R25-3: may the reinforcement ``unit`` be placed in ``hex`` now (``scheduled``: the
        hex its schedule states, when it differs); the ``place`` action of ``railhead act``."""
        from .reinforcement import judge_placement

        return judge_placement(self, board, board.state.unit(unit), hex, scheduled)

    def action_build_trench(self, board: Board, unit: str) -> Verdict:
        """R22-1, R22-2: may ``unit`` begin trench construction in its hex (a Construction Marker
        placed under it); the ``build_trench`` action of ``railhead act``."""
        from .trenches import judge_build

        return judge_build(self, board, board.state.unit(unit))

    def action_complete_trenches(self, board: Board) -> Verdict:
        """R22-5, R22-4, R22-14: every Construction Marker becomes a Trench marker, or is removed
        where no unit capable of construction is; the ``complete_trenches`` action."""
        from .trenches import judge_completion

        return judge_completion(self, board)

    def action_move_flotilla(self, board: Board, unit: str, to: str) -> Verdict:
        """R36-1 to R36-4: may the River Flotilla ``unit`` move to ``to`` along the Danube; the
        ``move_flotilla`` action of ``railhead act``."""
        from .flotilla import judge_flotilla_move

        return judge_flotilla_move(self, board, board.state.unit(unit), to)

    def action_merge_supply(self, board: Board, marker: str, hq: str) -> Verdict:
        """R18-10: may the Supply Point marker ``marker`` be merged into the HQ ``hq`` in its hex at
        the end of the Movement Phase (R18-6, R17-4, R18-18); the ``merge_supply`` action."""
        from .supply_merge import judge_merge

        return judge_merge(board, marker, hq)

    def action_recombine(self, board: Board, hex: str, result: str) -> Verdict:
        """R23-1 to R23-6, R24-4: may the units listed in ``result`` recombine in ``hex`` to the
        Strength Points it gives; the ``recombine`` action of the Replacement/Recombination Phase."""
        from .recombination import judge_recombination

        return judge_recombination(self, board, hex, result)

    def action_regroup_rpl(self, board: Board, hex: str, result: str) -> Verdict:
        """R24-3: may the Replacement Units listed in ``result`` be split or joined in ``hex`` to the
        Strength Points it gives; the ``regroup_rpl`` action, at any time."""
        from .replacement_units import judge_regroup

        return judge_regroup(board, hex, result)

    def judge_retreat(self, board: Board, unit: Unit, dest: str):
        """R14-6 ... R14-16, R20-7, R20-10: a defender's retreat from its hex into ``dest``."""
        from .after_combat import judge_retreat_drag
        from .trenches import with_left_behind

        v = judge_retreat_drag(self, board, unit, dest)
        if isinstance(v, Verdict) and dest != unit.hex:
            v = with_left_behind(self, board, v, [unit.id], unit.hex)
        return v

    def judge_advance(self, board: Board, unit: Unit, dest: str):
        """R15-1 ... R15-3: an attacker's advance after combat from its hex into ``dest``."""
        from .after_combat import judge_advance_drag
        from .trenches import with_left_behind

        v = judge_advance_drag(self, board, unit, dest)
        if isinstance(v, Verdict) and dest != unit.hex:
            v = with_left_behind(self, board, v, [unit.id], unit.hex)
        return v

    def supply_report(self, board: Board, side: str) -> SupplyReport:
        from .supply import supply_report

        return supply_report(self, board, side)

    def out_of_service(self, board: Board) -> np.ndarray:
        """Inoperative rail hexes (R9)."""
        return board.location_field("rail") == "inoperative"

    def path_to(self, board: Board, unit: Unit, mode: str, dest: str) -> list[str] | None:
        """The cheapest overland path ignoring the allowance (which rule stops a dragged move); a
        River Flotilla's along the Danube (R36-3)."""
        if self.klass(unit).get("moves") == "danube":
            from .flotilla import flotilla_path

            return flotilla_path(self, board, unit, dest)
        dist, pred = search_graph(self.ground_costs(board, unit).graph(board.nbr), board.idx(unit.hex))
        goal = board.idx(dest)
        if not np.isfinite(dist[goal]):
            return None
        return [board.arrays.ids[i] for i in path_to(pred, goal)]

    def capacity_pool_of(self, board: Board, side: str) -> np.ndarray:
        """The rail network (country) of each hex, whose capacity the rail picture shows (R8)."""
        from .rail import network

        return network(self, board)

    def rail_report(self, board: Board, side: str) -> CapacityReport:
        """Rail capacity of each country of ``side``: capacity, spent, and what spent it (R8)."""
        from .rail import rail_ledger, single_track_ledger

        ledger = rail_ledger(self, board)
        present = {u.nation for u in board.state.units if u.side == side}
        nations = [n for n, s in self.data["nations"].items() if s == side]
        pools = [n for n in nations if n in ledger.entries or (n in present and (n in ledger.capacity))]
        return CapacityReport(
            side,
            board.state.turn,
            "divisions",
            ledger.report(pools),
            extras={"single_track": single_track_ledger(self, board).report()},
        )


RULESET = DerWeltkrieg

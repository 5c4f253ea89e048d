"""The GR/D "The Great War" ruleset: the questions the engine core asks, answered by the rule
modules of this package (terrain, ZOC, rail nets and their capacity, supply)."""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from math import ceil, floor
from typing import Any

import numpy as np

from ...core_fields import spent_mp
from ...ledger import Ledger
from ...movement import Reach, walk
from ...reports import CapacityReport, SupplyReport
from ...ruleset import Ruleset, fraction
from ...search import INF, EdgeCosts, mp, search, units
from ...stacking import stack_after
from ...values import MissingChartValue
from ...verdict import Reason, Verdict, illegal
from . import capacity as cap
from . import exploitation
from .naval import sea_lanes
from .nets import RailNets
from .terrain import hex_cell, is_prohibited_hex, side_cell, unit_column, weather_of_hexes
from .zoc import zone_of_control

GROUND_MODES = ("ground", "accel", "exploitation", "reaction")
RAIL_MODES = ("rail", "strategic_rail")
SIZE_RES = {"battalion": Fraction(1, 2), "regiment": Fraction(1), "brigade": Fraction(2), "army": Fraction(3)}
MISSING = "chart"  # the rule tag of a step closed because a chart cell is blank


class GreatWar(Ruleset):
    package = "grd_great_war"
    adjacency_rule = "3E"

    # ------------------------------------------------------------------ data
    @cached_property
    def capacity_rules(self) -> cap.CapacityRules:
        return cap.CapacityRules.from_data(self.data["capacity"])

    def cls(self, unit) -> dict[str, Any]:
        return self.unit_class(unit.cls)

    def re_of(self, unit) -> Fraction:
        """The unit's RE size [3A3]: its ``re`` field, or the size's fixed RE where [3A3] gives one."""
        if unit.attr("re") is None and unit.size in SIZE_RES:
            return SIZE_RES[unit.size]
        why = f"unit {unit.id}: give its RE size (attrs.re): a {unit.size}'s depends on its support (3A3)"
        return fraction(unit.need("re", why))

    def doubled_for_transport(self, board, unit) -> bool:
        """Artillery and c/m count double for rail capacity [7A4]; option: only artillery with
        heavy equipment, as [3A3] words it (§10 #2)."""
        c = self.cls(unit)
        if (
            c.get("artillery")
            and self.option(board.state, "artillery_transport_double") == "heavy_equipment_only"
        ):
            return bool(c.get("heavy_equipment"))
        return bool(c.get("transport_double"))

    def nets(self, board) -> RailNets:
        nations = {k: v for k, v in self.data["nations"].items() if k != "rule"}
        y = self.data["yards"]
        return board.cached(("grd-nets",), lambda: RailNets(board, nations, y["cities"], y["ports"]))

    def zoc(self, board, side: str) -> np.ndarray:
        return board.cached(("grd-zoc", side), lambda: zone_of_control(board, side, self.cls))

    # ------------------------------------------------------------------ movement allowance [6]
    def movement_allowance(self, unit, mode: str, state=None) -> Fraction | None:
        """Printed MA, ×2 in accel [6B3], reduced and rounded down in reserve commitment and
        exploitation [6C], [6E] by what the unit counts as on the game turn of ``state`` [14H],
        [14D3] (see :func:`exploitation.factor`), halved when disrupted [3A5] or out of supply
        (U-1 c/m, U-2+ all) [11F]."""
        if not isinstance(unit.movement, int | float) or isinstance(unit.movement, bool):
            return None
        ma = Fraction(unit.movement)
        c = self.cls(unit)
        if unit.attr("carrying"):  # cartage, deducted before any halving or doubling [11H2]
            ma -= fraction(self.data["cartage"][unit.attr("carrying")]["value"])
        if mode == "accel":
            ma *= fraction(self.data["movement"]["accel_factor"]["value"])
        if mode in ("exploitation", "reserve"):  # reduced like reserve commitment [6C], [6E]
            ma = Fraction(floor(ma * exploitation.factor(self, unit, mode, state)))
        if unit.attr("disrupted"):
            ma /= 2
        out = int(unit.attr("turns_out_of_supply", 0) or 0)
        if out >= 2 or (out == 1 and c.get("column") == "cm_artillery" and not c.get("artillery")):
            ma /= 2
        return ma

    def allowance_label(self, unit, mode: str) -> Any:
        if mode == "strategic_rail":
            return f"{self.data['movement']['strategic_rail_hexes']['value']} rail hexes"
        return super().allowance_label(unit, mode)

    # ------------------------------------------------------------------ ground costs
    def ground_costs(self, board, unit, mode: str) -> tuple[EdgeCosts, dict[str, Any]]:
        c = self.cls(unit)
        key = (
            "grd-ground",
            unit.side,
            c.get("column"),
            c.get("exception"),
            self._zoc_category(c, unit),
            unit.cls == "irregular",
            mode,
        )
        return board.cached(key, lambda: self._ground_costs(board, unit, c, mode))

    def _ground_costs(self, board, unit, c: dict, mode: str) -> tuple[EdgeCosts, dict[str, Any]]:
        a = board.arrays
        shape = a.nbr.shape
        safe = a.safe_nbr
        t = self._terrain_part_cached(board, c)
        if "edge_costs" not in t:  # the terrain steps as edge costs, once per terrain part
            base = EdgeCosts.start(shape)
            base.forbid(~a.valid, "3E", "no hexside")
            base.add("terrain", t["terrain"], "6")
            base.add("road", t["road"], "7B")
            base.add("devastated", t["dev"], "15A8")
            base.terrain_only = t["terrain"] + t["road"] + t["dev"]
            base.forbid(t["prohibited"], "6", "prohibited terrain")
            base.forbid(t["side_prohibited"], "6", "prohibited hexside")
            for cell, mask in t["missing"]:
                base.forbid(mask, MISSING, self._missing_text(cell, board))
            if t["unknown"].any():
                base.forbid(t["unknown"], "6", "terrain without a GR/D cost")
            t["edge_costs"] = base
        k = t["edge_costs"].copy()
        # ZOC exit [6A]: leaving a hex in an enemy ZOC
        enemy = self.other_side(unit.side)
        in_zoc = self.zoc(board, enemy)
        zoc_cell = self._zoc_cell(board, c, unit)
        leaving = in_zoc[:, None] & a.valid
        cells = dict(t["cells"])
        if zoc_cell.value is not None:
            k.add("zoc", np.where(leaving, units(zoc_cell.value), 0.0), "6A")
        elif leaving.any():
            k.forbid(leaving, MISSING, self._missing_text(zoc_cell, board))
            cells[zoc_cell.key] = zoc_cell
        owner = self.nets(board).owner
        occupied = board.hexes_holding(board.unit_side == enemy)
        k.forbid((occupied & np.equal(owner, enemy))[safe] & a.valid, "6", "an enemy-occupied/owned hex")
        k.forbid(sea_lanes(a), "6", "a sea lane between ports: no ground movement")
        k.forbid(self.nets(board).ferry, "15A3", "a rail ferry carries rail movement only, never a road")
        if mode == "accel":
            k.forbid(
                ~self._accel_ok(board, unit, c) & ~t["use_road"] & a.valid,
                "6B1",
                "accel movement may not enter this terrain",
            )
        return k, cells

    def _terrain_part_cached(self, board, c: dict) -> dict[str, Any]:
        """The terrain part, kept with the map for as long as the weather, the chart values and
        the hexes that change it (devastation, pontoons, demolished bridges) stay the same."""
        import json

        st = board.state
        changed = tuple(
            sorted(
                (
                    h,
                    bool(hs.fields.get("devastated")),
                    str(hs.attrs.get("pontoon_to")),
                    str(hs.attrs.get("bridge_demolished_to")),
                )
                for h, hs in st.hexes.items()
                if hs.fields.get("devastated")
                or hs.attrs.get("pontoon_to")
                or hs.attrs.get("bridge_demolished_to")
            )
        )
        changed = changed + self.nets(board).heads()  # roads end at roadheads and railheads [7]
        weather = st.weather if isinstance(st.weather, str) else tuple(sorted(st.weather.items()))
        key = (
            "grd-terrain-part",
            c.get("column", "other"),
            c.get("exception") == "mountain",
            weather,
            json.dumps(board.values.cells, sort_keys=True),
            str(board.values.path),
            changed,
        )
        cache = board.arrays._side_cache
        if key not in cache:
            if (
                len([k for k in cache if k and k[0] == "grd-terrain-part"]) > 16
            ):  # keep a few positions' worth
                for old in [k for k in cache if k and k[0] == "grd-terrain-part"]:
                    del cache[old]
            cache[key] = self._terrain_part(board, c)
        return cache[key]

    def _terrain_part(self, board, c: dict) -> dict[str, Any]:
        """What a step costs by terrain for one TEC column, before ZOCs and units [6], [7B], [15A8];
        shared by every unit of the column (``missing``: (chart cell, steps that need it))."""
        a = board.arrays
        data, values = self.data, board.values
        safe = a.safe_nbr
        shape = a.nbr.shape
        tnames, tcode = self.terrain_codes(board)
        wnames, wcode = board.cached(
            ("grd-weather-codes",),
            lambda: np.unique(weather_of_hexes(board).astype(str), return_inverse=True),
        )
        hex_missing: list = []
        # the hex entered [6]
        hex_cost = np.full(board.n, np.nan)
        prohibited = np.zeros(board.n, dtype=bool)
        unknown = np.zeros(board.n, dtype=bool)
        clear_cost = np.full(board.n, np.nan)
        for pair in np.unique(tcode * len(wnames) + wcode).tolist():
            ti, wi = divmod(pair, len(wnames))
            name, w = tnames[ti], str(wnames[wi])
            sel = (tcode == ti) & (wcode == wi)
            if is_prohibited_hex(data, name):
                prohibited |= sel
            elif name not in data["terrain"]:
                unknown |= sel
            else:
                cell = hex_cell(data, values, name, unit_column(c, name), w)
                if cell.value is None:
                    hex_missing.append((cell, sel))
                else:
                    hex_cost[sel] = float(cell.value)
        clear_missing = []
        for wi, w in enumerate(wnames.tolist()):
            cell = hex_cell(data, values, "clear", c.get("column", "other"), w)
            if cell.value is not None:
                clear_cost[wcode == wi] = float(cell.value)
            else:
                clear_missing.append(cell)
        dest_cost = hex_cost[safe]
        # hexside costs "+N" [6], [13A7]
        side_cost = np.zeros(shape)
        side_missing = np.zeros(shape, dtype=bool)
        side_prohibited = np.zeros(shape, dtype=bool)
        side_cells: list = []
        pontoon = self._pontoons(board)
        dest_w = wcode[safe]
        for feature, spec in data["hexsides"].items():
            has = a.side_feature(feature) & a.valid
            if not has.any():
                continue
            if spec.get("prohibited"):
                side_prohibited |= has
                continue
            for wi in np.unique(dest_w[has]).tolist():
                for pont in (False, True):
                    sel = has & (dest_w == wi) & (pontoon == pont)
                    if not sel.any():
                        continue
                    cell = side_cell(data, values, feature, str(wnames[wi]), pont)
                    if cell.value is None:
                        side_missing |= sel
                        side_cells.append((cell, sel))
                    else:
                        side_cost += np.where(sel, float(cell.value), 0.0)
        devastated = np.equal(board.location_field("devastated"), True)[safe]
        dev = units(fraction(data["movement"]["devastated"]["value"])) * devastated
        overland = units(1) * (np.nan_to_num(dest_cost, nan=0.0) + side_cost)
        overland_ok = ~np.isnan(dest_cost) & ~side_missing
        # road [7B]: the clear-terrain cost, hex and hexside terrain ignored; every rail line is a road
        road_edge = self.nets(board).road_edge & ~self._demolished_bridges(board)
        road = units(1) * np.nan_to_num(clear_cost[safe], nan=np.inf)
        use_road = road_edge & np.isfinite(road) & (~overland_ok | (road < overland))
        missing = [(cell, mask[safe] & ~use_road & a.valid) for cell, mask in hex_missing]
        missing += [(cell, mask & ~use_road) for cell, mask in side_cells]
        cells = {cell.key: cell for cell, mask in missing if mask.any()}
        for cell in clear_missing:  # the road rate needs the clear cell too
            cells.setdefault(cell.key, cell)
        return {
            "terrain": np.where(use_road, 0.0, np.where(overland_ok, overland, 0.0)),
            "road": np.where(use_road, road, 0.0),
            "dev": dev,
            "use_road": use_road,
            "prohibited": prohibited[safe] & a.valid,
            "side_prohibited": side_prohibited,
            "unknown": unknown[safe] & ~use_road & a.valid,
            "missing": [(cell, mask) for cell, mask in missing if mask.any()],
            "cells": cells,
        }

    def terrain_codes(self, board) -> tuple[list[str], np.ndarray]:
        """(terrain names, per location the index of its terrain), once per map."""
        a = board.arrays
        key = ("grd-terrain-codes",)
        if key not in a._side_cache:
            names, code = np.unique(a.hex_terrain.astype(str), return_inverse=True)
            a._side_cache[key] = (names.tolist(), code)
        return a._side_cache[key]

    def _zoc_category(self, c: dict, unit) -> str:
        """Cavalry, light, infantry and irregular units pay the reduced ZOC exit costs [6A], [14D],
        [14E], [14H], [14L]."""
        reduced = c.get("exception") in ("cavalry", "light") or unit.cls in ("infantry", "rifle", "irregular")
        return "reduced_cost" if reduced else "other"

    def _zoc_cell(self, board, c: dict, unit):
        from .terrain import Cell

        cat = self._zoc_category(c, unit)
        text = board.values.get("zoc_costs", "standard", cat)
        value = fraction(text) if text is not None else None
        return Cell(
            "zoc_costs",
            "standard",
            cat,
            value,
            "6A",
            f"the ZOC Movement Costs Table cost to leave an enemy ZOC ({cat.replace('_', ' ')} units)",
        )

    def _missing_text(self, cell, board) -> str:
        where = (
            str(board.values.path) if board.values.path else "a chart values file passed with --values FILE"
        )
        return f"{cell.what} is missing ({cell.rule}): chart cell {cell.key}; give it in {where}"

    def _pontoons(self, board) -> np.ndarray:
        """Hexsides with a friendly pontoon bridge (``attrs.pontoon_to`` of a hex lists the hexes
        across) [13A7]."""
        a = board.arrays
        pairs = []
        for h, hs in board.state.hexes.items():
            for other in hs.attrs.get("pontoon_to", ()) or ():
                pairs.append((h, str(other)))
        return (
            a._paint(pairs, [True] * len(pairs), False, bool) if pairs else np.zeros(a.nbr.shape, dtype=bool)
        )

    def _demolished_bridges(self, board) -> np.ndarray:
        a = board.arrays
        pairs = []
        for h, hs in board.state.hexes.items():
            for other in hs.attrs.get("bridge_demolished_to", ()) or ():
                pairs.append((h, str(other)))
        return (
            a._paint(pairs, [True] * len(pairs), False, bool) if pairs else np.zeros(a.nbr.shape, dtype=bool)
        )

    def _accel_ok(self, board, unit, c: dict) -> np.ndarray:
        """[6B1-2]: good-road areas (and cavalry, light, mountain, irregular units everywhere) bar a
        few hexes and hexsides; poor-road areas allow only a few. Judged by the hex entered."""
        a = board.arrays
        acc = self.data["accel"]
        good_areas = self.data["road_areas"]["good"]
        safe = a.safe_nbr
        t = a.hex_terrain[safe].astype(str)
        good = np.isin(a.hex_attr("nation").astype(str), good_areas)[safe]
        if c.get("exception") in ("cavalry", "light", "mountain") or unit.cls == "irregular":
            good = np.ones_like(good)
        bad_side_good = np.zeros(a.nbr.shape, dtype=bool)
        for f in acc["barred_sides_good"]:
            bad_side_good |= a.side_feature(f)
        ok_good = ~np.isin(t, acc["barred_hexes_good"]) & ~bad_side_good
        any_side = np.zeros(a.nbr.shape, dtype=bool)
        allowed_side = np.zeros(a.nbr.shape, dtype=bool)
        for feature in self.data["hexsides"]:
            has = a.side_feature(feature)
            any_side |= has
            if feature in acc["allowed_sides_poor"]:
                allowed_side |= has
        ok_poor = np.isin(t, acc["allowed_hexes_poor"]) & (~any_side | allowed_side)
        return np.where(good, ok_good, ok_poor)

    # ------------------------------------------------------------------ judging a move
    def judge_move(self, board, unit_ids, path, mode="ground", **keywords: Any) -> Verdict:
        unit = board.state.unit(unit_ids[0])
        for uid in unit_ids:  # the declared sequence of play [4A, 6, 7A, 7A3]
            gate = self.phase_problem(board.state, board.state.unit(uid), mode, keywords, board)
            if gate is not None:
                return Verdict(False, Fraction(0), (), (gate,))
        if keywords.get("engineer") not in (None, "", "no"):
            from .engineering import judge_task

            return judge_task(
                self,
                board,
                list(unit_ids),
                list(path),
                mode,
                str(keywords["engineer"]),
                keywords.get("toward"),
            )
        if keywords.get("overrun") not in (None, "", "no"):
            from .overrun import judge_overrun

            return judge_overrun(self, board, list(unit_ids), list(path), mode, **keywords)
        if mode in RAIL_MODES:
            from .rail import judge_rail

            return judge_rail(self, board, unit, path, mode)
        if mode == "river":
            from .river import judge_river

            return judge_river(self, board, unit, path)
        ma = self.movement_allowance(unit, mode, board.state)
        if ma is None or ma == 0:
            return Verdict(
                False,
                Fraction(0),
                (),
                (_no_allowance(unit, mode, ma),),
            )
        if self.cls(unit).get("rail_only"):
            return Verdict(
                False, Fraction(0), (), (Reason("14B1", f"{unit.id} is rail-only: it moves by rail alone"),)
            )
        carried = None
        if self.cls(unit).get("transport"):
            from .transport import combine

            if unit.attr("transport_mode") == "supply_line":
                return Verdict(
                    False,
                    Fraction(0),
                    (),
                    (Reason("14O1", f"{unit.id} is in supply line mode: it may not move"),),
                )
            if len(unit_ids) > 1:
                carried = combine(self, board, unit, [board.state.unit(i) for i in unit_ids[1:]])
                if isinstance(carried, Reason):
                    return Verdict(False, Fraction(0), (), (carried,))
        if mode == "reserve":
            refused = self._reserve_refused(board, unit, path, keywords.get("target"))
            if refused is not None:
                return Verdict(False, Fraction(0), (), (refused,))
        barred = self.barred_in_mode(unit, mode) or self.outside_zoi(board, unit, mode)
        if barred is not None:
            return Verdict(False, Fraction(0), (), (barred,))
        costs, cells = self.ground_costs(board, unit, mode)
        w = walk(board, costs, path, self.adjacency_rule, mode)
        if w.failure is not None and w.failure.rule == MISSING:
            self._raise_missing(board, w, cells)
        spent_before = spent_mp(unit)
        left = ma - spent_before
        total = mp(w.spent)
        if w.failure is not None:
            return Verdict(False, total, tuple(w.steps), (w.failure,))
        effects: list[str] = []
        extra: dict[str, Any] = {"movement_allowance": float(ma) if ma.denominator != 1 else int(ma)}
        if total > left:
            one_hex = len(w.steps) == 1 and mode != "reserve"
            if one_hex and self.option(board.state, "one_hex_needs_fresh_unit"):
                one_hex = spent_before == 0
            if not one_hex:
                return Verdict(
                    False,
                    total,
                    tuple(w.steps),
                    (Reason("6", f"{total} MP is more than the {left} MP left"),),
                    extra=extra,
                )
            effects.append("one-hex move: spends all its MPs (6)")
            total = left
        if carried is not None:
            extra["transported"] = {"cargo": list(carried.cargo), "re": _num(carried.re)}
            effects.append(f"carries {', '.join(carried.cargo)} as one unit of {_num(carried.re)} REs (14O2)")
        if mode == "reserve":
            effects.append("disrupted on completing the reserve commitment (6C)")
        if mode == "accel":
            extra["fatigue_hits"] = self.fatigue_hits(board, unit, path, total)
            effects.append("no ZOC for the rest of the movement phase (6B3)")
        for s in w.steps:
            i, d = board.arrays.edge_slot(s.frm, s.to)
            crossed = board.arrays.side_feature("major_river")[i, d] and not self._pontoons(board)[i, d]
            if crossed and not self._road_step(board, i, d):
                effects.append(f"crossed an unbridged major river into {s.to}: disrupted (15A4)")
        if not self.stack_fits(board, path[-1], unit_ids):
            effects.append(
                f"{path[-1]} is over the stacking limit: legal only if undone by the phase's end (8A, 8B)"
            )
        return Verdict(True, total, tuple(w.steps), (), tuple(effects), extra=extra)

    def stack_fits(self, board, hex_id: str, arriving: list[str]) -> bool:
        """Would the units in ``hex_id`` plus the ``arriving`` ones fit its stacking limit [8A]?"""
        from .stacking import Piece, fits, hex_kind

        pieces = []
        for u in stack_after(board.state, hex_id, None, arriving):
            c = self.cls(u)
            if c.get("hq") or c.get("rail_only") or c.get("transport") or not u.movement:
                continue  # never counted [8A4]; transport units neither [14O]
            pieces.append(
                Piece(
                    u.id,
                    self.re_of(u),
                    u.size in ("division", "divisional"),
                    bool(c.get("artillery")),
                    u.cls == "fortress",
                )
            )
        rec = board.map.hexes.get(hex_id)
        kind = hex_kind(rec.terrain if rec else "clear", rec.attrs.get("weather_zone") if rec else None)
        return fits(pieces, kind)

    def barred_in_mode(self, unit, mode: str) -> Reason | None:
        """Why ``unit`` may not move in ``mode`` at all, wherever it goes: no exploitation after
        strategic rail [7A3], no reaction movement for Army HQs and artillery divisions [6D, 14M1],
        no accel after resting [6B4]. Asked by both ``judge_move`` and ``reach``."""
        if mode == "exploitation" and unit.attr("used_strategic_rail"):
            return Reason("7A3", f"{unit.id} used strategic rail this player turn: no exploitation movement")
        if mode == "reaction" and (
            self.cls(unit).get("hq") or (self.cls(unit).get("artillery") and unit.size == "division")
        ):
            return Reason("6D", "Army HQs and artillery divisions do not move in the reaction movement phase")
        if mode == "accel" and unit.attr("rested"):
            return Reason("6B4", "a unit that rested this phase may not use accel")
        return None

    def outside_zoi(self, board, unit, mode: str) -> Reason | None:
        """Reaction movement [6D], [14M1]: only a unit in the zone of influence of an active Army
        HQs of its side moves -- the HQs's hex and every hex within two of it, over units of the
        HQs's nationality only (a German HQs: every Central Powers unit). An HQs whose inactive side
        is up (``inactive``) exerts none. The activation check itself is the player's die roll."""
        if mode != "reaction":
            return None
        z = self.data["army_hqs"]
        reach = int(z["zoi_hexes"]["value"])
        for hq in board.state.units_of(unit.side):
            if not self.cls(hq).get("hq") or hq.attr("inactive"):
                continue
            if hq.nation != unit.nation and hq.nation not in z["zoi_over_the_side"]:
                continue
            if board.map.distance(hq.hex, unit.hex) <= reach:
                return None
        return Reason(
            "6D; 14M1",
            f"{unit.id} is in the zone of influence of no active Army HQs of its nationality "
            f"(within {reach} hexes): it does not move in reaction movement",
        )

    def one_hex_moves(
        self, board, unit, mode: str, costs, start: int, left: float
    ) -> list[tuple[int, float]]:
        """The one-hex move [6]: a unit may always enter an adjacent hex (not prohibited) by spending
        all its MPs, even if the hex costs more than it has, in a movement, reaction movement or
        exploitation phase -- never in reserve commitment; with ``one_hex_needs_fresh_unit`` (§10
        #19) only if it has spent no MPs this phase. Each (hex index, internal MP units spent)."""
        if mode == "reserve" or left <= 0:
            return []
        if self.option(board.state, "one_hex_needs_fresh_unit") and spent_mp(unit) > 0:
            return []
        nbr = board.nbr[start]
        return [(int(j), left) for d, j in enumerate(nbr) if j >= 0 and np.isfinite(costs.cost[start, d])]

    def _reserve_refused(self, board, unit, path: list[str], target: str | None) -> Reason | None:
        """Reserve commitment [6C]: into the attacked hex only, from within 2 hexes of it, not from
        a hex in an enemy ZOC (and never by the one-hex move)."""
        if target is None:
            return Reason("6C", "a reserve commitment names the attacked hex (--with target=HEX)")
        if path[-1] != target:
            return Reason("6C", f"a committed reserve moves only into the attacked hex {target}")
        if board.map.distance(unit.hex, target) > 2:
            return Reason("6C", f"{unit.hex} is more than 2 hexes from the attacked hex {target}")
        if self.zoc(board, self.other_side(unit.side))[board.idx(unit.hex)]:
            return Reason("6C", "a unit in an enemy ZOC may not be committed as a reserve")
        return None

    def _road_step(self, board, i: int, d: int) -> bool:
        a = board.arrays
        return bool(~np.equal(a.line_attr("road")[i, d], None) or ~np.equal(a.line_attr("rail")[i, d], None))

    def _raise_missing(self, board, w, cells) -> None:
        """A move that needs a blank chart cell fails naming the cell and the file."""
        for cell in cells.values():
            if cell.key in w.failure.message:
                board.values.cell(cell.table, cell.row, cell.column, what=cell.what, rule=cell.rule)
        raise MissingChartValue(w.failure.message)

    def _walk_refused(self, board, w, cells, unit, **extra: Any) -> Verdict | None:
        """Why ``unit``'s walk ``w`` failed, as a refusal with the steps it took, or None when it did
        not; a walk that needs a blank chart cell fails naming the cell (exit 2)."""
        if w.failure is None:
            return None
        if w.failure.rule == MISSING:
            self._raise_missing(board, w, cells)
        return illegal(w.steps, mp(w.spent), w.failure.rule, f"{unit.id}: {w.failure.message}", **extra)

    def fatigue_hits(self, board, unit, path: list[str], spent: Fraction) -> int:
        """Accel fatigue [6B4]: if the unit started, passed or ended adjacent to an enemy ZOC unit,
        or entered an enemy-owned hex: one hit per 2 MPs (or fraction) beyond its printed MA;
        artillery, cavalry and Army HQs one per MP."""
        a = board.arrays
        enemy = self.other_side(unit.side)
        zoc_units = np.zeros(board.n, dtype=bool)
        for u, h in zip(board.state.units, board.unit_hex, strict=True):
            from .zoc import zoc_reach

            if u.side == enemy and zoc_reach(u, self.cls(u)) != "none":
                zoc_units[h] = True
        owner = self.nets(board).owner
        trigger = False
        for k, hid in enumerate(path):
            i = board.idx(hid)
            nb = a.nbr[i][a.valid[i]]
            if zoc_units[nb].any() or (k > 0 and owner[i] == enemy):
                trigger = True
        if not trigger:
            return 0
        excess = Fraction(spent) - Fraction(unit.movement)
        if excess <= 0:
            return 0
        c = self.cls(unit)
        slow = c.get("artillery") or c.get("hq") or c.get("exception") == "cavalry"
        per = fraction(
            self.data["movement"]["fatigue_mp_per_hit_slow" if slow else "fatigue_mp_per_hit"]["value"]
        )
        return ceil(excess / per)

    def path_to(self, board, unit, mode: str, dest: str) -> list[str] | None:
        """The path a move in ``mode`` takes to ``dest`` ignoring the allowance (what explains a
        refusal): by rail along the rail lines [7A] (:func:`.rail.rail_path`), else the core's."""
        if mode in RAIL_MODES:
            from .rail import rail_path

            return rail_path(self, board, unit, mode, dest)
        return super().path_to(board, unit, mode, dest)

    def reach(self, board, unit, mode: str = "ground"):
        if mode in RAIL_MODES:
            from .rail import rail_reach

            return rail_reach(self, board, unit, mode)
        if mode == "river":
            from .river import river_reach

            return river_reach(self, board, unit)
        ma = self.movement_allowance(unit, mode, board.state)
        start = board.idx(unit.hex)
        stay = Reach(np.where(np.arange(board.n) == start, 0.0, INF), np.full(board.n, -9999), start)
        if ma is None or ma == 0 or self.cls(unit).get("rail_only"):
            return stay, []
        barred = self.barred_in_mode(unit, mode)
        if (
            barred is None
            and self.cls(unit).get("transport")
            and unit.attr("transport_mode") == "supply_line"
        ):
            barred = Reason("14O1", f"{unit.id} is in supply line mode: it may not move")
        if barred is None:
            barred = self.outside_zoi(board, unit, mode)
        if barred is None and mode == "reserve" and self.zoc(board, self.other_side(unit.side))[start]:
            barred = Reason("6C", "a unit in an enemy ZOC may not be committed as a reserve")
        if barred is not None:
            return stay, [barred]
        costs, cells = self.ground_costs(board, unit, mode)
        left = units(ma - spent_mp(unit))
        dist, pred = search(board.nbr, costs.cost, start, limit=left)
        for j, cost in self.one_hex_moves(board, unit, mode, costs, start, left):
            if not np.isfinite(dist[j]):
                dist[j], pred[j] = cost, start
        if mode == "reserve":  # only into the attacked hex, at most 2 hexes away [6C]
            ids = board.arrays.ids
            for i in np.flatnonzero(np.isfinite(dist)):
                if board.map.distance(unit.hex, ids[i]) > 2:
                    dist[i] = INF
        problems = [
            Reason(c.rule, f"{c.what} is blank: steps that need chart cell {c.key} are left out")
            for c in cells.values()
        ]
        return Reach(dist, pred, start), problems

    # ------------------------------------------------------------------ supply and rail
    def judge_retreat(self, board, unit, dest: str):
        """[9F2]: a unit dragged after combat from its hex to ``dest``, judged as a retreat
        (:func:`.after_combat.judge_retreat_drag`)."""
        from .after_combat import judge_retreat_drag

        return judge_retreat_drag(self, board, unit, dest)

    def judge_advance(self, board, unit, dest: str):
        """[9F3]: a unit dragged after combat from its hex to ``dest``, judged as an advance."""
        from .after_combat import judge_advance_drag

        return judge_advance_drag(self, board, unit, dest)

    def action_rebuild(self, board, unit: str) -> Verdict:
        """16B3d: may the cadre/remnant ``unit`` be rebuilt to full strength now, from its command's
        general pool (the core ledger ``replacements``), at the Replacement Costs Chart's values."""
        from .replacements import judge_rebuild

        return judge_rebuild(self, board, board.state.unit(unit))

    def action_replace_unit(self, board, unit: str, hex: str) -> Verdict:
        """16B3c: may ``unit`` be replaced from its command's replacement pool at the city ``hex``
        now, at the Replacement Costs Chart's values."""
        from .replacements import judge_replacement

        return judge_replacement(self, board, board.state.unit(unit), hex)

    def supply_report(self, board, side: str) -> SupplyReport:
        from .supply import supply_report

        return supply_report(self, board, side)

    def action_activation_check(
        self, board, hq: str, coordinate: str = "", modifier: int = 0, leader: str = ""
    ):
        """``railhead act ... activation_check hq=ID``: the reacting player's Army HQs activation
        check [4A4, 14M1-14M3], a die on the Ground Success Table (chart values); the HQs stays
        active or is flipped inactive."""
        from .activation import judge_activation

        return judge_activation(self, board, hq, coordinate, modifier, leader)

    def action_place(self, board, unit: str, hex: str):
        """``railhead act ... place unit=ID hex=ID``: may the waiting reinforcement be placed there
        in the phasing player's initial phase [16A, 16A1n, 16C12, 16C14]."""
        from .reinforcement import judge_placement

        return judge_placement(self, board, board.state.unit(unit), hex)

    def action_rail_capacity(self, board, action: str, **given: str):
        """``railhead act ... rail_capacity``: may this capacity action be taken now [7A4, 7A5, 7A9,
        11C1]? A refusal by the rules is a verdict citing the rule."""
        from .actions import judge_capacity_action

        return judge_capacity_action(self, board, action, given)

    def rail_ledger(self, board) -> Ledger:
        return Ledger.of(board.state, cap.LEDGER, {}, period="turn")

    def rail_report(self, board, side: str) -> CapacityReport:
        from .rail import rail_report

        return rail_report(self, board, side)

    def capacity_pool_of(self, board, side: str) -> np.ndarray | None:
        nets = self.nets(board)
        return np.array([f"{side}:{sorted(s)[0]}" if s else None for s in nets.hex_nets], dtype=object)

    def position_problems(self, board) -> list[tuple[str, str]]:
        from .checks import position_problems

        return position_problems(self, board)


def _num(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


RULESET = GreatWar


def _no_allowance(unit, mode: str, ma) -> Reason:
    """Why a unit with no allowance in ``mode`` cannot move: rated 0 or rail/water-only [14B], or
    its reserve commitment or exploitation rating rounded down to 0 [6C], [6E]."""
    if unit.movement == 0:
        return Reason("14B3", f"{unit.id} has a movement rating of 0 and cannot move")
    if ma == 0 and mode in ("exploitation", "reserve"):
        return Reason(
            "6C; 6E",
            f"{unit.id}: its {mode} movement rating {unit.movement} rounds down to 0: it cannot move",
        )
    return Reason("14B", f"{unit.id} cannot move in {mode} (MA {unit.movement})")

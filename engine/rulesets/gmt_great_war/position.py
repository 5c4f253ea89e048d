"""What the rules read off a position, as per-location arrays (cached per board): the front of
each hex, its country and controller (7.1), which side's combat units, HQs and intact forts stand
there (8.22, 9.32, 11.6), towns, cities, ports and supply sources."""

from __future__ import annotations

from functools import cached_property

import numpy as np

from .fronts import Front, fronts_of
from .maparrays import grid_arrays


class Position:
    def __init__(self, board, data):
        self.board = board
        self.data = data
        self.a = board.arrays
        self.state = board.state
        self.fronts: dict[str, Front] = fronts_of(data)

    @classmethod
    def of(cls, board, data) -> Position:
        return board.cached(("gmt-position",), lambda: cls(board, data))

    # ------------------------------------------------------------ map
    @cached_property
    def front(self) -> np.ndarray:
        """Front id of each location (None for boxes)."""
        return self.a.hex_attr("front")

    @cached_property
    def country(self) -> np.ndarray:
        return self.a.hex_attr("country")

    @cached_property
    def terrain(self) -> np.ndarray:
        return self.a.hex_terrain

    @cached_property
    def town_or_city(self) -> np.ndarray:
        s = self.a.hex_attr("settlement")
        return (s == "town") | (s == "city")

    @cached_property
    def port(self) -> np.ndarray:
        return np.equal(self.a.hex_attr("port"), True)

    @cached_property
    def box_kind(self) -> np.ndarray:
        kinds = np.full(self.a.n, None, dtype=object)
        for i in np.flatnonzero(self.a.location_kind == 2):
            kinds[i] = self.a.record(self.a.ids[i]).attrs.get("kind")
        return kinds

    @cached_property
    def grid_step(self) -> np.ndarray:
        """(N, D): the slot is a grid side of a front map (not a link to a box)."""
        return self.a.valid & (self.a.graph.direction >= 0) & (self.a.location_kind == 0)[:, None]

    def side_feature(self, name: str) -> np.ndarray:
        return self.a.side_feature(name)

    # ------------------------------------------------------------ control (7.1)
    @cached_property
    def near_east(self) -> np.ndarray:
        """Locations on the Near East front maps."""
        return grid_arrays(self.a).on_fronts([f for f, x in self.fronts.items() if x.near_east])

    @cached_property
    def controller(self) -> np.ndarray:
        """The side controlling each location: the position's owner, else the country's side at
        the start (7.11); "neutral" for neutral countries, None off the map."""
        countries = dict(self.data["countries"])
        countries.update(self.state.extra.get("entered_war") or {})  # 17.11: a neutral that joined a side
        base = grid_arrays(self.a).country_side(countries)
        out = base.copy()
        index = self.a.index
        start = self.data.get("start_control", {})
        # 7.12: Persia is in play but neither side's: its towns are Allied unless marked "CP"
        persia = out == "uncontrolled"
        out[persia] = None
        towns = persia & self.town_or_city
        out[towns] = np.where(np.equal(self.a.hex_attr("cp_town"), True)[towns], "cp", "allied")
        for side in ("cp", "allied"):
            for h in start.get(side, []):
                if h in index:
                    out[index[h]] = side
            for h in start.get(f"{side}_and_adjacent", []):
                if h in index:
                    i = index[h]
                    around = self.a.nbr[i][self.grid_step[i]]
                    out[around[~np.equal(self.country[around], None)]] = side
        for h, hs in self.state.hexes.items():
            if hs.owner is not None and h in index:
                out[index[h]] = hs.owner
        return out

    def neutral(self) -> np.ndarray:
        return self.controller == "neutral"

    # ------------------------------------------------------------ units
    @cached_property
    def _class_flags(self) -> dict[str, tuple[bool, bool]]:
        return {c: (bool(x.get("combat")), bool(x.get("mountain"))) for c, x in self.data["classes"].items()}

    def is_combat(self, u) -> bool:
        return self._class_flags.get(u.cls, (False, False))[0]

    def is_mountain(self, u) -> bool:
        return self._class_flags.get(u.cls, (False, False))[1]

    def units_of(self, side: str, pred=None) -> np.ndarray:
        """Locations holding a unit of ``side`` (for which ``pred`` holds)."""
        b = self.board
        return b.cached(
            ("gmt-units", side, pred),
            lambda: b.hexes_holding(
                b.unit_flags(("gmt-side", side, pred), lambda u: u.side == side and (pred is None or pred(u)))
            ),
        )

    def combat_units_of(self, side: str) -> np.ndarray:
        return self.units_of(side, self.is_combat)

    def forts_intact(self, side: str) -> np.ndarray:
        """Locations with an intact fort or heavy fort of ``side`` (its controller's, 14.1)."""
        fort = ~np.equal(self.a.hex_attr("fort"), None)
        destroyed = np.zeros(self.a.n, dtype=bool)
        for h, hs in self.state.hexes.items():
            if hs.field("fort_destroyed") and h in self.a.index:
                destroyed[self.a.index[h]] = True
        return fort & ~destroyed & (self.controller == side)

    def blocked_for(self, side: str, other: str) -> np.ndarray:
        """Hexes holding an enemy unit or an intact enemy fort (8.22, 9.31, 11.6)."""
        return self.units_of(other) | self.forts_intact(other)

    def near_enemy_combat(self, side: str) -> np.ndarray:
        """Locations adjacent to a combat unit of the side opposing ``side`` (8.14)."""
        other = "allied" if side == "cp" else "cp"
        return self.board.cached(("gmt-near", side), lambda: self.adjacent_to(self.combat_units_of(other)))

    def adjacent_to(self, mask: np.ndarray) -> np.ndarray:
        """Locations a grid side away from a location of ``mask``."""
        g = grid_arrays(self.a)
        return (mask[g.nb6] & g.grid6).any(axis=1)

    def devastated(self) -> np.ndarray:
        out = np.zeros(self.a.n, dtype=bool)
        for h, hs in self.state.hexes.items():
            if hs.field("devastated") and h in self.a.index:
                out[self.a.index[h]] = True
        return out

    def front_closed_to(self, unit, front: str) -> tuple[str, str] | None:
        """(rule, why) when ``unit``'s restriction code (3.26) or nation (17.21, 17.31) keeps it
        off ``front``."""
        code = unit.attr("code")
        allowed_by_code = self.data["restriction_codes"].get(code)
        if allowed_by_code and front not in allowed_by_code["value"]:
            fronts = ", ".join(allowed_by_code["value"])
            return allowed_by_code["rule"], (
                f'{unit.id} has restriction code "{code}": it operates only on the {fronts} front maps, '
                f"not the {front}"
            )
        spec = self.data.get("nation_fronts", {}).get(unit.nation)
        if spec is None or front in spec["value"]:
            return None
        if (
            spec.get("except_field")
            and unit.attr(spec["except_field"])
            and front in spec.get("except_fronts", ())
        ):
            return None
        allowed = ", ".join(spec["value"])
        return spec[
            "rule"
        ], f"{unit.nation} units may operate only on the {allowed} front maps, not the {front}"

    def front_of(self, loc: str) -> Front | None:
        f = self.front[self.a.index[loc]]
        return self.fronts.get(f) if f else None

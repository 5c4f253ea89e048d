"""Per-side pictures of a position that several rules read: enemy-occupied hexes, zones of control,
friendly brigade equivalents per hex, distance to the closest enemy unit, rail status."""

from __future__ import annotations

import numpy as np

from ...search import INF, search_graph
from ...stacking import stack_points_per_location
from ...zoc import zone_of_control as core_zone
from .entrenchment import permanent_zoc_blocks
from .terrain import hex_costs
from .units import brigade_equivalents, exerts_zoc, mode_of, mr_of

ZOC_BLOCKING_SIDES = ("major_river", "grand_river")  # 3.42


def occupied(board, side: str, pred=None) -> np.ndarray:
    """Hexes holding a unit of ``side`` (matching ``pred``, a function of the unit alone),
    dummies included; once per position."""
    key = ("doe-occupied", side, None if pred is None else pred.__code__)
    return board.cached(key, lambda: board.units_mask(lambda u: u.side == side and (pred is None or pred(u))))


def zoc_blocking_sides(board) -> np.ndarray:
    a = board.arrays
    out = np.zeros(a.nbr.shape, dtype=bool)
    for name in ZOC_BLOCKING_SIDES:
        out |= a.side_feature(name)
    return out


def zone_of_control(rs, board, side: str) -> np.ndarray:
    """Hexes in the ZOC of ``side``'s units (3.41, 3.42): adjacent hexes the exerting unit could
    enter in Deployed Mode, not across a Major or Grand River, not into a hex holding an enemy
    fortress; a fortress exerts none while an enemy Combat unit shares its hex (13.21)."""

    def build() -> np.ndarray:
        a = board.arrays
        single = rs.option(board.state, "single_sp_zoc")
        other = rs.other_side(side)
        enemy_fortress = occupied(board, other, lambda u: u.cls == "fortress")
        enemy_combat = occupied(board, other, lambda u: u.cls == "combat")
        blocked = zoc_blocking_sides(board) | permanent_zoc_blocks(rs, board, side)
        units = board.state.units
        exerting = np.fromiter(
            (
                u.side == side and exerts_zoc(u, single) and not (u.cls == "fortress" and enemy_combat[h])
                for u, h in zip(units, board.unit_hex.tolist(), strict=True)
            ),
            bool,
            len(units),
        )
        mr = np.array([mr_of(u) if x else None for u, x in zip(units, exerting, strict=True)], dtype=object)
        zone = np.zeros(board.n, dtype=bool)
        for rating in dict.fromkeys(mr[exerting].tolist()):
            costs = board.cached(
                ("doe-hex-costs", "tec", rating),
                lambda rating=rating: hex_costs(rs.data, board.values, a.hex_terrain, rating),
            )
            zone |= core_zone(board, exerting & (mr == rating), blocked, np.isfinite(costs) & ~enemy_fortress)
        return zone

    return board.cached(("doe-zoc", side), build)


def friendly_be(rs, board, side: str, exclude_pfi: str | None = None, exclude_ids=()) -> np.ndarray:
    """Per hex, the BE of ``side``'s units (3.32), leaving out units of the PFI ``exclude_pfi``
    (Combat, Artillery and HQ class: 8.42) and the units ``exclude_ids``."""

    def build():
        hq_be = rs.option(board.state, "corps_hq_be")
        carried = rs.option(board.state, "crowding_counts_entrained")

        def counted(u) -> bool:
            if u.side != side or u.id in exclude_ids or (not carried and mode_of(u) in ("rail", "naval")):
                return False
            return not (
                exclude_pfi and u.attr("pfi") == exclude_pfi and u.cls in ("combat", "artillery", "hq")
            )

        units = board.state.units
        selected = np.fromiter((counted(u) for u in units), bool, len(units))
        return stack_points_per_location(board, selected, lambda u: brigade_equivalents(rs.data, u, hq_be))

    return board.cached(("doe-friendly-be", side, exclude_pfi, frozenset(exclude_ids)), build)


def enemy_distance(board, side: str) -> np.ndarray:
    """Per hex, the number of hexes to the closest enemy unit (7.15.A/B)."""

    def build():
        enemy = np.flatnonzero(board.units_mask(lambda u: u.side != side))
        if enemy.size == 0:
            return np.full(board.n, INF)
        dist, _ = search_graph(board.arrays.hop_graph, enemy)
        return dist

    return board.cached(("doe-enemy-distance", side), build)


def rail_status(board) -> np.ndarray:
    """Per hex, the status of its rail (3.8): a side (friendly operational for it), ``neutral`` or
    ``damaged``; where the position sets none, operational for the map hex's ``home`` side."""

    def build():
        given = board.location_field("rail")
        home = board.arrays.hex_attr("home")
        return np.where(np.equal(given, None), home, given)

    return board.cached("doe-rail-status", build)


def hex_distance(board, a: str, b: str) -> int:
    return int(board.map.distance(a, b))

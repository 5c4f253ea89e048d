"""Strategic Movement [9.2]: ½ NRC per Regular area and 1 NRC per Restricted area entered, no MP,
weather and obstacles ignored; Major Powers only; every area friendly-controlled and in a friendly
Major Power's National Territory or next to it [9.2.4]; never beginning or ending in a contested
area [9.2.5]; at most 10 % of the power's NRC balance per game turn [9.2.3]."""

from __future__ import annotations

import numpy as np

from ...search import EdgeCosts, units


def eligible(rs, board, geo, occ, side: str) -> np.ndarray:
    """Areas Strategic Movement may use: friendly Major Powers' territory and the areas next to it,
    under friendly control [9.2.4]."""

    def build():
        a = board.arrays
        majors = sorted(rs.friendly_majors(board.state, side))
        core = geo.land & np.isin(geo.country.astype(str), majors)
        near = (core[a.safe_nbr] & geo.ground_edge).any(axis=1)
        return (core | near) & occ.friendly(side)

    return board.cached(("gwa-sm-eligible", side), build)


def strategic_costs(rs, board, geo, occ, side: str) -> EdgeCosts:
    def build():
        a = board.arrays
        safe = a.safe_nbr
        k = EdgeCosts.start(a.nbr.shape)
        k.forbid(~geo.ground_edge, "9.2.1", "Strategic Movement goes between adjacent land areas")
        ok = eligible(rs, board, geo, occ, side)
        k.forbid(
            ~ok[safe] & a.valid,
            "9.2.4",
            "every area of a Strategic Movement must be friendly-controlled, "
            "in or next to a friendly Major Power's territory",
        )
        half, r1 = rs.value("strategic", "regular")
        one, r2 = rs.value("strategic", "restricted")
        cost = np.where(geo.restricted[safe], units(one), units(half))
        k.add("nrc", cost.astype(float), f"{r1}; {r2}")
        return k

    return board.cached(("gwa-sm", side), build)

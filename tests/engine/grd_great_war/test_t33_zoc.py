"""T33 [5A]: a rifle brigade (regiment-class ZOC only in the Arctic and Desert) on the boundary of
weather zones A and B exerts a ZOC into the adjacent zone-A hexes, not the zone-B ones; a supported
division into every adjacent hex; artillery and battalions only in their own hex."""

import numpy as np
from grd_helpers import RS, mini_board, mini_map, unit_doc

ZONES = {
    f"GW2:{c:02d}{r:02d}": {"weather_zone": "A" if c <= 2 else "B"} for c in range(1, 6) for r in range(1, 5)
}
M = mini_map(attrs=ZONES, cols=5)


def _zoc(cls: str, size: str, at: str = "GW2:0202") -> set[str]:
    b = mini_board(M, [unit_doc("Z", "central_powers", "germany", cls, at, 2, size=size)])
    zone = RS.zoc(b, "central_powers")
    return {b.arrays.ids[i] for i in np.flatnonzero(zone)}


def test_brigade_on_the_a_b_boundary_reaches_zone_a_only():
    z = _zoc("rifle", "brigade")
    assert "GW2:0202" in z and "GW2:0102" in z and "GW2:0201" in z
    assert not any(h.startswith("GW2:03") for h in z)


def test_division_reaches_every_adjacent_hex():
    z = _zoc("infantry", "division")
    assert {"GW2:0302", "GW2:0102", "GW2:0201", "GW2:0203"} <= z


def test_artillery_and_battalions_only_their_own_hex():
    assert _zoc("artillery", "regiment") == {"GW2:0202"}
    assert _zoc("rifle", "battalion") == {"GW2:0202"}

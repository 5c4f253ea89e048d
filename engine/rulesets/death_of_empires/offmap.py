"""Off-map rail lines (8.53.A): a box of the map (``attrs.off_map_rail`` = its length in hexes,
``attrs.track`` single or double) joined by links to the map-edge rail hexes where it enters and
leaves. An entrained unit travels it at the Railroad Movement Rate; it may stop on it, noting the
hexes still to go (``off_map_left``), and may not come back onto the map into an enemy ZOC."""

from __future__ import annotations

from fractions import Fraction


def off_map_lines(m) -> dict[str, tuple[int, str]]:
    """Off-map line box -> (length in hexes, track)."""
    return {
        b.id: (int(b.attrs["off_map_rail"]), str(b.attrs.get("track", "single")))
        for b in m.boxes.values()
        if b.attrs.get("off_map_rail")
    }


def hexes_per_mp(rs, track: str) -> int:
    """The Railroad Movement Rate on the line's track (chart after 2.62; 8.53)."""
    key = "hexes_per_mp_double" if track == "double" else "hexes_per_mp_single"
    return int(rs.data["rail"][key]["value"])


def off_map_mp(rs, hexes: int, track: str) -> Fraction:
    return Fraction(hexes, hexes_per_mp(rs, track))

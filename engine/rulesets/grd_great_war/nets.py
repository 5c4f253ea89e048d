"""The rail nets of a GR/D map as arrays: which hexsides carry which net's line (volume, gauge),
the derived rail marshaling yards [7A1], who owns each hex [5B], and a player's sections of a net
(friendly-owned rail hexes joined along the net's lines [7A9])."""

from __future__ import annotations

import weakref
from functools import cached_property
from math import ceil

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components


def low_volume_count(low: int, foreign_high: int, devastated: int = 0, per_low: int = 2) -> int:
    """Low-volume hexes a rail supply sub-element counts [11B3a]: its low-volume hexes, each
    ``per_low`` high-volume hexes (or fraction) of a non-cooperating nation's net as one [11E], a
    devastated hex as two [15A8]. 13 foreign high-volume hexes = 7."""
    return low + ceil(foreign_high / per_low) + 2 * devastated


_STATIC: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class RailNets:
    """Rail facts of one position: the map's (built once per map) plus ownership from the position."""

    def __init__(self, board, nations: dict[str, str], yard_cities: list[str], yard_ports: list[str]):
        self.board = board
        self.nations = nations
        static = _STATIC.get(board.arrays)
        if static is None:
            static = _STATIC[board.arrays] = _MapNets(board.arrays, yard_cities, yard_ports)
        self.static = static

    def __getattr__(self, name: str):
        return getattr(self.static, name)

    # ------------------------------------------------------------------ railheads [7]
    def heads(self) -> tuple:
        """The position's railheads and roadheads: (hex, attr, hexes beyond) sorted (a cache key)."""
        out = []
        for h, hs in self.board.state.hexes.items():
            for attr in ("railhead_beyond", "roadhead_beyond"):
                if hs.attrs.get(attr):
                    out.append((h, attr, tuple(sorted(str(x) for x in hs.attrs[attr]))))
        return tuple(sorted(out))

    def _beyond(self, attr: str, edges: np.ndarray) -> np.ndarray:
        """(N, D) bool: the ``edges`` of a line beyond a railhead (roadhead) [7]: a railhead hex
        lists (``attrs.railhead_beyond``) the hexes next to it the line does not reach yet; the
        line from there on, cut off from the railhead, does not exist."""
        a = self.static.a
        pairs = [(h, x) for h, at, xs in self.heads() if at == attr for x in xs]
        if not pairs:
            return np.zeros(a.nbr.shape, dtype=bool)
        cut = a._paint(pairs, [True] * len(pairs), False, bool) & edges
        safe = a.safe_nbr
        keep = edges & ~cut
        i, d = np.nonzero(keep)
        g = sp.csr_matrix((np.ones(len(i)), (i, safe[i, d])), shape=(a.n, a.n))
        _, labels = connected_components(g, directed=False)
        gone = np.zeros(a.n, dtype=bool)
        for h, x in pairs:
            hi, xi = a.index[h], a.index[x]
            if labels[hi] != labels[xi]:
                gone |= labels == labels[xi]
        return cut | (edges & gone[:, None] & gone[safe])

    @cached_property
    def rail(self) -> np.ndarray:
        """Rail hexsides that exist now: the map's, up to the railheads [7]."""
        return self.static.rail & ~self._beyond("railhead_beyond", self.static.rail)

    @cached_property
    def low(self) -> np.ndarray:
        return self.static.low & self.rail

    @cached_property
    def gauge(self) -> np.ndarray:
        """(N, D) gauge of each rail hexside now [13B3a]: the map's, except a hexside with a
        regauged hex (``attrs.regauged``) at an end, which takes that gauge when its other end is
        regauged to it too or is on a line of that gauge: the gauge change point moves into the
        next hex as the engineers work along the line."""
        base = self.static.gauge
        done = [(self.static.a.index[h], str(g)) for h, g in self._regauged()]
        if not done:
            return base
        a, safe = self.static.a, self.static.a.safe_nbr
        out = base.copy()
        hexg = np.full(a.n, None, dtype=object)
        for i, g in done:
            hexg[i] = g
        for i, g in done:
            for d in np.flatnonzero(self.static.rail[i]):
                j = safe[i, d]
                other = hexg[j]
                agrees = (
                    other == g if other is not None else g in {str(x) for x in base[j][self.static.rail[j]]}
                )
                if agrees:
                    out[i, d] = g
                    back = np.flatnonzero(safe[j] == i)
                    out[j, back] = g
        return out

    def _regauged(self) -> list[tuple[str, str]]:
        return sorted(
            (h, str(hs.attrs["regauged"]))
            for h, hs in self.board.state.hexes.items()
            if hs.attrs.get("regauged")
        )

    @cached_property
    def rail_hex(self) -> np.ndarray:
        return self.rail.any(axis=1)

    @cached_property
    def yard(self) -> np.ndarray:
        return self.static.yard & self.rail_hex

    @cached_property
    def road_edge(self) -> np.ndarray:
        """Hexsides along a road now: printed roads up to the roadheads, every existing rail line [7B]."""
        a = self.static.a
        printed = self.static.printed_road
        return ((printed & ~self._beyond("roadhead_beyond", printed)) | self.rail) & a.valid

    # ------------------------------------------------------------------ ownership [5B]
    @cached_property
    def owner(self) -> np.ndarray:
        """Per hex: the owning side (the position's, else the side of the hex's nation), or None."""
        base = self.static.side_of_nation(self.nations)
        given = self.board.location_field("owner")
        return np.where(np.equal(given, None), base, given)

    def friendly(self, side: str) -> np.ndarray:
        return np.equal(self.owner, side)

    def status(self, name: str) -> np.ndarray:
        return np.equal(self.board.location_field("rail"), name)

    # ------------------------------------------------------------------ sections [7A9]
    def sections(self, side: str, net: str) -> tuple[np.ndarray, int]:
        """(label per hex, count): the side's friendly-owned rail hexes of ``net`` joined along the
        net's lines; -1 where a hex is not one. Breaks and obstructions do not cut a net."""
        mine = self.friendly(side) & self.on_net(net)
        a = self.static.a
        safe = a.safe_nbr
        edge = self.rail & np.equal(self.net, net) & mine[:, None] & mine[safe]
        i, d = np.nonzero(edge)
        g = sp.csr_matrix((np.ones(len(i)), (i, safe[i, d])), shape=(a.n, a.n))
        _, labels = connected_components(g, directed=False)
        labels = np.where(mine, labels, -1)
        uniq = {lab: k for k, lab in enumerate(sorted(set(labels[mine].tolist())))}
        out = np.array([uniq.get(lab, -1) for lab in labels])
        return out, len(uniq)

    def yards_by_section(self, side: str, net: str, unisolated: np.ndarray) -> list[int]:
        """Friendly, unisolated yards in each section of the side's net."""
        labels, count = self.sections(side, net)
        counts = [0] * count
        for h in np.flatnonzero(self.yard & (labels >= 0) & unisolated):
            counts[labels[h]] += 1
        return counts

    def connected_yards(self, side: str, net: str, unisolated: np.ndarray) -> int:
        """The most connected, unisolated friendly yards of one section of the net [7A5a-c]."""
        return max(self.yards_by_section(side, net, unisolated), default=0)


class _MapNets:
    """What the map alone says about its rail nets."""

    def __init__(self, a, yard_cities: list[str], yard_ports: list[str]):
        self.a = a
        line = a.line_attr("rail")
        self.rail = ~np.equal(line, None) & a.valid
        self.volume = np.where(self.rail, a.line_attr("rail", "volume", "high"), None)
        self.gauge = np.where(self.rail, a.line_attr("rail", "gauge", "standard"), None)
        self.net = np.where(self.rail, a.line_attr("rail", "net", "net"), None)
        # adjacent hexes of one multi-hex city are joined by high-volume rail [7A]
        city = a.hex_attr("multi_city")
        safe = a.safe_nbr
        same_city = a.valid & ~np.equal(city, None)[:, None] & (city[:, None] == city[safe])
        if same_city.any():
            hex_net = self._hex_first(self.net)
            hex_gauge = self._hex_first(self.gauge)
            add = same_city & ~self.rail
            here = ~np.equal(hex_net, None)[:, None]
            self.net = np.where(add, np.where(here, hex_net[:, None], hex_net[safe]), self.net)
            self.gauge = np.where(add, np.where(here, hex_gauge[:, None], hex_gauge[safe]), self.gauge)
            self.volume = np.where(add, "high", self.volume)
            self.rail = self.rail | (same_city & ~np.equal(self.net, None))
        # rail ferries [15A3]: links of kind ``rail_ferry`` between two ports, low-volume rail for
        # rail movement (never a road, bridge or causeway); the gauge of the line at the port left
        kinds = np.array([e.kind for e in a.graph.edge_info] + [""], dtype=object)
        self.ferry = a.valid & np.equal(kinds[a.graph.edge], "rail_ferry") & (a.graph.edge >= 0)
        if self.ferry.any():
            first_gauge = self._hex_first(self.gauge)
            self.gauge = np.where(self.ferry, first_gauge[:, None], self.gauge)
        self.low = self.rail & np.equal(self.volume, "low")
        self.rail_hex = self.rail.any(axis=1)
        self.hex_net = self._hex_first(self.net)  # one net of each rail hex (None off the rails)
        kind = a.hex_attr("city")
        port = a.hex_attr("port")
        fortress = a.hex_attr("fortress")
        rc = a.hex_attr("resource_centers")
        major_city = np.isin(kind.astype(str), yard_cities) | ~np.equal(a.hex_attr("multi_city"), None)
        self.major_city = major_city
        yard_site = (
            major_city
            | ~np.equal(fortress, None)
            | np.array([bool(x) for x in rc])
            | np.isin(port.astype(str), yard_ports)
            | np.equal(a.hex_attr("yard"), True)  # printed yards (non-European maps) [7A1]
        )
        self.yard = yard_site & self.rail_hex
        self.names = sorted({str(x) for x in self.net[self.rail]})
        self._on: dict = {}
        # per hexside: a road runs along it (every rail line is a road [7B]; a ferry is not)
        self.road_edge = (~np.equal(a.line_attr("road"), None) | self.rail) & a.valid
        self.net_code = np.full(a.nbr.shape, -1, dtype=np.int64)  # index into names
        for k, name in enumerate(self.names):
            self.net_code[self.rail & np.equal(self.net, name)] = k
        owner_nation = np.where(self.rail, a.line_attr("rail", "nation", ""), "")
        self.net_nations = sorted({str(x) for x in owner_nation[self.rail]})
        self.nation_code = np.full(a.nbr.shape, -1, dtype=np.int64)  # index into net_nations
        for k, name in enumerate(self.net_nations):
            self.nation_code[self.rail & np.equal(owner_nation, name)] = k

    @cached_property
    def printed_road(self) -> np.ndarray:
        """Hexsides with a printed road [7B] (before any roadhead cuts them)."""
        return ~np.equal(self.a.line_attr("road"), None) & self.a.valid

    def side_of_nation(self, nations: dict[str, str]) -> np.ndarray:
        """Per hex, the side of the hex's nation (None where it has none) [5B]."""
        key = ("side_of_nation", tuple(sorted(nations.items())))
        if key not in self._on:
            nation = self.a.hex_attr("nation")
            base = np.full(self.a.n, None, dtype=object)
            for name, side in nations.items():
                base[np.equal(nation, name)] = side
            self._on[key] = base
        return self._on[key]

    def _hex_first(self, edge_values: np.ndarray) -> np.ndarray:
        out = np.full(self.a.n, None, dtype=object)
        for d in range(edge_values.shape[1] - 1, -1, -1):
            col = edge_values[:, d]
            has = ~np.equal(col, None)
            out[has] = col[has]
        return out

    @cached_property
    def hex_nets(self) -> list[frozenset[str]]:
        """Per hex, the nets whose lines run through it."""
        out = []
        for row, ok in zip(self.net, self.rail, strict=True):
            out.append(frozenset(str(x) for x in row[ok]))
        return out

    def on_net(self, net: str) -> np.ndarray:
        """Hexes a line of ``net`` runs through."""
        key = ("on_net", net)
        if key not in self._on:
            self._on[key] = (self.rail & np.equal(self.net, net)).any(axis=1)
        return self._on[key]

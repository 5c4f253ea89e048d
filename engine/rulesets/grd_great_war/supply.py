"""General supply [11B]-[11F]: a line of up to three elements, overland (unit → Army HQs or source),
road (Army HQs → operational depot or source), railroad (depot → regular source), traced at once
from every source with the core's staged trace; isolation [3G] is an overland line of any length.

Element lengths come from the Supply Line Summary, which the booklet does not print: the user's
chart-values file (``supply_lines.WEATHER.overland`` / ``.road``); the text gives mud (2 and 2)
[14O3]. The railroad element counts low-volume hexes in halves so that a non-cooperating nation's
high-volume hexes (two for one, or fraction [11E]) stay exact: at most 7 low-volume hexes [11B3a].
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from math import ceil
from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import breadth_first_order, connected_components

from ...layered import Stage, staged_trace
from ...reports import SupplyReport
from ...ruleset import fraction, supply_answer
from ...search import INF, back_of, reversed_costs, units
from . import capacity as cap
from .attrition import checked, elimination_modifier
from .naval import limited_ports, naval_steps, sea_lanes
from .transport import extending

HALF = 2  # counts are kept in half low-volume hexes


def _length(rs, board, weather: str, element: str) -> Fraction:
    given = rs.data["supply"].get(f"{weather}_{element}")
    if given is not None:
        return fraction(given["value"])
    return fraction(
        board.values.cell(
            "supply_lines",
            weather,
            element,
            what=f"the Supply Line Summary's longest {element} element in {weather} weather",
            rule="11B",
        )
    )


def cooperates(rs, a: str, b: str) -> bool:
    """Nations whose rail nets a unit uses without the foreign-net penalty [11E]."""
    if a == b:
        return True
    return any({a, b} == set(pair) for pair in rs.data.get("cooperation", {}).get("pairs", []))


def fortress_supplied(rs, board, side: str) -> dict[str, str]:
    """Units in general supply from an improved fortress [11C2biii]: up to 15 REs of units in the
    fortress hex (the first units listed), unless the fortress is depleted (hex attr) or has ever
    been enemy-owned. Returns unit id → hex."""
    limit = Fraction(rs.data["supply"]["fortress_res"]["value"])
    out: dict[str, str] = {}
    a = board.arrays
    improved = ~np.equal(a.hex_attr("fortress"), None) & np.equal(a.hex_attr("improved"), True)
    for h in (a.ids[i] for i in np.flatnonzero(improved)):
        hs = board.state.hexes.get(h)
        if hs is not None and (hs.attrs.get("depleted") or hs.attrs.get("ever_enemy_owned")):
            continue
        if rs.nets(board).owner[board.idx(h)] != side:
            continue
        used = Fraction(0)
        for u in board.state.units_at(h):
            if u.side == side and used + rs.re_of(u) <= limit:
                used += rs.re_of(u)
                out[u.id] = h
    return out


def blocked_hexes(rs, board, side: str) -> np.ndarray:
    """Hexes no supply line enters [11A]: enemy-occupied/owned; in an enemy ZOC unless a friendly
    unit is there; prohibited terrain."""
    nets = rs.nets(board)
    enemy = rs.other_side(side)
    occupied = board.hexes_holding(board.unit_side == enemy)
    friendly = board.hexes_holding(board.unit_side == side)
    prohibited = _map_cached(board, "grd-prohibited", lambda: _prohibited_terrain(rs, board.arrays))
    return (occupied & np.equal(nets.owner, enemy)) | (rs.zoc(board, enemy) & ~friendly) | prohibited


def _map_cached(board, key: str, build):
    """A map-level array, built once per map on ``board.arrays._side_cache``."""
    cache = board.arrays._side_cache
    if key not in cache:
        cache[key] = build()
    return cache[key]


def _prohibited_terrain(rs, a) -> np.ndarray:
    barred = [t for t, spec in rs.data["terrain"].items() if spec.get("prohibited")]
    return np.isin(a.hex_terrain.astype(str), barred)


def _connected_cities(rs, board, side: str) -> tuple[np.ndarray, np.ndarray]:
    """(major cities owned by ``side`` and never enemy-owned, rail hexes joined by the side's rail
    to two of them) [11C2a]: the same for every nation of the side, so once per position."""
    a = board.arrays
    nets = rs.nets(board)
    mine = nets.friendly(side)
    safe = a.safe_nbr
    edge = nets.rail & mine[:, None] & mine[safe]
    i, d = np.nonzero(edge)
    g = sp.csr_matrix((np.ones(len(i)), (i, safe[i, d])), shape=(a.n, a.n))
    _, labels = connected_components(g, directed=False)
    never = np.ones(a.n, dtype=bool)
    for h, hs in board.state.hexes.items():
        if hs.attrs.get("ever_enemy_owned"):
            never[board.idx(h)] = False  # a city the enemy has owned is no source again [11C2a]
    multi = a.hex_attr("multi_city")
    major = nets.major_city & mine & never
    cities_per_label: dict[int, set] = {}
    for k in np.flatnonzero(major & nets.rail_hex):
        cities_per_label.setdefault(int(labels[k]), set()).add(multi[k] if multi[k] is not None else k)
    good = [lab for lab, cities in cities_per_label.items() if len(cities) >= 2]
    return major, np.isin(labels, good) & nets.rail_hex


def regular_sources(rs, board, side: str, nation: str, only: bool = False) -> np.ndarray:
    """Major cities of the unit's nation owned by its side, never enemy-owned, connected by the
    side's rail to another major city [11C2a], [11E]."""
    a = board.arrays
    major, connected = board.cached(
        ("grd-connected-cities", side), lambda: _connected_cities(rs, board, side)
    )
    names, code = _map_cached(
        board, "grd-nation-codes", lambda: np.unique(a.hex_attr("nation").astype(str), return_inverse=True)
    )
    friends = [
        k
        for k, n in enumerate(names.tolist())
        if n != "None" and (n == nation or not only and cooperates(rs, nation, n))
    ]
    return major & connected & np.isin(code.ravel(), friends)


def _overland_static(rs, board) -> tuple[np.ndarray, ...]:
    """Per hexside, the overland cost by the map alone [11B1]: 1 a hex, 2 for the heavy terrains,
    +1 across the surcharged hexsides, 1 along a road (terrain penalties waived); and the road mask.
    Built once per map."""
    a = board.arrays
    key = ("grd-overland-static", rs.nets(board).heads())
    if key not in a._side_cache:
        sup = rs.data["supply"]
        heavy = np.isin(a.hex_terrain.astype(str), sup["overland_heavy_terrain"])
        hex_cost = np.where(heavy, float(sup["overland_heavy"]["value"]), 1.0)
        surcharge = np.zeros(a.nbr.shape)
        for f in sup["overland_side_plus_one"]:
            surcharge += a.side_feature(f)
        road = rs.nets(board).road_edge
        a._side_cache[key] = (np.where(road, 1.0, hex_cost[a.safe_nbr] + surcharge), road, surcharge)
    return a._side_cache[key][:2]


def _overland_costs(rs, board, side: str, blocked: np.ndarray) -> np.ndarray:
    a = board.arrays
    safe = a.safe_nbr
    base, road = _overland_static(rs, board)
    dev = np.equal(board.location_field("devastated"), True)
    if dev.any():  # a devastated hex counts 2, along a road too [15A8]
        heavy = float(rs.data["supply"]["overland_heavy"]["value"])
        surcharge = a._side_cache[("grd-overland-static", rs.nets(board).heads())][2]
        base = np.where(dev[safe], np.where(road, heavy, heavy + surcharge), base)
    return np.where(a.valid & ~blocked[safe] & ~sea_lanes(a), base * units(1), INF)


def reaches_a_source(nbr: np.ndarray, cost: np.ndarray, sources: np.ndarray) -> np.ndarray:
    """Locations with a path of open steps (finite ``cost``) of any length to one of ``sources``:
    isolation's overland line "of any length" [3G], one breadth-first search over the steps
    turned round from a node joined to every source."""
    n = nbr.shape[0]
    if ((nbr >= 0) & (back_of(nbr) < 0)).any():  # a one-way neighbour: turn the steps round by COO
        i, d = np.nonzero(np.isfinite(cost) & (nbr >= 0))
        src = np.concatenate([nbr[i, d], np.full(len(sources), n)])
        dst = np.concatenate([i, sources])
        g = sp.csr_matrix((np.ones(len(src), dtype=np.int8), (src, dst)), shape=(n + 1, n + 1))
    else:  # every step has its way back: the turned-round steps come in row order, straight into CSR
        j, e = np.nonzero(np.isfinite(reversed_costs(nbr, cost)) & (nbr >= 0))
        cols = np.concatenate([nbr[j, e], sources])
        indptr = np.zeros(n + 2, dtype=np.int64)
        np.cumsum(np.bincount(j, minlength=n + 1), out=indptr[1:])
        indptr[-1] += len(sources)
        g = sp.csr_matrix((np.ones(len(cols), dtype=np.int8), cols, indptr), shape=(n + 1, n + 1))
    out = np.zeros(n + 1, dtype=bool)
    out[breadth_first_order(g, n, directed=True, return_predecessors=False)] = True
    return out[:n]


def low_volume_halves(rs, board, nation: str, all_low: dict[str, bool]) -> np.ndarray:
    """Per rail step, the low-volume hexes it counts for a line of ``nation``, in halves: a
    low-volume hex 2, a non-cooperating nation's high-volume hex 1 [11E], every hex of a net under
    10 REs 2 [11B3a], a devastated hex 4 [15A8]."""
    nets = rs.nets(board)
    low = np.where(nets.low, HALF, 0)
    others = [k for k, n in enumerate(nets.net_nations) if n and not cooperates(rs, nation, n)]
    if others:
        low = np.where(~nets.low & np.isin(nets.nation_code, others), 1, low)
    weak = [k for k, n in enumerate(nets.names) if all_low.get(n)]
    if weak:
        low = np.where(np.isin(nets.net_code, weak), HALF, low)
    dev = np.equal(board.location_field("devastated"), True)
    return np.where(dev[board.arrays.safe_nbr] & nets.rail, 2 * HALF, low).astype(np.int64)


def gsp_caps(rs, board, side: str) -> dict[str, dict[str, Any]]:
    """GSPs each operational depot of ``side`` may generate [11C2bii], by the quality of its best
    railroad/naval element to a regular source: the low-volume hexes of its rail (§10 #5: traced
    without the 7-hex cap: none 16, up to 7 → 8, 8 to 14 → 4, 15 or more → 1) and the ports of its
    naval sub-elements (major and great 16, standard 8, minor 4, marginal 1), the worse of the two;
    a depot with no such line generates none."""
    a = board.arrays
    nets = rs.nets(board)
    tiers = rs.data["gsp_tiers"]
    mine = nets.friendly(side)
    blocked = blocked_hexes(rs, board, side)
    rail_ok = nets.rail & mine[:, None] & mine[a.safe_nbr] & ~blocked[a.safe_nbr]
    sea = naval_steps(rs, board, side, blocked)
    ports = tiers["ports"]
    size = a.hex_attr("port")
    quality = np.array([int(ports.get(str(x), 0)) if x is not None else 0 for x in size])
    lane_quality = np.minimum(quality[:, None], quality[a.safe_nbr])
    # one trace per least port quality allowed (no ports at all first)
    classes = (
        [(None, rail_ok)]
        + [(q, rail_ok | (sea & (lane_quality >= q))) for q in sorted(set(ports.values()), reverse=True)]
        if sea.any()
        else [(None, rail_ok)]
    )
    threshold = fraction(rs.data["capacity"]["supply_low_volume_below"]["value"])
    ledger = rs.rail_ledger(board)
    all_low = {n: cap.low_volume_for_supply(ledger, cap.pool_of(side, n), threshold) for n in nets.names}
    top = int(tiers["most_low_volume"]["value"])
    by_nation: dict[str, list[tuple[str, int]]] = {}
    for h, hs in sorted(board.state.hexes.items()):
        i = board.idx(h)
        if hs.fields.get("depot") == "operational" and mine[i]:
            by_nation.setdefault(str(a.hex_attr("nation")[i]), []).append((h, i))

    def by_low_volume(whole: int) -> int:
        return next(int(t["gsps"]) for t in tiers["tiers"] if whole <= int(t["up_to"]))

    out: dict[str, dict[str, Any]] = {}
    for nation, depots in by_nation.items():
        starts = np.flatnonzero(regular_sources(rs, board, side, nation))
        low = low_volume_halves(rs, board, nation, all_low)
        best: dict[str, dict[str, Any]] = {}
        for q, ok in classes:
            steps = np.where(ok, 1.0, INF)
            counted = staged_trace(
                a.nbr, [Stage("railroad", steps, INF, low, top * HALF)], starts, reverse=True
            )
            anyhow = staged_trace(a.nbr, [Stage("railroad", steps)], starts, reverse=True)
            for h, i in depots:
                if np.isfinite(counted.dist[0][i]):
                    whole = ceil(Fraction(int(counted.count[0][i]), HALF))
                elif np.isfinite(anyhow.dist[0][i]):
                    whole = top + 1
                else:
                    continue
                gsps = by_low_volume(whole) if q is None else min(by_low_volume(whole), q)
                if h not in best or gsps > best[h]["gsps"]:
                    best[h] = {"low_volume": whole, "gsps": gsps, "rule": "11C2bii"}
                    if q is not None:
                        best[h]["port_gsps"] = q
        for h, _ in depots:
            out[h] = best.get(h, {"low_volume": None, "gsps": 0, "rule": "11C2bii"})
    return out


def supply_report(rs, board, side: str) -> SupplyReport:
    a = board.arrays
    nets = rs.nets(board)
    safe = a.safe_nbr
    blocked = blocked_hexes(rs, board, side)
    mine = nets.friendly(side)
    ledger = rs.rail_ledger(board)  # the capacity at the start of the player turn [11B3a]
    threshold = fraction(rs.data["capacity"]["supply_low_volume_below"]["value"])
    all_low = {
        net: cap.low_volume_for_supply(ledger, cap.pool_of(side, net), threshold) for net in nets.names
    }
    overland = _overland_costs(rs, board, side, blocked)
    road_edge = nets.road_edge
    dev = np.equal(board.location_field("devastated"), True)
    road = np.where(
        road_edge & mine[:, None] & mine[safe] & ~blocked[safe] & ~sea_lanes(a),
        np.where(dev, 2.0, 1.0)[safe] * units(1),
        INF,
    )
    rail_ok = nets.rail & mine[:, None] & mine[safe] & ~blocked[safe]
    sea = naval_steps(rs, board, side, blocked)  # naval sub-elements, port to port [11B3b]
    rail = np.where(rail_ok | sea, 1.0, INF)
    ports = limited_ports(rs, board, sea) if sea.any() else []
    depots = np.zeros(board.n, dtype=bool)
    for h, hs in board.state.hexes.items():
        if hs.fields.get("depot") == "operational" and mine[board.idx(h)]:
            depots[board.idx(h)] = True
    weather = _weather(board)
    ext = extending(rs, board, side)  # transport units in supply line mode [14O3]
    max_lv = int(rs.data["supply"]["max_low_volume"]["value"])
    all_units = board.state.units
    unit_hex = board.unit_hex
    weather_at = weather[unit_hex].tolist()
    groups: dict[tuple[str, str], list] = {}  # (nation, weather) → indices of the side's units
    for k, u in enumerate(all_units):
        if u.side == side:
            groups.setdefault((u.nation, weather_at[k]), []).append(k)
    hq_class = {c: bool(rs.unit_class(c).get("hq")) for c in {u.cls for u in all_units}}  # once per class
    is_hq = np.fromiter((hq_class[u.cls] for u in all_units), bool, len(all_units))
    unit_nation = np.array([u.nation for u in all_units], dtype=object)
    out = []
    fortress = fortress_supplied(rs, board, side)
    claimed: dict[int, int] = {}  # depot → the one Army HQs tracing to it [11B2]
    borrowed: dict[tuple[str, str], Fraction] = {}  # (power, other power) → REs [15E2]
    for (nation, w), indices in sorted(groups.items()):
        members = [all_units[k] for k in indices]
        sources = regular_sources(rs, board, side, nation)
        hqs = board.hexes_holding(is_hq & (board.unit_side == side) & (unit_nation == nation))
        low = low_volume_halves(rs, board, nation, all_low)
        max_low = max_lv * HALF
        if not (low % HALF).any():  # no lone foreign high-volume hex: count whole hexes (fewer layers)
            low, max_low = low // HALF, max_lv

        def stages_with(rail, low=low, max_low=max_low, sources=sources, hqs=hqs, w=w, depots=depots):
            return [
                Stage("railroad", rail, INF, low, max_low, "11B3a", begins_at=sources),
                _extended("road", road, _length(rs, board, w, "road"), "11B2", depots | sources, rs, ext, a),
                _extended(
                    "overland", overland, _length(rs, board, w, "overland"), "11B1", hqs | sources, rs, ext, a
                ),
            ]

        trace = staged_trace(a.nbr, stages_with(rail), np.flatnonzero(sources), reverse=True)
        hqs_now = _one_hq_per_depot(board, trace, stages_with, rail, sources, hqs, depots, claimed)
        if (hqs_now != hqs).any():
            stages_with = partial(stages_with, hqs=hqs_now)
            trace = staged_trace(a.nbr, stages_with(rail), np.flatnonzero(sources), reverse=True)
        over = _over_port_throughput(rs, board, trace, ports, members, stages_with, rail, sources)
        connected = reaches_a_source(a.nbr, overland, np.flatnonzero(sources))
        respts = board.marker("res_pt") & ~blocked
        special = (
            staged_trace(
                a.nbr,
                [Stage("overland", overland, units(_length(rs, board, w, "overland")))],
                np.flatnonzero(respts),
                reverse=True,
            )
            if respts.any()
            else None
        )
        reached = trace.reached()
        at = unit_hex[indices]
        shared = _shared_sources(
            rs,
            board,
            side,
            nation,
            members,
            reached[at],
            stages_with,
            rail,
            borrowed,
            (hqs_now, depots, claimed),
        )
        special_reached = special.reached() if special is not None else None
        # per member, as Python values (one numpy lookup per array, not per unit)
        connected_at, reached_at, source_at = (
            connected[at].tolist(),
            reached[at].tolist(),
            trace.source[-1][at].tolist(),
        )
        special_at = special_reached[at].tolist() if special_reached is not None else None
        for k, u in enumerate(members):
            entry: dict[str, Any] = {"unit": u.id, "hex": u.hex, "rules": ["11B"]}
            isolated = not connected_at[k]
            age = int(u.attr("turns_out_of_supply", 0) or 0)
            if u.id in shared:
                entry["status"] = "in general supply"
                entry["source_nation"] = shared[u.id]
                entry["rules"].append("15E2")
            elif reached_at[k] and u.id in over:
                entry["status"] = "out of general supply"
                entry["supply_age"] = f"U-{age + 1}"
                entry["rules"] += ["11B3b", "11F"]
                entry["port_full"] = over[u.id]
            elif reached_at[k]:
                entry["status"] = "in general supply"
                entry["source"] = a.ids[source_at[k]]
            elif special_at is not None and special_at[k]:
                entry["status"] = "in general supply (special: Res Pt)"
                entry["rules"].append("11C2b")
                entry["supply_age"] = f"U-{age}" if age else None
            elif u.id in fortress:
                entry["status"] = "in general supply (special: improved fortress)"
                entry["rules"].append("11C2biii")
                entry["supply_age"] = f"U-{age}" if age else None
            else:
                entry["status"] = "out of general supply"
                entry["supply_age"] = f"U-{age + 1}"
                entry["rules"].append("11F")
            entry["isolated"] = isolated
            if isolated:
                entry["rules"].append("3G")
            if entry["status"] == "out of general supply" and checked(age + 1, isolated):
                entry["elimination_check"] = {
                    "modifier": elimination_modifier(rs, board, u),
                    "table": "Ground Success Table",
                    "rule": "11F3",
                }
            out.append(entry)
    return supply_answer(side, out, all_low_volume_nets=sorted(n for n, f in all_low.items() if f))


def _shared_sources(
    rs, board, side, nation, members, reached_at, stages_with, rail, borrowed, claims
) -> dict[str, str]:
    """Units of a great/major power out of supply by their own sources that may use another
    great/major power's on their side: up to 15 REs of each power's units at each other power's
    sources [15E2], taken in the position's order (``reached_at``: per member, in supply by its
    own). Their Army HQs still keep to one depot each [11B2]: a depot another Army HQs has claimed
    is not theirs, and a depot they trace to is claimed (``claims``: the HQ hexes, the depots, the
    claims so far). HQs already holding a depot by their own sources serve no waiting unit and
    take no second one. Returns unit id → the other power."""
    powers = rs.data["powers"]["great_major"]
    if nation not in powers:
        return {}
    limit = Fraction(rs.data["powers"]["share_res"]["value"])
    waiting = [u for u, ok in zip(members, reached_at.tolist(), strict=True) if not ok]
    out: dict[str, str] = {}
    for other in powers:
        if other == nation or not waiting or rs.data["nations"].get(other) != side:
            continue
        theirs = board.cached(
            ("grd-own-sources", side, other), lambda o=other: regular_sources(rs, board, side, o, only=True)
        )
        if not theirs.any():
            continue
        hqs, depots, claimed = claims
        free_hqs = hqs.copy()
        free_hqs[list(claimed.values())] = False
        stages = partial(stages_with, sources=theirs, hqs=free_hqs)
        trace = staged_trace(board.arrays.nbr, stages(rail), np.flatnonzero(theirs), reverse=True)
        keep = _one_hq_per_depot(board, trace, stages, rail, theirs, free_hqs, depots, claimed)
        if (keep != free_hqs).any():
            stages = partial(stages_with, sources=theirs, hqs=keep)
            trace = staged_trace(board.arrays.nbr, stages(rail), np.flatnonzero(theirs), reverse=True)
        got = trace.reached()
        for u in list(waiting):
            used = borrowed.get((nation, other), Fraction(0))
            if got[board.idx(u.hex)] and used + rs.re_of(u) <= limit:
                borrowed[(nation, other)] = used + rs.re_of(u)
                out[u.id] = other
                waiting.remove(u)
    return out


def _road_start(trace, h: int, n: int) -> int:
    """The hex the road element of the line reaching ``h`` began at (a depot or a source)."""
    layer = max(int(trace.count[1][h]), 0)
    return int(trace.began[1][layer * n + h]) % n


def _one_hq_per_depot(board, trace, stages_with, rail, sources, hqs, depots, claimed) -> np.ndarray:
    """The Army HQs that keep a road element, at most one to each depot [11B2]. The player says
    which depot each HQ traces to, so the HQs are given depots as many as can be: a maximum
    matching of HQs to the depots each reaches, built in the order the position lists them (an HQ
    listed earlier keeps a depot whenever some matching gives it one). An HQ whose road element
    reaches a source needs no depot; a depot ``claimed`` by an earlier nation's HQ is taken.
    Returns the HQ hexes that may begin overland elements; ``claimed`` gains this nation's depots."""
    a = board.arrays
    n = a.n
    keep = hqs.copy()
    road_reached = np.isfinite(trace.dist[1])
    order = [h for h in dict.fromkeys(board.unit_hex.tolist()) if hqs[h] and road_reached[h]]
    wants: dict[int, int] = {}  # HQ hex -> the depot its shortest line uses
    for h in order:
        start = _road_start(trace, h, n)
        if depots[start] and not sources[start]:
            wants[h] = start
    used = list(wants.values())
    if len(set(used)) == len(used) and not any(d in claimed and claimed[d] != h for h, d in wants.items()):
        claimed.update({d: h for h, d in wants.items()})
        return keep

    def road_reach(mask: np.ndarray) -> np.ndarray:
        t = staged_trace(a.nbr, stages_with(rail, depots=mask), np.flatnonzero(sources), reverse=True)
        return np.isfinite(t.dist[1])

    none = np.zeros(n, dtype=bool)
    by_source = road_reach(none)
    free = [int(d) for d in np.flatnonzero(depots & ~sources) if int(d) not in claimed]
    reaches: dict[int, list[int]] = {}
    for d in free:
        only = none.copy()
        only[d] = True
        r = road_reach(only)
        for h in wants:
            if r[h] and not by_source[h]:
                reaches.setdefault(h, []).append(d)
    match: dict[int, int] = {}  # depot -> HQ hex

    def augment(h: int, seen: set[int]) -> bool:
        for d in reaches.get(h, ()):
            if d in seen:
                continue
            seen.add(d)
            if d not in match or augment(match[d], seen):
                match[d] = h
                return True
        return False

    for h in wants:
        if not by_source[h] and not augment(h, set()):
            keep[h] = False
    claimed.update(match)
    return keep


def _extended(name, cost, length, rule, begins_at, rs, ext, a) -> Stage:
    """An overland or road element, longer by 1 hex when traced into or through a hex with a
    transport unit in supply line mode, by 2 with three or more such units [14O3]."""
    if not ext.any():
        return Stage(name, cost, units(length), rule=rule, begins_at=begins_at)
    from .transport import element_limits

    limits = tuple(float(units(x)) for x in element_limits(length, rs))
    counts = np.where(np.isfinite(cost), ext[a.safe_nbr], 0)
    return Stage(
        name,
        cost,
        max(limits),
        counts,
        len(limits) - 1,
        rule,
        begins_at,
        saturate=True,
        limits_by_count=limits,
    )


def _over_port_throughput(rs, board, trace, ports, members, stages_with, rail, sources) -> dict[str, str]:
    """Units whose only supply lines pass a port already carrying its throughput [11B3b]: per
    port, the units the line loses without that port's sea lanes count their REs against it, in
    the order the position lists them; those beyond its throughput are unit id → the port."""
    if not ports:
        return {}
    a = board.arrays
    reached = trace.reached()
    out: dict[str, str] = {}
    for port, limit in ports:
        cut = rail.copy()
        lane = sea_lanes(a)
        cut[port, :] = np.where(lane[port], INF, cut[port, :])
        cut[(a.safe_nbr == port) & lane] = INF
        without = staged_trace(a.nbr, stages_with(cut), np.flatnonzero(sources), reverse=True).reached()
        used = Fraction(0)
        for u in members:
            i = board.idx(u.hex)
            if not reached[i] or without[i] or u.id in out:
                continue
            if used + rs.re_of(u) > limit:
                out[u.id] = a.ids[port]
            else:
                used += rs.re_of(u)
    return out


def _weather(board) -> np.ndarray:
    from .terrain import weather_of_hexes

    return weather_of_hexes(board)

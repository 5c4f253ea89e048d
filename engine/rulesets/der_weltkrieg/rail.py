"""Der Weltkrieg rail movement and rail capacity (R7, R8, R9, R37-R49; spec §4.3, §5).

A rail move entrains at the first hex of the path (1 MP, R7-3, nothing if already entrained, R7-11),
runs along rail hexsides at 1/10 or 1/6 MP each (R7-5), and detrains at ``detrain`` (default: the
last hex reached along rail hexsides); the MP then round up (R7-7, Fig 4) and the unit may go on
overland. Each country whose network the move enters or leaves is charged the unit's rail
equivalent against its capacity in divisions (R8-1, R8-4, R8-8); single-track hexsides take one
unit per Movement Phase, two on the German network (R7-9, R37-5).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ....errors import InputError
from ...board import Board
from ...ledger import Ledger
from ...movement import Reach, walk
from ...ruleset import fraction
from ...search import INF, MP_UNIT, EdgeCosts, mp, path_to, search, search_from_costs, units
from ...state import Unit
from ...verdict import Reason, Step, Verdict
from .protocol import DwHooks


def network(rs: DwHooks, board: Board) -> np.ndarray:
    """Country whose rail network each hex belongs to (state "network" > map "rail_network" >
    map "country"); conquered lines belong to the country that repaired them (R8-5, R9-5)."""
    codes, names = network_codes(rs, board)
    return np.array(names, dtype=object)[codes]


def network_codes(rs: DwHooks, board: Board) -> tuple[np.ndarray, list]:
    """:func:`network` as integer codes into a list of country names (None = no network)."""

    def base():
        arrays = board.arrays
        out = arrays.hex_attr("rail_network").copy()
        out = np.where(np.equal(out, None), arrays.hex_attr("country"), out)
        names = [None, *sorted({n for n in out.tolist() if n is not None})]
        lookup = {n: k for k, n in enumerate(names)}
        return np.array([lookup[n] for n in out.tolist()], dtype=np.int32), names

    def build():
        key = ("dw-net-base", rs.id)
        if key not in board.arrays._side_cache:
            board.arrays._side_cache[key] = base()
        codes, names = board.arrays._side_cache[key]
        overrides = {h: hs.attrs["network"] for h, hs in board.state.hexes.items() if "network" in hs.attrs}
        if overrides:
            codes, names = codes.copy(), list(names)
            for h, n in overrides.items():
                if n not in names:
                    names.append(n)
                codes[board.idx(h)] = names.index(n)
        return codes, names

    return board.cached("dw-network", build)


def friendly_rail(rs: DwHooks, board: Board, side: str) -> np.ndarray:
    """Operative rail hexes of a network the side controls (R7-2, R9-1)."""

    def build():
        codes, names = network_codes(rs, board)
        lut = np.array([n is not None and rs.side_of_nation(n) == side for n in names])
        return rs.operative_rail_hex(board) & lut[codes]

    return board.cached(("dw-friendly-rail", side), build)


def rail_equivalent(rs: DwHooks, board: Board, unit: Unit) -> Fraction:
    """Divisions of rail capacity a unit uses (R8-1, R8-6, R8-8, R18-4, R29-8, R49-1)."""
    klass = rs.klass(unit)
    if klass.get("hq"):
        sup = int(unit.attr("supply_points", 0))
        return Fraction(1 + math.ceil(max(0, sup - 10) / 10))  # R8-8, R18-4
    if unit.cls == "supply_marker":
        sup = int(unit.attr("supply_points", 0))
        if rs.option(board.state, "supply_marker_rail_equivalent") == "one-division":
            return Fraction(1)  # R18-8
        return Fraction(max(1, math.ceil(sup / 10)))  # R8-7 [spec §10 #11]
    if unit.nation == "usa" and unit.cls in ("infantry", "marine") and unit.size == "division":
        return Fraction(2)  # R49-1
    return fraction(klass.get("rail_equivalent", 1))


def capacity_table(rs: DwHooks, board: Board) -> dict[str, tuple[Fraction, str]]:
    """Rail capacity per country: the rulebook's values, overridden by the scenario (R8-2)."""
    cap = {
        k: (Fraction(v["value"]), v["rule"])
        for k, v in rs.data["rail_capacity"].items()
        if isinstance(v, dict)
    }
    for k, v in (board.state.extra.get("rail_capacity") or {}).items():
        cap[k] = (Fraction(v), "scenario (R8-2)")
    return cap


def rail_ledger(rs: DwHooks, board: Board) -> Ledger:
    return Ledger.of(board.state, "rail", capacity_table(rs, board))


def single_track_ledger(rs: DwHooks, board: Board) -> Ledger:
    return Ledger.of(board.state, "single_track", {})


def _side_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def rail_costs(rs: DwHooks, board: Board, unit: Unit) -> EdgeCosts:
    """Cost of every rail step for ``unit`` (R7-5, R7-6, R7-9, R8-1, R9-1, R37-3, R37-5)."""
    ta = rs.terrain_arrays(board)
    shape = board.nbr.shape
    k = EdgeCosts.start(shape)
    k.forbid(board.nbr < 0, "R6-6", "off the map")
    k.forbid(ta["track_code"] == 0, "R7-5", "no rail line crosses this hexside")
    k.forbid(
        ~rs.dest(board, friendly_rail(rs, board, unit.side)),
        "R7-2; R9-1",
        "the hex entered is not an Operative rail hex of a friendly network",
    )
    rate = fraction(rs.klass(unit).get("rail_rate", "1/6"))
    if unit.cls == "assault" and rs.option(board.state, "assault_rail_rate") == "other":
        rate = fraction("1/6")  # spec §10 #15: assault units as "all other units" (R7-5)
    k.add("rail hexside", np.full(shape, units(rate)), "R7-5")

    ezoc = rs.enemy_zoc(board, unit.side)
    if rs.nation_rule("detrain_in_russian_zoc", unit):  # R37-3: may detrain in Russian ZOC only
        only = rs.data["nation_rules"]["detrain_in_russian_zoc"]["zoc_of"]
        non_russian = rs.zoc_of(
            board,
            board.unit_flags(
                ("not-russian-enemy-of", unit.side), lambda u: u.side != unit.side and u.nation != only
            ),
        )
        russian_only = ezoc & ~non_russian
        k.forbid(
            rs.dest(board, ezoc & ~russian_only),
            "R7-6",
            "rail movement may not enter an enemy ZOC hex",
        )
        k.add("enter enemy ZOC", units(1) * rs.dest(board, russian_only), "R37-3; R10-7")
        start = board.idx(unit.hex)
        leaving = russian_only.copy()
        leaving[start] = False
        k.forbid(
            np.broadcast_to(leaving[:, None], shape),
            "R37-3",
            "a German unit detraining in Russian ZOC must stop there",
        )
    else:
        k.forbid(rs.dest(board, ezoc), "R7-6", "rail movement may not enter an enemy ZOC hex")

    # single track: one unit per hexside and Movement Phase, two on the German network
    st = single_track_ledger(rs, board)
    net = network(rs, board)
    single = np.argwhere(ta["track_code"] == 2)
    for i, d in single:
        j = board.nbr[i, d]
        if j < 0:
            continue
        key = _side_key(board.arrays.ids[i], board.arrays.ids[j])
        german = net[i] == unit.nation == net[j] and rs.nation_rule("double_single_track", unit)
        limit = rs.data["single_track"]["german_units_per_phase" if german else "units_per_phase"]
        if len(st.entries.get(key, ())) >= limit:
            mask = np.zeros(shape, dtype=bool)
            mask[i, d] = True
            k.forbid(
                mask,
                "R37-5" if german else "R7-9",
                f"the single-track hexside already carried {limit} unit(s) this phase",
            )

    # capacity: no entering a network whose country has no capacity left (R8-1, R8-4)
    ledger = rail_ledger(rs, board)
    eq = rail_equivalent(rs, board, unit)
    for country in sorted({c for c in net if c}):
        left = ledger.remaining(country)
        if left is not None and left < eq and not ledger.used_by(country, unit.id):
            k.forbid(
                rs.dest(board, net == country),
                "R8-1; R8-4",
                f"{country} rail capacity: {ledger.spent(country)} of "
                f"{ledger.capacity[country][0]} divisions already used this turn; this "
                f"unit needs {eq}",
            )
    return k


def _entrain_problem(rs: DwHooks, board: Board, unit: Unit) -> Reason | None:
    start = board.idx(unit.hex)
    if not friendly_rail(rs, board, unit.side)[start]:
        return Reason(
            "R7-2; R9-1",
            f"{unit.hex} is not an Operative rail hex of a friendly network: the unit cannot entrain there",
        )
    if rs.enemy_zoc(board, unit.side)[start] and not rs.nation_rule("entrain_in_zoc", unit):
        return Reason("R7-4", "only German units may entrain in an enemy ZOC hex")
    return None


def _charge(rs: DwHooks, board: Board, unit: Unit, rail_path: list[str]) -> tuple[Reason | None, dict]:
    """Charge the move's rail capacity and single-track slots; the reason if it cannot be paid."""
    net = network(rs, board)
    countries = []
    for h in rail_path if rs.option(board.state, "count_every_network") else rail_path[:1]:
        c = net[board.idx(h)]
        if c and c not in countries:
            countries.append(c)
    ledger = rail_ledger(rs, board)
    eq = rail_equivalent(rs, board, unit)
    for c in countries:
        left = ledger.remaining(c)
        if left is None:
            raise InputError(
                f"the rulebook gives no rail capacity for {c} (R8-2: a scenario parameter); "
                f'add "rail_capacity": {{"{c}": N}} to the state file'
            )
        if ledger.used_by(c, unit.id):
            continue
        if left < eq:
            return Reason(
                rs.data["rail_capacity"].get(c, {}).get("rule", "R8-1") + "; R8-1",
                f"{c} rail capacity: {ledger.spent(c)} of {ledger.capacity[c][0]} "
                f"divisions already used this turn; this unit needs {eq}",
            ), {}
        ledger = ledger.spend(c, unit.id, eq, f"rail {rail_path[0]} -> {rail_path[-1]}", "R8-1")
    st = single_track_ledger(rs, board)
    ta = rs.terrain_arrays(board)
    for a, b in zip(rail_path, rail_path[1:], strict=False):
        i, d = board.arrays.edge_slot(a, b)
        if ta["track"][i, d] == "single":
            st = st.spend(_side_key(a, b), unit.id, Fraction(1), "single track", "R7-9")
    return None, {"rail": ledger.to_state(), "single_track": st.to_state()}


def _default_detrain(rs: DwHooks, board: Board, path: list[str]) -> int:
    ta = rs.terrain_arrays(board)
    k = 0
    for a, b in zip(path, path[1:], strict=False):
        slot = board.arrays.edge_slot(a, b)
        if slot is None or ta["track"][slot] is None:
            break
        k += 1
    return k


def judge_rail_move(rs: DwHooks, board: Board, unit: Unit, path: list[str], detrain: str | None) -> Verdict:
    problem = rs.move_problem(board.state, unit, "rail") or _entrain_problem(rs, board, unit)
    if problem:
        return Verdict(False, Fraction(0), (), (problem,))
    if detrain is None:
        k = _default_detrain(rs, board, path)
    elif detrain in path:
        k = path.index(detrain)
    else:
        return Verdict(False, Fraction(0), (), (Reason("R7-7", f"detrain hex {detrain} is not on the path"),))
    rail_path, ground_path = path[: k + 1], path[k:]
    entrain = Fraction(0) if unit.attr("entrained") else Fraction(rs.data["movement"]["entrain_mp"])
    before = rs.spent_before(unit)
    entrain_step = Step(unit.hex, unit.hex, entrain, entrain, (("entrain", entrain, "R7-3"),), "rail")
    w = walk(board, rail_costs(rs, board, unit), rail_path, "R7-5", "rail", units(entrain))
    steps = [entrain_step, *w.steps]
    if w.failure:
        return Verdict(False, mp(w.spent), tuple(steps), (w.failure,))
    if unit.movement == "RR" and len(rail_path) - 1 > 20:
        return Verdict(
            False,
            mp(w.spent),
            tuple(steps),
            (
                Reason(
                    "R6-12",
                    f"a rail-bound unit moves at most 20 hexes per turn ({len(rail_path) - 1})",
                ),
            ),
        )
    ma = Fraction(10**6) if unit.movement == "RR" else rs.movement_allowance(unit, "rail")
    rail_mp = mp(w.spent)
    if before + rail_mp > ma:
        return Verdict(
            False,
            rail_mp,
            tuple(steps),
            (Reason("R7-5", f"rail movement costs {rail_mp} MP, more than the {ma - before} MP left"),),
        )
    why, ledgers = _charge(rs, board, unit, rail_path)
    if why:
        return Verdict(False, rail_mp, tuple(steps), (why,))
    spent = Fraction(math.ceil(rail_mp))  # R7-7: unused fractions are lost (Fig 4)
    if len(ground_path) > 1:
        g = walk(
            board,
            rs.ground_costs(board, unit, "ground", after_rail=True),
            ground_path,
            rs.adjacency_rule,
            "ground",
            units(spent),
        )
        steps += g.steps
        if g.failure:
            return Verdict(False, mp(g.spent), tuple(steps), (g.failure,))
        spent = mp(g.spent)
        if before + spent > ma:
            over = next(s for s in g.steps if before + s.total > ma)
            return Verdict(
                False,
                spent,
                tuple(steps),
                (
                    Reason(
                        "R6-3",
                        f"{over.frm} -> {over.to}: {before + over.total} MP exceeds the movement "
                        f"allowance of {ma}",
                    ),
                ),
            )
    return Verdict(
        True,
        spent,
        tuple(steps),
        (),
        extra={
            "rail_mp": float(rail_mp),
            "detrain": rail_path[-1],
            "ledgers": ledgers,
            "rail_equivalent": float(rail_equivalent(rs, board, unit)),
        },
    )


class RailReach(Reach):
    """Reach by rail then overland; ``detrain_of`` tells where a path leaves the train."""

    def __init__(self, dist, pred, start, ground_pred, by_ground):
        super().__init__(dist, pred, start)
        self.ground_pred = ground_pred
        self.by_ground = by_ground

    def path(self, target: int) -> list[int]:
        if not self.by_ground[target]:
            return path_to(self.pred, target)
        ground = path_to(self.ground_pred, target)
        return path_to(self.pred, ground[0])[:-1] + ground

    def detrain_of(self, target: int) -> int:
        return path_to(self.ground_pred, target)[0] if self.by_ground[target] else target

    def extras(self, target: int, ids: list[str]) -> dict:
        return {"detrain": ids[self.detrain_of(target)]}


def rail_reach(rs: DwHooks, board: Board, unit: Unit) -> RailReach:
    start = board.idx(unit.hex)
    n = board.n
    none = RailReach(
        np.where(np.arange(n) == start, 0.0, INF),
        np.full(n, -9999),
        start,
        np.full(n, -9999),
        np.zeros(n, dtype=bool),
    )
    if _entrain_problem(rs, board, unit):
        return none
    entrain = 0 if unit.attr("entrained") else units(rs.data["movement"]["entrain_mp"])
    ma = units(rs.movement_allowance(unit, "rail") - rs.spent_before(unit))
    if unit.movement == "RR":
        ma = INF
    costs = rail_costs(rs, board, unit)
    dist, pred = search(board.nbr, costs.cost, start, limit=max(ma - entrain, 0))
    dist = dist + entrain
    if unit.movement == "RR":  # R6-12: 20 hexes per turn
        hops = search(board.nbr, np.where(np.isfinite(costs.cost), 1.0, INF), start, limit=20)[0]
        dist = np.where(np.isfinite(hops), dist, INF)
        return RailReach(dist, pred, start, np.full(n, -9999), np.zeros(n, dtype=bool))
    detrain_cost = np.ceil(dist / MP_UNIT) * MP_UNIT  # R7-7
    detrain_cost[detrain_cost > ma] = INF
    ground = rs.ground_costs(board, unit, "ground", after_rail=True)
    gdist, gpred = search_from_costs(board.nbr, ground.cost, detrain_cost, limit=ma)
    by_ground = gdist < detrain_cost
    final = np.where(by_ground, gdist, detrain_cost)
    return RailReach(final, pred, start, gpred, by_ground)


def judge_repair_move(rs: DwHooks, board: Board, unit: Unit, path: list[str]) -> Verdict:
    """Engineer repair (R9-5...R9-13): an engineer that began the phase on an Operative rail hex of
    its own nation's network moves overland along the rail line; each Inoperative rail hex it
    enters becomes Operative and joins that network; railheads mark the newly repaired hexes. A
    hex of another gauge is converted (R9-11, April-October on odd turns) only as the one hex the
    engineer enters and stops in, its entire allowance expended (R9-12, R9-13); it takes the
    network's gauge (the changes set the hex's ``gauge``)."""
    if unit.cls != "engineer":
        return Verdict(False, Fraction(0), (), (Reason("R9-5", "only engineers repair rail"),))
    start = board.idx(unit.hex)
    net = network(rs, board)
    if not rs.operative_rail_hex(board)[start] or net[start] != unit.nation:
        return Verdict(
            False,
            Fraction(0),
            (),
            (
                Reason(
                    "R9-5; R9-6",
                    f"{unit.id} must begin the phase on an Operative rail hex of the "
                    f"{unit.nation} network to repair",
                ),
            ),
        )
    ta = rs.terrain_arrays(board)
    ezoc = rs.enemy_zoc(board, unit.side)
    status = board.location_field("rail")
    # spec §10 #19: an Operative enemy-network hex on the path is passed through (the text converts
    # only Inoperative lines), or converted to the engineer's network (option "convert")
    convert = rs.option(board.state, "repair_enemy_operative") == "convert"
    operative = rs.operative_rail_hex(board) if convert else None
    repaired: list[str] = []
    converted: list[str] = []
    for a, b in zip(path, path[1:], strict=False):
        slot = board.arrays.edge_slot(a, b)
        if slot is None or ta["track"][slot] is None:
            return Verdict(
                False,
                Fraction(0),
                (),
                (Reason("R9-5", f"{a} -> {b}: repair moves follow the path of the rail line"),),
            )
        j = board.idx(b)
        if ezoc[j] and not board.marker("trench")[j]:
            return Verdict(
                False,
                Fraction(0),
                (),
                (Reason("R9-8", f"{b}: an engineer may not voluntarily enter enemy ZOC to repair"),),
            )
        enemy_line = (
            convert
            and bool(operative[j])
            and net[j] is not None
            and rs.side_of_nation(net[j]) not in (None, unit.side)
        )
        if status[j] == "inoperative" or enemy_line:
            if _gauge(board, j) != _gauge(board, start):
                if not _gauge_conversion_allowed(board):
                    return Verdict(
                        False,
                        Fraction(0),
                        (),
                        (Reason("R9-11", "gauge conversion only April-October on odd turns"),),
                    )
                why = _conversion_problem(rs, unit, path, b)
                if why is not None:
                    return Verdict(False, Fraction(0), (), (why,))
                converted.append(b)
            repaired.append(b)
    v = rs.judge_ground(board, unit, path, "ground")
    if not v.legal:
        return v
    extra = {
        "repaired": repaired,
        "network": unit.nation,
        "railheads": repaired[-2:][::-1],
        "rule": "R9-5; R9-10",
    }
    mp = v.mp
    if converted:  # R9-12: the engineer's entire movement allowance is expended in the hex
        mp = rs.movement_allowance(unit, "ground")
        extra = {**extra, "converted": converted, "gauge": _gauge(board, start), "rule": "R9-5; R9-11; R9-12"}
    return Verdict(True, mp, v.steps, v.reasons, extra=extra)


def _conversion_problem(rs: DwHooks, unit: Unit, path: list[str], hex_id: str) -> Reason | None:
    """R9-12, R9-13: an engineer converting a rail line to its network's gauge expends its entire
    movement allowance in the hex converted: it enters that hex first, with no MP spent before the
    phase's move, and stops there; a network is lengthened by one hex along a line."""
    if rs.spent_before(unit) > 0:
        return Reason(
            "R9-12", f"{unit.id} has spent MP this phase: converting {hex_id} takes its entire allowance"
        )
    if path[1] != hex_id:
        return Reason(
            "R9-12",
            f"{unit.id} spends its entire allowance in {hex_id}: it converts only the hex it enters first",
        )
    if path[-1] != hex_id:
        return Reason(
            "R9-12; R9-13",
            f"{unit.id} stops in {hex_id}, whose gauge it converts: the network is lengthened by one hex",
        )
    return None


def _gauge(board: Board, i: int) -> str:
    attrs = board.state.hex(board.arrays.ids[i]).attrs
    return attrs.get("gauge") or board.arrays.hex_attr("gauge")[i] or "standard"


def _gauge_conversion_allowed(board: Board) -> bool:
    """R9-11: April to October, odd turns."""
    month = board.state.extra.get("month")
    return month is not None and 4 <= month <= 10 and board.state.turn % 2 == 1

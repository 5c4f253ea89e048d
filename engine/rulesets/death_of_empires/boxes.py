"""Headquarters Holding Boxes (2.66, 3.16-3.19) and Line of Communications Boxes (2.75).

Both are boxes of the map's location graph. An HQ Holding Box names its HQ unit (``attrs.host``):
its units are stacked in the HQ's hex, share its facing and mode, and with it make one formation for
stacking and combat (2.66, 3.17.A); they travel with the HQ, leave the box onto the HQ's hex and
enter it from there (the core, :mod:`railhead.engine.holding`). A LOC Box names its army
(``attrs.loc_of``): a unit enters it from the hex of its army's Main Depot or Army Supply unit at the
beginning of a March Segment, and is placed from it onto any hex of the army's LOC during a friendly
March or Counter-March Segment, or at once when an enemy unit moves next to the LOC (2.75)."""

from __future__ import annotations

from fractions import Fraction

from ....errors import InputError
from ...board import Board
from ...core_fields import spent_mp
from ...holding import hosted_boxes, placed_on_map, standing_location
from ...placed_reach import PlacedReach, Placement
from ...verdict import Reason, Step, Verdict
from .units import is_supply_class, unit_type

SHARED = ("facing", "mode")  # the HQHB's units share their HQ's facing and mode (2.66, 3.23)


def on_map(board) -> Board:
    """The board with every HQ Holding Box's units standing in their HQ's hex (2.66)."""
    if getattr(board, "_doe_on_map", False):
        return board
    state = placed_on_map(board.map, board.state, SHARED)
    if state is board.state:
        board._doe_on_map = True
        return board
    out = Board.on(board.arrays, state, values=board.values)
    out._doe_on_map = True
    return out


def loc_boxes(m) -> dict[str, str]:
    """LOC Box id -> its army."""
    return {b.id: str(b.attrs["loc_of"]) for b in m.boxes.values() if b.attrs.get("loc_of")}


def hqhb_problem(u, hq) -> str | None:
    """Who may stand in an HQ's Holding Box (2.66, 3.16, 3.17.A, 3.18.A, 3.19): Supply and Fortress
    units never (each its own formation, 3.13.E); in a Corps HQHB the units of formations on the
    corps' track and asset units of the corps; in an Army HQHB only asset units of the army or the
    Supreme HQ and air units; in a Division or Supreme HQHB units of the HQ's own formation."""
    if is_supply_class(u) or u.cls == "fortress":
        return f"{u.id}: a {u.cls} unit is a formation of its own and stays on the map (3.13.E)"
    if u.cls == "hq" and u.attr("hq_level") in ("army", "corps", "supreme"):
        return f"{u.id}: an {u.attr('hq_level')} HQ is not held in another HQ's box (2.66)"
    level, own = hq.attr("hq_level"), hq.attr("pfi", hq.id)
    pfi = u.attr("pfi", u.id)
    if level == "corps":
        if pfi == own or u.attr("corps") == own:
            return None
        return f"{u.id}: only formations attached to {own} and its assets enter its Holding Box (3.17.A)"
    if level == "army":
        if unit_type(u) == "air" or u.cls == "air" or u.attr("asset"):
            return None
        return f"{u.id}: an Army HQ's Holding Box takes only army and strategic assets and air units (3.16)"
    if pfi == own:
        return None
    return f"{u.id}: only units of {own} enter its Holding Box (2.66)"


def box_problems(board) -> list[tuple[str, str]]:
    """Units in a box they may not be in (2.66, 2.75)."""
    m, state = board.map, board.state
    hosts, locs = hosted_boxes(m), loc_boxes(m)
    out = []
    for k, u in enumerate(state.units):
        where = f"$.units[{k}].hex"
        if u.hex in hosts:
            hq = state.by_id.get(hosts[u.hex])
            if hq is None:
                out.append(
                    (where, f"{u.id}: the HQ {hosts[u.hex]} of Holding Box {u.hex} is not in the position")
                )
            elif hq.side != u.side:
                out.append((where, f"{u.id}: {u.hex} is the enemy's Holding Box"))
            else:
                why = hqhb_problem(u, hq)
                if why:
                    out.append((where, why))
        elif u.hex in locs and (u.attr("army") != locs[u.hex] or is_supply_class(u)):
            out.append((where, f"{u.id}: only units of {locs[u.hex]} guard its LOC Box (2.75)"))
    return out


def box_step(rs, board, a: str, b: str) -> bool:
    """A LOC Box is joined to every hex, a reinforcement box to every hex it may enter on: whether
    the step is legal is judged (2.75, 7.12)."""
    from .reinforcement import reinforcement_boxes

    joinable = set(loc_boxes(board.map))
    if a in reinforcement_boxes(board.map):
        joinable.add(a)  # to the nearest unblocked railroad line (7.12)
    return (a in joinable) != (b in joinable) and board.map.location_kind(b if a in joinable else a) == "hex"


def touches_box(board, path: list[str]) -> bool:
    boxes = board.map.boxes
    return any(x in boxes for x in path)


def _verdict(ok: bool, path: list[str], rule: str, message: str, mode: str) -> Verdict:
    steps = (Step(path[0], path[-1], Fraction(0), Fraction(0), (("placed", Fraction(0), rule),), "ground",
                  {"mode": mode, "placement": rule}),)  # fmt: skip
    if ok:
        return Verdict(True, Fraction(0), steps, extra={"placement": message, "rule": rule})
    return Verdict(False, Fraction(0), steps, (Reason(rule, message),))


def judge_loc_box(rs, board, unit, path: list[str]) -> Verdict:
    """2.75: into the LOC Box from the hex of the army's Main Depot or Army Supply unit at the start
    of a March Segment; out of it onto the army's LOC in a friendly March or Counter-March Segment, or
    whenever an enemy unit stands next to the LOC."""
    from .moves import segment_of

    locs = loc_boxes(board.map)
    state = board.state
    if len(path) != 2:
        box = next(x for x in path if x in locs)
        return _verdict(False, path, "2.75", f"a unit enters or leaves the LOC Box {box} in one placement: "
                        "give only the LOC hex or the box", "deployed")  # fmt: skip
    a, b = path
    army = locs.get(b) or locs.get(a)
    if unit.attr("army") != army or is_supply_class(unit):
        return _verdict(False, path, "2.75", f"only units of {army} guard its LOC Box", "deployed")
    if b in locs:
        keepers = [
            u.id
            for u in state.units_at(a)
            if u.side == unit.side
            and u.attr("army") == army
            and unit_type(u) in ("main_depot", "army_supply")
        ]
        if not keepers:
            return _verdict(
                False, path, "2.75", f"{a} holds no Main Depot or Army Supply unit of {army}", "deployed"
            )
        if segment_of(state) != "march" or state.active_side != unit.side or spent_mp(unit):
            return _verdict(
                False,
                path,
                "2.75",
                "a unit enters the LOC Box at the beginning of its own March Segment",
                "deployed",
            )
        return _verdict(
            True, path, "2.75", f"into the LOC Box of {army} from {a} (with {', '.join(keepers)})", "deployed"
        )
    line, threat, not_now = _leaving_loc_box(rs, board, unit, army)
    if line is None or board.idx(b) not in line.loc_hexes():
        return _verdict(False, path, "2.75", f"{b} is not on the LOC of {army} (2.75.A)", "deployed")
    if not_now:
        return _verdict(False, path, "2.75", not_now, "deployed")
    return _verdict(True, path, "2.75", _placed_onto(b, threat), "deployed")


def _leaving_loc_box(rs, board, unit, army: str):
    """What placing a unit out of ``army``'s LOC Box does not owe to the hex it goes to (2.75): the
    army's LOC (None: it has none), the enemy units next to it, and why the unit may not leave now
    (None: it may)."""
    from .depots import army_lines
    from .moves import segment_of

    state = board.state
    line = army_lines(rs, board, unit.side).get(army)
    own_turn = state.active_side == unit.side and segment_of(state) in ("march", "counter_march")
    threat = enemy_next_to_loc(rs, board, unit.side, army)
    not_now = None
    if not own_turn and not threat:
        not_now = (
            "from the LOC Box in a friendly March or Counter-March Segment, "
            "or when an enemy unit moves next to the LOC"
        )
    return line, threat, not_now


def _placed_onto(hex_id: str, threat: list[str]) -> str:
    return f"placed from the LOC Box onto {hex_id}" + (
        f" (enemy next to the LOC: {', '.join(threat)})" if threat else ""
    )


def reach_from_loc_box(rs, board, unit) -> tuple[PlacedReach, list[Reason]]:
    """2.75: every hex of the army's LOC the unit may be placed on now from its LOC Box (no MP; the
    placement is its move), or why none. The conditions that do not depend on the hex (whose unit,
    which segment, an enemy next to the LOC) are judged once, not once per LOC hex."""
    box = unit.hex
    army = loc_boxes(board.map)[box]
    placements: list[Placement] = []
    line, threat, not_now = _leaving_loc_box(rs, board, unit, army)
    if line is None:  # (a unit of another army in the box is refused with the position itself)
        reasons = [Reason("2.75.A", f"{army} has no LOC to be placed on")]
    elif not_now:
        reasons = [Reason("2.75", not_now)]
    else:
        reasons = []
        ids = board.arrays.ids
        for i in sorted(line.loc_hexes()):
            why = _placed_onto(ids[i], threat)
            placements.append(Placement(int(i), None, {"placement": why, "rule": "2.75"}))
    return PlacedReach(board.idx(box), board.n, placements), reasons


def enemy_next_to_loc(rs, board, side: str, army: str) -> list[str]:
    """Ids of enemy units next to a rail hex of ``army``'s LOC (2.75)."""
    from .depots import army_lines

    line = army_lines(rs, board, side).get(army)
    if line is None:
        return []
    loc = line.loc_hexes()
    near = {int(j) for h in loc for j in board.nbr[h][:6] if j >= 0} - loc
    other = rs.other_side(side)
    return sorted(
        u.id
        for u in board.state.units_of(other)
        if u.hex in board.arrays.index and board.idx(u.hex) in near and not u.attr("dummy")
    )


def loc_box_alarms(rs, board, side: str, path: list[str]) -> list[dict]:
    """Enemy armies whose LOC a move of ``side`` comes next to, with the units in their LOC Boxes,
    who may be placed on the LOC before the move ends (2.75)."""
    from .depots import army_lines

    boxes = loc_boxes(board.map)
    if not boxes:
        return []
    other = rs.other_side(side)
    held = {}
    for u in board.state.units_of(other):
        if u.hex in boxes:
            held.setdefault(boxes[u.hex], []).append(u.id)
    out = []
    entered = [board.idx(x) for x in path[1:] if x in board.arrays.index]
    for army, ids in sorted(held.items()):
        line = army_lines(rs, board, other).get(army)
        if line is None:
            continue
        loc = line.loc_hexes()
        for j in entered:
            if any(int(k) in loc for k in board.nbr[j][:6] if k >= 0):
                out.append({"army": army, "at": board.arrays.ids[j], "loc_box": sorted(ids), "rule": "2.75"})
                break
    return out


def judge_holding(rs, board, ids: list[str], path: list[str], judge) -> Verdict:
    """A move into or out of an HQ Holding Box (2.66): out of it onto the HQ's hex and on from there
    as any move; into it from the HQ's hex, if the unit may be held there."""
    m, state = board.map, board.state
    hosts = hosted_boxes(m)
    unit = state.unit(ids[0])
    placed = on_map(board)
    steps: list[Step] = []
    if path[0] in hosts:
        hex_ = standing_location(m, state, hosts[path[0]])
        out_of = (("out of the Holding Box", Fraction(0), "2.66"),)
        mode = placed.state.unit(unit.id).attr("mode")
        steps.append(Step(path[0], hex_, Fraction(0), Fraction(0), out_of, "ground", {"mode": mode}))
        path = [hex_, *path[1:]]
        path = [p for k, p in enumerate(path) if k == 0 or p != path[k - 1]]
    into = path[-1] if path[-1] in hosts else None
    if into is not None:
        hq = state.by_id.get(hosts[into])
        why = (
            hqhb_problem(unit, hq)
            if hq is not None and hq.side == unit.side
            else f"{into} is not {unit.side}'s"
        )
        if why:
            return Verdict(False, Fraction(0), tuple(steps), (Reason("2.66", why),))
        path = path[:-1]
    if any(p in hosts for p in path):
        raise InputError("a path passes through a Holding Box: list the map hexes only")
    if len(path) > 1:
        v = judge(placed, ids, path)
        steps += list(v.steps)
    else:
        v = Verdict(True, Fraction(0), ())
    if into is not None:
        total = v.steps[-1].total if v.steps else Fraction(0)
        into_box = (("into the Holding Box", Fraction(0), "2.66"),)
        steps.append(Step(path[-1], into, Fraction(0), total, into_box, "ground", {"mode": None}))
    return Verdict(v.legal, v.mp, tuple(steps), v.reasons, v.effects, v.extra, v.changes, v.rolls)

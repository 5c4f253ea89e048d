"""Judging a ground move and listing a unit's reach over location x mode (8.2-8.4, 9.11).

Allowance (4.22, 4.23): 2 MP per day of the impulse in one's own March Segment, 1 per day in the
Counter-March, where Force March may add up to twice that (9.11). The segment's exact total is
rounded half up before it is compared (8.21.E). A unit may always move one hex in its March Segment
(8.21.D). Facing is free while moving (3.21): a deployed unit arrives facing the hexside it crossed
last, or as the mover asks."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ....errors import InputError
from ...core_fields import spent_mp
from ...layered import mode_search
from ...movement import Reach
from ...search import INF, mp, units
from ...verdict import Changes, Reason, Step, Verdict
from .displacement import displaced
from .entrenchment import entrenchment_fields
from .facing import parse_facing
from .ground import Missing, ground_costs
from .replacement import replacement_problem
from .rounding import exact_limit_units, round_half_up
from .stacking import end_problem, mates_facing, road_column_problem, road_end_problem
from .units import RAIL_BOUND, mode_of, mr_of, unit_type

GROUND_MODES = ("deployed", "road")


def segment_of(state) -> str:
    """The segment of the position: the Counter-March in the Counter-Movement Phase (4.23), else
    the position's ``segment`` (a March Segment by default, 4.22)."""
    if state.phase_named and state.phase == "counter_movement":
        return "counter_march"
    return state.extra.get("segment", "march")


def force_march_asked(kw) -> bool:
    """Whether the player asks for Force March (``--with force_march=yes``, 9.11): it is his
    choice, never made for him."""
    value = kw.get("force_march")
    if value in (None, "", "no", "false"):
        return False
    if value in ("yes", "true"):
        return True
    raise InputError(f"force_march takes yes or no, not {value!r}", where="--with force_march")


def days_of(rs, state) -> int:
    return int(state.extra.get("impulse_days", rs.data["allowance"]["default_impulse_days"]["value"]))


def base_allowance(rs, state) -> Fraction:
    """4.22, 4.23: 2 MP per day in the March Segment, 1 per day in the Counter-March."""
    per = "march_per_day" if segment_of(state) == "march" else "counter_march_per_day"
    return Fraction(rs.data["allowance"][per]["value"]) * days_of(rs, state)


def force_march_limit(rs, unit, state) -> Fraction:
    """9.11: up to twice the Counter-March MPs more; corps trains at most 2 (9.11.B); none for
    Main Depots, Army Supply units and units in Rail or Naval Mode (7.23.A, 9.11)."""
    if (
        segment_of(state) != "counter_march"
        or unit_type(unit) in RAIL_BOUND
        or mode_of(unit) not in GROUND_MODES
    ):
        return Fraction(0)
    if unit_type(unit) == "corps_train":
        return Fraction(rs.data["allowance"]["corps_train_force_march"]["value"])
    return base_allowance(rs, state) * int(rs.data["allowance"]["force_march_times"]["value"])


def ground_unit_problem(unit) -> Reason | None:
    """Why the rules keep a unit off the land (a verdict, exit 1): Main Depots and Army Supply
    units move only by rail (7.23.A), MR R units likewise (2.21.J), entrained or embarked units
    detrain or disembark first (8.54, 8.61)."""
    if unit_type(unit) in RAIL_BOUND or mr_of(unit) == "R":
        what = unit_type(unit) or "MR R"
        return Reason("7.23.A; 2.21.J", f"{unit.id} ({what}) moves only in Rail Mode (--mode rail)")
    m = mode_of(unit)
    if m not in GROUND_MODES:
        return Reason(
            "8.54" if m == "rail" else "8.61",
            f"{unit.id} is in {m.title()} Mode: it moves with --mode {m} "
            f"({'detrains' if m == 'rail' else 'disembarks'} first to move over land)",
        )
    return None


def stays(board, unit, why: Reason) -> tuple[Reach, list[Reason]]:
    """The reach of a unit the rules keep where it is in the mode asked: its own hex, and why."""
    dist = np.full(board.n, INF)
    dist[board.idx(unit.hex)] = 0.0
    return Reach(dist, np.full(board.n, -9999), board.idx(unit.hex)), [why]


def end_mode_of(unit, keyword) -> str:
    start = mode_of(unit)
    end = keyword or start
    if end not in GROUND_MODES:
        raise InputError(f"end_mode must be deployed or road (8.2), not {end!r}", where="--with end_mode")
    return end


def activity_cost(
    rs, names: list[str], end_mode: str
) -> tuple[Fraction, list[tuple[str, Fraction, str]], Reason | None]:
    total, parts, why = Fraction(0), [], None
    table = rs.data["activities"]
    for name in names:
        if name not in table:
            raise InputError(
                f"unknown activity {name!r} (activities: {', '.join(table)})", where="--with activities"
            )
        entry = table[name]
        if entry.get("deployed_only") and end_mode != "deployed" and why is None:
            why = Reason("8.41", f"{name}: Road-Mode units may not place Combat Markers, recon or entrench")
        total += Fraction(entry["mp"])
        parts.append((name, Fraction(entry["mp"]), entry["rule"]))
    return total, parts, why


def raise_missing(board, missing: list[Missing], a: str, b: str) -> None:
    """The step a -> b failed on a missing chart cell: name it (exit 2)."""
    arrays = board.arrays
    i, d = arrays.edge_slot(a, b)
    for m in missing:
        hit = (
            (m.table == "tec" and arrays.hex_terrain[board.idx(b)] == m.row)
            or (m.table == "hexside" and arrays.side_feature(m.row)[i, d])
            or (m.table == "road_tec" and arrays.line_attr("road", "class", default="primary")[i, d] == m.row)
            or (m.table == "mission_diagram" and int(arrays.graph.direction[i, d]) == int(m.column))
        )
        if hit:
            board.values.cell(m.table, m.row, m.column, what=m.what, rule=m.rule)


def judge_ground(rs, board, unit_ids: list[str], path: list[str], **kw) -> Verdict:
    state = board.state
    movers = [state.unit(i) for i in unit_ids]
    for u in movers:
        why = ground_unit_problem(u)
        if why is not None:
            return Verdict(False, Fraction(0), (), (why,))
    facing = parse_facing(kw["facing"]) if kw.get("facing") is not None else None
    segment = segment_of(state)
    base = base_allowance(rs, state)
    hq_be = rs.option(state, "corps_hq_be")
    dice = board.dice()  # one die for the whole stack: each unit's check takes the next roll
    verdicts = []
    for u in movers:
        end = end_mode_of(u, kw.get("end_mode"))
        if unit_type(u) == "corps_train" and end == "deployed":
            why = f"{u.id} is a Corps Train: always in Road Mode unless entrained"
            return Verdict(False, Fraction(0), (), (Reason("7.23.A", why),))
        if facing is not None and end == "road":
            raise InputError("a unit in Road Mode has no facing (3.24)", where="--with facing")
        travel = "road" if "road" in (mode_of(u), end) else "deployed"
        if travel == "road" and len(path) > 1:
            why = road_column_problem(rs, movers, hq_be)
            if why:
                return Verdict(False, Fraction(0), (), (Reason("3.31.B", why),))
        if end == "road" and len(path) > 1:
            why = road_end_problem(rs, board, movers, path[-1], hq_be)
            if why:
                return Verdict(False, Fraction(0), (), (Reason("3.31.B", why),))
        names = [x for x in (kw.get("activities") or "").split(",") if x]
        verdicts.append(
            _judge_one(
                rs,
                board,
                u,
                movers,
                path,
                travel,
                end,
                facing,
                names,
                segment,
                base,
                kw.get("change_at"),
                dice,
                force_march_asked(kw),
            )
        )
    lead = verdicts[0]
    bad = next((v for v in verdicts if not v.legal), None)
    per_unit = {u.id: v.extra["unit_summary"] for u, v in zip(movers, verdicts, strict=True)}
    extra = {k: v for k, v in lead.extra.items() if k != "unit_summary"}
    extra["units"] = per_unit
    if bad is not None:
        who = movers[verdicts.index(bad)].id
        reasons = tuple(Reason(r.rule, f"{who}: {r.message}") for r in bad.reasons)
        return Verdict(False, lead.mp, lead.steps, reasons, extra=extra)
    ends = {u.id: v.extra["facing"] for u, v in zip(movers, verdicts, strict=True)}
    modes = {u.id: v.extra["mode"] for u, v in zip(movers, verdicts, strict=True)}
    if any(f is not None for f in ends.values()):
        why = end_problem(rs, board, movers, path[-1], ends, modes)
        if why is not None:
            return Verdict(False, lead.mp, lead.steps, (Reason(*why),), extra=extra)
    rolls = tuple(dice.report())
    effects = tuple(e for v in verdicts for e in v.effects)
    fields = {k: f for v in verdicts for k, f in v.changes.unit_fields.items()}
    places = {k: f for v in verdicts for k, f in v.changes.locations.items()}
    changes = Changes(unit_fields=fields, locations=places)
    return Verdict(True, lead.mp, lead.steps, (), effects, extra, changes, rolls)


def _switched_walk(rs, board, u, movers, path, end, segment, change_at=None):
    """Walk ``path`` from the unit's mode to ``end`` (8.4), changing mode where it is cheapest:
    (failure or None, steps, MP moved, leave-road MP, missing cells)."""
    first = mode_of(u)
    start = board.idx(u.hex)
    plans = [first] if first == end else [first, end]
    built = {m: ground_costs(rs, board, u, movers, m, start, segment) for m in plans}
    n = len(path) - 1
    slots = [board.arrays.edge_slot(a, b) for a, b in zip(path, path[1:], strict=False)]
    per = {m: np.array([built[m][0].cost[i, d] for i, d in slots]) for m in plans}
    change = Fraction(0)
    if first != end:
        change = Fraction(rs.data["movement"]["leave_road" if first == "road" else "enter_road"]["mp"])
    best_k, best = n, INF
    if change_at is not None and change_at not in path:
        raise InputError(f"change_at {change_at!r} is not on the path", where="--with change_at")
    choices = range(n + 1) if first != end else [n]
    if change_at is not None and first != end:
        choices = [path.index(change_at)]
    for k in choices:
        total = per[first][:k].sum() + (per[end][k:].sum() if first != end else 0.0)
        if total < best:
            best_k, best = k, total
    k = best_k
    steps, spent = [], 0.0
    direction = board.arrays.graph.direction
    for j, (i, d) in enumerate(slots):
        m = first if j < k else end
        costs, missing = built[m]
        why = costs.reason(i, d)
        if why is not None:
            failure = Reason(why.rule, f"{path[j]} -> {path[j + 1]}: {why.message}")
            if "(--values)" in why.message:
                raise_missing(board, missing, path[j], path[j + 1])
            return failure, steps, mp(spent), change, m
        c = costs.cost[i, d]
        spent += c
        face = int(direction[i, d]) if m == "deployed" else None
        parts = costs.step_parts(i, d)
        steps.append(Step(path[j], path[j + 1], mp(c), mp(spent), parts, m, {"facing": face, "mode": m}))
    if not np.isfinite(best) and n:
        return Reason("8.21", "no way along this path"), steps, mp(spent), change, end
    return None, steps, mp(spent), change, end


def _judge_one(  # noqa: PLR0913 (the walk's every input)
    rs,
    board,
    u,
    movers,
    path,
    travel,
    end,
    facing,
    names,
    segment,
    base,
    change_at=None,
    dice=None,
    force=False,
) -> Verdict:
    failure, steps, moved, change, _ = _switched_walk(rs, board, u, movers, path, end, segment, change_at)
    acts, act_parts, act_why = activity_cost(rs, names, end)
    leave = change if mode_of(u) == "road" and end == "deployed" else Fraction(0)
    spent_before = spent_mp(u)
    total = spent_before + moved + acts + leave
    rounded = round_half_up(total)
    final_facing = facing
    if final_facing is None and steps:
        final_facing = mates_facing(board, u, path[-1])  # joins its formation there (3.21, 3.14)
    if final_facing is None:
        final_facing = steps[-1].extras["facing"] if steps else u.attr("facing")
    if end == "road":
        final_facing = None
    summary = {
        "mr": mr_of(u),
        "moved_mp": moved,
        "activities_mp": acts,
        "leave_road_mp": leave,
        "segment_total": total,
        "rounded": rounded,
        "allowance": base,
    }
    summary = {k: (float(v) if isinstance(v, Fraction) else v) for k, v in summary.items()}
    extra = {"mode": end, "facing": final_facing, "segment": segment, "unit_summary": summary}
    if act_parts:
        extra["activities"] = [{"what": n, "mp": float(m), "rule": r} for n, m, r in act_parts]
    if failure is not None:
        return Verdict(False, moved, tuple(steps), (failure,), extra=extra)
    if act_why is not None:
        return Verdict(False, moved, tuple(steps), (act_why,), extra=extra)
    if "replacement_mode" in names:
        why = replacement_problem(rs, board, u, path[-1])
        if why:
            return Verdict(False, moved, tuple(steps), (Reason("9.12", why),), extra=extra)
        if len(path) == 1 and names == ["replacement_mode"] and not spent_before:
            # 9.12 (2): no MP spent in the whole Counter-March instead of 3 MP
            acts -= Fraction(rs.data["activities"]["replacement_mode"]["mp"])
            total, rounded = spent_before, round_half_up(spent_before)
            extra["replacement_mode"] = (
                "no MP spent this Counter-March Segment (9.12): the unit moves no more"
            )
    if (
        steps
        and stops_in_zoc(rs, board, u, path[-1])
        and not {"regular_marker", "intensive_marker"} & set(names)
    ):
        why = (
            "Advance: infantry entering an enemy ZOC places a Combat Marker at once "
            "(--with activities=regular_marker)"
        )
        return Verdict(False, moved, tuple(steps), (Reason("7.15.A", why),), extra=extra)
    fields = {"mode": end, "started_in_zoc": False}
    if "replacement_mode" in names:
        fields["replacement_mode"] = True
    if final_facing is not None:
        fields["facing"] = final_facing
    dug, dug_at, dug_why = entrenchment_fields(rs, board, u, path, names, final_facing, end)
    if dug_why is not None:
        return Verdict(False, moved, tuple(steps), (dug_why,), extra=extra)
    fields.update(dug)
    changes = Changes(unit_fields={u.id: fields}, locations=dug_at)
    effects: list[str] = []
    this_move = moved + acts + leave
    moved_next_to = displaced(rs, board, u, path)
    if moved_next_to:
        extra["displaced"] = moved_next_to
        effects += [
            f"8.52: entrained {d['unit']} displaces from {d['from']} to {d['to']}" for d in moved_next_to
        ]
    if rounded <= base:
        return Verdict(True, this_move, tuple(steps), (), tuple(effects), extra, changes)
    zoc_to_zoc = any(name == "zoc_to_zoc" for s in steps for name, _, _ in s.parts)
    if (
        segment == "march"
        and len(path) == 2
        and not spent_before
        and not names
        and not leave
        and not zoc_to_zoc
    ):
        extra["minimum_move"] = True
        effects.append("8.21.D: a unit may always move one hex in its March Segment; it spends all its MP")
        return Verdict(True, base - spent_before, tuple(steps), (), tuple(effects), extra, changes)
    fm_limit = force_march_limit(rs, u, board.state)
    fm = rounded - base
    if fm_limit and fm <= fm_limit:
        recovery = sum((m for n, m, _ in act_parts if n == "ml_recovery"), Fraction(0))
        if recovery > base - spent_before:
            why = (
                f"ML recovery's {_show(recovery)} MP must come from the {_show(base - spent_before)} MP "
                "left of the Counter-March: units may not Force-March to recover MLs"
            )
            return Verdict(False, this_move, tuple(steps), (Reason("8.34; 9.11", why),), extra=extra)
        if not force:
            extra["force_march_needed"] = int(fm)
            why = (
                f"{_show(total)} MP rounds to {rounded} (8.21.E), {fm} more than the {base} MP of the "
                f"Counter-March: it needs {fm} MP of Force March, a choice the player makes "
                "(--with force_march=yes)"
            )
            return Verdict(False, this_move, tuple(steps), (Reason("9.11", why),), extra=extra)
        extra["force_march"] = {"mp": int(fm), "morale_check_modifier": int(fm), "rule": "9.11; 9.11.A"}
        effects.append(
            f"9.11.A: Force March of {fm} MP: a Morale Check at +{fm}, each point of failure (max 4) one LR"
        )
        rolls: tuple = ()  # the stack's verdict reports the die
        if unit_type(u) == "corps_train":
            effects.append("9.11.B: every PF attached to the corps loses 1 ML")
        elif u.attr("ml") is not None:
            dice = dice or board.dice()
            roll = dice.roll(f"force march morale check {u.id}").value
            lrs = force_march_losses(int(u.attr("ml")), int(fm), roll)
            extra["force_march"].update(roll=roll, ml=int(u.attr("ml")), loss_results=lrs)
            effects.append(f"9.11.A: rolled {roll} + {fm} against ML {u.attr('ml')}: {lrs} LR(s)")
            if lrs and u.attr("mission") == "retire":
                effects.append("7.15.B: SPs lost become the enemy's Prisoner Points")
        return Verdict(True, this_move, tuple(steps), (), tuple(effects), extra, changes, rolls)
    seg = segment.replace("_", "-")
    why = f"{_show(total)} MP rounds to {rounded} (8.21.E), more than the {base} MP of this {seg} segment"
    if fm_limit:
        why += f" plus {fm_limit} MP of Force March (9.11)"
    return Verdict(False, this_move, tuple(steps), (Reason("8.21.E; 4.22", why),), extra=extra)


def force_march_losses(ml: int, forced: int, roll: int) -> int:
    """9.11.A, 11.22: 1d6 + 1 per force-marched MP against the PF's ML; each point of failure is
    one LR, at most 4."""
    return max(0, min(4, roll + forced - ml))


def stops_in_zoc(rs, board, u, hex_id: str) -> bool:
    """7.15.A: an Advance-mission infantry unit that ends in an enemy ZOC must place a marker."""
    from .ground import INFANTRY, mission_free
    from .position import zone_of_control

    if u.attr("mission") != "advance" or mission_free(u) or unit_type(u) not in INFANTRY:
        return False
    return bool(zone_of_control(rs, board, rs.other_side(u.side))[board.idx(hex_id)])


def _show(f: Fraction) -> str:
    return str(f) if f.denominator != 1 else str(f.numerator)


class GroundReach(Reach):
    """Reach over location x mode (deployed, road): each hex with the mode and facing it is
    reached in, and the Force March MP it needs."""

    def __init__(self, mr, start, base, spent, minimum: dict[int, int], nbr, direction, mates=None):
        best, mode = mr.best()
        limit_round = np.floor((best + 60.0 + units(spent)) / 120.0)
        super().__init__(best.copy(), np.full(len(best), -9999), start)
        self.mr, self.mode, self.base, self.minimum = mr, mode, base, minimum
        self.nbr, self.direction, self.rounded = nbr, direction, limit_round
        self.mates: dict[int, int] = mates or {}  # hex -> the facing the unit's formation has there
        for i in minimum:
            self.dist[i] = units(base - spent)

    def path(self, target: int) -> list[int]:
        if target in self.minimum:
            return [self.start, target]
        return [i for i, _ in self.mr.path(target)]

    def extras(self, target: int, ids: list[str]) -> dict:
        if target in self.minimum:
            face = self.mates.get(target, int(self.direction[self.start, self.minimum[target]]))
            return {"mode": self.mr.modes[self.mode[self.start]], "facing": face, "minimum_move": True}
        steps = self.mr.path(target)
        mode = self.mr.modes[self.mode[target]]
        facing = None
        if mode == "deployed" and len(steps) > 1:
            a, b = steps[-2][0], steps[-1][0]
            if a != b:
                slot = int(np.flatnonzero(self.nbr[a] == b)[0])
                facing = self.mates.get(target, int(self.direction[a, slot]))
        out = {"mode": mode, "facing": facing, "modes": [m for _, m in steps]}
        fm = int(self.rounded[target]) - int(self.base)
        if fm > 0:
            out["force_march"] = fm
        return out


def reach_ground(rs, board, unit) -> tuple[Reach, list[Reason]]:
    why = ground_unit_problem(unit)
    if why is not None:
        return stays(board, unit, why)
    state = board.state
    segment = segment_of(state)
    base = base_allowance(rs, state)
    spent = spent_mp(unit)
    start = board.idx(unit.hex)
    modes = ["road"] if unit_type(unit) == "corps_train" else list(GROUND_MODES)
    costs, problems = {}, []
    for m in modes:
        k, missing = ground_costs(rs, board, unit, [unit], m, start, segment)
        costs[m] = k.cost
        problems += [Reason(x.rule, f"left out: {x.what} is missing from the chart values") for x in missing]
    change = {}
    if len(modes) == 2:
        change[("deployed", "road")] = units(Fraction(rs.data["movement"]["enter_road"]["mp"]))
        change[("road", "deployed")] = units(Fraction(rs.data["movement"]["leave_road"]["mp"]))
    limit = exact_limit_units(base + force_march_limit(rs, unit, state) - spent)
    mr = mode_search(board.nbr, costs, change, start, mode_of(unit), limit)
    minimum: dict[int, int] = {}
    if segment == "march" and not spent:
        c = costs[mode_of(unit)][start]
        best = mr.best()[0]
        for d in np.flatnonzero(np.isfinite(c)):
            j = int(board.nbr[start, d])
            if not np.isfinite(best[j]):
                minimum[j] = int(d)
        # ZOC to ZOC is never a minimum move (8.21.D)
        k, _ = ground_costs(rs, board, unit, [unit], mode_of(unit), start, segment)
        both = k.parts.get("zoc_to_zoc")
        if isinstance(both, np.ndarray):
            for j, d in list(minimum.items()):
                if both[start, d] > 0:
                    del minimum[j]
    seen: set[tuple[str, str]] = set()
    uniq = []
    for p in problems:
        if (p.rule, p.message) not in seen:
            seen.add((p.rule, p.message))
            uniq.append(p)
    mates = {}
    for v in board.state.units_of(unit.side):
        if v.id != unit.id and v.hex in board.arrays.index and v.hex != unit.hex:
            face = mates_facing(board, unit, v.hex)
            if face is not None:
                mates[board.idx(v.hex)] = face
    direction = board.arrays.graph.direction
    return GroundReach(mr, start, base, spent, minimum, board.nbr, direction, mates), uniq


__all__ = ["INF", "judge_ground", "reach_ground"]

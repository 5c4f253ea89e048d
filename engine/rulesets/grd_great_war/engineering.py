"""Engineering tasks on the transport net [13A3]-[13A5], [13B2], [13B3a], [7A6], [15A1]: the MPs a
unit spends in the hex to break or repair a rail line, clear an obstruction, regauge (the hex's line
takes the gauge of the line toward an adjacent hex: its ``regauged`` attr, which the rail nets read),
repair or demolish a bridge. Railroad engineers pay their reduced cost; poor weather (all but
clear) doubles every cost [13A4]; two units working together (quick engineering; a brigade
construction unit counts as two) halve it, never more [13A5]. Work left over carries into later
turns, kept in good-weather MPs so that a change of weather affects only the work remaining
[13A4]."""

from __future__ import annotations

from fractions import Fraction

from ...ruleset import fraction
from ...verdict import Reason


def task_cost(rs, task: str, workers: list, weather: str) -> Fraction | Reason:
    """MPs each of the ``workers`` (stacked in the hex) spends on ``task`` this turn."""
    tasks = rs.data["engineering"]["tasks"]
    if task not in tasks:
        return Reason("13A", f"unknown engineering task {task!r} (one of {', '.join(tasks)})")
    spec = tasks[task]
    engineers = [u for u in workers if rs.cls(u).get("railroad_engineer")]
    if spec.get("railroad_engineer_only") and not engineers:
        return Reason(spec["rule"], f"only a railroad engineer may {task.replace('_', ' ')}")
    cost = fraction(spec["railroad_engineer"] if engineers and "railroad_engineer" in spec else spec["cost"])
    if weather != "clear":
        cost *= fraction(rs.data["engineering"]["poor_weather_factor"]["value"])  # [13A4]
    if quick(rs, workers):
        cost /= 2  # quick engineering, never more than halved [13A5]
    return cost


def quick(rs, workers: list) -> bool:
    """Two construction units together, or one brigade-size construction unit [13A5]."""
    count = sum(2 if u.size == "brigade" else 1 for u in workers)
    return count >= 2


def work_left(left_good: Fraction, spent: Fraction, weather: str, rs) -> Fraction:
    """Good-weather MPs of work left after ``spent`` MPs this turn [13A4]: in poor weather the
    remaining work counts double while it is done."""
    factor = fraction(rs.data["engineering"]["poor_weather_factor"]["value"]) if weather != "clear" else 1
    return max(Fraction(left_good) * factor - Fraction(spent), Fraction(0)) / factor


# ------------------------------------------------------------------ a task as part of a move [13A]
RAIL_TASKS = {  # task: (the rail status it needs, the status it leaves) [7A6], [7A7], [13A3], [13B2]
    "break_rail": (("open", None), "broken"),
    "repair_rail_break": (("broken",), "open"),
    "clear_obstruction": (("obstructed",), "open"),
}
BRIDGE_TASKS = ("demolish_bridge", "repair_bridge", "repair_major_bridge")  # [13A2], [15A1]
REGAUGE = "regauge"  # [13B3a]
MAJOR_SIDES = ("major_river", "great_river")


def judge_task(rs, board, unit_ids: list[str], path: list[str], mode: str, task: str, toward: str | None):
    """Engineering as part of a move (``--with engineer=TASK``, ``toward=HEX`` for a bridge): the
    units move along ``path`` in regular movement, then work in its last hex, each spending the
    task's MPs [13A3]-[13A5], [13B2] -- all they have left when that is not enough, the work left
    carried in the hex (``work_task``, ``work_left`` in good-weather MPs, [13A4]). Any unit breaks a
    rail line [7A6]; only construction units and railroad engineers repair, clear or demolish
    [13A], [13B], in general supply, in the movement phase, never in accel, reserve, reaction or
    exploitation movement [6B3], [6C], [6D], [6E]."""
    from ....errors import InputError
    from ...core_fields import spent_mp
    from ...movement import walk
    from ...search import mp
    from ...verdict import Changes, Verdict, illegal, refused

    st = board.state
    workers = [st.unit(i) for i in unit_ids]
    hex_id = path[-1]

    if task not in RAIL_TASKS and task not in BRIDGE_TASKS and task != REGAUGE:
        known = ", ".join([*RAIL_TASKS, *BRIDGE_TASKS, REGAUGE])
        raise InputError(f"engineer={task}: the tasks a move judges are {known}")
    if mode != "ground":
        return refused(
            "13A", f"no construction, demolition or repair in {mode} movement (movement phase, regular)"
        )
    for u in workers:
        c = rs.cls(u)
        if task != "break_rail" and u.cls != "construction" and not c.get("railroad_engineer"):
            return refused(
                "13A; 13B",
                f"{u.id} is no construction unit or railroad engineer: it may not {task.replace('_', ' ')}",
            )
        if task != "break_rail" and int(u.attr("turns_out_of_supply", 0) or 0) > 0:
            return refused("13A", f"{u.id} is out of general supply: no construction, demolition or repair")
        if u.hex != workers[0].hex:
            return refused(
                "13A5", f"{u.id} is not with {workers[0].id}: units that work together move together"
            )
    i = board.idx(hex_id)
    changes: dict[str, dict] = {}
    if task in RAIL_TASKS:
        needs, leaves = RAIL_TASKS[task]
        status = st.hex(hex_id).field("rail")
        if not rs.nets(board).rail_hex[i]:
            return refused("7A6", f"{hex_id} has no rail line")
        if status not in needs:
            return refused(
                rs.data["engineering"]["tasks"][task]["rule"],
                f"the rail line in {hex_id} is {status or 'open'}: nothing to {task.replace('_', ' ')}",
            )
        done_change = {hex_id: {"fields": {"rail": leaves}}}
    elif task == REGAUGE:
        why = _regauge_problem(rs, board, hex_id, toward)
        if isinstance(why, Reason):
            return refused(why.rule, why.message)
        done_change = {hex_id: {"attrs": {"regauged": why}}}
    else:
        slot = board.arrays.edge_slot(hex_id, toward) if toward else None
        if slot is None:
            raise InputError(
                f"engineer={task} names the bridge by the hex across it: toward=HEX next to {hex_id}"
            )
        a = board.arrays
        crossing = rs._road_step(board, *slot) and any(
            a.side_feature(f)[slot] for f in ("river", "canal", "minor_canal", *MAJOR_SIDES)
        )
        if not crossing:
            return refused("15A1", f"no road or rail bridge between {hex_id} and {toward}")
        major = any(a.side_feature(f)[slot] for f in MAJOR_SIDES)
        gone = [str(x) for x in st.hex(hex_id).attrs.get("bridge_demolished_to", ()) or ()]
        if task == "demolish_bridge":
            if toward in gone:
                return refused("13A2", f"the bridge from {hex_id} to {toward} is already demolished")
            after = [*gone, toward]
        else:
            if toward not in gone:
                return refused("15A1", f"the bridge from {hex_id} to {toward} is not demolished")
            if (task == "repair_major_bridge") != major:
                right = "repair_major_bridge" if major else "repair_bridge"
                return refused("15A1", f"the bridge from {hex_id} to {toward} is repaired by {right}")
            after = [x for x in gone if x != toward]
        done_change = {hex_id: {"attrs": {"bridge_demolished_to": after}}}
    weather = _weather_at(board, hex_id)
    full = task_cost(rs, task, workers, "clear")
    if isinstance(full, Reason):
        return refused(full.rule, full.message)
    here = st.hex(hex_id)
    left_good = (
        Fraction(str(here.field("work_left")))
        if here.field("work_task") == task and here.field("work_left")
        else full
    )
    factor = (
        fraction(rs.data["engineering"]["poor_weather_factor"]["value"])
        if weather != "clear"
        else Fraction(1)
    )
    needed = left_good * factor
    moved, lead_steps = Fraction(0), ()
    avail = []
    for u in workers:
        costs, cells = rs.ground_costs(board, u, mode)
        w = walk(board, costs, path, rs.adjacency_rule, mode)
        if (no := rs._walk_refused(board, w, cells, u)) is not None:
            return no
        ma = rs.movement_allowance(u, mode, st) or Fraction(0)
        avail.append(ma - spent_mp(u) - mp(w.spent))
        if u is workers[0]:
            moved, lead_steps = mp(w.spent), tuple(w.steps)
    work = min(avail)
    if work <= 0:
        return illegal(lead_steps, moved, "13A4", f"no MPs left to work in {hex_id}")
    spend = min(needed, work)
    effects = [f"works {_txt(spend)} MP on {task.replace('_', ' ')} in {hex_id} ({weather} weather, 13A4)"]
    if spend == needed:
        done = dict(done_change[hex_id])
        done["fields"] = {**done.get("fields", {}), "work_left": 0}
        changes = {hex_id: done}
        effects.append(f"{task.replace('_', ' ')} done")
    else:
        left = work_left(left_good, spend, weather, rs)
        changes = {hex_id: {"fields": {"work_task": task, "work_left": _txt(left)}}}
        effects.append(f"{_txt(left)} good-weather MP of work left for a later turn (13A4)")
    extra = {"engineering": {"task": task, "hex": hex_id, "mp": _txt(spend), "done": spend == needed}}
    return Verdict(
        True, moved + spend, lead_steps, (), tuple(effects), extra=extra, changes=Changes(locations=changes)
    )


def _regauge_problem(rs, board, hex_id: str, toward: str | None) -> str | Reason:
    """[13B3a]: the gauge the rail line in ``hex_id`` takes, the other gauge of the adjacent
    ``toward`` (a gauge change point joined to it by rail); or why it may not be regauged (a cleared
    and unbroken line)."""
    from ....errors import InputError

    a = board.arrays
    slot = a.edge_slot(hex_id, toward) if toward else None
    if slot is None:
        raise InputError(
            "engineer=regauge names the gauge by the adjacent hex whose line it joins: "
            f"toward=HEX next to {hex_id}"
        )
    nets = rs.nets(board)
    if not nets.rail[slot]:
        return Reason("13B3a", f"no rail line joins {hex_id} to {toward}")
    status = board.state.hex(hex_id).field("rail")
    if status in ("broken", "obstructed"):
        return Reason(
            "13B3a", f"the rail line in {hex_id} is {status}: only a cleared and unbroken line is regauged"
        )
    i, j = a.index[hex_id], a.index[toward]
    own = {str(g) for g in nets.gauge[i][nets.rail[i]]}
    there = {str(g) for g in nets.gauge[j][nets.rail[j]]} - own
    if len(there) != 1:
        return Reason(
            "13B3a",
            f"the rail line in {toward} has no one gauge other than {hex_id}'s ({', '.join(sorted(own))}) "
            "for it to take",
        )
    return there.pop()


def _weather_at(board, hex_id: str) -> str:
    from .terrain import weather_of_hexes

    return str(weather_of_hexes(board)[board.idx(hex_id)])


def _txt(x: Fraction) -> int | str:
    return int(x) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"

"""Railroad tasks in the Concealment Segment (8.13), paid in Railroad Engineer Points (7.16):
*prepare* a neutral, undamaged rail hex, or *repair* a damaged one, when the hex is friendly
controlled and next to a contiguous friendly operational line (a repaired hex counts as prepared);
*damage* a friendly operational hex. Costs are the title's (chart-values ``rr_task.TASK.points``).
Tasks are done in the order given, so a line can be repaired hex by hex from the railhead."""

from __future__ import annotations

from fractions import Fraction

from .position import rail_status

TASKS = ("prepare", "repair", "damage")


def _controlled(board, i: int, side: str) -> bool:
    """3.7: the side that last occupied it (the position's ``owner``), else the map's home side."""
    owner = board.location_field("owner")[i]
    return (owner if owner is not None else board.arrays.hex_attr("home")[i]) == side


def rr_tasks(rs, board, side: str) -> dict:
    """The active side's tasks (state ``rr_tasks``), each judged and paid in turn."""
    state = board.state
    given = state.extra.get("rr_tasks") or {}
    points = Fraction((state.extra.get("rr_engineer_points") or {}).get(side, 0)).limit_denominator(100)
    if state.active_side != side or not given:
        return {"points": float(points), "spent": 0, "tasks": []}
    status = rail_status(board).copy()
    a = board.arrays
    on_rail = (~(a.line_attr("rail", "track", default="single") == None)).any(axis=1)  # noqa: E711
    spent = Fraction(0)
    out = []
    order = [(t, h) for t in given for h in given[t]]
    for task, hx in order:
        entry = {"task": task, "hex": hx, "rule": "8.13"}
        if task not in TASKS:
            entry.update(legal=False, why=f"unknown task {task!r} (tasks: {', '.join(TASKS)})")
            out.append(entry)
            continue
        i = board.idx(hx)
        cost = Fraction(
            board.values.cell(
                "rr_task",
                task,
                "points",
                what=f"the RR engineer points to {task} a rail hex",
                rule="8.13 (Exclusive Rules)",
            )  # fmt: skip
        )
        near = [int(j) for j in a.nbr[i] if j >= 0 and on_rail[j] and status[j] == side]
        why = None
        if not on_rail[i]:
            why = "no rail line in the hex"
        elif task == "damage" and status[i] != side:
            why = "only friendly operational rail may be damaged"
        elif task == "prepare" and status[i] != "neutral":
            why = f"only neutral rail is prepared (it is {status[i]}); damaged rail is repaired first"
        elif task == "repair" and status[i] != "damaged":
            why = f"only damaged rail is repaired (it is {status[i]})"
        elif task != "damage" and not _controlled(board, i, side):
            why = "the hex is not friendly controlled"
        elif task != "damage" and not near:
            why = "not next to a contiguous friendly operational line"
        elif spent + cost > points:
            why = f"needs {cost} points, {points - spent} left"
        if why is None:
            spent += cost
            status[i] = "damaged" if task == "damage" else side
            entry.update(legal=True, points=float(cost), status_after=str(status[i]))
        else:
            entry.update(legal=False, why=why)
        out.append(entry)
    return {"points": float(points), "spent": float(spent), "left": float(points - spent), "tasks": out}

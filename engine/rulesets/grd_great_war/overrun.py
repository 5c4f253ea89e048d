"""Overrun odds [6F], [6B4]: the movers' modified attack strength against the defenders' modified
defence, rounded down to whole odds ("116:8 → 14:1"), shifted one level down per fatigue hit of the
most-fatigued overrunning unit and one up per hit of the most-fatigued defender; legal only at 10:1
or better. A target with no defence strength is overrun at 12:1 (spec §10 #20: before shifts, option
``defenceless_overrun_odds``; or the final odds, no shift applied) by any unit with an attack
strength."""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Any


def overrun_odds(
    rs,
    attack: Fraction,
    defence: Fraction,
    attacker_hits: int = 0,
    defender_hits: int = 0,
    state=None,
) -> dict[str, Any]:
    """The odds of an overrun, with ``state``'s options (the data's defaults without one)."""
    o = rs.data["overrun"]
    if defence == 0:
        base = int(o["defenceless_odds"]["value"]) if attack > 0 else 0
    else:
        base = floor(Fraction(attack) / Fraction(defence))
    name = "defenceless_overrun_odds"  # spec §10 #20
    when = rs.option(state, name) if state is not None else rs.declarations.option(name).default
    fixed = defence == 0 and attack > 0 and when == "after_shifts"
    final = base if fixed else base - attacker_hits + defender_hits
    need = int(o["min_odds"]["value"])
    return {"odds": f"{base}:1", "shifted": f"{final}:1", "allowed": final >= need, "rule": "6F; 6B4"}


# ---------------------------------------------------------------------- an overrun as a move [6F]
OVERRUN_MODES = ("ground", "reaction", "exploitation")  # movement, reaction, exploitation phases [6F1]
NO_OVERRUN = {
    "accel": ("6B3", "a unit using accel movement spends MPs only for accel, rail, river or naval movement"),
    "reserve": ("6C", "a unit committed as a reserve may not overrun"),
}


def attack_of(unit) -> Fraction:
    """A unit's attack strength with disruption [3A5]: halved, none when badly disrupted."""
    if unit.attr("badly_disrupted"):
        return Fraction(0)
    a = Fraction(unit.strength or 0)
    return a / 2 if unit.attr("disrupted") else a


def defence_of(unit) -> Fraction:
    """A unit's defence strength (``attrs.defense`` when printed apart, else its combat strength)
    with disruption [3A5]: halved, quartered when badly disrupted."""
    d = unit.attr("defense")
    d = Fraction(d) if d is not None else Fraction(unit.strength or 0)
    if unit.attr("badly_disrupted"):
        return d / 4
    return d / 2 if unit.attr("disrupted") else d


def may_retreat_before(rs, unit) -> str | None:
    """Why ``unit`` may attempt to retreat before an overrun [6F2], [9I], or None: cavalry
    and fast c/m with a printed MA of 7 or 8 [14D], [14C4], irregulars (who must at 3:1 or
    better) [14L]. Over-snow units in snow [14G] are not told apart: the position has no field for them."""
    c = rs.cls(unit)
    fast = unit.movement in (7, 8)
    if unit.cls == "irregular":
        return "14L"
    if fast and c.get("exception") == "cavalry" and not c.get("transport"):
        return "14D"
    if fast and unit.cls == "cm":
        return "14C4"
    return None


def overrun_cost_cell(rs, board, unit):
    """The Overrun Movement Costs Table cell of ``unit`` (table ``overrun_costs``, row ``overrun``,
    column ``reduced_cost`` for cavalry, light, infantry and irregular units, else ``other``) [6F1],
    [14D], [14E], [14H], [14L]: the booklet prints no value, the chart-values file gives it."""
    cat = rs._zoc_category(rs.cls(unit), unit)
    what = f"the Overrun Movement Costs Table cost ({cat.replace('_', ' ')} units)"
    return board.values.cell("overrun_costs", "overrun", cat, what=what, rule="6F1")


def judge_overrun(rs, board, unit_ids: list[str], path: list[str], mode: str, **keywords: Any):
    """An overrun as a move [6F]: ``overrun=HEX`` names the enemy hex. The movers gather in the hex
    before it on the path (or the path's last hex: they do not advance) and each pays terrain, the
    ZOC of the enemy units in other hexes and the overrun cost to enter it, even when not advancing;
    then the defenders are eliminated and the movers may go on [6F1]. A path of the movers' own
    hex alone, holding enemy units, is a same-hex overrun, without MP costs [6F3]. ``attack=`` and
    ``defence=`` give the modified totals when terrain, fortification, supply or support modify them
    (charts the booklet does not print); otherwise printed strengths with disruption [3A5]."""
    from ....errors import InputError
    from ...core_fields import mp_field_value, spent_mp
    from ...movement import walk
    from ...search import mp
    from ...verdict import Changes, Reason, Step, Verdict, illegal, refused

    st = board.state
    target = str(keywords["overrun"])
    movers = [st.unit(i) for i in unit_ids]
    lead = movers[0]

    if target not in board.arrays.index:
        raise InputError(f"overrun={target}: unknown {board.map.id_word} {target!r}")
    if mode in NO_OVERRUN:
        return refused(*NO_OVERRUN[mode])
    if mode not in OVERRUN_MODES:
        return refused("6F1", f"no overrun in {mode} movement (only regular, reaction, exploitation)")
    enemy = rs.other_side(lead.side)
    defenders = [u for u in st.units_at(target) if u.side == enemy]
    if not defenders:
        return refused("6F1", f"{target} holds no {enemy} unit to overrun")
    for u in movers:
        if u.side != lead.side:
            return refused("6F1", f"{u.id} is not on {lead.side}'s side: an overrun is one side's")
        if u.hex != lead.hex:
            return refused("6F1", f"{u.id} is not with {lead.id}: the overrunning units move together")
        barred = rs.barred_in_mode(u, mode)
        if barred is not None:
            return refused(barred.rule, barred.message)
    same_hex = target == lead.hex
    if same_hex:
        if path != [target]:
            return refused("6F3", "a same-hex overrun moves no unit: give the movers' hex alone")
        gather, advance, onward = target, False, []
    elif target in path:
        k = path.index(target)
        if k == 0:
            raise InputError("the path starts in the hex to overrun")
        gather, advance, onward = path[k - 1], True, path[k + 1 :]
        before = path[:k]
    else:
        gather, advance, onward = path[-1], False, []
        before = path
    if not same_hex and board.arrays.edge_slot(gather, target) is None:
        return refused(
            "6F1", f"the movers gather in {gather}, not adjacent to {target}: no overrun from there"
        )

    # the odds [6F1], [6B4]: the players' modified totals, or printed strengths with disruption
    given_attack, given_defence = keywords.get("attack"), keywords.get("defence")
    try:
        attack = (
            Fraction(str(given_attack))
            if given_attack is not None
            else sum(map(attack_of, movers), Fraction(0))
        )
        defence = (
            Fraction(str(given_defence))
            if given_defence is not None
            else sum(map(defence_of, defenders), Fraction(0))
        )
    except (ValueError, ZeroDivisionError):
        raise InputError(f"attack={given_attack} defence={given_defence}: expected numbers") from None
    hits = [int(u.attr("fatigue_hits", 0) or 0) for u in movers]
    held = [int(u.attr("fatigue_hits", 0) or 0) for u in defenders]
    odds = overrun_odds(rs, attack, defence, max(hits), max(held), state=st)
    escape = [(u.id, why) for u in defenders if (why := may_retreat_before(rs, u))]
    extra: dict[str, Any] = {
        "overrun": {
            "hex": target,
            "attack": _num(attack),
            "defence": _num(defence),
            "strengths": "given"
            if given_attack is not None or given_defence is not None
            else "printed, disruption applied",
            "odds": odds["odds"],
            "shifted": odds["shifted"],
            "defenders": [u.id for u in defenders],
            "advance": advance,
        }
    }
    if not odds["allowed"]:
        need = rs.data["overrun"]["min_odds"]["value"]
        return refused(
            "6F1",
            f"overrun odds {odds['odds']} (after fatigue shifts {odds['shifted']}) are below {need}:1",
            **extra,
        )
    if not rs.stack_fits(_without(board, defenders), target, unit_ids):
        return refused("6F1; 8A", f"the overrunning units exceed the stacking limit of {target}", **extra)
    effects = [f"{', '.join(u.id for u in defenders)} eliminated, cadres and remnants too (6F1)"]
    if escape:
        effects.append(
            "before the overrun the defender may attempt retreat before combat with "
            + ", ".join(f"{i} ({r})" for i, r in escape)
            + "; if all escape, the movers pay no overrun cost (6F2, 9I)"
        )
    if same_hex:
        effects.append("same-hex overrun: no MP cost (6F3)")
        return Verdict(
            True,
            Fraction(0),
            (),
            (),
            tuple(effects),
            extra=extra,
            changes=Changes(removed=tuple(u.id for u in defenders)),
        )

    after = _without(board, defenders)  # the defenders' ZOC ends at the instant of overrun [6F1]
    per_unit: dict[str, Any] = {}
    fields: dict[str, dict[str, Any]] = {}
    lead_steps, lead_total = [], Fraction(0)
    for u in movers:
        costs, cells = rs.ground_costs(board, u, mode)
        w1 = walk(board, costs, before, rs.adjacency_rule, mode)
        if (no := rs._walk_refused(board, w1, cells, u, **extra)) is not None:
            return no
        costs2, cells2 = rs.ground_costs(after, u, mode)
        w2 = walk(after, costs2, [gather, target, *onward], rs.adjacency_rule, mode, start_spent=w1.spent)
        if w2.failure is not None:
            if w2.failure.rule == "chart":
                rs._raise_missing(after, w2, cells2)
            why = w2.failure
            if w2.failed_at == 0:  # the overrun step itself: every mover must be able to enter [6F1]
                why = Reason(why.rule, f"{why.message}: {u.id} cannot enter the hex it overruns (6F1)")
            return illegal([*w1.steps, *w2.steps], mp(w2.spent), why.rule, f"{u.id}: {why.message}", **extra)
        cost = Fraction(str(overrun_cost_cell(rs, board, u)))
        first = w2.steps[0]
        first = Step(
            first.frm,
            first.to,
            first.mp + cost,
            first.total + cost,
            (*first.parts, ("overrun", cost, "6F1")),
            mode,
        )
        rest = [Step(s.frm, s.to, s.mp, s.total + cost, s.parts, s.mode) for s in w2.steps[1:]]
        steps = [*w1.steps, first, *rest] if advance else [*w1.steps, first]
        total = mp(w1.spent) + first.mp + (sum((s.mp for s in rest), Fraction(0)) if advance else 0)
        ma = rs.movement_allowance(u, mode, st) or Fraction(0)
        left = ma - spent_mp(u)
        if total > left:  # no one-hex exception: a unit short of MPs may not join [6F1]
            return illegal(
                steps,
                total,
                "6F1",
                f"{u.id}: {total} MP (with the overrun) is more than the {left} MP left",
                **extra,
            )
        per_unit[u.id] = _num(total)
        if u is lead:
            lead_steps, lead_total = steps, total
        elif total != lead_total:  # the core records the lead's MP for every mover
            fields[u.id] = {"mp_spent": mp_field_value(spent_mp(u) + total)}
    extra["overrun"]["mp"] = per_unit
    if not advance:
        effects.append(f"the movers stay in {gather}: the advance is optional, its MPs are paid (6F1)")
    return Verdict(
        True,
        lead_total,
        tuple(lead_steps),
        (),
        tuple(effects),
        extra=extra,
        changes=Changes(removed=tuple(u.id for u in defenders), unit_fields=fields),
    )


def _without(board, gone):
    """The board with the ``gone`` units off it (their ZOC and occupation end)."""
    from ...board import Board

    ids = {u.id for u in gone}
    state = board.state.replace(units=tuple(u for u in board.state.units if u.id not in ids))
    return Board.on(board.arrays, state, values=board.values)


def _num(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)

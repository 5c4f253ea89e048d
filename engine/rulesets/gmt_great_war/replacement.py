"""The Replacement Phase of a Strategic Turn (5.31-5.37): the ``replace`` action, Resource Points
spent from the core ledger ``resource_points``.

Both players may return eliminated ground units to play by buying them from the dead pile with
Resource Points, and bring reduced two-step units on the map back to full strength when they are in
supply at that instant (5.31). One RP per strength step (5.33); a unit or step with a dot may not be
replaced (5.32). A rebuilt unit goes to the Available Units Box (5.33): the Near East box for a unit
eliminated on the Near East maps, the European box for one eliminated on the east and west maps;
German units always to Europe (5.35, 5.37). A rebuilt HQ is placed depleted side up, or support side
up for two RPs, never on Strategic Turns B and C (5.34). A country's units are rebuilt with its own
RPs (those transferred to it are its own) (5.35); the exceptions name the country whose RPs rebuild
them (``[replacement] rp_nation`` by nation, or the unit's own ``rp_nation`` field). No more than one
step of Canadian units, and one of Australian or New Zealand units together, in any Replacement
Phase (5.36; the core ledger ``replacement_steps``, period phase).

The RPs each country has are the ``resource_points`` ledger (period game, one pool per nation, the
scenario's or the record track's totals as the pools' capacities); every replacement spends from it.
The game played is the position's ``game`` (gwie, gwine, or gwie_ne for both together), read when
a limit depends on it. GWiE: the first five British (not ANZAC or Canadian) units destroyed on the
East Front map may not be rebuilt (5.36); the position states, for each British unit destroyed there,
the order it was destroyed in (``east_front_loss``: 1 for the first). GWiNE: German units may never be
replaced once destroyed (5.37). Both are read as of the game named ("GWiE:", "GWiNE:"), not the
combined game, whose Near East maps take the British units 5.36 says are "being rebuilt and used in
Egypt" and where 5.37's first bullet sends German units back to Europe. The Turkish Required
Reserve roll (5.38) is :mod:`.required_reserve`.
"""

from __future__ import annotations

from fractions import Fraction

from ....errors import InputError
from ...board import Board
from ...ledger import Ledger
from ...state import Unit
from ...verdict import Changes, Verdict
from ...verdict import refused as _no
from .supply import supplied_mask

RP_LEDGER = "resource_points"
STEP_LEDGER = "replacement_steps"


def rp_pool(data, unit: Unit) -> str:
    """The country whose RPs rebuild ``unit`` (5.35 and its exceptions)."""
    own = unit.attr("rp_nation")
    if own:
        return str(own)
    return data["replacement"]["rp_nation"]["value"].get(unit.nation, unit.nation)


def _game(state, unit: Unit, rule: str) -> str:
    game = state.extra.get("game")
    if game is None:
        raise InputError(
            f"{unit.id}: whether it may be rebuilt depends on the game played ({rule}): state game "
            "(gwie, gwine or gwie_ne)",
            where="$.game",
        )
    return str(game)


def barred(rules, state, unit: Unit) -> Verdict | None:
    """5.36 (GWiE: the first five British units destroyed on the East Front) and 5.37 (GWiNE: German
    units): why the eliminated ``unit`` may never be rebuilt, or None."""
    first = rules["first_british"]["value"]
    east = unit.nation in first["nations"] and unit.attr("died_on") == first["front"]
    if east and _game(state, unit, "5.36") in first["games"]:
        order = unit.need(
            "east_front_loss",
            f"{unit.id}: GWiE's first {first['count']} British units destroyed on the East Front "
            "are never rebuilt (5.36): state the order it was destroyed in (east_front_loss)",
        )
        if int(order) <= first["count"]:
            return _no(
                "5.36",
                f"{unit.id} is British unit {order} destroyed on the East Front: the first "
                f"{first['count']} may not be rebuilt (GWiE)",
            )
    never = rules["never_replaced"]["value"]
    if unit.nation in never["nations"] and _game(state, unit, "5.37") in never["games"]:
        return _no("5.37", f"GWiNE: {unit.id} is German: German units may never be replaced once destroyed")
    return None


def _steps_of(unit: Unit) -> int:
    return 2 if unit.attr("two_step") else 1


def judge_replacement(board: Board, data, rs, unit: Unit, steps: int, support: bool) -> Verdict:
    """Whether ``steps`` of ``unit`` may be replaced now (5.31-5.37), and what it costs."""
    rules = data["replacement"]
    state = board.state
    dot = unit.attr("dot")
    if dot == "unit":
        return _no("5.32", f"{unit.id} has a dot: it may not be replaced")
    eliminated = unit.attr("eliminated") is True
    most = _steps_of(unit)
    if eliminated:
        never = barred(rules, state, unit)
        if never is not None:
            return never
        if not 1 <= steps <= most:
            return _no(
                "5.33", f"{unit.id} has {most} step{'s' if most > 1 else ''}: {steps} cannot be rebuilt"
            )
        if dot == "full" and steps == 2:
            return _no("5.32", f"{unit.id}'s full-strength side has a dot: it is rebuilt reduced only")
        if unit.nation in rules["german_nations"]["value"]:
            box = "europe"
        else:
            died = unit.need(
                "died_on",
                f"{unit.id}: where it was eliminated decides its Available Units Box (5.35): state died_on",
            )
            box = "near_east" if data["fronts"][died].get("near_east", False) else "europe"
        cost = steps
        fields: dict = {"eliminated": False, "available_box": box, "reduced": most == 2 and steps == 1}
        if unit.cls == "hq":
            fields = {**fields, "depleted": not support}
            if support:
                if state.extra.get("strategic_turn") in rules["hq_support_barred_turns"]["value"]:
                    return _no(
                        "5.34",
                        "HQ units may not be rebuilt on their support sides on Strategic Turns B and C",
                    )
                cost = rules["hq_support_cost"]["value"]
        plural = "s" if steps > 1 else ""
        where = box.replace("_", " ")
        how = f"5.33: {unit.id} rebuilt ({steps} step{plural}) into the {where} Available Units Box"
    else:
        if support:
            return _no("5.34", "support=true is for an HQ rebuilt from the dead pile")
        if unit.hex not in board.arrays.index:
            return _no("5.31", f"{unit.id} is neither eliminated nor on the map")
        if most < 2 or not unit.attr("reduced"):
            return _no(
                "5.31",
                "only reduced two-step units on the map are brought back up to full strength; "
                f"{unit.id} is not one",
            )
        if steps != 1:
            return _no("5.33", f"{unit.id} is one step short of full strength, not {steps}")
        if dot == "full":
            return _no("5.32", f"{unit.id}'s full-strength step has a dot: it may not be replaced")
        if not supplied_mask(board, data, rs, unit)[board.idx(unit.hex)]:
            return _no(
                "5.31",
                f"{unit.id} is out of supply: only units in supply at that instant are brought up to "
                "full strength",
            )
        unit.need(  # the position states the side it is brought back to
            "full_strength",
            f"{unit.id}: its full-strength side's combat factor is the position's (full_strength)",
        )
        cost = 1
        fields = {"reduced": False}
        how = f"5.31: {unit.id} brought back up to full strength in supply"
    limits = rules["step_limits"]["value"]
    group = next((g for g, nations in limits.items() if unit.nation in nations), None)
    step_ledger = Ledger.of(state, STEP_LEDGER, {g: (1, "5.36") for g in limits}, "phase")
    if group is not None and steps > step_ledger.balance(group):
        return _no("5.36", f"no more than one step of {group} units may be rebuilt in a Replacement Phase")
    pool = rp_pool(data, unit)
    rp = Ledger.of(state, RP_LEDGER, {}, "game")
    have = rp.balance(pool)
    if cost > have:
        return _no(
            "5.33", f"{pool} has {have} RPs: {unit.id} costs {cost} ({'5.34' if cost != steps else '5.33'})"
        )
    rp = rp.spend(pool, unit.id, Fraction(cost), "replacement", "5.33")
    ledgers = {RP_LEDGER: rp.to_state()}
    if group is not None:
        ledgers[STEP_LEDGER] = step_ledger.spend(
            group, unit.id, Fraction(steps), "steps rebuilt", "5.36"
        ).to_state()
    strengths = {} if eliminated else {unit.id: int(unit.attr("full_strength"))}
    effects = (how, f"{cost} RP{'s' if cost > 1 else ''} of {pool} spent ({have - cost} left)")
    return Verdict(
        True,
        Fraction(0),
        (),
        (),
        effects,
        {"ledgers": ledgers, "replaced": {"unit": unit.id, "steps": steps, "rp": cost, "pool": pool}},
        Changes(unit_fields={unit.id: fields}, strengths=strengths),
    )

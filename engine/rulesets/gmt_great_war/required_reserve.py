"""The Turkish Required Reserve roll (5.38): the ``turkish_reserve`` action of the Replacement Phase.

5.38: "Starting with Strategic Turn C and continuing for the remainder of the game, the Central
Powers player must roll a die (or dice) at the end of the Replacement Phase of every Strategic Turn to
determine the Turkish Required Reserve for the following Operational Turns. The result is the minimum
number of Turkish Infantry Divisions that the CP player must have in the Turkish Required Reserve
Holding Box [...] On Strategic Turns C and O, roll one die. On Strategic Turns D through N, roll two
dice."

Judged: the Central Powers roll, from Strategic Turn C on (the position's ``strategic_turn``), once a
Strategic Turn, with the number of dice of the turn's letter; a letter the rule gives no number for
is bad input (exit 2). The result is written to the core ledger ``turkish_required_reserve`` (period
game, one pool per Strategic Turn letter, its balance the reserve required until the next), and the
effects compare it with the Turkish infantry divisions the position has in the Holding Box (the unit
field ``in_trr``). Not judged: the transfers into and out of the box that follow the roll (units
picked up from the map, the transit box or the Available Units Box; the excess sent to the Strategic
Movement Transit Box), which the position states through ``in_trr``.
"""

from __future__ import annotations

from fractions import Fraction

from ....errors import InputError
from ...board import Board
from ...ledger import Ledger
from ...verdict import Changes, Verdict
from ...verdict import refused as _no

TRR_LEDGER = "turkish_required_reserve"


def held(state, rules) -> int:
    """Turkish infantry divisions in the Turkish Required Reserve Holding Box (``in_trr``)."""
    return sum(
        1
        for u in state.units
        if u.attr("in_trr") is True and u.nation in rules["nations"] and u.cls in rules["classes"]
    )


def judge_roll(board: Board, data, side: str) -> Verdict:
    """5.38: the Central Powers' Turkish Required Reserve roll of this Strategic Turn."""
    rules = data["turkish_required_reserve"]
    state = board.state
    if side != rules["side"]:
        return _no("5.38", "the Central Powers player rolls the Turkish Required Reserve")
    turn = state.extra.get("strategic_turn")
    if turn is None:
        raise InputError(
            "5.38 rolls from Strategic Turn C on: state strategic_turn", where="$.strategic_turn"
        )
    letters = data["state_fields"]["strategic_turn"]["choices"]
    first = rules["from_turn"]
    if letters.index(turn) < letters.index(first):
        return _no(
            "5.38", f"the Turkish Required Reserve is rolled from Strategic Turn {first} on, not {turn}"
        )
    dice_of = {t: n for n, ts in rules["dice"].items() for t in ts}
    if turn not in dice_of:
        raise InputError(
            f"5.38 gives the number of dice for Strategic Turns {', '.join(sorted(dice_of))} only, "
            f"not {turn}",
            where="$.strategic_turn",
        )
    ledger = Ledger.of(state, TRR_LEDGER, {}, "game")
    if ledger.entries.get(turn):
        return _no("5.38", f"the Turkish Required Reserve of Strategic Turn {turn} is rolled already")
    dice = board.dice()
    n = int(dice_of[turn])
    total, rolls = dice.roll_sum(f"Turkish Required Reserve turn {turn}", n)
    ledger = ledger.increase(turn, Fraction(total), "Turkish infantry divisions required", "5.38")
    have = held(state, rules)
    if have < total:
        after = f"{total - have} short: units may be picked up into the box (5.38)"
    elif have > total:
        after = f"{have - total} over: they may go to the Strategic Movement Transit Box (5.38)"
    else:
        after = "exactly the number required"
    effects = (
        f"5.38: Strategic Turn {turn}, {n} di{'ce' if n > 1 else 'e'} "
        f"{'+'.join(str(r.value) for r in rolls)} = {total} Turkish infantry divisions required",
        f"5.38: {have} in the Turkish Required Reserve Holding Box: {after}",
    )
    return Verdict(
        True,
        Fraction(0),
        (),
        (),
        effects,
        {"ledgers": {TRR_LEDGER: ledger.to_state()}, "required_reserve": {"required": total, "held": have}},
        Changes(),
        rolls=tuple(r.to_dict() for r in dice.used),
    )

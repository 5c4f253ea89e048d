"""Capitals [5.6] and liberated minor countries [12]: what a change of control does to the NRC bank.

When enemy ground units take control of a Major Power's capital area (sole control or last passage:
a contested capital starts no clock, spec A40) the area records the game turn (location field
``capital_taken``). At the end of that power's next Player-Turn, if the enemy still controls the
area, the power loses ½ of its remaining NRC balance; regaining control before then costs nothing,
and regaining it later restores nothing [5.6]. The loss is one ``spend`` entry in the bank ledger,
made once per taking.

A minor country all of whose areas were enemy-controlled or contested is liberated when its
friends free the last of them (a position records no past overrun, so the engine pays when one move
frees a country that was wholly held): 5 NRC per area of the country, paid at once [12] into the Major
Power index that holds its NRC (state field ``nrc_index``, spec A22; or the liberating Major Power,
option ``liberation_bonus_to``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ....errors import InputError
from . import bank


def taken(
    rs, board, geo, side: str, locations: dict[str, dict[str, Any]], entered: str | None = None
) -> list[str]:
    """Mark the capital areas of enemy Major Powers whose control ``locations`` hands to ``side``;
    the effects to report. With option ``contested_capital_taken`` (spec A40) a capital area
    ``entered`` that stays contested (its power's units still there) is marked too."""
    effects = []
    al = rs.alignment(board.state)
    if entered is not None and entered not in locations and contested_counts(rs, board.state):
        i = board.idx(entered)
        power = geo.capital[i]
        held = rs.parts(board)[1].present[rs.other_side(side)][i]
        fresh = board.state.hex(entered).field("capital_taken") is None
        if power is not None and al.get(power) not in (side, None) and held and fresh:
            locations[entered] = {"fields": {"capital_taken": board.state.turn}}
            rule = rs.data["capitals"]["loss"]["rule"]
            effects.append(
                f"{side} contests {entered}, capital of {power} ({rule}; option "
                f"contested_capital_taken): {power} loses 1/2 of its NRC at the end of its next "
                f"Player-Turn unless it regains {entered}"
            )
    for loc, change in locations.items():
        i = board.idx(loc)
        power = geo.capital[i]
        if power is None or change.get("owner") != side or al.get(power) in (side, None):
            continue
        change.setdefault("fields", {})["capital_taken"] = board.state.turn
        rule = rs.data["capitals"]["loss"]["rule"]
        effects.append(
            f"{side} takes control of {loc}, capital of {power} ({rule}): {power} loses 1/2 of its NRC "
            f"at the end of its next Player-Turn unless it regains {loc}"
        )
    return effects


def contested_counts(rs, state) -> bool:
    """Whether a contested capital counts as taken (option ``contested_capital_taken``, spec A40)."""
    return bool(rs.option(state, "contested_capital_taken"))


def _held_by_enemy(rs, state, occ, i: int, side: str) -> bool:
    """[5.6]: ``side``'s capital area ``i`` is held by the enemy: enemy-controlled, or contested
    when the option counts it (spec A40)."""
    return occ.control[i] == rs.other_side(side) or (contested_counts(rs, state) and occ.contested[i])


def pending(rs, board, side: str) -> list[dict[str, Any]]:
    """[5.6]: the capitals of ``side``'s Major Powers held by the enemy, and what their loss would be."""
    geo, occ = rs.parts(board)
    state = board.state
    share, rule = rs.value("capitals", "loss")
    out = []
    for i in np.flatnonzero(~np.equal(geo.capital, None)):
        power, loc = geo.capital[i], board.arrays.ids[i]
        if rs.alignment(state).get(power) != side or not _held_by_enemy(rs, state, occ, i, side):
            continue
        when = state.hex(loc).field("capital_taken")
        loss = bank.balance(rs, state, power) * share
        out.append(
            {
                "power": power,
                "area": loc,
                "taken_turn": when,
                "loss": int(loss) if loss.denominator == 1 else float(loss),
                "due": f"end of {power}'s next Player-Turn after game turn {when}, unless regained",
                "rule": rule,
            }
        )
    return out


def separate_peace(rs, board, side: str) -> dict[str, list[str]]:
    """[15.1.2] (multi-player option): the Major Powers of ``side`` that may make a separate peace,
    with the conditions that allow it: the Mobilization Pool exhausted, an NRC balance of 0, or
    half of the territory's areas, the capital area among them, controlled or contested by the
    enemy."""
    geo, occ = rs.parts(board)
    state = board.state
    enemy = rs.other_side(side)
    pool = bank.pool(rs, state)
    out: dict[str, list[str]] = {}
    for power in rs.majors():
        if rs.alignment(state).get(power) != side:
            continue
        why = []
        mine = [p for p in pool.pools() if p.startswith(f"{power}.")]
        if mine and all(pool.balance(p) <= 0 for p in mine):
            why.append("its Mobilization Pool is exhausted")
        if power in bank.bank(rs, state).pools() and bank.balance(rs, state, power) <= 0:
            why.append("its NRC balance is 0")
        areas = np.flatnonzero(geo.land & np.equal(geo.country, power))
        held = np.equal(occ.control[areas], enemy) | occ.contested[areas]
        capital = areas[np.equal(geo.capital[areas], power)]
        if (
            len(areas)
            and 2 * held.sum() >= len(areas)
            and len(capital)
            and held[np.isin(areas, capital)].all()
        ):
            n = int(held.sum())
            why.append(f"{n} of its {len(areas)} areas, the capital among them, are enemy-held or contested")
        if why:
            out[power] = why
    return out


def _moves_first(rs, state) -> str:
    first = state.extra.get("first_side")
    if first not in rs.sides:
        raise InputError(
            f"expected first_side = one of {', '.join(rs.sides)} (the Situation says which side moves "
            "first [3]): needed to date a capital's loss",
            where="$.first_side",
        )
    return first


def losses(rs, board, side: str) -> tuple[dict[str, Any], list[str]]:
    """[5.6] at the end of ``side``'s Player-Turn: (ledgers after the capital losses now due, effects)."""
    geo, occ = rs.parts(board)
    state = board.state
    share, rule = rs.value("capitals", "loss")
    al = rs.alignment(state)
    ledgers: dict[str, Any] = {}
    effects: list[str] = []
    for i in np.flatnonzero(~np.equal(geo.capital, None)):
        power, loc = geo.capital[i], board.arrays.ids[i]
        if al.get(power) != side or not rs.is_major(power):
            continue
        when = state.hex(loc).field("capital_taken")
        if when is None or not _held_by_enemy(rs, state, occ, i, side):
            continue  # never taken, or regained in time (or contested, spec A40)
        when = int(when)
        if when > state.turn or (when == state.turn and _moves_first(rs, state) == side):
            continue  # taken after this Player-Turn began: due at the end of the next one
        what = f"loss of the capital {loc} taken in game turn {when}"
        st = state.replace(ledgers={**state.ledgers, **ledgers})
        led = bank.bank(rs, st)
        if any(e.what == what for e in led.entries.get(power, ())):
            continue  # paid once; getting the capital back later restores nothing
        amount = led.balance(power) * share
        ledgers.update(bank.pay(rs, st, power, loc, amount, what, rule, forced=True))
        effects.append(f"{power} loses {amount} NRC: {loc} is still held by {rs.other_side(side)} ({rule})")
    return ledgers, effects


def liberation(
    rs,
    board,
    geo,
    occ,
    side: str,
    locations: dict[str, dict[str, Any]],
    ledgers: dict[str, Any],
    liberator: str | None = None,
) -> tuple[dict[str, Any], list[str]]:
    """[12]: the bank entries and effects of a move whose control changes free a minor country.
    The bonus goes to the Major Power index that holds the minor's NRC (spec A22), or, with option
    ``liberation_bonus_to`` = "liberator", to the Major Power whose unit (``liberator``, its
    nation) frees the last area (a minor's own unit: the index, as by default)."""
    al = rs.alignment(board.state)
    enemy = rs.other_side(side)
    out: dict[str, Any] = {}
    effects: list[str] = []
    freed = {board.idx(loc) for loc, ch in locations.items() if ch.get("owner") == side}
    for country in sorted({geo.country[i] for i in freed if geo.country[i]}):
        if rs.is_major(country) or al.get(country) != side:
            continue
        areas = np.flatnonzero(geo.land & np.equal(geo.country, country))
        held = np.equal(occ.control[areas], enemy) | occ.contested[areas]
        if not held.all():
            continue  # it was not overrun
        if (held & ~np.isin(areas, sorted(freed))).any():
            continue  # not the last one
        per, rule = rs.value("liberation", "per_area")
        index = (board.state.extra.get("nrc_index") or {}).get(country)
        to_liberator = rs.option(board.state, "liberation_bonus_to") == "liberator"
        if to_liberator and liberator is not None and rs.is_major(liberator):
            index = liberator
        if index is None:
            raise InputError(
                f"expected nrc_index.{country} = the Major Power whose NRC Index holds {country}'s NRC "
                "(5.1; spec A22): needed for its liberation bonus",
                where=f"$.nrc_index.{country}",
            )
        amount = per * len(areas)
        st = board.state.replace(ledgers={**board.state.ledgers, **ledgers, **out})
        led = bank.bank(rs, st).increase(index, amount, f"liberation of {country}", rule, lasting=True)
        out[rs.data["nrc"]["ledger"]] = led.to_state()
        effects.append(f"{country} is liberated ({rule}): {index} gains {amount} NRC ({per} per area)")
    return out, effects


__all__ = ["liberation", "losses", "pending", "separate_peace", "taken"]

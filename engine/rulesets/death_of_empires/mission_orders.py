"""The Mission Order Segment (7.13): the Supreme Commander orders each army (and strategic corps)
leader, each army leader its corps leaders. A leader whose printed preference is the order obeys
without a roll; otherwise both roll 1d6 plus their MO modifiers, the higher wins, ties to the
superior; a subordinate who wins executes his preference, and each impulse in a row that he does
is subtracted from his modifier the next time (the SP marker under his leader)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Outcome:
    leader: str
    ordered: str
    preference: str
    mission: str
    superior_total: int | None = None
    leader_total: int | None = None
    defiance: int = 0  # the SP marker after this segment

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


def resolve(
    dice, leader: str, ordered: str, preference: str, superior_modifier: int, modifier: int, defiance: int = 0
) -> Outcome:  # noqa: E501
    """7.13: the mission a leader executes this impulse."""
    if preference == ordered:
        return Outcome(leader, ordered, preference, ordered, defiance=0)
    sup = dice.roll(f"mission order: superior of {leader}").value + superior_modifier
    own = dice.roll(f"mission order: {leader}").value + modifier - defiance
    if own > sup:
        return Outcome(leader, ordered, preference, preference, sup, own, defiance + 1)
    return Outcome(leader, ordered, preference, ordered, sup, own, 0)


def mission_orders(rs, board, side: str) -> tuple[list[dict], list[dict]]:
    """Each HQ of ``side`` given an order (``mo_ordered``) this segment: (outcomes, die rolls). The
    superior's modifier is its HQ's ``mo_modifier`` (army HQ over corps HQs), or the state's
    ``supreme_mo_modifier`` over army HQs."""
    state = board.state
    dice = board.dice()
    armies = {
        u.attr("army"): u for u in state.units_of(side) if u.cls == "hq" and u.attr("hq_level") == "army"
    }
    out = []
    for u in state.units_of(side):
        if u.cls != "hq" or u.attr("mo_ordered") is None:
            continue
        if u.attr("hq_level") == "army" or not u.attr("army"):
            sup = int(state.extra.get("supreme_mo_modifier", 0))
        else:
            sup = int((armies.get(u.attr("army")) or u).attr("mo_modifier", 0))
        o = resolve(
            dice,
            u.id,
            u.attr("mo_ordered"),
            u.attr("mo_preference", u.attr("mo_ordered")),
            sup,
            int(u.attr("mo_modifier", 0)),
            int(u.attr("mo_defiance", 0)),
        )
        out.append({**o.to_dict(), "rule": "7.13"})
    return out, dice.report()


def army_mission(state, army: str | None) -> str | None:
    """The Mission Order an army executes this impulse: its Main Depot's or its Army HQ's (7.13)."""
    if not army:
        return None
    for u in state.units:
        if (
            u.attr("army") == army
            and u.attr("mission")
            and (u.attr("type") == "main_depot" or u.attr("hq_level") == "army")
        ):
            return u.attr("mission")
    return None


def flexible_depot_problem(state, movers) -> str | None:
    """7.15.D EXCEPTION: the Main Depot of an army on the Flexible MO may not move."""
    for u in movers:
        if u.attr("type") == "main_depot" and army_mission(state, u.attr("army")) == "flexible":
            return f"{u.id}: the Main Depot of {u.attr('army')}, on the Flexible Mission Order, may not move"
    return None

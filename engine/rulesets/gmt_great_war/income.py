"""The Resource Points each country receives in the Resource Phase (5.12, 5.13, 5.15, 5.16): the
``receive_rp`` action, added to the core ledger ``resource_points`` (see :mod:`.replacement`).

5.12: "all Resource Points (RPs) due this turn for the various non-neutral countries are added to
their respective totals recorded on the General Records Track. The number of RPs a country receives
is listed on the Resource Point Chart printed on the Player Aid Card. In addition, Britain, Russia and
Turkey receive additional RPs from the Resource Point Chart on the Near East map and Germany may
receive additional RPs for resource hexes controlled by the Central Powers (5.16). No country
receives RPs while neutral." The two charts are not printed in the rulebook: the act takes the
figures read off them (``chart``, ``near_east``); what is judged is who may receive what:

- no country receives RPs while neutral (5.12): a nation whose home countries are all neutral and
  have not entered the war (``entered_war``);
- Near East RPs go to Britain, Russia and Turkey only (5.15);
- resource-hex RPs go to Germany only, at most the worth of the resource hexes (5.16: Mons, Lens,
  Bethune, Longwy, Polesti one each, Kiev two) the Central Powers control now; the four Strategic
  Turns of waiting and the supply line to Berlin or the Ruhr over them need the game's history and are
  not judged;
- each country receives once a Resource Phase (the core ledger ``rp_received``, period phase).

5.13: "No nation may end any Strategic Turn with more than 10 Resource Points on the track -- any
unspent excess is lost. Some nations may transfer RPs to other nations at this time (see 5.17)." The
total a country brings into this Resource Phase is what it ended the last Strategic Turn with, so
the excess above 10 is lost first (an entry of the ledger under 5.13), then this turn's RPs are added.
Read so, the receipt opens the country's Resource Phase: a country that has already transferred,
received a transfer or invoked emergency replacements in this phase is refused.
"""

from __future__ import annotations

from fractions import Fraction

from ...board import Board
from ...ledger import Ledger
from ...verdict import Changes, Verdict
from ...verdict import refused as _no
from .position import Position
from .replacement import RP_LEDGER
from .resources import EMERGENCY_LEDGER, TRANSFER_LEDGER

RECEIVED_LEDGER = "rp_received"


def is_neutral(data, state, nation: str) -> bool:
    """5.12: whether ``nation``'s home countries are all neutral (none has entered the war)."""
    homes = data["placement"]["home_countries"]["value"].get(nation, [])
    joined = state.extra.get("entered_war") or {}
    countries = data["countries"]
    return bool(homes) and all(countries.get(c) == "neutral" and c not in joined for c in homes)


def _acted_this_phase(state, nation: str) -> str | None:
    """The RP change ``nation`` already made in this Resource Phase, if any (5.13, 5.17, 5.18)."""
    moved = Ledger.of(state, TRANSFER_LEDGER, {}, "phase")
    for pool in moved.pools():
        for e in moved.entries.get(pool, ()):
            if nation in e.unit.split("->"):
                return "a transfer (5.17)"
    once = Ledger.of(state, EMERGENCY_LEDGER, {}, "phase")
    if once.entries.get(nation):
        return "emergency replacements (5.18)"
    return None


def resource_hex_worth(board: Board, data) -> int:
    """5.16: the RPs the resource hexes the Central Powers control now are worth."""
    pos = Position.of(board, data)
    index = board.arrays.index
    worth = data["resource_income"]["resource_hexes"]["value"]
    return sum(int(w) for h, w in worth.items() if h in index and pos.controller[index[h]] == "cp")


def judge_receipt(
    board: Board, data, nation: str, chart: int, near_east: int, resource_hexes: int
) -> Verdict:
    """Whether ``nation`` receives these RPs now (5.12, 5.15, 5.16), the 5.13 ceiling applied first."""
    rules = data["resource_income"]
    state = board.state
    if min(chart, near_east, resource_hexes) < 0:
        return _no("5.12", "RPs received are not negative")
    if is_neutral(data, state, nation):
        return _no("5.12", f"no country receives RPs while neutral: {nation} has not entered the war")
    if near_east and nation not in rules["near_east_nations"]["value"]:
        nations = ", ".join(rules["near_east_nations"]["value"])
        return _no("5.15", f"only {nations} receive RPs from the Near East chart, not {nation}")
    if resource_hexes:
        if nation not in rules["resource_hex_nations"]["value"]:
            return _no("5.16", f"only Germany receives RPs for resource hexes, not {nation}")
        most = resource_hex_worth(board, data)
        if resource_hexes > most:
            return _no(
                "5.16",
                f"the resource hexes the Central Powers control are worth {most} RPs, not {resource_hexes}",
            )
    received = Ledger.of(state, RECEIVED_LEDGER, {nation: (1, "5.12")}, "phase")
    if received.balance(nation) < 1:
        return _no("5.12", f"{nation} has received its RPs in this Resource Phase already")
    before = _acted_this_phase(state, nation)
    if before is not None:
        return _no("5.13", f"{nation}'s RPs due are recorded before RPs change hands: it has made {before}")
    ceiling = rules["ceiling"]["value"]
    rp = Ledger.of(state, RP_LEDGER, {}, "game")
    have = rp.balance(nation)
    effects = []
    if have > ceiling:
        lost = have - ceiling
        rp = rp.spend(nation, nation, lost, "unspent excess lost at the Strategic Turn's end", "5.13")
        effects.append(
            f"5.13: {nation} ended the last Strategic Turn with {have} RPs: {lost} above {ceiling} lost"
        )
    parts = (("5.12", chart, "Resource Point Chart"), ("5.15", near_east, "Near East chart"))
    parts += (("5.16", resource_hexes, "resource hexes"),)
    total = 0
    for rule, amount, what in parts:
        if amount:
            rp = rp.increase(nation, Fraction(amount), f"RPs due: {what}", rule)
            total += amount
            effects.append(f"{rule}: {amount} RP{'s' if amount > 1 else ''} to {nation} ({what})")
    received = received.spend(nation, nation, Fraction(1), "RPs received", "5.12")
    ledgers = {RP_LEDGER: rp.to_state(), RECEIVED_LEDGER: received.to_state()}
    effects.append(f"5.12: {nation} has {rp.balance(nation)} RPs")
    extra = {
        "ledgers": ledgers,
        "received": {"nation": nation, "rps": total, "total": int(rp.balance(nation))},
    }
    return Verdict(True, Fraction(0), (), (), tuple(effects), extra, Changes())

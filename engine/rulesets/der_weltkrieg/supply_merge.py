"""A Supply Point marker merged into a friendly Headquarters at the end of a Movement Phase (R18-10):
the ``merge_supply`` action.

If at the end of any movement phase a Supply Point Marker is in the same hex as a friendly
Headquarters, it may be removed and its supply points added to the Headquarters' (R18-10). What the
Headquarters receives is a transfer (R18-6, R18-7): an HQ that moved in this Movement Phase may not
transfer, and one HQ sends and receives at most 10 supply points in a Movement Phase; it never holds
more than 100 (R17-4), a Corps HQ more than 10 (R18-18).

The points an HQ has sent or received this phase are the core ledger ``supply_transfers`` (period
phase, one pool per HQ): each merge spends the points received from the HQ's pool, and a position
records the HQ's earlier transfers of the phase (a marker placed on it to send, R18-7) as entries
of the same pool.
"""

from __future__ import annotations

from fractions import Fraction

from ...board import Board
from ...core_fields import spent_mp
from ...ledger import Ledger
from ...verdict import Changes, Reason, Verdict
from .combat_data import rule, value

LEDGER = "supply_transfers"


def _no(rule_: str, why: str) -> Verdict:
    return Verdict(False, Fraction(0), (), (Reason(rule_, why),))


def judge_merge(board: Board, marker_id: str, hq_id: str) -> Verdict:
    """Whether the Supply Point marker ``marker_id`` may be merged into the HQ ``hq_id`` now (R18-10,
    R18-6, R17-4, R18-18)."""
    state = board.state
    marker, hq = state.unit(marker_id), state.unit(hq_id)
    if marker.cls != "supply_marker":
        return _no("R18-10", f"{marker.id} is no Supply Point marker")
    if hq.cls != "hq":
        return _no("R18-10", f"{hq.id} is no Headquarters: a Supply Point marker merges into an HQ")
    if hq.side != marker.side:
        return _no("R18-10", f"{hq.id} is not a friendly Headquarters of {marker.id}")
    if hq.hex != marker.hex:
        return _no("R18-10", f"{marker.id} in {marker.hex} is not in the same hex as {hq.id} ({hq.hex})")
    if spent_mp(hq) > 0 or hq.attr("used_rail") or hq.attr("used_column"):
        return _no(
            "R18-6", f"{hq.id} moved in this Movement Phase: an HQ that moves may not transfer supply points"
        )
    points = int(marker.attr("supply_points") or 0)
    limit = value("supply_points", "transfer_per_phase")
    ledger = Ledger.of(state, LEDGER, {hq.id: (limit, rule("supply_points", "transfer_per_phase"))}, "phase")
    left = ledger.balance(hq.id)
    if points > left:
        return _no(
            "R18-6",
            f"{hq.id} has sent and received {limit - left} supply points this Movement Phase: "
            f"{points} more would pass the {limit} one HQ may transfer",
        )
    corps = hq.size == "corps"
    key = "corps_hq_max" if corps else "hq_max"
    held = int(hq.attr("supply_points") or 0) + points
    most = value("supply_points", key)
    if held > most:
        who = "a Corps HQ" if corps else "an HQ"
        return _no(rule("supply_points", key), f"{who} may hold at most {most} supply points, not {held}")
    ledger = ledger.spend(
        hq.id, marker.id, Fraction(points), "supply points received (merged marker)", "R18-10"
    )
    effect = f"R18-10: {marker.id} removed, its {points} supply points added to {hq.id} ({held})"
    return Verdict(
        True,
        Fraction(0),
        (),
        (),
        (effect,),
        {"ledgers": {LEDGER: ledger.to_state()}},
        Changes(removed=(marker.id,), unit_fields={hq.id: {"supply_points": held}}),
    )

"""The Resource Phase's player choices (5.17, 5.18): Resource Point transfers between nations and
emergency replacements, the ``transfer_rp`` and ``emergency_replacements`` actions. The RPs each
country has are the core ledger ``resource_points`` (see :mod:`.replacement`).

Transfers (5.17), each route's limit per Resource Phase counted in the core ledger ``rp_transfers``
(period phase, one pool per route):

- one British or French RP to Russia, up to six while Constantinople (E1328) is Allied controlled or
  Turkey has surrendered (``turkey_surrendered``);
- up to six French or British RPs to Serbia, while Salonika (E1116) is Allied controlled and a line
  of hexes through Greece and Serbia only, free of Central Powers units, joins Salonika to the
  Serbian HQ (read here as six in all a phase);
- up to six German RPs in all to other Central Powers nations, along a line of Central Powers
  controlled hexes from Berlin (E5102) to a city of the recipient nation.

No other transfer is possible. Emergency replacements (5.18): France before the French Army Mutiny
(``french_mutiny``), Germany in 1915-17 (the position's ``date``), once each Resource Phase: two dice,
that many RPs, at most 7. The VP each costs is for the players to record (the position holds no
victory points).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from scipy.sparse.csgraph import connected_components

from ...board import Board
from ...ledger import Ledger
from ...verdict import Changes, Reason, Verdict
from ...verdict import refused as _no
from .position import Position
from .replacement import RP_LEDGER

TRANSFER_LEDGER = "rp_transfers"
EMERGENCY_LEDGER = "emergency_replacements"


def _joined(board: Board, allowed: np.ndarray, a: int, targets: np.ndarray) -> bool:
    """Whether hex ``a`` reaches one of ``targets`` by adjacent hexes all in ``allowed``."""
    if not allowed[a]:
        return False
    g = board.arrays.hop_graph
    keep = np.flatnonzero(allowed)
    sub = g[keep][:, keep]
    _, labels = connected_components(sub, directed=False)
    at = {int(h): k for k, h in enumerate(keep)}
    mine = labels[at[a]]
    return any(labels[at[int(t)]] == mine for t in np.flatnonzero(targets & allowed))


def _route(board: Board, data, pos: Position, src: str, dst: str) -> tuple[str, dict] | Reason:
    """The 5.17 route a transfer from ``src`` to ``dst`` takes, or why there is none."""
    routes = data["rp_transfers"]
    state = board.state
    a = board.arrays
    for name, r in routes.items():
        if name == "rule" or src not in r["from"]:
            continue
        if dst not in r["to"]:
            continue
        if "needs_control" in r:
            h = r["needs_control"]
            if h not in a.index or pos.controller[a.index[h]] != "allied":
                return Reason(r["rule"], f"{h} is not Allied controlled: no transfer to {dst}")
        if "line_countries" in r:
            cp = board.units_mask(lambda u: u.side == "cp")
            allowed = np.isin(pos.country.astype(str), r["line_countries"]) & ~cp
            hqs = [u for u in state.units if u.nation == dst and u.cls == "hq" and u.hex in a.index]
            targets = np.zeros(board.n, dtype=bool)
            for u in hqs:
                targets[a.index[u.hex]] = True
            start = a.index.get(r["needs_control"])
            if start is None or not hqs or not _joined(board, allowed, start, targets):
                return Reason(
                    r["rule"],
                    f"no line of hexes through {' and '.join(r['line_countries'])} free of Central Powers "
                    f"units joins {r['needs_control']} to the {dst} HQ",
                )
        if "line_from" in r:
            h = r["line_from"]
            allowed = np.equal(pos.controller, "cp")
            homes = data["placement"]["home_countries"]["value"].get(dst, [])
            cities = np.equal(a.hex_attr("settlement"), "city") & np.isin(pos.country.astype(str), homes)
            if h not in a.index or not _joined(board, allowed, a.index[h], cities):
                return Reason(
                    r["rule"], f"no line of Central Powers controlled hexes joins {h} to a city of {dst}"
                )
        limit = r["per_phase"]
        raised = r.get("raised")
        if raised is not None:
            ctrl = r["raised_if_control"]
            if state.extra.get("turkey_surrendered") or (
                ctrl in a.index and pos.controller[a.index[ctrl]] == "allied"
            ):
                limit = raised
        return name, {**r, "limit": limit}
    return Reason(data["rp_transfers"]["rule"], f"no Resource Point transfer from {src} to {dst} is possible")


def judge_transfer(board: Board, data, src: str, dst: str, amount: int) -> Verdict:
    """Whether ``amount`` RPs may go from ``src`` to ``dst`` in this Resource Phase (5.17)."""
    if amount < 1:
        return _no("5.17", "a transfer moves at least one RP")
    pos = Position.of(board, data)
    route = _route(board, data, pos, src, dst)
    if isinstance(route, Reason):
        return Verdict(False, Fraction(0), (), (route,))
    name, r = route
    state = board.state
    phase = Ledger.of(state, TRANSFER_LEDGER, {name: (r["limit"], r["rule"])}, "phase")
    left = phase.balance(name)
    if amount > left:
        return _no(
            r["rule"], f"{amount} RPs to {dst}: {left} of the {r['limit']} this route allows a phase left"
        )
    rp = Ledger.of(state, RP_LEDGER, {}, "game")
    have = rp.balance(src)
    if amount > have:
        return _no("5.17", f"{src} has {have} RPs, not {amount}")
    rp = rp.transfer(src, dst, Fraction(amount), f"RPs to {dst}", r["rule"])
    phase = phase.spend(name, f"{src}->{dst}", Fraction(amount), "RPs transferred", r["rule"])
    ledgers = {RP_LEDGER: rp.to_state(), TRANSFER_LEDGER: phase.to_state()}
    effects = (f"{r['rule']}: {amount} RP{'s' if amount > 1 else ''} from {src} to {dst} ({name})",)
    return Verdict(True, Fraction(0), (), (), effects, {"ledgers": ledgers}, Changes())


def judge_emergency(board: Board, data, nation: str) -> Verdict:
    """5.18: emergency replacements for ``nation`` now: two dice, that many RPs, at most 7."""
    e = data["emergency_replacements"]
    state = board.state
    if nation not in e["nations"]:
        return _no("5.18", f"only {' and '.join(e['nations'])} may invoke emergency replacements")
    if nation == "fr" and state.extra.get("french_mutiny"):
        return _no("5.18", "France invokes emergency replacements only before the French Army Mutiny")
    years = e["years"].get(nation)
    if years is not None:
        date = state.extra.get("date")
        year = int(str(date)[:4]) if date else None
        if year is None or not years[0] <= year <= years[1]:
            return _no(
                "5.18", f"{nation} invokes emergency replacements in {years[0]}-{years[1]} only, not {date}"
            )
    once = Ledger.of(state, EMERGENCY_LEDGER, {nation: (1, "5.18")}, "phase")
    if once.balance(nation) < 1:
        return _no("5.18", f"{nation} has invoked emergency replacements in this Resource Phase already")
    dice = board.dice()
    total, rolls = dice.roll_sum(f"emergency replacements {nation} turn {state.turn}", 2)
    bonus = min(total, e["most"])
    rp = Ledger.of(state, RP_LEDGER, {}, "game").increase(
        nation, Fraction(bonus), "emergency replacements", "5.18"
    )
    once = once.spend(nation, nation, Fraction(1), "emergency replacements", "5.18")
    ledgers = {RP_LEDGER: rp.to_state(), EMERGENCY_LEDGER: once.to_state()}
    vp = e["vp"][nation]
    effects = (
        f"5.18: two dice {'+'.join(str(r.value) for r in rolls)} = {total}: {bonus} RPs added to {nation}",
        f"5.18: {vp:+d} VP to the Central Powers total (the players record it)",
    )
    return Verdict(
        True,
        Fraction(0),
        (),
        (),
        effects,
        {"ledgers": ledgers, "emergency": {"roll": total, "rps": bonus}},
        Changes(),
        rolls=tuple(r.to_dict() for r in dice.used),
    )

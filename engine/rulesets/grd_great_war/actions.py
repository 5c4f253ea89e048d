"""This turn's rail capacity ledger: the stored ledger, each player's depot upkeep [7A4], then the
capacity actions the position lists in ``rail_actions`` (in order) [7A5a-g], [7A9], [11C1]::

    "rail_actions": [
      {"action": "temporary_increase", "side": "entente", "net": "nw_europe_standard", "res_pts": 2},
      {"action": "build", "side": "entente", "net": "nw_europe_standard", "res_pts": 3},
      {"action": "transfer", "side": "entente", "from": "a", "to": "b", "amount": 3},
      {"action": "activate_depot", "hex": "GW2:0304"},
      {"action": "capture", "hex": "GW2:0904", "by": "central_powers"},
      {"action": "deterioration", "side": "entente", "net": "nw_europe_standard", "checks": 1},
      {"action": "split", "side": "entente", "net": "nw_europe_standard"}
    ]

A die a check needs is the state's next given roll, else one drawn from its seed. An action the
position lists that the rules forbid is an :class:`ActionError` naming the action (the position
contradicts itself, exit 2); the player asks whether one more action is allowed with ``railhead act
MAP STATE rail_capacity action=...`` (:func:`judge_capacity_action`), and a rule's refusal is a
verdict (exit 1) citing the rule.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ....errors import InputError
from ...ruleset import fraction
from ...verdict import Verdict
from . import capacity as cap

ACTIONS = (
    "temporary_increase",
    "build",
    "ob_increase",
    "transfer",
    "activate_depot",
    "capture",
    "deterioration",
    "split",
)


class ActionError(InputError):
    pass


def turn_ledger(rs, board):
    return apply_actions(rs, board)[0]


def apply_actions(rs, board):
    return board.cached(("grd-turn-ledger",), lambda: _apply(rs, board))


def _apply(rs, board):
    rules = rs.capacity_rules
    start = rs.rail_ledger(board)
    ledger = start
    for side in rs.sides:
        for net, hexes in depots_by_net(rs, board, side).items():
            ledger = cap.depot_upkeep(ledger, cap.pool_of(side, net), [f"depot {h}" for h in hexes], rules)
    notes: list[dict[str, Any]] = []
    dice = board.dice()
    actions = board.state.extra.get("rail_actions") or []
    if not isinstance(actions, list):
        raise ActionError("expected a list of rail capacity actions", where="$.rail_actions")
    for k, act in enumerate(actions):
        where = f"$.rail_actions[{k}]"
        if not isinstance(act, dict) or act.get("action") not in ACTIONS:
            raise ActionError(f"expected an action, one of: {', '.join(ACTIONS)}", where=where)
        try:
            ledger, note = _one(rs, board, start, ledger, act, where, dice)
        except cap.Refused as exc:
            raise ActionError(f"{exc.reason.message} ({exc.reason.rule})", where=where) from None
        notes.append({"action": act["action"], **note})
    return ledger, notes


WHOLE_ARGS = ("res_pts", "checks")


def judge_capacity_action(rs, board, kind: str, given: dict[str, str]) -> Verdict:
    """Verdict on one more rail capacity action after those the position lists [7A4, 7A5a-g, 7A9,
    11C1]: the arguments as ``railhead act`` gives them (empty ones left out); a rule's refusal is
    an illegal verdict citing it, an argument missing or naming nothing of the map is bad input."""
    act: dict[str, Any] = {"action": kind}
    for key, text in given.items():
        if text == "":
            continue
        act[key] = int(text) if key in WHOLE_ARGS and text.isdigit() else text
    start = rs.rail_ledger(board)
    ledger, _ = apply_actions(rs, board)
    try:
        after, note = _one(rs, board, start, ledger, act, "act", board.dice())
    except cap.Refused as exc:
        return Verdict(False, Fraction(0), (), (exc.reason,), extra={"action": act})
    extra = {"action": act, **note, "ledgers": {after.name: after.to_state()}}
    return Verdict(True, Fraction(0), (), (), (f"{kind}: allowed",), extra)


def _need(act: dict, key: str, where: str, kind=str):
    if key not in act:
        raise ActionError(f"the action needs {key!r}", where=where)
    value = act[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise ActionError(f"expected a whole number of 0 or more for {key!r}", where=f"{where}.{key}")
    if kind is Fraction:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise ActionError(f"expected a number for {key!r}", where=f"{where}.{key}")
        return fraction(value)
    return value


def _side(rs, act, where):
    side = _need(act, "side", where)
    if side not in rs.sides:
        raise ActionError(f"unknown side {side!r} (sides: {', '.join(rs.sides)})", where=f"{where}.side")
    return side


def _net(rs, board, act, where, key="net"):
    net = _need(act, key, where)
    if net not in rs.nets(board).names:
        raise ActionError(
            f"no rail net {net!r} on this map (nets: {', '.join(rs.nets(board).names)})",
            where=f"{where}.{key}",
        )
    return net


def _unisolated(board) -> np.ndarray:
    return ~np.equal(board.location_field("isolated"), True)


def condition(rs, board, when: str, key_hex: str | None, side: str) -> bool:
    """Lille / Warszawa not owned by ``side`` or isolated; USA joined [7A5b], [7A5g]."""
    if key_hex and key_hex in board.arrays.index:
        i = board.idx(key_hex)
        return rs.nets(board).owner[i] != side or not _unisolated(board)[i]
    return bool(board.state.extra.get(when, False))


def _exceptions(rs, board, side: str, net: str) -> list[dict]:
    out = []
    for ex in rs.data.get("capacity_exceptions", []):
        if ex.get("side") not in (None, side) or (ex.get("nets") and net not in ex["nets"]):
            continue
        out.append(ex)
    return out


def _one(rs, board, start, ledger, act, where, dice):
    rules = rs.capacity_rules
    nets = rs.nets(board)
    kind = act["action"]
    if kind in ("temporary_increase", "build", "ob_increase", "deterioration", "split"):
        side, net = _side(rs, act, where), _net(rs, board, act, where)
        pool = cap.pool_of(side, net, act.get("section"))
        yards = nets.connected_yards(side, net, _unisolated(board))
    if kind == "temporary_increase":
        res_pts = _need(act, "res_pts", where, int)
        ledger, more = cap.temporary_increase(ledger, pool, res_pts, start.standing(pool), yards, rules)
        return ledger, {
            "pool": pool,
            "increase": cap._n(more),
            "res_pts": res_pts,
            "extra_deterioration_checks_next_initial_phase": res_pts,
        }
    if kind == "build":
        res_pts = _need(act, "res_pts", where, int)
        conds = {
            ex["when"]: condition(rs, board, ex["when"], ex.get("key_hex"), side)
            for ex in _exceptions(rs, board, side, net)
        }
        cost, rule = cap.build_cost(net, side, _exceptions(rs, board, side, net), conds, rules.build_cost)
        ledger, built = cap.permanent_build(ledger, pool, res_pts, yards, cost, rules, rule)
        return ledger, {"pool": pool, "built": built, "res_pts_per_re": cost}
    if kind == "ob_increase":
        amount = _need(act, "amount", where, Fraction)
        ledger, ok = cap.ob_increase(ledger, pool, amount, yards, rules)
        return ledger, {"pool": pool, "received": ok}
    if kind == "transfer":
        side = _side(rs, act, where)
        a, b = _net(rs, board, act, where, "from"), _net(rs, board, act, where, "to")
        amount = _need(act, "amount", where, Fraction)
        ledger, res_pts = cap.transfer(
            ledger,
            cap.pool_of(side, a),
            cap.pool_of(side, b),
            amount,
            voluntary_minimum=lambda: voluntary_minimum(rs, board, a),
            same_gauge=gauges(nets, a) == gauges(nets, b),
            connected=bool(act.get("naval")) or nets_connected(nets, a, b),
            rules=rules,
        )
        return ledger, {"from": a, "to": b, "amount": cap._n(amount), "res_pts": res_pts}
    if kind == "activate_depot":
        h = _hex(board, act, where)
        i = board.idx(h)
        side = nets.owner[i]
        if nets.hex_net[i] is None:
            raise cap.Refused(
                "11C1", f"a supply depot is activated in a rail hex of a net; {h} is on no rail net"
            )
        pool = cap.pool_of(side, str(nets.hex_net[i]))
        return cap.activate_depot(ledger, pool, f"depot {h}", rules), {"pool": pool}
    if kind == "capture":
        h = _hex(board, act, where)
        by = _need(act, "by", where)
        if by not in rs.sides:
            raise ActionError(f"unknown side {by!r}", where=f"{where}.by")
        i = board.idx(h)
        loser = rs.other_side(by)
        has_depot = board.state.hex(h).fields.get("depot") is not None
        if not (nets.yard[i] or has_depot):
            raise cap.Refused("7A5f", f"{h} holds no rail marshaling yard or supply depot")
        net = str(nets.hex_net[i])
        lp, wp = cap.pool_of(loser, net), cap.pool_of(by, net)
        # the position: the hex is the captor's [5B], its rail line obstructed [7A7] (a broken
        # line stays broken: the break is repaired first), its depot removed [11C1]
        fields: dict[str, Any] = {}
        if nets.rail_hex[i] and board.state.hex(h).fields.get("rail") != "broken":
            fields["rail"] = "obstructed"
        if has_depot:
            fields["depot"] = None
        changes = {h: {"owner": by, "fields": fields}}
        on_net = nets.on_net(net)
        left = nets.yard & on_net & np.equal(nets.owner, loser)
        left[i] = False
        note: dict[str, Any] = {"net": net, "loser": lp, "captor": wp}
        if not left.any():
            ledger, gone = cap.last_yard_lost(ledger, lp, depots_by_net(rs, board, loser).get(net, []))
            note.update(last_yard=True, depots_deactivated=gone)
            for d in depots_by_net(rs, board, loser).get(net, []):  # deactivated: removed [7A5f], [11C1]
                changes.setdefault(d, {"fields": {}})["fields"]["depot"] = None
        else:
            ledger = cap.capture(ledger, lp, wp, f"{'depot' if has_depot else 'yard'} {h} captured", rules)
            depots = [d for d in depots_by_net(rs, board, loser).get(net, []) if d != h]
            note["must_deactivate"] = cap.forced_deactivations(ledger, lp, len(depots), rules)
        note["hexes"] = changes
        return ledger, note
    if kind == "deterioration":
        checks = int(act.get("checks", 1))
        on_net = nets.on_net(net)
        eng = sum(
            (
                rs.re_of(u)
                for u, hx in zip(board.state.units, board.unit_hex, strict=True)
                if u.side == side and rs.cls(u).get("railroad_engineer") and on_net[hx]
            ),
            Fraction(0),
        )
        enemy = any(
            u.side != side and on_net[hx] for u, hx in zip(board.state.units, board.unit_hex, strict=True)
        )
        extra = sum(
            (
                Fraction(ex.get("deterioration_extra", 0))
                for ex in _exceptions(rs, board, side, net)
                if condition(rs, board, ex["when"], ex.get("key_hex"), side)
            ),
            Fraction(0),
        )
        results = []
        for c in range(checks):
            roll = dice.roll(f"deterioration {pool} turn {board.state.turn} #{c + 1}").value
            ledger, det = cap.deterioration(
                ledger,
                cap.pool_of(side, net),
                roll,
                engineer_res=eng,
                depots=len(depots_by_net(rs, board, side).get(net, [])),
                enemy_present=enemy,
                extra_loss=extra,
                rules=rules,
                lose_from=pool,
            )
            results.append({**det.to_dict(), "source": dice.used[-1].source})
        return ledger, {"pool": pool, "checks": results}
    if kind == "split":
        if not rs.option(board.state, "orphan_sections"):
            raise cap.Refused(
                "7A9", "isolated sections of a net are an optional rule: set options.orphan_sections"
            )
        labels, count = nets.sections(side, net)
        depots = {}
        for d in depots_by_net(rs, board, side).get(net, []):
            lab = labels[board.idx(d)]
            depots[lab] = depots.get(lab, 0) + 1
        yards_in = nets.yards_by_section(side, net, _unisolated(board))
        sections = {f"s{k + 1}": (yards_in[k], depots.get(k, 0)) for k in range(count)}
        if len(sections) < 2:
            return ledger, {"pool": pool, "sections": 1}
        home = cap.home_section(sections, rs.option(board.state, "orphan_tie"))
        orphans = {s: cap.orphan_capacity(y, d, rules) for s, (y, d) in sections.items() if s != home}
        ledger = cap.split_net(ledger, pool, orphans)
        return ledger, {
            "pool": pool,
            "home": home,
            "orphans": {s: cap._n(v) for s, v in orphans.items()},
            "home_capacity": cap._n(ledger.standing(pool)),
        }
    raise ActionError(f"unknown action {kind!r}", where=where)


def _hex(board, act, where) -> str:
    h = _need(act, "hex", where)
    if h not in board.arrays.index:
        raise ActionError(f"unknown hex {h!r}", where=f"{where}.hex")
    return h


def gauges(nets, net: str) -> set[str]:
    return {str(g) for g in nets.gauge[nets.rail & np.equal(nets.net, net)]}


def nets_connected(nets, a: str, b: str) -> bool:
    """Two nets are connected by rail when a hex lies on both [7A5d]."""
    return bool((nets.on_net(a) & nets.on_net(b)).any())


def voluntary_minimum(rs, board, net: str) -> Fraction:
    """A net's voluntary minimum capacity (Rule 41, not in this booklet): ``data.toml`` gives the
    one the booklet quotes (GB Standard Gauge 90 [41K4]); the rest come from the chart values."""
    known = rs.data.get("voluntary_minimum", {})
    if net in known:
        return Fraction(known[net])
    text = board.values.cell(
        "voluntary_minimum",
        net,
        "res",
        what=f"the voluntary minimum capacity of the {net} rail net",
        rule="7A5d; 41",
    )
    return fraction(text)


def depots_by_net(rs, board, side: str) -> dict[str, list[str]]:
    """The side's supply depots per rail net (a depot is on the net of its hex's line) [11C1]."""
    nets = rs.nets(board)
    out: dict[str, list[str]] = {}
    for h, hs in board.state.hexes.items():
        if hs.fields.get("depot") is None:
            continue
        i = board.idx(h)
        if nets.owner[i] != side or nets.hex_net[i] is None:
            continue
        out.setdefault(str(nets.hex_net[i]), []).append(h)
    return out

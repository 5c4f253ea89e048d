"""Capacity ledgers: pools of a limited capacity, what changed each, who changed it and under which rule.

A pool is whatever a ruleset counts capacity in (a country's rail network, a rail net in regimental
equivalents, strategic moves per phase, a side's bank of points).
A ledger lives in ``state.ledgers[name]`` as plain JSON, so a saved position carries it::

    {"period": "turn", "turn": 3,
     "capacity": {"net-1": {"value": 12, "rule": "5.2", "cap": 20}},
     "pools": {"net-1": [{"unit": "GE-1", "amount": 1, "what": "rail move", "rule": "8.1"},
                         {"kind": "increase", "amount": 2, "what": "depot", "rule": "7.4",
                          "turn": 3, "until": "turn"}]}}

Every entry is one typed adjustment: ``spend`` (the default), ``restore``, ``transfer`` (two entries,
out of one pool and into another), ``increase`` (``until`` a period: temporary), ``capture`` (two
entries: lost by one pool, gained by another). The ledger's ``period`` says when spending resets:
``turn``, ``phase`` or ``impulse`` drop the entries of earlier periods when read, ``game`` keeps
everything (a bank); a pool's ``cap`` bounds its balance (deposits above it are lost). Pools split
and merge by transfers, so the history stays in the entries. Ledgers are immutable like the state:
every change returns a new one.

An entry marked ``lasting`` is a permanent change (a net's capacity built up, lost to a capture or
to deterioration): it is kept when the period turns over, while the period's spending is dropped. An
entry marked ``delayed`` counts only from the next period on (capacity captured or transferred this
turn that may not be used until the next).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from ..errors import InputError

PERIODS = ("turn", "phase", "impulse", "game")
KINDS = {"spend": -1, "restore": 1, "transfer_out": -1, "transfer_in": 1, "increase": 1, "capture_out": -1}
KINDS["capture_in"] = 1


def stamp_of(state: Any, period: str) -> tuple:
    """The state's current period at the granularity of ``period``."""
    if period == "turn":
        return (state.turn,)
    if period == "phase":
        return (state.turn, state.phase)
    if period == "impulse":
        return (state.turn, state.impulse)
    return ()


def _stamp_dict(stamp: tuple, period: str) -> dict[str, Any]:
    keys = {"turn": ("turn",), "phase": ("turn", "phase"), "impulse": ("turn", "impulse")}.get(period, ())
    return dict(zip(keys, stamp, strict=True))


@dataclass(frozen=True)
class Entry:
    unit: str
    amount: Fraction
    what: str
    rule: str
    kind: str = "spend"
    other: str | None = None  # the pool a transfer or capture went to or came from
    stamp: Mapping[str, Any] = field(default_factory=dict)  # turn / phase / impulse when made
    until: str | None = None  # temporary increase: lasts this period
    lasting: bool = False  # a permanent change: kept across periods
    delayed: bool = False  # counts only from the period after the one it was made in

    @property
    def delta(self) -> Fraction:
        return KINDS[self.kind] * self.amount

    def to_dict(self) -> dict[str, Any]:
        amount = int(self.amount) if self.amount.denominator == 1 else float(self.amount)
        d: dict[str, Any] = {"unit": self.unit, "amount": amount, "what": self.what, "rule": self.rule}
        if self.kind != "spend":
            d["kind"] = self.kind
        if self.other is not None:
            d["other"] = self.other
        d.update(self.stamp)
        if self.until is not None:
            d["until"] = self.until
        if self.lasting:
            d["lasting"] = True
        if self.delayed:
            d["delayed"] = True
        return d


def check_ledger(raw: Any, where: str) -> None:
    """InputError at the first thing in a stored ledger that is not what a ledger holds (read when
    a position is loaded, so a bad ledger is named even by a question that does not use it)."""
    if not isinstance(raw, Mapping):
        raise InputError("expected a ledger object", where=where)
    if raw.get("period", "turn") not in PERIODS:
        raise InputError(f"expected period = one of {', '.join(PERIODS)}", where=f"{where}.period")
    for pool, spec in (raw.get("capacity") or {}).items():
        if not isinstance(spec, Mapping) or "value" not in spec:
            raise InputError("expected {value, rule, cap?}", where=f"{where}.capacity.{pool}")
        _amount(spec["value"], f"{where}.capacity.{pool}.value")
    pools = raw.get("pools") or {}
    if not isinstance(pools, Mapping):
        raise InputError("expected an object of pools", where=f"{where}.pools")
    for pool, items in pools.items():
        if not isinstance(items, list):
            raise InputError("expected a list of entries", where=f"{where}.pools.{pool}")
        for k, item in enumerate(items):
            _entry(item, f"{where}.pools.{pool}[{k}]", {})


def _entry(raw: Any, where: str, default_stamp: Mapping[str, Any]) -> Entry:
    if not isinstance(raw, Mapping):
        raise InputError("expected a ledger entry object", where=where)
    kind = raw.get("kind", "spend")
    if kind not in KINDS:
        raise InputError(f"unknown ledger entry kind {kind!r} (kinds: {', '.join(KINDS)})", where=where)
    amount = raw.get("amount", 0)
    if isinstance(amount, bool) or not isinstance(amount, int | float | str):
        raise InputError(f"expected an amount (number), not {amount!r}", where=f"{where}.amount")
    try:
        value = Fraction(amount)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"expected an amount (number), not {amount!r}", where=f"{where}.amount") from None
    if value < 0:
        raise InputError(
            "amounts are never negative: the entry's kind gives the sign", where=f"{where}.amount"
        )
    until = raw.get("until")
    if until is not None and until not in PERIODS:
        raise InputError(f"expected until = one of {', '.join(PERIODS)}", where=f"{where}.until")
    stamp = {k: raw[k] for k in ("turn", "phase", "impulse") if k in raw} or dict(default_stamp)
    flags = {}
    for flag in ("lasting", "delayed"):
        if not isinstance(raw.get(flag, False), bool):
            raise InputError(f"expected {flag} = true or false", where=f"{where}.{flag}")
        flags[flag] = bool(raw.get(flag, False))
    return Entry(
        str(raw.get("unit", "")),
        value,
        str(raw.get("what", "")),
        str(raw.get("rule", "")),
        kind,
        raw.get("other"),
        stamp,
        until,
        **flags,
    )


@dataclass(frozen=True)
class Pool:
    capacity: Fraction
    rule: str
    cap: Fraction | None = None  # most the balance may hold (a bank's ceiling)


@dataclass(frozen=True)
class Ledger:
    name: str
    turn: int
    capacity: dict[str, tuple[Fraction, str]]  # pool -> (capacity, rule)
    entries: dict[str, tuple[Entry, ...]] = field(default_factory=dict)
    period: str = "turn"
    stamp: Mapping[str, Any] = field(default_factory=dict)
    caps: dict[str, Fraction] = field(default_factory=dict)
    stored: frozenset[str] = frozenset()  # pools whose capacity the ledger itself holds

    @classmethod
    def of(
        cls,
        state: Any,
        name: str,
        capacity: Mapping[str, tuple[Any, str]] | None = None,
        period: str = "turn",
    ) -> Ledger:
        """The ledger ``name`` of ``state`` as it stands now: entries of earlier periods are dropped
        (unless ``period`` is ``game``); ``capacity`` gives the rules' pools, which capacities
        stored in the ledger itself (a scenario's) override."""
        where = f"$.ledgers.{name}"
        raw = state.ledgers.get(name) or {}
        if not isinstance(raw, Mapping):
            raise InputError("expected a ledger object", where=where)
        period = raw.get("period", period)
        if period not in PERIODS:
            raise InputError(f"expected period = one of {', '.join(PERIODS)}", where=f"{where}.period")
        now = _stamp_dict(stamp_of(state, period), period)
        legacy = {"turn": raw["turn"]} if "turn" in raw and period != "game" else {}
        cap = {k: (Fraction(v), r) for k, (v, r) in (capacity or {}).items()}
        caps: dict[str, Fraction] = {}
        stored = raw.get("capacity") or {}
        if not isinstance(stored, Mapping):
            raise InputError("expected an object of pools", where=f"{where}.capacity")
        for pool, spec in stored.items():
            if not isinstance(spec, Mapping) or "value" not in spec:
                raise InputError("expected {value, rule, cap?}", where=f"{where}.capacity.{pool}")
            cap[pool] = (_amount(spec["value"], f"{where}.capacity.{pool}.value"), str(spec.get("rule", "")))
            if spec.get("cap") is not None:
                caps[pool] = _amount(spec["cap"], f"{where}.capacity.{pool}.cap")
        pools = raw.get("pools") or {}
        if not isinstance(pools, Mapping):
            raise InputError("expected an object of pools", where=f"{where}.pools")
        entries: dict[str, tuple[Entry, ...]] = {}
        for pool, items in pools.items():
            if not isinstance(items, list):
                raise InputError("expected a list of entries", where=f"{where}.pools.{pool}")
            kept = []
            for k, item in enumerate(items):
                e = _entry(item, f"{where}.pools.{pool}[{k}]", legacy or now)
                if period == "game" or e.lasting or _current(e.stamp, now):
                    kept.append(e)
            entries[pool] = tuple(kept)
        return cls(name, state.turn, cap, entries, period, now, caps, frozenset(stored))

    # ------------------------------------------------------------------ reading
    def _counts(self, e: Entry) -> bool:
        """A temporary increase counts only during the period it was made for; a delayed entry
        only after it."""
        if e.delayed and self.period != "game" and _current(e.stamp, self.stamp):
            return False
        if e.until is None:
            return True
        keys = {"turn": ("turn",), "phase": ("turn", "phase"), "impulse": ("turn", "impulse")}.get(
            e.until, ()
        )
        return all(e.stamp.get(k) == self.stamp.get(k) for k in keys if k in self.stamp)

    def spent(self, pool: str) -> Fraction:
        return sum((e.amount for e in self.entries.get(pool, ()) if e.kind == "spend"), Fraction(0))

    def balance(self, pool: str) -> Fraction:
        """Capacity plus every counted adjustment, in order, held under the pool's cap."""
        value = self.capacity.get(pool, (Fraction(0), ""))[0]
        cap = self.caps.get(pool)
        for e in self.entries.get(pool, ()):
            if self._counts(e):
                value += e.delta
                if cap is not None and value > cap:
                    value = cap
        return value

    def standing(self, pool: str) -> Fraction:
        """The pool's capacity before this period's spending: its capacity with every lasting change
        and this period's increases, transfers and captures (what a rule that says "a net of N REs"
        means, as against what is left of it this turn)."""
        value = self.capacity.get(pool, (Fraction(0), ""))[0]
        cap = self.caps.get(pool)
        for e in self.entries.get(pool, ()):
            if self._counts(e) and not (e.kind == "spend" and not e.lasting):
                value += e.delta
                if cap is not None and value > cap:
                    value = cap
        return value

    def remaining(self, pool: str) -> Fraction | None:
        """Capacity left in ``pool``, or None when neither the rules nor the ledger give one."""
        if pool not in self.capacity and not any(e.delta > 0 for e in self.entries.get(pool, ())):
            return None
        return self.balance(pool)

    def used_by(self, pool: str, unit: str) -> bool:
        return any(e.unit == unit and e.kind == "spend" for e in self.entries.get(pool, ()))

    def pools(self) -> list[str]:
        return sorted(set(self.capacity) | set(self.entries))

    # ------------------------------------------------------------------ changes
    def _add(self, pool: str, entry: Entry) -> Ledger:
        entries = dict(self.entries)
        entries[pool] = (*entries.get(pool, ()), replace(entry, stamp=dict(self.stamp)))
        return replace(self, entries=entries)

    def spend(
        self, pool: str, unit: str, amount: Fraction, what: str, rule: str, lasting: bool = False
    ) -> Ledger:
        """Use ``amount`` of the pool this period; ``lasting``: lose it for good."""
        return self._add(pool, Entry(unit, Fraction(amount), what, rule, lasting=lasting))

    def restore(
        self, pool: str, unit: str, amount: Fraction, what: str, rule: str, lasting: bool = False
    ) -> Ledger:
        return self._add(pool, Entry(unit, Fraction(amount), what, rule, "restore", lasting=lasting))

    def increase(
        self,
        pool: str,
        amount: Fraction,
        what: str,
        rule: str,
        until: str | None = None,
        unit: str = "",
        lasting: bool = False,
    ) -> Ledger:
        """Raise a pool; with ``until`` (turn / phase / impulse) only for the current period; with
        ``lasting`` for good (kept in later periods)."""
        if until is not None and until not in PERIODS:
            raise ValueError(f"until must be one of {PERIODS}")
        if until is not None and lasting:
            raise ValueError("an increase is either temporary (until) or lasting, not both")
        entry = Entry(unit, Fraction(amount), what, rule, "increase", until=until, lasting=lasting)
        return self._add(pool, entry)

    def transfer(
        self,
        source: str,
        target: str,
        amount: Fraction,
        what: str,
        rule: str,
        unit: str = "",
        lasting: bool = False,
        delay_in: bool = False,
    ) -> Ledger:
        """Move ``amount`` from ``source`` to ``target``; ``delay_in``: the target may use it only
        from the next period."""
        out = self._add(
            source, Entry(unit, Fraction(amount), what, rule, "transfer_out", target, lasting=lasting)
        )
        return out._add(
            target,
            Entry(
                unit, Fraction(amount), what, rule, "transfer_in", source, lasting=lasting, delayed=delay_in
            ),
        )

    def capture(
        self,
        loser: str,
        winner: str,
        amount: Fraction,
        what: str,
        rule: str,
        unit: str = "",
        lasting: bool = False,
        gained: Fraction | None = None,
        delay_in: bool = False,
    ) -> Ledger:
        """``loser`` loses ``amount``, ``winner`` gains ``gained`` (default: the same amount);
        ``delay_in``: the gain counts from the next period on."""
        won = Fraction(amount if gained is None else gained)
        out = self._add(
            loser, Entry(unit, Fraction(amount), what, rule, "capture_out", winner, lasting=lasting)
        )
        return out._add(
            winner,
            Entry(unit, won, what, rule, "capture_in", loser, lasting=lasting, delayed=delay_in),
        )

    def with_pool(self, pool: str, capacity: Fraction, rule: str, cap: Fraction | None = None) -> Ledger:
        """A pool whose capacity the ledger itself keeps (a scenario's, or one made by a split)."""
        caps = dict(self.caps)
        if cap is not None:
            caps[pool] = Fraction(cap)
        return replace(
            self,
            capacity={**self.capacity, pool: (Fraction(capacity), rule)},
            caps=caps,
            stored=self.stored | {pool},
        )

    def split(self, pool: str, shares: Mapping[str, Fraction], what: str, rule: str) -> Ledger:
        """Divide ``pool``'s balance among new pools (a cut rail net): each share is a fraction of
        the balance; what is left stays in ``pool``."""
        total = sum((Fraction(s) for s in shares.values()), Fraction(0))
        if total > 1:
            raise ValueError("shares add up to more than the whole pool")
        balance = self.balance(pool)
        out = self
        for new, share in shares.items():
            out = out.with_pool(new, Fraction(0), rule).transfer(
                pool, new, balance * Fraction(share), what, rule
            )
        return out

    def merge(self, pools: list[str], into: str, what: str, rule: str) -> Ledger:
        """Join pools (re-connected nets): every balance moves into ``into``."""
        out = self if into in self.capacity else self.with_pool(into, Fraction(0), rule)
        for p in pools:
            if p != into:
                out = out.transfer(p, into, out.balance(p), what, rule)
        return out

    # ------------------------------------------------------------------ output
    def to_state(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        if self.period != "turn":
            d["period"] = self.period
        if self.period != "game":
            d["turn"] = self.turn
        if self.stored:
            d["capacity"] = {}
            for p in sorted(self.stored):
                spec: dict[str, Any] = {"value": _num(self.capacity[p][0]), "rule": self.capacity[p][1]}
                if p in self.caps:
                    spec["cap"] = _num(self.caps[p])
                d["capacity"][p] = spec
        d["pools"] = {p: [e.to_dict() for e in es] for p, es in self.entries.items()}
        return d

    def report(self, pools: list[str] | None = None) -> list[dict[str, Any]]:
        """Per pool: capacity, spent, remaining, and the entries that changed it."""
        names = pools if pools is not None else self.pools()
        out = []
        for p in names:
            cap = self.capacity.get(p)
            left = self.remaining(p)
            out.append(
                {
                    "pool": p,
                    "capacity": None if cap is None else _num(cap[0]),
                    "capacity_rule": None if cap is None else cap[1],
                    "spent": _num(self.spent(p)),
                    "remaining": None if left is None else _num(left),
                    "entries": [e.to_dict() for e in self.entries.get(p, ())],
                }
            )
        return out


def _current(stamp: Mapping[str, Any], now: Mapping[str, Any]) -> bool:
    return all(stamp.get(k) == v for k, v in now.items())


def _amount(value: Any, where: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise InputError(f"expected a number, not {value!r}", where=where)
    try:
        out = Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"expected a number, not {value!r}", where=where) from None
    if out < 0:
        raise InputError("expected 0 or more", where=where)
    return out


def _num(f: Fraction) -> int | float:
    return int(f) if f.denominator == 1 else float(f)

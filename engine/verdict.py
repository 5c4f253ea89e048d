"""Verdicts that explain themselves: which step, what it cost, which rule decided."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Reason:
    """Why something is (il)legal or costs what it costs, with the rule that says so."""

    rule: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


def mp_out(value: Fraction | int | float) -> int | float:
    """MP for output: whole numbers as int, fractions (rail 1/10, 1/6, 1/12) as float."""
    f = Fraction(value).limit_denominator(1000)
    return int(f) if f.denominator == 1 else round(float(f), 6)


def mp_text(value: Fraction | int | float) -> str:
    """MP for people: whole numbers, short decimals (1.3), else a fraction (7/12) that no decimal
    shows exactly."""
    f = Fraction(value).limit_denominator(1000)
    if f.denominator == 1:
        return str(f.numerator)
    d = f.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    return f"{float(f):g}" if d == 1 and len(f"{float(f):g}") <= 6 else f"{f.numerator}/{f.denominator}"


@dataclass(frozen=True)
class Step:
    """One hexside crossed: where from and to, what it cost, and the parts of that cost."""

    frm: str
    to: str
    mp: Fraction
    total: Fraction
    parts: tuple[tuple[str, Fraction, str], ...] = ()  # (what, mp, rule)
    mode: str = "ground"
    extras: Mapping[str, Any] = field(default_factory=dict)  # per ruleset: facing, stage...

    def to_dict(self) -> dict[str, Any]:
        return {
            "from": self.frm,
            "to": self.to,
            "mode": self.mode,
            "mp": mp_out(self.mp),
            "total": mp_out(self.total),
            "parts": [{"what": w, "mp": mp_out(v), "rule": r} for w, v, r in self.parts],
            **dict(self.extras),
        }


@dataclass(frozen=True)
class Changes:
    """What a legal move changes besides moving its units, for the core to apply: units removed
    (destroyed by the move), unit fields set (``{unit: {field: value}}``), location status set
    (``{location: {"fields": {...}, "attrs": {...}, "owner"?: side, "markers"?: {"add": [...],
    "remove": [...]}}}``: ``owner`` changes who controls it; markers, each declared, are removed
    then added), units' strengths set (``{unit: strength}``: a recombination, a replacement) and
    units set down at a location without a move (``{unit: location}``: a placement, a unit
    returned to play). Ledgers the move spent go in the verdict's
    ``extra["ledgers"]`` (``{name: ledger state}``)."""

    removed: tuple[str, ...] = ()
    unit_fields: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    locations: Mapping[str, Mapping[str, Mapping[str, Any]]] = field(default_factory=dict)
    strengths: Mapping[str, int] = field(default_factory=dict)
    set_down: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Verdict:
    legal: bool
    mp: Fraction
    steps: tuple[Step, ...] = ()
    reasons: tuple[Reason, ...] = ()
    effects: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)
    changes: Changes = field(default_factory=Changes)
    rolls: tuple[dict[str, Any], ...] = ()  # every die rolled, with where it came from

    def to_dict(self) -> dict[str, Any]:
        d = {
            "legal": self.legal,
            "mp": mp_out(self.mp),
            "steps": [s.to_dict() for s in self.steps],
            "reasons": [r.to_dict() for r in self.reasons],
        }
        if self.effects:
            d["effects"] = list(self.effects)
        if self.rolls:
            d["rolls"] = list(self.rolls)
        d.update(self.extra)
        return d


def illegal(steps, mp, rule: str, message: str, **extra: Any) -> Verdict:
    return Verdict(False, Fraction(mp), tuple(steps), (Reason(rule, message),), extra=extra)


def refused(rule: str, message: str, **extra: Any) -> Verdict:
    """An action or move the rules forbid before any step is taken: nothing spent, ``rule`` says
    why (exit 1, never the exit 2 of bad input)."""
    return illegal((), 0, rule, message, **extra)

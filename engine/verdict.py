"""Verdicts that explain themselves: which step, what it cost, which rule decided."""

from __future__ import annotations

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
    """MP for output: whole numbers as int, fractions (rail 1/10, 1/6) as float."""
    f = Fraction(value).limit_denominator(1000)
    return int(f) if f.denominator == 1 else round(float(f), 4)


@dataclass(frozen=True)
class Step:
    """One hexside crossed: where from and to, what it cost, and the parts of that cost."""

    frm: str
    to: str
    mp: Fraction
    total: Fraction
    parts: tuple[tuple[str, Fraction, str], ...] = ()  # (what, mp, rule)
    mode: str = "ground"

    def to_dict(self) -> dict[str, Any]:
        return {
            "from": self.frm,
            "to": self.to,
            "mode": self.mode,
            "mp": mp_out(self.mp),
            "total": mp_out(self.total),
            "parts": [{"what": w, "mp": mp_out(v), "rule": r} for w, v, r in self.parts],
        }


@dataclass(frozen=True)
class Verdict:
    legal: bool
    mp: Fraction
    steps: tuple[Step, ...] = ()
    reasons: tuple[Reason, ...] = ()
    effects: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        d = {
            "legal": self.legal,
            "mp": mp_out(self.mp),
            "steps": [s.to_dict() for s in self.steps],
            "reasons": [r.to_dict() for r in self.reasons],
        }
        if self.effects:
            d["effects"] = list(self.effects)
        d.update(self.extra)
        return d


def illegal(steps, mp, rule: str, message: str, **extra: Any) -> Verdict:
    return Verdict(False, Fraction(mp), tuple(steps), (Reason(rule, message),), extra=extra)

"""A drag railhead does not judge, and why: the answer of a ruleset without the rule (retreat,
advance) a drag calls for (:mod:`.drags`). Never counted as legal: a check lists it."""

from __future__ import annotations

from dataclasses import dataclass

# the key of a legal verdict's ``extra`` listing the rules it could not judge ({"rule", "why"} each):
# a drag the rules judged allow but such a rule may forbid is not judged (:mod:`.drags`)
NOT_JUDGED = "not_judged"


@dataclass(frozen=True)
class NotJudged:
    """A drag railhead does not judge, and why (a check lists it; it is never counted as legal);
    ``kind``: what the drag was taken for (``"retreat"``, ``"retreat or advance"``), when known."""

    reason: str
    kind: str = ""


def no_rule(rs, kind: str, why: str = "") -> NotJudged:
    """The answer of a ruleset without a ``kind`` rule (retreat, advance) railhead judges."""
    return NotJudged(f"{rs.name} has no {kind} rule railhead judges" + (f": {why}" if why else ""))

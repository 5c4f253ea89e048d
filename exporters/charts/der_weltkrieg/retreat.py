"""Retreat priorities (R14-8, R14-11): which adjacent hex a retreating unit must enter first."""

from __future__ import annotations

from ..tables import Column, Row, Table

NOT_CONTROLLED = "no"
CONTROLLED_FRIENDLY = "yes, occupied by friendly ground combat units"
CONTROLLED_EMPTY = "yes, no friendly ground combat units"

PRIORITIES = [
    (NOT_CONTROLLED, "closer"),
    (NOT_CONTROLLED, "same distance"),
    (CONTROLLED_FRIENDLY, "closer"),
    (CONTROLLED_FRIENDLY, "same distance"),
    (NOT_CONTROLLED, "farther"),
    (CONTROLLED_FRIENDLY, "farther"),
    (CONTROLLED_EMPTY, "as close as possible"),
]
"""R14-8, in order: (is the hex enemy controlled, its distance to the supplying HQ compared with the
hex retreated from)."""


def retreat_priority_table() -> Table:
    """Retreat priorities (R14-8): a lower priority only when no higher one is possible (R14-11);
    case 7 forces a column attack (R14-9)."""
    rows = [
        Row(
            str(i),
            str(i),
            {
                "controlled": controlled,
                "distance": distance,
                "rule": "R14-8; R14-9" if i == len(PRIORITIES) else "R14-8",
            },
        )
        for i, (controlled, distance) in enumerate(PRIORITIES, start=1)
    ]
    return Table(
        "retreat-priorities",
        "Retreat priorities",
        "Priority",
        [
            Column("controlled", "Hex enemy controlled (in an enemy ZOC)"),
            Column("distance", "MP to the supplying HQ"),
            Column("rule", "Rule"),
        ],
        rows,
        [
            "Distance: MP from the hex to the HQ that spent supply points for the unit (or else the nearest "
            "HQ that could have), by a valid supply route, compared with the hex retreated from (R14-7, "
            "R14-8). Take a lower priority only if no higher one is possible (R14-11).",
            "Priority 7: the stack must at once column-attack every adjacent enemy unit; its losses count "
            "as surrendered (R14-9). Never break stacking limits (R14-10), nor cross sea or alpine "
            "hexsides or enter neutral countries (R14-12).",
        ],
    )

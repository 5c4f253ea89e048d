"""The Scenario Turn Record Track (R5, card SPW-SCN-TRC): year, month, turn (Special Turn, 1–7) and
phase, each a line of boxes to move a marker along."""

from __future__ import annotations

import calendar

from ..tables import Track, TrackSheet
from .cards import SEQUENCE

NORMAL_TURNS = 7
"""R5: each month is a Monthly Special Turn followed by 7 normal turns."""

SIDE_SHORT = {"Central Powers": "CP", "Entente": "Entente"}
SPECIAL_PREFIX = "Monthly Special Turn: "


def turn_record_sheet() -> TrackSheet:
    """Scenario Turn Record Track (R5): month, turn and the phase of the Special Turn or normal turn,
    in the order of the sequence of play."""
    special = [p for _, p, _, _, _ in SEQUENCE if p.startswith(SPECIAL_PREFIX)]
    normal = [f"{SIDE_SHORT[who]} {p}" for _, p, who, _, _ in SEQUENCE if not p.startswith(SPECIAL_PREFIX)]
    tracks = [
        Track("Year", None, "R5; scenario", blank="year set by the scenario, not the rules"),
        Track("Month", None, "R5", boxes=[calendar.month_abbr[m] for m in range(1, 13)]),
        Track("Turn", None, "R5", boxes=["Special", *(str(n) for n in range(1, NORMAL_TURNS + 1))]),
        Track(
            "Special Turn phase",
            None,
            "R5; R22-5; R22-1",
            boxes=[p.removeprefix(SPECIAL_PREFIX) for p in special],
        ),
        Track("Normal turn phase", None, "R5", boxes=normal),
    ]
    return TrackSheet(
        "turn-record",
        "Scenario Turn Record Track",
        tracks,
        notes=[
            "Keep the month, turn and current phase with any unused counters (R5). After the Entente "
            "Replacement / Recombination phase the turn ends; after turn 7 the next month starts with "
            "its Special Turn."
        ],
        new_page=False,
    )

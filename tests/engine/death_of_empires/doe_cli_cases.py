"""The `railhead move` cases of test_cli.py, shared with tests/serve/test_verdicts.py, which asks each
of them over HTTP of a referee on the same position and values."""

from __future__ import annotations

from typing import Any

from railhead.engine.rulesets.death_of_empires.sample import sample_state


def bad(**attrs: Any) -> dict[str, Any]:
    """The sample with I-1's attributes changed."""
    doc = sample_state()
    for u in doc["units"]:
        if u["id"] == "I-1":
            u["attrs"].update(attrs)
    return doc


def boxes_state() -> dict[str, Any]:
    """The sample with I-2 in I Corps' HQ Holding Box and a reinforcement R-1 in its box (2.66, 7.12)."""
    state = sample_state()
    for u in state["units"]:
        if u["id"] == "I-2":
            u["hex"] = "I-HQHB"
    state["units"].append(
        {"id": "R-1", "side": "central", "nation": "germany", "class": "combat", "size": "brigade",
         "strength": 4, "hex": "central-reinforcements", "attrs": {"mr": "I", "facing": 1, "pfi": "R"}}
    )  # fmt: skip
    return state


SAMPLE_MOVES = [  # (args, exit): on the sample with its values
    (("I-1", "1311"), 0),
    (("RES", "0610", "0710", "--mode", "rail"), 0),
]

BAD_INPUT = [  # (state, or None for the sample; args; message on stderr, or None: exit 0 or 1)
    (bad(facing=7), ("I-1", "1311"), "expected a grid direction 0-5"),
    (None, ("I-1", "1311", "--with", "facing=6"), "facing must be a grid direction 0-5"),
    (bad(mode="rail"), ("I-1", "1311"), "in rail mode have no facing"),
    (None, ("I-1", "1312", "1313", "--with", "end_mode=road"), None),
]

RULE_REFUSALS = [  # (args, rule, message): exit 1 citing the rule
    (("8A-MD", "0610"), "7.23.A; 2.21.J", "moves only in Rail Mode"),
    (("I-TR", "0911", "--with", "end_mode=deployed"), "7.23.A", "Corps Train"),
    (("RES", "0610"), "8.54", "is in Rail Mode"),
    (("I-1", "1311", "--mode", "rail", "--with", "entrain=yes"), "8.51", "entraining off a station"),
    (("I-1", "1311", "--mode", "naval", "--with", "embark=yes"), "8.61", "no naval port"),
]

BOXES = [  # (args, exit, text in the output): on boxes_state() with the values
    (("I-2", "1011", "1111"), 0, "I-HQHB"),
    (("R-1", "0110"), 0, "legal"),
    (("R-1", "0310"), 1, "legal"),
    (("III-25", "1611", "--with", "reaction_to=I-1"), 2, "vacated"),
    (("III-25", "1611", "--with", "reaction_to=I-1", "--with", "vacated=1311"), None, "3.4"),
    (("I-1", "I-HQHB"), 2, "adjacent"),
]

MISSING_CELL = ("35", "1008", "0907", "0906")  # on the sample WITHOUT values: exit 2 naming tec.woods.L

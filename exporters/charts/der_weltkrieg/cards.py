"""Cards: the supply rules in short (R17-R19), the Supply Tracks (R17-4) and the sequence of play (R5)."""

from __future__ import annotations

from collections.abc import Mapping

from ....engine.ruleset import Ruleset
from ....engine.rulesets.der_weltkrieg import combat_data
from ..tables import Column, Row, Table, Track, TrackSheet
from .text import SIDE_NAMES, number

HQS_PER_SUPPLY_TRACK = 6
"""HQ lines on each side's Supply Track sheet (write the HQ's name on each)."""


def supply_track_sheets(rs: Ruleset) -> list[TrackSheet]:
    """One Supply Track per side (R17-5: each player keeps his own, hidden), a numbered line 0…the HQ
    maximum (R17-4) per HQ to mark the supply points it holds."""
    top, rule = rs.data.value("supply", "hq_max_supply_points")
    return [
        TrackSheet(
            f"supply-track-{side}",
            f"Supply Track: {SIDE_NAMES.get(side, side)}",
            [Track("HQ ______________", top, rule)] * HQS_PER_SUPPLY_TRACK,
            notes=[
                "One line per HQ: mark the supply points it holds; SuP belong to the HQ's country and "
                "are kept hidden from the opponent (R17-2, R17-5)."
            ],
        )
        for side in rs.sides
    ]


def supply_card(rs: Ruleset) -> Table:
    """The supply rules in short (R17-R19, R29, R30, R34), with the data's numbers."""
    s = {k: v["value"] for k, v in rs.data["supply"].items() if isinstance(v, Mapping) and "value" in v}
    loss = number(combat_data.value("supply_line", "loss_per_mp"))
    half = number(combat_data.value("unsupplied", "factor"))
    quarter = number(combat_data.value("unsupplied", "column_factor"))
    rows = [
        (
            "R17-3",
            "Supply points (SuP) are held and carried by HQs of their own nationality; "
            f"an HQ holds at most {s['hq_max_supply_points']} (R17-4).",
        ),
        (
            "R18-6",
            f"An HQ that does not move may send or receive at most {s['hq_transfer_per_phase']} SuP per "
            "Movement Phase (sent + received); Supply Point markers move as an infantry division (R18-8).",
        ),
        (
            "R19-2",
            f"1 SuP supplies {s['attack_points_per']} attacking or {s['counterattack_points_per']} "
            "counterattacking strength points (each fraction counts); SuP are spent "
            "before the combat (R19-3).",
        ),
        (
            "R29-6",
            f"Artillery: 1 SuP per {s['artillery_points_per']} artillery strength points, attack or "
            f"counterattack; no artillery attack with a supply line over {s['artillery_max_line']} MP unless "
            "adjacent to its HQ (R29-4, R19-14).",
        ),
        (
            "R19-5",
            "Supply line: connected hexes from the unit to the HQ spending the SuP; "
            "HQs supply only their own nationality unless a nation rule allows (R19-6).",
        ),
        (
            "R19-7",
            "Not into a hex with an enemy unit, nor into an enemy ZOC hex without a friendly ground "
            "combat unit; never across "
            + ", ".join(s_ for s_ in rs.data["supply"]["blocked_hexsides"])
            + " hexsides.",
        ),
        ("R19-8", "Length = MP of normal movement along the line, without enemy ZOC costs."),
        (
            "R19-9",
            f"Attack: −{loss} strength point per MP of the line over {s['attack_threshold']} "
            f"(winter {s['winter_attack_threshold']}, R34-2); counterattack over "
            f"{s['counterattack_threshold']} "
            f"(winter {s['winter_counterattack_threshold']}, R34-3, R19-10); before terrain and tripling.",
        ),
        (
            "R19-11",
            f"Any unit but artillery may attack or counterattack at {half} strength (round down) without "
            f"SuP or supply line; unsupplied column attacks at {quarter} (R19-11, R19-12).",
        ),
        ("R19-13", "No attack reduction when the supplying HQ is adjacent to the unit."),
        (
            "R19-15",
            "HQ without a line of communication to a friendly active rail line or depot (no enemy "
            f"ZOC hex unless friendly-occupied, at most {s['hq_loc_max_mountain_hexsides']} "
            "mountain hexside, no "
            f"prohibited hexside): thresholds {s['no_loc_attack_threshold']} (attack) and "
            f"{s['no_loc_counterattack_threshold']} (counterattack), R19-13 lost, no SuP at "
            "all in an enemy ZOC.",
        ),
        (
            "R18-18",
            f"Corps HQs: at most {s['corps_hq_attack_max']} SuP toward an attack and "
            f"{s['corps_hq_counterattack_max']} toward a counterattack.",
        ),
        (
            "R30-4",
            f"November–June: cavalry that cannot trace ≤ {s['cavalry_offseason_line']} MP to a friendly "
            f"active rail line, port or HQ loses {loss} strength per MP beyond it and has a lower "
            "movement allowance.",
        ),
    ]
    return Table(
        "supply",
        "Supply card",
        "Rule",
        [Column("text", "Rule in short")],
        [Row(r, r, {"text": t}) for r, t in rows],
        new_page=True,
    )


def supply_line_table(rs: Ruleset) -> Table:
    """Supply-line thresholds: strength −1 per MP of the line beyond them (R19-9, R19-10, R34, R19-15)."""
    s = rs.data["supply"]
    cases = [
        ("normal", "Normal", "attack_threshold", "counterattack_threshold"),
        ("winter", "Winter turns", "winter_attack_threshold", "winter_counterattack_threshold"),
        (
            "no_loc",
            "HQ without line of communication",
            "no_loc_attack_threshold",
            "no_loc_counterattack_threshold",
        ),
    ]
    rows = [
        Row(
            rid,
            text,
            {
                "attack": number(s[a]["value"]),
                "counterattack": number(s[c]["value"]),
                "rule": f"{s[a]['rule']}; {s[c]['rule']}",
            },
        )
        for rid, text, a, c in cases
    ]
    return Table(
        "supply-lines",
        f"Supply line length: −{number(combat_data.value('supply_line', 'loss_per_mp'))} strength point "
        "per MP over",
        "Case",
        [Column("attack", "Attack"), Column("counterattack", "Counterattack"), Column("rule", "Rule")],
        rows,
        [
            f"Winter with no line of communication: the smaller threshold (spec §10 #22, option "
            f"{rs.data['options']['winter_no_loc_threshold']['value']!r})."
        ],
    )


SEQUENCE = [
    (
        "special_1",
        "Monthly Special Turn: 1. Trench Construction Completion",
        "Both",
        "Construction markers under units become Trench markers.",
        "R5; R22-5",
    ),
    (
        "special_2",
        "Monthly Special Turn: 2. Trench Construction Initiation",
        "Both",
        "Place Construction markers under units to start trenches.",
        "R5; R22-1",
    ),
    (
        "cp_reinf",
        "Reinforcement Arrival",
        "Central Powers",
        "Place this turn's reinforcements on their placement hexes.",
        "R5; R25-2",
    ),
    (
        "cp_move",
        "Movement",
        "Central Powers",
        "Move any or all units up to their allowances; column attacks happen here.",
        "R5; R6-3; R16-1",
    ),
    (
        "cp_combat",
        "Combat",
        "Central Powers",
        "Attack adjacent enemy units; the defender counterattacks.",
        "R5; R12-1",
    ),
    (
        "cp_rr",
        "Replacement / Recombination",
        "Central Powers",
        "Recombine units with replacements.",
        "R5; R23-3",
    ),
    ("en_reinf", "Reinforcement Arrival", "Entente", "As above, for the Entente.", "R5"),
    ("en_move", "Movement", "Entente", "As above.", "R5"),
    ("en_combat", "Combat", "Entente", "As above.", "R5"),
    (
        "en_rr",
        "Replacement / Recombination",
        "Entente",
        "Then the turn ends; after turn 7 the next month begins with its Special Turn.",
        "R5",
    ),
]


def sequence_table() -> Table:
    """Sequence of play (R5): each month a Special Turn and 7 normal turns of 8 phases."""
    return Table(
        "sequence",
        "Sequence of play (each month: Monthly Special Turn, then normal turns 1–7)",
        "Phase",
        [Column("who", "Player"), Column("what", "What happens"), Column("rule", "Rule")],
        [
            Row(rid, phase, {"who": who, "what": what, "rule": rule})
            for rid, phase, who, what, rule in SEQUENCE
        ],
        [
            "The player whose phase it is is the Phasing Player (R5). Keep month, turn and phase on the "
            "Scenario Turn Record Track."
        ],
        new_page=True,
    )

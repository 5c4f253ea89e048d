"""The combat die roll: attack and counterattack modifiers (R13-5, R13-9, R13-15, R22-7, R22-21,
R29-10, R34-4, TEC) and the modified roll with its caps (R13-11, R13-12, R13-16, R13-25).
"""

from __future__ import annotations

from collections.abc import Iterable

from .combat_data import rule, tec, value
from .terrain_effects import drm, tec_row


def attack_modifiers(
    terrain: str,
    *,
    river: str | None = None,
    trench: bool = False,
    hindenburg: bool = False,
    artillery_fortress_hexsides: int = 0,
    solid_defence_short: bool = False,
) -> list[tuple[int, str]]:
    """(modifier, rule) for the attack die: the chosen terrain (R13-9, TEC), rivers when every
    attacker crosses one (R13-5), trench -2 (R22-7) or Hindenburg -3 (TEC), +1 per hexside an
    artillery-only attack on a fortress comes through (R29-10), -1 in clear terrain against a solid
    defence with too little artillery (R22-21)."""
    out = [(drm(tec_row(terrain)["attack"]), "R13-9; TEC")]
    if river == "river":
        out.append((drm(tec()["overlay"]["river"]["attack"]), "R13-5; TEC"))
    if trench:
        out.append((value("die_roll", "trench"), rule("die_roll", "trench")))
    if hindenburg:
        out.append((value("die_roll", "hindenburg"), rule("die_roll", "hindenburg")))
    if artillery_fortress_hexsides:
        k = value("die_roll", "artillery_vs_fortress_per_hexside")
        out.append((k * artillery_fortress_hexsides, rule("die_roll", "artillery_vs_fortress_per_hexside")))
    if solid_defence_short and terrain == "clear":
        out.append((value("die_roll", "solid_defence_attack"), rule("die_roll", "solid_defence_attack")))
    return [m for m in out if m[0]]


def counterattack_modifiers(
    terrain: str,
    *,
    river: str | None = None,
    winter: bool = False,
    attackers_in_trenches: bool = False,
    solid_defence_short: bool = False,
    fig9_rough: bool = False,
) -> list[tuple[int, str]]:
    """(modifier, rule) for the counterattack die: the chosen terrain (R13-15, TEC), river +1 or
    major river +3 when every attacker crosses one (R13-5), winter +1 unless every attacker is in a
    trench (R34-4), +2 in clear or broken terrain against too little artillery (R22-21). Rough is
    +1 by the TEC (spec §10 #1 DECISION); ``fig9_rough=True`` uses Fig 9's +3."""
    out = [(drm(tec_row(terrain)["counterattack"]), "R13-15; TEC")]
    if fig9_rough and terrain == "rough":
        out = [(value("die_roll", "fig9_rough_counterattack"), rule("die_roll", "fig9_rough_counterattack"))]
    if river in ("river", "major_river"):
        out.append((drm(tec()["overlay"][river]["counterattack"]), "R13-5; TEC"))
    if winter and not attackers_in_trenches:
        out.append((value("die_roll", "winter_counterattack"), rule("die_roll", "winter_counterattack")))
    if solid_defence_short and terrain in ("clear", "broken"):
        k = value("die_roll", "solid_defence_counterattack")
        out.append((k, rule("die_roll", "solid_defence_counterattack")))
    return [m for m in out if m[0]]


def modified_roll(roll: int, modifiers: Iterable[int | tuple[int, str]], *, cap: bool = True) -> int:
    """d6 + modifiers (cumulative, R13-11): the total modifier is held to +-4 (R13-25; also for the
    R29-10 artillery bonus, spec §10 #28 DECISION; ``cap=False`` lifts it), the result to -1 ... 8
    (R13-12, R13-16)."""
    total = sum(m[0] if isinstance(m, tuple) else m for m in modifiers)
    if cap:
        most = value("die_roll", "modifier_cap")
        total = max(-most, min(most, total))
    return max(value("die_roll", "lowest"), min(value("die_roll", "highest"), roll + total))

"""Combat supply [11D]: a friendly Res Pt supplies 150 REs of units when stacked with an active Army
HQs of their nationality, else 30; artillery and overstacked units count double (overstacked
artillery four times); each phase, per side and command, up to 2 REs may draw on one Res Pt
without spending it."""

from __future__ import annotations

from fractions import Fraction


def combat_supply_res(re_size: Fraction, artillery: bool, overstacked: bool, data) -> Fraction:
    """REs a unit counts against a Res Pt's combat supply [11D]."""
    out = Fraction(re_size)
    if artillery:
        out *= Fraction(data["artillery_factor"]["value"])
    if overstacked:
        out *= Fraction(data["overstacked_factor"]["value"])
    return out


def res_pt_supplies(with_active_hq: bool, data) -> Fraction:
    """REs one Res Pt supplies [11D]: 150 with an active same-nationality Army HQs, else 30."""
    return Fraction(data["with_active_hq" if with_active_hq else "alone"]["value"])


def spends_res_pt(total_res: Fraction, data) -> bool:
    """Whether drawing ``total_res`` of combat supply uses the Res Pt up: up to 2 REs a phase per
    side and command come free [11D]."""
    return Fraction(total_res) > Fraction(data["free_allowance"]["value"])

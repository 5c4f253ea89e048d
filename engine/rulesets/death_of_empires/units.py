"""What the rules read off a counter: class, mobility rating, mode, brigade equivalents, formation."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...ruleset import fraction

SUPPLY_TYPES = ("main_depot", "army_supply", "corps_train")
RAIL_BOUND = ("main_depot", "army_supply")  # always in Rail Mode (7.23.A)


def unit_type(u) -> str:
    return u.attr("type") or ("fortress" if u.cls == "fortress" else "hq" if u.cls == "hq" else "")


def mode_of(u) -> str:
    """The unit's movement mode (8.2): Main Depots and Army Supply units are always in Rail Mode,
    corps trains in Road Mode unless entrained (7.23.A)."""
    t = unit_type(u)
    if t in RAIL_BOUND:
        return "rail"
    default = "road" if t == "corps_train" else "deployed"
    return u.attr("mode", default)


def mr_of(u) -> str:
    return u.attr("mr", "R" if unit_type(u) in RAIL_BOUND else "I")


def is_supply_class(u) -> bool:
    return u.cls == "supply" or unit_type(u) in SUPPLY_TYPES


_PARSED: dict[tuple[int, str, str], Fraction] = {}


def _be(data, section: str, key: str) -> Fraction:
    """A BE value of the data, parsed once."""
    k = (id(data), section, key)
    if k not in _PARSED:
        _PARSED[k] = fraction(data[section][key]["value"])
    return _PARSED[k]


def brigade_equivalents(data, u, hq_be_option: Any = 2) -> Fraction:
    """3.32: BE by the printed size symbol (double / triple symbols multiply); HQs by level;
    supply units by type; detachments by SP (3.32.A)."""
    t = unit_type(u)
    if t in SUPPLY_TYPES:
        return _be(data, "be_supply", t)
    if u.cls == "fortress":
        return Fraction(0)
    if u.cls == "hq" or t == "hq":
        level = u.attr("hq_level", u.size)
        if level in ("army", "corps"):
            return Fraction(hq_be_option)
        return _be(data, "be_hq", level) if level in data["be_hq"] else Fraction(1)
    if u.attr("detachment"):
        key = str(u.strength) if str(u.strength) in data["be_detachment"] else "more"
        return _be(data, "be_detachment", key)
    base = _be(data, "be", u.size) if u.size in data["be"] else Fraction(1)
    return base * int(u.attr("multiplicity", 1))


def formation_key(u) -> str:
    """3.14: units of one PF, or of PFs attached to the same corps, form one formation (when they
    face the same way); each supply-class unit is a formation of its own (3.13.E)."""
    if is_supply_class(u) or u.cls == "fortress":
        return f"unit:{u.id}"
    box = u.attr("in_box") or u.attr("hosts")
    if box:  # an HQ and its Holding Box are one formation (2.66, 3.17.A)
        return f"hqhb:{box}"
    if u.attr("corps"):
        return f"corps:{u.attr('corps')}"
    if (u.cls == "hq" or unit_type(u) == "hq") and u.attr("hq_level") == "corps":
        return f"corps:{u.attr('pfi', u.id)}"  # a Corps HQ and its attached formations (3.14)
    return f"pf:{u.attr('pfi', u.id)}"


def counts_for_stacking(u) -> bool:
    """3.31.C-E: fortresses, entrained units (except MD and Army Supply) and embarked units do not
    count."""
    if u.cls == "fortress":
        return False
    m = mode_of(u)
    if m == "rail":
        return unit_type(u) in RAIL_BOUND
    return m != "naval"


def exerts_zoc(u, single_sp: str) -> bool:
    """3.41, 8.41, 8.52: Combat Class units in Deployed Mode with more than one SP exert a ZOC into
    adjacent hexes; fortresses do too; artillery, HQ and supply units only in their own hex."""
    if u.attr("dummy"):
        return False
    if u.cls == "fortress":
        return True
    if u.cls != "combat" or mode_of(u) != "deployed":
        return False
    sp = u.attr("printed_sp", u.strength) if single_sp == "printed" else u.strength
    return (sp or 0) > 1

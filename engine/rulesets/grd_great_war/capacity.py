"""The rail capacity economy of a player's rail nets [7A4]-[7A5], [7A9], [11C1], kept in a core
:class:`~railhead.engine.ledger.Ledger` that persists across turns.

One pool per player and net (``"entente:nw_europe_standard"``; an isolated section of a net under the
optional [7A9] adds ``"/section"``). What a turn uses (units moved by rail, depot upkeep) is plain
spending and is forgotten when the turn ends; what changes the net for good (a depot activated, a
yard captured, deterioration, a permanent build, a transfer) is a *lasting* entry; capacity captured
or transferred this turn is *delayed*: usable from the next turn [7A5d], [7A5f]. Every change names
its rule, so ``railhead rail`` can say per net what spent each RE.

Each function takes a ledger and returns the changed one; a change the rules do not allow raises
:class:`Refused` with the rule that forbids it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import ceil, floor

from ...ledger import Ledger
from ...verdict import Reason

LEDGER = "grd-rail"


class Refused(Exception):
    """A capacity change the rules forbid."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} ({rule})")
        self.reason = Reason(rule, message)


def pool_of(side: str, net: str, section: str | None = None) -> str:
    return f"{side}:{net}" + (f"/{section}" if section else "")


@dataclass(frozen=True)
class CapacityRules:
    """The numbers of [7A4]-[7A9] and [11C1] as ``data.toml`` ``[capacity]`` gives them."""

    depot_upkeep: Fraction = Fraction(2)  # [7A4]
    depot_activation_loss: Fraction = Fraction(1)  # [7A5e]
    transport_double: Fraction = Fraction(2)  # artillery and c/m [7A4], [3A3]
    low_volume_double: Fraction = Fraction(2)  # [7A4]
    temporary_per_res_pt: Fraction = Fraction(10)  # [7A5a]
    temporary_max_share: Fraction = Fraction(1, 2)  # [7A5a]
    yards_needed: int = 2  # [7A5a-c]
    build_cost: int = 3  # Res Pts per RE [7A5b]
    transfer_max: Fraction = Fraction(3)  # [7A5d]
    transfer_per_res_pt: Fraction = Fraction(3)  # [7A5d]
    capture_loss: Fraction = Fraction(2)  # [7A5f]
    capture_gain: Fraction = Fraction(1)  # [7A5f]
    deterioration_threshold: Fraction = Fraction(21)  # [7A5g]
    deterioration_safe_at: int = 7  # [7A5g]
    deterioration_loss: Fraction = Fraction(1)  # [7A5g]
    engineer_res_per_plus_one: int = 2  # [7A5g]
    depots_per_minus_one: int = 2  # [7A5g]
    orphan_per_yard: Fraction = Fraction(2)  # [7A9]
    orphan_per_depot: Fraction = Fraction(2)  # [7A9]

    @classmethod
    def from_data(cls, raw: Mapping[str, Mapping]) -> CapacityRules:
        kwargs = {}
        for name, field in cls.__dataclass_fields__.items():
            if name in raw:
                value = raw[name]["value"]
                kwargs[name] = int(value) if field.type == "int" else Fraction(str(value))
        return cls(**kwargs)


# ---------------------------------------------------------------- what a rail move costs
def transport_res(re_size: Fraction, doubled: bool, low_volume: bool, rules: CapacityRules) -> Fraction:
    """REs a unit uses of a net's capacity: its RE size, ×2 for artillery and c/m [3A3], [7A4],
    ×2 again where it used a low-volume line of the net [7A4]."""
    out = Fraction(re_size)
    if doubled:
        out *= rules.transport_double
    if low_volume:
        out *= rules.low_volume_double
    return out


def charged_to(ledger: Ledger, pool: str, unit: str) -> Fraction:
    """What ``unit`` has already been charged on the net this turn."""
    return sum(
        (e.amount for e in ledger.entries.get(pool, ()) if e.unit == unit and e.kind == "spend"),
        Fraction(0),
    )


def charge_move(
    ledger: Ledger, pool: str, unit: str, res: Fraction, rule: str = "7A4", what: str = "rail movement"
) -> Ledger:
    """Charge a unit's rail move to a net: counted once per unit per net per turn [7A4] (a later
    move that needs more, on a low-volume line, pays only the difference)."""
    due = Fraction(res) - charged_to(ledger, pool, unit)
    if due <= 0:
        return ledger
    left = ledger.balance(pool)
    if left < due:
        raise Refused(
            rule, f"{pool} has {_n(left)} REs of rail capacity left this turn; {unit} needs {_n(due)}"
        )
    return ledger.spend(pool, unit, due, what, rule)


def depot_upkeep(ledger: Ledger, pool: str, depots: list[str], rules: CapacityRules) -> Ledger:
    """Each supply depot present on the net uses 2 REs of the turn's capacity [7A4], [11C1]: one
    entry per net and turn naming the depots."""
    if not depots or any(
        e.what == "supply depot upkeep" and e.kind == "spend" for e in ledger.entries.get(pool, ())
    ):
        return ledger
    amount = rules.depot_upkeep * len(depots)
    return ledger.spend(pool, ", ".join(depots), amount, "supply depot upkeep", "7A4")


def activate_depot(ledger: Ledger, pool: str, depot: str, rules: CapacityRules) -> Ledger:
    """A depot activated on the net: capacity permanently −1 RE [7A5e], and its upkeep this turn;
    so the net needs 3 REs left [11C1]."""
    needed = rules.depot_upkeep + rules.depot_activation_loss
    left = ledger.balance(pool)
    if left < needed:
        raise Refused(
            "11C1",
            f"{pool} has {_n(left)} REs left: activating depot {depot} needs {_n(needed)} "
            f"({_n(rules.depot_upkeep)} upkeep + {_n(rules.depot_activation_loss)} lost for good)",
        )
    ledger = ledger.spend(
        pool, depot, rules.depot_activation_loss, "supply depot activated", "7A5e", lasting=True
    )
    return ledger.spend(pool, depot, rules.depot_upkeep, "supply depot upkeep (activated)", "7A4")


def forced_deactivations(ledger: Ledger, pool: str, depots: int, rules: CapacityRules) -> int:
    """How many depots must be deactivated at once because losses left the net's capacity below
    their upkeep [11C1] (17 REs, 7 depots, −4 → 13 < 14: one)."""
    standing = ledger.standing(pool)
    keep = max(0, floor(standing / rules.depot_upkeep))
    return max(0, depots - keep)


# ---------------------------------------------------------------- changing a net's capacity
def _yards_needed(yards: int, rules: CapacityRules, rule: str, what: str) -> None:
    if yards < rules.yards_needed:
        raise Refused(
            rule,
            f"{what} needs at least {rules.yards_needed} connected, unisolated friendly rail marshaling "
            f"yards on the net; it has {yards}",
        )


def temporary_increase(
    ledger: Ledger, pool: str, res_pts: int, start_capacity: Fraction, yards: int, rules: CapacityRules
) -> tuple[Ledger, Fraction]:
    """+10 REs per Res Pt (or fraction), this player turn only, at most ½ of the net's capacity at
    the start of the player turn [7A5a]: 30 REs → +15 for 2 Res Pts. Returns (ledger, increase)."""
    _yards_needed(yards, rules, "7A5a", "a temporary capacity increase")
    if res_pts < 1:
        raise Refused("7A5a", "a temporary increase spends at least 1 Res Pt")
    room = Fraction(start_capacity) * rules.temporary_max_share - _temporary_so_far(ledger, pool)
    useful = ceil(room / rules.temporary_per_res_pt) if room > 0 else 0
    if res_pts > useful:
        raise Refused(
            "7A5a",
            f"{pool}: at most {_n(room)} more REs of temporary increase (half of {_n(start_capacity)}), "
            f"bought with {useful} Res Pt(s); {res_pts} offered",
        )
    amount = min(rules.temporary_per_res_pt * res_pts, room)
    led = ledger.increase(pool, amount, f"temporary increase ({res_pts} Res Pt)", "7A5a", until="turn")
    return led, amount


def _temporary_so_far(ledger: Ledger, pool: str) -> Fraction:
    return sum(
        (e.amount for e in ledger.entries.get(pool, ()) if e.kind == "increase" and e.until == "turn"),
        Fraction(0),
    )


def res_pts_to_move(
    need: Fraction, available: Fraction, start_capacity: Fraction, rules: CapacityRules
) -> int:
    """Res Pts a mandatory rail transfer must spend on a temporary increase [16A1aa], [7A5a]:
    34 REs to move with 26 available → 1 (→ 36). Refused when even the most increase falls short."""
    short = Fraction(need) - Fraction(available)
    if short <= 0:
        return 0
    room = Fraction(start_capacity) * rules.temporary_max_share
    if short > room:
        raise Refused(
            "7A5a", f"{_n(need)} REs cannot be moved: at most {_n(available + room)} with every increase"
        )
    return ceil(short / rules.temporary_per_res_pt)


def build_cost(
    net: str, side: str, exceptions: list[Mapping], conditions: Mapping[str, bool], base: int
) -> tuple[int, str]:
    """Res Pts per RE of permanent build on ``net`` [7A5b]: 3, or an exception's cost when its
    condition holds (Lille/Warszawa not Entente-owned or isolated → 4; USA joined → 2, overriding)."""
    cost, rule = base, "7A5b"
    best = None
    for ex in exceptions:
        if ex.get("side") not in (None, side) or (ex.get("nets") and net not in ex["nets"]):
            continue
        if conditions.get(ex["when"], False) and (best is None or ex.get("overrides", False)):
            best = ex
    if best is not None:
        cost, rule = int(best["cost"]), str(best.get("rule", "7A5b"))
    return cost, rule


def permanent_build(
    ledger: Ledger, pool: str, res_pts: int, yards: int, cost: int, rules: CapacityRules, rule: str = "7A5b"
) -> tuple[Ledger, int]:
    """Initial phase: for each connected unisolated yard, ``cost`` Res Pts buy +1 RE for good
    [7A5b]. Returns (ledger, REs built)."""
    _yards_needed(yards, rules, "7A5b", "a permanent capacity build")
    built = res_pts // cost
    if built > yards:
        raise Refused(
            "7A5b", f"{pool}: at most {yards} RE(s) may be built (one per connected, unisolated yard)"
        )
    if built * cost != res_pts:
        raise Refused("7A5b", f"{pool}: each RE costs {cost} Res Pts; {res_pts} is not a multiple")
    if built == 0:
        return ledger, 0
    return ledger.increase(
        pool, Fraction(built), f"permanent build ({res_pts} Res Pts)", rule, lasting=True
    ), built


def ob_increase(
    ledger: Ledger, pool: str, amount: Fraction, yards: int, rules: CapacityRules
) -> tuple[Ledger, bool]:
    """An OB increase, forfeited unless the player owns 2 connected unisolated yards [7A5c]."""
    if yards < rules.yards_needed:
        return ledger, False
    return ledger.increase(pool, Fraction(amount), "OB increase", "7A5c", lasting=True), True


def transfer(
    ledger: Ledger,
    source: str,
    target: str,
    amount: Fraction,
    *,
    voluntary_minimum: Fraction | Callable[[], Fraction],
    same_gauge: bool,
    connected: bool,
    rules: CapacityRules,
) -> tuple[Ledger, int]:
    """Move capacity between two of a player's nets [7A5d]; returns (ledger, Res Pts to spend).
    ``voluntary_minimum`` may be a function: it is looked up only when the rest allows the move."""
    amount = Fraction(amount)
    if amount <= 0:
        raise Refused("7A5d", "a transfer moves at least some capacity")
    done = sum(
        (
            e.amount
            for e in ledger.entries.get(source, ())
            if e.kind == "transfer_out" and e.other == target and _this_turn(ledger, e)
        ),
        Fraction(0),
    )
    if done + amount > rules.transfer_max:
        raise Refused(
            "7A5d",
            f"at most {_n(rules.transfer_max)} REs a turn from {source} to {target}; "
            f"{_n(done)} already, {_n(amount)} asked",
        )
    if not same_gauge:
        raise Refused("7A5d", f"{source} and {target} are of different gauges")
    if not connected:
        raise Refused("7A5d", f"{source} and {target} are not connected by rail or a naval supply line")
    if callable(voluntary_minimum):
        voluntary_minimum = voluntary_minimum()
    after = ledger.standing(source) - amount
    if after < voluntary_minimum:
        raise Refused(
            "7A5d",
            f"{source} would drop to {_n(after)} REs, below its voluntary minimum of {_n(voluntary_minimum)}",
        )
    res_pts = ceil(amount / rules.transfer_per_res_pt)
    led = ledger.transfer(source, target, amount, "capacity transfer", "7A5d", lasting=True, delay_in=True)
    return led, res_pts


def _this_turn(ledger: Ledger, e) -> bool:
    return all(e.stamp.get(k) == v for k, v in ledger.stamp.items())


def capture(ledger: Ledger, loser: str, winner: str, what: str, rules: CapacityRules) -> Ledger:
    """A rail marshaling yard or supply depot captured [7A5f]: the owner loses 2 REs, the captor
    gains 1 (usable from next turn); an owner with less than 2 REs loses all and the captor gains
    nothing."""
    have = ledger.standing(loser)
    if have < rules.capture_loss:
        return ledger.capture(
            loser, winner, max(have, Fraction(0)), what, "7A5f", lasting=True, gained=Fraction(0)
        )
    return ledger.capture(
        loser,
        winner,
        rules.capture_loss,
        what,
        "7A5f",
        lasting=True,
        gained=rules.capture_gain,
        delay_in=True,
    )


def last_yard_lost(ledger: Ledger, pool: str, depots: list[str]) -> tuple[Ledger, list[str]]:
    """The player lost every yard on the net [7A5f]: capacity to 0, every depot there deactivated
    (and the capacity assigned to them gone); the enemy gains nothing. Returns (ledger, depots)."""
    have = ledger.standing(pool)
    if have > 0:
        ledger = ledger.spend(pool, "", have, "last rail marshaling yard lost", "7A5f", lasting=True)
    return ledger, list(depots)


@dataclass(frozen=True)
class Deterioration:
    checked: bool
    roll: int | None
    modified: int | None
    loss: Fraction
    why: str

    def to_dict(self) -> dict:
        return {
            "checked": self.checked,
            "roll": self.roll,
            "modified": self.modified,
            "loss": _n(self.loss),
            "why": self.why,
        }


def deterioration(
    ledger: Ledger,
    pool: str,
    roll: int,
    *,
    engineer_res: Fraction,
    depots: int,
    enemy_present: bool,
    extra_loss: Fraction,
    rules: CapacityRules,
    lose_from: str | None = None,
    rule: str = "7A5g",
) -> tuple[Ledger, Deterioration]:
    """A deterioration check [7A5g]: nets of 21+ REs with enemy units on them roll 1d6 + 1 per 2 REs
    of railroad engineers − 1 per 2 depots; 6 or less loses 1 RE (+ ``extra_loss``: Lille or
    Warszawa). ``lose_from`` is the section that bears the loss (the home section [7A9])."""
    standing = ledger.standing(pool)
    if standing < rules.deterioration_threshold:
        return ledger, Deterioration(
            False, None, None, Fraction(0), f"{_n(standing)} REs: nets of 20 or less are not checked"
        )
    if not enemy_present:
        return ledger, Deterioration(False, None, None, Fraction(0), "no enemy units on the net")
    modified = (
        roll
        + floor(Fraction(engineer_res) / rules.engineer_res_per_plus_one)
        - depots // rules.depots_per_minus_one
    )
    if modified >= rules.deterioration_safe_at:
        return ledger, Deterioration(True, roll, modified, Fraction(0), "no deterioration")
    loss = rules.deterioration_loss + Fraction(extra_loss)
    target = lose_from or pool
    loss = min(loss, max(ledger.standing(target), Fraction(0)))
    if loss > 0:
        ledger = ledger.spend(
            target, "", loss, f"deterioration (rolled {roll}, modified {modified})", rule, lasting=True
        )
    return ledger, Deterioration(True, roll, modified, loss, "deterioration")


# ---------------------------------------------------------------- isolated sections [7A9]
def orphan_capacity(yards: int, depots: int, rules: CapacityRules) -> Fraction:
    """An orphan section: 2 REs per friendly yard + 2 REs per depot in its rail hexes [7A9]
    (4 yards + 1 depot = 10 REs)."""
    return rules.orphan_per_yard * yards + rules.orphan_per_depot * depots


def home_section(sections: Mapping[str, tuple[int, int]], tie_break: str) -> str:
    """The section with the most friendly yards is home [7A9]; a tie (the book is silent, §10 #26)
    goes by ``tie_break``: ``most_depots`` (then the name) or ``first_named``."""
    names = list(sections)
    if tie_break == "first_named":
        best = max(sections[n][0] for n in names)
        return next(n for n in names if sections[n][0] == best)
    return min(names, key=lambda n: (-sections[n][0], -sections[n][1], n))


def split_net(ledger: Ledger, pool: str, orphans: Mapping[str, Fraction]) -> Ledger:
    """Separate orphan sections from a net [7A9]: each orphan gets its computed capacity, the home
    section (the net's pool) keeps the pre-split capacity less them (70 − (9 + 10) = 51)."""
    out = ledger
    total = sum((Fraction(v) for v in orphans.values()), Fraction(0))
    if total > ledger.standing(pool):
        raise Refused(
            "7A9", f"orphan sections of {_n(total)} REs exceed {pool}'s {_n(ledger.standing(pool))}"
        )
    for section, value in orphans.items():
        new = f"{pool}/{section}"
        out = out.with_pool(new, Fraction(0), "7A9").transfer(
            pool, new, Fraction(value), "orphan section", "7A9", lasting=True
        )
    return out


def merge_sections(ledger: Ledger, pool: str, sections: list[str]) -> Ledger:
    """Sections joined again: their capacities add back to the net (§10 #26: the book is silent)."""
    out = ledger
    for s in sections:
        out = out.transfer(s, pool, out.standing(s), "sections rejoined", "7A9", lasting=True)
    return out


def low_volume_for_supply(ledger: Ledger, pool: str, threshold: Fraction = Fraction(10)) -> bool:
    """A net with less than 10 REs of the player's capacity at the start of his player turn counts
    every rail hex as low-volume for his supply tracing [11B3a]."""
    return ledger.standing(pool) < threshold


def _n(value: Fraction) -> int | float:
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)

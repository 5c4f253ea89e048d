"""Ledger entries that outlive their period (``lasting``) and entries that count only from the next
period (``delayed``): the permanent and delayed changes of a capacity that persists across turns."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from railhead.engine.ledger import Ledger
from railhead.errors import InputError


def _state(turn: int, ledgers: dict | None = None) -> SimpleNamespace:
    return SimpleNamespace(turn=turn, phase="movement", impulse=0, ledgers=ledgers or {})


def _next_turn(ledger: Ledger, turn: int) -> Ledger:
    return Ledger.of(_state(turn, {ledger.name: ledger.to_state()}), ledger.name, {"net": (20, "cap")})


def test_lasting_entries_survive_the_turn_and_spending_does_not():
    led = Ledger.of(_state(1), "rail", {"net": (20, "cap")})
    led = led.spend("net", "u1", Fraction(3), "rail move", "r1")
    led = led.spend("net", "", Fraction(1), "depot activated", "r2", lasting=True)
    led = led.increase("net", Fraction(2), "built", "r3", lasting=True)
    assert led.balance("net") == 18
    later = _next_turn(led, 2)
    assert later.balance("net") == 21  # 20 - 1 + 2: the rail move is forgotten, the lasting ones kept
    assert [e.what for e in later.entries["net"]] == ["depot activated", "built"]


def test_delayed_gain_counts_only_from_the_next_turn():
    led = Ledger.of(_state(1), "rail", {"net": (20, "cap"), "other": (10, "cap")})
    led = led.capture(
        "net", "other", Fraction(2), "yard captured", "r4", lasting=True, gained=Fraction(1), delay_in=True
    )
    assert led.balance("net") == 18 and led.balance("other") == 10
    later = Ledger.of(_state(2, {"rail": led.to_state()}), "rail", {"net": (20, "c"), "other": (10, "c")})
    assert later.balance("net") == 18 and later.balance("other") == 11


def test_delayed_transfer_is_gone_from_the_donor_at_once():
    led = Ledger.of(_state(1), "rail", {"a": (20, "c"), "b": (5, "c")})
    led = led.transfer("a", "b", Fraction(3), "transfer", "r5", lasting=True, delay_in=True)
    assert (led.balance("a"), led.balance("b")) == (17, 5)
    later = Ledger.of(_state(2, {"rail": led.to_state()}), "rail", {"a": (20, "c"), "b": (5, "c")})
    assert (later.balance("a"), later.balance("b")) == (17, 8)


def test_flags_round_trip_and_bad_flags_are_named():
    led = Ledger.of(_state(1), "rail", {"net": (20, "c")}).spend(
        "net", "", Fraction(1), "x", "r", lasting=True
    )
    assert led.to_state()["pools"]["net"][0]["lasting"] is True
    with pytest.raises(InputError, match="lasting"):
        Ledger.of(_state(1, {"rail": {"pools": {"net": [{"amount": 1, "lasting": "yes"}]}}}), "rail")


def test_an_increase_cannot_be_both_temporary_and_lasting():
    led = Ledger.of(_state(1), "rail", {"net": (20, "c")})
    with pytest.raises(ValueError):
        led.increase("net", Fraction(1), "x", "r", until="turn", lasting=True)


def test_standing_is_the_capacity_before_this_periods_spending():
    led = Ledger.of(_state(1), "rail", {"net": (17, "c")})
    led = led.spend("net", "depots", Fraction(14), "upkeep", "r")
    led = led.spend("net", "", Fraction(4), "yards captured", "r", lasting=True)
    assert led.standing("net") == 13 and led.balance("net") == -1

"""The cycle collector held back while a save is read or a log checked, and given back after."""

from __future__ import annotations

import gc

import pytest

from railhead.exporters.vassal.collector import YOUNG, collector_paused


def test_nested_pauses_restore_the_collector_once_the_outermost_ends():
    seen = []

    @collector_paused
    def inner():
        seen.append(("inner", gc.get_threshold()[0], gc.get_freeze_count() > 0))

    @collector_paused
    def outer():
        inner()  # a check reads its log: the inner call must not unfreeze what the outer froze
        seen.append(("outer", gc.get_threshold()[0], gc.get_freeze_count() > 0))

    before = gc.get_threshold()
    gc.unfreeze()
    outer()
    assert seen == [("inner", YOUNG, True), ("outer", YOUNG, True)]
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_the_collector_is_given_back_when_the_read_fails():
    @collector_paused
    def bad():
        raise ValueError("a hostile save")

    before = gc.get_threshold()
    with pytest.raises(ValueError):
        bad()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0

    @collector_paused
    def fine():
        return gc.get_threshold()[0]

    assert fine() == YOUNG  # the failure left no depth behind

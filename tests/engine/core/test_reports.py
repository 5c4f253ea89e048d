"""Typed supply and capacity reports (engine/reports.py) print the same JSON object, key for key and
in order, that rulesets built as free dicts before."""

from __future__ import annotations

import json

from railhead.engine.api import CapacityReport, SupplyReport, supply_answer
from railhead.files import as_json_object


def dumps(x):
    return json.dumps(x, default=as_json_object)


def test_supply_report_counts_each_status_and_keeps_extras_last():
    units = [
        {"unit": "A", "hex": "0101", "status": "in supply", "rules": ["7.1"], "source": "0505"},
        {"unit": "B", "hex": "0909", "status": "out of supply", "rules": ["7.2"]},
        {"unit": "C", "hex": "0102", "status": "in supply", "rules": ["7.1"]},
    ]
    rep = supply_answer("red", units, hqs=[{"id": "HQ", "hex": "0101"}])
    assert isinstance(rep, SupplyReport)
    assert rep.summary == {"in supply": 2, "out of supply": 1}
    old = {"side": "red", "summary": {"in supply": 2, "out of supply": 1}, "units": units, "hqs": rep["hqs"]}
    assert dumps(rep) == json.dumps(old)  # same keys, same order
    assert rep["units"][1]["status"] == "out of supply" and dict(rep) == old
    more = rep.with_extras(stacking={})
    assert list(more) == ["side", "summary", "units", "hqs", "stacking"] and "stacking" not in rep


def test_capacity_report_puts_its_period_before_the_unit():
    pools = [
        {"pool": "red", "capacity": 3, "capacity_rule": "8.1", "spent": 1, "remaining": 2, "entries": []}
    ]
    rep = CapacityReport("red", 4, "divisions", pools, period={"impulse": 2}, extras={"ports": []})
    assert list(json.loads(dumps(rep))) == ["side", "turn", "impulse", "unit", "networks", "ports"]
    assert rep["networks"][0]["remaining"] == 2 and rep.turn == 4

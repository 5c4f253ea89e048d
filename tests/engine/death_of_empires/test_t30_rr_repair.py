"""T30 (8.13 ex): a damaged hex next to the railhead, friendly controlled, repair cost 4: 4 RR engineer
points spent, the hex becomes friendly operational; the next hex can then be prepared."""

from helpers import board, du, h, pointy_map, rail, ruleset

LINE = [h(c, 2) for c in range(1, 9)]
VALUES = {"rr_task.repair.points": 4, "rr_task.prepare.points": 2, "rr_task.damage.points": 1}


def report(tasks, points=6, **hexes):
    m = pointy_map(lines=[rail(LINE)])
    status = {h(4, 2): {"rail": "damaged"}, **{h(c, 2): {"rail": "neutral"} for c in range(5, 9)}}
    b = board(
        m,
        [du("A", h(1, 3))],
        values=VALUES,
        hexes=status,
        rr_tasks=tasks,
        rr_engineer_points={"central": points},
    )
    return ruleset().rail_report(b, "central")["rr_engineer"]


def test_repair_then_prepare_from_the_railhead():
    r = report({"repair": [h(4, 2)], "prepare": [h(5, 2)]})
    assert [(t["hex"], t["legal"], t.get("status_after")) for t in r["tasks"]] == [
        (h(4, 2), True, "central"),
        (h(5, 2), True, "central"),
    ]
    assert r["spent"] == 6 and r["left"] == 0


def test_not_next_to_operational_line_and_not_enough_points():
    r = report({"prepare": [h(6, 2)], "repair": [h(4, 2)]}, points=3)
    assert not r["tasks"][0]["legal"] and "contiguous" in r["tasks"][0]["why"]
    assert not r["tasks"][1]["legal"] and "needs 4 points" in r["tasks"][1]["why"]


def test_damage_only_friendly_operational():
    r = report({"damage": [h(2, 2), h(5, 2)]})
    assert r["tasks"][0]["legal"] and r["tasks"][0]["status_after"] == "damaged"
    assert not r["tasks"][1]["legal"]

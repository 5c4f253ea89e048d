"""§9 T22: the continuous line a switch of the initiative to the West needs (5.84), and no switch
on consecutive Strategic Turns (5.83)."""

from collections import deque

from gmt_helpers import RS, U, board, geo

from railhead.engine.rulesets.gmt_great_war.initiative import continuous_line, may_switch


def chain(m, a, b):
    """The hexes of a shortest chain of adjacent hexes from a to b."""
    came, queue = {a: None}, deque([a])
    while queue:
        h = queue.popleft()
        if h == b:
            out = [h]
            while came[out[-1]]:
                out.append(came[out[-1]])
            return out[::-1]
        for n in m.neighbours(h):
            if n in m.hexes and n not in came:
                came[n] = h
                queue.append(n)
    raise AssertionError


def line_board(first, **kw):
    m = geo(("western",))
    units = [U(f"FR-{k}", h, side="allied", nation="fr") for k, h in enumerate(chain(m, first, "W3621"))]
    return board(m, units, **kw)


def test_t22_line_from_w5701_allows_the_switch():
    """5.84: an Allied line from W5701 (the Channel coast) to W3621 (the southern edge)."""
    b = line_board("W5701", strategic_turn="H")
    line = continuous_line(b, RS.data, "allied")
    assert line[0] == "W5701" and line[-1].startswith("W36")  # it reaches the southern edge
    ok, why = may_switch(b, RS.data, "allied", "western")
    assert ok and why.rule == "5.84"


def test_t22_line_from_w5601_does_not():
    """5.84: a line from W5601 starts off the coast: no switch to the West."""
    b = line_board("W5601", strategic_turn="H")
    assert continuous_line(b, RS.data, "allied") is None
    ok, why = may_switch(b, RS.data, "allied", "western")
    assert not ok and why.rule == "5.84"


def test_t22_no_switch_on_consecutive_strategic_turns():
    """5.83: switched on Strategic Turn R: no switch on S by either player, line or not."""
    b = line_board("W5701", strategic_turn="S", initiative_switched_on="R")
    for side, theatre in (("allied", "western"), ("cp", "eastern")):
        ok, why = may_switch(b, RS.data, side, theatre)
        assert not ok and why.rule == "5.83"
    later = line_board("W5701", strategic_turn="T", initiative_switched_on="R")
    assert may_switch(later, RS.data, "allied", "western")[0]

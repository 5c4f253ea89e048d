"""bulk.reach_all (the batched reach a whole side uses) gives every unit what its own reach gives
(8.21, 3.45, 8.42, 3.31): same hexes, same MP, on the sample position."""

from fractions import Fraction

from railhead.engine.board import Board
from railhead.engine.registry import get_ruleset
from railhead.engine.rulesets.death_of_empires.bulk import reach_all
from railhead.engine.rulesets.death_of_empires.sample import SAMPLE_VALUES, sample_map, sample_state
from railhead.engine.state import parse_state
from railhead.engine.values import ChartValues, read_values


def test_bulk_equals_single_reach(tmp_path):
    rs = get_ruleset("death-of-empires")
    m = sample_map()
    (tmp_path / "v.toml").write_text(SAMPLE_VALUES)
    values = ChartValues(read_values(tmp_path / "v.toml"), tmp_path / "v.toml")
    state = parse_state(sample_state(), m, sides=rs.sides, declarations=rs.declarations)
    b = Board(m, state, values=values)
    movers = [
        u
        for u in state.units
        if u.attr("mode", "deployed") in ("deployed", "road") and u.cls != "fortress" and u.attr("mr") != "R"
    ]
    bulk = reach_all(rs, b, movers)
    for u in movers:
        r, _ = rs.reach(b, u, "ground")
        ids = b.arrays.ids
        want = {ids[i]: r.cost(i) for i in r.hexes() if not r.extras(int(i), ids).get("minimum_move")}
        got = {h: mp for h, mp, _ in bulk[u.id].entries(ids)}
        assert got == want, u.id
        assert all(isinstance(v, Fraction) for v in got.values())

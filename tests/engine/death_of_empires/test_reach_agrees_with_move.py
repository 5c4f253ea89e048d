"""Every hex `reach` lists, `move` accepts along the path reach gives, at the same MP, arriving in the
mode and facing reach reports (8.21, 8.21.E, 8.4, 3.21)."""

from railhead.engine.board import Board
from railhead.engine.queries import judge
from railhead.engine.registry import get_ruleset
from railhead.engine.rulesets.death_of_empires.sample import SAMPLE_VALUES, sample_map, sample_state
from railhead.engine.state import parse_state
from railhead.engine.values import ChartValues, read_values


def test_reach_and_move_agree(tmp_path):
    rs = get_ruleset("death-of-empires")
    m = sample_map()
    (tmp_path / "v.toml").write_text(SAMPLE_VALUES)
    values = ChartValues(read_values(tmp_path / "v.toml"), tmp_path / "v.toml")
    state = parse_state(sample_state(), m, sides=rs.sides, declarations=rs.declarations)
    b = Board(m, state, values=values)
    checked = 0
    for uid in ("I-1", "1C", "35", "I-TR"):
        u = state.unit(uid)
        r, _ = rs.reach(b, u, "ground")
        for i in r.hexes():
            i = int(i)
            if i == r.start:
                continue
            extras = r.extras(i, b.arrays.ids)
            path = [b.arrays.ids[k] for k in r.path(i)]
            collapsed = [path[0]] + [h for k, h in enumerate(path[1:], 1) if h != path[k - 1]]
            end_mode = extras["mode"]
            v = judge(rs, b, uid, collapsed, "ground", end_mode=end_mode)
            assert v.legal, (uid, collapsed, v.reasons)
            if not extras.get("minimum_move"):
                assert v.mp == r.cost(i), (uid, collapsed, v.mp, r.cost(i))
            assert v.extra["facing"] == extras["facing"], (uid, collapsed)
            checked += 1
    assert checked > 100

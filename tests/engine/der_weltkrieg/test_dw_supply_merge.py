"""A Supply Point marker merged into a friendly Headquarters at the end of a Movement Phase
(R18-10): ``railhead act MAP STATE merge_supply marker=ID hq=ID``; what the HQ receives is a transfer
(R18-6: not by an HQ that moved, at most 10 sent + received in one Movement Phase, the core ledger
``supply_transfers``), the HQ holding at most 100 (R17-4), a Corps HQ 10 (R18-18)."""

from __future__ import annotations

import json

from builders import hex_map, position, unit
from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.queries import judge_action
from railhead.engine.ruleset import get_ruleset
from railhead.mapdata.io import write_mapdata

DW = get_ruleset("der-weltkrieg")
M = hex_map(cols=(8, 12), rows=(8, 12), attrs={"country": "germany"})


def _board(*units, phase="movement", **extra):
    return position(M, list(units), phase=phase, **extra)


def _marker(points=6, at="1010", **kw):
    return unit("S", at, cls="supply_marker", strength=0, supply_points=points, **kw)


def _hq(held=20, at="1010", **kw):
    return unit("HQ", at, cls="hq", strength=0, size=kw.pop("size", "army"), supply_points=held, **kw)


def _merge(b, marker="S", hq="HQ"):
    return judge_action(DW, b, "merge_supply", {"marker": marker, "hq": hq})


def _rule(v):
    return None if v.legal else v.reasons[0].rule


def test_a_marker_in_the_hex_of_a_friendly_hq_is_removed_and_its_points_added_r18_10():
    b = _board(_marker(6), _hq(20))
    v = _merge(b)
    assert v.legal and "R18-10" in v.effects[0]
    after = apply_move(b, v, [], [], "act", record_mp=False)
    assert after.unit("HQ").attr("supply_points") == 26
    assert "S" not in {u.id for u in after.units}
    assert after.ledgers["supply_transfers"]["pools"]["HQ"][0]["amount"] == 6


def test_not_in_the_same_hex_nor_an_enemy_hq_nor_other_units_r18_10():
    assert _rule(_merge(_board(_marker(at="1011"), _hq()))) == "R18-10"
    assert _rule(_merge(_board(_marker(), _hq(side_="entente", nation="france")))) == "R18-10"
    assert _rule(_merge(_board(_marker(), unit("HQ", "1010")))) == "R18-10"  # an infantry division
    assert _rule(_merge(_board(unit("S", "1010"), _hq()))) == "R18-10"


def test_an_hq_that_moved_does_not_receive_and_ten_points_a_phase_r18_6():
    assert _rule(_merge(_board(_marker(), _hq(mp_spent=1)))) == "R18-6"
    assert _rule(_merge(_board(_marker(11), _hq()))) == "R18-6"
    entry = {"unit": "S0", "amount": 6, "what": "sent", "rule": "R18-7", "turn": 1, "phase": "movement"}
    sent = {"supply_transfers": {"period": "phase", "pools": {"HQ": [entry]}}}
    b = _board(_marker(5), _hq(), ledgers=sent)
    assert _rule(_merge(b)) == "R18-6"
    b = _board(_marker(4), _hq(), ledgers=sent)
    assert _merge(b).legal  # 6 + 4 = 10


def test_an_hq_holds_at_most_100_a_corps_hq_10_r17_4_r18_18():
    assert _rule(_merge(_board(_marker(6), _hq(96)))) == "R17-4"
    assert _merge(_board(_marker(6), _hq(94))).legal
    assert _rule(_merge(_board(_marker(6), _hq(5, size="corps")))) == "R18-18"


def test_only_in_the_movement_phase_r18_10():
    """R18-10: at the end of a movement phase; in the Combat Phase the phase's rule refuses it."""
    v = _merge(_board(_marker(), _hq(), phase="combat"))
    assert _rule(v) == "R6-3" and "only in the movement phase" in v.reasons[0].message


def test_merge_supply_from_the_command_line(tmp_path):
    write_mapdata(M, tmp_path / "map.json")
    doc = {"format": "railhead.state/1", "ruleset": "der-weltkrieg", "turn": 1, "phase": "movement",
           "active_side": "central", "units": [_marker(6), _hq(98)], "hexes": {}, "ledgers": {}}  # fmt: skip
    (tmp_path / "s.json").write_text(json.dumps(doc))
    args = ["act", str(tmp_path / "map.json"), str(tmp_path / "s.json"), "merge_supply", "marker=S", "hq=HQ"]
    r = CliRunner().invoke(main, [*args, "--json"])
    assert r.exit_code == 1 and '"R17-4"' in r.output
    doc["units"] = [_marker(6), _hq(20)]
    (tmp_path / "s.json").write_text(json.dumps(doc))
    assert CliRunner().invoke(main, args).exit_code == 0

"""RPs received in the Resource Phase (4.3, 5.12, 5.13, 5.15, 5.16): ``railhead act MAP STATE
receive_rp nation=.. chart=N [near_east=N] [resource_hexes=N]`` into the core ledger
``resource_points``."""

from __future__ import annotations

import json

from click.testing import CliRunner
from gmt_helpers import RS, board, doc, geo, owners

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.board import Board
from railhead.engine.queries import judge_action
from railhead.mapdata.io import write_mapdata

M = geo(("eastern",))
KIEV, POLESTI = "E4129", "E2623"


def _rp(**totals):
    cap = {n: {"value": v, "rule": "5.12"} for n, v in totals.items()}
    return {"resource_points": {"period": "game", "capacity": cap}}


def _board(phase="resource", rp=None, hexes=None, **kw):
    rp = rp if rp is not None else _rp(ru=3, ge=4, fr=2, br=12)
    return board(M, [], phase=phase, ledgers=rp, hexes=hexes or {}, **kw)


def _receive(b, nation, **amounts):
    return judge_action(RS, b, "receive_rp", {"nation": nation, **{k: str(v) for k, v in amounts.items()}})


def _rule(v):
    return None if v.legal else v.reasons[0].rule


def _total(b, v, nation):
    from railhead.engine.ledger import Ledger

    after = apply_move(b, v, [], [], "act", record_mp=False)
    return Ledger.of(after, "resource_points", {}, "game").balance(nation), after


def test_the_charts_rps_are_added_once_a_resource_phase_5_12_5_15():
    """5.12: the Resource Point Chart's RPs; 5.15: Near East RPs to Britain, Russia and Turkey."""
    b = _board()
    v = _receive(b, "ru", chart=4, near_east=1)
    assert v.legal and v.extra["received"] == {"nation": "ru", "rps": 5, "total": 8}
    total, after = _total(b, v, "ru")
    assert total == 8
    again = _receive(Board(M, after), "ru", chart=4)
    assert _rule(again) == "5.12" and "already" in again.reasons[0].message
    assert _rule(_receive(b, "fr", chart=3, near_east=1)) == "5.15"
    assert _rule(_receive(b, "ru", chart=-1)) == "5.12"


def test_no_country_receives_rps_while_neutral_5_12():
    assert _rule(_receive(_board(), "ro", chart=2)) == "5.12"
    assert _receive(_board(entered_war={"romania": "allied"}), "ro", chart=2).legal


def test_the_excess_above_ten_is_lost_before_the_new_rps_5_13():
    """5.13: no nation ends a Strategic Turn with more than 10 RPs: the excess is lost."""
    b = _board()
    v = _receive(b, "br", chart=3)
    assert v.legal and v.extra["received"]["total"] == 13
    assert any("2 above 10 lost" in e for e in v.effects)
    assert _receive(b, "ru", chart=3).extra["received"]["total"] == 6  # 3 kept: under the ceiling


def test_the_receipt_opens_the_countrys_resource_phase_5_13():
    b = _board(rp=_rp(br=8))
    moved = judge_action(RS, b, "transfer_rp", {"from": "br", "to": "ru", "amount": "1"})
    after = Board(M, apply_move(b, moved, [], [], "act", record_mp=False))
    assert _rule(_receive(after, "br", chart=3)) == "5.13"
    assert _rule(_receive(after, "ru", chart=3)) == "5.13"
    assert _receive(after, "fr", chart=3).legal


def test_resource_hexes_germany_only_at_most_what_the_cp_control_5_16():
    """5.16: Kiev is worth two, Polesti one; only Germany receives them."""
    held = _board(hexes=owners([KIEV, POLESTI], "cp"))
    assert _receive(held, "ge", resource_hexes=3).legal
    v = _receive(held, "ge", resource_hexes=4)
    assert _rule(v) == "5.16" and "worth 3" in v.reasons[0].message
    assert _rule(_receive(_board(), "ge", resource_hexes=1)) == "5.16"
    assert _rule(_receive(held, "ah", resource_hexes=1)) == "5.16"


def test_only_in_the_resource_phase_4_3():
    v = _receive(_board(phase="replacement"), "ru", chart=4)
    assert not v.legal and "5.1" in v.reasons[0].rule


def test_receive_from_the_command_line(tmp_path):
    write_mapdata(M, tmp_path / "map.json")
    (tmp_path / "s.json").write_text(json.dumps(doc([], phase="resource", ledgers=_rp(ru=2))))
    args = ["act", str(tmp_path / "map.json"), str(tmp_path / "s.json"), "receive_rp", "nation=ru"]
    assert CliRunner().invoke(main, [*args, "chart=4"]).exit_code == 0
    r = CliRunner().invoke(main, [*args, "resource_hexes=1", "--json"])
    assert r.exit_code == 1 and '"5.16"' in r.output

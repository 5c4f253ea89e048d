"""The Turkish Required Reserve roll (4.3, 5.38): ``railhead act MAP STATE turkish_reserve`` in the
Replacement Phase, the result in the core ledger ``turkish_required_reserve``."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from gmt_helpers import RS, U, board, doc, geo

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.board import Board
from railhead.engine.queries import judge_action
from railhead.errors import InputError
from railhead.mapdata.io import write_mapdata

M = geo(("eastern",))


def _board(*units, phase="replacement", turn="D", **kw):
    return board(M, list(units), phase=phase, strategic_turn=turn, **kw)


def _roll(b, side="cp"):
    return judge_action(RS, b, "turkish_reserve", {"side": side})


def _rule(v):
    return None if v.legal else v.reasons[0].rule


def _box(k):
    return U(f"TU-{k}", "E1328", side="cp", nation="tu", in_trr=True)


def test_two_dice_on_d_to_n_one_on_c_and_o_once_a_strategic_turn_5_38():
    """5.38: one die on Strategic Turns C and O, two on D through N; rolled once each turn."""
    b = _board(_box(1), _box(2), rolls=[3, 4])
    v = _roll(b)
    assert v.legal and v.extra["required_reserve"] == {"required": 7, "held": 2}
    assert any("5 short" in e for e in v.effects)
    after = apply_move(b, v, [], [], "act", record_mp=False)
    assert after.ledgers["turkish_required_reserve"]["pools"]["D"][0]["amount"] == 7
    again = _roll(Board(M, after))
    assert _rule(again) == "5.38" and "already" in again.reasons[0].message
    one = _roll(_board(_box(1), _box(2), turn="O", rolls=[1]))
    assert one.extra["required_reserve"]["required"] == 1 and any("1 over" in e for e in one.effects)
    assert len(_roll(_board(turn="C", rolls=[5, 6])).rolls) == 1


def test_from_strategic_turn_c_on_by_the_central_powers_5_38():
    assert _rule(_roll(_board(turn="B"))) == "5.38"
    assert _rule(_roll(_board(), side="allied")) == "5.38"
    with pytest.raises(InputError, match="Strategic Turns"):
        _roll(_board(turn="P"))


def test_only_in_the_replacement_phase_4_3():
    v = _roll(_board(phase="resource"))
    assert not v.legal and v.reasons[0].rule == "4.3; 5.3" and "replacement phase" in v.reasons[0].message


def test_turkish_reserve_from_the_command_line(tmp_path):
    write_mapdata(M, tmp_path / "map.json")
    for turn, code in (("E", 0), ("A", 1)):
        (tmp_path / "s.json").write_text(json.dumps(doc([], phase="replacement", strategic_turn=turn)))
        args = ["act", str(tmp_path / "map.json"), str(tmp_path / "s.json"), "turkish_reserve", "--json"]
        r = CliRunner().invoke(main, args)
        assert r.exit_code == code, r.output
        assert code == 0 or '"5.38"' in r.output

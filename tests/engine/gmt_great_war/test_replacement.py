"""The Replacement Phase (4.3, 5.31-5.37): ``railhead act MAP STATE replace unit=ID [steps=N]
[support=true]``, Resource Points spent from the core ledger ``resource_points``."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from gmt_helpers import RS, U, board, geo, owners

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.queries import judge_action
from railhead.errors import InputError
from railhead.mapdata.io import write_mapdata

M = geo(("western",))


def _rp(**totals):
    return {
        "resource_points": {
            "period": "game",
            "capacity": {n: {"value": v, "rule": "5.12"} for n, v in totals.items()},
        }
    }


def _board(*units, phase="replacement", rp=None, **kw):
    return board(M, list(units), phase=phase, ledgers=rp if rp is not None else _rp(fr=3, ge=3), **kw)


def _dead(uid="FR-1", nation="fr", side="allied", died="western", **attrs):
    attrs = {"two_step": True, **attrs}
    return U(uid, "W5008", side=side, nation=nation, eliminated=True, died_on=died, **attrs)


def _act(b, **args):
    return judge_action(
        RS, b, "replace", {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in args.items()}
    )


def _rule(v):
    return None if v.legal else v.reasons[0].rule


def test_a_unit_is_bought_back_from_the_dead_pile_one_rp_a_step_5_31_5_33():
    """5.33: one RP a strength step, into the Available Units Box (5.31)."""
    b = _board(_dead())
    v = _act(b, unit="FR-1", steps=2)
    assert v.legal and "5.33" in v.effects[0]
    after = apply_move(b, v, [], [], "act", record_mp=False)
    u = after.unit("FR-1")
    assert (
        u.attr("eliminated") is False and u.attr("available_box") == "europe" and u.attr("reduced") is False
    )
    assert after.ledgers["resource_points"]["pools"]["fr"][0]["amount"] == 2
    v = _act(b, unit="FR-1", steps=1)
    assert v.legal and apply_move(b, v, [], [], "act", record_mp=False).unit("FR-1").attr("reduced") is True
    assert _rule(_act(b, unit="FR-1", steps=3)) == "5.33"  # two steps at most
    assert _rule(_act(_board(_dead(), rp=_rp(fr=1)), unit="FR-1", steps=2)) == "5.33"  # 1 RP only


def test_a_dotted_step_or_unit_is_never_replaced_5_32():
    """5.32: a unit or step with a dot may not be replaced."""
    assert _rule(_act(_board(_dead(dot="unit")), unit="FR-1")) == "5.32"
    assert _rule(_act(_board(_dead(dot="full")), unit="FR-1", steps=2)) == "5.32"
    assert _act(_board(_dead(dot="full")), unit="FR-1", steps=1).legal


def test_a_hq_comes_back_depleted_or_support_side_up_for_two_rps_5_34():
    """5.34: depleted side up, or support side up for two RPs, not on Strategic Turns B and C."""
    hq = _dead("FR-HQ", cls="hq", two_step=False)
    b = _board(hq)
    v = _act(b, unit="FR-HQ")
    assert v.legal and apply_move(b, v, [], [], "act", record_mp=False).unit("FR-HQ").attr("depleted") is True
    v = _act(b, unit="FR-HQ", support=True)
    assert v.legal and v.extra["replaced"]["rp"] == 2
    assert _rule(_act(_board(hq, strategic_turn="C"), unit="FR-HQ", support=True)) == "5.34"


def test_the_box_follows_where_it_died_german_units_always_europe_5_35_5_37():
    """5.35: the Near East box for a unit destroyed there; 5.37: German units re-enter in Europe."""
    v = _act(_board(_dead(died="egyptian", nation="br"), rp=_rp(br=2)), unit="FR-1")
    assert v.legal and "near east" in v.effects[0]
    v = _act(_board(_dead("GE-1", "ge", "cp", died="iraqi"), game="gwie_ne"), unit="GE-1")
    assert v.legal and "europe" in v.effects[0]


def test_a_country_rebuilds_with_its_own_rps_5_35():
    """5.35: only with its own RPs; Armenians with Russian ones, a unit naming its country's."""
    v = _act(_board(_dead(), rp=_rp(ge=3)), unit="FR-1")
    assert _rule(v) == "5.33" and "fr has 0" in v.reasons[0].message
    arm = _dead("ARM-1", "arm", died="caucasus")
    v = _act(_board(arm, rp=_rp(ru=1)), unit="ARM-1")  # Armenian units with Russian RPs
    assert v.legal and v.extra["replaced"]["pool"] == "ru"
    spr = _dead("SPR", "pr", died="iraqi", rp_nation="br")
    assert _act(_board(spr, rp=_rp(br=1)), unit="SPR").extra["replaced"]["pool"] == "br"


def test_one_canadian_step_a_replacement_phase_5_36():
    """5.36: no more than one step of Canadian units in a Replacement Phase."""
    b = _board(_dead("CA-1", "ca"), rp=_rp(ca=4))
    assert _act(b, unit="CA-1", steps=1).legal
    assert _rule(_act(b, unit="CA-1", steps=2)) == "5.36"
    entry = {"unit": "CA-0", "amount": 1, "what": "steps", "rule": "5.36", "turn": 10, "phase": "replacement"}
    spent = {"period": "phase", "pools": {"canadian": [entry]}}
    b = _board(_dead("CA-1", "ca"), rp={**_rp(ca=4), "replacement_steps": spent})
    assert _rule(_act(b, unit="CA-1")) == "5.36"


def test_gwie_first_five_british_units_destroyed_on_the_east_front_5_36():
    """5.36 GWiE: the first five British (not ANZAC or Canadian) units destroyed on the East Front
    map may not be rebuilt."""
    third = _dead("BR-3", "br", died="eastern", east_front_loss=3)
    sixth = _dead("BR-6", "br", died="eastern", east_front_loss=6)
    rp = _rp(br=4, anzac=4)
    v = _act(_board(third, rp=rp, game="gwie"), unit="BR-3")
    assert _rule(v) == "5.36" and "first 5" in v.reasons[0].message
    assert _act(_board(sixth, rp=rp, game="gwie"), unit="BR-6").legal
    assert _act(_board(third, rp=rp, game="gwie_ne"), unit="BR-3").legal  # GWiE alone
    anzac = _dead("AN-1", "anzac", died="eastern", east_front_loss=1)
    assert _act(_board(anzac, rp=rp, game="gwie"), unit="AN-1").legal
    west = _dead("BR-W", "br", died="western")
    assert _act(_board(west, rp=rp, game="gwie"), unit="BR-W").legal
    with pytest.raises(InputError, match="east_front_loss"):
        _act(_board(_dead("BR-X", "br", died="eastern"), rp=rp, game="gwie"), unit="BR-X")
    with pytest.raises(InputError, match="state game"):
        _act(_board(third, rp=rp), unit="BR-3")


def test_gwine_german_units_are_never_replaced_5_37():
    """5.37 GWiNE: German units may never be replaced once destroyed."""
    dead = _dead("GE-1", "ge", "cp", died="iraqi")
    v = _act(_board(dead, game="gwine"), unit="GE-1")
    assert _rule(v) == "5.37" and "never be replaced" in v.reasons[0].message
    assert _act(_board(dead, game="gwie"), unit="GE-1").legal
    on_map = U("GE-2", "W5008", side="cp", nation="ge", two_step=True, reduced=True, full_strength=5)
    v = _act(_board(on_map, game="gwine"), unit="GE-2")  # not destroyed: judged on, here out of supply
    assert _rule(v) == "5.31" and "out of supply" in v.reasons[0].message


def test_a_reduced_unit_on_the_map_in_supply_back_to_full_strength_5_31():
    """5.31: a reduced two-step unit on the map, in supply at that instant."""
    on_map = U("FR-2", "W5008", side="allied", nation="fr", two_step=True, reduced=True, full_strength=5)
    b = _board(on_map)
    v = _act(b, unit="FR-2")
    assert v.legal
    after = apply_move(b, v, [], [], "act", record_mp=False)
    assert after.unit("FR-2").strength == 5 and after.unit("FR-2").attr("reduced") is False
    full = U("FR-3", "W5008", side="allied", nation="fr", two_step=True, full_strength=5)
    assert _rule(_act(_board(full), unit="FR-3")) == "5.31"  # not reduced
    cut = owners([h for h in M.hexes if h != "W5008"], "cp")
    assert _rule(_act(_board(on_map, hexes=cut), unit="FR-2")) == "5.31"  # out of supply


def test_only_in_the_replacement_phase_4_3():
    v = _act(_board(_dead(), phase="resource"), unit="FR-1")
    assert not v.legal and "4.3; 5.3" in v.reasons[0].rule


def test_replace_from_the_command_line(tmp_path):
    from gmt_helpers import doc

    write_mapdata(M, tmp_path / "map.json")
    d = doc([_dead()], phase="replacement", ledgers=_rp(fr=1))
    (tmp_path / "s.json").write_text(json.dumps(d))
    args = ["act", str(tmp_path / "map.json"), str(tmp_path / "s.json"), "replace", "unit=FR-1"]
    assert CliRunner().invoke(main, args).exit_code == 0
    r = CliRunner().invoke(main, [*args, "steps=2", "--json"])
    assert r.exit_code == 1 and '"5.33"' in r.output

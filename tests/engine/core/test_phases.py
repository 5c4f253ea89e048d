"""The declared sequence of play (engine/phases.py), with a made-up game: the declaration read and
checked, the phase a move is judged in, who moves in it, in which modes and in which order."""

from __future__ import annotations

import pytest

from railhead.engine.phases import judged_in, move_problem, out_of_turn, recorded, sequence_of
from railhead.engine.ruleset import declarations_of
from railhead.engine.state import GameState, Unit, parse_state
from railhead.mapdata.model import Area, MapData

RAW = {
    "modes": {"walk": {}, "ride": {}, "sail": {}, "flee": {}},
    "unit_fields": {
        "rode": {"kind": "boolean"},
        "sailed": {"kind": "boolean"},
    },  # mp_spent is the core's own field, declared for every ruleset
    "actions": {"muster": {}},
    "weather": ["dry", "wet"],
    "phases": {
        "per": "player_turn",
        "rule": "S",
        "muster": {"rule": "S1", "actions": ["muster"]},
        "march": {
            "rule": "S2",
            "modes": ["walk", "ride", "sail"],
            "reactions": ["ambush"],
            "records": {"ride": "rode", "walk": "mp_spent", "sail": "sailed"},
            "order": [{"first": ["ride"], "then": ["walk"], "rule": "S2.1"}],
            "apart": [{"modes": ["sail"], "others": ["ride"], "rule": "S2.2"}],
        },
        "battle": {"rule": "S3", "other_modes": ["flee"]},
        "rest": {"rule": "S4", "mover": "none"},
    },
}
SEQ = sequence_of(RAW, "toy.toml")


def state(phase="march", active="red", named=True, **attrs) -> GameState:
    u = Unit("U", "red", "x", "inf", "A", attrs=attrs)
    return GameState("toy", (u, Unit("B", "blue", "x", "inf", "A")), phase=phase, active_side=active,
                     phase_named=named)  # fmt: skip


def why(st, uid="U", mode="walk", **kw):
    r = move_problem(SEQ, st, st.unit(uid), mode, kw)
    return None if r is None else r.rule


def test_the_phasing_side_moves_in_its_modes_the_other_only_in_its_own():
    assert why(state()) is None and why(state(), mode="ride") is None
    assert why(state(), "B") == "S2"  # not of the phasing side
    assert why(state(), "B", ambush="yes") is None  # a reaction the phase allows
    assert why(state("battle"), "B", mode="flee") is None
    assert why(state("battle"), mode="flee") == "S3"  # the phasing side does not flee
    assert why(state("battle")) == "S2"  # walking belongs to the march
    assert why(state("rest")) == "S2"


def test_order_and_apart_read_what_the_position_records():
    assert why(state(mp_spent=1), mode="ride") == "S2.1"  # walked: no ride after it
    assert why(state(rode=True)) is None  # rode first, then walks
    assert why(state(rode=True), mode="sail") == "S2.2"
    assert why(state(sailed=True), mode="ride") == "S2.2"
    st = state()
    assert recorded(SEQ, st, ["U"], "ride", {"rode", "sailed"}) == {"U": {"rode": True}}
    assert recorded(SEQ, st, ["U"], "walk", {"rode", "sailed"}) == {}  # mp_spent: the core's own


def test_a_position_without_a_phase_is_judged_in_the_phase_of_the_move():
    st = state(phase=SEQ.default, active=None, named=False)
    assert SEQ.default == "march"
    assert judged_in(SEQ, st, st.unit("U"), "flee").phase == "battle"
    want = {"name": "march", "side": "red", "named": False, "rule": "S2"}
    assert judged_in(SEQ, st, st.unit("U"), "walk").to_dict() == want
    assert why(st, "B") is None and why(st, mode="flee") is None  # no side named: either may


def test_the_declaration_is_checked():
    bad = {**RAW, "phases": {**RAW["phases"], "march": {**RAW["phases"]["march"], "modes": ["fly"]}}}
    with pytest.raises(ValueError, match="undeclared modes"):
        sequence_of(bad)
    with pytest.raises(ValueError, match="mover"):
        sequence_of({**RAW, "phases": {"x": {"mover": "everyone"}}})
    assert sequence_of({"modes": {}}) is None


def test_parse_state_takes_phase_and_weather_from_the_declaration():
    decl = declarations_of(RAW, "toy.toml")
    m = MapData.build("t", [], kind="area", areas=[Area("A", "A", {})], borders=[])
    doc = {"format": "railhead.state/1", "ruleset": "toy", "units": []}
    st = parse_state(doc, m, declarations=decl)
    assert (st.phase, st.phase_named, st.weather) == ("march", False, "dry")
    assert "phase" not in st.to_dict()
    st = parse_state({**doc, "phase": "battle"}, m, declarations=decl)
    assert st.phase_named and st.to_dict()["phase"] == "battle"
    from railhead.errors import InputError

    with pytest.raises(
        InputError, match=r"unknown phase 'movement' \(the phases toy.toml declares: muster, march"
    ):
        parse_state({**doc, "phase": "movement"}, m, declarations=decl)


def test_out_of_turn_refuses_only_the_other_sides_unit_when_the_position_names_the_phasing_side():
    st = state(active="blue")
    red, blue = st.units
    v = out_of_turn(st, red, "S1", "red musters in its own phase")
    assert not v.legal and v.reasons[0].rule == "S1"
    assert (
        v.reasons[0].message == "U is a red unit: red musters in its own phase, and this is the blue player's"
    )
    assert out_of_turn(st, blue, "S1", "x") is None
    assert out_of_turn(state(active=None), red, "S1", "x") is None

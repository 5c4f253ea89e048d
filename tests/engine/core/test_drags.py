"""What a drag is in its phase (``drags`` in a ``[phases]`` declaration, engine/phases.py) and how
the core judges it (engine/drags.py), with a made-up game; the example ruleset's tests
(examples/hex_skirmish/tests/test_drags.py) judge drags through a whole ruleset."""

from __future__ import annotations

import pytest

from railhead.engine.phases import sequence_of

RAW = {
    "modes": {"ground": {}, "flee": {}},
    "actions": {
        "muster": {"args": {"unit": {"kind": "text"}, "at": {"kind": "location"}}},
        "levy": {"args": {"nation": {"kind": "text"}, "where": {"kind": "location"}}},
    },
    "phases": {
        "muster": {"rule": "S1", "actions": ["muster"], "drags": "muster"},
        "march": {"rule": "S2", "modes": ["ground"]},
        "battle": {"rule": "S3", "other_modes": ["flee"], "drags": {"other": "retreat"}},
        "rest": {"rule": "S4", "mover": "none"},
        "siege": {"rule": "S5", "mover": "none", "drags": {"phasing": "advance", "other": "retreat"}},
    },
}


def _phases(**changes):
    return sequence_of({**RAW, "phases": {**RAW["phases"], **changes}}, "toy.toml")


def test_what_a_drag_is_in_each_phase():
    """The declared kind, per side; a move where units move on the ground (the non-phasing side's
    drag there too: the sequence of play then refuses it); else nothing the ruleset says. Where the
    sides' kinds differ and no side is named, nothing: the reason says what is missing."""
    seq = _phases()
    kinds = {p.name: (p.drag_kind(True), p.drag_kind(False), p.drag_kind(None)) for p in seq.phases}
    assert kinds == {
        "muster": ("muster", "muster", "muster"),
        "march": ("move", "move", "move"),
        "battle": (None, "retreat", None),
        "siege": ("advance", "retreat", None),
        "rest": (None, None, None),
    }


def test_a_drag_declaration_naming_what_does_not_exist_is_the_author_s_error():
    with pytest.raises(ValueError, match=r"'parade' is neither move, retreat, advance nor a declared action"):
        _phases(rest={"drags": "parade"})
    with pytest.raises(ValueError, match=r"drags: expected a kind or a table of phasing and other"):
        _phases(rest={"drags": {"attacker": "advance"}})
    with pytest.raises(ValueError, match=r"action 'levy' needs nation=\.\.\., which a drag does not give"):
        _phases(rest={"drags": "levy"})
    seq = _phases(rest={"drags": "levy", "drag_args": {"nation": "nation"}})
    assert seq.phase("rest").drag_args == {"nation": "nation"}
    with pytest.raises(ValueError, match=r"drag_args: \{'nation': 'flag'\}"):
        _phases(rest={"drags": "levy", "drag_args": {"nation": "flag"}})
    with pytest.raises(ValueError, match=r"action 'muster' takes no argument 'nation'"):
        _phases(rest={"drags": "muster", "drag_args": {"nation": "nation"}})

    siege = seq.phase("siege")
    assert siege.drag_unknown("Toy", None) == (
        "a drag in the siege phase is an advance by the phasing side or a retreat by the other side, and "
        "no phasing side is named"
    )
    assert "Toy declares nothing else a drag is there" in seq.phase("rest").drag_unknown("Toy", True)


def test_a_side_that_may_retreat_or_advance_lists_both_the_usual_first():
    """Where the rulebook lets a side retreat and advance in one phase, its drags are a list; a
    list names only kinds of a drag after combat, each once."""
    seq = _phases(clash={"mover": "none", "drags": {"phasing": ["advance", "retreat"], "other": ["retreat"]}})
    clash = seq.phase("clash")
    assert (clash.drag_kinds(True), clash.drag_kinds(False), clash.drag_kinds(None)) == (
        ("advance", "retreat"),
        ("retreat",),
        (),
    )
    assert clash.drag_kind(True) == "advance"
    assert "an advance or a retreat by the phasing side" in clash.drag_unknown("Toy", None)
    assert _phases(melee={"drags": ["advance", "retreat"]}).phase("melee").drag_kinds(None) == (
        "advance",
        "retreat",
    )
    for bad in (["advance", "advance"], ["move", "retreat"], [], ["muster", "advance"]):
        with pytest.raises(ValueError, match=r"a list names kinds a drag after combat may be, each once"):
            _phases(rest={"drags": {"phasing": bad}})


def test_what_the_phase_saw_tells_a_vacated_location():
    """engine.drags.Held: a location another side's units stood in earlier in the phase and none
    stands in now is vacated (an advance may enter it); a unit the log took off the map stands
    nowhere; a new phase forgets what the last one saw."""
    from railhead.engine.drags import Held
    from railhead.engine.state import GameState, Unit

    def state(*units):
        return GameState("toy", tuple(Unit(i, s, "n", "infantry", h) for i, s, h in units))

    held = Held()
    held.see("p1", state(("a", "red", "0101"), ("b", "blue", "0102"), ("c", "blue", "0103")))
    now = state(("a", "red", "0101"), ("b", "blue", "0202"), ("c", "blue", "0103"))
    assert held.vacated(now, "0102", "red") and not held.vacated(now, "0103", "red")
    assert not held.vacated(now, "0102", "blue") and not held.vacated(now, "0303", "red")
    held.off("p1", now, "c")  # eliminated: the log took it off the map
    assert held.vacated(now, "0103", "red") and [u.id for u in held.present(now).units] == ["a", "b"]
    held.on("c")  # brought back: it stands where the position has it
    assert not held.vacated(now, "0103", "red") and len(held.present(now).units) == 3
    held.off("p1", now, "c")
    held.see("p2", now)
    assert not held.vacated(now, "0102", "red")

"""#28 item 6: the position states everything the rules read, each name declared in the ruleset's
data. A position naming a top-level field (an event, a scenario status), a marker or a location
attr its ruleset does not declare is refused on loading (exit 2, naming the file, the place and the
declared names); and a ruleset asking a position for an undeclared name -- stated or not -- is
refused (:class:`~railhead.engine.contract.UndeclaredRead`), so every test of a ruleset that loads
its positions with its declarations finds what it reads undeclared."""

from __future__ import annotations

import json

import pytest

from railhead.engine.board import Board
from railhead.engine.contract import Declarations, Field, UndeclaredRead
from railhead.engine.state import parse_state, read_state
from railhead.errors import InputError, InputErrors
from railhead.mapdata.sample import sample_area_map

DECL = Declarations(
    state_fields=(Field("italy_joined", "boolean", rule="E7"),),
    location_fields=(Field("fort", "choice", ("intact", "destroyed"), rule="F2"),),
    location_attrs=(Field("bridge_to", "location_list", rule="B3"),),
    markers=(Field("trench", rule="T1"),),
    source="toy/data.toml",
)
M = sample_area_map()
BERLIN = {"owner": "blue", "markers": ["trench"], "fort": "intact", "attrs": {"bridge_to": ["ruhr"]}}


def _doc(**top):
    return {
        "format": "railhead.state/1",
        "ruleset": "toy",
        "units": [{"id": "R1", "side": "red", "class": "inf", "location": "ruhr", "movement": 4}],
        "hexes": {"berlin": BERLIN},
        **top,
    }


def _state(**top):
    return parse_state(_doc(**top), M, declarations=DECL)


def test_declared_names_load_and_read():
    s = _state(italy_joined=True)
    assert s.extra["italy_joined"] is True and s.extra.get("options") is None
    assert "trench" in s.hex("berlin").markers and s.hex("berlin").attrs["bridge_to"] == ["ruhr"]
    assert s.hex("ruhr").field("fort") is None and "trench" not in s.hex("ruhr").markers
    b = Board(M, s)
    assert b.marker("trench")[b.idx("berlin")] and b.location_field("fort")[b.idx("berlin")] == "intact"


@pytest.mark.parametrize(
    ("where", "change", "said"),
    [
        ("$.austria_collapsed", {"austria_collapsed": True}, "italy_joined"),
        ("$.hexes['berlin'].markers", {"hexes": {"berlin": {"markers": ["fieldworks"]}}}, "trench"),
        ("$.hexes['berlin'].attrs", {"hexes": {"berlin": {"attrs": {"pontoon_to": ["ruhr"]}}}}, "bridge_to"),
        (
            "$.hexes['berlin'].attrs.bridge_to",
            {"hexes": {"berlin": {"attrs": {"bridge_to": ["x"]}}}},
            "location",
        ),
    ],
)
def test_a_position_naming_an_undeclared_name_is_exit_2(tmp_path, where, change, said):
    p = tmp_path / "state.json"
    p.write_text(json.dumps(_doc(**change)))
    with pytest.raises(InputError) as e:
        read_state(p, M, declarations=DECL)
    problems = e.value.problems if isinstance(e.value, InputErrors) else [e.value]
    assert str(p) in str(e.value)
    assert any(x.where == where and said in x.message for x in problems), [str(x) for x in problems]


def test_reading_an_undeclared_name_is_refused_stated_or_not():
    s = _state()
    b = Board(M, s)
    for read in (
        lambda: s.extra.get("austria_collapsed"),
        lambda: "fieldworks" in s.hex("berlin").markers,
        lambda: "fieldworks" in s.hex("ruhr").markers,  # a location the position says nothing of
        lambda: s.hex("berlin").attrs.get("pontoon_to"),
        lambda: s.hex("ruhr").fields.get("depot"),
        lambda: s.has_marker("berlin", "fieldworks"),
        lambda: b.marker("fieldworks"),
        lambda: b.location_field("depot"),
    ):
        with pytest.raises(UndeclaredRead, match=r"declare it under \[[a-z_]+\.[a-z_]+\]"):
            read()
    with pytest.raises(UndeclaredRead, match="toy/data.toml.*italy_joined"):
        s.extra["austria_collapsed"]


def test_a_position_built_without_declarations_reads_freely():
    s = parse_state(_doc(austria_collapsed=True), M)
    assert s.extra.get("austria_collapsed") is True and "fieldworks" not in s.hex("berlin").markers


def test_the_checks_survive_a_changed_copy():
    s = _state()
    import copy as copying

    markers = copying.deepcopy(s.hex("berlin").markers)
    assert markers == {"trench"}
    with pytest.raises(UndeclaredRead):
        "fieldworks" in markers  # noqa: B015
    for copy in (s.replace(turn=2),):
        assert "trench" in copy.hex("berlin").markers
        with pytest.raises(UndeclaredRead):
            copy.extra.get("austria_collapsed")
        with pytest.raises(UndeclaredRead):
            "fieldworks" in copy.hex("berlin").markers  # noqa: B015
    assert s.to_dict()["hexes"]["berlin"]["markers"] == ["trench"]

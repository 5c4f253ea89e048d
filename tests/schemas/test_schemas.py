# ruff: noqa: E501  (the tables of cases read best one case a line)
"""The published JSON Schemas (``schemas/``): each is a valid schema, railhead's own files fit them,
and a bad file is refused with exit 2 naming the file and the place in it."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import fastjsonschema
import pytest
from click.testing import CliRunner
from jsonschema import Draft7Validator

from railhead.cli import main
from railhead.engine.contract import Declarations, Field
from railhead.engine.rulesets.der_weltkrieg.sample import sample_state
from railhead.engine.state import parse_state
from railhead.engine.values import read_values
from railhead.errors import InputError
from railhead.exporters.vassal.check import read_roster, write_roster
from railhead.mapdata.io import mapdata_document, parse_mapdata
from railhead.mapdata.sample import sample_area_map, sample_map, sample_two_sheet_map
from railhead.pipeline.legend import parse_legend, read_legend
from railhead.pipeline.overrides import read_labels, read_overrides
from railhead.pipeline.synth import sample_legend
from railhead.schemas import NAMES, check, problems, schema, schema_path

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_a_valid_draft_7_schema_both_validators_compile(name):
    assert schema_path(name).parent == ROOT / "schemas"
    Draft7Validator.check_schema(schema(name))
    fastjsonschema.compile(schema(name))
    assert schema(name)["description"]


def test_every_format_has_its_schema_file():
    assert sorted(p.name for p in (ROOT / "schemas").glob("*.schema.json")) == sorted(
        f"{n}.schema.json" for n in NAMES
    )


@pytest.mark.parametrize("make", [sample_map, sample_area_map, sample_two_sheet_map])
def test_sample_maps_fit_the_map_schema(make):
    doc = json.loads(json.dumps(mapdata_document(make())))
    assert problems(doc, "mapdata") == []
    parse_mapdata(doc)


def test_sample_state_fits_the_state_schema():
    m = sample_map()
    assert problems(json.loads(json.dumps(sample_state(m))), "state") == []


def test_legends_of_the_repo_fit_the_legend_schema():
    assert problems(tomllib.loads(sample_legend().to_toml()), "legend") == []
    for path in (ROOT / "tests/pipeline/realmaps").glob("*.toml"):
        assert problems(tomllib.loads(path.read_text()), "legend") == [], path
        read_legend(path)


def test_the_charts_template_and_a_roster_fit_their_schemas(tmp_path):
    r = CliRunner().invoke(main, ["charts", "der-weltkrieg", "--template", str(tmp_path / "v.toml")])
    assert r.exit_code == 0, r.output
    assert problems(tomllib.loads((tmp_path / "v.toml").read_text()), "chart-values") == []
    read_values(tmp_path / "v.toml")
    from railhead.engine.state import parse_state as ps

    m = sample_map()
    state = ps(sample_state(m), m)
    write_roster(state.units, tmp_path / "r.csv")
    rows = read_roster(tmp_path / "r.csv")
    assert len(rows) == len(state.units)


def test_overrides_and_labels_of_the_docs_fit(tmp_path):
    (tmp_path / "o.toml").write_text(
        'format = "railhead.overrides/1"\n[terrain]\n"0512" = "woods"\n'
        '[[hexside]]\nhexes = ["0101", "0102"]\nfeatures = ["river"]\n'
        '[[edge]]\nkind = "rail"\nhexes = ["0304", "0305"]\npresent = false\n'
    )
    (tmp_path / "l.toml").write_text('format = "railhead.labels/1"\n[terrain]\n"0512" = "woods"\n')
    assert read_overrides(tmp_path / "o.toml")["terrain"] == {"0512": "woods"}
    assert read_labels(tmp_path / "l.toml")["terrain"] == {"0512": "woods"}


def _map(mutate):
    doc = mapdata_document(sample_map(cols=6, rows=5))
    doc = json.loads(json.dumps(doc))
    mutate(doc)
    return doc


def _state(mutate):
    m = sample_map()
    doc = json.loads(json.dumps(sample_state(m)))
    mutate(doc)
    return doc


BAD = {
    # name: (format, document, where, words of the message)
    "map-kind": ("mapdata", _map(lambda d: d.update(kind="hexes")), "$.kind", "expected 'hex' or 'area'"),
    "map-confidence": ("mapdata", _map(lambda d: d["hexes"][2].update(confidence=1.5)),
                       "$.hexes[2].confidence", "expected a number from 0 to 1, found 1.5"),
    "map-terrain": ("mapdata", _map(lambda d: d["hexes"][1].pop("terrain")), "$.hexes[1].terrain", "missing terrain"),
    "map-angle": ("mapdata", _map(lambda d: d["sheets"][0]["grid"]["pixels"].update(angle_deg=400)),
                  "$.sheets[0].grid.pixels.angle_deg", "between -360 and 360"),
    "map-oneway": ("mapdata", _map(lambda d: d.update(links=[{"between": ["0101", "0303"], "attrs": {"oneway": "yes"}}])),
                   "$.links[0].attrs.oneway", "true or false"),
    "map-id-long": ("mapdata", _map(lambda d: d["hexes"][0].update(id="x" * 300)), "$.hexes[0].id", "300 characters; railhead reads at most 200"),
    "state-turn": ("state", _state(lambda d: d.update(turn=-1)), "$.turn", "from 0 to 100,000"),
    "state-movement": ("state", _state(lambda d: d["units"][3].update(movement=-5)), "$.units[3].movement",
                       "a movement allowance (0 to 999)"),
    "state-strength": ("state", _state(lambda d: d["units"][0].update(strength="six")), "$.units[0].strength",
                       "a strength of 0 or more"),
    "state-hex": ("state", _state(lambda d: d["units"][1].pop("hex")), "$.units[1]", "missing hex or location"),
    "state-markers": ("state", _state(lambda d: d.update(hexes={"0101": {"markers": "trench"}})),
                      "$.hexes['0101'].markers", "a list of marker names"),
    "state-rolls": ("state", _state(lambda d: d.update(rolls=[3, 0])), "$.rolls[1]", "a die roll"),
    "state-weather": ("state", _state(lambda d: d.update(weather=["mud"])), "$.weather", "weather zone"),
}  # fmt: skip


@pytest.mark.parametrize("case", BAD)
def test_bad_documents_are_refused_naming_the_place(case):
    fmt, doc, where, words = BAD[case]
    found = problems(doc, fmt, "bad.json")
    assert found, case
    assert any(p.where == where and words in p.message and p.file == "bad.json" for p in found), [
        str(p) for p in found
    ]


BAD_TOML = {
    "legend-colour": ("legend", '[[terrain]]\nname = "clear"\ncolor = "white"\n', "terrain[0].color",
                      "a colour like '#7fae5a'"),
    "legend-key": ("legend", '[grid]\nhexwidth = 3\n[[terrain]]\nname = "a"\ncolor = "#000000"\n', "grid.hexwidth",
                   "unknown key"),
    "legend-first-and-cols": ("legend", '[grid]\nfirst = [1, 1]\ncols = [1, 2]\nrows = [1, 2]\n'
                              '[[terrain]]\nname = "a"\ncolor = "#000000"\n', "grid.first", "either first, or cols"),
    "legend-rows-alone": ("legend", '[grid]\ncols = [1, 2]\n[[terrain]]\nname = "a"\ncolor = "#000000"\n', "grid.cols",
                          "give cols and rows together"),
    "legend-width": ("legend", '[grid]\nhex_width_px = 2\n[[terrain]]\nname = "a"\ncolor = "#000000"\n',
                     "grid.hex_width_px", "above 4"),
    "overrides-edge": ("overrides", '[[edge]]\nkind = "rail"\nhexes = ["0101"]\n', "edge[0].hexes", "two hex ids"),
    "labels-terrain": ("labels", '[terrain]\n"0101" = 3\n', 'terrain.0101', "a terrain name"),
    "values-bool": ("chart-values", "[crt.x]\ny = true\n", "crt.x.y", "a number or a text value"),
}  # fmt: skip


@pytest.mark.parametrize("case", BAD_TOML)
def test_bad_toml_files_are_refused_naming_the_key(tmp_path, case):
    fmt, body, where, words = BAD_TOML[case]
    header = {
        "legend": "railhead.legend/1",
        "overrides": "railhead.overrides/1",
        "labels": "railhead.labels/1",
        "chart-values": "railhead.chart-values/1",
    }[fmt]
    path = tmp_path / "bad.toml"
    path.write_text(f'format = "{header}"\n{body}')
    reader = {
        "legend": read_legend,
        "overrides": read_overrides,
        "labels": read_labels,
        "chart-values": read_values,
    }[fmt]
    with pytest.raises(InputError) as err:
        reader(path)
    problems_ = getattr(err.value, "problems", [err.value])
    assert any(p.where == where and words in p.message for p in problems_), str(err.value)
    assert str(path) in str(err.value)


def test_toml_nan_inf_huge_numbers_and_deep_nesting_are_refused(tmp_path):
    path = tmp_path / "v.toml"
    for body, words in (("x = nan", "nan is not a number"), ("x = -inf", "inf is not a number"),
                        ("x = " + "9" * 5000, "a number too long"),
                        ("x = " + "[" * 50_000 + "]" * 50_000, "nested too deeply")):  # fmt: skip
        path.write_text(f"[crt.r]\n{body}\n")
        with pytest.raises(InputError, match=words):
            read_values(path)


def test_a_wrong_format_is_the_one_thing_said():
    doc = _map(lambda d: d.update(format="railhead.state/1", hexes=5))
    found = problems(doc, "mapdata", "m.json")
    assert [(p.where, p.message) for p in found] == [
        ("$.format", "expected format 'railhead.mapdata/1', found \"railhead.state/1\"")
    ]


def test_many_problems_are_listed_together_with_the_file():
    doc = _map(lambda d: [h.update(confidence=2) for h in d["hexes"][:25]])
    with pytest.raises(InputError) as err:
        check(doc, "mapdata", "m.json")
    text = str(err.value)
    assert text.startswith("m.json: 25 problem(s)") and "$.hexes[24].confidence" not in text
    assert "... and 5 more problems" in text


def test_the_state_schema_leaves_ruleset_fields_to_the_ruleset():
    """Fields a ruleset declares are not the schema's: it names none of Der Weltkrieg's, a state
    with another ruleset's field fits it, and the ruleset's declaration refuses a bad value."""
    text = schema_path("state").read_text()
    assert "month" not in text and "loc_targets" not in text and "rail_capacity" not in text
    m = sample_map()
    doc = sample_state(m)
    doc["season"] = "monsoon"
    assert problems(copy.deepcopy(doc), "state") == []
    decl = Declarations(state_fields=(Field("season", "choice", ("spring", "summer"), rule="§2.1"),))
    with pytest.raises(InputError) as err:
        parse_state(doc, m, file="s.json", declarations=decl)
    assert "$.season" in str(err.value) and "monsoon" in str(err.value) and "§2.1" in str(err.value)


def test_legend_items_sharing_a_colour():
    """Two lines (a line and a hexside feature, two hex features) in one colour: one would vanish,
    so refused; terrains in one colour are named in the report until hexes of each are labelled
    (the classifier tells them apart by texture)."""
    base = {"format": "railhead.legend/1", "terrain": [{"name": "clear", "color": "#ffffff"}]}
    with pytest.raises(InputError, match=r"line\[1\].color.*also the colour of line 'rail'"):
        parse_legend(
            {**base, "line": [{"name": "rail", "color": "#222222"}, {"name": "road", "color": "#222222"}]}
        )
    with pytest.raises(InputError, match="also the colour of hexside 'river'"):
        parse_legend({**base, "hexside": [{"name": "river", "color": "#2f6fd6"}],
                      "line": [{"name": "canal", "color": "#2F6FD6"}]})  # fmt: skip
    with pytest.raises(InputError, match="also the colour of feature 'town'"):
        parse_legend({**base, "feature": [{"name": "town", "color": "#b42828"},
                                          {"name": "fort", "color": "#B42828"}]})  # fmt: skip
    from railhead.pipeline.legend import unlearnable_terrain

    two = parse_legend({**base, "terrain": [{"name": "forest", "color": "#000000"},
                                            {"name": "hill", "color": "#000000"}]}, "l.toml")  # fmt: skip
    assert unlearnable_terrain(two, {}) == ["forest", "hill"]
    assert unlearnable_terrain(two, {"0101": "forest"}) == ["hill"]
    assert unlearnable_terrain(two, {"0101": "forest", "0102": "hill"}) == []


@pytest.mark.parametrize(
    "package, make_map, make_state",
    [
        ("grd_great_war", "sample_map", "sample_state"),
        ("death_of_empires", "sample_map", "sample_state"),
        ("great_war_area", "sample_map", "sample_state_doc"),
    ],
)
def test_every_rulesets_sample_state_fits_the_state_schema_and_so_does_what_railhead_writes(
    package, make_map, make_state
):
    """Units of a ruleset that gives them no movement allowance of their own (Death of Empires:
    MP per day) carry ``movement: null`` when a position is written back: that fits too."""
    import importlib

    from railhead.engine.registry import get_ruleset

    sample = importlib.import_module(f"railhead.engine.rulesets.{package}.sample")
    m, doc = getattr(sample, make_map)(), json.loads(json.dumps(getattr(sample, make_state)()))
    assert problems(doc, "state") == []
    rs = get_ruleset(doc["ruleset"])
    written = parse_state(doc, m, sides=rs.sides, declarations=rs.declarations).to_dict()
    assert problems(json.loads(json.dumps(written)), "state") == []

"""Generated input to every reader, through the command line as a user gives it: maps, states,
legends, overrides and labels, rosters, chart values, saves and logs. Whatever the file holds, the
command ends with exit 0 (it read it) or 2 (a message naming the file), never a traceback; and the
two validators behind the schemas (``schemas/``) agree on every generated document."""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path

import numpy as np
import pytest
import tomli_w
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from railhead.cli import main
from railhead.engine.rulesets.der_weltkrieg.sample import sample_state
from railhead.exporters.vassal.saves import move_command, piece_command, write_save
from railhead.mapdata.io import mapdata_document, write_mapdata
from railhead.mapdata.sample import sample_map
from railhead.pipeline.images import write_image
from railhead.pipeline.synth import sample_legend
from railhead.schemas import validators_agree

SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)

scalars = (
    st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    st.none() | scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
toml_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("fuzz")
    m = sample_map(cols=8, rows=6)
    write_mapdata(m, d / "map.json")
    (d / "state.json").write_text(json.dumps(sample_state(m)))
    (d / "legend.toml").write_text(sample_legend().to_toml())
    write_image(d / "tiny.png", np.full((24, 24, 3), 255, np.uint8))  # no grid: exit 2 after reading
    return d


def _places(doc, prefix=()):
    """Every (container, key) of a document, the document itself first."""
    yield None, prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _places(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _places(v, (*prefix, i))


@st.composite
def mutated(draw, doc, values=json_values):
    """``doc`` with one to three places replaced by generated values or removed."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for _, p in _places(doc) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(values)
    return doc


def _run(base: Path, name: str, content: str | bytes, args: list[str]) -> None:
    folder = Path(tempfile.mkdtemp(dir=base))
    bad = folder / name
    bad.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
    names = {"bad": bad, "out": folder / "out", **{p.stem: p for p in base.iterdir() if p.is_file()}}
    r = CliRunner().invoke(main, [a.format(**{k: str(v) for k, v in names.items()}) for a in args])
    assert r.exception is None or isinstance(r.exception, SystemExit), (
        args,
        repr(r.exception),
        r.output[-600:],
    )
    assert r.exit_code in (0, 2), (args, r.output[-600:])
    assert "Traceback" not in r.output


def _agree(doc, name: str) -> None:
    assert validators_agree(doc, name), (name, doc)


def _map_doc():
    return json.loads(json.dumps(mapdata_document(sample_map(cols=8, rows=6))))


def _state_doc():
    return json.loads(json.dumps(sample_state(sample_map(cols=8, rows=6))))


@SETTINGS
@given(doc=mutated(_map_doc()))
def test_generated_maps(base, doc):
    _agree(doc, "mapdata")
    _run(base, "bad.json", json.dumps(doc), ["map", "info", "{bad}"])
    _run(base, "bad.json", json.dumps(doc), ["grid", "center", "{bad}", "0101"])


@SETTINGS
@given(doc=mutated(_state_doc()))
def test_generated_states(base, doc):
    _agree(doc, "state")
    _run(base, "bad.json", json.dumps(doc), ["reach", "{map}", "{bad}", "GE-1"])


def _toml(doc) -> str:
    try:
        return tomli_w.dumps(doc)
    except (TypeError, ValueError):
        assume(False)
        raise


def _legend_doc():
    import tomllib

    return tomllib.loads(sample_legend().to_toml())


@SETTINGS
@given(doc=mutated(_legend_doc(), toml_values))
def test_generated_legends(base, doc):
    assume(isinstance(doc, dict))
    _agree(doc, "legend")
    _run(base, "bad.toml", _toml(doc), ["digitize", "{tiny}", "--legend", "{bad}", "--out", "{out}.json"])


@SETTINGS
@given(
    doc=mutated(
        {
            "format": "railhead.overrides/1",
            "terrain": {"0101": "woods"},
            "hexside": [{"hexes": ["0101", "0102"], "features": ["river"]}],
            "edge": [{"kind": "rail", "hexes": ["0201", "0202"], "present": False}],
        },
        toml_values,
    ),
    labels=st.booleans(),
)
def test_generated_overrides_and_labels(base, doc, labels):
    assume(isinstance(doc, dict))
    if labels:
        doc = {"format": "railhead.labels/1", **{k: v for k, v in doc.items() if k == "terrain"}}
    _agree(doc, "labels" if labels else "overrides")
    option = "--labels" if labels else "--overrides"
    _run(base, "bad.toml", _toml(doc), ["digitize", "{tiny}", "--legend", "{legend}", option, "{bad}",
                                         "--out", "{out}.json"])  # fmt: skip


@SETTINGS
@given(
    doc=mutated(
        {"format": "railhead.chart-values/1", "crt-standard": {"5": {"24": 4, "50": "9"}}, "terrain": {}},
        toml_values,
    )
)
def test_generated_chart_values(base, doc):
    assume(isinstance(doc, dict))
    _agree(doc, "chart-values")
    _run(base, "bad.toml", _toml(doc), ["reach", "{map}", "{state}", "GE-1", "--values", "{bad}"])


cells = st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=10)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=st.lists(st.lists(cells | st.integers(-5, 2000).map(str) | st.just("RR"), min_size=0, max_size=8),
                  max_size=4),
    header=st.sampled_from(["name,side,nation,class,size,strength,movement", "name,side", ""]),
)  # fmt: skip
def test_generated_rosters(base, rows, header):
    text = header + "\n" + "\n".join(",".join(r) for r in rows) + "\n"
    _run(base, "bad.csv", text, ["vassal", "export", "{map}", "--out", "{out}.vmod", "--roster", "{bad}"])


token = st.sampled_from(["+", "M", "D", "-", "stack", "piece", "deck", "Main Map", "null", "0", "12", ";"])
commands = st.lists(
    st.one_of(
        st.builds(piece_command, cells, cells, cells | token, st.integers(-(10**6), 10**6),
                  st.integers(-(10**6), 10**6)),
        st.builds(move_command, cells, cells | token, st.integers(-99, 99), st.integers(-99, 99),
                  st.tuples(cells, st.integers(-99, 99), st.integers(-99, 99))),
        st.lists(token | cells, max_size=8).map("/".join),
        st.lists(token | cells, max_size=8).map("\t".join),
    ),
    max_size=8,
)  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(save=commands, log=commands, as_log=st.booleans())
def test_generated_saves_and_logs(base, save, log, as_log):
    folder = Path(tempfile.mkdtemp(dir=base))
    path = folder / ("g.vlog" if as_log else "g.vsav")
    write_save(path, save, log=log if as_log else None)
    _run(base, path.name, path.read_bytes(), ["vassal", "pieces", "{bad}", "--moves"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 255)), min_size=1, max_size=6),
    cut=st.none() | st.integers(0, 10**6),
)
def test_damaged_logs(base, flips, cut):
    """A log damaged on disk: bytes flipped anywhere (headers, compressed data, the directory) or the
    file cut short; every reader of it still ends with exit 0 or 2."""
    folder = Path(tempfile.mkdtemp(dir=base))
    good = folder / "good.vlog"
    write_save(good, [piece_command(str(k), f"GE-{k}", "Main Map", 40 * k, 60) for k in range(1, 6)],
               log=[move_command("1", "Main Map", 90, 60, ("Main Map", 40, 60))])  # fmt: skip
    raw = bytearray(good.read_bytes())
    for at, bits in flips:
        raw[at % len(raw)] ^= bits
    if cut is not None:
        raw = raw[: cut % len(raw)]
    _run(base, "bad.vlog", bytes(raw), ["vassal", "pieces", "{bad}", "--moves"])

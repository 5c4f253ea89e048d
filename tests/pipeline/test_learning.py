"""Terrain learnt from a person's labels, hex features from symbols, on a synthetic scan whose
legend is wrong the way a person's first legend often is: two terrains given one colour."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.pipeline.digitize import digitize
from railhead.pipeline.legend import parse_legend
from railhead.pipeline.synth import degrade


def _hex(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


@pytest.fixture(scope="module")
def one_colour_legend(legend):
    """The sample legend with mountain given rough's colour (only texture tells them apart) and
    the red city squares as a [[feature]]."""

    def items(xs):
        return [{"name": t.name, "color": _hex(t.color), **t.extra} for t in xs]

    terrain = items(legend.terrain)
    rough = next(t["color"] for t in terrain if t["name"] == "rough")
    for t in terrain:
        if t["name"] == "mountain":
            t["color"] = rough
    return parse_legend(
        {
            "format": "railhead.legend/1",
            "grid": dict(legend.grid),
            "terrain": terrain,
            "hexside": items(legend.hexside),
            "line": items(legend.line),
            "feature": [{"name": "city", "color": "#b42828", "min_share": 0.025}],
        }
    )


@pytest.fixture(scope="module")
def scan(clean):
    return degrade(clean, 2, seed=11)


def _labels(truth, share, seed):
    ids = sorted(truth.hexes)
    pick = np.random.default_rng(seed).choice(len(ids), round(share * len(ids)), replace=False)
    return {ids[k]: truth.hexes[ids[k]].terrain for k in pick}


def _accuracy(found, truth, skip=()):
    ids = [h for h in truth.hexes if h not in skip]
    return 100 * np.mean([found.hexes[h].terrain == truth.hexes[h].terrain for h in ids])


@pytest.fixture(scope="module")
def unaided(scan, one_colour_legend):
    return digitize(scan.image, one_colour_legend)


def test_labels_teach_what_the_colours_cannot(scan, one_colour_legend, unaided):
    before = _accuracy(unaided.map, scan.truth)
    labels = _labels(scan.truth, 0.05, seed=1)
    taught = digitize(scan.image, one_colour_legend, labels=labels, seed=1)
    after = _accuracy(taught.map, scan.truth, skip=labels)
    assert before < 90  # rough and mountain cannot be told by colour
    assert after >= 94, (before, after)
    assert all(
        taught.map.hexes[h].terrain == t and taught.map.hexes[h].confidence == 1.0 for h, t in labels.items()
    )
    learn = taught.learning
    assert learn["labels"] == len(labels)
    assert 50 <= learn["expected_accuracy"] <= 100
    nxt = learn["label_next"]
    assert len(nxt) == 20 and not set(nxt) & set(labels)
    # the hexes proposed next are the doubtful ones, not a random draw
    conf = {h: x.confidence for h, x in taught.map.hexes.items()}
    assert np.mean([conf[h] for h in nxt]) < np.mean(list(conf.values()))


def test_city_symbols_become_hex_features(scan, unaided):
    found = unaided.map
    truth = {h for h, x in scan.truth.hexes.items() if "city" in x.features}
    got = {h for h, x in found.hexes.items() if "city" in x.features}
    # the sample prints roads in nearly the cities' red: one road-crossed hex can pass for a city
    assert len(truth) == 4 and len(got & truth) >= 3 and len(got - truth) <= 1, (got, truth)


def test_cli_learns_from_a_labels_file(tmp_path, scan, one_colour_legend):
    from railhead.pipeline.images import write_image

    write_image(tmp_path / "scan.png", scan.image)
    (tmp_path / "legend.toml").write_text(one_colour_legend.to_toml())
    labels = _labels(scan.truth, 0.05, seed=2)
    body = "\n".join(f'"{h}" = "{t}"' for h, t in labels.items())
    (tmp_path / "labels.toml").write_text(f'format = "railhead.labels/1"\n[terrain]\n{body}\n')
    base = [
        "digitize",
        tmp_path / "scan.png",
        "--legend",
        tmp_path / "legend.toml",
        "--out",
        tmp_path / "m.json",
    ]
    r = CliRunner().invoke(main, [str(a) for a in [*base, "--labels", tmp_path / "labels.toml", "--json"]])
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert rep["learning"]["labels"] == len(labels) and len(rep["learning"]["label_next"]) == 20
    assert 3 <= rep["hex_features"]["city"] <= 5
    (tmp_path / "bad.toml").write_text('format = "railhead.labels/1"\n[terrain]\n"9999" = "clear"\n')
    r = CliRunner().invoke(main, [str(a) for a in [*base, "--labels", tmp_path / "bad.toml"]])
    assert r.exit_code == 2 and "9999" in r.output and "not on the sheet" in r.output
    (tmp_path / "bad.toml").write_text('format = "railhead.labels/1"\n[terrain]\n"0101" = "lava"\n')
    r = CliRunner().invoke(main, [str(a) for a in [*base, "--labels", tmp_path / "bad.toml"]])
    assert r.exit_code == 2 and "lava" in r.output
    (tmp_path / "bad.toml").write_text('format = "railhead.labels/1"\n[hexside]\n')
    r = CliRunner().invoke(main, [str(a) for a in [*base, "--labels", tmp_path / "bad.toml"]])
    assert r.exit_code == 2 and "bad.toml" in r.output and "unknown key" in r.output

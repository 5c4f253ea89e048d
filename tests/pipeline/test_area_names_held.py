"""Area maps whose borders were not found are refused, not guessed (issue 27, items 6-7: "finds one
area; every name falls into it"). On a generated area map (pipeline/area_synth.py) read with a
legend whose border ink is printed nowhere on it, as when the ink is sampled beside the line, most
of the gazetteer's names fall into one found area: railhead digitize-areas exits 2 saying so and
what to do, and writes nothing. On the same map read right, the report counts the names that
shared an area."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.errors import InputError
from railhead.pipeline.area_synth import area_legend, render_areas
from railhead.pipeline.areas import SHARED_MAX, area_spec, check_names_held, digitize_areas, report_text
from railhead.pipeline.gazetteer import Place, write_gazetteer_csv
from railhead.pipeline.images import write_image
from railhead.pipeline.legend import read_legend


@pytest.fixture(scope="module")
def scan_files(tmp_path_factory):
    d = tmp_path_factory.mktemp("held")
    scan = render_areas(0, 2)
    write_image(d / "scan.png", scan.image)
    good = area_legend().to_toml()
    assert '"#6b2417"' in good  # the border ink the generated maps print
    (d / "legend.toml").write_text(good)
    # the border ink sampled off the line: a colour printed nowhere on the map
    (d / "wrong.toml").write_text(good.replace('"#6b2417"', '"#00ff00"'))
    write_gazetteer_csv(scan.places, d / "g.csv")
    return d, scan


def _run(d, legend, out):
    return CliRunner().invoke(
        main,
        ["digitize-areas", str(d / "scan.png"), "--legend", str(d / legend), "--gazetteer", str(d / "g.csv")]
        + ["--out", str(out)],
    )


def test_borders_not_found_exit_2_with_what_to_do(scan_files, tmp_path):
    d, scan = scan_files
    out = tmp_path / "o.json"
    r = _run(d, "wrong.toml", out)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert "the borders of this map were not found" in r.output
    assert "[areas] border" in r.output and "border_width_px" in r.output
    named = sum(p.kind != "port" for p in scan.places)
    assert f"of the gazetteer's {named} names" in r.output
    apart = re.search(r"hold only (\d+) of them", r.output)
    assert apart and int(apart.group(1)) < named / 2
    assert not out.exists()


def test_borders_found_report_counts_names_sharing(scan_files, tmp_path):
    d, scan = scan_files
    out = tmp_path / "o.json"
    r = _run(d, "legend.toml", out)
    assert r.exit_code == 0, r.output
    found = digitize_areas(scan.image, area_legend(), scan.places)
    held = found.report["names_sharing"]
    assert held["names"] == sum(p.kind != "port" for p in scan.places)
    assert held["sharing"] <= SHARED_MAX * held["names"]
    assert held["sharing"] == sum(len(s["places"]) for s in found.report["split_by_names"])
    if held["sharing"]:
        assert f"{held['sharing']} of the gazetteer's {held['names']} names" in report_text(found.report)


def test_the_refusal_is_at_fewer_than_half_the_names_held_apart():
    places = [Place(f"a{i}", (float(i), 0.0), f"a{i}", "land", {}) for i in range(10)]
    places.append(Place("port", (0.0, 0.0), "p", "port", {}))
    # 6 names in one area: 5 areas hold the 10 names apart, half: kept
    assert check_names_held([places[:6]], places, None) == {"names": 10, "sharing": 6, "areas": 1}
    assert check_names_held([places[:3], places[3:6]], places, None)["sharing"] == 6
    # a gazetteer of 3 with two names in one area is kept
    assert check_names_held([places[:2]], places[:3], None)["sharing"] == 2
    with pytest.raises(InputError, match="7 of the gazetteer's 10 names fell into 1 found area"):
        check_names_held([places[:7]], places, None)


def test_a_fill_in_the_border_ink_is_refused(scan_files, tmp_path):
    """A legend listing a fill in (nearly) the border ink, as when an area printed black beside black
    borders is sampled as a fill, is refused (exit 2) naming both, rather than read with every
    border taken for that fill."""
    d, _ = scan_files
    near = area_legend().to_toml() + '\n[[area]]\nname = "blackland"\ncolor = "#6c2518"\nkind = "land"\n'
    (tmp_path / "near.toml").write_text(near)
    r = CliRunner().invoke(
        main,
        ["digitize-areas", str(d / "scan.png"), "--legend", str(tmp_path / "near.toml")]
        + ["--out", str(tmp_path / "o.json")],
    )
    assert r.exit_code == 2, r.output
    assert "'blackland' (land) and [areas] border (border) are colours too close" in r.output
    far = area_legend().to_toml() + '\n[[area]]\nname = "olive"\ncolor = "#82823a"\nkind = "land"\n'
    (tmp_path / "far.toml").write_text(far)
    assert area_spec(read_legend(tmp_path / "far.toml")).roles.count("land") == 5

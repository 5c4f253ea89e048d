"""``railhead vassal add-referee`` and ``vassal export --referee``: the component goes into the
module (its classes under railhead/vassal/, every map's PieceMover made the referee's), every
other entry of the user's module is copied byte for byte, the input is never modified, and what
cannot be done is refused with exit 2. (That VASSAL runs the component: test_vassal_referee.py.)"""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.exporters.vassal.module import write_module
from railhead.exporters.vassal.referee import COMPONENT, PIECE_MOVER
from railhead.mapdata.sample import sample_map

URL = "http://127.0.0.1:8765/"


@pytest.fixture
def classes(tmp_path, monkeypatch) -> Path:
    """A stand-in for the compiled component (these tests check the packaging, not the Java)."""
    d = tmp_path / "classes"
    (d / "railhead" / "vassal").mkdir(parents=True)
    (d / "railhead" / "vassal" / "RailheadReferee.class").write_bytes(b"\xca\xfe\xba\xbe referee")
    (d / "railhead" / "vassal" / "Json.class").write_bytes(b"\xca\xfe\xba\xbe json")
    monkeypatch.setenv("RAILHEAD_REFEREE_CLASSES", str(d))
    return d


@pytest.fixture
def user_module(tmp_path) -> Path:
    """A module as a user has it: railhead's, plus an entry of their own stored uncompressed."""
    p = tmp_path / "game.vmod"
    write_module(sample_map(), p)
    with zipfile.ZipFile(p, "a") as zf:
        zf.writestr(zipfile.ZipInfo("help/notes.html", (2020, 5, 1, 12, 0, 0)), b"<p>house rules</p>")
    return p


def _entries(p: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(p) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def _run(*args: str):
    return CliRunner().invoke(main, ["vassal", *args])


def test_add_referee_copies_the_module_and_adds_the_component(classes, user_module, tmp_path):
    before = hashlib.sha256(user_module.read_bytes()).hexdigest()
    out = tmp_path / "refereed.vmod"
    r = _run("add-referee", str(user_module), "--out", str(out), "--referee", URL)
    assert r.exit_code == 0, r.output
    assert hashlib.sha256(user_module.read_bytes()).hexdigest() == before  # input untouched
    old, new = _entries(user_module), _entries(out)
    assert {n: b for n, b in new.items() if n != "buildFile.xml" and not n.startswith("railhead/")} == {
        n: b for n, b in old.items() if n != "buildFile.xml"
    }
    assert new["railhead/vassal/RailheadReferee.class"] == b"\xca\xfe\xba\xbe referee"
    assert new["railhead/vassal/Json.class"] == b"\xca\xfe\xba\xbe json"
    root = ET.fromstring(new["buildFile.xml"])
    assert not list(root.iter(PIECE_MOVER))
    (mover,) = root.iter(COMPONENT)
    assert mover.get("refereeUrl") == URL
    # the PieceMover's own attributes and place in its map are kept
    old_root = ET.fromstring(old["buildFile.xml"])
    (old_mover,) = old_root.iter(PIECE_MOVER)
    assert {k: v for k, v in mover.attrib.items() if k != "refereeUrl"} == old_mover.attrib
    old_map = next(m for m in old_root.iter() if old_mover in list(m))
    new_map = next(m for m in root.iter() if mover in list(m))
    assert [c.tag for c in new_map] == [COMPONENT if c.tag == PIECE_MOVER else c.tag for c in old_map]
    # with the user's own entry's date and storage kept
    with zipfile.ZipFile(out) as zf:
        info = zf.getinfo("help/notes.html")
    assert info.date_time == (2020, 5, 1, 12, 0, 0) and info.compress_type == zipfile.ZIP_STORED


def test_adding_again_replaces_the_component_and_its_address(classes, user_module, tmp_path):
    once, twice = tmp_path / "once.vmod", tmp_path / "twice.vmod"
    assert _run("add-referee", str(user_module), "--out", str(once)).exit_code == 0
    r = _run("add-referee", str(once), "--out", str(twice), "--referee", "http://127.0.0.1:9000/")
    assert r.exit_code == 0, r.output
    with zipfile.ZipFile(twice) as zf:
        names = zf.namelist()
        root = ET.fromstring(zf.read("buildFile.xml"))
    assert sorted(n for n in names if n.startswith("railhead/")) == [
        "railhead/vassal/Json.class",
        "railhead/vassal/RailheadReferee.class",
    ]
    assert [m.get("refereeUrl") for m in root.iter(COMPONENT)] == ["http://127.0.0.1:9000/"]


def test_export_with_referee_is_export_then_add_referee(classes, tmp_path):
    from railhead.mapdata.io import write_mapdata

    write_mapdata(sample_map(), tmp_path / "map.json")
    plain, direct, added = tmp_path / "plain.vmod", tmp_path / "direct.vmod", tmp_path / "added.vmod"
    assert _run("export", str(tmp_path / "map.json"), "--out", str(plain)).exit_code == 0
    r = _run("export", str(tmp_path / "map.json"), "--out", str(direct), "--referee", URL)
    assert r.exit_code == 0, r.output
    assert _run("add-referee", str(plain), "--out", str(added), "--referee", URL).exit_code == 0
    assert _entries(direct) == _entries(added)
    assert "railhead/vassal/RailheadReferee.class" in _entries(direct)


def test_export_with_referee_writes_the_module_once(classes, tmp_path, monkeypatch):
    """`vassal export --referee` puts the component into the export's own entries and writes the
    archive once (it was written whole to a temporary module, read back and written again)."""
    import railhead.files as files
    from railhead.mapdata.io import write_mapdata

    write_mapdata(sample_map(), tmp_path / "map.json")
    writes = []
    temporary = files._temporary
    monkeypatch.setattr(
        files, "_temporary", lambda path, suffix: writes.append(Path(path)) or temporary(path, suffix)
    )
    out = tmp_path / "game.vmod"
    r = _run("export", str(tmp_path / "map.json"), "--out", str(out), "--referee", URL)
    assert r.exit_code == 0, r.output
    assert writes == [out]
    new = _entries(out)
    assert new["railhead/vassal/RailheadReferee.class"] == b"\xca\xfe\xba\xbe referee"
    assert [m.get("refereeUrl") for m in ET.fromstring(new["buildFile.xml"]).iter(COMPONENT)] == [URL]


def test_a_failed_export_leaves_no_partial_file(classes, tmp_path, monkeypatch):
    """A write that fails half way (the disk full at the component's first class) is refused
    with exit 2; the module already there is left as it was and nothing else is left behind."""
    import errno

    from railhead.mapdata.io import write_mapdata

    write_mapdata(sample_map(), tmp_path / "map.json")
    out = tmp_path / "game.vmod"
    out.write_bytes(b"the module of yesterday")
    before = sorted(p.name for p in tmp_path.iterdir())
    writestr = zipfile.ZipFile.writestr

    def full(zf, info, data, *args, **kwargs):
        name = info.filename if isinstance(info, zipfile.ZipInfo) else info
        if name.startswith("railhead/vassal/"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return writestr(zf, info, data, *args, **kwargs)

    monkeypatch.setattr(zipfile.ZipFile, "writestr", full)
    r = _run("export", str(tmp_path / "map.json"), "--out", str(out), "--referee", URL)
    assert r.exit_code == 2, r.output
    assert "cannot write here" in r.output
    assert out.read_bytes() == b"the module of yesterday"
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def _rewrite(src: Path, dst: Path, build: bytes) -> Path:
    entries = _entries(src)
    entries["buildFile.xml"] = build
    with zipfile.ZipFile(dst, "w") as zf:
        for n, b in entries.items():
            zf.writestr(n, b)
    return dst


@pytest.mark.parametrize(
    "case, message",
    [
        ("not compiled", "the referee's VASSAL component is not compiled"),
        ("no mover", "no map of the module has a PieceMover"),
        ("entities", "XML entities or a DTD"),
        ("not a zip", "not a zip archive"),
        ("bad url", "--referee expects the referee's http address"),
        ("same file", "this is an input of the command"),
    ],
)
def test_what_cannot_be_done_is_refused_with_exit_2(case, message, classes, user_module, tmp_path):
    src, out, url = user_module, tmp_path / "out.vmod", URL
    if case == "not compiled":
        (classes / "railhead" / "vassal" / "RailheadReferee.class").unlink()
    elif case == "no mover":
        root = ET.fromstring(_entries(user_module)["buildFile.xml"])
        for parent in list(root.iter()):
            for child in list(parent):
                if child.tag == PIECE_MOVER:
                    parent.remove(child)
        src = _rewrite(user_module, tmp_path / "static.vmod", ET.tostring(root))
    elif case == "entities":
        bomb = b'<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>'
        src = _rewrite(user_module, tmp_path / "entities.vmod", bomb)
    elif case == "not a zip":
        src = tmp_path / "text.vmod"
        src.write_text("hello")
    elif case == "bad url":
        url = "127.0.0.1:8765"
    elif case == "same file":
        out = src
    before = src.read_bytes()
    r = _run("add-referee", str(src), "--out", str(out), "--referee", url)
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert src.read_bytes() == before
    if out != src:
        assert not out.exists()


PHASES_TOML = """format = "railhead.phases/1"
ruleset = "der-weltkrieg"
tracker = "Turn"
phase_level = "Phase"
[phases]
"German Movement" = { phase = "movement", side = "central" }
"""


@pytest.mark.parametrize(
    "case, message",
    [
        ("no ruleset", "--phases needs --ruleset"),
        ("no property", "level 'Phase' of turn tracker 'Turn' has no property name"),
        ("no tracker", "expected one of the module's turn trackers: (none)"),
    ],
)
def test_a_phase_mapping_the_component_cannot_follow_is_refused(
    case, message, classes, user_module, tmp_path
):
    """The component reads a level's value from the global property VASSAL keeps it in: a level
    without one (its property name blank in the editor) cannot be followed, and is refused."""
    src = user_module
    if case != "no tracker":
        root = ET.fromstring(_entries(user_module)["buildFile.xml"])
        tt = ET.SubElement(root, "VASSAL.build.module.turn.TurnTracker", name="Turn")
        phase = {"name": "Phase", "list": "German Movement"}
        if case != "no property":
            phase["property"] = "Phase"
        ET.SubElement(tt, "VASSAL.build.module.turn.ListTurnLevel", phase)
        src = _rewrite(user_module, tmp_path / "tracked.vmod", ET.tostring(root))
    (tmp_path / "p.toml").write_text(PHASES_TOML)
    args = [
        "add-referee",
        str(src),
        "--out",
        str(tmp_path / "out.vmod"),
        "--phases",
        str(tmp_path / "p.toml"),
    ]
    r = _run(*args, *([] if case == "no ruleset" else ["--ruleset", "der-weltkrieg"]))
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert not (tmp_path / "out.vmod").exists()


def test_the_mapping_and_the_roster_go_into_the_module(classes, user_module, tmp_path):
    root = ET.fromstring(_entries(user_module)["buildFile.xml"])
    tt = ET.SubElement(root, "VASSAL.build.module.turn.TurnTracker", name="Turn")
    ET.SubElement(
        tt, "VASSAL.build.module.turn.ListTurnLevel", name="Phase", property="Ph", list="German Movement"
    )
    src = _rewrite(user_module, tmp_path / "tracked.vmod", ET.tostring(root))
    (tmp_path / "p.toml").write_text(PHASES_TOML)
    (tmp_path / "r.csv").write_text("name,id,side\nErste Armee,GE-1,central\nGE-2,,central\n")
    out = tmp_path / "out.vmod"
    args = ["add-referee", str(src), "--out", str(out), "--phases", str(tmp_path / "p.toml")]
    r = _run(*args, "--ruleset", "der-weltkrieg", "--roster", str(tmp_path / "r.csv"))
    assert r.exit_code == 0, r.output
    config = json.loads(_entries(out)["railhead/vassal/referee.json"])
    assert config == {
        "phase_property": "Ph",
        "phases": {"German Movement": {"phase": "movement", "side": "central"}},
        "sides": {},
        "units": {"Erste Armee": "GE-1", "GE-2": "GE-2"},
    }


@pytest.mark.parametrize("command", ["export", "add-referee"])
def test_the_roster_is_read_once(command, classes, user_module, tmp_path, monkeypatch):
    """The roster gives the module its counters and the referee its unit ids from one read of the
    file (a roster edited between two reads would give the two different rows)."""
    from railhead.exporters.vassal import check as roster_io
    from railhead.mapdata.io import write_mapdata

    reads = []
    read = roster_io._csv_rows
    monkeypatch.setattr(roster_io, "_csv_rows", lambda p: reads.append(p) or read(p))
    (tmp_path / "r.csv").write_text(
        "name,id,side,nation,class,size,strength,movement\n"
        "Erste Armee,GE-1,central,germany,infantry,division,6,5\n"
    )
    out = tmp_path / "out.vmod"
    if command == "export":
        write_mapdata(sample_map(), tmp_path / "map.json")
        args = ["export", str(tmp_path / "map.json"), "--out", str(out), "--referee", URL]
    else:
        args = ["add-referee", str(user_module), "--out", str(out)]
    r = _run(*args, "--roster", str(tmp_path / "r.csv"))
    assert r.exit_code == 0, r.output
    assert reads == [tmp_path / "r.csv"]
    assert json.loads(_entries(out)["railhead/vassal/referee.json"])["units"] == {"Erste Armee": "GE-1"}

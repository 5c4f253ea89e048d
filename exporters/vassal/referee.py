"""The live referee inside a VASSAL module: its compiled Java component, put into a module.

The component (``exporters/vassal/java/railhead/vassal/RailheadReferee.java`` and
``MoveWatch.java``, compiled against VASSAL's Vengine.jar by the Makefile's ``vassal-referee``
target) extends VASSAL's own ``PieceMover``: named in ``buildFile.xml`` in place of a map's
``VASSAL.build.module.map.PieceMover``, it moves pieces exactly as that does, and it watches the
commands the game records (drags, keystrokes, Global Key Commands, the other player's moves,
Undo, a replayed log's steps) and the start of a game; off Swing's thread, it sends each piece
moved (its name and the locations it left and entered, by the board's grid names) to ``railhead
serve``'s ``POST /apply`` and writes the verdict with its rule in the player's chat, or why the
move is not judged, and keeps the referee's position where the board is (``POST /place``,
``POST /take-back``; docs/serving.md).

:func:`add_referee` writes a copy of a module with the component: every entry but the build file
copied byte for byte, the classes added under ``railhead/vassal/``; :func:`with_component` puts it
into the entries of a module being exported (``vassal export --referee``, written once). The
input is treated as hostile (:func:`.saves.open_archive`, :func:`.saves.read_info`: entry count
and size caps, no extraction) and never modified; the output is written atomically.
"""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ...errors import InputError
from ...files import atomic_output
from .modules import parse_build
from .saves import MAX_ENTRY_BYTES, open_archive, read_info

COMPONENT = "railhead.vassal.RailheadReferee"
PIECE_MOVER = "VASSAL.build.module.map.PieceMover"
CLASS_DIR = "railhead/vassal/"
CONFIG = CLASS_DIR + "referee.json"  # what the component reads: phase mapping and unit ids
MAX_TOTAL_BYTES = 4 * MAX_ENTRY_BYTES
_ROOT = Path(__file__).resolve().parents[2]


def classes_dir() -> Path:
    """Where ``make vassal-referee`` compiles the component (``railhead/vassal/*.class`` below it):
    ``.venv/vassal/referee`` of the checkout, or the folder ``RAILHEAD_REFEREE_CLASSES`` names."""
    return Path(os.environ.get("RAILHEAD_REFEREE_CLASSES", _ROOT / ".venv" / "vassal" / "referee"))


def component_classes(classes: str | Path | None = None) -> dict[str, bytes]:
    """The compiled component: zip entry name -> class file bytes; an InputError saying how to
    build it when it has not been compiled."""
    base = Path(classes) if classes is not None else classes_dir()
    found = sorted((base / CLASS_DIR).glob("*.class"))
    if not any(f.name == "RailheadReferee.class" for f in found):
        raise InputError(
            f"the referee's VASSAL component is not compiled (no {base / CLASS_DIR}RailheadReferee.class): "
            "run `make vassal-referee` (needs a JDK, javac, and VASSAL's Vengine.jar, which it fetches)"
        )
    return {CLASS_DIR + f.name: f.read_bytes() for f in found}


def check_url(url: str) -> str:
    """The referee's address, checked: an http URL (``railhead serve`` prints it)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InputError(
            f"--referee expects the referee's http address, like http://127.0.0.1:8765/, not {url!r}"
        )
    return url


def referee_config(phase_map=None, units: dict[str, str] | None = None) -> dict[str, Any]:
    """What the component reads from the module (``railhead/vassal/referee.json``): the check's
    phase mapping (:class:`.phase_map.PhaseMap`) turned to the global properties VASSAL keeps the
    tracker's levels in (a level's ``property``; the turn counter's too, when it has one, so that the
    turn goes with the phase), and the roster's piece name -> unit id."""
    doc: dict[str, Any] = {}
    if phase_map is not None:
        tracker = phase_map.turn_tracker
        for key, level_name in (
            ("phase_property", phase_map.phase_level),
            ("side_property", phase_map.side_level),
        ):
            if level_name is None:
                continue
            level = tracker.find(level_name)
            if level is None or not level.property:
                raise InputError(
                    f"level {level_name!r} of turn tracker {tracker.name!r} has no property name, so "
                    "VASSAL publishes no value of it: give it one in VASSAL's editor",
                    file=phase_map.file,
                )
            doc[key] = level.property
        # the turn: the tracker's outermost counter (VASSAL's usual tracker counts the turns and
        # lists the phases inside them); without one, or without its property, the referee's own
        turn = next((lv for lv in tracker.all_levels() if lv.kind == "counter"), None)
        if turn is not None and turn.property:
            doc["turn_property"] = turn.property
        doc["phases"] = phase_map.phases
        doc["sides"] = phase_map.sides
    if units is not None:
        doc["units"] = units
    return doc


def with_referee(build: bytes, url: str, src: Path, phase_property: str | None = None) -> tuple[bytes, int]:
    """The build file with every map's PieceMover made the referee's (its attributes kept, the
    referee's address added, and ``phase_property``: the module property whose value is the phase,
    such as a turn tracker level's); also how many maps got it. A module none of whose maps moves
    pieces is refused."""
    root = parse_build(build, src)
    count = 0
    for el in root.iter():  # a PieceMover belongs to its map (Map, PrivateMap, PlayerHand, ...)
        for child in el:
            if child.tag in (PIECE_MOVER, COMPONENT):
                child.tag = COMPONENT
                child.set("refereeUrl", url)
                if phase_property is not None:
                    child.set("phaseProperty", phase_property)
                count += 1
    if not count:
        raise InputError(
            "no map of the module has a PieceMover (VASSAL's component that moves pieces), "
            "so there is no move for the referee to watch",
            file=src,
        )
    from xml.etree import ElementTree as ET

    return ET.tostring(root, encoding="utf-8", xml_declaration=True), count


def component_entries(compiled: dict[str, bytes], config: dict[str, Any] | None) -> dict[str, bytes]:
    """The entries the component adds to a module: its classes (:func:`component_classes`) and,
    when there is one, ``config`` (:func:`referee_config`) as ``railhead/vassal/referee.json``."""
    if not config:
        return dict(compiled)
    return {**compiled, CONFIG: json.dumps(config, ensure_ascii=False, indent=1).encode()}


def with_component(
    entries: dict[str, bytes],
    url: str,
    compiled: dict[str, bytes],
    where: Path,
    phase_property: str | None = None,
    config: dict[str, Any] | None = None,
) -> dict[str, bytes]:
    """A module's entries (name -> bytes, as :func:`.module.write_module` holds them before
    writing) with the referee's component: every map's PieceMover made the referee's
    (:func:`with_referee`), the classes and ``config`` added, an earlier copy of them dropped.
    ``where`` is the module the errors name. What ``vassal export --referee`` writes, in the
    export's one write: the same entries as the export followed by :func:`add_referee`."""
    out = {name: data for name, data in entries.items() if not name.startswith(CLASS_DIR)}
    out["buildFile.xml"], _ = with_referee(entries["buildFile.xml"], url, where, phase_property)
    out.update(component_entries(compiled, config))
    return out


def add_referee(
    src: str | Path,
    dst: str | Path,
    url: str,
    classes: str | Path | None = None,
    phase_property: str | None = None,
    config: dict[str, Any] | None = None,
) -> int:
    """Write ``dst``: the module ``src`` with the referee component on its maps, asking ``url``
    (and sending the value of the module property ``phase_property`` as the phase; ``config``:
    :func:`referee_config`'s phase mapping and unit ids, which replace it).
    Returns the number of maps that got it. ``src`` is never modified (it may be ``dst``'s
    source only through a different path: writing over the input is refused)."""
    src, dst = Path(src), Path(dst)
    url = check_url(url)
    if dst.exists() and src.exists() and os.path.samefile(src, dst):
        raise InputError("the output would overwrite the input module; name another --out", file=dst)
    compiled = component_classes(classes)
    total = 0
    # written straight to the output's temporary file (renamed over ``dst`` only once whole)
    with atomic_output(dst, "wb") as fh, open_archive(src) as zin, zipfile.ZipFile(fh, "w") as zout:
        infos = zin.infolist()
        names = [i.filename for i in infos]
        build_name = "buildFile.xml" if "buildFile.xml" in names else "buildFile"
        if build_name not in names:
            raise InputError("not a VASSAL module: the archive has no buildFile.xml", file=src)
        if names.count(build_name) > 1:
            raise InputError(
                f"the archive holds {build_name} twice; which one VASSAL reads is unclear", file=src
            )
        count = 0
        for info in infos:
            if info.filename.startswith(CLASS_DIR):
                continue  # an earlier copy of the component (or its folder): replaced below
            data = read_info(zin, info, src)
            total += len(data)
            if total > MAX_TOTAL_BYTES:
                raise InputError(
                    f"the module unpacks to more than {MAX_TOTAL_BYTES:,} bytes, more than railhead copies",
                    file=src,
                )
            if info.filename == build_name:
                data, count = with_referee(data, url, src, phase_property)
            copy = zipfile.ZipInfo(info.filename, info.date_time)
            copy.compress_type = info.compress_type
            copy.external_attr = info.external_attr
            copy.comment = info.comment
            zout.writestr(copy, data)
        for name, data in sorted(component_entries(compiled, config).items()):
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zout.writestr(info, data)
    return count

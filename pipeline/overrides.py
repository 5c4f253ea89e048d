"""A person's corrections, applied on every re-run (``--overrides fixes.toml``).

```toml
format = "railhead.overrides/1"

[terrain]            # hex id = terrain
"0512" = "woods"

[[hexside]]          # the features of one hexside ([] removes what was found there)
hexes = ["0101", "0102"]
features = ["river"]

[[edge]]             # one hex-to-hex edge of a line kind
kind = "rail"
hexes = ["0304", "0305"]
present = false
```
Corrected items get confidence 1.0. Unknown hexes, non-adjacent pairs, unknown terrain or features
are errors that name the entry.

The ``[terrain]`` entries are also labels the terrain classifier learns from (see :mod:`.learn`); a
labels file (``format = "railhead.labels/1"`` with only a ``[terrain]`` table) gives labels without
correcting anything else. :func:`terrain_labels` reads either. :func:`labels_to_label_next`
writes the next round's labels file: the labels so far, and the hexes worth labelling next
commented out with the classifier's guess, for the person to check, uncomment and pass back.
"""

from __future__ import annotations

from pathlib import Path

import tomli_w

from ..errors import InputError
from ..files import atomic_output, read_toml
from ..mapdata.model import Hex, Hexside, Line, MapData, side_key
from ..schemas import check, toml_path
from .digitize import _chains
from .legend import Legend

FORMAT = "railhead.overrides/1"
LABELS = "railhead.labels/1"


def _read(path: str | Path, fmt: str, what: str) -> dict:
    doc = read_toml(path, f"{what} file ({fmt})")
    check(doc, what, path, toml_path)  # schemas/overrides.schema.json, schemas/labels.schema.json
    doc["_file"] = str(path)
    return doc


def read_overrides(path: str | Path) -> dict:
    return _read(path, FORMAT, "overrides")


def read_labels(path: str | Path) -> dict:
    """A labels file: ``format = "railhead.labels/1"`` and a ``[terrain]`` table."""
    return _read(path, LABELS, "labels")


class Labels(dict):
    """Hex id -> terrain, remembering the file each label came from (``origin``), so a message about
    a label names that file."""

    def __init__(self) -> None:
        super().__init__()
        self.origin: dict[str, str | None] = {}


def terrain_labels(*docs: dict | None) -> Labels:
    """Hex id -> terrain from the ``[terrain]`` tables of overrides or labels files (later wins)."""
    out = Labels()
    for doc in docs:
        if doc:
            for h, t in (doc.get("terrain") or {}).items():
                out[h] = t
                out.origin[h] = doc.get("_file")
    return out


def labels_to_label_next(
    labels: dict[str, str], suggestions: list[tuple[str, str, float]], terrains: list[str]
) -> str:
    """A labels file (``railhead.labels/1``) for the next run: the hexes labelled so far, then
    each suggested hex (id, the classifier's guess, its confidence) as a commented-out line. The
    guesses stay commented: a label is what the person saw on the map, never an unchecked guess
    (the classifier would learn its own mistakes back)."""
    out = [
        "# railhead labels: terrain a person gave hexes, learnt from by `railhead digitize --labels`.",
        tomli_w.dumps({"format": LABELS, "terrain": dict(sorted(labels.items()))}).rstrip(),
    ]
    if suggestions:
        out += [
            "",
            "# Label next, most useful first (the rank ringed in blue on --overlay, the tiles of",
            "# --label-sheet in this order): look at each hex,",
            "# uncomment its line and put the terrain the map shows there. Terrains of the legend:",
            f"# {', '.join(terrains)}.",
        ]
        for rank, (h, guess, conf) in enumerate(suggestions, 1):
            line = tomli_w.dumps({h: guess}).strip()
            out.append(f"# {line}    # {rank}: guessed, confidence {conf:.2f}")
    return "\n".join(out) + "\n"


def write_label_next(
    path: str | Path, labels: dict[str, str], m: MapData, label_next: list[str], terrains: list[str]
) -> None:
    """Write :func:`labels_to_label_next` of the map ``m`` (its terrain and confidence are the
    guesses) to ``path``, atomically."""
    guesses = [(h, m.hexes[h].terrain, m.hexes[h].confidence) for h in label_next]
    with atomic_output(path) as fh:
        fh.write(labels_to_label_next(labels, guesses, terrains))


def apply_overrides(m: MapData, doc: dict, legend: Legend) -> MapData:
    """A copy of ``m`` with the corrections of ``doc`` applied."""
    file = doc.get("_file")

    def known(hid: str, where: str) -> str:
        if not m.knows(hid):
            raise InputError(f"unknown hex id {hid!r}: {m.parse_problem(hid)}", file=file, where=where)
        return hid

    def pair(entry: dict, where: str) -> tuple[str, str]:
        hexes = entry.get("hexes")
        if not (isinstance(hexes, list) and len(hexes) == 2):
            raise InputError("expected hexes = [a, b]", file=file, where=where)
        a, b = (known(h, f"{where}.hexes") for h in hexes)
        if not m.adjacent(a, b):
            raise InputError(f"{a} and {b} are not adjacent", file=file, where=where)
        return side_key(a, b)

    hexes = dict(m.hexes)
    terrains = set(legend.terrain_names())
    for hid, t in (doc.get("terrain") or {}).items():
        known(hid, f"terrain.{hid}")
        if t not in terrains:
            raise InputError(
                f"unknown terrain {t!r} (legend: {', '.join(sorted(terrains))})",
                file=file,
                where=f"terrain.{hid}",
            )
        old = hexes[hid]
        hexes[hid] = Hex(hid, t, old.name, old.features, old.attrs, 1.0)
    sides = dict(m.hexsides)
    names = {x.name for x in legend.hexside}
    for k, entry in enumerate(doc.get("hexside") or []):
        key = pair(entry, f"hexside[{k}]")
        feats = entry.get("features", [])
        bad = [f for f in feats if f not in names]
        if bad:
            raise InputError(
                f"unknown hexside feature {bad[0]!r} (legend: {', '.join(sorted(names))})",
                file=file,
                where=f"hexside[{k}].features",
            )
        if feats:
            sides[key] = Hexside(key, None, tuple(feats), confidence=1.0)
        else:
            sides.pop(key, None)
    edges: dict[str, set[tuple[str, str]]] = {}
    for line in m.lines:
        edges.setdefault(line.kind, set()).update(side_key(a, b) for a, b in line.edges())
    kinds = {x.name for x in legend.line}
    for k, entry in enumerate(doc.get("edge") or []):
        kind = entry.get("kind")
        if kind not in kinds:
            raise InputError(
                f"unknown line kind {kind!r} (legend: {', '.join(sorted(kinds))})",
                file=file,
                where=f"edge[{k}].kind",
            )
        key = pair(entry, f"edge[{k}]")
        if entry.get("present", True):
            edges.setdefault(kind, set()).add(key)
        else:
            edges.get(kind, set()).discard(key)
    fixed = {(e.get("kind"), side_key(*e["hexes"])) for e in doc.get("edge") or []}
    conf = {(ln.kind, side_key(a, b)): ln.confidence for ln in m.lines for a, b in ln.edges()}
    lines = []
    for kind, es in edges.items():
        for path in _chains(sorted(es)):
            cs = [
                1.0 if (kind, side_key(a, b)) in fixed else (conf.get((kind, side_key(a, b))) or 1.0)
                for a, b in zip(path, path[1:], strict=False)
            ]
            lines.append(Line(kind, path, confidence=round(min(cs), 3)))
    return MapData.build(m.name, m.sheets, hexes.values(), sides.values(), lines)

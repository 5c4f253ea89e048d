"""One review of a digitized map: the scan read once, a person's edits written at once to the
files ``railhead digitize`` reads, the terrain classifier re-run on the labels so far.

The scan is read by :func:`railhead.pipeline.digitize.read_scan` (grid, colour rule, descriptors,
hex features, hexsides, lines: the slow part) when the session opens; a re-learn round is
:func:`~railhead.pipeline.digitize.learn_map` alone, the classifier trained on the labels so far,
giving fresh guesses, confidences, hexes to label next and the cross-validated figure of the
digitize report. Between rounds, the map shown is the last round's with every label and correction
since applied (:func:`~railhead.pipeline.overrides.apply_overrides`), an edit applying only what it
changed (:mod:`.shown`). :meth:`ReviewSession.save` writes what ``railhead digitize SCAN...
--legend L --labels LABELS --overrides OVERRIDES --out MAP`` writes with the same files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cv2

from ..errors import InputError
from ..files import note_input
from ..mapdata.io import read_mapdata, write_mapdata
from ..mapdata.model import MapData, side_key
from ..pipeline.digitize import Digitized, learn_map, load_sheet, read_scan
from ..pipeline.images import write_image
from ..pipeline.legend import read_legend, refuse_unlearnable
from ..pipeline.overrides import apply_overrides
from .edits import EditFiles
from .records import changes, edges, hex_record, hexside_record, legend_record
from .shown import Fixes, apply_changed, changed

Progress = Callable[[float, str], None]
READ_STEPS = 6  # messages read_scan gives (grid, its size, printed numbers, hexsides, lines)


class ReviewSession:
    """A review of ``scans`` (one sheet, or overlapping pieces of one) with ``legend``. ``map_path``:
    the map ``railhead digitize`` wrote (its grid is reused) or will be saved to (the grid is then
    found with no clicks, as digitize finds it; InputError when it is unsure). ``labels`` and
    ``overrides`` default to ``MAP.labels.toml`` and ``MAP.overrides.toml`` beside the map, created
    by the first edit that needs them."""

    def __init__(
        self,
        scans: Sequence[Path],
        legend: Path,
        map_path: Path,
        labels: Path | None = None,
        overrides: Path | None = None,
        progress: Progress | None = None,
    ) -> None:
        say = progress or (lambda _f, _m: None)
        if not scans:
            raise InputError("give the scan(s) of the map to review")
        self.scans = [Path(s) for s in scans]
        self.legend_path, self.map_path = Path(legend), Path(map_path)
        self.legend = read_legend(legend)
        if self.legend.areas or self.legend.area:
            raise InputError("an area map's legend: railhead review corrects hex maps", file=legend)
        for p in [*self.scans, self.legend_path]:
            note_input(p)  # never written over, whatever name an output is given
        stem = self.map_path.stem
        self.edits = EditFiles(
            Path(labels) if labels else self.map_path.with_name(f"{stem}.labels.toml"),
            Path(overrides) if overrides else self.map_path.with_name(f"{stem}.overrides.toml"),
            self.legend.terrain_names(),
        )
        labelled = self.edits.labels()  # terrains colour cannot tell apart may be unlabelled: see save()
        say(0.0, "reading the scan")
        self.image, _ = load_sheet(self.scans)
        # named as `railhead digitize` names the map: after its scan, or the sheet it writes of several
        scan = self.scans[0] if len(self.scans) == 1 else self.sheet_path
        self.name, self.image_name = scan.stem, scan.name
        steps = iter(range(1, READ_STEPS + 1))
        self.reading = read_scan(
            self.image,
            self.legend,
            progress=lambda msg: say(min(0.9, 0.9 * next(steps, READ_STEPS) / READ_STEPS), msg),
            labels=labelled,
            grid=self._known_grid(),
            source=scan,
        )
        self.revision = 0
        self.relearn(lambda f, m: say(0.9 + 0.1 * f, m))
        self.revision = 0

    @property
    def sheet_path(self) -> Path:
        """The picture of several scans joined, beside the map (``railhead digitize`` writes it too)."""
        return self.map_path.with_name(self.map_path.stem + "-sheet.png")

    def _known_grid(self):
        if not self.map_path.exists():
            return None
        m = read_mapdata(self.map_path)
        if m.kind != "hex" or len(m.sheets) != 1 or m.sheets[0].grid.pixels is None:
            raise InputError("expected the one-sheet hex map railhead digitize writes", file=self.map_path)
        return m.sheets[0].grid

    # ------------------------------------------------------------------ learning
    def relearn(self, progress: Progress | None = None) -> dict[str, Any]:
        """Re-run the terrain classifier on the labels so far (the scan is not read again): fresh
        guesses, confidences, hexes to label next and cross-validated figure. Blocking."""
        say = progress or (lambda _f, _m: None)
        labels = self.edits.labels()
        say(0.0, f"learning from {len(labels)} labels")
        self._found: Digitized = learn_map(
            self.reading, labels, self.name, self.image_name, lambda m: say(0.8, m)
        )
        self._learnt_labels = dict(labels)
        self.map = self._shown()
        self.revision += 1
        say(1.0, "done")
        return self.state()

    def _fixes(self) -> tuple[dict[str, Any], Fixes]:
        """The corrections in force: the overrides document with every label as its terrain."""
        doc = dict(self.edits.overrides() or {"_file": str(self.edits.paths["overrides"])})
        doc["terrain"] = dict(self.edits.labels())
        return doc, Fixes.of(doc)

    def _shown(self) -> MapData:
        """The last round's map with every label and correction given since."""
        doc, self._applied = self._fixes()
        return apply_overrides(self._found.map, doc, self.legend)

    def learnt_map(self) -> MapData:
        """The map ``railhead digitize`` gives with the files as they are now: learnt from every
        label so far (a round is run if labels changed since the last), the overrides applied."""
        if dict(self.edits.labels()) != self._learnt_labels:
            self.relearn()
        fixes = self.edits.overrides()
        return apply_overrides(self._found.map, fixes, self.legend) if fixes else self._found.map

    def save(self) -> Path:
        """Write the map as ``railhead digitize`` writes it with the same files; the path written.
        Refused, as digitize refuses it, while terrains the legend prints in one colour have no
        labelled hex (the page is where a person gives them, so the session opens without)."""
        refuse_unlearnable(self.legend, self.edits.labels())
        m = self.learnt_map()
        if len(self.scans) > 1 and not self.sheet_path.exists():
            write_image(self.sheet_path, self.image)
        write_mapdata(m, self.map_path)
        return self.map_path

    def image_png(self) -> bytes:
        """The picture the grid lives on, as PNG (the scans joined into one sheet if several)."""
        ok, buf = cv2.imencode(".png", cv2.cvtColor(self.image, cv2.COLOR_RGB2BGR))
        if not ok:
            raise RuntimeError("the picture could not be encoded as PNG")
        return buf.tobytes()

    # ------------------------------------------------------------------ what the page shows
    def next_hexes(self) -> list[str]:
        """The last round's hexes worth labelling next, most useful first, less those labelled since."""
        labelled = self.edits.labels()
        return [h for h in self._found.learning.get("label_next", []) if h not in labelled]

    def cv(self) -> dict[str, Any]:
        """The digitize report's expected accuracy: the last round's classifier scored out of fold
        on the labels it learnt from (k-fold, up to 5), a fraction; None with too few labels."""
        exp = self._found.learning.get("expected_accuracy")
        n = len(self._learnt_labels)
        if n == 0:
            text = "no labels yet: terrain from the legend's colours alone; label the numbered hexes"
        elif exp is None:
            text = f"expected accuracy unknown: {n} labels are too few to cross-validate (4, of 2 terrains)"
        else:
            text = (
                f"expected accuracy {exp:.1f} %: cross-validated on your {n} labels (each guessed by a "
                "classifier that never saw it); the hexes proposed are the least sure, harder than the "
                "rest of the map"
            )
        return {"accuracy": None if exp is None else round(exp / 100, 4), "labels": n, "text": text}

    def notes(self) -> list[str]:
        """What the person must know of the last round: terrains colour cannot find unlabelled."""
        never = self._found.learning.get("never_labelled")
        if not never:
            return []
        return [
            f"the legend prints {', '.join(never)} in another terrain's colour and no hex is labelled "
            "with them: label a hex of each, or the classifier may never find them (saving is refused "
            "until one of each such group is labelled, as railhead digitize refuses it)"
        ]

    def state(self) -> dict[str, Any]:
        """Everything the page shows, JSON-serializable (the shape of docs/reviewing.md)."""
        m, labelled = self.map, self.edits.labels()
        h, w = self.image.shape[:2]
        return {
            "revision": self.revision,
            "image": {"width": int(w), "height": int(h)},
            "legend": legend_record(self.legend),
            "hexes": [hex_record(m, x, x in labelled) for x in m.hexes],
            "hexsides": [hexside_record(m, *key) for key, s in sorted(m.hexsides.items()) if s.features],
            "edges": [{"kind": k, "hexes": list(key)} for k, key in sorted(edges(m))],
            "next": self.next_hexes(),
            "labelled": len(labelled),
            "total": len(m.hexes),
            "cv": self.cv(),
            "notes": self.notes(),
            "files": {
                "labels": str(self.edits.paths["labels"]),
                "overrides": str(self.edits.paths["overrides"]),
                "map": str(self.map_path),
            },
        }

    # ------------------------------------------------------------------ edits
    def set_terrain(self, hex_id: str, terrain: str) -> dict[str, Any]:
        """Label a hex with a terrain of the legend (the labels file; the overrides file if it
        labels that hex already)."""
        self._hex(hex_id)
        names = self.legend.terrain_names()
        if terrain not in names:
            raise InputError(f"hex {hex_id}: unknown terrain {terrain!r} (legend: {', '.join(names)})")
        return self._edit(lambda: self.edits.set_terrain(hex_id, terrain))

    def toggle_hexside(self, a: str, b: str, feature: str) -> dict[str, Any]:
        """Add ``feature`` to the side between two adjacent hexes, or take it off (overrides file)."""
        key = self._pair(a, b)
        _known(feature, self.legend.hexside, f"hexside {a}/{b}: unknown hexside feature")
        side = self.map.hexsides.get(key)
        now = list(side.features) if side else []
        feats = [f for f in now if f != feature] if feature in now else [*now, feature]
        return self._edit(lambda: self.edits.set_hexside(*key, feats))

    def toggle_edge(self, a: str, b: str, kind: str) -> dict[str, Any]:
        """Add the ``kind`` line edge between two adjacent hexes, or remove it (overrides file)."""
        key = self._pair(a, b)
        _known(kind, self.legend.line, f"edge {a}-{b}: unknown line kind")
        present = key in self.map.line_edges(kind)
        return self._edit(lambda: self.edits.set_edge(*key, kind, not present))

    def undo(self) -> dict[str, Any]:
        """Undo the last edit: its file rewritten as it was (removed if the edit created it)."""
        if not self.edits.can_undo():
            raise InputError("nothing to undo")
        return self._edit(self.edits.undo)

    def _edit(self, write: Callable[[], Any]) -> dict[str, Any]:
        """Make an edit (``write`` writes its file) and show it: only the hexes, sides and line
        kinds whose corrections it changed are applied again (:mod:`.shown`), and looked at for
        the records the page redraws."""
        before, was = self.map, set(self.edits.labels())
        write()
        doc, fixes = self._fixes()
        what = changed(self._applied, fixes)
        self.map = apply_changed(self._found.map, before, fixes, what, self.legend, doc.get("_file"))
        self._applied = fixes
        self.revision += 1
        labelled = self.edits.labels()
        return {
            "revision": self.revision,
            "changed": changes(before, self.map, (was, set(labelled)), what),
            "labelled": len(labelled),
            "next": self.next_hexes(),
        }

    def _hex(self, hex_id: str) -> str:
        if not (isinstance(hex_id, str) and hex_id in self.map.hexes):
            raise InputError(
                f"unknown hex {hex_id!r}: not on this map ({self.reading.ids[0]}..{self.reading.ids[-1]})"
            )
        return hex_id

    def _pair(self, a: str, b: str) -> tuple[str, str]:
        self._hex(a), self._hex(b)
        if not self.map.adjacent(a, b):
            raise InputError(f"hexes {a} and {b} are not adjacent")
        return side_key(a, b)


def _known(name: str, entries: Sequence[Any], unknown: str) -> None:
    """InputError ``unknown`` unless ``name`` is one the legend's ``entries`` (its hexside features
    or line kinds) name."""
    known = [x.name for x in entries]
    if name not in known:
        raise InputError(f"{unknown} {name!r} (legend: {', '.join(known) or 'none'})")

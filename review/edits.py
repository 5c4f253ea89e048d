"""The two files a review edits, in the formats ``railhead digitize`` reads: the labels file
(``railhead.labels/1``: terrain a person gave hexes) and the overrides file
(``railhead.overrides/1``: hexside features and line edges corrected; see
:mod:`railhead.pipeline.overrides`). Each edit rewrites its file whole, atomically, at once, so the
command line and the page never disagree; :meth:`EditFiles.undo` puts the file back as it was
(removing it if the edit created it). The scans and the legend are never among these files.
"""

from __future__ import annotations

import contextlib
import copy
import os
from pathlib import Path

import tomli_w

from ..errors import InputError
from ..files import atomic_output
from ..mapdata.model import side_key
from ..pipeline.overrides import (
    FORMAT,
    LABELS,
    Labels,
    labels_to_label_next,
    read_labels,
    read_overrides,
    terrain_labels,
)
from ..schemas import check, toml_path

OVERRIDES_HEADER = (
    "# railhead overrides: corrections for `railhead digitize --overrides` (railhead review).\n"
)


class EditFiles:
    """The labels and overrides documents of one review, as on disk, with an undo stack."""

    def __init__(self, labels: Path, overrides: Path, terrains: list[str]) -> None:
        if Path(labels).absolute() == Path(overrides).absolute():
            raise InputError("the labels and the overrides file must be two files", file=labels)
        self.paths = {"labels": Path(labels), "overrides": Path(overrides)}
        self.terrains = terrains  # the legend's, named in the labels file's comments
        self.docs: dict[str, dict | None] = {
            "labels": read_labels(labels) if Path(labels).exists() else None,
            "overrides": read_overrides(overrides) if Path(overrides).exists() else None,
        }
        self._undo: list[tuple[str, dict | None]] = []

    def labels(self) -> Labels:
        """Hex id -> terrain of both files, as ``railhead digitize`` reads them (overrides win)."""
        return terrain_labels(self.docs["labels"], self.docs["overrides"])

    def overrides(self) -> dict | None:
        return self.docs["overrides"]

    def set_terrain(self, hex_id: str, terrain: str) -> None:
        """Label a hex: in the overrides file when that already labels it (there it would win over
        the labels file), else in the labels file."""
        which = "overrides" if hex_id in ((self.docs["overrides"] or {}).get("terrain") or {}) else "labels"
        doc = self._copy(which)
        doc.setdefault("terrain", {})[hex_id] = terrain
        self._write(which, doc)

    def set_hexside(self, a: str, b: str, features: list[str]) -> None:
        """The hexside's features are ``features`` ([]: none), replacing any entry of that side."""
        key = side_key(a, b)
        doc = self._copy("overrides")
        rest = [e for e in doc.get("hexside", []) if side_key(*e["hexes"]) != key]
        doc["hexside"] = [*rest, {"hexes": list(key), "features": list(features)}]
        self._write("overrides", doc)

    def set_edge(self, a: str, b: str, kind: str, present: bool) -> None:
        """The ``kind`` edge between two hexes is there or not, replacing any entry of that edge."""
        key = side_key(a, b)
        doc = self._copy("overrides")
        rest = [e for e in doc.get("edge", []) if (e.get("kind"), side_key(*e["hexes"])) != (kind, key)]
        doc["edge"] = [*rest, {"kind": kind, "hexes": list(key), "present": present}]
        self._write("overrides", doc)

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> bool:
        """Put back the file of the last edit as it was; False when there is nothing to undo."""
        if not self._undo:
            return False
        which, doc = self._undo.pop()
        if doc is None:  # the edit created the file
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.paths[which])
        else:
            self._save(which, doc)
        self.docs[which] = doc
        return True

    def _copy(self, which: str) -> dict:
        doc = self.docs[which]
        if doc is None:
            return {"format": LABELS if which == "labels" else FORMAT, "_file": str(self.paths[which])}
        return copy.deepcopy(doc)

    def _write(self, which: str, doc: dict) -> None:
        old = self.docs[which]
        self._save(which, doc)
        self._undo.append((which, old))
        self.docs[which] = doc

    def _save(self, which: str, doc: dict) -> None:
        body = {k: v for k, v in doc.items() if k != "_file"}
        check(body, which, self.paths[which], toml_path)  # never a file digitize would refuse
        if which == "labels":
            text = labels_to_label_next(body.get("terrain") or {}, [], self.terrains)
        else:
            body["terrain"] = dict(sorted((body.get("terrain") or {}).items()))
            text = OVERRIDES_HEADER + tomli_w.dumps({k: v for k, v in body.items() if v not in ({}, [])})
        with atomic_output(self.paths[which]) as fh:
            fh.write(text)

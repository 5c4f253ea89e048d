# ruff: noqa: E501
"""TEMPORARY: a fake review session to develop the page against until review/session.py lands."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path

import cv2
import pytest
import tomli_w

from railhead.errors import InputError
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map
from railhead.pipeline.images import write_image
from railhead.pipeline.synth import sample_legend, synthesize


class FakeSession:
    def __init__(self, folder: Path) -> None:
        lg = sample_legend()
        scan = synthesize(sample_map(cols=8, rows=6), lg, seed=1, level=1)
        self.png = cv2.imencode(".png", scan.image)[1].tobytes()
        g = scan.truth.sheets[0].grid
        self.grid = g
        self.labels_path = folder / "map.labels.toml"
        self.overrides_path = folder / "map.overrides.toml"
        self.map_path = folder / "map.json"
        names = lg.terrain_names()
        keys, used = [], set("nz")
        for n in names:
            k = next((c for c in n if c not in used), None)
            used.add(k)
            keys.append(k)
        colours = ["#e8e0c0", "#5c9a4a", "#b09060", "#806040", "#70a0a0", "#607040", "#4070c0"]
        self.legend = {
            "terrain": [
                {"name": n, "key": k, "color": colours[i % 7]}
                for i, (n, k) in enumerate(zip(names, keys, strict=True))
            ],
            "hexside_features": ["river", "bridge"],
            "line_kinds": ["rail", "road"],
        }
        self.hexes = {}
        for c, r in g.coords():
            hid = g.format_id(c, r)
            self.hexes[hid] = {
                "id": hid,
                "polygon": g.corners(c, r).round(1).tolist(),
                "centre": [round(v, 1) for v in g.center(c, r)],
                "terrain": scan.truth.hexes[hid].terrain if (c + r) % 5 else "clear",
                "confidence": 0.5 + 0.5 * ((c * 7 + r * 3) % 10) / 10,
                "labelled": False,
            }
        self.sides: dict[tuple[str, str], list[str]] = {}
        self.edges: set[tuple[str, str, str]] = set()
        self.revision = 0
        self.history: list = []
        self.next = [h for h in self.hexes if self.hexes[h]["confidence"] < 0.6][:6]

    def _pair(self, a, b):
        for h in (a, b):
            if h not in self.hexes:
                raise InputError(f"no hex {h!r} on this map")
        if not self.grid.adjacent(self.grid.parse_id(a), self.grid.parse_id(b)):
            raise InputError(f"{a} and {b} are not neighbours")
        return (a, b) if a <= b else (b, a)

    def _snap(self):
        self.history.append(copy.deepcopy((self.hexes, self.sides, self.edges)))

    def _write(self):
        lab = {h: r["terrain"] for h, r in self.hexes.items() if r["labelled"]}
        self.labels_path.write_text(tomli_w.dumps({"format": "railhead.labels/1", "terrain": lab}))
        doc = {"format": "railhead.overrides/1"}
        if self.sides:
            doc["hexside"] = [{"hexes": list(k), "features": v} for k, v in self.sides.items()]
        if self.edges:
            doc["edge"] = [{"kind": k, "hexes": [a, b], "present": True} for a, b, k in sorted(self.edges)]
        self.overrides_path.write_text(tomli_w.dumps(doc))

    def _done(self, hexes=(), sides=(), edges=()):
        self.revision += 1
        self._write()
        return {
            "revision": self.revision,
            "changed": {"hexes": [self.hexes[h] for h in hexes], "hexsides": [], "edges": []},
            "labelled": self._labelled(),
            "next": self.next,
        }

    def _labelled(self):
        return sum(r["labelled"] for r in self.hexes.values())

    def state(self):
        return {
            "revision": self.revision,
            "image": {"width": 585, "height": 531},
            "legend": self.legend,
            "hexes": list(self.hexes.values()),
            "hexsides": [{"hexes": list(k), "segment": [], "features": v} for k, v in self.sides.items()],
            "edges": [{"kind": k, "hexes": [a, b]} for a, b, k in sorted(self.edges)],
            "next": [h for h in self.next if not self.hexes[h]["labelled"]],
            "labelled": self._labelled(),
            "total": len(self.hexes),
            "cv": {
                "accuracy": 0.9,
                "text": f"expected accuracy of the unlabelled hexes, cross-validated on your {self._labelled()} labels",
            },
            "files": {
                "labels": str(self.labels_path),
                "overrides": str(self.overrides_path),
                "map": str(self.map_path),
            },
        }

    def set_terrain(self, h, t):
        if h not in self.hexes:
            raise InputError(f"no hex {h!r} on this map")
        if t not in [x["name"] for x in self.legend["terrain"]]:
            raise InputError(f"no terrain {t!r} in the legend")
        self._snap()
        self.hexes[h].update(terrain=t, labelled=True, confidence=1.0)
        return self._done([h])

    def toggle_hexside(self, a, b, f):
        k = self._pair(a, b)
        self._snap()
        feats = self.sides.setdefault(k, [])
        feats.remove(f) if f in feats else feats.append(f)
        return self._done()

    def toggle_edge(self, a, b, kind):
        k = self._pair(a, b)
        self._snap()
        self.edges ^= {(*k, kind)}
        return self._done()

    def undo(self):
        if not self.history:
            raise InputError("nothing to undo")
        self.hexes, self.sides, self.edges = self.history.pop()
        return self._done()

    def relearn(self, progress=None):
        import time

        for i in range(5):
            if progress:
                progress(i / 5, f"step {i}")
            time.sleep(0.3)
        return self.state()

    def save(self):
        self.map_path.write_text("{}")
        return self.map_path

    def image_png(self):
        return self.png

    @property
    def files(self):
        return [self.labels_path, self.overrides_path, self.map_path]


@dataclass(frozen=True)
class ScanFiles:
    scan: Path
    legend: Path
    truth: Path


@pytest.fixture(scope="session")
def scan_files(tmp_path_factory) -> ScanFiles:
    """A small generated scan (10 x 8 hexes, mildly degraded) and its legend, which gives the printed
    ranges so that the grid is found with no clicks on so few hexes."""
    d = tmp_path_factory.mktemp("scan")
    legend = sample_legend()
    m = sample_map(cols=10, rows=8)
    scan = synthesize(m, legend, seed=3, level=1)
    write_image(d / "scan.png", scan.image)
    write_mapdata(scan.truth, d / "truth.json")
    text = legend.to_toml().replace("first = [1, 1]", "cols = [1, 10]\nrows = [1, 8]")
    assert "cols = [1, 10]" in text
    (d / "legend.toml").write_text(text)
    return ScanFiles(d / "scan.png", d / "legend.toml", d / "truth.json")


@pytest.fixture
def fake_session(tmp_path):
    return FakeSession(tmp_path)


@pytest.fixture(scope="module")
def review_session_module(tmp_path_factory):
    return FakeSession(tmp_path_factory.mktemp("review"))

"""How well a digitized area map matches its truth (synthetic maps, or a map a person drew).

Areas (land and sea, with polygons) are matched one to one by overlap: a found area and a true
area match when their intersection over union is at least :data:`MATCH_IOU` (above one half, so
each has at most one match). Then:

- ``areas``: the share of true areas matched; ``mean_iou``: their mean IoU;
- ``adjacency_f1``: found borders between two areas (through the match) against the true ones;
- ``sea_land``: the share of true areas whose match has their kind (land or sea);
- ``ports_f1``: found port points within :data:`PORT_TOLERANCE` of a true port;
  ``port_land``: the share of matched ports lying in the right land area;
- ``naming``: the share of true areas and ports whose match bears their name;
- ``confidence`` (with the digitizer's report): how well the confidence the digitizer attaches to
  a contact separates true from false borders (:func:`confidence_split`).
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from ..mapdata.model import MapData

MATCH_IOU = 0.5
PORT_TOLERANCE = 8.0


def _raster(m: MapData, shape: tuple[int, int]) -> tuple[np.ndarray, list[str]]:
    ids = [a.id for a in m.areas.values() if a.polygon and a.attrs.get("kind") in ("land", "sea")]
    out = np.zeros(shape, np.int32)
    for k, aid in enumerate(ids, start=1):
        pts = np.round(np.array(m.areas[aid].polygon) * 4).astype(np.int32)
        cv2.fillPoly(out, [pts], k, lineType=cv2.LINE_8, shift=2)
    return out, ids


def _f1(found: set, true: set) -> float:
    if not found and not true:
        return 1.0
    tp = len(found & true)
    return 2 * tp / (len(found) + len(true)) if (found or true) else 1.0


GROUPS = ("kept_sure", "kept_unsure", "dropped_unsure", "dropped_sure")


def confidence_split(
    rows: list[tuple[frozenset, bool, float]], true_pairs: set[frozenset], weak: float
) -> dict[str, dict[str, int]]:
    """Contacts by the digitizer's verdict and confidence against the truth: ``rows`` of (pair in
    the truth's ids, kept as a border, confidence). Per group of :data:`GROUPS` (unsure: confidence
    under ``weak``) the number of true and of false borders in it."""
    out = {g: {"true": 0, "false": 0} for g in GROUPS}
    for pair, kept, conf in rows:
        group = f"{'kept' if kept else 'dropped'}_{'unsure' if conf < weak else 'sure'}"
        out[group]["true" if pair in true_pairs else "false"] += 1
    return out


def confidence_text(split: dict[str, dict[str, int]]) -> str:
    """Per group of :func:`confidence_split`: how many of its contacts are true borders."""

    def part(g: str) -> str:
        t, f = split[g]["true"], split[g]["false"]
        share = f"{t / (t + f):.2f}" if t + f else "-"
        return f"{g.replace('_', ' ')} {t}/{t + f} true ({share})"

    return ", ".join(part(g) for g in GROUPS)


def report_contacts(
    found: MapData, report: dict[str, Any] | None, rename
) -> dict[str, list[tuple[frozenset, bool, float]]]:
    """The contacts the digitizer judged, as rows for :func:`confidence_split` (pairs renamed by
    ``rename``: found id -> truth id, or None to leave the pair out), per test that judged them:

    - ``length``: the contacts near the corner limit (the report's ``short_contacts``);
    - ``slide``: the seams longer than it, dropped (``corner_seams``) or kept (the borders output:
      unsure when listed in ``weak_contacts``, sure otherwise);
    - ``border``: every border output with the confidence it carries (1.0 when none), and every
      contact either test dropped with the confidence of that."""
    rep = report or {}

    def pair(areas) -> frozenset | None:
        a, c = (rename(x) for x in areas)
        return frozenset((a, c)) if a is not None and c is not None and a != c else None

    out: dict[str, dict[frozenset, tuple[bool, float]]] = {"length": {}, "slide": {}, "border": {}}
    for c in rep.get("short_contacts", []):
        if (p := pair(c["areas"])) is not None:
            out["length"][p] = (bool(c["border"]), float(c["confidence"]))
    weak = {p: float(c["confidence"]) for c in rep.get("weak_contacts", []) if (p := pair(c["areas"]))}
    for b in found.borders:
        if (p := pair(b.areas)) is not None:
            out["border"][p] = (True, float(b.attrs.get("confidence", 1.0)))
            out["slide"][p] = (True, weak.get(p, 1.0))
    for c in rep.get("corner_seams", []):
        if (p := pair(c["areas"])) is not None and p not in out["border"]:
            out["slide"][p] = (False, float(c.get("confidence", 0.5)))
    for c in rep.get("short_contacts", []):
        if (p := pair(c["areas"])) is not None and not c["border"] and p not in out["border"]:
            out["border"][p] = (False, float(c["confidence"]))
    for c in rep.get("corner_seams", []):
        if (p := pair(c["areas"])) is not None and p not in out["border"]:
            out["border"][p] = (False, float(c.get("confidence", 0.5)))
    return {k: [(p, kept, conf) for p, (kept, conf) in v.items()] for k, v in out.items()}


def area_accuracy(
    found: MapData, truth: MapData, shape: tuple[int, int], report: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The figures of the module docstring for ``found`` against ``truth`` on a picture of ``shape``
    (``confidence`` only with the digitizer's ``report``)."""
    fr, fids = _raster(found, shape)
    tr, tids = _raster(truth, shape)
    nf, nt = len(fids) + 1, len(tids) + 1
    inter = np.bincount((tr.astype(np.int64) * nf + fr).ravel(), minlength=nt * nf).reshape(nt, nf)
    size_t, size_f = inter.sum(axis=1), inter.sum(axis=0)
    iou = inter / np.maximum(size_t[:, None] + size_f[None, :] - inter, 1)
    match: dict[str, str] = {}  # true id -> found id
    ious = []
    for t in range(1, nt):
        f = int(iou[t, 1:].argmax()) + 1 if nf > 1 else 0
        if f and iou[t, f] >= MATCH_IOU:
            match[tids[t - 1]] = fids[f - 1]
            ious.append(float(iou[t, f]))
    back = {f: t for t, f in match.items()}
    true_pairs = {frozenset(b.areas) for b in truth.borders if set(b.areas) <= set(tids)}
    found_pairs = set()
    for b in found.borders:
        a, c = b.areas
        if a in fids and c in fids:
            found_pairs.add(frozenset((back.get(a, "?" + a), back.get(c, "?" + c))))
    kinds_ok = [truth.areas[t].attrs["kind"] == found.areas[f].attrs.get("kind") for t, f in match.items()]
    names_ok = [found.areas[match[t]].name == truth.areas[t].name if t in match else False for t in tids]
    tp_ports = [a for a in truth.areas.values() if a.attrs.get("kind") == "port"]
    fp_ports = [a for a in found.areas.values() if a.attrs.get("kind") == "port"]
    pmatch: dict[str, str] = {}
    if tp_ports and fp_ports:
        tp = np.array([a.point for a in tp_ports])
        fp = np.array([a.point for a in fp_ports])
        d = np.linalg.norm(tp[:, None] - fp[None], axis=-1)
        for i, j in sorted(np.ndindex(d.shape), key=lambda ij: d[ij]):
            if d[i, j] > PORT_TOLERANCE:
                break
            if tp_ports[i].id not in pmatch and fp_ports[j].id not in pmatch.values():
                pmatch[tp_ports[i].id] = fp_ports[j].id
    land_ok = [
        match.get(truth.areas[t].attrs.get("land_area")) == found.areas[f].attrs.get("land_area")
        for t, f in pmatch.items()
    ]
    names_ok += [
        t in pmatch and found.areas[pmatch[t]].name == truth.areas[t].name for t in (a.id for a in tp_ports)
    ]
    port_f1 = 2 * len(pmatch) / (len(tp_ports) + len(fp_ports)) if (tp_ports or fp_ports) else 1.0

    def r(x: float) -> float:
        return round(float(x), 4)

    out: dict[str, Any] = {}
    if report is not None:
        from .area_contacts import WEAK

        judged = report_contacts(found, report, lambda f: back.get(f))
        out["confidence"] = {k: confidence_split(rows, true_pairs, WEAK) for k, rows in judged.items()}
    return out | {
        "areas": r(len(match) / max(1, len(tids))),
        "mean_iou": r(np.mean(ious) if ious else 0.0),
        "adjacency_f1": r(_f1(found_pairs, true_pairs)),
        "sea_land": r(np.mean(kinds_ok) if kinds_ok else 0.0),
        "ports_f1": r(port_f1),
        "port_land": r(np.mean(land_ok) if land_ok else (1.0 if not tp_ports else 0.0)),
        "naming": r(np.mean(names_ok) if names_ok else 1.0),
        "true_areas": len(tids),
        "found_areas": len(fids),
    }

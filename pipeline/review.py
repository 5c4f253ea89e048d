"""What a person checks after digitizing: an overlay picture and a short report of doubtful places."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from ..files import atomic_path
from ..mapdata.model import MapData
from .digitize import DOUBTFUL
from .legend import Legend


def _bgr(rgb) -> tuple[int, int, int]:
    return (int(rgb[2]), int(rgb[1]), int(rgb[0]))


LABEL_NEXT_BGR = (200, 90, 0)  # the rings of the hexes to label next (blue; doubtful ones are red)
SHOWN = 15  # doubtful places the report's text lists (the JSON report, all)


def draw_overlay(
    image: np.ndarray,
    m: MapData,
    legend: Legend,
    path: str | Path,
    doubtful: list[dict[str, Any]],
    label_next: Sequence[str] = (),
) -> None:
    """The scan with the found grid, ids, terrain, hexside features and lines drawn over it;
    doubtful items ringed in red, and the hexes most worth labelling next ringed in blue with
    their rank (1 is the most useful), so a person finds them on the map."""
    grid = m.sheets[0].grid
    out = cv2.cvtColor(image, cv2.COLOR_RGB2BGR)
    out = cv2.addWeighted(out, 0.55, np.full_like(out, 255), 0.45, 0)
    colours = {t.name: t.color for t in legend.terrain}
    f = grid.frame()
    font = cv2.FONT_HERSHEY_SIMPLEX
    fs = f.hex_height / 230
    polys = []
    for h in m.hexes.values():
        r = m.ref(h.id)
        poly = grid.corners(r.col, r.row)
        polys.append(np.round(poly * 16).astype(np.int32))
        c = poly.mean(axis=0)
        cv2.circle(
            out,
            (int(c[0]), int(c[1] + f.hex_height * 0.12)),
            int(f.hex_height * 0.12),
            _bgr(colours.get(h.terrain, (128, 128, 128))),
            -1,
            cv2.LINE_AA,
        )
        cv2.putText(
            out,
            h.id,
            (int(c[0] - f.hex_height * 0.2), int(c[1] - f.hex_height * 0.15)),
            font,
            fs,
            (150, 90, 0),
            1,
            cv2.LINE_AA,
        )
        cv2.putText(
            out,
            h.terrain[:5],
            (int(c[0] - f.hex_height * 0.2), int(c[1] + f.hex_height * 0.35)),
            font,
            fs,
            (40, 40, 40),
            1,
            cv2.LINE_AA,
        )
    cv2.polylines(out, polys, True, (200, 140, 0), 1, cv2.LINE_AA, shift=4)
    side_colours = {x.name: x.color for x in legend.hexside}
    for s in m.hexsides.values():
        ra, rb = m.ref(s.hexes[0]), m.ref(s.hexes[1])
        d = grid.direction((ra.col, ra.row), (rb.col, rb.row))
        seg = np.round(grid.side_segment(ra.col, ra.row, d) * 16).astype(int)
        for feat in s.features:
            cv2.line(
                out,
                tuple(seg[0]),
                tuple(seg[1]),
                _bgr(side_colours.get(feat, (0, 0, 255))),
                max(2, int(f.hex_height * 0.05)),
                cv2.LINE_AA,
                shift=4,
            )
    line_colours = {x.name: x.color for x in legend.line}
    for ln in m.lines:
        pts = np.round(np.array([m.center(h) for h in ln.hexes]) * 16).astype(np.int32)
        cv2.polylines(
            out,
            [pts],
            False,
            _bgr(line_colours.get(ln.kind, (255, 0, 255))),
            max(2, int(f.hex_height * 0.04)),
            cv2.LINE_AA,
            shift=4,
        )
    for item in doubtful:
        hexes = [item["hex"]] if "hex" in item else item.get("hexside") or item.get("hexes")
        c = np.mean([m.center(h) for h in hexes], axis=0)
        cv2.circle(out, (int(c[0]), int(c[1])), int(f.hex_height * 0.45), (0, 0, 230), 2, cv2.LINE_AA)
    thick = max(2, int(f.hex_height * 0.04))
    for rank, h in enumerate(label_next, 1):
        c = m.center(h)
        cv2.circle(out, (int(c[0]), int(c[1])), int(f.hex_height * 0.38), LABEL_NEXT_BGR, thick, cv2.LINE_AA)
        cv2.putText(
            out,
            str(rank),
            (int(c[0] + f.hex_height * 0.12), int(c[1] + f.hex_height * 0.05)),
            font,
            fs * 1.6,
            LABEL_NEXT_BGR,
            max(1, thick // 2),
            cv2.LINE_AA,
        )
    with atomic_path(path, suffix=".png") as tmp:
        if not cv2.imwrite(str(tmp), out):
            raise OSError(f"could not write {path}")


def _counts(names) -> dict[str, int]:
    return dict(sorted(Counter(names).items()))


def report(
    m: MapData,
    doubtful: list[dict[str, Any]],
    accuracy: dict | None = None,
    learning: dict | None = None,
    numbers: Any = None,
) -> dict[str, Any]:
    """Counts of what was found, the doubtful items (confidence below 0.5) and, when the person
    labelled hexes, what the classifier learnt: expected accuracy and the hexes to label next."""
    out: dict[str, Any] = {
        "hexes": len(m.hexes),
        "terrain": m.terrain_counts(),
        "hexside_features": _counts(f for s in m.hexsides.values() for f in s.features),
        "lines": {k: len(m.line_edges(k)) for k in m.line_kinds()},
        "grid": m.sheets[0].grid.to_dict(),
        "doubtful_below": DOUBTFUL,
        "doubtful": doubtful,
    }
    out["hex_features"] = _counts(f for h in m.hexes.values() for f in h.features)
    if learning:
        out["learning"] = learning
    if numbers is not None:  # a printed_numbers.NumberCheck
        out["printed_numbers"] = numbers.to_report()
        out["printed_numbers"]["text"] = numbers.text()
    if accuracy is not None:
        out["accuracy"] = accuracy
    return out


def doubtful_text(d: dict[str, Any]) -> str:
    """One doubtful place as a person reads it: ``hex 0412: woods, town (confidence 0.31)``,
    ``road 0412-0413 (confidence 0.42: only 40 % of it in full ink)``, or a candidate not drawn,
    ``possible river on hexside 0412/0413, not drawn (confidence 0.30: ...)``."""
    why = f": {d['why']}" if d.get("why") else ""
    conf = f"(confidence {d.get('confidence', 0):.2f}{why})"
    if d.get("possible"):
        kind = d.get("line") or d.get("feature")
        where = f"{'-'.join(d['hexes'])}" if "line" in d else f"on hexside {'/'.join(d['hexes'])}"
        return f"possible {kind} {where}, not drawn {conf}"
    if "hex" in d:
        place, found = f"hex {d['hex']}", [d.get("terrain"), *d.get("features", ())]
    elif "hexside" in d:
        place, found = f"hexside {'/'.join(d['hexside'])}", [d.get("terrain"), *d.get("features", ())]
    else:
        return f"{d.get('line', '')} {'-'.join(d.get('hexes', ()))} {conf}"
    what = ", ".join(str(x) for x in found if x) or "nothing"
    return f"{place}: {what} {conf}"


def doubtful_counts(doubtful: list[dict[str, Any]]) -> str:
    """What the doubtful list holds, by kind of place: ``12 hexes, 3 line edges, 1 hexside, 4
    possible edges not drawn``."""
    n = Counter(
        "possible" if d.get("possible") else "hex" if "hex" in d else "side" if "hexside" in d else "edge"
        for d in doubtful
    )
    words = {
        "hex": ("hex", "hexes"),
        "edge": ("line edge", "line edges"),
        "side": ("hexside", "hexsides"),
        "possible": ("possible edge not drawn", "possible edges not drawn"),
    }
    return ", ".join(f"{n[k]} {w[n[k] != 1]}" for k, w in words.items() if n[k])


def report_text(rep: dict[str, Any]) -> str:
    g = rep["grid"]
    px = g.get("pixels", {})
    lines = [
        f"grid: {g['orientation']}, columns {g['cols'][0]}-{g['cols'][1]}, rows "
        f"{g['rows'][0]}-{g['rows'][1]}, {g['shifted']} shifted; hex {px.get('hex_width', 0):.2f}"
        f" x {px.get('hex_height', 0):.2f} px, rotated {px.get('angle_deg', 0):+.2f} deg",
        f"terrain: {', '.join(f'{k} {v}' for k, v in rep['terrain'].items())}",
        "hexside features: " + (", ".join(f"{k} {v}" for k, v in rep["hexside_features"].items()) or "none"),
        f"line edges: {', '.join(f'{k} {v}' for k, v in rep['lines'].items()) or 'none'}",
        f"doubtful: {len(rep['doubtful'])} (confidence < {rep['doubtful_below']})"
        + (f": {doubtful_counts(rep['doubtful'])}" if rep["doubtful"] else ""),
    ]
    if rep.get("hex_features"):
        lines.insert(2, "hex features: " + ", ".join(f"{k} {v}" for k, v in rep["hex_features"].items()))
    if rep.get("printed_numbers"):
        lines.append(rep["printed_numbers"]["text"])
    learn = rep.get("learning") or {}
    if learn.get("labels"):
        exp = learn.get("expected_accuracy")
        lines.append(
            f"terrain learnt from {learn['labels']} labelled hexes; expected accuracy "
            + (
                f"{exp:.1f} % (cross-validated on your labels: labels taken where the report "
                "proposed, the hexes it was least sure of, are harder than the rest of the map)"
                if exp is not None
                else "unknown (too few labels a terrain)"
            )
            + "; label next (the hexes it is least sure of, one of each kind): "
            + " ".join(learn.get("label_next", []))
        )
    elif learn.get("label_next"):
        lines.append(
            "no hex labelled: to teach the terrain classifier, label first these hexes, one of each kind "
            "of hex the map shows (--label-next FILE writes them into a labels file to fill in): "
            + " ".join(learn["label_next"])
        )
    if (learn.get("grid_corners") or {}).get("summary"):
        lines.append(f"grid found with no clicks; {learn['grid_corners']['summary']}")
    if (learn.get("grid_corners") or {}).get("warning"):
        lines.append(f"note: {learn['grid_corners']['warning']}")
    if learn.get("never_labelled"):
        lines.append(
            "note: terrains printed in one colour and labelled nowhere, which colour cannot tell apart "
            "(label a few hexes of each with --labels): " + ", ".join(learn["never_labelled"])
        )
    # the lines and hexsides drawn first (few, each a place to check on the scan), then the hexes,
    # then the candidates not drawn
    shown = sorted(rep["doubtful"], key=lambda d: (bool(d.get("possible")), "hex" in d))
    lines += [f"  {doubtful_text(d)}" for d in shown[:SHOWN]]
    if len(rep["doubtful"]) > SHOWN:
        lines.append(f"  ... and {len(rep['doubtful']) - SHOWN} more (--report FILE lists them all)")
    a = rep.get("accuracy")
    if a:
        hs = ", ".join(f"{k} F1 {v['f1']:.3f}" for k, v in a["hexsides"].items())
        ls = ", ".join(f"{k} F1 {v['f1']:.3f}" for k, v in a["lines"].items())
        lines.append(
            f"accuracy against the truth: grid error max {a['grid_error_px']['max']:.2f} px "
            f"({a['grid_error_pct_of_hex_width']:.2f} % of hex width), terrain "
            f"{a['terrain_accuracy_pct']:.2f} %, {hs}; {ls}"
        )
    return "\n".join(lines)

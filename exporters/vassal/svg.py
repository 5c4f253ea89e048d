"""The size VASSAL gives an SVG board image, read with defusedxml (no entities, no DTDs).

Restated from ``SVGImageUtils.getImageSize`` (``vassalengine/vassal`` 17fb917c5): ``width`` and
``height`` of the root ``<svg>`` in user units (px; ``in``, ``cm``, ``mm``, ``pt``, ``pc`` at
96 px per inch, as Batik converts them; a percentage is of the ``viewBox``); a missing one is taken
from the ``viewBox``, or, without a viewBox, from the other (a square), or 0; then each is rounded
``(int)(v + 0.5)``. Lengths in ``em``/``ex`` (which need a font) are refused with a clear message.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from ...errors import InputError

PX_PER = {"": 1.0, "px": 1.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4, "pt": 96 / 72, "pc": 16.0}
MAX_SIDE = 1_000_000  # px; larger sizes are refused, VASSAL could not draw them either
_LENGTH = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(px|in|cm|mm|pt|pc|%)?\s*")


def _length(text: str, what: str, where: str, file) -> tuple[float, bool] | None:
    """(value in px or as a fraction, is a percentage), None when absent."""
    if not text:
        return None
    m = _LENGTH.fullmatch(text)
    if m is None:
        raise InputError(f"{where}: the SVG {what} {text[:40]!r} is not a length railhead reads", file=file)
    value = float(m.group(1))
    unit = m.group(2) or ""
    if unit == "%":
        return value / 100, True
    return value * PX_PER[unit], False


def svg_size(data: bytes, where: str, file: str | Path | None = None) -> tuple[int, int]:
    """(width, height) in pixels of an SVG image's bytes."""
    from defusedxml import ElementTree as SafeET
    from defusedxml.common import DefusedXmlException

    try:
        root = SafeET.fromstring(data)
    except DefusedXmlException:
        raise InputError(
            f"{where}: the SVG uses XML entities or a DTD, which railhead refuses", file=file
        ) from None
    except SafeET.ParseError as exc:
        raise InputError(f"{where}: not well-formed SVG ({exc})", file=file) from None
    if root.tag.rsplit("}", 1)[-1] != "svg":
        raise InputError(f"{where}: the image is XML but not SVG (root <{root.tag[:40]}>)", file=file)
    w = _length(root.attrib.get("width", ""), "width", where, file)
    h = _length(root.attrib.get("height", ""), "height", where, file)
    box = None
    parts = root.attrib.get("viewBox", "").replace(",", " ").split()
    if len(parts) == 4:
        try:
            box = [float(v) for v in parts]
        except ValueError:
            box = None
        if box is not None and (box[2] <= 0 or box[3] <= 0):
            box = None
    width = _side(w, box[2] if box else None, h)
    height = _side(h, box[3] if box else None, w)
    if not all(math.isfinite(v) and 0 <= v <= MAX_SIDE for v in (width, height)):
        raise InputError(f"{where}: the SVG's size {width} x {height} px is out of range", file=file)
    return int(width + 0.5), int(height + 0.5)


def _side(own: tuple[float, bool] | None, box: float | None, other: tuple[float, bool] | None) -> float:
    if own is not None:
        value, pct = own
        return value * box if pct and box is not None else value
    if box is not None:
        return box
    return other[0] if other is not None and not other[1] else 0.0


MAX_DRAWN_PIXELS = 400_000_000  # a board drawn from SVG larger than this is refused (about 1.6 GB RGBA)


def render_svg(data: bytes, where: str, file: str | Path | None = None) -> bytes:
    """An SVG board drawn as PNG bytes at the size VASSAL gives it (:func:`svg_size`), with
    CairoSVG in its safe mode: no XML entities, nothing outside the file fetched (an ``<image>``
    that links elsewhere is drawn empty; ``data:`` images are drawn)."""
    width, height = svg_size(data, where, file)
    if width * height == 0 or width * height > MAX_DRAWN_PIXELS:
        raise InputError(
            f"{where}: an SVG of {width} x {height} px is not drawn (at most {MAX_DRAWN_PIXELS:,} pixels)",
            file=file,
        )
    try:
        import cairosvg
    except OSError:  # cairocffi finds no libcairo
        raise InputError(
            f"{where}: drawing an SVG board needs the Cairo library (Debian: apt-get install libcairo2)",
            file=file,
        ) from None
    try:
        return cairosvg.svg2png(bytestring=data, output_width=width, output_height=height, unsafe=False)
    except Exception as exc:  # CairoSVG raises many kinds for drawings it cannot handle
        why = f"{type(exc).__name__}: {exc}"
        raise InputError(f"{where}: the SVG cannot be drawn ({why})", file=file) from None

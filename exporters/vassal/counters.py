"""Counter images for VASSAL pieces, drawn with Pillow: nation colour, NATO unit symbol, size
marks, strength-movement. Deterministic: the same unit gives the same PNG bytes."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw, ImageFont

SIZE = 64
NATION_COLOURS = {  # Der Weltkrieg R50 counter colours, approximately
    "germany": (150, 150, 150),
    "austria-hungary": (245, 245, 240),
    "russia": (205, 180, 140),
    "france": (150, 190, 230),
    "great britain": (60, 80, 140),
    "italy": (160, 210, 150),
    "belgium": (40, 40, 40),
    "serbia": (215, 200, 150),
    "bulgaria": (140, 100, 60),
    "ottoman": (150, 30, 30),
    "romania": (150, 160, 140),
    "greece": (90, 130, 200),
    "usa": (110, 120, 60),
    "montenegro": (200, 40, 40),
    "portugal": (60, 140, 60),
}
SIZE_MARKS = {
    "army": "XXXX",
    "corps": "XXX",
    "division": "XX",
    "brigade": "X",
    "regiment": "III",
    "battalion": "II",
    "company": "I",
    "battery": "I",
}


def _ink(bg: tuple[int, int, int]) -> tuple[int, int, int]:
    return (255, 255, 255) if sum(bg) < 300 else (0, 0, 0)


def counter_png(unit: dict[str, Any]) -> bytes:
    """A 64 x 64 counter for a roster row (name, nation, class, size, strength, movement)."""
    bg = NATION_COLOURS.get(unit.get("nation", ""), (220, 220, 200))
    ink = _ink(bg)
    img = Image.new("RGB", (SIZE, SIZE), bg)
    d = ImageDraw.Draw(img)
    font = ImageFont.load_default()
    d.rectangle([0, 0, SIZE - 1, SIZE - 1], outline=ink)
    box = [16, 16, 48, 36]  # the NATO symbol frame
    cls = unit.get("class", "")
    d.rectangle(box, outline=ink, width=2)
    if cls in ("infantry", "mountain", "marine", "assault", "rpl"):
        d.line([box[0], box[1], box[2], box[3]], fill=ink, width=2)
        d.line([box[0], box[3], box[2], box[1]], fill=ink, width=2)
    if cls in ("cavalry",):
        d.line([box[0], box[3], box[2], box[1]], fill=ink, width=2)
    if cls in ("artillery", "siege_artillery"):
        d.ellipse([28, 22, 36, 30], fill=ink)
    if cls == "mountain":
        d.polygon([(26, 36), (32, 30), (38, 36)], fill=ink)
    if cls == "engineer":
        d.line([20, 30, 44, 30], fill=ink, width=2)
    if cls == "hq":
        d.line([16, 16, 16, 4], fill=ink, width=2)  # staff at the frame's left, flag outward
        d.rectangle([6, 4, 16, 9], fill=ink)
    mark = SIZE_MARKS.get(unit.get("size", ""), "")
    d.text((SIZE / 2, 9), mark, fill=ink, font=font, anchor="mm")
    values = f"{unit.get('strength', '')}-{unit.get('movement', '')}"
    d.text((SIZE / 2, 47), values, fill=ink, font=font, anchor="mm")
    d.text((SIZE / 2, 58), str(unit.get("name", ""))[:12], fill=ink, font=font, anchor="mm")
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False)
    return buf.getvalue()

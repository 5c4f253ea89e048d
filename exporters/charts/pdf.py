"""What every railhead PDF shares: paper sizes, embedded fonts, and writing a file atomically.

Fonts are TrueType (DejaVu, shipped inside matplotlib, so nothing is downloaded) registered with
reportlab, which embeds the subset each document uses: a PDF prints the same on any machine. The
standard 14 PDF fonts are never used, because they are not embedded.
"""

from __future__ import annotations

import functools
from pathlib import Path

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ...errors import InputError
from ...files import atomic_path

PAPER: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
"""Portrait page sizes in PDF points (1/72 inch)."""

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
MIN_FONT_PT = 7.0
"""No text of a player aid is set smaller than this: a chart that would need it is split instead."""

MM = 72 / 25.4
"""PDF points per millimetre."""


@functools.cache
def register_fonts() -> None:
    """Register the embedded fonts with reportlab (once per process)."""
    import matplotlib

    ttf = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    for name in (FONT, BOLD):
        pdfmetrics.registerFont(TTFont(name, str(ttf / f"{name}.ttf")))


def paper_size(paper: str, *, landscape: bool = False) -> tuple[float, float]:
    """Page width and height in points for ``a4`` or ``letter``."""
    try:
        w, h = PAPER[paper.lower()]
    except KeyError:
        raise InputError(f"unknown paper size {paper!r}; expected one of {', '.join(PAPER)}") from None
    return (h, w) if landscape else (w, h)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in points of ``text`` set in the embedded font at ``size`` points."""
    register_fonts()
    return pdfmetrics.stringWidth(text, BOLD if bold else FONT, size)


class PdfWriter:
    """A reportlab canvas writing to a temporary file that replaces ``path`` only on success.

    Use as a context manager; pages are drawn on ``.canvas``. Output is deterministic (no creation
    date, fixed document id), so the same input gives the same bytes.
    """

    def __init__(self, path: str | Path, *, title: str, pagesize: tuple[float, float]):
        register_fonts()
        self.path = Path(path)
        self.title = title
        self.pagesize = pagesize
        self._atomic = atomic_path(self.path, suffix=".pdf")
        self.canvas: Canvas

    def __enter__(self) -> PdfWriter:
        tmp = self._atomic.__enter__()
        self.canvas = Canvas(
            str(tmp), pagesize=self.pagesize, invariant=1, pageCompression=1, initialFontName=FONT
        )
        self.canvas.setTitle(self.title)
        self.canvas.setCreator("railhead")
        return self

    def __exit__(self, exc_type, exc, tb) -> bool | None:
        if exc_type is None:
            self.canvas.save()
        return self._atomic.__exit__(exc_type, exc, tb)

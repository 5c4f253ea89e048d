"""Setting player-aid blocks (tables, track sheets) on pages, never below 7 pt.

Text has fixed sizes (:class:`Style`, all at least :data:`~.pdf.MIN_FONT_PT`); nothing is scaled to
fit. A table wider than the page is split into column groups, each repeating the row-label column;
a table longer than the page continues on the next page under its repeated title and header row.
Long cell text wraps inside its column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from .pdf import BOLD, FONT, MIN_FONT_PT, MM, text_width
from .tables import BLANK, RGB, Block, Column, Row, Table, Track, TrackSheet

USER_COLOUR = (0.05, 0.2, 0.65)
HEADER_FILL = (0.88, 0.88, 0.88)


@dataclass(frozen=True)
class Style:
    """Sizes in points. Every text size is at least MIN_FONT_PT."""

    body: float = 8.0
    header: float = 8.0
    title: float = 12.0
    note: float = 7.5
    footer: float = 7.0
    leading: float = 1.22
    pad: float = 3.0
    margin: float = 14 * MM
    gap: float = 16.0
    max_column: float = 170.0
    box: float = 15.0

    def __post_init__(self) -> None:
        for name in ("body", "header", "title", "note", "footer"):
            if getattr(self, name) < MIN_FONT_PT:
                raise ValueError(f"{name} size {getattr(self, name)} pt is below {MIN_FONT_PT} pt")


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width`` (long words are cut)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            while text_width(word, size, bold) > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and text_width(word[:cut], size, bold) > width:
                    cut -= 1
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cut])
                word = word[cut:]
            trial = f"{line} {word}" if line else word
            if line and text_width(trial, size, bold) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


class Pages:
    """A canvas with a cursor: blocks flow down the page and onto new pages."""

    def __init__(self, canvas: Canvas, pagesize: tuple[float, float], footer: str, style: Style):
        self.c = canvas
        self.width, self.height = pagesize
        self.footer = footer
        self.s = style
        self.page = 1
        self.top = self.height - style.margin
        self.bottom = style.margin + style.footer * 2
        self.y = self.top
        self.left = style.margin
        self.usable = self.width - 2 * style.margin
        self.empty = True

    def new_page(self) -> None:
        self._footer()
        self.c.showPage()
        self.page += 1
        self.y = self.top
        self.empty = True

    def fits(self, height: float) -> bool:
        return self.y - height >= self.bottom

    def ensure(self, height: float) -> None:
        if not self.fits(height) and not self.empty:
            self.new_page()

    def finish(self) -> int:
        """Close the last page; the number of pages."""
        self._footer()
        return self.page

    def _footer(self) -> None:
        self.c.setFont(FONT, self.s.footer)
        self.c.setFillColorRGB(0.3, 0.3, 0.3)
        self.c.drawString(self.left, self.s.margin, self.footer)
        self.c.drawRightString(self.width - self.s.margin, self.s.margin, f"page {self.page}")
        self.c.setFillColorRGB(0, 0, 0)

    def text_lines(
        self, lines: Sequence[str], size: float, bold: bool = False, x: float | None = None
    ) -> None:
        step = size * self.s.leading
        for line in lines:
            self.ensure(step)
            self.c.setFont(BOLD if bold else FONT, size)
            self.c.drawString(self.left if x is None else x, self.y - size, line)
            self.y -= step
            self.empty = False

    def title(self, text: str) -> float:
        """Height a title takes (drawn by :meth:`draw_title`)."""
        return len(wrap(text, self.usable, self.s.title, True)) * self.s.title * self.s.leading + 4

    def draw_title(self, text: str) -> None:
        self.text_lines(wrap(text, self.usable, self.s.title, True), self.s.title, bold=True)
        self.y -= 4

    def notes_height(self, notes: Sequence[str]) -> float:
        """Height :meth:`notes` takes."""
        if not notes:
            return 0.0
        lines = sum(len(wrap(note, self.usable, self.s.note)) for note in notes)
        return 3 + lines * self.s.note * self.s.leading

    def notes(self, notes: Sequence[str]) -> None:
        if notes:
            self.y -= 3
        for note in notes:
            self.text_lines(wrap(note, self.usable, self.s.note), self.s.note)


# ---------------------------------------------------------------------------------------- tables
def _notes_of(table: Table) -> list[str]:
    """The notes printed under a table (and the key to user values when it shows any)."""
    if any(r.user for r in table.rows):
        return [*table.notes, "Values in blue come from the user's values file, not the rulebook."]
    return list(table.notes)


def _natural(text: str, size: float, bold: bool) -> float:
    return max((text_width(line, size, bold) for line in text.split("\n")), default=0.0)


def column_widths(table: Table, usable: float, s: Style) -> tuple[float, list[float], list[float]]:
    """Widths of the row-label column, and of each value column at its widest (text on one line,
    capped) and at its narrowest (its longest word, or an empty box)."""
    cap_label = min(s.max_column, usable * 0.22)

    def texts_of(c: Column) -> list[tuple[str, float, bool]]:
        cells = [(r.cell(c.id) or "", s.body, False) for r in table.rows if r.cell(c.id) is not BLANK]
        return [(c.header, s.header, True), *cells]

    def longest_word(texts: list[tuple[str, float, bool]]) -> float:
        words = (text_width(w, size, b) for t, size, b in texts for w in t.split())
        return max(max(words, default=0.0), s.box) + 2 * s.pad

    def natural(texts: list[tuple[str, float, bool]], cap: float) -> float:
        return max(
            min(max((_natural(t, z, b) for t, z, b in texts), default=0.0), cap) + 2 * s.pad,
            longest_word(texts),
        )

    label_texts = [(table.label_header, s.header, True)] + [(r.label, s.body, False) for r in table.rows]
    label = min(natural(label_texts, cap_label), usable * 0.5)
    widest = [min(natural(texts_of(c), s.max_column), usable - label) for c in table.columns]
    narrowest = [min(longest_word(texts_of(c)), w) for c, w in zip(table.columns, widest, strict=True)]
    return label, widest, narrowest


def column_groups(label: float, narrowest: Sequence[float], usable: float) -> list[list[int]]:
    """Indices of the value columns on each page-width part of a table (each part repeats the row
    labels), filled left to right with every column at its narrowest."""
    groups: list[list[int]] = [[]]
    used = label
    for i, w in enumerate(narrowest):
        if groups[-1] and used + w > usable + 0.01:
            groups.append([])
            used = label
        groups[-1].append(i)
        used += w
    return groups


def fit_widths(
    label: float, widest: Sequence[float], narrowest: Sequence[float], usable: float
) -> list[float]:
    """Column widths of one part: the widest that fit, wrapping text in the columns that have the most
    to give up (the room above their narrowest is shared in proportion)."""
    room = usable - label
    if sum(widest) <= room:
        return list(widest)
    spare = room - sum(narrowest)
    give = [w - n for w, n in zip(widest, narrowest, strict=True)]
    total = sum(give) or 1.0
    return [n + max(spare, 0.0) * g / total for n, g in zip(narrowest, give, strict=True)]


def _cell_lines(text: str, width: float, size: float, bold: bool, s: Style) -> list[str]:
    return wrap(text, width - 2 * s.pad, size, bold)


def _draw_row(
    p: Pages,
    x0: float,
    widths: Sequence[float],
    texts: Sequence[str | None],
    size: float,
    bold: bool,
    user: Sequence[bool] = (),
    fill: tuple[float, float, float] | None = None,
    swatches: Sequence[RGB | None] = (),
) -> None:
    s = p.s
    lines = [
        [] if t is BLANK else _cell_lines(t, w, size, bold, s) for t, w in zip(texts, widths, strict=True)
    ]
    height = max(max((len(ls) for ls in lines), default=1), 1) * size * s.leading + 2 * s.pad
    c = p.c
    if fill:
        c.setFillColorRGB(*fill)
        c.rect(x0, p.y - height, sum(widths), height, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
    x = x0
    c.setLineWidth(0.5)
    for i, (t, w, ls) in enumerate(zip(texts, widths, lines, strict=True)):
        c.rect(x, p.y - height, w, height, stroke=1, fill=0)
        if i < len(swatches) and swatches[i] is not None:
            b = min(s.box, w - 2 * s.pad)
            c.setFillColorRGB(*swatches[i])
            c.rect(x + w - s.pad - b, p.y - s.pad - b * 0.8, b, b * 0.8, stroke=1, fill=1)
            c.setFillColorRGB(0, 0, 0)
        if t is BLANK:
            b = min(s.box, w - 2 * s.pad)
            c.setLineWidth(0.8)
            c.rect(x + s.pad, p.y - s.pad - b * 0.8, b, b * 0.8, stroke=1, fill=0)
            c.setLineWidth(0.5)
        else:
            colour = USER_COLOUR if i < len(user) and user[i] else (0, 0, 0)
            c.setFillColorRGB(*colour)
            c.setFont(BOLD if bold else FONT, size)
            for k, line in enumerate(ls):
                c.drawString(x + s.pad, p.y - s.pad - size * 0.88 - k * size * s.leading, line)
            c.setFillColorRGB(0, 0, 0)
        x += w
    p.y -= height
    p.empty = False


def _row_height(
    texts: Sequence[str | None], widths: Sequence[float], size: float, bold: bool, s: Style
) -> float:
    n = max(
        (len(_cell_lines(t, w, size, bold, s)) for t, w in zip(texts, widths, strict=True) if t is not BLANK),
        default=1,
    )
    return max(n, 1) * size * s.leading + 2 * s.pad


def draw_table(p: Pages, table: Table) -> None:
    """Set ``table`` at the cursor: split into column groups that fit the page width, each group's rows
    continued on new pages under a repeated title and header."""
    s = p.s
    label_w, widest, narrowest = column_widths(table, p.usable, s)
    groups = column_groups(label_w, narrowest, p.usable)
    for g, idx in enumerate(groups):
        cols: list[Column] = [table.columns[i] for i in idx]
        ws = [label_w, *fit_widths(label_w, [widest[i] for i in idx], [narrowest[i] for i in idx], p.usable)]
        title = table.title
        if len(groups) > 1:
            title += f" (columns {cols[0].header}–{cols[-1].header})" if cols else ""
        head = [table.label_header] + [c.header for c in cols]
        head_h = _row_height(head, ws, s.header, True, s)

        def row_texts(r: Row, cols: list[Column] = cols) -> list[str | None]:
            return [r.label] + [r.cell(c.id) for c in cols]

        first = table.rows[0] if table.rows else None
        first_h = _row_height(row_texts(first), ws, s.body, False, s) if first else 0.0
        if table.new_page and g == 0 and not p.empty:
            p.new_page()
        elif g > 0 and p.empty is False:
            p.y -= s.gap / 2
        whole = (
            p.title(title) + head_h + sum(_row_height(row_texts(r), ws, s.body, False, s) for r in table.rows)
        )
        notes_h = p.notes_height(_notes_of(table)) if g == len(groups) - 1 else 0.0
        if whole + notes_h <= p.top - p.bottom:
            p.ensure(whole + notes_h)  # keep a table that fits on one page together, with its notes
        elif whole <= p.top - p.bottom:
            p.ensure(whole)
        p.ensure(p.title(title) + head_h + first_h)
        p.draw_title(title)
        _draw_row(p, p.left, ws, head, s.header, True, fill=HEADER_FILL)
        for r in table.rows:
            texts = row_texts(r)
            h = _row_height(texts, ws, s.body, False, s)
            if not p.fits(h):
                if p.top - p.bottom - p.title(title) - head_h < h:
                    raise ValueError(f"row {r.id!r} of {table.id!r} is taller than a page")
                p.new_page()
                p.draw_title(title + " (continued)")
                _draw_row(p, p.left, ws, head, s.header, True, fill=HEADER_FILL)
            _draw_row(
                p,
                p.left,
                ws,
                texts,
                s.body,
                False,
                user=[False] + [c.id in r.user for c in cols],
                swatches=[None] + [r.swatches.get(c.id) for c in cols],
            )
    p.notes(_notes_of(table))
    p.y -= s.gap


# ---------------------------------------------------------------------------------------- tracks
def _draw_label(p: Pages, lines: Sequence[str], baseline: float) -> None:
    p.c.setFont(FONT, p.s.body)
    for k, line in enumerate(lines):
        p.c.drawString(p.left, baseline - k * p.s.body * p.s.leading, line)


def _draw_track(p: Pages, track: Track, label_w: float) -> None:
    """One track: its label, then its boxes (numbered 0…top, or labelled) on the label's baseline
    (wrapping onto more lines of boxes if the page is too narrow); an unknown top is a box to write the
    value in."""
    s = p.s
    box = s.box + 3
    baseline = box / 2 - s.body * 0.35  # of text centred in a box, from the box's bottom
    known = track.top is not None or bool(track.boxes)
    label = f"{track.label} ({track.rule})" if track.rule and known else track.label
    label_lines = wrap(label, label_w - s.pad, s.body)
    if not known:
        msg = f"{track.blank} ({track.rule}): write it here"
        height = max(box, len(label_lines) * s.body * s.leading) + 4
        p.ensure(height)
        _draw_label(p, label_lines, p.y - box + baseline)
        p.c.drawString(p.left + label_w, p.y - box + baseline, msg)
        p.c.rect(p.left + label_w + text_width(msg, s.body) + 4, p.y - box, box, box, stroke=1, fill=0)
    else:
        texts = track.labels()
        width = max([box, *(text_width(t, s.body) + 2 * s.pad for t in texts)])
        per_line = max(1, int((p.usable - label_w) // width))
        n_lines = -(-len(texts) // per_line)
        height = max(n_lines * box, len(label_lines) * s.body * s.leading) + 4
        p.ensure(height)
        _draw_label(p, label_lines, p.y - box + baseline)
        p.c.setLineWidth(0.6)
        p.c.setFont(FONT, s.body)
        for k, text in enumerate(texts):
            row, col = divmod(k, per_line)
            x = p.left + label_w + col * width
            y = p.y - (row + 1) * box
            p.c.rect(x, y, width, box, stroke=1, fill=0)
            p.c.drawCentredString(x + width / 2, y + baseline, text)
    p.y -= height
    p.empty = False


def draw_track_sheet(p: Pages, sheet: TrackSheet) -> None:
    """Set a sheet of numbered tracks: the title, then ``copies`` sets of one track per entry."""
    s = p.s
    if sheet.new_page and not p.empty:
        p.new_page()
    label_w = min(
        s.max_column,
        max((text_width(f"{t.label} ({t.rule})", s.body) for t in sheet.tracks), default=0) + 2 * s.pad,
    )
    p.draw_title(sheet.title)
    p.notes(sheet.notes)
    p.y -= 4
    for copy in range(sheet.copies):
        if sheet.copies > 1:
            p.ensure(s.header * s.leading + s.box)
            p.text_lines([f"Turn ____ ({copy + 1})"], s.header, bold=True)
        for track in sheet.tracks:
            _draw_track(p, track, label_w)
        p.y -= s.gap / 2


def draw_blocks(p: Pages, blocks: Sequence[Block]) -> int:
    """Set every block in order; the number of pages."""
    for block in blocks:
        if isinstance(block, Table):
            draw_table(p, block)
        else:
            draw_track_sheet(p, block)
    return p.finish()

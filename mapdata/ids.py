"""Printed hex ids: formatting a (column, row) pair the way a map prints it, and parsing it back.

An id format is a Python-style template with two fields, ``{col}`` and ``{row}``, and any literal
text around them (``"{col:02d}{row:02d}"`` → ``0512``, ``"{row:02d}{col:02d}"`` for row-first maps,
``"W{row:02d}{col:02d}"`` for sheet letters printed as part of the number, ``"{col:A}{row:02d}"`` → ``A12``).

Field specs:

``d`` or empty
    plain decimal number.
``0Nd``
    decimal number zero-padded to at least N digits (``{row:02d}``: 7 → ``07``, 123 → ``123``).
``A`` / ``a``
    letters, counted from 1 = A the way VASSAL letters grid columns: A…Z, then AA, BB, …, ZZ, AAA
    (doubled letters, not spreadsheet-style AB). ``a`` prints lower case.

Parsing is strict: an id is accepted only if formatting the parsed numbers gives back exactly the same
text, so ``"512"`` is not the hex ``"0512"``.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

_LETTERS = string.ascii_uppercase


class HexIdError(ValueError):
    """A hex id that does not match its sheet's printed format."""


def letters_for(n: int) -> str:
    """VASSAL-style alphabetic label of ``n`` (1 → A, 26 → Z, 27 → AA, 28 → BB, 53 → AAA)."""
    if n < 1:
        raise ValueError(f"alphabetic labels start at 1 (A), got {n}")
    repeat, index = divmod(n - 1, 26)
    return _LETTERS[index] * (repeat + 1)


def number_for_letters(text: str) -> int:
    """Inverse of :func:`letters_for`; ``text`` must repeat one letter (``"BB"``)."""
    upper = text.upper()
    if not upper or any(ch != upper[0] for ch in upper) or upper[0] not in _LETTERS:
        raise HexIdError(f"{text!r} is not a letter label like A, B, AA or BB")
    return 26 * (len(upper) - 1) + _LETTERS.index(upper[0]) + 1


@dataclass(frozen=True)
class _Field:
    name: str  # "col" or "row"
    kind: str  # "d" or "A" or "a"
    width: int  # zero-padding width for "d"


_FIELD_RE = re.compile(r"\{(col|row)(?::([^{}]*))?\}")
_SPEC_RE = re.compile(r"^(?:0(\d+))?d?$")


class IdFormat:
    """A compiled id template: ``IdFormat("{col:02d}{row:02d}").format(5, 12) == "0512"``."""

    def __init__(self, template: str):
        self.template = template
        self._parts: list[str | _Field] = []
        pos = 0
        for m in _FIELD_RE.finditer(template):
            if m.start() > pos:
                self._parts.append(template[pos : m.start()])
            self._parts.append(_parse_spec(m.group(1), m.group(2) or "", template))
            pos = m.end()
        if pos < len(template):
            self._parts.append(template[pos:])
        literal_text = "".join(p for p in self._parts if isinstance(p, str))
        if "{" in literal_text or "}" in literal_text:
            raise ValueError(f"id format {template!r}: only {{col}} and {{row}} fields are allowed")
        names = [p.name for p in self._parts if isinstance(p, _Field)]
        if sorted(names) != ["col", "row"]:
            raise ValueError(f"id format {template!r} must contain {{col}} and {{row}} exactly once")
        self._regex = re.compile(self._build_regex())

    @property
    def row_first(self) -> bool:
        fields = [p for p in self._parts if isinstance(p, _Field)]
        return fields[0].name == "row"

    def _build_regex(self) -> str:
        out = []
        for i, part in enumerate(self._parts):
            if isinstance(part, str):
                out.append(re.escape(part))
                continue
            if part.kind == "d":
                nxt = self._parts[i + 1] if i + 1 < len(self._parts) else None
                followed_by_digits = isinstance(nxt, _Field) and nxt.kind == "d"
                if followed_by_digits and part.width:
                    out.append(rf"(?P<{part.name}>\d{{{part.width}}})")
                else:
                    out.append(rf"(?P<{part.name}>\d+)")
            else:
                letters = "A-Z" if part.kind == "A" else "a-z"
                out.append(rf"(?P<{part.name}>[{letters}]+)")
        return "^" + "".join(out) + "$"

    def format(self, col: int, row: int) -> str:
        values = {"col": col, "row": row}
        out = []
        for part in self._parts:
            if isinstance(part, str):
                out.append(part)
            elif part.kind == "d":
                value = values[part.name]
                if value < 0:
                    raise HexIdError(f"{part.name} {value} cannot be printed with {self.template!r}")
                out.append(f"{value:0{part.width}d}" if part.width else str(value))
            else:
                label = letters_for(values[part.name])
                out.append(label if part.kind == "A" else label.lower())
        return "".join(out)

    def parse(self, text: str) -> tuple[int, int]:
        """(col, row) printed in ``text``; :class:`HexIdError` if it is not a canonical id."""
        m = self._regex.match(text)
        if m is None:
            raise HexIdError(f"{text!r} does not match the id format {self.template!r}")
        values = {}
        for part in self._parts:
            if isinstance(part, _Field):
                raw = m.group(part.name)
                values[part.name] = int(raw) if part.kind == "d" else number_for_letters(raw)
        col, row = values["col"], values["row"]
        if self.format(col, row) != text:
            raise HexIdError(
                f"{text!r} is not written as the id format {self.template!r} prints it "
                f"(expected {self.format(col, row)!r})"
            )
        return col, row

    def __repr__(self) -> str:
        return f"IdFormat({self.template!r})"


def _parse_spec(name: str, spec: str, template: str) -> _Field:
    if spec in ("A", "a"):
        return _Field(name, spec, 0)
    m = _SPEC_RE.match(spec)
    if m is None:
        raise ValueError(f"id format {template!r}: field {{{name}:{spec}}} is not one of d, 0Nd, A or a")
    return _Field(name, "d", int(m.group(1)) if m.group(1) else 0)

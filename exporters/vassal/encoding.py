"""VASSAL's text encodings, the layer every piece, save and module string is built from.

``SequenceEncoder`` (``VASSAL.tools.SequenceEncoder``): tokens joined by a delimiter; a delimiter
inside a token is written ``\\`` + delimiter; a token starting with a backslash, or quoted already,
is wrapped in single quotes. Its ``Decoder`` splits on every delimiter not preceded by a backslash,
drops that backslash, and strips one pair of surrounding quotes from each token. Commands are
joined the same way with ESC (``GameModule.COMMAND_SEPARATOR``), nested to any depth.

Numbers are read as Java reads them: ``Integer.parseInt`` accepts an optional sign and decimal
digits within the 32-bit range, nothing else (no spaces, no ``_``, no fractions); the decoder's
``nextInt(default)`` falls back to the default where ``parseInt`` would throw.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import InputError

ESC = "\x1b"
MAX_COMMAND_DEPTH = 64  # commands nested deeper are refused; VASSAL's own logs nest a few levels
_JAVA_INT = re.compile(r"[+-]?\d+")
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1
_UNESCAPED = {}


def _unescaped(delim: str) -> re.Pattern[str]:
    if delim not in _UNESCAPED:
        _UNESCAPED[delim] = re.compile(r"(?<!\\)" + re.escape(delim))
    return _UNESCAPED[delim]


def _unquote(token: str) -> str:
    return token[1:-1] if len(token) > 1 and token[0] == "'" and token[-1] == "'" else token


def split(text: str, delim: str) -> list[str]:
    """SequenceEncoder.Decoder: every token, escapes removed, one pair of quotes stripped.

    A delimiter preceded by a backslash is part of a token (the backslash dropped): the text is cut
    at every delimiter by ``str.split`` and a piece ending in a backslash is joined to the next,
    which reads a long save in one C-speed pass instead of a look-behind regex over it."""
    if "\\" not in text:
        if "'" not in text:  # no token is quoted: the cut pieces are the tokens
            return text.split(delim)
        return [_unquote(t) for t in text.split(delim)]
    out: list[str] = []
    held: list[str] = []
    for part in text.split(delim):
        if part.endswith("\\"):
            held.append(part[:-1])
            held.append(delim)
            continue
        if held:
            held.append(part)
            part = "".join(held)
            held = []
        out.append(_unquote(part))
    if held:  # the text ends with an escaped delimiter
        out.append(_unquote("".join(held)))
    return out


def join(tokens: list[str], delim: str) -> str:
    """SequenceEncoder: escape delimiters inside tokens; quote tokens starting with a backslash or
    quoted already."""
    parts = []
    for t in tokens:
        t = t.replace(delim, "\\" + delim)
        if t.startswith("\\") or (len(t) > 1 and t.startswith("'") and t.endswith("'")):
            t = f"'{t}'"
        parts.append(t)
    return delim.join(parts)


def commands(text: str, where: str = "savedGame") -> Iterator[str]:
    """Leaf commands of a command tree, in order, as ``GameModule.decode`` walks it: a text that
    splits into one token is a leaf, otherwise each token is decoded again. Deeper nesting than
    :data:`MAX_COMMAND_DEPTH` is refused (each level costs a pass over the text)."""
    stack: list[tuple[Iterator[str], int]] = [(iter([text]), 0)]
    while stack:
        tokens, depth = stack[-1]
        token = next(tokens, None)
        if token is None:
            stack.pop()
            continue
        if ESC not in token and not token.endswith(("\\", "'")):
            if token:  # a leaf (no separator, no escape or quote at its end): split gives it back whole
                yield token
            continue
        parts = split(token, ESC)
        if len(parts) == 1 and parts[0] == token:
            if token:
                yield token
            continue
        if depth >= MAX_COMMAND_DEPTH:
            raise InputError(f"{where}: commands nested more than {MAX_COMMAND_DEPTH} levels deep")
        stack.append((iter(parts), depth + 1))


def java_int(text: str, default: int | None = None) -> int | None:
    """``Integer.parseInt``: the value, or ``default`` where Java would throw."""
    if text.isdecimal():  # the usual number: digits alone (what ``\\d`` matches, without the regex)
        value = int(text)
        return value if value <= _INT_MAX else default
    if _JAVA_INT.fullmatch(text) is None:
        return default
    value = int(text)
    return value if _INT_MIN <= value <= _INT_MAX else default

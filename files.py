"""Reading and writing files safely: outputs appear whole or not at all, inputs are never touched."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from .errors import InputError


@contextlib.contextmanager
def atomic_output(path: str | Path, mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; rename it over ``path`` only if the block succeeds."""
    target = Path(path)
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise InputError("the output folder does not exist", file=parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=parent)
    try:
        kwargs = {"encoding": "utf-8", "newline": "\n"} if "b" not in mode else {}
        with os.fdopen(fd, mode, **kwargs) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_path(path: str | Path, suffix: str = "") -> Iterator[Path]:
    """A temporary path beside ``path`` for libraries that write by name; renamed on success."""
    target = Path(path)
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise InputError("the output folder does not exist", file=parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=suffix or target.suffix, dir=parent)
    os.close(fd)
    os.unlink(tmp)  # let the library create it
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        os.replace(tmp_path, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_path)
        raise


def write_json(path: str | Path, obj: Any) -> None:
    """Write ``obj`` as indented UTF-8 JSON, atomically."""
    with atomic_output(path) as fh:
        json.dump(obj, fh, indent=1, ensure_ascii=False)
        fh.write("\n")


MAX_JSON_BYTES = 512 * 1024 * 1024


def read_json(path: str | Path, what: str = "JSON file") -> Any:
    """Parse a JSON file, turning every failure into an InputError that names the file and line."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except FileNotFoundError:
        raise InputError(f"no such {what}", file=p) from None
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror}", file=p) from None
    if p.is_dir():
        raise InputError(f"expected a {what}, found a folder", file=p)
    if size > MAX_JSON_BYTES:
        raise InputError(f"{what} is {size} bytes, more than the {MAX_JSON_BYTES} allowed", file=p)
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start}); expected a {what}", file=p) from None
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror}", file=p) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"malformed JSON: {exc.msg}", file=p, where=f"line {exc.lineno} column {exc.colno}"
        ) from None


def refuse_input_as_output(out: str | Path, *inputs: str | Path) -> None:
    """An InputError if ``out`` is the same file as one of ``inputs`` (an output never replaces
    an input)."""
    o = Path(out)
    for src in inputs:
        s = Path(src)
        if o.exists() and s.exists() and o.resolve() == s.resolve():
            raise InputError(f"the output file is also an input ({s})", file=o)

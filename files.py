"""Reading and writing files safely: outputs appear whole or not at all, inputs are never touched.

Every output is written to a temporary file beside it and renamed over it only when complete. The
temporary file is named ``.railhead-tmp-PID-…``: it is removed when the write fails or the process
is stopped (SIGTERM exits through the same clean-up), and a process killed outright leaves one that
the next write into that folder removes. Finished outputs get the user's umask like any other file.
A file read as an input in this run (:func:`note_input`) is never written over, whatever name
(link, relative path) the output is given.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import shutil
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from .errors import InputError

TMP_PREFIX = ".railhead-tmp-"
_INPUTS: dict[tuple[int, int], Path] = {}
_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM, errno.EFBIG}


def note_input(path: str | Path) -> None:
    """Remember that this run reads ``path``: no output may replace it."""
    with contextlib.suppress(OSError):
        st = os.stat(path)
        _INPUTS[st.st_dev, st.st_ino] = Path(path)


def forget_inputs() -> None:
    """A new run (the command line starts one per invocation)."""
    _INPUTS.clear()


def refuse_input(target: str | Path) -> None:
    """InputError if ``target`` is (by any name) a file this run reads."""
    with contextlib.suppress(OSError):
        st = os.stat(target)
        source = _INPUTS.get((st.st_dev, st.st_ino))
        if source is not None:
            raise InputError(
                f"this is an input of the command ({source}); give the output another name", file=target
            )


def _sweep(parent: Path) -> None:
    """Remove temporary files that processes no longer running left in ``parent``."""
    with contextlib.suppress(OSError):
        for entry in os.scandir(parent):
            if not entry.name.startswith(TMP_PREFIX):
                continue
            pid = entry.name[len(TMP_PREFIX) :].split("-", 1)[0]
            if pid.isdigit() and not _alive(int(pid)):
                with contextlib.suppress(OSError):
                    if entry.is_dir(follow_symlinks=False):  # a demo folder in the making
                        shutil.rmtree(entry.path)
                    else:
                        os.unlink(entry.path)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _prepare(path: str | Path) -> tuple[Path, Path]:
    target = Path(path)
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise InputError("the output folder does not exist", file=parent)
    if target.is_dir():
        raise InputError("expected a file name for the output, found a folder", file=target)
    refuse_input(target)
    _sweep(parent)
    return target, parent


def _finish(tmp: str | Path, target: Path) -> None:
    os.chmod(tmp, 0o666 & ~_umask())
    os.replace(tmp, target)


def _write_error(exc: OSError, target: Path) -> InputError:
    return InputError(f"cannot write here: {exc.strerror or exc}", file=target)


def write_failure(target: str | Path, detail: str) -> InputError:
    """The error for an output a library could not write (it says why in its own words, not as an
    OSError): the free space of the disk is given, since a full disk is the usual cause."""
    target = Path(target)
    try:
        free = shutil.disk_usage(target.parent if str(target.parent) else ".").free
        space = f"{free:,} bytes free on its disk" if free >= 1 << 20 else "the disk is full"
    except OSError:
        space = "the folder cannot be read"
    return InputError(f"cannot write here ({space}): {detail}", file=target)


@contextlib.contextmanager
def _temporary(path: str | Path, suffix: str) -> Iterator[tuple[str, Path]]:
    """A temporary file beside ``path`` (named for this process), renamed over ``path`` when the
    block succeeds and removed when it fails; a full or unwritable folder is an InputError."""
    target, parent = _prepare(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{TMP_PREFIX}{os.getpid()}-", suffix=f"-{suffix}", dir=parent)
    except OSError as exc:
        raise _write_error(exc, target) from None
    os.close(fd)
    try:
        yield tmp, target
        _finish(tmp, target)
    except OSError as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if exc.errno in _WRITE_ERRORS:
            raise _write_error(exc, target) from None
        raise
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_output(path: str | Path, mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; rename it over ``path`` only if the block succeeds."""
    with _temporary(path, Path(path).name) as (tmp, _):
        kwargs = {"encoding": "utf-8", "newline": "\n"} if "b" not in mode else {}
        with open(tmp, mode, **kwargs) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())


@contextlib.contextmanager
def atomic_path(path: str | Path, suffix: str = "") -> Iterator[Path]:
    """A temporary path beside ``path`` for libraries that write by name; renamed on success."""
    target = Path(path)
    with _temporary(path, f"{target.stem}{suffix or target.suffix}") as (tmp, _):
        os.unlink(tmp)  # let the library create it
        yield Path(tmp)


def write_json(path: str | Path, obj: Any) -> None:
    """Write ``obj`` as indented UTF-8 JSON, atomically."""
    with atomic_output(path) as fh:
        json.dump(obj, fh, indent=1, ensure_ascii=False, default=as_json_object)
        fh.write("\n")


def as_json_object(value: Any) -> Any:
    """``json.dump``'s ``default``: a record that knows its JSON object (``to_dict()``), as it."""
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


MAX_JSON_BYTES = 512 * 1024 * 1024


def _input_file(path: str | Path, what: str, limit: int) -> Path:
    """The path of an input file that exists, is a file and holds at most ``limit`` bytes;
    InputError naming the file otherwise."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except FileNotFoundError:
        raise InputError(f"no such {what}", file=p) from None
    except OSError as exc:
        raise InputError(f"cannot read the {what}: {exc.strerror}", file=p) from None
    if p.is_dir():
        raise InputError(f"expected a {what}, found a folder", file=p)
    if size > limit:
        raise InputError(f"the {what} is {size:,} bytes, more than the {limit:,} allowed", file=p)
    return p


def read_json(path: str | Path, what: str = "JSON file") -> Any:
    """Parse a JSON file, turning every failure into an InputError that names the file and line."""
    p = _input_file(path, what, MAX_JSON_BYTES)
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start}); expected a {what}", file=p) from None
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror}", file=p) from None
    return loads_json(text, p)


def loads_json(text: str, file: str | Path | None = None, where: str | None = None) -> Any:
    """Parse JSON text (a file's, or a JSON cell of a GeoPackage: ``where`` names it), turning
    every failure into an InputError: malformed, NaN or Infinity, numbers too long, nesting too deep."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        at = f"line {exc.lineno} column {exc.colno}"
        if where:
            raise InputError(f"malformed JSON: {exc.msg} ({at})", file=file, where=where) from None
        raise InputError(f"malformed JSON: {exc.msg}", file=file, where=at) from None
    except _NotANumber as exc:
        raise InputError(
            f"{exc.args[0]} is not a number railhead reads (JSON has no NaN or Infinity)",
            file=file,
            where=where,
        ) from None
    except RecursionError:
        raise InputError(
            "the JSON is nested too deeply to be one of railhead's files", file=file, where=where
        ) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise InputError(f"a number too long to read ({exc})", file=file, where=where) from None


class _NotANumber(ValueError):
    pass


def _no_constant(name: str) -> float:
    raise _NotANumber(name)


def read_toml(path: str | Path, what: str = "TOML file") -> dict[str, Any]:
    """Parse a TOML file, turning every failure into an InputError that names the file: missing,
    unreadable, not UTF-8, malformed, ``nan``/``inf`` (no count or measure railhead reads is one),
    numbers too long to convert, or nesting too deep."""
    p = _input_file(path, what, MAX_TOML_BYTES)
    try:
        text = p.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start}); expected a {what}", file=p) from None
    except OSError as exc:
        raise InputError(f"cannot read the {what}: {exc.strerror}", file=p) from None
    try:
        return tomllib.loads(text, parse_float=_finite_float)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"malformed TOML: {exc}", file=p) from None
    except _NotANumber as exc:
        raise InputError(f"{exc.args[0]} is not a number railhead reads (no nan or inf)", file=p) from None
    except RecursionError:
        raise InputError(f"the TOML is nested too deeply to be a {what}", file=p) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise InputError(f"a number too long to read ({exc})", file=p) from None


MAX_TOML_BYTES = 64 * 1024 * 1024


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotANumber(text)
    return value

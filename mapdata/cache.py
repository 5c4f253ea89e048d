"""A map file read once: the checked map kept in the user's cache, keyed by the file's bytes.

Reading and checking a 30,000-hex map file takes about a second (JSON decoding, the schema, the
checks the schema cannot make); a command that judges one move or checks a log pays it every
time. The map built from a file is kept as a pickle named by the SHA-256 of the file's bytes and
railhead's version, so any change to the file, or to railhead, is a new key: a stale entry is never
read. Reading an entry takes about a tenth of the time (the collector paused while the map's small
objects are made).

Entries live in ``$RAILHEAD_CACHE_DIR``, else ``$XDG_CACHE_HOME/railhead/maps``, else
``~/.cache/railhead/maps``; ``RAILHEAD_CACHE_DIR=off`` turns the cache off. A pickle runs code when
read, so an entry is read only from a folder and file the user owns that no one else may write;
anything wrong with an entry (unreadable, damaged, another format) and the file is read as usual.
The cache keeps the newest :data:`MAX_ENTRIES` maps.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
import pickle
import stat
import tempfile
from pathlib import Path

from ..files import MAX_JSON_BYTES, _input_file
from .io import read_mapdata
from .model import MapData

MAX_ENTRIES = 16
_TAG = b"railhead.mapdata-cache/1"


def cache_dir() -> Path | None:
    """The cache folder (None: turned off)."""
    env = os.environ.get("RAILHEAD_CACHE_DIR")
    if env:
        return None if env.strip().lower() == "off" else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "railhead" / "maps"


def _version() -> bytes:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("railhead").encode()
    except PackageNotFoundError:
        return b"unknown"


def _key(data: bytes) -> str:
    h = hashlib.sha256(_TAG)
    h.update(_version())
    h.update(Path(__file__).parent.joinpath("model.py").read_bytes())  # the objects pickled
    h.update(data)
    return h.hexdigest()


def _trusted(path: Path) -> bool:
    """The file and its folder are the user's own, and no one else may write them."""
    try:
        for p in (path.parent, path):
            st = p.lstat()
            if (
                stat.S_ISLNK(st.st_mode)
                or st.st_uid != os.getuid()
                or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
            ):
                return False
    except OSError:
        return False
    return True


def _load(entry: Path) -> MapData | None:
    """The map of a cache entry. Its objects go straight to the collector's oldest generation
    (``gc.freeze`` then ``gc.unfreeze``, which moves every object alive into it): otherwise the
    collector's next passes would walk its hundreds of thousands of new objects through the young
    generations (0.1 s for a 30,000-hex map). Nothing is kept from the collector for good."""
    if not entry.is_file() or not _trusted(entry):
        return None
    enabled = gc.isenabled()
    gc.disable()
    try:
        with entry.open("rb") as fh:
            m = pickle.load(fh)
    except Exception:  # a damaged or foreign entry is no map: read the file instead
        return None
    finally:
        if enabled:
            gc.freeze()
            gc.unfreeze()
            gc.enable()
    return m if isinstance(m, MapData) else None


def _store(folder: Path, entry: Path, m: MapData) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(m, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.chmod(tmp, 0o600)
            os.replace(tmp, entry)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        old = sorted(folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)[MAX_ENTRIES:]
        for p in old:
            with contextlib.suppress(OSError):
                p.unlink()
    except OSError:  # a full or read-only cache costs only the time it would have saved
        return


def read_mapdata_cached(path: str | Path) -> MapData:
    """:func:`~.io.read_mapdata`, from the cache when this file's bytes were read before."""
    folder = cache_dir()
    if folder is None:
        return read_mapdata(path)
    p = _input_file(path, "map file (railhead.mapdata/1)", MAX_JSON_BYTES)
    try:
        data = p.read_bytes()
    except OSError:
        return read_mapdata(path)  # says what is wrong with the file
    entry = folder / f"{_key(data)}.pickle"
    m = _load(entry)
    if m is not None:
        return m
    m = read_mapdata(path)
    _store(folder, entry, m)
    return m

"""VASSAL saved games and logs (``.vsav``, ``.vlog``): the archive, read safely, and written.

Format (``shared/docs/vassal-and-landscape.md`` §1.8): a zip whose ``savedGame`` entry is the
command stream, obfuscated as ``!VCSK`` + a 2-hex-digit key + every UTF-8 byte XOR key as two hex
digits (or plain text when the header is absent), commands joined by ESC (:mod:`.encoding`); a log
appends ``LOG\\t<command>`` entries. What the commands do to the table is :mod:`.replay`'s job.

Every file is treated as hostile: nothing is extracted; an entry is read only up to
:data:`MAX_ENTRY_BYTES` decompressed, whatever its header claims, so a zip bomb costs at most that
much memory (a compression ratio is no test: a 100,000-move log compresses far beyond 256:1);
every malformed byte becomes an :class:`~railhead.errors.InputError`, never a traceback. A save
from before VASSAL wrote zip archives (the bare obfuscated text) is refused, as VASSAL 3 refuses it.
"""

from __future__ import annotations

import io
import lzma
import zipfile
import zlib
from pathlib import Path

from ...errors import InputError
from ...files import atomic_output
from .collector import collector_paused
from .encoding import ESC, commands, join, split
from .replay import Game, Piece

__all__ = ["ESC", "Game", "Piece", "commands", "join", "split", "read_entry", "read_game"]
MAX_ENTRY_BYTES = 256 * 1024 * 1024  # decompressed, per entry read; a 100,000-move log is ~40 MB
MAX_ENTRIES = 100_000
OLD_SAVE_HEADS = (b"!VCSK", b"begin_save")


# ------------------------------------------------------------------ zip, safely
def read_entry(path: str | Path, name: str) -> bytes:
    """One entry of a zip, read up to :data:`MAX_ENTRY_BYTES` decompressed (zip bombs stop there),
    from an archive of at most :data:`MAX_ENTRIES` entries; unreadable archives are refused."""
    p = Path(path)
    with open_archive(p) as zf:
        info = next((i for i in zf.infolist() if i.filename == name), None)
        if info is None:
            raise InputError(f"the archive has no {name!r} entry", file=p)
        return read_info(zf, info, p)


def open_archive(p: Path) -> zipfile.ZipFile:
    """The zip at ``p``, opened, with at most :data:`MAX_ENTRIES` entries; anything else that is
    not a readable zip is an InputError."""
    try:
        zf = zipfile.ZipFile(p)
    except FileNotFoundError:
        raise InputError("no such file", file=p) from None
    except IsADirectoryError:
        raise InputError("expected a VASSAL file, found a folder", file=p) from None
    except NotImplementedError as exc:  # the directory names a zip version or feature zipfile lacks
        raise InputError(
            f"a zip archive railhead cannot read ({exc}): damaged, or made by another tool", file=p
        ) from None
    except (zipfile.BadZipFile, OSError, ValueError):  # ValueError: a damaged entry name (not UTF-8)
        if _old_save(p):
            raise InputError(
                "an old VASSAL save, written before saves were zip archives; VASSAL 3 does not "
                "read it either: load it in the VASSAL 2 that wrote it and save it again",
                file=p,
            ) from None
        raise InputError("not a zip archive (expected a VASSAL .vsav, .vlog or .vmod)", file=p) from None
    n = len(zf.infolist())
    if n > MAX_ENTRIES:
        zf.close()
        raise InputError(f"the archive holds {n} entries, more than {MAX_ENTRIES}", file=p)
    return zf


def read_info(zf: zipfile.ZipFile, info: zipfile.ZipInfo, p: Path) -> bytes:
    """The bytes of one entry of an archive :func:`open_archive` opened, read up to
    :data:`MAX_ENTRY_BYTES` decompressed, whatever its header claims."""
    name = info.filename
    if info.file_size > MAX_ENTRY_BYTES:
        raise InputError(
            f"{name} would unpack to {info.file_size:,} bytes, more than the {MAX_ENTRY_BYTES:,} "
            "railhead reads (a zip bomb?)",
            file=p,
        )
    try:
        with zf.open(info) as fh:
            data = fh.read(MAX_ENTRY_BYTES + 1)
    except (
        zipfile.BadZipFile,
        zlib.error,
        OSError,
        EOFError,
        RuntimeError,
        NotImplementedError,
        ValueError,
    ) as exc:  # ValueError: the local header's name damaged (not UTF-8)
        raise InputError(
            f"{name} cannot be read: its compressed data is damaged ({type(exc).__name__})", file=p
        ) from None
    if len(data) > MAX_ENTRY_BYTES:
        raise InputError(
            f"{name} unpacks to more than the {MAX_ENTRY_BYTES:,} bytes railhead reads, more "
            "than its header says (a zip bomb?)",
            file=p,
        )
    return data


def _old_save(p: Path) -> bool:
    try:
        with p.open("rb") as fh:
            return fh.read(16).lstrip().startswith(OLD_SAVE_HEADS)
    except OSError:
        return False


# ------------------------------------------------------------------ obfuscation
def deobfuscate(raw: bytes, file: str | Path | None = None) -> str:
    """The command text of a ``savedGame`` entry (``!VCSK`` hex XOR, ``VOBS`` binary XOR, XZ, or
    plain text)."""
    if raw.startswith(b"!VCSK"):
        body = raw[5:].strip()
        if len(body) < 2 or len(body) % 2:
            raise InputError("the obfuscated save is truncated (odd number of hex digits)", file=file)
        try:
            data = bytes.fromhex(body.decode("ascii"))
        except (UnicodeDecodeError, ValueError):
            raise InputError(
                "the obfuscated save holds characters that are not hex digits", file=file
            ) from None
        key, payload = data[0], data[1:]
        return _utf8(payload.translate(_xor_table(key)), file)
    if raw.startswith(b"VOBS") and len(raw) >= 5:
        key = raw[4]
        return _utf8(raw[5:].translate(_xor_table(key)), file)
    if raw.startswith(b"\xfd7zXZ\x00"):
        try:
            with lzma.open(io.BytesIO(raw)) as fh:
                data = fh.read(MAX_ENTRY_BYTES + 1)
        except (lzma.LZMAError, EOFError):
            raise InputError("the compressed save is damaged", file=file) from None
        if len(data) > MAX_ENTRY_BYTES:
            raise InputError("the compressed save unpacks to more than allowed", file=file)
        return _utf8(data, file)
    return _utf8(raw, file)


def _xor_table(key: int) -> bytes:
    return bytes(b ^ key for b in range(256))


def _utf8(data: bytes, file) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"the save is not UTF-8 text at byte {exc.start} (wrong obfuscation key?)", file=file
        ) from None


def obfuscate(text: str, key: int = 0x2A) -> bytes:
    """VASSAL's ObfuscatingOutputStream: ``!VCSK`` + key + each byte XOR key, as hex."""
    data = text.encode("utf-8")
    return b"!VCSK" + f"{key:02x}".encode() + data.translate(_xor_table(key)).hex().encode()


@collector_paused
def read_game(path: str | Path, *, lone_pieces_stack: bool = True) -> Game:
    """Every piece of a .vsav or .vlog (after replaying a log's entries in order); what was
    skipped is in :attr:`.replay.Game.notes` and :attr:`.replay.Game.skipped`.
    ``lone_pieces_stack=False`` replays moves as VASSAL before 3.6.0 did (see :mod:`.replay`)."""
    text = deobfuscate(read_entry(path, "savedGame"), file=path)
    _whole(text, path)
    game = Game(lone_pieces_stack=lone_pieces_stack)
    try:
        for k, cmd in enumerate(commands(text), start=1):
            where = f"command {k}"
            if cmd.startswith("LOG\t"):
                for inner in commands(cmd[4:], where):
                    game.apply(inner, where + " (log)")
            else:
                game.apply(cmd, where)
    except InputError as exc:
        raise InputError(exc.message, file=path) from None
    return game


def _whole(text: str, path: str | Path) -> None:
    """Refuse a command stream cut short: VASSAL writes a saved game as ``begin_save`` ... ``end_save``
    (its log entries follow), so a stream that opens with ``begin_save`` and never closes it lost its
    end; reading what is left would give a table with pieces missing and a half-read last piece."""
    top = split(text, ESC)
    if top and top[0] == "begin_save" and "end_save" not in top:
        raise InputError(
            f"the savedGame stream is cut short: it opens with begin_save but has no end_save "
            f"(after {len(top) - 1} commands); the file was truncated, save the game again in VASSAL",
            file=path,
        )


# ------------------------------------------------------------------ writing (for tests and tools)
def piece_command(pid: str, name: str, map_: str, x: int, y: int, image: str = "") -> str:
    """An AddPiece for a plain counter (BasicPiece only)."""
    type_ = join(["piece", "", "", image, name], ";")
    state = join([map_, str(x), str(y), "", "0"], ";")
    return join(["+", pid, type_, state], "/")


def move_command(pid: str, map_: str, x: int, y: int, old: tuple[str, int, int]) -> str:
    return join(
        ["M", pid, map_, str(x), str(y), "null", old[0], str(old[1]), str(old[2]), "null", "null"], "/"
    )


def write_save(
    path: str | Path, command_list: list[str], log: list[str] | None = None, key: int = 0x2A
) -> None:
    """A .vsav (or .vlog with ``log`` entries) from commands, obfuscated like VASSAL writes it."""
    cmds = ["begin_save", *command_list, "end_save"]
    cmds += ["LOG\t" + c for c in (log or [])]  # BasicLogger.encode: LOG TAB the command, as it is
    text = join(cmds, ESC)
    with atomic_output(path, "wb") as fh, zipfile.ZipFile(fh, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("savedGame", obfuscate(text, key))
        zf.writestr(
            "savedata",
            '<?xml version="1.0" encoding="UTF-8"?>\n<data version="1"><version>3.6.0</version></data>\n',
        )

"""VASSAL saved games and logs (``.vsav``, ``.vlog``): reading them safely, and writing them.

Format (``shared/docs/vassal-and-landscape.md`` §1.8): a zip whose ``savedGame`` entry is the
command stream, obfuscated as ``!VCSK`` + a 2-hex-digit key + every UTF-8 byte XOR key as two hex
digits (or plain text when the header is absent). Commands are joined by ESC with VASSAL's
``SequenceEncoder`` escaping, nested; piece commands are ``+/id/type/state`` (add), ``-/id``
(remove), ``D/id/new[/old]`` (change), ``M/id/map/x/y/under/oldmap/oldx/oldy/oldunder/player``
(move); a log appends ``LOG\\t<command>`` entries. Every file is treated as hostile: the zip's sizes
and compression ratios are bounded before anything is read, and every malformed byte becomes an
:class:`~railhead.errors.InputError`, never a traceback.
"""

from __future__ import annotations

import io
import lzma
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from ...errors import InputError
from ...files import atomic_output

ESC = "\x1b"
MAX_ENTRY_BYTES = 256 * 1024 * 1024
MAX_RATIO = 200  # uncompressed / compressed, per entry
MAX_ENTRIES = 10_000


# ------------------------------------------------------------------ zip, safely
def read_entry(path: str | Path, name: str) -> bytes:
    """One entry of a zip, refusing zip bombs (size, ratio, entry count) and unreadable archives."""
    p = Path(path)
    try:
        zf = zipfile.ZipFile(p)
    except FileNotFoundError:
        raise InputError("no such file", file=p) from None
    except (zipfile.BadZipFile, OSError):
        raise InputError("not a zip archive (expected a VASSAL .vsav, .vlog or .vmod)", file=p) from None
    with zf:
        infos = zf.infolist()
        if len(infos) > MAX_ENTRIES:
            raise InputError(f"the archive holds {len(infos)} entries, more than {MAX_ENTRIES}", file=p)
        info = next((i for i in infos if i.filename == name), None)
        if info is None:
            raise InputError(f"the archive has no {name!r} entry", file=p)
        if info.file_size > MAX_ENTRY_BYTES:
            raise InputError(f"{name} would unpack to {info.file_size} bytes, more than allowed", file=p)
        if info.compress_size and info.file_size / info.compress_size > MAX_RATIO:
            raise InputError(
                f"{name} is compressed {info.file_size // info.compress_size}:1 (a zip bomb?)", file=p
            )
        try:
            with zf.open(info) as fh:
                data = fh.read(MAX_ENTRY_BYTES + 1)
        except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, NotImplementedError) as exc:
            raise InputError(f"{name} cannot be read ({type(exc).__name__})", file=p) from None
        if len(data) > MAX_ENTRY_BYTES:
            raise InputError(f"{name} is larger than its header says", file=p)
        return data


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
        return _utf8(bytes(b ^ key for b in payload), file)
    if raw.startswith(b"VOBS") and len(raw) >= 5:
        key = raw[4]
        return _utf8(bytes(b ^ key for b in raw[5:]), file)
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
    return b"!VCSK" + f"{key:02x}".encode() + bytes(b ^ key for b in data).hex().encode()


# ------------------------------------------------------------------ SequenceEncoder
def split(text: str, delim: str) -> list[str]:
    """SequenceEncoder.Decoder: split on delimiters not preceded by a backslash (dropping that
    backslash) and strip one pair of surrounding quotes."""
    out, cur, i = [], [], 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] == delim:
            cur.append(delim)
            i += 2
            continue
        if ch == delim:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    out.append("".join(cur))
    return [t[1:-1] if len(t) >= 2 and t[0] == "'" and t[-1] == "'" else t for t in out]


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


def commands(text: str) -> Iterator[str]:
    """Leaf commands of a command tree, in order (recursive ESC decoding)."""
    tokens = split(text, ESC)
    if len(tokens) == 1:
        if tokens[0]:
            yield tokens[0]
        return
    for t in tokens:
        yield from commands(t)


# ------------------------------------------------------------------ pieces
@dataclass(frozen=True)
class Piece:
    id: str
    name: str
    map: str | None
    x: int
    y: int
    type: str = field(default="", repr=False)
    state: str = field(default="", repr=False)

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "map": self.map, "x": self.x, "y": self.y}


def _basic(type_: str, state: str, where: str) -> tuple[str, str | None, int, int]:
    """(name, map, x, y) from a piece's type and state: the BasicPiece is the innermost trait of
    the nested trait lists (:func:`.pieces.unnest`)."""
    from .pieces import unnest  # pieces builds on this module's SequenceEncoder

    btype = unnest(type_, where)[-1]
    bstate = unnest(state, where)[-1]
    tparts = split(btype, ";")
    if not tparts or tparts[0] != "piece":
        raise InputError(f"{where}: the innermost trait is {tparts[0]!r}, not a BasicPiece")
    name = tparts[4] if len(tparts) > 4 else ""
    sparts = split(bstate, ";")
    if len(sparts) < 3:
        raise InputError(f"{where}: the piece state has no map and position")
    try:
        x, y = int(sparts[1]), int(sparts[2])
    except ValueError:
        raise InputError(
            f"{where}: the piece position {sparts[1]!r},{sparts[2]!r} is not a pair of whole numbers"
        ) from None
    return name, (None if sparts[0] in ("null", "") else sparts[0]), x, y


@dataclass
class Game:
    """Pieces on the table after the save's commands; ``moves`` lists each log step applied."""

    pieces: dict[str, Piece] = field(default_factory=dict)
    boards: dict[str, list[tuple[str, int, int]]] = field(default_factory=dict)
    moves: list[dict] = field(default_factory=list)

    def apply(self, cmd: str, where: str) -> None:
        if cmd.startswith("+/"):
            parts = split(cmd, "/")
            if len(parts) < 4:
                raise InputError(f"{where}: AddPiece needs +/id/type/state")
            pid, type_, state = parts[1], parts[2], "/".join(parts[3:])
            if type_.startswith("stack"):  # stacks only group pieces that carry their own place
                return
            name, map_, x, y = _basic(type_, state, where)
            self.pieces[pid] = Piece(pid, name, map_, x, y, type_, state)
        elif cmd.startswith("-/"):
            pid = split(cmd, "/")[1] if len(split(cmd, "/")) > 1 else ""
            self.pieces.pop(pid, None)
        elif cmd.startswith("D/"):
            parts = split(cmd, "/")
            if len(parts) < 3:
                raise InputError(f"{where}: ChangePiece needs D/id/state")
            p = self.pieces.get(parts[1])
            if p is not None:
                name, map_, x, y = _basic(p.type, parts[2], where)
                self.pieces[p.id] = replace(p, map=map_, x=x, y=y, state=parts[2])
        elif cmd.startswith("M/"):
            parts = split(cmd, "/")
            if len(parts) < 5:
                raise InputError(f"{where}: MovePiece needs M/id/map/x/y/...")
            pid = parts[1]
            try:
                x, y = int(parts[3]), int(parts[4])
            except ValueError:
                raise InputError(f"{where}: MovePiece position is not whole numbers") from None
            p = self.pieces.get(pid)
            frm = None if p is None else (p.map, p.x, p.y)
            new_map = None if parts[2] == "null" else parts[2]
            if p is not None:
                self.pieces[pid] = replace(p, map=new_map, x=x, y=y)
            self.moves.append({"id": pid, "name": p.name if p else None, "from": frm, "to": (new_map, x, y)})
        elif "BoardPicker\t" in cmd:
            head, *rest = split(cmd, "\t")
            boards = []
            for k in range(0, len(rest) - 2, 3):
                try:
                    boards.append((rest[k], int(rest[k + 1]), int(rest[k + 2])))
                except ValueError:
                    raise InputError(f"{where}: board slot of {rest[k]!r} is not numbers") from None
            self.boards[head[: -len("BoardPicker")]] = boards


def read_game(path: str | Path) -> Game:
    """Every piece of a .vsav or .vlog (after replaying a log's entries in order)."""
    text = deobfuscate(read_entry(path, "savedGame"), file=path)
    game = Game()
    for k, cmd in enumerate(commands(text)):
        where = f"{Path(path).name}: command {k + 1}"
        if cmd.startswith("LOG\t"):
            for inner in commands(cmd[4:]):
                game.apply(inner, where + " (log)")
        elif not cmd.startswith(("UNDO\t", "begin_save", "end_save")):
            game.apply(cmd, where)
    return game


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
    cmds += [join(["LOG", c], "\t") for c in (log or [])]
    text = join(cmds, ESC)
    with atomic_output(path, "wb") as fh, zipfile.ZipFile(fh, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("savedGame", obfuscate(text, key))
        zf.writestr(
            "savedata",
            '<?xml version="1.0" encoding="UTF-8"?>\n<data version="1"><version>3.6.0</version></data>\n',
        )

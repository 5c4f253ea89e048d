"""The board images of a module, as bytes with their media type, for pages that show the boards.

Maps are named as :func:`.modules.read_module` names them (``mapName``, else ``Map<k>``). Only
PNG, JPEG, GIF and SVG images are returned (by their first bytes, not their file names); a board
without one, or whose image is larger than :data:`MAX_IMAGE_BYTES`, is left out.
"""

from __future__ import annotations

from pathlib import Path

from ...errors import InputError
from .modules import BOARD, B, _build_root
from .saves import read_entry

MAX_IMAGE_BYTES = 64 * 1024 * 1024
_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
)


def media_type(data: bytes) -> str | None:
    """The media type of an image by its first bytes; None for anything else."""
    for magic, mime in _MAGIC:
        if data.startswith(magic):
            return mime
    head = data[:512].lstrip().lower()
    if head.startswith(b"<svg") or (head.startswith(b"<?xml") and b"<svg" in data[:4096].lower()):
        return "image/svg+xml"
    return None


def board_images(module: str | Path) -> dict[tuple[str, str], tuple[str, bytes]]:
    """(map name, board name) -> (media type, image bytes) for every board with a usable image."""
    p = Path(module)
    root = _build_root(p)
    out: dict[tuple[str, str], tuple[str, bytes]] = {}
    for k, mp in enumerate(el for el in root.iter() if el.tag.endswith(".Map") and el.tag.startswith(B)):
        name = mp.attrib.get("mapName") or f"Map{k}"
        for board in mp.iter(BOARD):
            image = board.attrib.get("image", "")
            if not image:
                continue
            try:
                data = read_entry(p, f"images/{image}")
            except InputError:
                continue  # a board whose image is missing is drawn as an empty frame
            mime = media_type(data)
            if mime is not None and len(data) <= MAX_IMAGE_BYTES:
                out[(name, board.attrib.get("name", ""))] = (mime, data)
    return out

"""The `railhead move` case of test_cli.py on a bad map, shared with tests/serve/test_verdicts.py:
`railhead serve` on that map refuses at start with the message the command prints."""

from __future__ import annotations

from typing import Any


def unknown_border(map_doc: dict[str, Any]) -> dict[str, Any]:
    """The map document with a border to an area the map lacks (contracts §2.1)."""
    map_doc["borders"].append({"areas": ["paris", "atlantis"], "kind": "land"})
    return map_doc


BAD_MAP_MOVE = ("FR-1C", "paris")

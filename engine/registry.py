"""The one registry of rulesets: which engine class, player aids and map overlays each ruleset id has.

The engine, ``railhead check``, ``railhead charts`` and the map pictures all find a ruleset here. An
entry names its parts by import path (``"package.module:NAME"``), so the engine never imports the
exporters it names. Rulesets outside this package join by :func:`register`, or by a Python entry
point in the group ``railhead.rulesets`` whose value is a :class:`RulesetEntry` or a ruleset class.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from ..errors import InputError


@dataclass(frozen=True)
class RulesetEntry:
    id: str
    engine: str  # "module:ATTRIBUTE" of the Ruleset subclass
    aids: str | None = None  # module that builds the ruleset's player aids (tables(), assemble())


_BUILTIN = (
    RulesetEntry(
        "der-weltkrieg",
        "railhead.engine.rulesets.der_weltkrieg.hooks:RULESET",
        aids="railhead.exporters.charts.der_weltkrieg",
    ),
    RulesetEntry(
        "grd-great-war",
        "railhead.engine.rulesets.grd_great_war.hooks:RULESET",
        aids="railhead.exporters.charts.grd_great_war",
    ),
    RulesetEntry(
        "great-war-area",
        "railhead.engine.rulesets.great_war_area.hooks:RULESET",
        aids="railhead.exporters.charts.great_war_area",
    ),
    RulesetEntry(
        "death-of-empires",
        "railhead.engine.rulesets.death_of_empires.hooks:RULESET",
        aids="railhead.exporters.charts.death_of_empires",
    ),
    RulesetEntry(
        "gmt-great-war",
        "railhead.engine.rulesets.gmt_great_war.hooks:RULESET",
        aids="railhead.exporters.charts.gmt_great_war",
    ),
)
_ENTRIES: dict[str, RulesetEntry] = {e.id: e for e in _BUILTIN}
ENTRY_POINT_GROUP = "railhead.rulesets"  # a distribution's ruleset registers under this group
_PLUGINS_LOADED = False


def register(entry: RulesetEntry) -> None:
    """Add (or replace) a ruleset."""
    _ENTRIES[entry.id] = entry
    get_ruleset.cache_clear()


def unregister(ruleset_id: str) -> None:
    if ruleset_id in _ENTRIES and all(e.id != ruleset_id for e in _BUILTIN):
        del _ENTRIES[ruleset_id]
        get_ruleset.cache_clear()


def _load_plugins() -> None:
    global _PLUGINS_LOADED
    if _PLUGINS_LOADED:
        return
    _PLUGINS_LOADED = True
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        value = ep.value if ":" in ep.value else f"{ep.value}:RULESET"
        _ENTRIES.setdefault(ep.name, RulesetEntry(ep.name, value))


def entries() -> dict[str, RulesetEntry]:
    _load_plugins()
    return dict(_ENTRIES)


def entry(ruleset_id: str) -> RulesetEntry:
    known = entries()
    if ruleset_id not in known:
        raise InputError(f"unknown ruleset {ruleset_id!r} (rulesets: {', '.join(sorted(known))})")
    return known[ruleset_id]


def load(path: str):
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr or "RULESET")


@cache
def get_ruleset(ruleset_id: str) -> Any:
    """The ruleset with this id; InputError naming the known ones otherwise."""
    return load(entry(ruleset_id).engine)()

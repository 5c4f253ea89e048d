"""Rulesets: a data file of values with their rule references, plus a class of hooks for the rules
that have to be code.

Each ruleset lives in ``engine/rulesets/<package>/``: ``data.toml`` (terrain chart, unit classes,
capacities, ranges — every value with the rule number it comes from) and ``hooks.py`` defining a
:class:`Ruleset` subclass named ``RULESET``. :func:`get_ruleset` finds a ruleset by its id.
"""

from __future__ import annotations

import importlib
import tomllib
from abc import ABC, abstractmethod
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import InputError

RULESETS = {
    "der-weltkrieg": "der_weltkrieg",
}

PROHIBITED = "prohibited"


def fraction(value: Any) -> Fraction:
    """A data value as an exact fraction ("1/10", 3, "3/2")."""
    return Fraction(value) if not isinstance(value, float) else Fraction(value).limit_denominator()


class RulesetData:
    """The parsed ``data.toml`` with lookups that keep the rule reference next to each value."""

    def __init__(self, raw: dict[str, Any], path: Path):
        self.raw = raw
        self.path = path

    def __getitem__(self, key: str) -> Any:
        return self.raw[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.raw.get(key, default)

    def value(self, section: str, key: str) -> tuple[Any, str]:
        """(value, rule) of ``section.key`` where entries are ``{value, rule}`` tables."""
        entry = self.raw[section][key]
        if isinstance(entry, dict):
            return entry["value"], entry.get("rule", self.raw[section].get("rule", ""))
        return entry, self.raw[section].get("rule", "")

    def terrain_names(self) -> list[str]:
        return list(self.raw.get("terrain", {}))


class Ruleset(ABC):
    """Base class of every ruleset's hooks. Subclasses set ``package`` and define the questions."""

    package: str = ""

    def __init__(self) -> None:
        path = Path(__file__).parent / "rulesets" / self.package / "data.toml"
        with path.open("rb") as fh:
            self.data = RulesetData(tomllib.load(fh), path)
        self.id: str = self.data["id"]
        self.name: str = self.data["name"]
        self.sides: list[str] = list(self.data["sides"])

    def other_side(self, side: str) -> str:
        others = [s for s in self.sides if s != side]
        if len(others) != 1:
            raise InputError(f"unknown side {side!r} (sides: {', '.join(self.sides)})")
        return others[0]

    def check_side(self, side: str) -> str:
        if side not in self.sides:
            raise InputError(f"unknown side {side!r} for {self.id} (sides: {', '.join(self.sides)})")
        return side

    # The questions every ruleset answers (see engine/queries.py); each ruleset's hooks define them.
    @abstractmethod
    def position_problems(self, board) -> list[tuple[str, str]]:
        """(JSON path, message) for each way the position contradicts the map or the rules."""

    @abstractmethod
    def judge_move(self, board, unit_ids: list[str], path: list[str], mode: str, detrain: str | None):
        """Verdict on moving these units along ``path`` (legal, MP, steps, the deciding rule)."""

    @abstractmethod
    def reach(self, board, unit, mode: str):
        """Every hex ``unit`` can reach this phase, with costs and paths."""

    @abstractmethod
    def movement_allowance(self, unit, mode: str):
        """The unit's movement allowance in ``mode``."""

    @abstractmethod
    def supply_report(self, board, side: str) -> dict[str, Any]:
        """Supply status of every unit of ``side``."""

    @abstractmethod
    def rail_report(self, board, side: str) -> dict[str, Any]:
        """Rail or strategic capacity of ``side``: capacity, spent, and what spent it."""

    def unit_class(self, cls: str) -> dict[str, Any]:
        classes = self.data.get("classes", {})
        if cls not in classes:
            raise InputError(f"unknown unit class {cls!r} for {self.id} (classes: {', '.join(classes)})")
        return classes[cls]


@cache
def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; InputError naming the known ones otherwise."""
    package = RULESETS.get(ruleset_id)
    if package is None:
        raise InputError(f"unknown ruleset {ruleset_id!r} (rulesets: {', '.join(sorted(RULESETS))})")
    module = importlib.import_module(f"{__package__}.rulesets.{package}.hooks")
    return module.RULESET()

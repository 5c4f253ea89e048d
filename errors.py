"""Errors every layer raises for bad input; the CLI turns them into a message and exit status 2."""

from __future__ import annotations

from pathlib import Path


class RailheadError(Exception):
    """Base of the errors a user can fix: bad files, bad arguments. Exit status 2."""

    exit_code = 2


class InputError(RailheadError):
    """Bad input, located: which file, where in it, and what was expected there.

    ``where`` is a JSON path (``$.hexes[3].id``), a TOML key, a zip entry or a line number, whatever
    lets the user find the place.
    """

    def __init__(self, message: str, *, file: str | Path | None = None, where: str | None = None):
        self.message = message
        self.file = None if file is None else str(file)
        self.where = where
        super().__init__(str(self))

    def __str__(self) -> str:
        prefix = ""
        if self.file:
            prefix += f"{self.file}: "
        if self.where:
            prefix += f"{self.where}: "
        return prefix + self.message


class UnitFieldMissing(InputError):
    """A unit lacks a field its ruleset needs to judge it (a movement allowance, say). ``column``
    names the position's (and a roster's) unit field that would give it, so a caller that built
    the unit from another file (a roster) can point at the row to fill."""

    def __init__(self, unit: str, what: str, column: str):
        self.unit, self.what, self.column = unit, what, column
        super().__init__(f"unit {unit} has no {what} (its {column!r} field)")


class InputErrors(InputError):
    """Several problems found in one file; the first few are listed."""

    shown = 20

    def __init__(self, problems: list[InputError], *, file: str | Path | None = None):
        self.problems = problems
        lines = [f"{p.where}: {p.message}" if p.where else p.message for p in problems[: self.shown]]
        more = len(problems) - self.shown
        if more > 0:
            lines.append(f"... and {more} more problems")
        message = f"{len(problems)} problem(s):\n  " + "\n  ".join(lines)
        super().__init__(message, file=file)

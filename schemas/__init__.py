"""JSON Schemas of railhead's file formats, and the one function every reader validates through.

One schema per format sits beside this module (``mapdata``, ``state``, ``legend``, ``overrides``,
``labels``, ``chart-values``, ``roster``), so other tools can validate our files too. A reader calls
:func:`check` on the decoded document before it builds anything: shape, types, ranges and sizes are
the schema's; what a schema cannot say (ids that must exist on the map, adjacency, what a ruleset
declares) stays in the reader's code. Each problem is reported with the file, the place in it (a
JSON path ``$.hexes[3].id`` for JSON files, a dotted key ``terrain[2].color`` for TOML, a line for
CSV) and what was expected there, taken from the schema's ``description``.

Two validators read the same schemas (JSON Schema draft 7): ``fastjsonschema`` compiles each schema
to Python and accepts a good file quickly (0.28 s for a map of 30,000 hexes and 89,301 hexsides, where
``jsonschema`` takes seconds); when it refuses one, ``jsonschema`` lists every problem with its path.
Should they ever disagree, the refusal stands, in fastjsonschema's words (:func:`validators_agree`
lets a test check that they do not).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import fastjsonschema

from ..errors import InputError, InputErrors

FOLDER = Path(__file__).parent
NAMES = ("mapdata", "state", "legend", "overrides", "labels", "chart-values", "roster")
_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")  # a TOML bare key

if TYPE_CHECKING:  # jsonschema is imported when a document is refused (its import is most of a check's start)
    from jsonschema import Draft7Validator
    from jsonschema.exceptions import ValidationError

Where = Callable[[Sequence[str | int]], str]
"""How a reader names a place in its file, from the path of keys and indices to it."""


def schema_path(name: str) -> Path:
    """The file of the schema of format ``name`` (one of :data:`NAMES`)."""
    return FOLDER / f"{name}.schema.json"


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema of format ``name``."""
    return json.loads(schema_path(name).read_text(encoding="utf-8"))


@cache
def _validator(name: str) -> Draft7Validator:
    from jsonschema import Draft7Validator

    return Draft7Validator(schema(name))


# fastjsonschema names each array item it descends into with ``"...[{i}]".format(**locals())``:
# building the dict of every local per item is most of its time on a map of 100,000 hexsides
_NAMED = re.compile(r'"((?:[^"\\{}]|\\.|\{[A-Za-z_][A-Za-z0-9_]*\})*)"\.format\(\*\*locals\(\)\)')


@cache
def _fast(name: str) -> Callable[[Any], Any]:
    """fastjsonschema's validator of format ``name``, its item names built as f-strings (the same
    text from the same local names, without a dict of all locals per item): 2.4x faster on large
    maps. Should the generated code ever differ, the library's own validator is used."""
    code = _NAMED.sub(lambda m: 'f"' + m.group(1) + '"', fastjsonschema.compile_to_code(schema(name)))
    space: dict[str, Any] = {}
    try:
        exec(compile(code, f"<schema {name}>", "exec"), space)  # noqa: S102 - the library's own code
    except SyntaxError:
        return fastjsonschema.compile(schema(name))
    return space["validate"]


def validators_agree(doc: Any, name: str) -> bool:
    """Whether both validators give ``doc`` the same verdict under the schema of format ``name``."""
    try:
        _fast(name)(doc)
        fast = True
    except fastjsonschema.JsonSchemaValueException:
        fast = False
    return fast == _validator(name).is_valid(doc)


def json_path(path: Sequence[str | int]) -> str:
    """``$.hexes[3].id``, ``$.hexes['0606']``: a place in a JSON file."""
    out = "$"
    for p in path:
        if isinstance(p, int):
            out += f"[{p}]"
        elif _KEY.match(p):
            out += f".{p}"
        else:
            out += f"[{p!r}]"
    return out


def toml_path(path: Sequence[str | int]) -> str:
    """``grid.first``, ``terrain[2].color``: a place in a TOML file (the top level: ``format``)."""
    out = ""
    for p in path:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            key = p if _BARE.match(p) else json.dumps(p)
            out += f".{key}" if out else key
    return out or "(top level)"


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _message(error: ValidationError) -> tuple[list[str | int], str]:
    """Where (as a path) and what is wrong, in the words of the schema's description."""
    path = list(error.absolute_path)
    kind, sub, value = error.validator, error.schema, error.instance
    if kind == "type" and not path and sub.get("type") == "object":
        return path, f"expected a JSON object ({sub.get('title', 'railhead file')}), found {_shown(value)}"
    if kind == "minItems":
        return path, f"expected {sub.get('description', 'more items')}, found {len(value)} item(s)"
    if kind == "required":
        missing = [k for k in error.validator_value if isinstance(value, dict) and k not in value]
        want = sub.get("properties", {}).get(missing[0], {}).get("description") if missing else None
        return [*path, *missing[:1]], f"missing {', '.join(missing)}" + (f"; expected {want}" if want else "")
    if kind == "additionalProperties" and sub.get("additionalProperties") is False:
        allowed = sorted(sub.get("properties", {}))
        extra = sorted(k for k in value if k not in allowed)
        return [*path, extra[0]], f"unknown key (expected {', '.join(allowed)})"
    if kind == "anyOf" and sub.get("required") and "required" in json.dumps(error.validator_value):
        keys = [k for s in error.validator_value for k in s.get("required", ())]
        return path, f"missing {' or '.join(keys)}"
    if kind == "dependencies":
        given = [k for k, need in error.validator_value.items() if k in value and set(need) - set(value)]
        need = error.validator_value[given[0]] if given else []
        return [*path, *given[:1]], f"give {' and '.join([*given[:1], *need])} together, or neither"
    if kind == "not" and isinstance(error.validator_value, dict) and "required" in error.validator_value:
        both = error.validator_value["required"]
        return [*path, both[0]], f"{' and '.join(both)} given together; expected {sub.get('description')}"
    if kind == "not":
        return path, f"expected {sub.get('description', 'something else')}"
    if kind == "uniqueItems":
        return path, f"expected {sub.get('description', 'each item once')}: an item is listed twice"
    if kind in ("maxItems", "maxProperties", "maxLength"):
        size = len(value)
        limit = error.validator_value
        what = {"maxItems": "items", "maxProperties": "entries", "maxLength": "characters"}[kind]
        return path, f"{size:,} {what}; railhead reads at most {limit:,} here"
    want = sub.get("description")
    if want is None and kind == "enum":
        want = "one of " + ", ".join(repr(v) for v in error.validator_value)
    if want is None and kind == "const":
        want = repr(error.validator_value)
    if want is None:
        return path, error.message
    return path, f"expected {want}, found {_shown(value)}"


def problems(
    doc: Any, name: str, file: str | Path | None = None, where: Where = json_path
) -> list[InputError]:
    """Every place where ``doc`` breaks the schema of format ``name``, in document order."""
    fname = None if file is None else str(file)
    try:
        _fast(name)(doc)
        return []
    except fastjsonschema.JsonSchemaValueException as exc:
        refused = exc
    errors = sorted(
        _validator(name).iter_errors(doc), key=lambda e: [(isinstance(p, str), p) for p in e.absolute_path]
    )
    # another kind of file (wrong format, not an object): that is the one thing to say
    first = [e for e in errors if len(e.absolute_path) == 0 and e.validator == "type"]
    first = first or [
        e
        for e in errors
        if list(e.absolute_path) == ["format"]
        or (not e.absolute_path and e.validator == "required" and "format" not in doc)
    ]
    out = []
    for error in first or errors:
        path, message = _message(error)
        out.append(InputError(message, file=fname, where=where(path)))
    if not out:  # the validators disagree: the refusal stands
        path = [int(p) if p.isdigit() else p for p in refused.path[1:]]
        out.append(InputError(refused.message, file=fname, where=where(path)))
    return out


def check(doc: Any, name: str, file: str | Path | None = None, where: Where = json_path) -> None:
    """InputError (exit 2) naming the file and each place where ``doc`` breaks the schema of
    format ``name``; nothing when it fits."""
    found = problems(doc, name, file, where)
    if len(found) == 1:
        raise found[0]
    if found:
        raise InputErrors(found, file=None if file is None else str(file))

"""The rule audits (docs/rules/RULESET.md): each lists the numbered rules of its rulebook on
movement, supply, capacity, stacking, ZOC, retreat and advance, reinforcement and the sequence of
play with a status. The counts in the head are the rows', and every "implemented" row names a test
that exists and whose source (or its module's docstring, the case its tests check) cites that rule
number."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("great_war_area", "der_weltkrieg", "gmt_great_war", "grd_great_war", "death_of_empires")
STATUSES = ("implemented", "implemented, untested", "not applicable", "not implemented")


def cites(ruleset: str, rule: str, text: str) -> bool:
    """Whether ``text`` cites ``rule`` as the ruleset's rulebook numbers it (6-7, 11B2, 3.14.A, [9])."""
    e = re.escape(rule)
    if rule.isdigit():
        pattern = rf"\[{e}\]|Rule {e}\b"
    elif ruleset == "der_weltkrieg":
        pattern = rf"(?:\bR|\[|[Rr]ule ){e}(?!\d)"  # R6-7: "8-5" alone is a strength
    elif ruleset == "grd_great_war":
        pattern = rf"(?<![\dA-Za-z]){e}(?![\dA-Za-z])"
    else:
        pattern = rf"(?<![\d.]){e}(?!\d|\.[\dA-Za-z])"
    return re.search(pattern, text) is not None


def parse(path: Path) -> tuple[dict[str, int], list[tuple[str, str, str]]]:
    counts, rows = {}, []
    for line in path.read_text().splitlines():
        m = re.fullmatch(
            r"- (implemented|implemented, untested|not applicable|not implemented|total): (\d+)", line
        )
        if m and m[1] not in counts:
            counts[m[1]] = int(m[2])
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("| ") else []
        if len(cells) == 4 and cells[2] in STATUSES:
            rows.append((cells[0], cells[2], cells[3]))
    return counts, rows


def test_every_ruleset_has_its_audit():
    assert sorted(p.stem for p in (ROOT / "docs/rules").glob("*.md")) == sorted(RULESETS)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_head_counts_are_the_rows(ruleset):
    counts, rows = parse(ROOT / "docs/rules" / f"{ruleset}.md")
    assert rows, "no rule rows"
    assert counts["total"] == len(rows)
    for status in STATUSES:
        assert counts[status] == sum(1 for _, s, _ in rows if s == status), status
    assert len({r for r, _, _ in rows}) == len(rows), "a rule listed twice"


_SOURCES: dict[Path, dict[str, str]] = {}


def _functions(path: Path) -> dict[str, str]:
    if path not in _SOURCES:
        src = path.read_text()
        tree = ast.parse(src)
        module = ast.get_docstring(tree) or ""  # a module's case, which each of its tests checks
        out = {}
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                out[node.name] = (ast.get_source_segment(src, node) or "") + "\n" + module
            elif isinstance(node, ast.ClassDef):
                for sub in node.body:
                    if isinstance(sub, ast.FunctionDef):
                        body = ast.get_source_segment(src, sub) or ""
                        out[f"{node.name}::{sub.name}"] = body + "\n" + module
        _SOURCES[path] = out
    return _SOURCES[path]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_implemented_rows_name_a_test_that_cites_the_rule(ruleset):
    _, rows = parse(ROOT / "docs/rules" / f"{ruleset}.md")
    bad = []
    for rule, status, note in rows:
        if status != "implemented":
            continue
        m = re.fullmatch(r"`(tests/[^`:]+\.py)::([^`]+)`", note)
        if m is None:
            bad.append(f"{rule}: names no test ({note})")
            continue
        path = ROOT / m[1]
        funcs = _functions(path) if path.is_file() else {}
        if m[2] not in funcs:
            bad.append(f"{rule}: {m[1]}::{m[2]} does not exist")
        elif not cites(ruleset, rule, funcs[m[2]]):
            bad.append(f"{rule}: {m[1]}::{m[2]} does not cite it")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_other_rows_say_why(ruleset):
    _, rows = parse(ROOT / "docs/rules" / f"{ruleset}.md")
    assert all(len(note) > 10 for _, status, note in rows if status != "implemented")

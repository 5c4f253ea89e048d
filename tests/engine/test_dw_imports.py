"""Imports inside the Der Weltkrieg ruleset run one way: the hooks import the rule modules, never the
other way round, and the rule modules form no circle. Read from the source (every import statement,
at the top, inside functions and under TYPE_CHECKING alike)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import railhead.engine.rulesets.der_weltkrieg as package

FOLDER = Path(package.__file__).parent
MODULES = {p.stem: p for p in FOLDER.glob("*.py") if p.stem != "__init__"}
# the combat and stacking modules split out of combat.py (issue 10); the lead's rail, supply and
# bulk modules still type the hooks under TYPE_CHECKING until their own change lands
SPLIT = {
    "advance",
    "assault",
    "column_attack",
    "combat_data",
    "crt",
    "defender_terrain",
    "demoralization",
    "die_roll",
    "flotilla",
    "fortress",
    "losses",
    "protocol",
    "recombination",
    "retreat",
    "retreat_hexes",
    "rounding",
    "solid_defence",
    "stacking",
    "strength",
    "supply_line",
    "supply_points",
    "terrain_effects",
}


def imported(path: Path) -> set[str]:
    """Modules of this folder that ``path`` imports (``from .x import``, ``from . import x``)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(a.name for a in node.names)
    return out & set(MODULES)


def graph() -> nx.DiGraph:
    g = nx.DiGraph()
    for name, path in MODULES.items():
        g.add_node(name)
        g.add_edges_from((name, other) for other in imported(path))
    return g


def test_the_split_modules_exist():
    assert set(MODULES) >= SPLIT and "combat" not in MODULES


def test_no_rule_module_imports_the_hooks():
    g = graph()
    assert [m for m in sorted(SPLIT) if g.has_edge(m, "hooks")] == []


def test_no_import_circle_among_the_rule_modules():
    g = graph()
    g.remove_node("hooks")
    assert nx.is_directed_acyclic_graph(g), nx.find_cycle(g)
    assert g.has_edge("supply", "supply_line") and g.has_edge("retreat_hexes", "supply")

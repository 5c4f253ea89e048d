"""Imports inside the engine run one way: no module of ``engine/`` imports, directly or through
others, a module that imports it back (function-level and TYPE_CHECKING imports count too)."""

from __future__ import annotations

import networkx as nx
from import_graph import import_graph


def test_the_engine_has_no_import_circle():
    cycles = list(nx.simple_cycles(import_graph()))
    assert not cycles, "import circles: " + "; ".join(" -> ".join(c) for c in cycles[:5])


def test_the_core_names_no_game():
    """Nothing outside engine/rulesets/ imports a ruleset."""
    g = import_graph()
    core = [n for n in g if ".rulesets." not in n]
    bad = [(a, b) for a in core for b in g.successors(a) if ".rulesets." in b]
    assert not bad, bad

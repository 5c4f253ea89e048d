"""Imports inside the engine run one way: no module of ``engine/`` imports, directly or through
others, a module that imports it back (function-level and TYPE_CHECKING imports count too); and
the engine sits below the exporters, the digitizing pipeline and the command line: it imports
none of them (a demo that draws and prints lives in ``demo/``, above the engine)."""

from __future__ import annotations

import networkx as nx
from import_graph import import_graph, outside_imports


def test_the_engine_has_no_import_circle():
    cycles = list(nx.simple_cycles(import_graph()))
    assert not cycles, "import circles: " + "; ".join(" -> ".join(c) for c in cycles[:5])


def test_the_core_names_no_game():
    """Nothing outside engine/rulesets/ imports a ruleset."""
    g = import_graph()
    core = [n for n in g if ".rulesets." not in n]
    bad = [(a, b) for a in core for b in g.successors(a) if ".rulesets." in b]
    assert not bad, bad


ABOVE_THE_ENGINE = (
    "railhead.exporters",
    "railhead.pipeline",
    "railhead.cli",
    "railhead.demo",
    "railhead.positions",
    "railhead.serve",
)


def above_the_engine(imports: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(engine module, module above the engine it imports), for each such import."""
    return sorted(
        (name, t)
        for name, targets in imports.items()
        for t in targets
        if any(t == top or t.startswith(top + ".") for top in ABOVE_THE_ENGINE)
    )


def test_the_engine_imports_nothing_above_it():
    bad = above_the_engine(outside_imports())
    assert not bad, "engine modules importing exporters/pipeline/cli/demo: " + "; ".join(
        f"{a} -> {b}" for a, b in bad[:10]
    )


def test_the_rule_sees_an_import_from_above():
    """The check above fails on each kind of import it forbids (relative, absolute, in a function)."""
    import ast

    from import_graph import _imports

    code = (
        "from ....exporters.charts import aids\n"
        "def f():\n    from railhead.pipeline import digitize\n"
        "import railhead.cli\n"
        "from ...board import Board\n"
    )
    assert ast.parse(code)
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "demo.py"
        path.write_text(code)
        found = _imports(path, "railhead.engine.rulesets.game.demo")
    bad = above_the_engine(
        {"railhead.engine.rulesets.game.demo": {t for t in found if not t.startswith("railhead.engine")}}
    )
    assert {b for _, b in bad} >= {"railhead.exporters.charts", "railhead.pipeline", "railhead.cli"}

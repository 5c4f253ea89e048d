"""Imports inside the Der Weltkrieg ruleset run one way: the hooks import the rule modules, never
the other way round (read from the source; the whole engine's import graph is checked for circles in
``core/test_imports.py``)."""

from __future__ import annotations

from import_graph import import_graph

PACKAGE = "railhead.engine.rulesets.der_weltkrieg"
# the combat and stacking modules split out of combat.py (issue 10)
SPLIT = {
    "advance", "assault", "column_attack", "combat_data", "crt", "defender_terrain", "demoralization",
    "die_roll", "flotilla", "fortress", "losses", "protocol", "recombination", "retreat", "retreat_hexes",
    "rounding", "solid_defence", "stacking", "strength", "supply_line", "supply_points", "terrain_effects",
}  # fmt: skip


def test_each_rule_module_imports_first_and_alone():
    """Any rule module may be the first a caller imports (a circle through the package would break
    it then and only then): each is imported with the ruleset's other modules forgotten, and gives
    its functions."""
    import importlib
    import inspect
    import sys

    kept = {k: v for k, v in sys.modules.items() if k == PACKAGE or k.startswith(PACKAGE + ".")}
    try:
        for name in sorted(SPLIT):
            for k in [k for k in sys.modules if k == PACKAGE or k.startswith(PACKAGE + ".")]:
                del sys.modules[k]
            module = importlib.import_module(f"{PACKAGE}.{name}")
            own = [
                f
                for _, f in inspect.getmembers(module, inspect.isfunction)
                if f.__module__ == module.__name__
            ]
            assert own or inspect.getmembers(module, inspect.isclass), name
    finally:
        for k in [k for k in sys.modules if k == PACKAGE or k.startswith(PACKAGE + ".")]:
            del sys.modules[k]
        sys.modules.update(kept)
    modules = {n.rsplit(".", 1)[1] for n in import_graph() if n.startswith(PACKAGE + ".")}
    assert "combat" not in modules  # split up (issue 10): no module of everything again


def test_no_rule_module_imports_the_hooks():
    g = import_graph()
    hooks = f"{PACKAGE}.hooks"
    assert sorted(a for a in g.predecessors(hooks)) == []


def test_the_hooks_use_the_rule_modules():
    g = import_graph()
    assert g.has_edge(f"{PACKAGE}.supply", f"{PACKAGE}.supply_line")
    assert g.has_edge(f"{PACKAGE}.retreat_hexes", f"{PACKAGE}.supply")

"""The `railhead move` case of test_cli.py with its chart values, shared with
tests/serve/test_verdicts.py, which starts a referee with the same values."""

CHART = """[supply_lines.clear]
overland = 3
road = 3
[zoc_costs.standard]
reduced_cost = 1
other = 2
[rail_rates.operational]
hexes_per_mp = 8
"""

RAIL_MOVE = ("FR-ART", "GW2:0704", "GW2:0604", "--mode", "rail")  # 7A4: artillery costs double

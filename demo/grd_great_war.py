"""The GR/D Great War step of ``railhead demo``: the two-sheet sample, a move priced from the values
the booklet prints, a strategic rail move charged to the net, this turn's capacity actions in the
rail report, and the chart-values template for every cell the booklet leaves blank."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ..engine.board import Board
from ..engine.queries import judge
from ..engine.registry import get_ruleset
from ..engine.rulesets.grd_great_war.sample import SAMPLE_VALUES, sample_map, sample_state
from ..engine.state import parse_state
from ..errors import InputError

ACTIONS = [
    {"action": "temporary_increase", "side": "entente", "net": "nw_europe_standard", "res_pts": 1},
    {"action": "capture", "hex": "GW2:0904", "by": "central_powers"},
]


def demo_step(out_dir: Path, wrote: Callable[[str, Path], Path], echo: Callable[[str], None]) -> None:
    from ..exporters.charts.template import write_template
    from ..files import atomic_output, write_json
    from ..mapdata.io import write_mapdata

    rs = get_ruleset("grd-great-war")
    m = sample_map()
    doc = {**sample_state(), "rail_actions": ACTIONS}
    write_mapdata(m, wrote("GR/D map data (two sheets)", out_dir / "grd-map.json"))
    write_json(wrote("GR/D position", out_dir / "grd-state.json"), doc)
    write_template(rs.id, wrote("GR/D chart values to fill in", out_dir / "grd-chart-values.toml"))
    values_file = wrote("GR/D chart values of the sample (invented)", out_dir / "grd-values.toml")
    with atomic_output(values_file) as fh:
        fh.write(SAMPLE_VALUES)
    board = Board(m, parse_state(doc, m, sides=rs.sides, declarations=rs.declarations))
    echo("\nGR/D The Great War sample (GW2 and GW3 joined by a seam):")
    v = judge(rs, board, "DE-MTN", ["GW3:0506"])
    verdict = "legal" if v.legal else "illegal"
    echo(f"  DE-MTN (mountain brigade) into mountain GW3:0506: {verdict}, {v.mp} MP (6)")
    v = judge(rs, board, "FR-RES", ["GW2:0304", "GW2:0404"], "strategic_rail")
    charge = v.extra.get("rail", {}).get("charges", {})
    echo(f"  FR-RES strategic rail GW2:0204 -> GW2:0404: {v.mp} of 200 hexes, charged {json.dumps(charge)}")
    rep = rs.rail_report(board, "entente")
    for net in rep["networks"]:
        echo(f"  {net['pool']}: capacity {net['capacity']}, now {net['standing']}, left {net['remaining']}")
        for e in net["entries"]:
            echo(f"    {e.get('kind', 'spend')} {e['amount']} RE: {e['what']} {e['unit']} ({e['rule']})")
    try:
        rs.supply_report(board, "entente")
    except InputError as exc:
        echo(f"  supply needs a chart the booklet does not print: {exc.message.split(':')[0]}")
    from ..engine.values import read_chart_values

    filled = Board(m, board.state, values=read_chart_values(values_file))
    summary = rs.supply_report(filled, "entente")["summary"]
    said = ", ".join(f"{k} {v}" for k, v in sorted(summary.items()))
    echo(f"  with the sample's chart values ({values_file.name}): supply of entente: {said}")

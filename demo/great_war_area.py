"""The Great War's part of ``railhead demo``: the sample area map end to end (map data,
GeoPackage, overview, moves, Strategic Movement paid from the NRC bank, supply, the bank, a
VASSAL module whose zones are the areas, player aids)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path


def run_area_demo(out_dir: Path, echo: Callable[[str], None], wrote: Callable[[str, Path], Path]) -> None:
    from ..engine.board import Board
    from ..engine.queries import judge, position_of, reach_report
    from ..engine.rulesets.great_war_area.sample import sample_map, sample_state_doc
    from ..engine.text import rail_text, supply_text, verdict_text
    from ..exporters.charts.aids import write_aids
    from ..exporters.engine_maps import draw_reach, draw_supply
    from ..exporters.mapview import render_overview
    from ..exporters.vassal.module import write_module
    from ..files import write_json
    from ..mapdata.gis import export_gpkg
    from ..mapdata.io import write_mapdata
    from ..mapdata.report import summary_text

    out_dir.mkdir(parents=True, exist_ok=True)
    m = sample_map()
    echo("\n--- The Great War: an area map ---")
    echo(summary_text(m))
    map_file = wrote("area map data", out_dir / "great-war-map.json")
    write_mapdata(m, map_file)
    export_gpkg(m, wrote("area GeoPackage", out_dir / "great-war-map.gpkg"))
    render_overview(m, wrote("area overview", out_dir / "great-war-overview.png"))
    state_file = wrote("area position", out_dir / "great-war-state.json")
    write_json(state_file, sample_state_doc())
    # the same position in the Reinforcement Segment, where grants are made (3.1, 5.4.2)
    write_json(
        wrote("area position, Reinforcement Segment", out_dir / "great-war-state-reinforcement.json"),
        {**sample_state_doc(), "phase": "reinforcement"},
    )
    rs, board = position_of(m, state_file)
    echo("\nFR-1A moves strategically, Paris -> Lorraine -> Artois (9.2):")
    v = judge(rs, board, "FR-1A", ["paris", "lorraine", "artois"], "strategic")
    echo(verdict_text("FR-1A", v))
    board = Board(m, rs.apply(board, v, ["FR-1A"], ["paris", "lorraine", "artois"], "strategic"))
    echo("\nFR-2A marches Lorraine -> Ruhr -> Brandenburg through the German 1st Army (9.3.5):")
    echo(verdict_text("FR-2A", judge(rs, board, "FR-2A", ["lorraine", "ruhr", "brandenburg"])))
    reach = reach_report(rs, board, "FR-1C")
    draw_reach(board, reach, wrote("area reach map", out_dir / "great-war-reach-FR-1C.png"))
    report = rs.supply_report(board, "allies")
    echo("\n" + supply_text(report))
    draw_supply(board, report, wrote("area supply map", out_dir / "great-war-supply-allies.png"))
    echo("\n" + rail_text(rs.rail_report(board, "allies")))
    write_module(m, wrote("area VASSAL module", out_dir / "great-war.vmod"))
    write_aids(rs.id, wrote("area player aids", out_dir / "great-war-aids.pdf"), paper="a4")

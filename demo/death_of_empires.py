"""The Death of Empires step of ``railhead demo``: the sample front (sample.py), a reach with facing
and mode per hex drawn, a legal and an illegal move, a rail move paying Rail Points, supply, Main
Depot status and command control, and the player aids."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path


def run(out_dir: Path, echo: Callable[[str], None], wrote: Callable[[str, Path], Path]) -> dict:
    from ..engine.queries import judge, reach_report
    from ..engine.rulesets.death_of_empires.sample import write_sample
    from ..engine.text import rail_text, supply_text, verdict_text
    from ..exporters.charts.aids import write_aids
    from ..exporters.engine_maps import draw_reach, draw_supply
    from ..positions import load_position

    files = write_sample(out_dir / "death-of-empires")
    for what, key in (("map", "map"), ("position", "state"), ("chart values", "values")):
        wrote(f"Death of Empires {what}", files[key])
    rs, board = load_position(files["map"], files["state"], None, files["values"])
    echo("\nDeath of Empires (sample front, March Segment of a 2-day impulse):")
    reach = reach_report(rs, board, "I-1", "ground")
    draw_reach(board, reach, wrote("Death of Empires reach with facing", out_dir / "doe-reach-I-1.png"))
    road = [h for h in reach["hexes"] if h.get("mode") == "road"]
    echo(f"I-1 reaches {len(reach['hexes']) - 1} hexes ({len(road)} of them only in Road Mode)")
    echo(verdict_text("I-1", judge(rs, board, "I-1", ["1211", "1311", "1411", "1511"], "ground", facing="1")))
    echo(verdict_text("I-1", judge(rs, board, "I-1", ["1211", "1311", "1411", "1511", "1512"], "ground")))
    echo(verdict_text("RES", judge(rs, board, "RES", ["0510", "0610", "0710", "0810"], "rail")))
    report = rs.supply_report(board, "central")
    echo(supply_text(report))
    for d in report["main_depots"]:
        caps = "".join(map(str, d["capabilities"]))
        echo(f"  {d['army']}: Main Depot {d['status']}, capabilities {caps}")
    for f in report["formations"]:
        echo(
            f"  PF {f['formation']}: ML {f['ml_change']} (supply {f['supply_ml']}, command {f['command_ml']})"
        )
    draw_supply(board, report, wrote("Death of Empires supply", out_dir / "doe-supply-central.png"))
    echo(rail_text(rs.rail_report(board, "central")))
    write_aids(
        rs.id,
        wrote("Death of Empires player aids", out_dir / "doe-player-aids.pdf"),
        values_file=files["values"],
    )
    return files

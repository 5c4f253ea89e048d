"""The GMT Great War step of ``railhead demo``: the sample of two fronts and the transit box
between them, a legal and an illegal move with their rules, supply, a strategic move into the
transit box and the strategic-movement ledger it leaves."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..engine.board import Board
from ..engine.queries import judge, position_of, reach_report
from ..engine.registry import get_ruleset
from ..engine.rulesets.gmt_great_war.sample import write_sample
from ..engine.text import rail_text, supply_text, verdict_text

RULESET = "gmt-great-war"


def run_gmt_demo(out_dir: Path, echo: Callable[[str], None] = print) -> list[tuple[str, Path]]:
    """Write the sample into ``out_dir/gmt-great-war`` and show the engine on it; returns what it
    wrote (what, path)."""
    from ..exporters.engine_maps import draw_supply

    rs = get_ruleset(RULESET)
    folder = out_dir / "gmt-great-war"
    map_file, state_file = write_sample(rs.data, folder)
    from ..mapdata.io import read_mapdata

    m = read_mapdata(map_file)
    rs, board = position_of(m, state_file, RULESET)
    echo(f"\nGMT Great War in Europe / Near East: {len(m.hexes):,} hexes on {len(m.sheets)} front maps")
    reach = reach_report(rs, board, "GE-1CD")
    farthest = max(reach["hexes"], key=lambda h: (h["mp"], len(h["path"]), h["id"]))
    echo(f"GE-1CD (cavalry) can reach {len(reach['hexes']) - 1} hexes; the move to the farthest:")
    echo(verdict_text("GE-1CD", judge(rs, board, "GE-1CD", farthest["path"][1:])))
    echo("GE-1ID walks into the Russian line:")
    echo(verdict_text("GE-1ID", judge(rs, board, "GE-1ID", ["E5016", "E5017", "E5018"])))
    echo(verdict_text("AH-1MD", judge(rs, board, "AH-1MD", ["E2717", "E2618"])))
    supply = rs.supply_report(board, "cp")
    echo(supply_text(supply))
    png = folder / "supply-cp.png"
    sheets = draw_supply(board, supply, png)  # one picture per front map
    path = ["E5102", "E5101", "cp_transit"]
    v = judge(rs, board, "GE-3ID", path, mode="strategic")
    echo(verdict_text("GE-3ID", v))
    after = Board(m, rs.apply(board, v, ["GE-3ID"], path, "strategic"))
    echo(rail_text(rs.rail_report(after, "cp")))
    return [
        ("GMT Great War sample map", map_file),
        ("GMT Great War position", state_file),
        *(
            ("GMT supply picture" + ("" if p == png else f", sheet {p.stem[len('supply-cp-') :]}"), p)
            for p in sheets
        ),
    ]

"""`railhead demo`: the whole job on the bundled sample, writing everything into one folder."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from ..errors import InputError
from ..files import _WRITE_ERRORS, TMP_PREFIX


def run_demo(out_dir: Path, echo: Callable[[str], None] = print) -> None:
    """Write the demo into ``out_dir`` whole or not at all: everything is made in a temporary folder
    inside it and moved into place only when all of it was written; a full disk or a folder the user
    cannot write is exit 2 (:class:`InputError`) and leaves nothing behind (a folder the demo made is
    removed again)."""
    if out_dir.exists() and not out_dir.is_dir():
        raise InputError("expected a folder for the demo outputs", file=out_dir)
    made = [p for p in (out_dir, *out_dir.parents) if not p.exists()]
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f"{TMP_PREFIX}{os.getpid()}-", suffix="-demo", dir=out_dir))
    except OSError as exc:
        _remove_made(made)
        raise InputError(f"cannot write the demo here: {exc.strerror or exc}", file=out_dir) from None

    def said(text: str) -> None:
        echo(text.replace(str(work), str(out_dir)))

    try:
        written = _build(work, out_dir, said)
        _merge(work, out_dir)
    except OSError as exc:
        shutil.rmtree(work, ignore_errors=True)
        _remove_made(made)
        if exc.errno in _WRITE_ERRORS:
            raise InputError(f"cannot write the demo here: {exc.strerror or exc}", file=out_dir) from None
        raise
    except BaseException as exc:
        shutil.rmtree(work, ignore_errors=True)
        _remove_made(made)
        if isinstance(exc, InputError) and exc.file:  # name the place the user asked for
            exc.file = exc.file.replace(str(work), str(out_dir))
        raise
    echo("")
    for what, path in written:
        echo(f"wrote {what}: {out_dir / path.relative_to(work)}")


def _remove_made(made: list[Path]) -> None:
    """Remove the folders the demo made (innermost first), if they are still empty."""
    for p in made:
        with contextlib.suppress(OSError):
            p.rmdir()


def _merge(work: Path, out_dir: Path) -> None:
    """Move everything of ``work`` into ``out_dir`` (files replace files of the same name), then
    remove ``work``."""
    for entry in sorted(work.iterdir()):
        target = out_dir / entry.name
        if entry.is_dir() and target.is_dir():
            _merge(entry, target)
        else:
            if target.is_dir():
                shutil.rmtree(target)
            os.replace(entry, target)
    work.rmdir()


def _build(out_dir: Path, final: Path, echo: Callable[[str], None]) -> list[tuple[str, Path]]:
    """Digitize a synthetic scan of the sample map and measure it against the map; write map data,
    GeoPackage and pictures; judge a legal and an illegal move; report supply and rail capacity;
    export a VASSAL module with a counter per unit; write player aids and a tiled map print."""
    from ..engine.board import Board
    from ..engine.queries import judge, position_of, reach_report
    from ..engine.rulesets.der_weltkrieg.sample import sample_state
    from ..engine.text import rail_text, supply_text, verdict_text
    from ..exporters.engine_maps import draw_rail, draw_reach, draw_supply
    from ..exporters.mapview import render_overview
    from ..files import write_json
    from ..mapdata.gis import export_gpkg
    from ..mapdata.io import write_mapdata
    from ..mapdata.report import summary_text
    from ..mapdata.sample import sample_map
    from ..pipeline.accuracy import accuracy
    from ..pipeline.digitize import digitize
    from ..pipeline.images import write_image
    from ..pipeline.review import draw_overlay, report, report_text
    from ..pipeline.synth import sample_legend, sheet_image, synthesize

    written: list[tuple[str, Path]] = []

    def wrote(what: str, path: Path) -> Path:
        written.append((what, path))
        return path

    # 1. a scan of the sample map, digitized and checked against the map it was printed from
    truth = sample_map()
    legend = sample_legend()
    (out_dir / "sample-legend.toml").write_text(legend.to_toml(), encoding="utf-8")
    scan = synthesize(truth, legend, seed=1914, level=2)
    write_image(wrote("sample scan", out_dir / "sample-scan.png"), scan.image)
    truth_file = out_dir / "sample-scan-truth.json"
    write_mapdata(scan.truth, wrote("the scan's truth (its map, as drawn on it)", truth_file))
    found = digitize(scan.image, legend, name="Sample front, 1914 (digitized)", image_name="sample-scan.png")
    quality = accuracy(found.map, scan.truth)
    draw_overlay(
        scan.image,
        found.map,
        legend,
        wrote("digitizing overlay", out_dir / "sample-overlay.png"),
        found.doubtful,
    )
    write_mapdata(found.map, wrote("digitized map", out_dir / "sample-digitized.json"))
    echo(report_text(report(found.map, found.doubtful, quality)))
    echo("")

    # 2. map data (the sample as drawn, with names and places)
    m = sample_map()
    echo(summary_text(m))
    write_mapdata(m, wrote("map data", out_dir / "sample-map.json"))
    write_image(wrote("sheet image", out_dir / m.sheets[0].image), sheet_image(m, legend))
    export_gpkg(m, wrote("GeoPackage", out_dir / "sample-map.gpkg"))
    render_overview(m, wrote("overview", out_dir / "sample-overview.png"))

    # 3. rules: a position, two moves, reach, supply, rail
    state_file = wrote("position", out_dir / "sample-state.json")
    write_json(state_file, sample_state(m))
    rs, board = position_of(m, state_file)
    mover = next(u for u in board.state.units if u.side == "central" and u.cls == "infantry")
    reach = reach_report(rs, board, mover.id)
    draw_reach(board, reach, wrote("reach map", out_dir / f"reach-{mover.id}.png"))
    farthest = max(reach["hexes"], key=lambda h: (h["mp"], len(h["path"]), h["id"]))
    echo(f"\n{mover.id} can reach {len(reach['hexes']) - 1} hexes; the move to the farthest:")
    echo(verdict_text(mover.id, judge(rs, board, mover.id, farthest["path"])))
    enemy = min(
        (u for u in board.state.units if u.side != mover.side),
        key=lambda u: m.distance(u.hex, mover.hex),
    )
    echo(f"\n{mover.id} tries to walk into {enemy.id} at {enemy.hex}:")
    path = [mover.hex, *_step_toward(m, mover.hex, enemy.hex)]
    echo(verdict_text(mover.id, judge(rs, board, mover.id, path)))
    hq = next(u for u in board.state.units if u.side == "central" and u.cls == "hq")
    line = next((ln.hexes for ln in m.lines if ln.kind == "rail" and hq.hex in ln.hexes), None)
    if line:
        k = line.index(hq.hex)
        rail_path = list(line[k : k + 4]) if len(line) - k >= 4 else list(line[max(0, k - 3) : k + 1])[::-1]
        echo(f"\n{hq.id} moves by rail:")
        verdict = judge(rs, board, hq.id, rail_path, "rail")
        echo(verdict_text(hq.id, verdict))
        if verdict.legal:
            board = Board(m, rs.apply(board, verdict, [hq.id], rail_path, "rail"))
    for side in rs.sides:
        report = rs.supply_report(board, side)
        echo("\n" + supply_text(report))
        draw_supply(board, report, wrote(f"supply map ({side})", out_dir / f"supply-{side}.png"))
    rails = rs.rail_report(board, "central")
    echo("\n" + rail_text(rails))
    draw_rail(rs, board, rails, wrote("rail nets (central)", out_dir / "rail-central.png"))

    # 4. a VASSAL module of the map with a counter for each unit, and the roster naming them
    from ..exporters.vassal.check import read_roster, write_roster
    from ..exporters.vassal.module import write_module

    roster_file = wrote("roster", out_dir / "sample-roster.csv")
    write_roster(board.state.units, roster_file)
    for note in write_module(
        m, wrote("VASSAL module", out_dir / "sample.vmod"), roster=read_roster(roster_file)
    ):
        echo(f"note: {note}")

    # 4b. a short game log on that module (one drag too far), checked as a user would check theirs:
    # roster proposed from the module -> check -> a report page
    from ..exporters.vassal.check import check_log, summary_line
    from ..exporters.vassal.check_html import write_check_html
    from ..exporters.vassal.roster import propose_roster, write_roster_csv

    log_file = wrote("game log", out_dir / "sample-game.vlog")
    _write_sample_log(m, board, mover, farthest["path"][-1], log_file)
    proposed = wrote("roster proposed from the module", out_dir / "sample-roster-proposed.csv")
    write_roster_csv(propose_roster(out_dir / "sample.vmod", rs.id), proposed)
    checked = check_log(log_file, out_dir / "sample.vmod", m, read_roster(proposed, partial=True), rs.id)
    write_check_html(
        checked, log_file, out_dir / "sample.vmod", wrote("check report", out_dir / "check-report.html")
    )
    echo(f"\nthe game log: {summary_line(checked)}")
    for bad in checked["illegal"]:
        echo(f"  move {bad['move']}: {bad['unit']} {bad['from']} -> {bad['to']}: {bad['rule']}: {bad['why']}")

    # 5. printable player aids of the sample's ruleset (A4)
    from ..exporters.charts.aids import write_aids

    write_aids(rs.id, wrote("player aids", out_dir / "player-aids.pdf"), paper="a4")

    # 6. a tiled print of the map at true scale (A4), with the supply of the central powers
    from ..exporters.charts.mapprint import print_map
    from ..exporters.engine_maps import supply_overlay

    overlay = supply_overlay(board, rs.supply_report(board, "central"))
    print_map(m, wrote("tiled map print", out_dir / "sample-map-print.pdf"), paper="a4", overlays=[overlay])

    # 7. the other rulesets, each on its own sample: GMT Great War in Europe (fronts, strategic and
    # sea movement with per-phase limits), Death of Empires (facing, modes, Rail Points, depots,
    # command), GR/D The Great War (rail nets and their RE capacity, three-element supply), The Great
    # War (an area map as a first-class map, the NRC bank)
    from .death_of_empires import run as death_of_empires_demo
    from .gmt_great_war import run_gmt_demo
    from .grd_great_war import demo_step as grd_great_war_demo
    from .great_war_area import run_area_demo as great_war_area_demo

    written += run_gmt_demo(out_dir, echo)
    death_of_empires_demo(out_dir, echo, wrote)
    grd_great_war_demo(out_dir, wrote, echo)
    great_war_area_demo(out_dir, echo, wrote)
    from ..pipeline.area_demo import run_area_digitize_demo

    run_area_digitize_demo(out_dir, echo, wrote)

    _write_readme(out_dir / "README.txt", final, mover.id, farthest["path"][1:], enemy.hex)
    return written


def _write_readme(path: Path, final: Path, mover: str, legal_move: list[str], enemy_hex: str) -> None:
    """The demo folder's README.txt: commands to try on its files, run inside the folder."""
    venv = Path(sys.prefix) / "bin" / "activate"
    activate = (
        f"railhead is installed in the virtual environment {sys.prefix}; activate it first:\n"
        f"  source {venv}\n"
        if sys.prefix != sys.base_prefix and venv.exists()
        else ""
    )
    doe, gmt = "death-of-empires/doe", "gmt-great-war/gmt"
    tries = {
        "Der Weltkrieg, the sample map (a trailing '# exit 1' is a move the rules refuse)": (
            "map info sample-map.json",
            f"reach sample-map.json sample-state.json {mover}",
            f"move sample-map.json sample-state.json {mover} " + " ".join(legal_move),
            f"move sample-map.json sample-state.json {mover} {enemy_hex}   # exit 1",
            "supply sample-map.json sample-state.json --side entente --json",
            "rail sample-map.json sample-state.json --side central",
            "check sample-game.vlog --module sample.vmod --map sample-map.json "
            "--roster sample-roster-proposed.csv   # exit 1",
            "charts der-weltkrieg --out aids-letter.pdf --paper letter",
        ),
        "Digitizing: the demo's scan against the map it was drawn from": (
            "digitize sample-scan.png --legend sample-legend.toml --out my-map.json "
            "--truth sample-scan-truth.json --overlay my-review.png",
            "digitize-areas area-scan.png --legend area-legend.toml --gazetteer area-gazetteer.csv "
            "--out my-areas.json --truth area-truth.json",
        ),
        "GMT The Great War in Europe": (
            f"reach {gmt}-map.json {gmt}-state.json GE-1CD",
            f"supply {gmt}-map.json {gmt}-state.json --side cp",
        ),
        "Death of Empires (the sample's chart values: death-of-empires/doe-values.toml)": (
            f"reach {doe}-map.json {doe}-state.json I-1 --values {doe}-values.toml",
            f"move {doe}-map.json {doe}-state.json RES 0510 0610 0710 0810 0910 1010 1110 1210 "
            f"--mode rail --with detrain=deployed facing=1 --values {doe}-values.toml",
        ),
        "GR/D The Great War (the sample's chart values: grd-values.toml)": (
            "move grd-map.json grd-state.json FR-1 GW2:1004 --values grd-values.toml",
            "supply grd-map.json grd-state.json --side entente --values grd-values.toml",
        ),
        "The Great War area game": (
            "reach great-war-map.json great-war-state.json FR-1C",
            "act great-war-map.json great-war-state-reinforcement.json grant giver=britain receiver=france "
            "amount=10",
        ),
    }
    text = f"Made by `railhead demo` in {final.absolute()}.\n{activate}"
    text += f"Then, in this folder (cd {final}), try:\n"
    for title, commands in tries.items():
        text += f"\n{title}:\n" + "".join(f"  railhead {c}\n" for c in commands)
    path.write_text(text, encoding="utf-8")


def _write_sample_log(m, board, mover, reachable: str, path) -> None:
    """A .vlog of three drags on the demo module: ``mover`` to a hex it can reach, a second unit one
    hex, then ``mover`` on to the far side of the map (too far: illegal)."""
    from ..exporters.vassal.saves import move_command, piece_command, write_save

    def at(h: str) -> tuple[str, int, int]:
        x, y = m.center(h)
        return ("Main Map", round(x), round(y))

    units = [u for u in board.state.units if u.cls != "fortress"]
    other = next(u for u in units if u.id != mover.id and u.side == mover.side)
    step = next(h for h in m.neighbours(other.hex) if not board.state.units_at(h) and h != reachable)
    land = [
        h for h, x in m.hexes.items() if x.terrain not in ("ocean", "lake") and not board.state.units_at(h)
    ]
    far = max(land, key=lambda h: (m.distance(reachable, h), h))
    pieces = [piece_command(str(k), u.id, *at(u.hex)) for k, u in enumerate(units, start=1)]
    pid = {u.id: str(k) for k, u in enumerate(units, start=1)}
    log = [
        move_command(pid[mover.id], *at(reachable), at(mover.hex)),
        move_command(pid[other.id], *at(step), at(other.hex)),
        move_command(pid[mover.id], *at(far), at(reachable)),
    ]
    write_save(path, [*pieces, "Main MapBoardPicker\tMap\t0\t0"], log=log)


def _step_toward(m, start: str, goal: str) -> list[str]:
    """Hexes from ``start`` to ``goal`` stepping to the neighbour nearest the goal each time."""
    path, here = [], start
    while here != goal and len(path) < 50:
        here = min(m.neighbours(here), key=lambda n: (m.distance(n, goal), n))
        path.append(here)
    return path

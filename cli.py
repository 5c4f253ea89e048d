"""The ``railhead`` command: parses arguments, calls the packages, prints. Nothing else lives here.

Exit status (``shared/docs/contracts.md`` §5): 0 ok, 1 negative verdict, 2 bad input. Every
:class:`~railhead.errors.RailheadError` becomes a one-paragraph message on stderr and exit 2.
"""

from __future__ import annotations

import atexit
import functools
import gc
import json
import math
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

import click

from .errors import InputError, RailheadError
from .files import as_json_object, forget_inputs, note_input, refuse_input


class _Group(click.Group):
    """A click group that turns user errors into messages instead of tracebacks."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except RailheadError as exc:
            click.echo(f"railhead: error: {exc}", err=True)
            ctx.exit(exc.exit_code)


def _emit(as_json: bool, data: Any, text: str) -> None:
    click.echo(json.dumps(data, indent=1, ensure_ascii=False, default=as_json_object) if as_json else text)


json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")


class _InputFile(click.Path):
    """A file the command reads: remembered, so that no output of the run replaces it."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        path = super().convert(value, param, ctx)
        note_input(path)
        return path


existing_file = _InputFile(exists=False, dir_okay=False, path_type=Path)
output_file = click.Path(exists=False, dir_okay=False, path_type=Path)


class _Command(click.Command):
    """A command that refuses, before any work, an output that names one of its inputs."""

    def invoke(self, ctx: click.Context) -> Any:
        for p in self.params:
            value = ctx.params.get(p.name or "")
            if p.type is output_file and value is not None:
                refuse_input(value)
        return super().invoke(ctx)


_Group.command_class = _Command


class _Main(_Group):
    """The top command: each invocation is a run of its own (its inputs, its clean-up on SIGTERM)."""

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        forget_inputs()
        _STOPPED.clear()
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, _stop)
        return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Exception:
            # a stop that landed inside a library's C code can come back as that library's own
            # error (matplotlib: "Invalid affine transformation matrix"): it is still the stop
            if _STOPPED:
                raise SystemExit(128 + _STOPPED[0]) from None
            raise


_STOPPED: list[int] = []  # the signal that stopped this run, once one has

# At exit the collector walks every object still alive once more (a large map's hundreds of
# thousands: 0.3 s of a check from the command line); frozen first, they are left to the exit.
atexit.register(gc.freeze)


def _stop(signum: int, frame: Any) -> None:
    """SIGTERM: leave through the normal exit, so every temporary output is removed."""
    _STOPPED.append(signum)
    raise SystemExit(128 + signum)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="railhead")
def main() -> None:
    """railhead: digitize WWI hex maps, judge moves and supply, export to VASSAL and print."""


# --------------------------------------------------------------------------- map
@main.group("map", cls=_Group)
def map_group() -> None:
    """Inspect and convert map data (railhead.mapdata/1)."""


@map_group.command("info")
@click.argument("map_file", type=existing_file)
@json_option
def map_info(map_file: Path, as_json: bool) -> None:
    """Summary of a map: sheets, grid, terrain, hexsides, lines."""
    from .mapdata.io import read_mapdata
    from .mapdata.report import summary_text

    m = read_mapdata(map_file)
    _emit(as_json, m.summary(), summary_text(m))


@map_group.command("export")
@click.argument("map_file", type=existing_file)
@click.option("--to", "target", required=True, type=output_file, help="Output .gpkg file.")
def map_export(map_file: Path, target: Path) -> None:
    """Write a map as a GeoPackage (layers hexes, hexsides, lines, areas, borders)."""
    from .mapdata.gis import export_gpkg
    from .mapdata.io import read_mapdata
    from .mapdata.report import contents_text

    if target.suffix.lower() != ".gpkg":
        raise InputError("expected a .gpkg output file name", file=target)
    m = read_mapdata(map_file)
    export_gpkg(m, target)
    _wrote(target, contents_text(m))


@map_group.command("import")
@click.argument("gpkg", type=existing_file)
@click.option("--out", "target", required=True, type=output_file, help="Output map .json.")
def map_import(gpkg: Path, target: Path) -> None:
    """Read a GeoPackage written by `map export` back into map data."""
    from .mapdata.gis import import_gpkg
    from .mapdata.io import write_mapdata
    from .mapdata.report import contents_text

    m = import_gpkg(gpkg)
    write_mapdata(m, target)
    _wrote(target, contents_text(m))


# --------------------------------------------------------------------------- grid
@main.group("grid", cls=_Group)
def grid_group() -> None:
    """Hex ids and pixel positions on a sheet image."""


@grid_group.command("locate", context_settings={"ignore_unknown_options": True})
@click.argument("map_file", type=existing_file)
@click.argument("x", type=float)
@click.argument("y", type=float)
@click.option("--sheet", default="", show_default=True, help="Sheet id on multi-sheet maps.")
@json_option
def grid_locate(map_file: Path, x: float, y: float, sheet: str, as_json: bool) -> None:
    """Hex id at pixel X Y of the sheet image (negative coordinates are allowed)."""
    from .mapdata.io import read_mapdata
    from .mapdata.report import locate_hex

    for name, v in (("X", x), ("Y", y)):
        if not (math.isfinite(v) and abs(v) <= MAX_PIXEL):
            raise InputError(
                f"{name}: expected a pixel position from -{MAX_PIXEL:,} to {MAX_PIXEL:,}, not {v}"
            )
    found = locate_hex(read_mapdata(map_file), x, y, sheet, file=map_file)
    _emit(as_json, found, found["id"])


MAX_PIXEL = 10**9  # far beyond any sheet image; keeps column and row arithmetic exact


@grid_group.command("center")
@click.argument("map_file", type=existing_file)
@click.argument("hex_id")
@json_option
def grid_center(map_file: Path, hex_id: str, as_json: bool) -> None:
    """Pixel centre of hex HEX_ID on its sheet image."""
    from .mapdata.io import read_mapdata
    from .mapdata.report import hex_center

    found = hex_center(read_mapdata(map_file), hex_id, file=map_file)
    _emit(as_json, found, f"{found['x']:.2f} {found['y']:.2f}")


# --------------------------------------------------------------------------- digitizing
class _NoBar:
    """The bar of a run off a terminal or with ``--json``: it counts and draws nothing."""

    disable = True

    def __init__(self, total: int | None) -> None:
        self.n, self.total = 0, total

    def update(self, n: int = 1) -> None:
        self.n += n

    def reset(self, total: int | None = None) -> None:
        self.n, self.total = 0, total

    def set_description_str(self, *args: Any, **kwargs: Any) -> None:
        pass

    def set_postfix_str(self, *args: Any, **kwargs: Any) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, label: str, quiet: bool = False, unit: str = "step"):
    """The progress bar of every long command (tqdm, on stderr): drawn on a terminal only, never
    in a pipe or a file and never with ``--json`` (``quiet``), where a :class:`_NoBar` counts
    instead and tqdm is not even imported (30 ms of a check's start); advanced by the pipeline's
    stage messages (``step(message)``)."""
    terminal = hasattr(sys.stderr, "isatty") and sys.stderr.isatty()  # as tqdm's disable=None decides
    if quiet or not terminal:
        bar: Any = _NoBar(total)
    else:
        from tqdm import tqdm

        bar = tqdm(total=total, desc=label, unit=unit, leave=False, file=sys.stderr)

    def step(message: str) -> None:
        bar.set_postfix_str(message[:40])
        bar.update(1)

    return bar, step


def _wrote(path: Path | str, what: str = "") -> None:
    """Say that a file was written (on stderr, so --json output stays pure)."""
    click.echo(f"wrote {path}" + (f" ({what})" if what else ""), err=True)


def _wrote_all(paths, what: str) -> None:
    for p in paths:
        _wrote(p, what)


def _module_board(module: Path, board: str | None, zone: str | None, out: Path, ranges):
    """A module's board as a picture beside ``out`` and the grid VASSAL names it by (cut to the
    legend's printed ``ranges`` when it gives them)."""
    from .exporters.vassal.module_board import board_picture, module_board, within

    b = module_board(module, board, zone)
    if b.areas is not None:  # a region or square grid: an area map (exporters/vassal/module_areas.py)
        click.echo(f"board {b.name!r} of {module.name}: areas as VASSAL names them", err=True)
        return board_picture(b, module, out), b.areas
    grid = within(b.grid, *ranges) if ranges else b.grid
    picture = board_picture(b, module, out)
    click.echo(f"board {b.name!r} of {module.name}: {len(grid)} hexes, ids as VASSAL names them", err=True)
    return picture, grid


def _calibration(values: tuple[str, ...]) -> list[tuple[float, float, str]]:
    out = []
    for v in values:
        try:
            xy, hex_id = v.split("=", 1)
            x, y = (float(t) for t in xy.split(","))
            if not (math.isfinite(x) and math.isfinite(y)):
                raise ValueError(v)
        except ValueError:
            raise InputError(
                f"--calibrate {v!r}: expected X,Y=ID with pixel numbers, e.g. 412.5,388=0512"
            ) from None
        out.append((x, y, hex_id))
    return out


@main.command("synth")
@click.argument("map_file", type=existing_file)
@click.option("--legend", "legend_file", required=True, type=existing_file)
@click.option("--out", "out", required=True, type=output_file, help="Scan image (.png).")
@click.option("--truth", type=output_file, default=None, help="Ground truth map (.json).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True)
@click.option("--degrade", "level", type=click.IntRange(0, 3), default=2, show_default=True)
def synth(map_file: Path, legend_file: Path, out: Path, truth: Path | None, seed: int, level: int) -> None:
    """Draw MAP_FILE as a printed, scanned map (seeded; degradation 0-3)."""
    from .mapdata.io import read_mapdata, write_mapdata
    from .pipeline.images import write_image
    from .pipeline.legend import read_legend
    from .pipeline.synth import synthesize

    if truth is not None and truth.resolve() == out.resolve():
        raise InputError(
            "--truth names the same file as --out; give the truth (.json) another name", file=truth
        )
    scan = synthesize(read_mapdata(map_file), read_legend(legend_file), seed, level)
    write_image(out, scan.image)
    _wrote(out, f"{scan.image.shape[1]} x {scan.image.shape[0]} px")
    if truth is not None:
        write_mapdata(scan.truth, truth)
        _wrote(truth, "the map as drawn")


@main.command("digitize")
@click.argument("scans", nargs=-1, type=existing_file)
@click.option(
    "--module",
    "module",
    type=existing_file,
    default=None,
    help="Digitize a board of this VASSAL module (.vmod): its image, with the grid the module states.",
)
@click.option("--board", default=None, help="With --module: the board (default: the one with a hex grid).")
@click.option(
    "--zone", default=None, help="With --module: the zone of the board whose own hex grid names the hexes."
)
@click.option("--legend", "legend_file", required=True, type=existing_file)
@click.option("--out", "out", required=True, type=output_file, help="Map data (.json).")
@click.option(
    "--calibrate", "calibrate", multiple=True, help="X,Y=ID: a pixel and the hex printed there (give three)."
)
@click.option("--overlay", type=output_file, default=None, help="Review picture (.png).")
@click.option("--overrides", type=existing_file, default=None, help="Corrections (.toml).")
@click.option(
    "--labels",
    "labels_file",
    type=existing_file,
    default=None,
    help="Hexes you labelled (.toml, railhead.labels/1): the terrain classifier learns from them.",
)
@click.option(
    "--label-next",
    "label_next_file",
    type=output_file,
    default=None,
    help="Write a labels file (.toml) for the next run: your labels, and the hexes most worth "
    "labelling next commented out with the classifier's guess.",
)
@click.option(
    "--label-sheet",
    "label_sheet_file",
    type=output_file,
    default=None,
    help="Picture (.png) of the hexes to label next, side by side: each with its surroundings, "
    "rank, id and the classifier's guess.",
)
@click.option("--report", "report_file", type=output_file, default=None, help="Report (.json).")
@click.option(
    "--truth", type=existing_file, default=None, help="Ground truth map: print the accuracy against it."
)
@json_option
def digitize_cmd(
    scans: tuple[Path, ...],
    module: Path | None,
    board: str | None,
    zone: str | None,
    legend_file: Path,
    out: Path,
    calibrate: tuple[str, ...],
    overlay: Path | None,
    overrides: Path | None,
    labels_file: Path | None,
    label_next_file: Path | None,
    label_sheet_file: Path | None,
    report_file: Path | None,
    truth: Path | None,
    as_json: bool,
) -> None:
    """Scan -> map data: grid, terrain, hex features, hexside features, rail and road networks.

    Terrain entries of --overrides and --labels train the terrain classifier for the rest of the map.
    Several SCANS are overlapping pieces of one sheet: they are registered into one picture, written
    beside --out as OUT-sheet.png (clicks and the overlay are in its pixels). With --module instead
    of SCANS, the board's image is written beside --out as OUT-board.png and its hexes get exactly
    the names VASSAL gives them."""
    from .files import write_json
    from .mapdata.io import read_mapdata, write_mapdata
    from .pipeline.accuracy import accuracy
    from .pipeline.digitize import digitize, load_sheet
    from .pipeline.images import write_image
    from .pipeline.legend import read_legend, refuse_unlearnable
    from .pipeline.overrides import (
        apply_overrides,
        read_labels,
        read_overrides,
        terrain_labels,
        write_label_next,
    )
    from .pipeline.review import draw_overlay, report, report_text

    legend = read_legend(legend_file)
    if legend.areas or legend.area:
        raise InputError(
            "an area map's legend ([areas], [[area]]): digitize reads hex maps; use "
            "railhead digitize-areas SCAN --legend LEGEND for an area map",
            file=legend_file,
        )
    fixes = read_overrides(overrides) if overrides else None
    labels = terrain_labels(read_labels(labels_file) if labels_file else None, fixes)
    refuse_unlearnable(legend, labels)
    points = _calibration(calibrate) if calibrate else None
    true_map = read_mapdata(truth) if truth else None
    grid = None
    if module is not None:
        if scans or calibrate:
            raise InputError("give either SCANS (and --calibrate) or --module, not both")
        scan, grid = _module_board(module, board, zone, out, legend.ranges())
        image, _ = load_sheet([scan])
        from .exporters.vassal.grids import RegionsOn, SquareOn

        if isinstance(grid, RegionsOn | SquareOn):  # a board VASSAL names by region or square
            from .exporters.vassal.module_areas import area_map, summary, summary_text

            if label_next_file or label_sheet_file:
                flag = "--label-next" if label_next_file else "--label-sheet"
                raise InputError(
                    f"{flag}: this board is an area map (region or square grid), whose areas "
                    "take the legend's terrain colours; it has no hexes to label",
                    file=module,
                )
            m = area_map(grid, image, legend, scan.stem)
            write_mapdata(m, out)
            _wrote(out, f"{len(m.areas)} areas")
            _emit(as_json, summary(m, grid), summary_text(summary(m, grid)))
            return
    elif not scans:
        raise InputError("give the scan(s) to digitize, or --module GAME.vmod")
    else:
        image, _ = load_sheet(list(scans))
        scan = scans[0]
        if len(scans) > 1:
            scan = out.with_name(out.stem + "-sheet.png")
            write_image(scan, image)
            _wrote(scan, f"the {len(scans)} scans joined into one sheet")
    bar, step = _progress(6, "digitize", quiet=as_json)
    try:
        found = digitize(
            image,
            legend,
            points,
            name=scan.stem,
            image_name=scan.name,
            progress=step,
            labels=labels,
            grid=grid,
            source=scan,
        )
    finally:
        bar.close()
    m = apply_overrides(found.map, fixes, legend) if fixes else found.map
    rep = report(
        m, found.doubtful, accuracy(m, true_map) if true_map else None, found.learning, found.numbers
    )
    write_mapdata(m, out)
    _wrote(out, f"{len(m.hexes)} hexes")
    nxt = found.learning.get("label_next", [])
    if overlay:
        draw_overlay(image, m, legend, overlay, found.doubtful, nxt)
        _wrote(overlay, "review overlay")
    if label_next_file:
        write_label_next(label_next_file, labels, m, nxt, legend.terrain_names())
        _wrote(label_next_file, f"labels to give next: {len(nxt)} hexes")
    if label_sheet_file:
        from .pipeline.label_sheet import write_label_sheet

        write_label_sheet(label_sheet_file, image, m, nxt)
        _wrote(label_sheet_file, "the hexes to label next")
    if report_file:
        write_json(report_file, rep)
        _wrote(report_file, "report")
    _emit(as_json, rep, report_text(rep))


@main.command("digitize-batch")
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--legend", "legend_file", required=True, type=existing_file)
@click.option("--out", "out_dir", required=True, type=click.Path(path_type=Path), help="Folder for the maps.")
@click.option("--scheduler", default=None, help="Address of a Dask scheduler (default: a local cluster).")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 64), help="Local workers.")
@click.option("--report", "report_file", type=output_file, default=None, help="Report (.json).")
@json_option
def digitize_batch_cmd(
    folder: Path,
    legend_file: Path,
    out_dir: Path,
    scheduler: str | None,
    workers: int,
    report_file: Path | None,
    as_json: bool,
) -> None:
    """Every scan of FOLDER -> OUT/<scan>.json with one legend, on Dask; exit 2 if any sheet failed."""
    from .files import write_json
    from .pipeline.batch import digitize_batch, scans_in
    from .pipeline.legend import read_legend

    read_legend(legend_file)  # a bad legend stops everything before any worker starts
    scans = scans_in(folder)
    bar, _step = _progress(len(scans), "digitize-batch", quiet=as_json, unit="sheet")
    try:
        rep = digitize_batch(scans, legend_file, out_dir, scheduler, workers, tick=lambda _r: bar.update(1))
    finally:
        bar.close()
    for r in rep["sheets"]:
        if "error" not in r:
            _wrote(r["map"], f"{r['hexes']} hexes")
    if report_file:
        write_json(report_file, rep)
        _wrote(report_file, "report")
    lines = [f"{rep['digitized']} of {len(scans)} sheets digitized into {out_dir} ({rep['scheduler']})"]
    lines += [f"  {Path(r['scan']).name}: {r['error']}" for r in rep["sheets"] if "error" in r]
    _emit(as_json, rep, "\n".join(lines))
    if rep["failed"]:
        raise click.exceptions.Exit(2)


@main.command("digitize-gis")
@click.argument("gis_file", type=existing_file)
@click.option(
    "--hex-size", type=float, required=True, help="Hex size across the flats, in the layers' units (metres)."
)
@click.option("--out", "out", required=True, type=output_file, help="Map data (.json).")
@click.option("--terrain", "terrain", multiple=True, help="LAYER=TERRAIN for a polygon layer.")
@click.option("--land", default=None, help="Polygon layer of land (elsewhere is ocean).")
@click.option("--rivers", default=None, help="Line layer of rivers.")
@click.option("--line", "line_layers", multiple=True, help="KIND=LAYER, e.g. rail=railways.")
def digitize_gis(
    gis_file: Path,
    hex_size: float,
    out: Path,
    terrain: tuple[str, ...],
    land: str | None,
    rivers: str | None,
    line_layers: tuple[str, ...],
) -> None:
    """Vector geography (GeoPackage/shapefile) -> map data, terrain by majority area."""
    from .mapdata.io import write_mapdata
    from .pipeline.vector import digitize_layers, read_layers

    def pairs(values: tuple[str, ...], what: str) -> dict[str, str]:
        out_ = {}
        for v in values:
            if "=" not in v:
                raise InputError(f"{what} {v!r}: expected A=B")
            a, b = v.split("=", 1)
            out_[a] = b
        return out_

    m = digitize_layers(
        read_layers(gis_file),
        hex_size,
        pairs(terrain, "--terrain"),
        land,
        rivers,
        pairs(line_layers, "--line"),
        name=gis_file.stem,
    )
    write_mapdata(m, out)
    _wrote(out, f"{len(m.hexes)} hexes")


@main.command("digitize-areas")
@click.argument("scan", type=existing_file)
@click.option(
    "--legend", "legend_file", required=True, type=existing_file, help="Legend with [areas] (.toml)."
)
@click.option(
    "--gazetteer", type=existing_file, default=None, help="Names: CSV name,x,y[,id,kind,...] or TOML."
)
@click.option("--out", "out", required=True, type=output_file, help="Area map data (.json).")
@click.option("--png", "png", type=output_file, default=None, help="Overlay of the areas found (.png).")
@click.option("--report", "report_file", type=output_file, default=None, help="Report (.json).")
@click.option(
    "--truth", type=existing_file, default=None, help="True area map: print the accuracy against it."
)
@json_option
def digitize_areas_cmd(
    scan: Path,
    legend_file: Path,
    gazetteer: Path | None,
    out: Path,
    png: Path | None,
    report_file: Path | None,
    truth: Path | None,
    as_json: bool,
) -> None:
    """Area-map scan -> area map data: areas, sea zones, ports, borders, names from the gazetteer."""
    from .files import write_json
    from .mapdata.io import read_mapdata, write_mapdata
    from .pipeline.area_accuracy import area_accuracy
    from .pipeline.areas import digitize_areas, draw_area_overlay, report_text
    from .pipeline.digitize import load_image
    from .pipeline.gazetteer import read_gazetteer
    from .pipeline.images import write_image
    from .pipeline.legend import read_legend

    legend = read_legend(legend_file)
    places = read_gazetteer(gazetteer) if gazetteer else None
    true_map = read_mapdata(truth) if truth else None
    image = load_image(scan)
    bar, step = _progress(6, "digitize-areas", quiet=as_json)
    try:
        found = digitize_areas(
            image,
            legend,
            places,
            name=scan.stem,
            progress=step,
            gazetteer_file=str(gazetteer) if gazetteer else None,
        )
    finally:
        bar.close()
    rep = found.report
    if true_map is not None:
        rep["accuracy"] = area_accuracy(found.map, true_map, image.shape[:2])
    write_mapdata(found.map, out)
    _wrote(out, f"{len(found.map.areas)} areas")
    if png:
        write_image(png, draw_area_overlay(image, found))
        _wrote(png, "overlay")
    if report_file:
        write_json(report_file, rep)
        _wrote(report_file, "report")
    _emit(as_json, rep, report_text(rep))


@main.command("review")
@click.argument("scans", nargs=-1, required=True, type=existing_file)
@click.option("--legend", "legend_file", required=True, type=existing_file)
@click.option(
    "--map",
    "map_file",
    required=True,
    type=output_file,
    help="Map data (.json): its grid is kept if it exists (from railhead digitize); Save map writes it.",
)
@click.option(
    "--labels", type=output_file, default=None, help="Labels file (.toml) to edit (default: MAP.labels.toml)."
)
@click.option(
    "--overrides",
    type=output_file,
    default=None,
    help="Overrides file (.toml) to edit (default: MAP.overrides.toml).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=0,
    show_default=True,
    help="Port on 127.0.0.1 (0: a free one).",
)
@click.option("--no-browser", is_flag=True, help="Only print the page's address.")
def review_cmd(
    scans: tuple[Path, ...],
    legend_file: Path,
    map_file: Path,
    labels: Path | None,
    overrides: Path | None,
    port: int,
    no_browser: bool,
) -> None:
    """Review and correct a digitized map in the browser, on 127.0.0.1 only (docs/reviewing.md).

    Every edit is written at once to the labels or overrides file that railhead digitize reads.
    A browser opens only where one can (a display); otherwise open the printed address yourself.
    Ctrl-C stops the server."""
    from .loopback import bind
    from .review.server import ReviewServer, open_browser
    from .review.session import ReviewSession

    sock = bind(port)  # before the long load: a port in use is said at once
    bar, _ = _progress(100, "review", unit="%")

    def progress(fraction: float, message: str) -> None:
        bar.set_postfix_str(message[:40])
        bar.update(max(0, round(100 * fraction) - bar.n))

    try:
        session = ReviewSession(list(scans), legend_file, map_file, labels, overrides, progress=progress)
    except BaseException:
        sock.close()
        raise
    finally:
        bar.close()
    server = ReviewServer(session, sock=sock)
    click.echo(f"review page: {server.url}   (Ctrl-C stops the server)")

    def ready() -> None:
        if not no_browser and not open_browser(server.url):
            click.echo("no browser window can be opened here: open the address above in yours", err=True)

    server.run(on_ready=ready)


# --------------------------------------------------------------------------- engine
png_option = click.option(
    "--png",
    "png",
    type=output_file,
    default=None,
    help="Also draw the answer over the map as a PNG.",
)
mode_option = click.option(
    "--mode", default="ground", show_default=True, help="Movement mode: one the ruleset declares."
)


def position_options(f):
    """--ruleset and --values, taken by every command that judges a position."""
    f = click.option(
        "--values",
        "values_file",
        type=existing_file,
        default=None,
        help="Chart values file (railhead.chart-values/1) for cells the rulebook does not print.",
    )(f)
    return click.option("--ruleset", default=None, help="Ruleset id (default: the state's ruleset).")(f)


def _keywords(
    pairs: tuple[str, ...], expected: str = "--with takes KEY=VALUE (a keyword of the move's mode)"
) -> dict[str, str]:
    """``KEY=VALUE`` pairs as a dict; ``expected`` says what a bad pair should have been."""
    out = {}
    for p in pairs:
        key, sep, value = p.partition("=")
        if not sep or not key:
            raise InputError(f"{expected}, not {p!r}")
        if key in out:
            raise InputError(f"{key}= is given twice ({key}={out[key]} and {p}); give each key once")
        out[key] = value
    return out


@main.command("move")
@click.argument("map_file", type=existing_file)
@click.argument("state_file", type=existing_file)
@click.argument("unit")
@click.argument("hexes", nargs=-1, required=True)
@mode_option
@click.option(
    "--with",
    "keywords",
    multiple=True,
    help="Keywords of the mode, KEY=VALUE (Der Weltkrieg rail: detrain=ID); --with A=1 B=2 gives several.",
)
@click.option("--stack", default="", help="Other units moving with UNIT, comma-separated.")
@position_options
@json_option
def move(
    map_file: Path,
    state_file: Path,
    unit: str,
    hexes: tuple[str, ...],
    mode: str,
    keywords: tuple[str, ...],
    stack: str,
    ruleset: str | None,
    values_file: Path | None,
    as_json: bool,
) -> None:
    """Is moving UNIT through HEXES legal? Exit 1 if not, citing the rule."""
    from .engine.queries import judge
    from .engine.text import verdict_text
    from .positions import load_position

    # hex ids hold no "=": KEY=VALUE words among HEXES are more keywords of --with
    # (``--with entrain=yes detrain=deployed``)
    keywords = (*keywords, *(h for h in hexes if "=" in h))
    hexes = tuple(h for h in hexes if "=" not in h)
    rs, board = load_position(map_file, state_file, ruleset, values_file)
    stacked = [s for s in stack.split(",") if s]
    verdict = judge(rs, board, unit, list(hexes), mode, stacked, **_keywords(keywords))
    _emit(as_json, verdict.to_dict(), verdict_text(unit, verdict))
    if not verdict.legal:
        sys.exit(1)


@main.command("act")
@click.argument("map_file", type=existing_file)
@click.argument("state_file", type=existing_file)
@click.argument("action")
@click.argument("args", nargs=-1)
@position_options
@json_option
def act(
    map_file: Path,
    state_file: Path,
    action: str,
    args: tuple[str, ...],
    ruleset: str | None,
    values_file: Path | None,
    as_json: bool,
) -> None:
    """Is ACTION (one the ruleset declares besides moving: GMT's `place`, the area game's `grant`)
    legal with ARGS, each KEY=VALUE? Exit 1 if not, citing the rule."""
    from .engine.queries import judge_action
    from .engine.text import action_text
    from .positions import load_position

    rs, board = load_position(map_file, state_file, ruleset, values_file)
    try:
        verdict = judge_action(rs, board, action, _keywords(args, "arguments of an action are KEY=VALUE"))
    except InputError as exc:  # a field the position lacks is the state file's
        if exc.file is None and (exc.where or "").startswith("$."):
            exc.file = str(state_file)
        raise
    _emit(as_json, verdict.to_dict(), action_text(action, verdict))
    if not verdict.legal:
        sys.exit(1)


@main.command("reach")
@click.argument("map_file", type=existing_file)
@click.argument("state_file", type=existing_file)
@click.argument("unit")
@mode_option
@position_options
@png_option
@json_option
def reach(
    map_file: Path,
    state_file: Path,
    unit: str,
    mode: str,
    ruleset: str | None,
    values_file: Path | None,
    png: Path | None,
    as_json: bool,
) -> None:
    """Every location UNIT can reach this phase, with its cost, path and the ruleset's extras."""
    from .engine.queries import reach_report
    from .engine.text import reach_text
    from .positions import load_position

    rs, board = load_position(map_file, state_file, ruleset, values_file)
    report = reach_report(rs, board, unit, mode)
    if png is not None:
        from .exporters.engine_maps import draw_reach

        _wrote_all(draw_reach(board, report, png), "reach picture")
    _emit(as_json, report, reach_text(report))


def _side_report(question: str, map_file, state_file, side, ruleset, values_file, png, as_json) -> None:
    """`supply` and `rail`: ask the ruleset about one side, print it, draw it on request."""
    from .engine import text
    from .engine.queries import side_report
    from .positions import load_position

    rs, board = load_position(map_file, state_file, ruleset, values_file)
    report = side_report(rs, board, question, side)
    if png is not None:
        from .exporters import engine_maps

        if question == "supply":
            _wrote_all(engine_maps.draw_supply(board, report, png), "supply picture")
        else:
            _wrote_all(engine_maps.draw_rail(rs, board, report, png), "rail picture")
    _emit(as_json, report, getattr(text, f"{question}_text")(report))


def side_report_command(question: str, doc: str):
    """A command answering ``question`` (supply, rail) for one side of a position."""

    @main.command(question, help=doc)
    @click.argument("map_file", type=existing_file)
    @click.argument("state_file", type=existing_file)
    @click.option("--side", default=None, help="Side to report (default: the active side).")
    @position_options
    @png_option
    @json_option
    def command(**kw: Any) -> None:
        _side_report(question, **kw)

    return command


supply = side_report_command("supply", "Supply status of every unit of a side, as the ruleset traces it.")
rail = side_report_command("rail", "Rail / strategic capacity: per pool, capacity, spent, and what spent it.")


REFEREE_PORT = 8765  # railhead serve's, and so the address the VASSAL component asks by default
REFEREE_URL = f"http://127.0.0.1:{REFEREE_PORT}/"


@main.command("serve")
@click.argument("map_file", type=existing_file)
@click.option("--ruleset", required=True, help="Ruleset id.")
@click.option("--state", "state_file", type=existing_file, default=None, help="Starting position (.json).")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=REFEREE_PORT,
    show_default=True,
    help="Port (0: a free one).",
)
@click.option(
    "--values",
    "values_file",
    type=existing_file,
    default=None,
    help="Chart values file (railhead.chart-values/1) for cells the rulebook does not print.",
)
def serve_cmd(
    map_file: Path, ruleset: str, state_file: Path | None, values_file: Path | None, port: int
) -> None:
    """A referee on 127.0.0.1:PORT: the map loaded once, moves judged over HTTP (docs/serving.md).
    The port is taken first (503 "loading" until the map is read). Ctrl-C stops it."""
    from .loopback import address, bind

    started = time.monotonic()
    sock = bind(port)  # before the web framework's import and the map's load: a port in use at once
    url = address(sock)
    click.echo(f"referee: {url}   (API: {url}docs; Ctrl-C stops it)", err=True)
    from .serve.app import RefereeServer
    from .serve.referee import Referee

    server = RefereeServer(sock=sock, loading=map_file.name)

    def ready(referee: Referee) -> None:
        click.echo(f"referee ready: {referee.summary()} ({time.monotonic() - started:.1f} s)", err=True)

    server.run_loading(lambda: Referee(map_file, ruleset, state_file, values_file), on_ready=ready)


# --------------------------------------------------------------------------- print
@main.command("print-map")
@click.argument("map_file", type=existing_file)
@click.option("--out", "out", required=True, type=output_file, help="Output .pdf file.")
@click.option("--paper", default="a4", show_default=True, help="a4 or letter.")
@click.option(
    "--scale",
    type=click.FloatRange(0.01, 100),
    default=1.0,
    show_default=True,
    help="Times the true printed size.",
)
@click.option(
    "--hex-mm",
    type=click.FloatRange(1, 500),
    default=None,
    help="Printed hex size across flats, mm (default 16).",
)
@click.option(
    "--dpi",
    type=click.FloatRange(10, 10000),
    default=None,
    help="Sheet pixels per inch (default: the scan's own).",
)
@click.option("--scan", type=existing_file, default=None, help="Scan to print (default: the sheet's image).")
@click.option("--no-scan", is_flag=True, help="Re-render the map from map data even if there is a scan.")
@click.option("--sheet", default="", help="Sheet id on multi-sheet maps (default: the first).")
@click.option("--overlap", "overlap_mm", type=float, default=10.0, show_default=True, help="Shared map, mm.")
@click.option("--state", "state_file", type=existing_file, default=None, help="Position for overlays.")
@click.option("--reach", "reach_unit", default=None, help="Overlay: the hexes UNIT can reach.")
@click.option("--mode", default="ground", show_default=True, help="Movement mode for --reach.")
@click.option(
    "--supply", "supply_side", is_flag=False, flag_value="", default=None, help="Overlay: supply [SIDE]."
)
@click.option(
    "--rail", "rail_side", is_flag=False, flag_value="", default=None, help="Overlay: rail nets [SIDE]."
)
@position_options
@json_option
def print_map_cmd(
    map_file: Path,
    out: Path,
    paper: str,
    scale: float,
    hex_mm: float | None,
    dpi: float | None,
    scan: Path | None,
    no_scan: bool,
    sheet: str,
    overlap_mm: float,
    state_file: Path | None,
    reach_unit: str | None,
    mode: str,
    supply_side: str | None,
    rail_side: str | None,
    ruleset: str | None,
    values_file: Path | None,
    as_json: bool,
) -> None:
    """The map at true printed scale, tiled over pages with overlap, crop and registration marks,
    an index page, hex ids, and optional engine overlays (--reach, --supply, --rail with --state)."""
    from .exporters.charts.mapprint import choose_scan, print_map
    from .exporters.charts.pdf import paper_size
    from .exporters.engine_maps import position_overlays
    from .mapdata.io import read_mapdata

    if out.suffix.lower() != ".pdf":
        raise InputError("expected a .pdf output file name", file=out)
    paper_size(paper)
    m = read_mapdata(map_file)
    if m.kind == "area":
        raise InputError(
            "print-map tiles a hex map at its printed hex size; an area map has no hexes: draw it "
            "with --png on reach/supply, or the demo's overview picture",
            file=map_file,
        )
    asked = {"--reach": reach_unit, "--supply": supply_side, "--rail": rail_side}
    wanted = [o for o, v in asked.items() if v is not None]
    if wanted and state_file is None:
        raise InputError(f"{' and '.join(wanted)}: engine overlays need the position, --state STATE.json")
    overlays = []
    if state_file is not None:
        overlays = position_overlays(
            m,
            state_file,
            reach_unit=reach_unit,
            mode=mode,
            supply_side=supply_side,
            rail_side=rail_side,
            ruleset=ruleset,
            values_file=values_file,
        )
    sheet = _print_sheet(m, map_file, sheet)
    picture, note = choose_scan(m, map_file, scan, no_scan, sheet)
    if note:
        click.echo(f"note: {note}", err=True)
    bar, step = _progress(1 + 64, "print-map", quiet=as_json)
    try:
        summary = print_map(
            m,
            out,
            sheet=sheet,
            paper=paper,
            hex_mm=hex_mm,
            dpi=dpi,
            scale=scale,
            scan=picture,
            overlays=overlays,
            overlap_mm=overlap_mm,
            progress=step,
            on_plan=lambda pages: setattr(bar, "total", pages),
        )
    finally:
        bar.close()
    text = (
        f"wrote {out}: {summary['pages']} pages ({summary['rows']} x {summary['cols']} tiles on "
        f"{summary['paper'].upper()} {summary['orientation']}), {summary['scale']}"
    )
    if as_json:
        _emit(as_json, summary, text)
    else:  # messages go to stderr, as every command's "wrote ..." does
        click.echo(text, err=True)


def _print_sheet(m, map_file: Path, sheet: str) -> str:
    """The sheet print-map prints: ``sheet`` if the map has it, else (none given) the first, with a
    note naming the others on a multi-sheet map."""
    ids = [s.id for s in m.sheets]
    if sheet and sheet not in ids:
        raise InputError(
            f"--sheet {sheet}: the map has no such sheet (sheets: {', '.join(ids)})", file=map_file
        )
    if not sheet and len(ids) > 1:
        click.echo(
            f"note: the map has {len(ids)} sheets; printing the first, {ids[0]!r} "
            f"(--sheet one of {', '.join(ids[1:])} for another)",
            err=True,
        )
    return sheet or (ids[0] if ids else "")


# --------------------------------------------------------------------------- vassal
def referee_options(default: str | None):
    """--referee URL and --phase-property NAME, as `vassal export` (no referee unless one is given)
    and `vassal add-referee` (default: `railhead serve` on its default port) take them."""
    asks = "Address of `railhead serve`: the module asks it about every move"

    def decorate(f):
        f = click.option(
            "--phase-property",
            default=None,
            metavar="NAME",
            help="Module property holding the phase (a turn tracker level's), sent to the referee "
            "before moves.",
        )(f)
        return click.option(
            "--referee",
            "referee_url",
            default=default,
            show_default=default is not None,
            metavar="URL",
            help=f"{asks}." if default is not None else f"{asks} ({REFEREE_URL} on its default port).",
        )(f)

    return decorate


@main.group("vassal", cls=_Group)
def vassal_group() -> None:
    """VASSAL modules, saved games and logs."""


@vassal_group.command("export")
@click.argument("map_file", type=existing_file)
@click.option("--out", "out", required=True, type=output_file, help="Module file (.vmod).")
@click.option("--name", default=None, help="Module name (default: the map's name).")
@click.option(
    "--roster",
    type=existing_file,
    default=None,
    help="CSV: name,side,nation,class,size,strength,movement: a counter per unit.",
)
@click.option(
    "--max-board-px",
    type=click.IntRange(min=256, max=65536),
    default=4096,
    show_default=True,
    help="Longest board side; larger sheet images are cut into several boards (VASSAL runs out of memory).",
)
@referee_options(default=None)
def vassal_export(
    map_file: Path,
    out: Path,
    name: str | None,
    roster: Path | None,
    max_board_px: int,
    referee_url: str | None,
    phase_property: str | None,
) -> None:
    """A data-only VASSAL module: board image(s), a hex grid naming every hex as printed, and a
    counter for each unit of the roster; with --referee, the live referee's component
    (docs/serving.md)."""
    from .exporters.vassal.check import read_roster_and_ids
    from .exporters.vassal.module import write_module
    from .exporters.vassal.referee import check_url, component_classes, referee_config, with_component
    from .mapdata.io import read_mapdata

    if out.suffix.lower() != ".vmod":
        raise InputError("expected a .vmod output file name", file=out)
    if referee_url is not None:
        check_url(referee_url)
        compiled = component_classes()  # refused before the long export when it is not compiled
    units, ids = read_roster_and_ids(roster) if roster else (None, None)
    finish = None
    if referee_url is not None:  # the component goes into the export's entries: one write
        finish = functools.partial(
            with_component,
            url=referee_url,
            compiled=compiled,
            where=out,
            phase_property=phase_property,
            config=referee_config(units=ids),
        )
    m = read_mapdata(map_file)
    bar, step = _progress(len(m.sheets), "vassal export")
    try:
        notes = write_module(
            m, out, name, progress=step, roster=units, max_board_px=max_board_px, finish=finish
        )
    finally:
        bar.close()
    for note in notes:
        click.echo(f"note: {note}", err=True)
    if m.kind == "area":
        _wrote(out, f"1 board, {len(m.areas) + len(m.boxes)} zones named by area id")
    else:
        _wrote(out, f"{len(m.sheets)} board(s), {len(m.hexes)} hexes")


@vassal_group.command("add-referee")
@click.argument("module", type=existing_file)
@click.option("--out", "out", required=True, type=output_file, help="The new module (.vmod).")
@referee_options(default=REFEREE_URL)
@click.option(
    "--phases",
    "phases_file",
    type=existing_file,
    default=None,
    help="Phase mapping (railhead.phases/1, as `railhead check --phases`): the turn tracker gives "
    "each move's phase and side. Needs --ruleset.",
)
@click.option("--ruleset", default=None, help="The ruleset the --phases mapping is for.")
@click.option(
    "--roster",
    type=existing_file,
    default=None,
    help="Roster CSV (as `railhead check --roster`): which pieces are units; its optional id column "
    "names the position's unit where a piece's name is not its id.",
)
def vassal_add_referee(
    module: Path,
    out: Path,
    referee_url: str,
    phase_property: str | None,
    phases_file: Path | None,
    ruleset: str | None,
    roster: Path | None,
) -> None:
    """A copy of MODULE whose maps ask the live referee about every move (docs/serving.md);
    every other entry is copied unchanged, MODULE is not modified."""
    from .exporters.vassal.check import roster_ids
    from .exporters.vassal.referee import add_referee, referee_config

    if out.suffix.lower() != ".vmod":
        raise InputError("expected a .vmod output file name", file=out)
    phase_map = None
    if phases_file is not None:
        from .engine.registry import get_ruleset
        from .exporters.vassal.phase_map import read_phase_map
        from .exporters.vassal.turns import read_turn_trackers

        if ruleset is None:
            raise InputError("--phases needs --ruleset: the ruleset whose phases the mapping names")
        phase_map = read_phase_map(phases_file, get_ruleset(ruleset), read_turn_trackers(module))
    config = referee_config(phase_map, roster_ids(roster) if roster is not None else None)
    maps = add_referee(module, out, referee_url, phase_property=phase_property, config=config)
    _wrote(out, f"the referee at {referee_url} watches the moves of {maps} map(s)")


@vassal_group.command("pieces")
@click.argument("save", type=existing_file)
@click.option(
    "--module",
    "module",
    type=existing_file,
    default=None,
    help="The game's .vmod: names each piece's location (hex) from its boards and grids.",
)
@click.option("--moves", is_flag=True, help="Also list the moves a .vlog replays.")
@json_option
def vassal_pieces(save: Path, module: Path | None, moves: bool, as_json: bool) -> None:
    """Every piece of a .vsav/.vlog: id, name, map, x, y, location (after replaying a log)."""
    from .exporters.vassal.modules import locations, read_module
    from .exporters.vassal.saves import read_game

    game = read_game(save)
    where = locations(game, read_module(module)) if module else {}
    for note in game.notes[:20]:
        click.echo(f"note: {save}: {note}", err=True)
    if len(game.notes) > 20:
        click.echo(f"note: {save}: ... and {len(game.notes) - 20} more skipped", err=True)
    if game.skipped:
        kinds = ", ".join(f"{k!r} x{n}" for k, n in game.skipped.most_common(5))
        click.echo(f"note: {save}: skipped commands that do not move pieces: {kinds}", err=True)
    rows = [{**p.to_dict(), "location": where.get(p.id)} for p in game.pieces.values()]
    data: dict[str, Any] = {"pieces": rows, "boards": game.boards}
    if moves:
        data["moves"] = game.moves
    text = "\n".join(
        f"{r['id']:>14}  {r['name']:30s} {r['map'] or '(off map)':15s} {r['x']:>6} {r['y']:>6}  "
        f"{r['location'] or ''}"
        for r in rows
    )
    if moves:
        text += f"\n\n{len(game.moves)} move(s):\n" + "\n".join(
            f"{k:>6}  {m['id']:>14}  {m['name'] or '(unknown piece)':30s} "
            f"{_place(m['from'])} -> {_place(m['to'])}"
            for k, m in enumerate(game.moves, start=1)
        )
    _emit(as_json, data if moves else rows, text)  # contracts.md §5: the list of pieces


def _place(where: tuple | None) -> str:
    if where is None:
        return "(nowhere)"
    map_, x, y = where
    return f"{map_ or '(off map)'} {x},{y}"


@main.command("check")
@click.argument("log", type=existing_file)
@click.option("--module", "module", required=True, type=existing_file, help="The game's .vmod.")
@click.option("--map", "map_file", type=existing_file, help="Map data (.json). Required to check.")
@click.option(
    "--roster",
    type=existing_file,
    help="CSV: name,side,nation,class,size,strength,movement per VASSAL piece name; blank or "
    "missing fields are read from the piece's properties (a roster may list names only). Required to check.",
)
@click.option("--ruleset", default="der-weltkrieg", show_default=True)
@click.option("--html", "html", type=output_file, default=None, help="Also write a report page (.html).")
@click.option(
    "--values", "values_file", type=existing_file, default=None, help="Chart values (.toml) for the rules."
)
@click.option(
    "--phases",
    "phases_file",
    type=existing_file,
    default=None,
    help="Which of the ruleset's phases each value of the module's turn tracker is (railhead.phases/1).",
)
@click.option(
    "--phases-template",
    "phases_template",
    type=output_file,
    default=None,
    help="Write a --phases file for the module's turn tracker, matching the names it can, and stop.",
)
@json_option
def check(
    log: Path,
    module: Path,
    map_file: Path | None,
    roster: Path | None,
    ruleset: str,
    html: Path | None,
    values_file: Path | None,
    phases_file: Path | None,
    phases_template: Path | None,
    as_json: bool,
) -> None:
    """Replay a VASSAL log through the rules: each illegal move with its rule, each move not judged
    with why. Exit 0: every move judged and legal; 1: a move is illegal; 3: some moves not judged."""
    from .engine.registry import get_ruleset
    from .exporters.vassal.check import check_log, exit_status, read_roster, summary_line
    from .exporters.vassal.phase_map import phases_template_for, read_phase_map, write_template
    from .exporters.vassal.turns import read_turn_trackers
    from .mapdata.cache import read_mapdata_cached

    rs = get_ruleset(ruleset)
    if phases_template is not None:
        write_template(phases_template, phases_template_for(module, rs))
        click.echo(
            f"wrote {phases_template}: fill in the commented-out lines, then pass it with --phases", err=True
        )
        return
    if map_file is None or roster is None:
        raise click.UsageError("check needs --map and --roster (only --phases-template does without)")
    phases = read_phase_map(phases_file, rs, read_turn_trackers(module)) if phases_file else None
    rows = read_roster(roster, partial=True)
    m = read_mapdata_cached(map_file)
    bar, _step = _progress(0, "check", quiet=as_json, unit="move")

    shown = ["read"]

    def moved(done: int, total: int, stage: str = "read") -> None:
        if stage != shown[0]:  # moves read, then moves judged: a bar each
            shown[0] = stage
            bar.reset(total=total)
            bar.set_description_str(f"check: {stage}", refresh=False)
        bar.total = total
        bar.update(done - bar.n)

    try:
        report = check_log(
            log, module, m, rows, ruleset, roster_file=roster, values_file=values_file, phases=phases,
            progress=moved,
        )  # fmt: skip
    finally:
        bar.close()
    if html is not None:
        from .exporters.vassal.check_html import write_check_html

        write_check_html(report, log, module, html)
        _wrote(html, "report page")
    lines = [summary_line(report)]
    if report["phases"]["mapping"] is None:
        lines.append(f"  phases: {report['phases']['assumed']}")
    for bad in report["illegal"]:
        lines.append(
            f"  move {bad['move']}: {bad['unit']} {bad['from']} -> {bad['to']}: {bad['rule']}: {bad['why']}"
        )
    for skipped in report["not_judged"]:
        lines.append(f"  not judged: move {skipped['move']}: {skipped['piece']}: {skipped['why']}")
    for side, units in report["supply"].items():
        for u in units:
            lines.append(f"  supply ({side}): {u['unit']} in {u['hex']}: {u['status']}")
    _emit(as_json, report, "\n".join(lines))
    if as_json:
        click.echo(summary_line(report), err=True)
    status = exit_status(report)
    if status:
        sys.exit(status)


@main.command("roster")
@click.argument("module", type=existing_file)
@click.option("--ruleset", default="der-weltkrieg", show_default=True)
@click.option("--out", "out", required=True, type=output_file, help="Roster CSV to write.")
@json_option
def roster_command(module: Path, ruleset: str, out: Path, as_json: bool) -> None:
    """Propose a roster from a module's pieces: side, nation, class, size, strength, movement where
    the module states them (properties, prototypes, palette folders, printed factors); blanks listed."""
    from .exporters.vassal.roster import propose_roster, write_roster_csv

    roster = propose_roster(module, ruleset)
    write_roster_csv(roster, out)
    counts = roster.counts()
    click.echo(
        f"wrote {out}: {len(roster.proposals)} unit(s), {len(roster.not_units)} piece(s) that are not "
        "units left out; filled " + ", ".join(f"{f} {c['filled']}" for f, c in counts.items()),
        err=True,
    )
    click.echo(f"sides: {roster.sides_note()}", err=True)
    if as_json:
        _emit(True, roster.to_dict(), "")
        return
    for b in roster.blanks():
        click.echo(f"  blank: {b['piece']}: {b['field']}: {b['why']}", err=True)
    for n in roster.not_units:
        click.echo(f"  not a unit: {n['piece']}: {n['why']}", err=True)


# --------------------------------------------------------------------------- charts
@main.command("charts")
@click.argument("ruleset")
@click.option("--out", "out", type=output_file, default=None, help="Player aids (.pdf).")
@click.option("--paper", default="a4", show_default=True, help="a4 or letter.")
@click.option("--values", "values_file", type=existing_file, default=None, help="Chart values (.toml).")
@click.option("--list-blanks", is_flag=True, help="List the blank cells (TABLE.ROW.COLUMN) and exit.")
@click.option(
    "--template",
    "template",
    type=output_file,
    default=None,
    help="Write a chart values file to fill in (.toml): printed cells filled, blank boxes commented out.",
)
@json_option
def charts(
    ruleset: str,
    out: Path | None,
    paper: str,
    values_file: Path | None,
    list_blanks: bool,
    template: Path | None,
    as_json: bool,
) -> None:
    """Printable player aids of RULESET: terrain chart, tables, track sheets, cards (vector PDF)."""
    from .exporters.charts.aids import build_tables, write_aids
    from .exporters.charts.template import write_template

    if list_blanks:
        blanks = [f"{t.id}.{r}.{c}" for t in build_tables(ruleset, values_file) for r, c in t.blanks()]
        _emit(as_json, blanks, "\n".join(blanks))
        return
    summary: dict[str, Any] = {}
    if template is not None:
        if out is not None and out.resolve() == template.resolve():
            raise InputError("--template and --out name the same file", file=out)
        tp = write_template(ruleset, template, values_file)
        _wrote(tp.path, f"{tp.printed} printed cells, {tp.blanks} blank boxes")
        summary["template"] = tp.summary()
        if out is None:
            if as_json:
                _emit(True, summary["template"], "")
            return
    if out is None:
        raise InputError("--out AIDS.pdf is required (or --list-blanks, or --template F.toml)")
    w = write_aids(ruleset, out, paper=paper, values_file=values_file)
    _wrote(w.path, f"{w.pages} pages, {w.paper}, {w.blanks} blank boxes to fill in")
    if as_json:
        summary.update(path=str(w.path), pages=w.pages, paper=w.paper, blanks=w.blanks)
        _emit(True, summary, "")


# --------------------------------------------------------------------------- demo
@main.command("demo")
@click.option(
    "--out",
    "out_dir",
    default="demo-out",
    show_default=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the outputs.",
)
def demo(out_dir: Path) -> None:
    """Run the whole job on the bundled sample map and write the results to OUT."""
    from .demo import run_demo

    run_demo(out_dir, echo=click.echo)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""`railhead demo`: the whole job on the bundled sample, writing everything into one folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .errors import InputError


def run_demo(out_dir: Path, echo: Callable[[str], None] = print) -> None:
    """Build the sample map, summarize it, and write map JSON, GeoPackage and overview PNG."""
    from .exporters.mapview import render_overview
    from .mapdata.gis import export_gpkg
    from .mapdata.io import write_mapdata
    from .mapdata.report import summary_text
    from .mapdata.sample import sample_map

    if out_dir.exists() and not out_dir.is_dir():
        raise InputError("expected a folder for the demo outputs", file=out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)

    m = sample_map()
    echo(summary_text(m))
    outputs = {
        "map data": out_dir / "sample-map.json",
        "GeoPackage": out_dir / "sample-map.gpkg",
        "overview": out_dir / "sample-overview.png",
    }
    write_mapdata(m, outputs["map data"])
    export_gpkg(m, outputs["GeoPackage"])
    render_overview(m, outputs["overview"])
    echo("")
    for what, path in outputs.items():
        echo(f"wrote {what}: {path}")

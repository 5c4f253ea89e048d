"""The area-map digitizing part of ``railhead demo``: a synthetic area-map scan made by our own code,
digitized with its legend and gazetteer, and measured against its truth."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path


def run_area_digitize_demo(
    out_dir: Path, echo: Callable[[str], None], wrote: Callable[[str, Path], Path]
) -> dict:
    """Write the scan, legend, gazetteer, digitized map and overlay; return the accuracy figures."""
    from ..mapdata.io import write_mapdata
    from .area_accuracy import area_accuracy
    from .area_synth import area_legend, render_areas
    from .areas import digitize_areas, draw_area_overlay, report_text
    from .gazetteer import write_gazetteer_csv
    from .images import write_image

    out_dir.mkdir(parents=True, exist_ok=True)
    echo("\n--- Digitizing an area map (synthetic scan, level 2) ---")
    scan = render_areas(seed=0, level=2)
    legend = area_legend()
    write_image(wrote("area-map scan", out_dir / "area-scan.png"), scan.image)
    wrote("area-map legend", out_dir / "area-legend.toml").write_text(legend.to_toml(), encoding="utf-8")
    write_gazetteer_csv(scan.places, wrote("gazetteer", out_dir / "area-gazetteer.csv"))
    write_mapdata(scan.truth, wrote("area-map truth", out_dir / "area-truth.json"))
    found = digitize_areas(scan.image, legend, scan.places, name="area-scan")
    write_mapdata(found.map, wrote("digitized area map", out_dir / "area-map.json"))
    write_image(wrote("area overlay", out_dir / "area-overlay.png"), draw_area_overlay(scan.image, found))
    acc = area_accuracy(found.map, scan.truth, scan.image.shape[:2])
    echo(report_text({**found.report, "accuracy": acc}))
    return acc

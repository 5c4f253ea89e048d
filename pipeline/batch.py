"""Many sheets at once (``railhead digitize-batch``): every scan of a folder digitized with one legend
on a Dask cluster — a local one by default (one process a worker), or the scheduler at an address
the user gives — with a progress bar and one report. A sheet that fails (unreadable image, no grid
found) is reported with its error; the others are still written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import InputError

SCAN_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")


def scans_in(folder: str | Path) -> list[Path]:
    p = Path(folder)
    if not p.is_dir():
        raise InputError("no such folder of scans", file=p)
    found = sorted(x for x in p.iterdir() if x.is_file() and x.suffix.lower() in SCAN_SUFFIXES)
    if not found:
        raise InputError(f"no scans ({', '.join(SCAN_SUFFIXES)}) in the folder", file=p)
    return found


def digitize_one(scan: str, legend_file: str, out: str) -> dict[str, Any]:
    """Digitize one sheet and write its map data; runs on a Dask worker."""
    from ..mapdata.io import write_mapdata
    from .digitize import digitize, load_image
    from .legend import read_legend

    t = time.perf_counter()
    try:
        found = digitize(
            load_image(scan), read_legend(legend_file), name=Path(scan).stem, image_name=Path(scan).name
        )
        write_mapdata(found.map, out)
    except InputError as exc:
        return {"scan": scan, "error": str(exc)}
    return {
        "scan": scan,
        "map": out,
        "hexes": len(found.map.hexes),
        "terrain": found.map.terrain_counts(),
        "doubtful": len(found.doubtful),
        "seconds": round(time.perf_counter() - t, 2),
    }


SCHEDULER_TIMEOUT_S = 5


def _connect(client_class: Any, address: str) -> Any:
    """A client of the Dask scheduler at ``address``, or InputError within
    :data:`SCHEDULER_TIMEOUT_S` seconds when there is none to reach."""
    try:
        return client_class(address, timeout=f"{SCHEDULER_TIMEOUT_S}s")
    except (ValueError, TypeError) as exc:
        raise InputError(
            f"--scheduler {address}: not a scheduler address ({exc}); expected tcp://HOST:PORT"
        ) from None
    except (OSError, TimeoutError) as exc:
        why = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        raise InputError(
            f"--scheduler {address}: no Dask scheduler answered within {SCHEDULER_TIMEOUT_S} s ({why}); "
            "start one (dask scheduler) or leave --scheduler out to run a local cluster"
        ) from None


def digitize_batch(
    scans: list[Path],
    legend_file: Path,
    out_dir: Path,
    scheduler: str | None = None,
    workers: int = 2,
    tick: Callable[[dict], None] | None = None,
) -> dict[str, Any]:
    """Digitize ``scans`` into ``out_dir`` (one ``<stem>.json`` each); returns the report."""
    from dask.distributed import Client, LocalCluster, as_completed

    cluster = None
    if scheduler:
        client = _connect(Client, scheduler)
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None)
        client = Client(cluster)
    try:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"cannot make the output folder: {exc.strerror or exc}", file=out_dir) from None
        futures = [
            client.submit(digitize_one, str(s), str(legend_file), str(out_dir / f"{s.stem}.json"), pure=False)
            for s in scans
        ]
        results = []
        for fut in as_completed(futures):
            r = fut.result()
            results.append(r)
            if tick:
                tick(r)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    results.sort(key=lambda r: r["scan"])
    failed = [r for r in results if "error" in r]
    return {
        "legend": str(legend_file),
        "sheets": results,
        "digitized": len(results) - len(failed),
        "failed": len(failed),
        "scheduler": scheduler or f"local cluster, {workers} worker processes",
    }

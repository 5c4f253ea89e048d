"""The sample of this game made by our own code: the sample geography (all six front grids; the
demo shows the Eastern and Caucasus fronts and the transit box between them) with a small Eastern
Front position of 1915 and a Caucasus one, written as ``railhead.mapdata/1`` and ``railhead.state/1``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ....files import write_json
from ....mapdata.io import write_mapdata
from ....mapdata.model import MapData
from ...state import FORMAT, Unit
from .geography import geography_map


def sample_map(data, **kw) -> MapData:
    return geography_map(data, **kw)


def _unit(uid, side, nation, cls, hex_id, strength, ma, **attrs) -> dict[str, Any]:
    return Unit(uid, side, nation, cls, hex_id, strength=strength, movement=ma, attrs=attrs).to_dict()


def sample_state(date: str = "1915-05", weather: Any = None) -> dict[str, Any]:
    """German and Russian units facing each other across the Russian Poland border, a Turkish and
    a Russian force in the Caucasus, and a German HQ behind the line."""
    units = [
        _unit("GE-8A-HQ", "cp", "ge", "hq", "E5014", 1, 3),
        _unit("GE-1ID", "cp", "ge", "infantry", "E5015", 4, 4),
        _unit("GE-2ID", "cp", "ge", "infantry", "E4914", 4, 4),
        _unit("GE-1CD", "cp", "ge", "cavalry", "E5113", 1, 5),
        _unit("GE-3ID", "cp", "ge", "infantry", "E5102", 4, 4),
        _unit("AH-1ID", "cp", "ah", "infantry", "E4110", 3, 4),
        _unit("AH-1MD", "cp", "ah", "mountain", "E2716", 3, 4),
        _unit("RU-1ID", "allied", "ru", "infantry", "E4917", 3, 4),
        _unit("RU-2ID", "allied", "ru", "infantry", "E5018", 3, 4),
        _unit("RU-3ID", "allied", "ru", "infantry", "E4816", 3, 4),
        _unit("RU-1CD", "allied", "ru", "cavalry", "E5220", 1, 5),
        _unit("RU-4ID", "allied", "ru", "infantry", "E4129", 3, 4),
        _unit("TU-3A-HQ", "cp", "tu", "hq", "N3936", 1, 2),
        _unit("TU-9ID", "cp", "tu", "infantry", "N3937", 3, 3),
        _unit("RU-CAU-1", "allied", "ru", "infantry", "N4148", 3, 3),
        _unit("RU-CAU-2", "allied", "ru", "infantry", "N3653", 3, 3),
    ]
    return {
        "format": FORMAT,
        "ruleset": "gmt-great-war",
        "turn": 10,
        "active_side": "cp",
        "date": date,
        "weather": weather or {"wi": "fair", "e": "fair", "c": "fair", "ie": "hot"},
        "units": units,
        "hexes": {},
        "ledgers": {},
        "european_turks_deployed": True,  # 17.13: by May 1915 (Gallipoli) they are
    }


def write_sample(data, out_dir: Path) -> tuple[Path, Path]:
    """Write the sample map and position into ``out_dir``; returns their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    m = sample_map(data)
    map_file, state_file = out_dir / "gmt-map.json", out_dir / "gmt-state.json"
    write_mapdata(m, map_file)
    write_json(state_file, sample_state())
    return map_file, state_file

"""A made-up geography on the six front grids, built by code: countries, towns and cities of the
rulebook's gazetteer (spec Appendix A) at their printed hex numbers, ports, Ultimate Supply
Sources, forts, the Eastern map's haffs and mountain pass, and the boxes of 9.13, 9.16 and 9.24.

Terrain is generated (smooth blobs); the hexes the rules' examples name get the terrain those
examples need. Nothing here is the printed map: it is a sample for the demo and the tests, with
every attribute the ruleset reads, in the shape a digitized map would have.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ....mapdata.model import Box, Hex, Hexside, Link, MapData, side_key
from ...ruleset import RulesetData
from .fronts import front_sheet, fronts_of

# printed row/column ranges of each front (picture order: top row first)
GRIDS: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "western": ((70, 36), (1, 34)),
    "italian": ((30, 20), (10, 34)),
    "eastern": ((70, 10), (1, 34)),
    "caucasus": ((48, 30), (31, 54)),
    "egyptian": ((43, 17), (8, 30)),
    "iraqi": ((29, 8), (34, 55)),
}


def _country(front: str, r: int, c: int) -> str:
    """The sample's countries, laid out so that the gazetteer hexes fall where the rules put them."""
    if front == "western":
        if c >= 27:
            return "germany"
        if r >= 65 and c >= 10:
            return "belgium"
        return "france"
    if front == "italian":
        return "italy" if c <= 24 else "austria_hungary"
    if front == "eastern":
        if (50 <= r <= 57 and c <= 17) or (44 <= r <= 49 and c <= 8):
            return "germany"
        if 44 <= r <= 53 and 9 <= c <= 22:
            return "russian_poland"
        if 28 <= r <= 43 and c <= 24:
            return "austria_hungary"
        if 22 <= r <= 27 and 17 <= c <= 30:
            return "romania" if c >= 19 else "austria_hungary"
        if r >= 28 or c >= 31:
            return "russia"
        if 15 <= r <= 21:
            return "serbia" if c <= 14 else "bulgaria"
        if r <= 14:
            return "ottoman" if c >= 20 else "greece"
        return "austria_hungary"
    if front == "caucasus":
        if c <= 42:
            return "ottoman"
        return "russia" if r >= 35 else "persia"
    if front == "egyptian":
        return "egypt" if r >= 31 else "ottoman"
    if front == "iraqi":
        return "persia" if r >= 20 and c <= 47 else "ottoman"
    raise ValueError(front)


def _caucasus_coast(r: int, c: int) -> str | None:
    """The sea a Caucasus land hex touches (§1.1 adjacency): "black_sea" on the west, "caspian"
    on the east, else None."""
    shift = (0, 1) if r % 2 else (-1, 0)
    around = [(r, c - 1), (r, c + 1)] + [(r + dr, c + s) for dr in (-1, 1) for s in shift]
    for rr, cc in around:
        if _sea("caucasus", rr, cc):
            return "black_sea" if cc <= 35 else "caspian"
    return None


def _sea(front: str, r: int, c: int) -> bool:
    if front == "eastern":
        black = c >= 30 and r <= 26
        baltic = (r >= 59 and c <= 14) or (r >= 63 and c <= 18) or (r >= 70 and c <= 27)
        return black or baltic
    if front == "caucasus":
        return (r >= 45 and c <= 35) or (c == 54 and r <= 42)
    if front == "egyptian":
        return c <= 10 and 26 <= r <= 40
    return False


# name, settlement, extra attrs (spec Appendix A)
PLACES: dict[str, tuple[str, str, dict[str, Any]]] = {
    "W6819": ("Antwerp", "city", {"port": True, "fort": "fort", "fort_nation": "be"}),
    "W6221": ("Namur", "city", {"fort": "fort", "fort_nation": "be"}),
    "W6316": ("Mons", "town", {}),
    "W6312": ("Lens", "town", {}),
    "W6310": ("Bethune", "town", {}),
    "W5425": ("Longwy", "town", {}),
    "W6413": ("Lille", "city", {}),
    "W6526": ("Aachen", "city", {}),
    "W5008": ("Paris", "city", {}),
    "W5009": ("Paris", "city", {}),
    "W4908": ("Paris", "city", {}),
    "W6830": ("Ruhr", "city", {"uss": "cp"}),
    "W6831": ("Ruhr", "city", {"uss": "cp"}),
    "W6729": ("Ruhr", "city", {"uss": "cp"}),
    "W6730": ("Ruhr", "city", {"uss": "cp"}),
    "W5603": ("Rouen", "city", {"port": True}),
    "W5801": ("Le Havre", "city", {"port": True}),
    "W6707": ("Calais", "town", {"port": True}),
    "W6709": ("Dunkirk", "town", {"port": True}),
    "W6606": ("Boulogne", "town", {"port": True}),
    "W6912": ("Ostend", "town", {"port": True}),
    "W5520": ("Reims", "city", {}),
    "W4418": ("Verdun", "city", {"fort": "fort", "fort_nation": "fr"}),
    "W5230": ("Metz", "city", {"fort": "heavy_fort", "fort_nation": "ge"}),
    "W6032": ("Koln", "city", {}),
    "W2022": ("Venice", "city", {"port": True}),
    "W2230": ("Trieste", "city", {"port": True}),
    "W2615": ("Trent", "town", {}),
    "W2414": ("Verona", "city", {}),
    "E5102": ("Berlin", "city", {"uss": "cp"}),
    "E5205": ("Stettin", "city", {"port": True}),
    "E5412": ("Danzig", "city", {"port": True}),
    "E5414": ("Konigsberg", "city", {"port": True, "fort": "fort", "fort_nation": "ge"}),
    "E6116": ("Libau", "town", {"port": True}),
    "E6120": ("Riga", "city", {"port": True}),
    "E6921": ("Talinin", "town", {"port": True}),
    "E6924": ("Narva", "town", {"port": True}),
    "E7028": ("Kronstadt", "town", {"port": True}),
    "E7030": ("Petrograd", "city", {"port": True}),
    "E5620": ("Kovno", "city", {"fort": "fort", "fort_nation": "ru"}),
    "E4816": ("Warsaw", "city", {}),
    "E4304": ("Prague", "city", {"uss": "cp"}),
    "E3606": ("Vienna", "city", {"uss": "cp"}),
    "E3310": ("Budapest", "city", {"uss": "cp"}),
    "E4129": ("Kiev", "city", {}),
    "E3031": ("Odessa", "city", {"port": True}),
    "E4222": ("Lutsk", "town", {"fort": "fort", "fort_nation": "ru"}),
    "E3918": ("Prezmysl", "city", {"fort": "heavy_fort", "fort_nation": "ah"}),
    "E2623": ("Ploesti", "town", {}),
    "E2423": ("Bucharest", "city", {}),
    "E2328": ("Constanta", "town", {"port": True}),
    "E2027": ("Varna", "town", {"port": True}),
    "E1726": ("Burgas", "town", {"port": True}),
    "E1819": ("Sofia", "city", {}),
    "E1709": ("Scutari", "town", {}),
    "E1210": ("Valona", "town", {"port": True}),
    "E1116": ("Salonika", "city", {"port": True}),
    "E1328": ("Constantinople", "city", {"port": True}),
    "E4908": ("Breslau", "city", {}),
    "E2816": ("Hermannstadt", "town", {}),
    "E4108": ("Krakau", "city", {}),
    "N1728": ("Damascus", "city", {}),
    "N2430": ("Beirut", "city", {"port": True}),
    "N2416": ("Jerusalem", "city", {}),
    "N2913": ("Gaza", "town", {"fort": "fort", "fort_nation": "tu"}),
    "N2711": ("Bersheeba", "town", {"fort": "fort", "fort_nation": "tu"}),
    "N4011": ("Romani", "town", {}),
    "N3611": ("Pipeline Station", "town", {}),
    "N3311": ("El Arish", "town", {}),
    "N3112": ("Rafa", "town", {}),
    "N4208": ("Bitter Lake", "town", {"uss": "allied"}),
    "N4215": ("Suez", "town", {"uss": "allied", "port": True}),
    "N1540": ("Baghdad", "city", {}),
    "N1845": ("Kut", "town", {}),
    "N2252": ("Basra", "town", {"port": True, "uss": "allied", "uss_nations": ["br", "bi"]}),
    "N2552": ("Abadan", "town", {"port": True, "uss": "allied", "uss_nations": ["br", "bi"]}),
    "N2436": ("Hamadan", "town", {}),
    "N1336": ("Mosul", "town", {}),
    "N3045": ("Tabriz", "town", {}),
    "N3653": ("Baku", "city", {}),
    "N4332": ("Trebizond", "town", {"port": True}),
    "N3338": ("Van", "town", {}),
    "N3936": ("Erzerum", "city", {"fort": "fort", "fort_nation": "tu"}),
    "N4148": ("Kars", "town", {}),
    "N4445": ("Batum", "town", {"port": True}),
}

# the Eastern map's haffs and the non-haff E5512/E5413 (8.35); the pass course E2717/E2618 (8.33)
HAFFS = [("E5304", "E5405"), ("E5404", "E5405"), ("E5405", "E5406"), ("E5615", "E5715"), ("E5715", "E5816")]
NOT_HAFF = [("E5512", "E5413")]
PASS_COURSE = [("E2717", "E2618"), ("E2618", "E2518")]
FIXED_TERRAIN = {
    "E2717": "mountain_pass",
    "E2618": "mountain_pass",
    "E2518": "mountain_pass",
    "E2617": "mountain",
    "E2716": "mountain",
}


def _uss(
    front: str, country: str, r: int, c: int, rows: tuple[int, int], cols: tuple[int, int]
) -> str | None:
    """Map-edge Ultimate Supply Sources (11.32, 11.33), each on the edge the rules name: Western
    W3833-W7034 (Germany, east edge) and W5701-W3629 (France, west and south edges); Eastern
    E3501-E5701 (CP, west edge), E3034-E7034 (RU/RO, east edge), E1012-E1016 (GK, south edge);
    Italian: non-Alpine edge hexes of each country; Caucasus N4836-N4849 (Allied, top edge) and
    the CP symbol hexes of the Near East maps (their west or east edge here)."""
    lo_r, hi_r, lo_c, hi_c = min(rows), max(rows), min(cols), max(cols)
    if front == "western":
        if country == "germany" and c == hi_c:
            return "cp"
        if country == "france" and ((c == lo_c and r <= 57) or r == lo_r):
            return "allied"
    elif front == "italian":
        if r == lo_r or c in (lo_c, hi_c):
            return "cp" if country == "austria_hungary" else "allied" if country == "italy" else None
    elif front == "eastern":
        if c == lo_c and 35 <= r <= 57:
            return "cp"
        if c == hi_c and r >= 30 and country in ("russia", "romania"):
            return "allied"
        if r == lo_r and 12 <= c <= 16:
            return "allied"
    elif front == "caucasus":
        if r == hi_r and 36 <= c <= 49:
            return "allied"
        if c == lo_c and country == "ottoman":
            return "cp"
    elif front == "egyptian":
        if r == lo_r and country == "ottoman":
            return "cp"
    elif front == "iraqi" and c == lo_c and country == "ottoman":
        return "cp"
    return None


def _terrain_field(rng: np.random.Generator, r: np.ndarray, c: np.ndarray) -> np.ndarray:
    out = np.zeros(len(r))
    for _ in range(5):
        angle = rng.uniform(0, 2 * np.pi)
        k = rng.uniform(0.15, 0.45)
        out += np.cos(k * (r * np.cos(angle) + c * np.sin(angle)) + rng.uniform(0, 2 * np.pi))
    return out / 5


def geography_map(
    data: RulesetData,
    fronts: tuple[str, ...] = tuple(GRIDS),
    *,
    seed: int = 1914,
    plain: bool = False,
    terrain: Mapping[str, str] | None = None,
    hexsides: Mapping[tuple[str, str], tuple[str, ...]] | None = None,
    places: Mapping[str, tuple[str, str, dict[str, Any]] | None] | None = None,
) -> MapData:
    """The sample geography on ``fronts``. ``plain``: every land hex clear (for tests that set
    the few hexes they need with ``terrain``, ``hexsides`` and ``places``; a place given as None
    is taken off the map)."""
    all_places = {**PLACES, **(places or {})}
    front_data = fronts_of(data)
    rng = np.random.default_rng(seed)
    sheets, hexes, sides = [], [], {}
    edge_uss: dict[tuple[str, str], list[str]] = {}
    for name in fronts:
        rows, cols = GRIDS[name]
        sheet = front_sheet(front_data[name], rows, cols)
        sheets.append(sheet)
        g = sheet.grid
        coords = list(g.coords())
        rr = np.array([r for _, r in coords])
        cc = np.array([c for c, _ in coords])
        f = _terrain_field(rng, rr, cc)
        g2 = _terrain_field(rng, rr, cc)
        lo_r, hi_r, lo_c, hi_c = min(rows), max(rows), min(cols), max(cols)
        for k, (c, r) in enumerate(coords):
            hid = g.format_id(c, r)
            country = _country(name, r, c)
            if _sea(name, r, c):
                t = "all_sea"
            elif plain:
                t = "clear"
            elif name in ("egyptian", "iraqi") and country != "persia":
                t = "desert" if f[k] > 0.2 else "clear"
            elif name == "italian" and r >= 28:
                t = "alpine" if country == "austria_hungary" or f[k] > 0 else "mountain"
            elif f[k] > 0.45:
                t = (
                    "mountain"
                    if name in ("caucasus", "italian") or country == "austria_hungary"
                    else "forest"
                )
            elif g2[k] > 0.5:
                t = "marsh" if name == "eastern" else "forest"
            elif g2[k] < -0.55:
                t = "rough" if name == "caucasus" else "flood_plain"
            else:
                t = "clear"
            if hid in FIXED_TERRAIN and not plain:
                t = FIXED_TERRAIN[hid]
            if terrain and hid in terrain:
                t = terrain[hid]
            edge = r in (lo_r, hi_r) or c in (lo_c, hi_c)
            attrs: dict[str, Any] = {"front": name, "country": country}
            if edge:
                attrs["map_edge"] = True
            if name == "western" and c == lo_c and r >= 57:
                attrs["coast"] = "channel"  # the sample's Channel coast: the west edge from W5701 north
            if name == "caucasus" and t != "all_sea":
                sea = _caucasus_coast(r, c)
                if sea:
                    attrs["coast"] = sea  # 11.45: Black Sea or Caspian coastal hex
            uss = _uss(name, country, r, c, rows, cols) if edge and t != "all_sea" else None
            if name == "egyptian" and r >= 42 and t != "all_sea":
                uss = "allied"  # all hexes west of the Suez Canal (11.33)
                attrs["west_of_suez"] = True  # 17.21: where the Canal Defense Companies operate
            hex_name = None
            place = all_places.get(hid)
            if place and t != "all_sea":
                hex_name, settlement, extra = place
                attrs["settlement"] = settlement
                attrs.update(extra)
                uss = extra.get("uss", uss)
            if uss:
                attrs["uss"] = uss
                if edge and not place:
                    edge_uss.setdefault((name, uss), []).append(hid)
            hexes.append(Hex(hid, t, hex_name, attrs=attrs))
    ids = {h.id for h in hexes}
    if "eastern" in fronts:
        for a, b in HAFFS:
            sides[side_key(a, b)] = ("lake", "haff")
        for a, b in NOT_HAFF:
            sides[side_key(a, b)] = ("all_sea", "not_haff")
        if not plain:
            for a, b in PASS_COURSE:
                sides[side_key(a, b)] = ("pass_course",)
    for pair, feats in (hexsides or {}).items():
        sides[side_key(*pair)] = tuple(feats)
    hexside_list = [Hexside(k, None, v) for k, v in sides.items() if k[0] in ids and k[1] in ids]
    boxes, links = _boxes_and_links(fronts, edge_uss)
    if (
        "egyptian" in fronts
    ):  # 9.16: out of Arabia to any Ottoman town or city of the Egyptian map, never back
        for h in hexes:
            if (
                h.attrs.get("settlement")
                and h.attrs["front"] == "egyptian"
                and h.attrs["country"] == "ottoman"
            ):
                links.append(
                    Link(
                        ("arabia", h.id),
                        "strategic",
                        ("strategic",),
                        {"side": "cp", "oneway": True, "rule": "9.16"},
                    )
                )
    sea_box, sea_links = _sea_links(hexes)
    boxes.append(sea_box)
    links += sea_links
    return MapData.build("gmt-great-war sample", sheets, hexes, hexside_list, boxes=boxes, links=links)


# boxes (9.13, 9.16, 9.24) and the off-map routes between fronts (9.0, spec A27); each route links
# the friendly map-edge supply hexes of the fronts it joins.
BOXES = {
    "cp_transit": (
        "CP Strategic Movement Transit Box",
        "transit",
        "cp",
        [("eastern", "cp"), ("caucasus", "cp"), ("egyptian", "cp"), ("iraqi", "cp")],
        "9.13",
    ),
    "ru_transfer": (
        "Russian Caucasus/East Front Transfer Box",
        "transit",
        "allied",
        [("eastern", "allied"), ("caucasus", "allied")],
        "9.24",
    ),
    "arabia": ("Arabia Holding Box", "holding", "cp", [], "9.16"),
    "trr": ("Turkish Required Reserve Holding Box", "holding", "cp", [], "5.38"),
    "cp_europe_edge": (
        "CP rear (map-edge routes of Europe)",
        "route",
        "cp",
        [("western", "cp"), ("italian", "cp"), ("eastern", "cp")],
        "9.0",
    ),
    "allied_west_edge": (
        "Allied rear (France and Italy)",
        "route",
        "allied",
        [("western", "allied"), ("italian", "allied")],
        "9.0",
    ),
}


BALTIC_PORTS = {"E5205", "E5412", "E5414", "E6116", "E6120", "E6921", "E6924", "E7028", "E7030"}
BLACK_SEA_PORTS = {"E1726", "E2027", "E2328", "E3031"}


def _sea_links(hexes: list[Hex]) -> tuple[Box, list[Link]]:
    """9.5: Allied sea movement joins ports through one box; no Baltic ports (9.54), no Caucasus
    ports (the Russian Amphibious Campaign is no regular sea movement, 9.54); Black Sea ports
    marked, for they serve only while the Allies control Constantinople."""
    box = Box("sea_lanes", "Allied sea movement", {"kind": "sea", "side": "allied", "rule": "9.5"})
    links = []
    for h in hexes:
        a = h.attrs
        if not a.get("port") or h.id in BALTIC_PORTS or a["front"] == "caucasus" or h.terrain == "all_sea":
            continue
        sea = "black_sea" if h.id in BLACK_SEA_PORTS else "open"
        links.append(Link((h.id, box.id), "sea", ("sea",), {"side": "allied", "sea": sea, "rule": "9.53"}))
    return box, links


def _boxes_and_links(fronts, edge_uss) -> tuple[list[Box], list[Link]]:
    boxes, links = [], []
    for bid, (name, kind, side, joins, rule) in BOXES.items():
        boxes.append(Box(bid, name, {"kind": kind, "side": side, "rule": rule}))
        for key in joins:
            if key[0] not in fronts:
                continue
            for h in edge_uss.get(key, []):
                links.append(Link((h, bid), "strategic", ("strategic",), {"side": side, "rule": rule}))
    return boxes, links

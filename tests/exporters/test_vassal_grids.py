"""Square and region grids of modules made by others, on boards and inside ZonedGrid zones: a piece
at a pixel gets the name VASSAL gives it. Every expected name below is worked out by hand from the
formulas of VASSAL's SquareGridNumbering/RegularGridNumbering/RegionGrid/Zone/ZonedGrid (restated
in exporters/vassal/grids.py and shared/docs/vassal-and-landscape.md §1.6)."""

from __future__ import annotations

import json
import zipfile

import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.errors import InputError
from railhead.exporters.vassal.modules import locations, read_module
from railhead.exporters.vassal.saves import piece_command, read_game, write_save

P = "VASSAL.build.module.map.boardPicker.board"


def _module(tmp_path, board_xml: str, size=(500, 400)):
    xml = (
        '<?xml version="1.0"?><VASSAL.build.GameModule name="t">'
        '<VASSAL.build.module.Map mapName="M"><VASSAL.build.module.map.BoardPicker>'
        f'<VASSAL.build.module.map.boardPicker.Board name="B" width="{size[0]}" height="{size[1]}">'
        f"{board_xml}</VASSAL.build.module.map.boardPicker.Board>"
        "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"
    )
    path = tmp_path / "g.vmod"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", xml)
    return path


def _names(tmp_path, board_xml: str, points, size=(500, 400)) -> list[str | None]:
    path = _module(tmp_path, board_xml, size)
    cmds = [piece_command(str(k), f"P{k}", "M", x, y) for k, (x, y) in enumerate(points)]
    write_save(tmp_path / "g.vsav", cmds + ["MBoardPicker\tB\t0\t0"])
    where = locations(read_game(tmp_path / "g.vsav"), read_module(path))
    return [where[str(k)] for k in range(len(points))]


def _square(attrs: str, numbering: str | None) -> str:
    num = f"<{P}.mapgrid.SquareGridNumbering {numbering}/>" if numbering is not None else ""
    return f"<{P}.SquareGrid {attrs}>{num}</{P}.SquareGrid>"


def test_square_grid_ascending_letters_and_truncated_rows(tmp_path):
    grid = _square(
        'dx="50.0" dy="40.0" x0="30" y0="60"',
        'first="H" sep="-" hType="A" vType="N" hLeading="0" vLeading="1" hOff="0" vOff="1"'
        ' locationFormat="$gridLocation$"',
    )
    # (30,60): col floor(0/50+.5)=0 -> A; row (int)(0/40+.5)=0 -> 0+1 -> "01"
    # (134,137): col floor(104/50+.5)=floor(2.58)=2 -> C; row (int)(77/40+.5)=(int)2.425=2 -> "03"
    # (84,20): col floor(54/50+.5)=1 -> B; row (int)(-40/40+.5)=(int)(-0.5)=0 (a floor would give -1)
    # (84,1): row (int)(-59/40+.5)=(int)(-0.975)=0; (84,0): (int)(-1.0)=-1 -> -1+1=0 -> "00"
    assert _names(tmp_path, grid, [(30, 60), (134, 137), (84, 20), (84, 1), (84, 0)]) == [
        "A-01",
        "C-03",
        "B-01",
        "B-01",
        "B-00",
    ]


def test_square_grid_descending_row_first_with_format(tmp_path):
    grid = _square(
        'dx="50.0" dy="40.0" x0="30" y0="20"',
        'first="V" sep="/" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1"'
        ' hDescend="true" vDescend="true" locationFormat="Sq $gridLocation$ ($column$,$row$)"',
    )
    # board 500 x 400: maxCols (int)(500/50+.5)=10, maxRows (int)(400/40+.5)=10 (not swapped)
    # (84,20): col 1 -> 10-1=9 -> "10"; row 0 -> 10 -> "11"; rows first: "11/10"
    # (134,97): col 2 -> 8 -> "09"; row (int)(77/40+.5)=2 -> 8 -> "09"
    assert _names(tmp_path, grid, [(84, 20), (134, 97)]) == ["Sq 11/10 (10,11)", "Sq 09/09 (09,09)"]


def test_square_grid_defaults_and_no_numbering(tmp_path):
    # VASSAL defaults: dx=dy=48, x0=y0=24; numbering: H first, no separator, numbers, 1 leading zero,
    # offsets 1. (450,300): col floor(426/48+.5)=9 -> "10"; row (int)(276/48+.5)=6 -> "07"
    assert _names(tmp_path, _square("", ""), [(450, 300)]) == ["1007"]
    assert _names(tmp_path, _square("", None), [(450, 300)]) == [None]  # no numbering: no name


def _region_grid(regions) -> str:
    body = "".join(f'<{P}.Region name="{n}" originx="{x}" originy="{y}"/>' for n, x, y in regions)
    return f'<{P}.RegionGrid snapto="true" visible="false" fontsize="9">{body}</{P}.RegionGrid>'


def test_region_grid_nearest_region_and_same_origin_replaced(tmp_path):
    grid = _region_grid(
        [("Paris", 100, 100), ("Verdun", 300, 120), ("Old Metz", 400, 100), ("Metz", 400, 100)]
    )
    # (210,110): Paris 110²+10²=12200, Verdun 90²+10²=8200 -> Verdun
    # (390,60): Metz 10²+40²=1700 (Old Metz is replaced: same origin), Verdun 90²+60²=11700
    # (0,0): Paris 100²+100²=20000, Verdun 300²+120², Metz 400²+100² -> Paris
    assert _names(tmp_path, grid, [(210, 110), (390, 60), (0, 0)]) == ["Verdun", "Metz", "Paris"]


def test_zones_with_their_own_square_and_region_grids(tmp_path):
    zone_a = (
        f'<{P}.mapgrid.Zone name="A" path="0,0;200,0;200,200;0,200" useParentGrid="false"'
        ' locationFormat="$name$ $gridLocation$">'
        + _square(
            'dx="50.0" dy="50.0" x0="25" y0="25"',
            'first="H" sep="." hType="N" vType="N" hLeading="0" vLeading="0" hOff="1" vOff="1"'
            ' hDescend="true" locationFormat="$gridLocation$"',
        )
        + f"</{P}.mapgrid.Zone>"
    )
    zone_b = (
        f'<{P}.mapgrid.Zone name="B" path="200,0;400,0;400,200;200,200" useParentGrid="false"'
        ' locationFormat="$gridLocation$">'
        + _region_grid([("North", 300, 50), ("South", 300, 150)])
        + f"</{P}.mapgrid.Zone>"
    )
    zone_c = (
        f'<{P}.mapgrid.Zone name="C" path="0,200;200,200;200,400;0,400" useParentGrid="true"'
        ' locationFormat="$name$:$gridLocation$"/>'
    )
    board = f"<{P}.ZonedGrid>{zone_a}{zone_b}{zone_c}{_square('', '')}</{P}.ZonedGrid>"
    # A: own grid in board coordinates, container = the zone's 200 x 200 bounding box:
    #   (130,80): col floor(105/50+.5)=2, descending: (int)(200/50+.5)=4 -> 4-2=2 -> "3";
    #   row (int)(55/50+.5)=1 -> "2" => "A 3.2"
    # B: (250,140): North 50²+90², South 50²+10² -> "South"
    # C: the background square grid (defaults): (100,300): col floor(76/48+.5)=2 -> "03",
    #   row (int)(276/48+.5)=6 -> "07" => "C:0307"
    # outside every zone: the background grid, (450,300) -> "1007"
    points = [(130, 80), (250, 140), (100, 300), (450, 300)]
    assert _names(tmp_path, board, points) == ["A 3.2", "South", "C:0307", "1007"]


def test_cli_pieces_names_locations_on_a_square_grid_module(tmp_path):
    path = _module(tmp_path, _square('dx="50.0" dy="40.0" x0="30" y0="60"', 'hType="A" hOff="0"'))
    write_save(tmp_path / "s.vsav", [piece_command("1", "U", "M", 134, 137), "MBoardPicker\tB\t0\t0"])
    r = CliRunner().invoke(
        main, ["vassal", "pieces", str(tmp_path / "s.vsav"), "--module", str(path), "--json"]
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)[0]["location"] == "C03"  # C from floor(2.58); 2+1 with one leading 0


@pytest.mark.parametrize(
    ("board_xml", "message"),
    [
        (_square('dx="wide"', ""), r"board 'B': SquareGrid: dx='wide' is not a number"),
        (_square('dx="0"', ""), r"SquareGrid: cell size dx=0.0"),
        (_square('x0="1e999"', ""), r"x0='1e999' is not a number"),
        (_region_grid([("X", "a", 1)]), r"RegionGrid: region 1 \('X'\): originx='a'"),
    ],
)
def test_hostile_grids_are_clear_errors(tmp_path, board_xml, message):
    path = _module(tmp_path, board_xml)
    with pytest.raises(InputError, match=message) as exc:
        read_module(path)
    assert str(exc.value).startswith(str(path))
    write_save(tmp_path / "s.vsav", [piece_command("1", "U", "M", 10, 10)])
    r = CliRunner().invoke(main, ["vassal", "pieces", str(tmp_path / "s.vsav"), "--module", str(path)])
    assert r.exit_code == 2 and str(path) in r.stderr


def test_a_long_outline_over_many_points_answers_as_point_by_point():
    """Past the dense limit each edge meets only the points of its y-span (sorted by y): the answer
    is the one the dense test gives, boundary points included (AWT's half-open rules)."""
    import numpy as np

    from railhead.exporters.vassal import grids

    rng = np.random.default_rng(3)
    t = np.linspace(0, 2 * np.pi, 400, endpoint=False)
    r = 300 + 80 * np.sin(7 * t)
    poly = grids.AwtPolygon(
        tuple(np.round(500 + r * np.cos(t)).astype(int)), tuple(np.round(500 + r * np.sin(t)).astype(int))
    )
    xs = np.concatenate([rng.integers(100, 900, 20_000), np.array(poly.xs)]).astype(float)
    ys = np.concatenate([rng.integers(100, 900, 20_000), np.array(poly.ys)]).astype(float)
    fast = poly.contains_many(xs, ys)
    dense = np.array([poly.contains(px, py) for px, py in zip(xs[:3000], ys[:3000], strict=True)])
    assert len(xs) * len(poly.xs) > grids._DENSE_LIMIT  # the edge-by-edge path is the one tested
    assert np.array_equal(fast[:3000], dense) and 0.2 < fast.mean() < 0.8
    vertices = np.array([poly.contains(px, py) for px, py in zip(poly.xs, poly.ys, strict=True)])
    assert np.array_equal(fast[20_000:], vertices)

"""MapArrays.side_terrain_code: each hexside's terrain as its place in a chart's names, read per
hexside record (aliases renamed, the default where none is recorded, unknown names listed)."""

from __future__ import annotations

from builders import hex_map, side

from railhead.engine.board import map_arrays


def test_codes_aliases_default_and_unknown():
    m = hex_map((1, 4), (1, 4), hexsides=[side("0101", "0102", "forest"), side("0202", "0203", "woods"),
                                          side("0303", "0304", "lava")])  # fmt: skip
    a = map_arrays(m)
    names = ["clear", "forest"]
    code, unknown = a.side_terrain_code(names, "clear", {"woods": "forest"})
    assert unknown == ["lava"]
    i, d = a.edge_slot("0101", "0102")
    j, e = a.edge_slot("0102", "0101")
    assert code[i, d] == code[j, e] == 1  # both directions of the side
    i, d = a.edge_slot("0202", "0203")
    assert code[i, d] == 1  # "woods" is another spelling of forest
    i, d = a.edge_slot("0303", "0304")
    assert code[i, d] == -1  # not in the chart
    i, d = a.edge_slot("0101", "0201")
    assert code[i, d] == 0  # nothing recorded: the default
    # a default the chart lacks is unknown too, where some side has no terrain recorded
    assert a.side_terrain_code(["forest"], "clear")[1] == ["clear", "lava", "woods"]

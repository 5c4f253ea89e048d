"""T28 (12.11, 3.48.A): a retreat path entering 1 / 2 / 3 enemy-ZOC hexes without friendly units:
ML 1 / ML 1 and all SPs (cadre) / all SPs and CPs, lost as the enemy's Prisoner Points; friendly
units negate the ZOC (3.48); a surrounded unit that cannot retreat is eliminated."""

from helpers import board, du, h, move, pointy_map

ROW = [h(c, 3) for c in range(2, 9)]


def _retreat(units, path):
    b = board(pointy_map(), [du("A", h(2, 3)), *units])
    return move(b, "A", path, retreat="yes")


def enemies(*cols):
    """Entente units in row 5 under the columns given: each puts row 4 in its ZOC, not row 3."""
    return [du(f"E{c}", h(c, 5), "entente") for c in cols]


def test_one_two_three_zoc_hexes():
    """Row 4 under an enemy in row 5 is in its ZOC."""
    path = [h(2, 4), h(3, 4), h(4, 4)]
    v = _retreat(enemies(2), [h(2, 4)])
    assert v.legal and v.extra["retreat"]["ml_becomes"] == 1 and v.extra["retreat"]["sp_lost"] == "none"
    v = _retreat(enemies(2, 3), path[:2])
    assert v.extra["retreat"]["sp_lost"] == "all" and v.extra["retreat"]["prisoner_points"]
    v = _retreat(enemies(2, 3, 4), path)
    assert v.extra["retreat"]["sp_lost"] == "all_and_cp"


def test_friendly_units_negate_the_zoc():
    """3.48: a friendly unit in a hex retreated into negates enemy ZOC there."""
    friend = du("F", h(3, 4), pfi="F")
    v = _retreat([*enemies(2, 3), friend], [h(2, 4), h(3, 4)])
    assert v.extra["retreat"]["zoc_hexes"] == [h(2, 4)] and v.extra["retreat"]["sp_lost"] == "none"


def test_no_loss_outside_enemy_zoc_and_never_into_enemies():
    v = _retreat([], [h(1, 3)])
    assert v.legal and v.extra["retreat"]["ml_becomes"] is None
    v = _retreat([du("E", h(1, 3), "entente")], [h(1, 3)])
    assert not v.legal


def test_surrounded_unit_is_eliminated():
    """12.11: enemy units in every neighbouring hex (the map edge closes the ring too)."""
    ring = [
        du(f"E{k}", x, "entente")
        for k, x in enumerate(["0102", "0202", "0302", "0303", "0103", "0204", "0304", "0104"])
    ]
    b = board(pointy_map(), [du("A", h(2, 3)), *ring])
    v = move(b, "A", [h(2, 3)], retreat="yes")
    assert v.legal and v.extra["retreat"]["eliminated"]

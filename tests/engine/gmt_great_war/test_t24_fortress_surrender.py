"""§9 T24: fortress surrender (14.15)."""

import pytest
from gmt_helpers import RS, U, board, geo

from railhead.engine.rulesets.gmt_great_war.fortress import fortress_surrender

RING = ["E5619", "E5621", "E5519", "E5520", "E5719", "E5720"]  # the six hexes around Kovno E5620


def kovno(enemies: int, roll: int, turn="D"):
    """Two Russian units in Kovno, cut off: GE units on the ring hexes (``enemies`` of them next
    to the fort), the rest of the ring walled off beyond it, so that the line out is blocked."""
    units = [U("RU-1", "E5620", side="allied", nation="ru"), U("RU-2", "E5620", side="allied", nation="ru")]
    units += [U(f"GE-{k}", h) for k, h in enumerate(RING[:enemies])]
    hexes = {h: {"owner": "cp"} for h in RING[enemies:]}
    # outside the ring: a second wall of GE units keeps every line from Kovno out of supply
    second = [
        "E5419",
        "E5420",
        "E5421",
        "E5518",
        "E5521",
        "E5618",
        "E5622",
        "E5718",
        "E5721",
        "E5819",
        "E5820",
        "E5821",
    ]
    units += [U(f"GW-{k}", h) for k, h in enumerate(second)]
    fort = {"E5620": ("Kovno", "city", {"fort": "fort", "fort_nation": "ru"})}
    return board(geo(("eastern",), places=fort), units, hexes=hexes, strategic_turn=turn, rolls=[roll])


@pytest.mark.parametrize(("roll", "result"), [(4, "surrenders"), (6, "surrenders"), (3, "holds")])
def test_t24_three_adjacent_enemies_roll(roll, result):
    """14.15: 2 units on fortress supply + the intrinsic unit = 3; 3 enemy units adjacent: roll."""
    b = kovno(3, roll)
    [entry] = fortress_surrender(b, RS.data, RS, "allied")
    assert (entry["friendly"], entry["enemies_adjacent"], entry["roll"], entry["result"]) == (
        3,
        3,
        roll,
        result,
    )
    if result == "surrenders":
        assert entry["destroyed"] == ["RU-1", "RU-2", "intrinsic unit"]


def test_t24_two_adjacent_enemies_no_roll():
    """14.15: only 2 enemy units adjacent: no roll."""
    [entry] = fortress_surrender(kovno(2, 6), RS.data, RS, "allied")
    assert entry["enemies_adjacent"] == 2 and "roll" not in entry and entry["result"].startswith("no roll")


def test_t24_not_before_strategic_turn_d():
    """14.15: only after Strategic Turn C."""
    assert fortress_surrender(kovno(3, 6, turn="C"), RS.data, RS, "allied") == []

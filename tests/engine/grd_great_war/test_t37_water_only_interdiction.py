"""T37 [14B2]: a water-only unit enters a coastal hexside interdicted by a 5-7-5 heavy artillery
regiment (naval gunnery 2.5) and a 6-9-5 rifle division (0.5); the enemy rolls 3 + 5 = 8: 8 − 3 =
+5, turned back to its previous hexside with 5 MPs lost. 0 or less eliminates, +6 or more nothing."""

from fractions import Fraction

import pytest
from grd_helpers import RS

from railhead.engine.rulesets.grd_great_war.interdiction import interdiction
from railhead.engine.state import Unit
from railhead.errors import InputError

ART = Unit(
    "ART", "central_powers", "germany", "heavy_artillery", "GW2:0101", "regiment", 5, 5, {"gunnery": 2.5}
)
DIV = Unit("DIV", "central_powers", "germany", "rifle", "GW2:0102", "division", 6, 5, {"gunnery": 0.5})


def test_the_example_turns_back_with_5_mp_lost():
    r = interdiction(RS, (3, 5), [ART, DIV])
    assert (r["differential"], r["result"], r["mp_lost"]) == (5, "turned back", 5)


def test_the_edges_of_the_results():
    assert interdiction(RS, (1, 2), [ART, DIV])["result"] == "eliminated"  # 3 − 3 = 0
    assert interdiction(RS, (4, 5), [ART, DIV])["result"] == "no effect"  # +6
    assert "mp_lost" not in interdiction(RS, (3, 5), [ART, DIV], by_own_move=False)


def test_disrupted_defenses_count_half_gunnery():
    dis = Unit("ART", "central_powers", "germany", "heavy_artillery", "GW2:0101", "regiment", 5, 5,
               {"gunnery": 2.5, "disrupted": True})  # fmt: skip
    assert interdiction(RS, (3, 5), [dis, DIV])["differential"] == Fraction(25, 4)  # 8 − 1.25 − 0.5


def test_rolls_outside_1_to_6_are_refused():
    with pytest.raises(InputError, match="1 to 6"):
        interdiction(RS, (0, 5), [ART])

"""The engine core for every game, exercised by a test-only ruleset (``toy_ruleset.py``): one location
graph over sheets joined by seams, links, areas, sea zones and boxes; modes with a change cost and the
facing a unit arrives with; staged supply with a counter; ledgers v2; dice; exact MP. Each through
Python and through the CLI."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.board import Board
from railhead.engine.ledger import Ledger
from railhead.engine.movement import reach_batch, reach_one
from railhead.engine.queries import judge, reach_report
from railhead.engine.registry import get_ruleset
from railhead.engine.state import parse_state
from railhead.mapdata.grid import HexGrid
from railhead.mapdata.io import parse_mapdata, write_mapdata
from railhead.mapdata.model import Hex, MapData, Sheet
from railhead.mapdata.sample import sample_area_map, sample_two_sheet_map


def toy():
    return get_ruleset("toy")


def state(units, **extra):
    return {"format": "railhead.state/1", "ruleset": "toy", "turn": 1, "phase": "movement",
            "active_side": "red", "units": units, **extra}  # fmt: skip


def unit(uid, where, movement=4, side="red", **attrs):
    return {"id": uid, "side": side, "class": "inf", "location": where, "movement": movement, "attrs": attrs}


def board(m, doc):
    return Board(m, parse_state(doc, m, declarations=toy().declarations))


def cli(tmp_path, m, doc, *args):
    write_mapdata(m, tmp_path / "map.json")
    (tmp_path / "state.json").write_text(json.dumps(doc))
    argv = [a.format(map=tmp_path / "map.json", state=tmp_path / "state.json") for a in args]
    return CliRunner().invoke(main, argv)


# ---------------------------------------------------------------- sheets joined by a seam
def test_move_reach_and_rail_line_cross_the_seam(tmp_path):
    m = sample_two_sheet_map()
    east = next(b for a, b, _ in m.seam_pairs(m.seams[0]) if a == "W:0603")
    b = board(m, state([unit("R1", "W:0503")]))
    v = judge(toy(), b, "R1", ["W:0603", east], "ground")
    assert v.legal and v.mp == 2 and [s.to for s in v.steps] == ["W:0603", east]
    rep = reach_report(toy(), b, "R1", "ground")
    assert east in {h["id"] for h in rep["hexes"]}
    v = judge(toy(), b, "R1", ["W:0603", east], "rail")  # the rail line crosses the seam
    assert v.legal and v.mp == Fraction(2, 12), v.reasons
    r = cli(tmp_path, m, state([unit("R1", "W:0503")]), "move", "{map}", "{state}", "R1", "W:0603", east,
            "--mode", "rail", "--json")  # fmt: skip
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["steps"][-1]["to"] == east


def test_a_twelfth_of_an_mp_is_held_exactly():
    """Six rail steps of 1/12 MP (T-5.1) cost exactly 1/2 MP: no float drift."""
    m = sample_two_sheet_map()
    b = board(m, state([unit("R1", "W:0203")]))
    rail = [line for line in m.lines if line.kind == "rail"][0].hexes
    v = judge(toy(), b, "R1", list(rail[:7]), "rail")
    assert v.legal and v.mp == Fraction(6, 12) and v.steps[-1].total == Fraction(1, 2)


def test_ferry_link_is_open_to_ground_moves_only():
    m = sample_two_sheet_map()
    b = board(m, state([unit("R1", "W:0101")]))
    v = judge(toy(), b, "R1", ["W:0301"], "ground")
    assert v.legal and v.mp == 2  # the ferry's own cost
    v = judge(toy(), b, "R1", ["W:0301"], "rail")
    assert not v.legal and "not open to rail" in v.reasons[0].message


def test_box_is_a_location_units_stand_in(tmp_path):
    m = sample_two_sheet_map()
    b = board(m, state([unit("R1", "reserve")]))
    v = judge(toy(), b, "R1", ["W:0105"], "ground")
    assert v.legal and v.mp == 1
    r = cli(tmp_path, m, state([unit("R1", "reserve")]), "reach", "{map}", "{state}", "R1", "--json")
    assert r.exit_code == 0, r.output
    assert "W:0105" in {h["id"] for h in json.loads(r.stdout)["hexes"]}


def test_pointy_sheet_beside_a_flat_one_bulk_reach_agrees_with_single():
    flat = HexGrid("flat", "even", (1, 8), (1, 8), "{col:02d}{row:02d}")
    pointy = HexGrid("pointy", "odd", (1, 8), (1, 8), "{col:02d}{row:02d}")
    sheets = [Sheet("F", flat), Sheet("P", pointy)]
    hexes = [Hex(s.full_id(s.grid.format_id(c, r)), "woods" if (c * r) % 3 == 0 else "clear")
             for s in sheets for c, r in s.grid.coords()]  # fmt: skip
    m = MapData.build("mixed", sheets, hexes)
    ids = ["F:0404", "P:0404", "P:0101", "F:0808", "P:0507"]
    b = board(m, state([unit(f"U{k}", h) for k, h in enumerate(ids)]))
    costs = toy().costs(b, b.state.units[0], "ground")
    starts = np.array([b.idx(h) for h in ids])
    limits = np.full(len(ids), 3.0 * 120)
    hexes_, dist, offsets = reach_batch(b, costs, starts, limits)
    for k, s in enumerate(starts):
        one_h, one_d = reach_one(b, costs, int(s), float(limits[k]))
        got = dict(
            zip(hexes_[offsets[k] : offsets[k + 1]].tolist(), dist[offsets[k] : offsets[k + 1]], strict=True)
        )
        assert got == dict(zip(one_h.tolist(), one_d, strict=True)), ids[k]


# ---------------------------------------------------------------- an area map
def test_area_map_move_reach_strait_and_box():
    m = sample_area_map()
    doc = state([unit("R1", "ruhr"), unit("S1", "north-sea"), unit("B1", "cp-reserve", side="blue")])
    b = board(m, doc)
    v = judge(toy(), b, "R1", ["berlin", "prussia"], "ground")
    assert v.legal and v.mp == 2
    v = judge(toy(), b, "R1", ["north-sea"], "ground")
    assert not v.legal and v.reasons[0].rule == "T-6"
    v = judge(toy(), b, "S1", ["baltic"], "naval")  # through the strait, naval only
    assert v.legal and v.mp == 1
    rep = reach_report(toy(), b, "R1", "ground")
    assert {"berlin", "prussia", "cp-reserve"} <= {h["id"] for h in rep["hexes"]}
    assert "baltic" not in {h["id"] for h in rep["hexes"]}
    v = judge(toy(), b, "B1", ["berlin"], "ground")  # from the box by its rail link
    assert v.legal


def test_area_map_supply_across_borders_and_box_links_not_sea(tmp_path):
    """A depot in Berlin: overland 2 MP (T-7.1) reaches Ruhr and Bavaria (1 area), Flanders (2) and
    the reserve box by its rail link (1); not Paris (3), and never across the North Sea."""
    m = sample_area_map()
    m.areas["berlin"] = replace(m.areas["berlin"], attrs={**m.areas["berlin"].attrs, "depot": True})
    where = {"R1": "ruhr", "R2": "flanders", "R3": "paris", "R4": "cp-reserve", "R5": "bavaria"}
    doc = state([unit(u, loc) for u, loc in where.items()])
    r = cli(tmp_path, m, doc, "supply", "{map}", "{state}", "--side", "red", "--json")
    assert r.exit_code == 0, r.output
    got = {u["unit"]: u["status"] for u in json.loads(r.stdout)["units"]}
    assert got == {"R1": "in supply", "R2": "in supply", "R3": "out of supply", "R4": "in supply",
                   "R5": "in supply"}  # fmt: skip
    assert json.loads(r.stdout)["units"][0]["source"] == "berlin"


# ---------------------------------------------------------------- modes, facing
def test_mode_change_costs_mp_mid_path_and_facing_is_reported(tmp_path):
    m = sample_two_sheet_map()
    east = next(b for a, b, _ in m.seam_pairs(m.seams[0]) if a == "W:0603")
    doc = state([unit("R1", "W:0603", movement=1, facing=0, mode="ground")])
    rep = reach_report(toy(), board(m, doc), "R1", "ground")
    there = {h["id"]: h for h in rep["hexes"]}[east]
    # entrain 1/2 (T-5.2) + one rail step 1/12 (T-5.1): cheaper than the 1 MP overland
    assert there["mode"] == "rail" and there["mp"] == pytest.approx(7 / 12)
    assert there["facing"] == m.seam_pairs(m.seams[0])[3][2]
    r = cli(tmp_path, m, doc, "reach", "{map}", "{state}", "R1", "--json")
    assert r.exit_code == 0 and {h["id"]: h for h in json.loads(r.stdout)["hexes"]}[east]["mode"] == "rail"


# ---------------------------------------------------------------- staged supply
def staged_map(low_steps: int):
    """Depot at 0101; a rail along row 1 to 0801 (the first ``low_steps`` steps low-volume), a
    road down column 8 to 0804, then open clear ground."""
    cols = range(1, 13)
    hexes = [{"id": f"{c:02d}{r:02d}", "terrain": "clear"} for c in cols for r in range(1, 9)]
    hexes[0]["features"] = ["depot"]
    rail = [f"{c:02d}01" for c in range(1, 9)]
    volume = ["low" if k < low_steps else "high" for k in range(7)]
    lines = [{"kind": "rail", "hexes": rail[k : k + 2], "attrs": {"volume": v}} for k, v in enumerate(volume)]
    lines.append({"kind": "road", "hexes": ["0801", "0802", "0803", "0804"]})
    grid = {"orientation": "flat", "shifted": "even", "cols": [1, 12], "rows": [1, 8],
            "id_format": "{col:02d}{row:02d}"}  # fmt: skip
    return parse_mapdata({"format": "railhead.mapdata/1", "name": "staged", "kind": "hex",
                          "sheets": [{"id": "", "grid": grid}], "hexes": hexes, "lines": lines})  # fmt: skip


def test_three_stage_supply_with_stage_limits_and_a_low_volume_counter(tmp_path):
    units = [unit("NEAR", "0806"), unit("FAR", "0808"), unit("ROAD", "0804")]
    m = staged_map(low_steps=1)
    rep = toy().supply_report(board(m, state(units)), "red")
    got = {u["unit"]: u for u in rep["units"]}
    # rail 0101..0801, road 3 MP to 0804, overland 2 MP: 0806 yes, 0808 (4 MP) no
    assert got["NEAR"]["status"] == "in supply" and got["NEAR"]["stage"] == "overland"
    assert got["ROAD"]["stage"] == "road" and got["NEAR"]["source"] == "0101"
    assert got["FAR"]["status"] == "out of supply"
    m2 = staged_map(low_steps=2)  # two low-volume rail steps: more than T-7.3 allows
    rep = toy().supply_report(board(m2, state(units)), "red")
    assert all(u["status"] == "out of supply" for u in rep["units"])
    r = cli(tmp_path, m, state(units), "supply", "{map}", "{state}", "--side", "red")
    assert r.exit_code == 0 and "stage overland" in r.stdout, r.output


# ---------------------------------------------------------------- ledgers
def test_ledger_transfer_temporary_increase_and_reset_per_impulse(tmp_path):
    m = sample_two_sheet_map()
    doc = state([unit("R1", "W:0203")], impulse=1)
    st = parse_state(doc, m)
    led = Ledger.of(st, "net", {"A": (4, "T-5.3"), "B": (2, "T-5.3")}, period="impulse")
    led = led.transfer("A", "B", Fraction(1), "cut line", "T-5.4")
    led = led.increase("B", Fraction(3), "depot", "T-5.5", until="impulse")
    led = led.spend("B", "R1", Fraction(2), "rail move", "T-5.3")
    assert (led.balance("A"), led.balance("B"), led.spent("B")) == (3, 4, 2)
    saved = st.with_ledger("net", led.to_state())
    again = Ledger.of(saved, "net", {"A": (4, "T-5.3"), "B": (2, "T-5.3")}, period="impulse")
    assert again.balance("B") == 4 and [e.kind for e in again.entries["B"]] == [
        "transfer_in",
        "increase",
        "spend",
    ]
    later = Ledger.of(
        saved.replace(impulse=2), "net", {"A": (4, "T-5.3"), "B": (2, "T-5.3")}, period="impulse"
    )
    assert later.balance("A") == 4 and later.balance("B") == 2 and later.spent("B") == 0  # reset
    bank = Ledger.of(st, "nrc", {"red": (10, "5.1")}, period="game").with_pool("red", 10, "5.1", cap=12)
    bank = bank.restore("red", "", Fraction(5), "income", "5.2")
    assert bank.balance("red") == 12  # the cap
    later_bank = Ledger.of(st.replace(turn=5).with_ledger("nrc", bank.to_state()), "nrc", period="game")
    assert later_bank.balance("red") == 12  # a bank persists across turns


def test_ledger_pools_split_merge_and_capture():
    st = parse_state(state([unit("R1", "W:0203")]), sample_two_sheet_map())
    led = Ledger.of(st, "re", {"net": (12, "5.1"), "blue-net": (6, "5.1")})
    led = led.split("net", {"net-north": Fraction(1, 3), "net-south": Fraction(1, 2)}, "line cut", "5.6")
    assert [led.balance(p) for p in ("net", "net-north", "net-south")] == [2, 4, 6]
    led = led.capture("blue-net", "net-south", Fraction(2), "captured yard", "5.7")
    assert (led.balance("blue-net"), led.balance("net-south")) == (4, 8)
    led = led.merge(["net", "net-north", "net-south"], "net", "line repaired", "5.6")
    assert (led.balance("net"), led.balance("net-north"), led.balance("net-south")) == (14, 0, 0)
    again = Ledger.of(
        st.with_ledger("re", led.to_state()), "re", {"net": (12, "5.1"), "blue-net": (6, "5.1")}
    )
    assert (
        again.balance("net") == 14 and again.balance("net-north") == 0 and again.remaining("net-north") == 0
    )
    assert [e.kind for e in again.entries["blue-net"]] == ["capture_out"]


def test_rail_capacity_is_spent_and_reported_per_impulse(tmp_path):
    m = sample_two_sheet_map()
    b = board(m, state([unit("R1", "W:0203")], impulse=1))
    v = judge(toy(), b, "R1", ["W:0303"], "rail")
    after = Board(m, toy().apply(b, v, ["R1"], ["W:0203", "W:0303"], "rail"))
    assert toy().rail_ledger(after).remaining("red") == 1
    doc = after.state.to_dict()
    r = cli(tmp_path, m, doc, "rail", "{map}", "{state}", "--side", "red")
    assert r.exit_code == 0 and "red: 1 of 2 used, 1 left (T-5.3)" in r.stdout, r.output


# ---------------------------------------------------------------- dice
def minefield_map():
    m = sample_two_sheet_map()
    h = m.hexes["W:0303"]
    m.hexes["W:0303"] = Hex(h.id, h.terrain, features=("minefield",))
    return m


def test_dice_are_reproducible_from_the_seed_and_given_rolls_are_honoured(tmp_path):
    m = minefield_map()
    seeded = [
        judge(toy(), board(m, state([unit("R1", "W:0203")], seed=s)), "R1", ["W:0303"]) for s in range(8)
    ]
    again = [
        judge(toy(), board(m, state([unit("R1", "W:0203")], seed=s)), "R1", ["W:0303"]) for s in range(8)
    ]
    assert [v.rolls for v in seeded] == [v.rolls for v in again]
    assert {v.rolls[0]["source"] for v in seeded} == {"seed"} and len(
        {v.rolls[0]["value"] for v in seeded}
    ) > 1
    for given, legal in ((2, False), (5, True)):
        v = judge(toy(), board(m, state([unit("R1", "W:0203")], rolls=[given])), "R1", ["W:0303"])
        assert v.legal is legal and v.rolls[0] == {"value": given, "faces": 6, "key": "minefield R1 W:0303",
                                                   "source": "given", "index": 0}  # fmt: skip
    dice = board(m, state([unit("R1", "W:0203")], seed=9, rolls=[6])).dice()
    total, rolls = dice.roll_sum("surrender", 2)
    assert rolls[0].value == 6 and rolls[0].source == "given" and rolls[1].source == "seed"
    assert total == sum(r.value for r in rolls) and 2 <= total <= 12
    b = board(m, state([unit("R1", "W:0203")], rolls=[5, 3]))
    v = judge(toy(), b, "R1", ["W:0303"])
    assert toy().apply(b, v, ["R1"], ["W:0203", "W:0303"], "ground").rolls == (3,)  # the roll is used up
    r = cli(tmp_path, m, state([unit("R1", "W:0203")], rolls=[2]), "move", "{map}", "{state}", "R1", "W:0303",
            "--json")  # fmt: skip
    assert r.exit_code == 1 and json.loads(r.stdout)["rolls"][0]["value"] == 2


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("doc", "args", "message"),
    [
        (state([unit("R1", "W:0203", colour="red")]), (), "unknown unit field 'colour'"),
        (state([unit("R1", "W:0203", facing=7)]), (), "expected a grid direction 0-5"),
        (state([unit("R1", "W:0203")]), ("--mode", "zeppelin"), "not one of toy's modes"),
        (state([unit("R1", "W:0203")], rolls=[7]), (), "roll 7 is outside the die's range 1-6"),
        (state([unit("R1", "W:0203")], weather="blizzard"), (), "unknown weather 'blizzard'"),
        (state([unit("R1", "W:0203")], options={"mud_costs": "3"}), (), "option 'mud_costs' takes one of"),
        (state([unit("R1", "atlantis")]), (), "unknown location 'atlantis'"),
    ],
)
def test_bad_positions_exit_2(tmp_path, doc, args, message):
    r = cli(tmp_path, sample_two_sheet_map(), doc, "reach", "{map}", "{state}", "R1", *args)
    assert r.exit_code == 2 and message in r.stderr, r.output
    assert "Traceback" not in r.output


def test_ruleset_option_overrides_the_state(tmp_path):
    doc = {**state([unit("R1", "W:0203")]), "ruleset": "der-weltkrieg"}
    r = cli(
        tmp_path, sample_two_sheet_map(), doc, "reach", "{map}", "{state}", "R1", "--ruleset", "toy", "--json"
    )
    assert r.exit_code == 0, r.output


# ---------------------------------------------------------------- what every ruleset's answers share
def test_a_unit_of_a_class_the_ruleset_does_not_list_is_exit_2_naming_it(tmp_path):
    m = sample_area_map()
    first = next(iter(m.areas))
    doc = state([unit("A", first), {**unit("B", first), "class": "tank"}])
    assert toy().unknown_classes(board(m, state([unit("A", first)]))) == []
    r = cli(tmp_path, m, doc, "reach", "{map}", "{state}", "A")
    assert r.exit_code == 2
    assert "$.units[1].class" in r.stderr and "unknown unit class 'tank' for toy (classes: inf)" in r.stderr


def test_a_supply_answer_counts_its_units_by_status():
    from railhead.engine.ruleset import supply_answer

    units = [{"unit": "A", "status": "in supply"}, {"unit": "B", "status": "isolated"},
             {"unit": "C", "status": "in supply"}]  # fmt: skip
    got = supply_answer("red", units, note="x")
    assert got == {"side": "red", "summary": {"in supply": 2, "isolated": 1}, "units": units, "note": "x"}


def test_nearest_among_lists_every_location_of_the_mask_at_the_least_distance():
    import scipy.sparse as sp

    from railhead.engine.search import nearest_among

    # a line 0 - 1 - 2 - 3 - 4, both ways; 5 stands apart
    src, dst = [0, 1, 1, 2, 2, 3, 3, 4], [1, 0, 2, 1, 3, 2, 4, 3]
    g = sp.csr_matrix((np.ones(len(src)), (src, dst)), shape=(6, 6))
    ids = ["a", "b", "c", "d", "e", "f"]
    among = np.array([True, False, False, False, True, True])
    assert nearest_among(g, [2], among, ids) == ["a", "e"]  # both two steps away
    assert nearest_among(g, [3], among, ids) == ["e"]
    assert nearest_among(g, [2], np.array([False] * 5 + [True]), ids) == []  # f cannot be reached

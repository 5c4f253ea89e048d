"""``railhead act MAP STATE rail_capacity``: one more rail capacity action after the position's
own [7A4, 7A5, 11C1]. What the rules forbid is a verdict (exit 1) citing the rule; an argument that
names nothing of the map is bad input (exit 2)."""

from __future__ import annotations

import json

from click.testing import CliRunner
from grd_helpers import MAP, doc, write

from railhead.cli import main
from railhead.mapdata.io import write_mapdata


def _act(tmp_path, *args):
    write_mapdata(MAP, tmp_path / "map.json")
    state = write(tmp_path, doc())
    argv = ["act", str(tmp_path / "map.json"), str(state), "rail_capacity", *args]
    return CliRunner().invoke(main, [*argv, "--json"])


def _transfer(amount: int) -> tuple[str, ...]:
    return ("action=transfer", "side=central_powers", "from=germany_standard", "to=nw_europe_standard",
            f"amount={amount}")  # fmt: skip


def test_a_transfer_of_more_than_3_res_is_refused_by_7a5d(tmp_path):
    """[7A5d]: at most 3 REs a turn from one net to another: a verdict, not bad input."""
    r = _act(tmp_path, *_transfer(4))
    assert r.exit_code == 1, r.output
    v = json.loads(r.stdout)
    assert not v["legal"] and "7A5d" in v["reasons"][0]["rule"]


def test_a_depot_on_no_rail_net_is_refused_by_11c1(tmp_path):
    r = _act(tmp_path, "action=activate_depot", "hex=GW2:0102")
    assert r.exit_code == 1, r.output
    v = json.loads(r.stdout)
    assert v["reasons"][0]["rule"] == "11C1" and "on no rail net" in v["reasons"][0]["message"]


def test_a_net_the_map_lacks_is_bad_input(tmp_path):
    r = _act(tmp_path, "action=build", "side=entente", "net=atlantis", "res_pts=3")
    assert r.exit_code == 2 and "no rail net 'atlantis'" in r.output

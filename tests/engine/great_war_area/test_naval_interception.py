"""[8.6.1]: naval interception. A French squadron (MA 10) sails Brest - s1 - s2 - s3 - s4 -
Dunkirk; a German squadron of MA 4 waits in Emden, on s4; s3 lies next to Hanover."""

import pytest
from gwa_build import RS, area_map, position, rules, unit

MAP = area_map(
    {
        "brittany": {"country": "france"},
        "flanders": {"country": "france"},
        "frisia": {"country": "germany"},
        "hanover": {"country": "germany"},
    },
    [("s1", "s2", "sea"), ("s2", "s3", "sea"), ("s3", "s4", "sea"), ("hanover", "s3", "coast")]
    + [("brittany", "s1", "coast"), ("flanders", "s4", "coast"), ("frisia", "s4", "coast")],
    seas={f"s{k}": {} for k in range(1, 5)},
    ports={"brest": ("brittany", ["s1"]), "dunkirk": ("flanders", ["s4"]), "emden": ("frisia", ["s4"])},
)
ROUTE = ["brest", "s1", "s2", "s3", "s4", "dunkirk"]
CONTROL = {"brittany": "allies", "flanders": "allies", "frisia": "central", "hanover": "central"}


def board(options=None, german_supplied=True):
    units = [
        unit("FR-SQ", "brest", "squadron", "france"),
        unit("GE-SQ", "emden", "squadron", "germany", movement=4, in_supply=german_supplied),
    ]
    return position(MAP, units, control=CONTROL, options=options or {})


@pytest.mark.parametrize(("radius", "seas"), [("interceptor", ["s4"]), ("mover", ["s1", "s2", "s4"])])
def test_who_may_intercept_where_option_both_ways(radius, seas):
    """[8.6.1], spec A10 ``interception_radius``: half the interceptor's MA (4 -> 2 NMP: s4 at 1,
    s3 at 2) or half the mover's (10 -> 5: s1 to s4); never s3, next to Hanover."""
    v = RS.judge_move(board({"interception_radius": radius}), ["FR-SQ"], ROUTE, "naval")
    assert v.legal
    assert [t["sea"] for t in v.extra["interception"]] == seas
    assert all(t["units"] == ["GE-SQ"] for t in v.extra["interception"])
    assert any("may be intercepted in s4 by GE-SQ (8.6.1)" in e for e in v.effects)


def test_an_out_of_supply_squadron_does_not_intercept():
    """[11.3.4]: an out-of-supply naval unit may not leave its port, so it intercepts nothing."""
    v = RS.judge_move(board(german_supplied=False), ["FR-SQ"], ROUTE, "naval")
    assert v.legal and v.extra["interception"] == []


def test_the_intercepted_mover_halts_there():
    """[8.6.1]: the moving player must halt in the maritime area of the interception."""
    b = board()
    v = RS.judge_move(b, ["FR-SQ"], ROUTE[:5], "naval", intercepted_at="s4")
    assert v.legal and v.mp == 4
    assert any("halts in s4, intercepted by GE-SQ" in e for e in v.effects)
    v = RS.judge_move(b, ["FR-SQ"], ROUTE, "naval", intercepted_at="s4")
    assert not v.legal and rules(v) == "8.6.1"


def test_no_interception_next_to_hanover_or_out_of_reach():
    """[8.6.1]: never in the maritime area next to Hanover; nor where no enemy unit reaches."""
    b = board()
    v = RS.judge_move(b, ["FR-SQ"], ROUTE[:4], "naval", intercepted_at="s3")
    assert not v.legal and "no enemy naval unit may intercept in s3" in v.reasons[0].message
    v = RS.judge_move(b, ["FR-SQ"], ROUTE[:2], "naval", intercepted_at="s1")
    assert not v.legal and rules(v) == "8.6.1"


def test_move_command_takes_intercepted_at(tmp_path):
    """[8.6.1]: ``railhead move --mode naval --with intercepted_at=SEA`` on area ids."""
    import json

    from click.testing import CliRunner

    from railhead.cli import main
    from railhead.mapdata.io import write_mapdata

    m, s = tmp_path / "map.json", tmp_path / "state.json"
    write_mapdata(MAP, m)
    s.write_text(json.dumps(board().state.to_dict()))
    args = ["move", m, s, "FR-SQ", *ROUTE[:5], "--ruleset", "great-war-area", "--mode", "naval"]
    r = CliRunner().invoke(main, [str(a) for a in [*args, "--with", "intercepted_at=s4", "--json"]])
    assert r.exit_code == 0, r.output
    assert any("halts in s4" in e for e in json.loads(r.stdout)["effects"])
    r = CliRunner().invoke(main, [str(a) for a in [*args, "--with", "intercepted_at=s3", "--json"]])
    assert r.exit_code == 1 and json.loads(r.stdout)["reasons"][0]["rule"] == "8.6.1"

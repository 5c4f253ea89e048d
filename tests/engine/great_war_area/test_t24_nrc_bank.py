"""T24 [5.3], [5.4], [5.5.4] (spec A19, A20, A21): the NRC bank at the start of a Player-Turn,
the grant limits and surcharges (Straits control), and the per-turn ceiling."""

import pytest
from gwa_build import RS, area_map, position, rules

from railhead.engine.board import Board
from railhead.errors import InputError

SEAS = {f"m{k}": {} for k in range(1, 9)}
MAP = area_map(
    {
        "england": {"country": "britain"},
        "kent": {"country": "britain"},
        "latium": {"country": "italy"},
        "livonia": {"country": "russia"},
        "champagne": {"country": "france"},
        "lorraine": {"country": "germany"},
        "s1": {"country": "serbia"},
        "constantinople": {"country": "turkey"},
    },
    [(f"m{k}", f"m{k + 1}", "sea") for k in range(1, 8)]
    + [("england", "kent", "land"), ("champagne", "lorraine", "land"), ("lorraine", "s1", "land")]
    + [("england", "m1", "coast"), ("latium", "m6", "coast"), ("livonia", "m3", "coast")],
    seas=SEAS,
    ports={"london": ("england", ["m1"]), "naples": ("latium", ["m6"]), "riga": ("livonia", ["m3"])},
)


def board(banks=None, straits="central", start=None, units=(), **kw):
    banks = banks or {"britain": 40, "france": 20, "united_states": 100}
    control = {"constantinople": straits, "lorraine": kw.pop("lorraine", "allies")}
    return position(MAP, list(units), control=control, banks=banks, active="allies",
                    nrc_at_player_turn_start=start or banks, **kw)  # fmt: skip


def grant(b, giver, receiver, amount):
    return RS.action_grant(b, giver, receiver, amount)


def test_fifty_percent_of_the_start_balance_overseas_surcharge_counts():
    """[5.4.1], [5.4.5]: Britain's bank at the start of its Player-Turn is 40: at most 20. Italy
    lies 6 maritime areas away: 12 + 6 = 18 legal; 14 + 7 = 21 illegal."""
    v = grant(board(), "britain", "italy", 12)
    assert v.legal and v.extra["nrc"] == 18
    book = v.extra["ledgers"]["nrc"]["pools"]
    assert [e["amount"] for e in book["britain"]] == [12, 6] and book["italy"][0]["amount"] == 12
    v = grant(board(), "britain", "italy", 14)
    assert not v.legal and rules(v) == "5.4.1"


def test_grants_of_one_player_turn_add_up():
    """[5.4.1]: the 50 % is of the balance at the start of the Player-Turn, over all its grants."""
    b = board()
    v = grant(b, "britain", "italy", 8)  # 12 of the 20
    after = b.state
    for k, led in v.extra["ledgers"].items():
        after = after.with_ledger(k, led)
    assert grant(Board(MAP, after), "britain", "italy", 6).legal is False  # 9 more: 21
    assert grant(Board(MAP, after), "britain", "italy", 5).legal  # 7.5 more: 19.5


@pytest.mark.parametrize(("straits", "most"), [("central", 10), ("neutral", 20), ("allies", 20)])
def test_grants_to_russia_and_the_straits(straits, most):
    """[5.4.6], spec A19: with the Straits CP-controlled X + X <= 20, at most 10; neutral or
    Allied Straits: no surcharge (Riga is 3 maritime areas from London, [5.4.4])."""
    b = board(straits=straits)
    assert grant(b, "britain", "russia", most).legal
    v = grant(b, "britain", "russia", most + 1)
    assert not v.legal and rules(v) == "5.4.1"


@pytest.mark.parametrize(("lorraine", "legal"), [("allies", True), ("central", False)])
def test_over_land_through_friendly_controlled_areas(lorraine, legal):
    """[5.4.3], spec A20: France to Serbia through Allied-controlled Lorraine: no surcharge; with
    Lorraine CP-controlled no land chain and no sea route: no grant."""
    v = grant(board(lorraine=lorraine), "france", "serbia", 10)
    assert v.legal is legal
    if legal:
        assert v.extra["nrc"] == 10
    else:
        assert rules(v) == "5.4.3; 5.4.4"


def test_start_of_player_turn_balance_is_needed():
    """[5.4.1]: the limit reads the balance at the start of the Player-Turn; without it, a clear
    message naming the field."""
    b = position(MAP, [], banks={"britain": 40}, control={"constantinople": "central"})
    with pytest.raises(InputError, match="nrc_at_player_turn_start.britain"):
        grant(b, "britain", "italy", 2)


def test_ceiling_ten_percent_of_an_initial_hundred():
    """[5.3], spec A21: ceiling 10 % of an initial 100 = 10 NRC this game turn; a grant counts:
    6 to Italy costs 9 (legal), 8 costs 12 (illegal); the U.S. is not bound."""
    b = board(banks={"britain": 100, "united_states": 100}, nrc_ceiling=10)
    assert grant(b, "britain", "italy", 6).legal
    v = grant(b, "britain", "italy", 8)
    assert not v.legal and rules(v) == "5.3"
    assert grant(b, "united_states", "britain", 40).legal
    rep = RS.rail_report(b, "allies")
    britain = next(p for p in rep["networks"] if p["pool"] == "britain")
    assert britain["ceiling"] == {"limit": 10, "spent_this_turn": 0, "left_this_turn": 10, "rule": "5.3"}


def test_grant_on_the_command_line(tmp_path):
    """[5.4.1] through ``railhead act MAP STATE grant`` on the sample: Britain began its Player-Turn
    with 40 NRC, so a grant of 10 to France is legal and more than half of the 40 is refused."""
    import json

    from click.testing import CliRunner

    from railhead.cli import main
    from railhead.engine.rulesets.great_war_area.sample import sample_map, sample_state_doc
    from railhead.mapdata.io import write_mapdata

    doc = sample_state_doc()
    doc["nrc_at_player_turn_start"] = {"britain": 40}
    doc["phase"] = "reinforcement"  # grants end the Reinforcement Segment (5.4.2)
    write_mapdata(sample_map(), tmp_path / "map.json")
    (tmp_path / "state.json").write_text(json.dumps(doc))

    def act(*args):
        files = [str(tmp_path / "map.json"), str(tmp_path / "state.json")]
        return CliRunner().invoke(main, ["act", *files, "grant", "giver=britain", "receiver=france", *args])

    r = act("amount=10", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["legal"] and out["ledgers"]["nrc"]["pools"]["france"][0]["amount"] == 10
    r = act("amount=21")
    assert r.exit_code == 1 and "5.4.1" in r.stdout
    r = act("amount=ten")
    assert r.exit_code == 2 and "grant amount: expected a number, not 'ten'" in r.output


FAR = area_map(
    {
        "england": {"country": "britain"},
        "livonia": {"country": "russia"},
        "constantinople": {"country": "turkey"},
        "gallipoli": {"country": "turkey"},
    },
    [(f"m{k}", f"m{k + 1}", "sea") for k in range(1, 7)]
    + [("england", "m1", "coast"), ("livonia", "m7", "coast"), ("constantinople", "gallipoli", "land")],
    seas={f"m{k}": {} for k in range(1, 8)},
    ports={"london": ("england", ["m1"]), "riga": ("livonia", ["m7"])},
)


@pytest.mark.parametrize(
    ("options", "most"),
    [({}, 10), ({"russia_surcharge_trigger": "all"}, 13), ({"surcharges_combine": "add"}, 8)],
)
def test_options_of_the_russian_surcharge(options, most):
    """Spec A19, [5.4.5], [5.4.6]: Britain (40 at the start of its Player-Turn: at most 20) grants
    to Russia, 7 maritime areas away (½ overseas surcharge), with Constantinople CP-controlled and
    Gallipoli Allied. By default one hostile Strait is enough and the larger surcharge (1) applies:
    X + X <= 20, at most 10. ``russia_surcharge_trigger = all``: not every Strait is hostile, only
    the ½: X + X/2 <= 20, at most 13. ``surcharges_combine = add``: X + 1½ X <= 20, at most 8."""
    b = position(
        FAR,
        [],
        control={"constantinople": "central", "gallipoli": "allies"},
        banks={"britain": 40},
        active="allies",
        nrc_at_player_turn_start={"britain": 40},
        options=options,
    )
    assert grant(b, "britain", "russia", most).legal
    v = grant(b, "britain", "russia", most + 1)
    assert not v.legal and rules(v) == "5.4.1"

"""T14 [7A9] (optional): a net cut into sections keeps one capacity per section; orphans get 2 REs per
yard and per depot, home keeps the rest (the book's figures are in test_capacity_examples). On the
sample, GW2:0504 taken by the Central Powers cuts the Entente net in three: west (Valmont, 2 yards),
the Vireux branch (1 yard, 1 depot) and east (Lisieu and Saulnes, 2 yards, 1 depot)."""

from grd_helpers import RS, board, doc, judge

SPLIT = [{"action": "split", "side": "entente", "net": "nw_europe_standard"}]


def _doc(**options):
    d = doc(options=options, rail_actions=SPLIT)
    d["hexes"]["GW2:0504"] = {"owner": "central_powers"}
    return d


def test_tie_goes_to_the_section_with_more_depots():
    rep = RS.rail_report(board(_doc(orphan_sections=True)), "entente")
    assert rep["actions"][0]["orphans"] == {"s1": 4, "s2": 4}
    assert rep["actions"][0]["home_capacity"] == 30 - 8


def test_option_first_named_makes_the_west_home():
    rep = RS.rail_report(board(_doc(orphan_sections=True, orphan_tie="first_named")), "entente")
    assert rep["actions"][0]["home"] == "s1" and rep["actions"][0]["home_capacity"] == 30 - 10


def test_a_move_in_an_orphan_is_charged_to_it():
    d = _doc(orphan_sections=True)
    b = board(d, values={"rail_rates": {"operational": {"hexes_per_mp": 8}}})
    v = judge(b, "FR-RES", ["GW2:0304"], "rail")
    assert v.legal, v.reasons
    assert list(v.extra["rail"]["charges"]) == ["entente:nw_europe_standard/s1"]
    v = judge(b, "FR-RES", ["GW2:0304", "GW2:0404"], "rail")
    assert v.legal  # 2 REs of the orphan's 4


def test_without_the_optional_rule_a_split_is_refused():
    problems = RS.position_problems(board(_doc()))
    assert problems[0][0] == "$.rail_actions[0]" and "7A9" in problems[0][1]

"""The Resource Phase's choices (4.3, 5.17, 5.18): ``railhead act MAP STATE transfer_rp from=.. to=..
amount=N`` and ``emergency_replacements nation=..``, RPs in the core ledger ``resource_points``."""

from __future__ import annotations

import json

from click.testing import CliRunner
from gmt_helpers import RS, U, board, doc, geo, owners

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.queries import judge_action
from railhead.mapdata.io import write_mapdata

M = geo(("eastern",))
SALONIKA, CONSTANTINOPLE, BERLIN = "E1116", "E1328", "E5102"
AROUND_SALONIKA = ["E1017", "E1117", "E1217", "E1216", "E1115", "E1016"]


def _rp(**totals):
    cap = {n: {"value": v, "rule": "5.12"} for n, v in totals.items()}
    return {"resource_points": {"period": "game", "capacity": cap}}


def _board(*units, phase="resource", rp=None, hexes=None, **kw):
    rp = rp if rp is not None else _rp(br=8, fr=8, ge=9)
    return board(M, list(units), phase=phase, ledgers=rp, hexes=hexes or {}, **kw)


def _transfer(b, src, dst, amount=1):
    return judge_action(RS, b, "transfer_rp", {"from": src, "to": dst, "amount": str(amount)})


def _rule(v):
    return None if v.legal else v.reasons[0].rule


def test_one_british_or_french_rp_to_russia_six_with_constantinople_5_17():
    """5.17: one a phase; up to six while Constantinople is Allied controlled or Turkey surrendered."""
    b = _board()
    v = _transfer(b, "br", "ru")
    assert v.legal
    after = apply_move(b, v, [], [], "act", record_mp=False)
    pools = after.ledgers["resource_points"]["pools"]
    assert pools["br"][0]["kind"] == "transfer_out" and pools["ru"][0]["amount"] == 1
    assert _rule(_transfer(b, "fr", "ru", 2)) == "5.17"
    assert _transfer(_board(hexes=owners([CONSTANTINOPLE], "allied")), "fr", "ru", 6).legal
    assert _transfer(_board(turkey_surrendered=True), "fr", "ru", 6).legal
    assert _rule(_transfer(_board(turkey_surrendered=True), "fr", "ru", 7)) == "5.17"


def test_the_limit_counts_the_phases_earlier_transfers_5_17():
    entry = {"unit": "fr->ru", "amount": 1, "what": "RPs", "rule": "5.17", "turn": 10, "phase": "resource"}
    spent = {"period": "phase", "pools": {"russia_aid": [entry]}}
    v = _transfer(_board(rp={**_rp(br=8), "rp_transfers": spent}), "br", "ru")
    assert _rule(v) == "5.17" and "0 of the 1" in v.reasons[0].message


def test_to_serbia_with_salonika_and_a_free_line_to_the_serbian_hq_5_17():
    """5.17: Salonika Allied controlled; a line through Greece and Serbia free of CP units."""
    hq = U("SR-HQ", "E2105", side="allied", nation="sr", cls="hq")
    allied = owners([SALONIKA], "allied")
    assert _transfer(_board(hq, hexes=allied), "fr", "sr", 6).legal
    assert _rule(_transfer(_board(hq), "fr", "sr")) == "5.17"  # Salonika not Allied
    assert _rule(_transfer(_board(hexes=allied), "fr", "sr")) == "5.17"  # no Serbian HQ
    cut = [U(f"CP{k}", h, side="cp", nation="bu") for k, h in enumerate(AROUND_SALONIKA)]
    v = _transfer(_board(hq, *cut, hexes=allied), "fr", "sr")
    assert _rule(v) == "5.17" and "free of Central Powers units" in v.reasons[0].message


def test_six_german_rps_along_cp_controlled_hexes_from_berlin_5_17():
    assert _transfer(_board(), "ge", "ah", 6).legal
    assert _rule(_transfer(_board(), "ge", "ah", 7)) == "5.17"
    ring = [h for h in M.hexes if h.startswith("E") and h != BERLIN and _near(BERLIN, h)]
    v = _transfer(_board(hexes=owners(ring, "allied")), "ge", "ah")
    assert _rule(v) == "5.17" and "controlled hexes" in v.reasons[0].message


def test_no_other_transfer_and_not_more_than_the_giver_has_5_17():
    assert _rule(_transfer(_board(), "ru", "br")) == "5.17"
    assert _rule(_transfer(_board(), "ge", "ge")) == "5.17"
    v = _transfer(_board(rp=_rp(br=0)), "br", "ru")
    assert _rule(v) == "5.17" and "br has 0" in v.reasons[0].message


def test_emergency_replacements_two_dice_at_most_seven_once_a_phase_5_18():
    """5.18: France before the Mutiny, Germany in 1915-17; two dice, at most 7, once a phase."""
    b = _board(rolls=[6, 5])
    v = judge_action(RS, b, "emergency_replacements", {"nation": "fr"})
    assert v.legal and v.extra["emergency"] == {"roll": 11, "rps": 7}
    after = apply_move(b, v, [], [], "act", record_mp=False)
    assert after.ledgers["resource_points"]["pools"]["fr"][0]["amount"] == 7
    from railhead.engine.board import Board

    again = judge_action(RS, Board(M, after), "emergency_replacements", {"nation": "fr"})
    assert _rule(again) == "5.18" and "already" in again.reasons[0].message
    assert (
        _rule(judge_action(RS, _board(french_mutiny=True), "emergency_replacements", {"nation": "fr"}))
        == "5.18"
    )
    assert (
        _rule(judge_action(RS, _board(date="1918-03"), "emergency_replacements", {"nation": "ge"})) == "5.18"
    )
    assert (
        judge_action(RS, _board(rolls=[1, 2]), "emergency_replacements", {"nation": "ge"}).extra["emergency"][
            "rps"
        ]
        == 3
    )


def test_only_in_the_resource_phase_4_3():
    v = _transfer(_board(phase="replacement"), "br", "ru")
    assert not v.legal and "5.1" in v.reasons[0].rule


def test_transfer_from_the_command_line(tmp_path):
    write_mapdata(M, tmp_path / "map.json")
    (tmp_path / "s.json").write_text(json.dumps(doc([], phase="resource", ledgers=_rp(br=3))))
    args = ["act", str(tmp_path / "map.json"), str(tmp_path / "s.json"), "transfer_rp", "from=br", "to=ru"]
    assert CliRunner().invoke(main, args).exit_code == 0
    r = CliRunner().invoke(main, [*args, "amount=2", "--json"])
    assert r.exit_code == 1 and '"5.17"' in r.output


def _near(a: str, b: str) -> bool:
    """Within two hexes (the ring that cuts Berlin off)."""
    from railhead.engine.board import Board

    bd = Board(M, board(M, []).state)
    i = bd.arrays.index[a]
    g = bd.arrays.hop_graph
    first = set(g[i].indices)
    second = {int(k) for j in first for k in g[j].indices}
    return bd.arrays.index[b] in first | second

"""The GMT Great War step of `railhead demo`: a legal and an illegal move with its rule (8.22),
supply (11.21), a strategic move into the transit box and the ledger it leaves (9.11-9.14)."""

from railhead.demo.gmt_great_war import run_gmt_demo


def test_demo_step(tmp_path):
    lines: list[str] = []
    written = run_gmt_demo(tmp_path, lines.append)
    text = "\n".join(lines)
    assert "GE-1CD: legal" in text
    assert "GE-1ID: ILLEGAL" in text and "8.22: E5017 -> E5018" in text
    assert "supply of cp: in supply 9" in text
    assert "cp_europe: 2 of 24 used, 22 left (9.11)" in text
    assert "cp_near_east: 1 of 4 used, 3 left (9.12)" in text
    names = {p.name for _, p in written}
    pictures = {n for n in names if n.endswith(".png")}  # the supply drawn on every front map
    sheets = {"western", "italian", "eastern", "caucasus", "egyptian", "iraqi"}
    assert names - pictures == {"gmt-map.json", "gmt-state.json"} and "supply-cp.png" in pictures
    others = {n[len("supply-cp-") : -len(".png")] for n in pictures - {"supply-cp.png"}}
    assert len(others) == 5 and others < sheets
    assert (tmp_path / "gmt-great-war" / "supply-cp.png").read_bytes()[:4] == b"\x89PNG"

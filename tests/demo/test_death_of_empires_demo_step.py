"""The Death of Empires step of `railhead demo`: sample files, a reach picture with facing, a legal
and an illegal move, a rail move, supply with depot status and command, the player aids."""

from railhead.demo.death_of_empires import run


def test_demo_step_writes_and_says(tmp_path):
    lines, written = [], []
    run(tmp_path, lines.append, lambda what, p: written.append(p) or p)
    text = "\n".join(lines)
    assert "I-1: legal" in text and "I-1: ILLEGAL" in text and "RES: legal" in text
    assert "Main Depot medium_double" in text and "PF 1C: ML -3" in text
    for p in written:
        assert p.exists(), p
    assert (tmp_path / "doe-reach-I-1.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "doe-player-aids.pdf").read_bytes()[:5] == b"%PDF-"

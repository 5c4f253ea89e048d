"""railhead check's progress: the moves read, then the moves judged (a long log's moves are judged
at its end, so a bar of the moves read alone would sit full while the judging runs)."""

from __future__ import annotations

from railhead.exporters.vassal.check import check_log, read_roster
from railhead.exporters.vassal.saves import move_command, piece_command, write_save
from railhead.mapdata.io import read_mapdata
from railhead.mapdata.sample import sample_map

ROSTER = """name,side,nation,class,size,strength,movement
GE 1. ID,central,germany,infantry,division,6,5
FR 1re DI,entente,france,infantry,division,6,5
"""


def test_check_log_reports_moves_read_then_moves_judged(tmp_path, check_inputs):
    m = sample_map()
    check_inputs(m, ROSTER)

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    here, there = at("1401"), at("1402")
    log = [move_command("1", *(there if k % 2 == 0 else here), here if k % 2 == 0 else there)
           for k in range(1200)]  # fmt: skip
    pieces = [piece_command("1", "GE 1. ID", *here), piece_command("2", "FR 1re DI", *at("2308"))]
    write_save(tmp_path / "turn.vlog", [*pieces, "Main MapBoardPicker\tMap\t0\t0"], log=log)
    told = []
    report = check_log(
        tmp_path / "turn.vlog",
        tmp_path / "game.vmod",
        read_mapdata(tmp_path / "map.json"),
        read_roster(tmp_path / "roster.csv", partial=True),
        "der-weltkrieg",
        progress=lambda n, total, stage: told.append((stage, n, total)),
    )
    assert report["judged"] == 1200
    assert told[0] == ("read", 1000, 1200)
    judged = [(n, total) for stage, n, total in told if stage == "judged"]
    assert len(judged) > 1  # told level by level, not once at the end
    assert [n for n, _ in judged] == sorted(n for n, _ in judged)
    assert judged[-1] == (1200, 1200)

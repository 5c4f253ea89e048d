"""A module's turn trackers, and the turn and phase at every step of a log (VASSAL's TurnTracker:
``TURN<id>`` TAB ``currentLevel|level…``, each level ``;``-separated with its children)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
import zipfile

from railhead.exporters.vassal.encoding import join
from railhead.exporters.vassal.saves import move_command, piece_command, read_game, write_save
from railhead.exporters.vassal.turns import decode_turn, read_turn_trackers, turn_command

B = "VASSAL.build"
PHASES = ["German Movement", "German Combat", "Allied Movement", "Allied Combat"]


def tracker_module(path, phases=PHASES):
    """A module with VASSAL's usual tracker: a turn counter from 1 whose child lists the phases,
    and a second tracker (weather) before nothing else."""
    root = ET.Element(f"{B}.GameModule", name="turns", version="1")
    tt = ET.SubElement(root, f"{B}.module.turn.TurnTracker", name="Turn")
    turn = ET.SubElement(
        tt, f"{B}.module.turn.CounterTurnLevel", name="Turn", property="Turn", start="1", incr="1"
    )
    ET.SubElement(
        turn, f"{B}.module.turn.ListTurnLevel", name="Phase", property="Phase", list=",".join(phases)
    )
    weather = ET.SubElement(root, f"{B}.module.turn.TurnTracker", name="Weather")
    ET.SubElement(weather, f"{B}.module.turn.ListTurnLevel", name="Weather", list="Fair,Mud,Snow")
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", ET.tostring(root, encoding="utf-8", xml_declaration=True))


def turn_state(turn: int, phase: int) -> str:
    """TurnTracker.getState for turn ``turn`` in phase ``phase`` (VASSAL's SequenceEncoders)."""
    phase_state = join([str(phase), "0", "0", ",".join(["true"] * len(PHASES))], ";")
    counter = join([str(turn), "0", "false", "-1", phase_state], ";")
    return join(["0", counter], "|")


def test_trackers_are_read_with_the_ids_vassal_gives_them(tmp_path):
    tracker_module(tmp_path / "m.vmod")
    trackers = read_turn_trackers(tmp_path / "m.vmod")
    assert [t.id for t in trackers] == ["TurnTracker0", "TurnTracker1"]
    assert trackers[0].level_names() == ["Turn", "Phase"]
    assert trackers[0].find("Phase").items == tuple(PHASES)
    assert trackers[1].find("Weather").items == ("Fair", "Mud", "Snow")


def test_a_logged_state_names_the_turn_and_the_phase_in_play(tmp_path):
    tracker_module(tmp_path / "m.vmod")
    t = read_turn_trackers(tmp_path / "m.vmod")[0]
    assert decode_turn(t, turn_state(3, 2)).values == {"Turn": "3", "Phase": "Allied Movement"}
    assert decode_turn(t, turn_state(12, 0)).describe() == "Turn 12, Phase German Movement"
    # what VASSAL reads from a short or empty state: the counter's start, the list's first item
    assert decode_turn(t, "").values == {"Turn": "1", "Phase": "German Movement"}


def test_the_log_keeps_each_turn_change_in_order_with_the_moves(tmp_path):
    pieces = [piece_command("1", "GE 1. ID", "Main Map", 100, 100), "Main MapBoardPicker\tMap\t0\t0"]
    log = [
        turn_command("TurnTracker0", turn_state(1, 0)),
        move_command("1", "Main Map", 160, 100, ("Main Map", 100, 100)),
        turn_command("TurnTracker0", turn_state(1, 1)),
        turn_command("TurnTracker0", turn_state(1, 2)),
        move_command("1", "Main Map", 220, 100, ("Main Map", 160, 100)),
    ]
    write_save(tmp_path / "g.vlog", pieces, log=log)
    game = read_game(tmp_path / "g.vlog")
    assert [(before, tid) for before, tid, _ in game.turns] == [
        (0, "TurnTracker0"),
        (1, "TurnTracker0"),
        (1, "TurnTracker0"),
    ]
    tracker_module(tmp_path / "m.vmod")
    t = read_turn_trackers(tmp_path / "m.vmod")[0]
    assert decode_turn(t, game.turns[-1][2]).values["Phase"] == "Allied Movement"

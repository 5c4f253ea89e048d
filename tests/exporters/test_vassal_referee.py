"""The live referee in VASSAL's own engine: a module written by ``railhead vassal export --referee``
is loaded headless (as the other module tests load theirs), ``railhead serve`` runs on the same
map and position (Der Weltkrieg's sample, as ``railhead demo`` writes it), pieces are moved as a
drop moves them (the map's PieceMover's ``movePieces`` on Swing's event thread, the command sent
and logged: ``RefereeProbe``), and the referee's verdicts, with their rules, are read from
VASSAL's chat. With the referee down, one line says so and the move is not held up.

Needs a JDK, Xvfb and the Debian Java libraries (`make test`); skips, saying why, elsewhere, and
fails under CI=true."""

from __future__ import annotations

import csv
import json
import re
import socket
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from click.testing import CliRunner
from test_vassal_turns import PHASES, turn_state

from railhead.cli import main
from railhead.engine.rulesets.der_weltkrieg.sample import sample_state
from railhead.exporters.vassal.encoding import join
from railhead.exporters.vassal.referee import COMPONENT, CONFIG, add_referee
from railhead.exporters.vassal.turns import decode_turn, read_turn_trackers
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map

SOURCES = Path(__file__).resolve().parents[2] / "exporters" / "vassal" / "java"
TIMEOUT_MS = 2000  # the component's default


@pytest.fixture(scope="module")
def referee_classes(vassal_display, tmp_path_factory) -> Path:
    """The component compiled against the same Vengine.jar, as `make vassal-referee` does."""
    out = tmp_path_factory.mktemp("referee-classes")
    done = subprocess.run(
        [
            "javac",
            "--release",
            "11",
            "-cp",
            vassal_display.classpath,
            "-d",
            str(out),
            *map(str, sorted(SOURCES.rglob("*.java"))),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def sample(tmp_path_factory) -> dict[str, Path]:
    """Der Weltkrieg's sample map and position, and a roster naming each piece by its unit id."""
    d = tmp_path_factory.mktemp("sample")
    m = sample_map()
    write_mapdata(m, d / "map.json")
    state = sample_state(m)
    (d / "state.json").write_text(json.dumps(state))
    fields = ["name", "side", "nation", "class", "size", "strength", "movement"]
    with (d / "roster.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(fields)
        for u in state["units"]:
            w.writerow([u["id"], *(u[f] for f in fields[1:])])
    return {"map": d / "map.json", "state": d / "state.json", "roster": d / "roster.csv", "dir": d}


class Referee:
    """``railhead serve`` as its own process, on a free port."""

    def __init__(self, files: dict[str, Path]) -> None:
        cmd = [sys.executable, "-c", "from railhead.cli import main; main()", "serve", str(files["map"])]
        cmd += ["--ruleset", "der-weltkrieg", "--state", str(files["state"]), "--port", "0"]
        self.proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
        for line in self.proc.stderr:  # its address, then (503 "loading" until then) ready
            found = re.search(r"referee: (http://127\.0\.0\.1:\d+/)", line)
            if found:
                self.url = found.group(1)
            elif line.startswith("referee ready:"):
                return
        raise AssertionError(f"railhead serve did not start (exit {self.proc.wait()})")

    def position(self) -> dict:
        with urllib.request.urlopen(self.url + "position", timeout=30) as r:
            return json.loads(r.read())

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)
        self.proc.stderr.close()


@pytest.fixture
def referee(sample):
    r = Referee(sample)
    yield r
    r.stop()


def _unit(referee, uid: str) -> dict:
    """The referee's record of unit ``uid`` in its current position."""
    return next(u for u in referee.position()["units"] if u["id"] == uid)


def _export(sample, out: Path, url: str, classes: Path, monkeypatch, *extra: str) -> Path:
    monkeypatch.setenv("RAILHEAD_REFEREE_CLASSES", str(classes))
    argv = ["vassal", "export", str(sample["map"]), "--roster", str(sample["roster"]), "--out", str(out)]
    r = CliRunner().invoke(main, [*argv, "--referee", url, *extra])
    assert r.exit_code == 0, r.output
    return out


def _play(java, vmod: Path, moves: list[tuple[str, ...]], wait_ms: int = 20000):
    answers = java.run("RefereeProbe", str(vmod), str(wait_ms), *("\t".join(m) for m in moves), display=True)
    movers = [a.split("\t")[1] for a in answers if a.startswith("mover\t")]
    moved = [a.split("\t")[1:] for a in answers if a.startswith("moved\t")]
    chat = [a.split("\t", 1)[1] for a in answers if a.startswith("chat\t")]
    return movers, moved, [c for c in chat if "railhead referee" in c]


def test_every_move_gets_the_referees_verdict_in_the_chat(
    vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch
):
    vmod = _export(sample, tmp_path / "game.vmod", referee.url, referee_classes, monkeypatch)
    moves = [("GE-1", "1401", "1502"), ("GE-1", "1502", "1404"), ("GE-3", "1405", "1604")]
    movers, moved, said = _play(vassal_display, vmod, moves)
    assert movers == [COMPONENT]
    assert [m[:2] for m in moved] == [["GE-1", "1502"], ["GE-1", "1404"], ["GE-3", "1604"]]
    # the verdicts, in the order of the moves: a step with its cost; a drag beyond what the unit
    # has left; a drag over two hexes, judged along the cheapest path the referee's reach gives
    assert said == [
        "- railhead referee: the module gives no phase (add-referee --phases): moves are judged in "
        "the referee's, movement of central, turn 1",
        "- railhead referee: GE-1 1401-1502 legal (2 MP)",
        "- railhead referee: GE-1 1502-1404 ILLEGAL: 1404 is not within GE-1's reach (movement allowance 5)",
        "- railhead referee: GE-3 1405-1604 by 1405-1505-1604 legal (3 MP)",
    ]
    # a legal move is made in the referee's position too (later verdicts see it); an illegal one
    # left on the board is followed there, without spending MP
    units = {u["id"]: u for u in referee.position()["units"]}
    assert (units["GE-1"]["hex"], units["GE-3"]["hex"]) == ("1404", "1604")
    assert units["GE-1"]["attrs"]["mp_spent"] == 2


def test_the_phase_is_read_from_a_module_property(
    vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch
):
    """With --phase-property, the value of that property of the module (here a global property
    standing for a turn tracker's level) is the phase the referee judges the move in."""
    plain = tmp_path / "plain.vmod"
    r = CliRunner().invoke(
        main, ["vassal", "export", str(sample["map"]), "--roster", str(sample["roster"]), "--out", str(plain)]
    )
    assert r.exit_code == 0, r.output
    with_phase = tmp_path / "phase.vmod"
    with zipfile.ZipFile(plain) as zin, zipfile.ZipFile(with_phase, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "buildFile.xml":
                root = ET.fromstring(data)
                props = ET.SubElement(root, "VASSAL.build.module.properties.GlobalProperties")
                ET.SubElement(
                    props,
                    "VASSAL.build.module.properties.GlobalProperty",
                    {"name": "Phase", "initialValue": "combat"},
                )
                data = ET.tostring(root, encoding="utf-8")
            zout.writestr(info, data)
    vmod = tmp_path / "game.vmod"
    add_referee(with_phase, vmod, referee.url, classes=referee_classes, phase_property="Phase")
    _, _, said = _play(vassal_display, vmod, [("GE-2", "1403", "1503")])
    assert said == [
        "- railhead referee: GE-2 1403-1503 ILLEGAL: R6-3 ground movement happens only in the "
        "movement phase, not in the combat phase"
    ]
    units = {u["id"]: u for u in referee.position()["units"]}
    assert units["GE-2"]["hex"] == "1503"  # refused, but left on the board: followed
    assert "mp_spent" not in units["GE-2"].get("attrs", {})


@pytest.mark.parametrize("how", ["silent", "closed"])
def test_a_referee_that_is_down_costs_one_line_and_no_wait(
    how, vassal_display, referee_classes, sample, tmp_path, monkeypatch
):
    """A referee that accepts the connection and never answers (hung) and a port nobody listens
    on: the move is made at once, and one line in the chat says it was not checked."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        if how == "silent":
            s.listen(8)  # the kernel accepts the connection; nobody ever answers
        port = s.getsockname()[1]
        if how == "closed":
            s.close()
        url = f"http://127.0.0.1:{port}/"
        vmod = _export(sample, tmp_path / "game.vmod", url, referee_classes, monkeypatch)
        _, moved, said = _play(vassal_display, vmod, [("GE-1", "1401", "1502")])
    assert moved[0][:2] == ["GE-1", "1502"]
    held_ms = int(moved[0][2])
    assert held_ms < TIMEOUT_MS  # the drop returned before the referee's answer was due
    assert len(said) == 1
    cause = f"no answer within {TIMEOUT_MS} ms" if how == "silent" else "connection refused"
    assert said == [f"- railhead referee: not reachable at {url} ({cause}); GE-1 1401-1502 not checked"]


def _with_tracker(plain: Path, out: Path) -> Path:
    """``plain`` with VASSAL's usual turn tracker (a turn counter whose child lists the phases, each
    level publishing its value in the global property its ``property`` names), as the editor saves
    it."""
    with zipfile.ZipFile(plain) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "buildFile.xml":
                root = ET.fromstring(data)
                tt = ET.SubElement(root, "VASSAL.build.module.turn.TurnTracker", name="Turn")
                turn = ET.SubElement(
                    tt,
                    "VASSAL.build.module.turn.CounterTurnLevel",
                    name="Turn",
                    property="Turn",
                    start="1",
                    incr="1",
                )
                ET.SubElement(
                    turn,
                    "VASSAL.build.module.turn.ListTurnLevel",
                    name="Phase",
                    property="Phase",
                    list=",".join(PHASES),
                )
                data = ET.tostring(root, encoding="utf-8")
            zout.writestr(info, data)
    return out


PHASE_MAP = """format = "railhead.phases/1"
ruleset = "der-weltkrieg"
tracker = "Turn"
phase_level = "Phase"
[phases]
"German Movement" = { phase = "movement", side = "central" }
"German Combat" = { phase = "combat", side = "central" }
"Allied Movement" = { phase = "movement", side = "entente" }
"""


def test_the_turn_tracker_gives_each_move_its_phase_through_the_mapping(
    vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch
):
    """add-referee --phases: the tracker advanced by its VASSAL command (as a log or another player
    sends it), each move judged in the phase and side the check's mapping gives its value; a value
    the mapping lacks is said not to be checked."""
    plain = tmp_path / "plain.vmod"
    argv = ["vassal", "export", str(sample["map"]), "--roster", str(sample["roster"]), "--out", str(plain)]
    assert CliRunner().invoke(main, argv).exit_code == 0
    tracked = _with_tracker(plain, tmp_path / "tracked.vmod")
    (tmp_path / "phases.toml").write_text(PHASE_MAP)
    monkeypatch.setenv("RAILHEAD_REFEREE_CLASSES", str(referee_classes))
    vmod = tmp_path / "game.vmod"
    argv = ["vassal", "add-referee", str(tracked), "--out", str(vmod), "--referee", referee.url]
    argv += ["--phases", str(tmp_path / "phases.toml"), "--ruleset", "der-weltkrieg"]
    r = CliRunner().invoke(main, argv)
    assert r.exit_code == 0, r.output
    with zipfile.ZipFile(vmod) as zf:
        config = json.loads(zf.read(CONFIG))
    assert (config["phase_property"], config["turn_property"]) == ("Phase", "Turn")

    def turn(n: int, phase: str) -> tuple[str, ...]:
        return ("TURNTurnTracker0", turn_state(n, PHASES.index(phase)))

    moves = [
        turn(1, "German Movement"),
        ("GE-1", "1401", "1502"),
        turn(1, "German Combat"),
        ("GE-2", "1403", "1503"),
        turn(1, "Allied Movement"),
        ("GE-3", "1405", "1505"),
        ("FR-1", "1301", "1302"),
        turn(1, "Allied Combat"),
        ("FR-2", "1303", "1304"),
        turn(2, "German Movement"),
        ("GE-4", "1407", "1408"),
    ]
    _, moved, said = _play(vassal_display, vmod, moves)
    assert len(moved) == 6
    assert said[:2] == [
        "- railhead referee: GE-1 1401-1502 legal (2 MP)",
        "- railhead referee: GE-2 1403-1503 ILLEGAL: R6-3 ground movement happens only in the "
        "movement phase, not in the combat phase",
    ]
    assert said[2].startswith("- railhead referee: GE-3 1405-1505 ILLEGAL: ") and "entente" in said[2]
    assert said[3].startswith("- railhead referee: FR-1 1301-1302 legal")
    assert said[4] == (
        "- railhead referee: FR-2 1303-1304: the turn tracker's phase 'Allied Combat' is not in the "
        "module's phase mapping: not checked"
    )
    assert said[5].startswith("- railhead referee: GE-4 1407-1408 ")
    # the turn goes with the phase: the tracker's turn counter (its property "Turn")
    now = referee.position()
    assert (now["turn"], now["phase"], now["active_side"]) == (2, "movement", "central")


def test_pieces_are_units_through_the_roster(
    vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch
):
    """A module whose piece names are not the position's unit ids: the roster's id column says
    which unit each piece is; a piece the roster does not name is said not to be checked."""
    rows = list(csv.DictReader(sample["roster"].open()))
    renamed = tmp_path / "renamed.csv"
    with renamed.open("w", newline="") as fh:
        w = csv.DictWriter(fh, ["name", "id", *[f for f in rows[0] if f != "name"]])
        w.writeheader()
        for row in rows:
            name = "Erste Armee" if row["name"] == "GE-1" else row["name"] + " Korps"
            w.writerow({**row, "name": name, "id": row["name"]})
    vmod = _export(
        {**sample, "roster": renamed}, tmp_path / "game.vmod", referee.url, referee_classes, monkeypatch
    )
    # the same module with a roster that leaves GE-2's piece out
    partial = tmp_path / "partial.csv"
    partial.write_text(
        "".join(line for line in renamed.read_text().splitlines(True) if "GE-2 Korps" not in line)
    )
    again = tmp_path / "again.vmod"
    argv = ["vassal", "add-referee", str(vmod), "--out", str(again), "--referee", referee.url]
    r = CliRunner().invoke(main, [*argv, "--roster", str(partial)])
    assert r.exit_code == 0, r.output
    moves = [("Erste Armee", "1401", "1502"), ("GE-2 Korps", "1403", "1503"), ("GE-3 Korps", "1405", "1505")]
    _, moved, said = _play(vassal_display, again, moves)
    assert [m[0] for m in moved] == ["Erste Armee", "GE-2 Korps", "GE-3 Korps"]
    assert said[1:3] == [
        "- railhead referee: GE-1 1401-1502 legal (2 MP)",
        "- railhead referee: GE-2 Korps 1403-1503: not a unit in the roster: not checked",
    ]
    assert said[3].startswith("- railhead referee: GE-3 1405-1505 legal")
    units = {u["id"]: u["hex"] for u in referee.position()["units"]}
    assert (units["GE-1"], units["GE-2"], units["GE-3"]) == ("1502", "1403", "1505")


def test_the_phasing_side_comes_from_the_trackers_player_level(
    vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch
):
    """A tracker whose phases do not name the side: a level of players above them does, mapped by
    the mapping's [sides] (side_level)."""
    plain = tmp_path / "plain.vmod"
    argv = ["vassal", "export", str(sample["map"]), "--roster", str(sample["roster"]), "--out", str(plain)]
    assert CliRunner().invoke(main, argv).exit_code == 0
    players, phases = ["Germany", "France"], ["Movement", "Combat"]
    tracked = tmp_path / "tracked.vmod"
    with zipfile.ZipFile(plain) as zin, zipfile.ZipFile(tracked, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "buildFile.xml":
                root = ET.fromstring(data)
                level = ET.SubElement(root, "VASSAL.build.module.turn.TurnTracker", name="Turn")
                for tag, name, items in (
                    ("Counter", "Turn", None),
                    ("List", "Player", players),
                    ("List", "Phase", phases),
                ):
                    attrs = {"name": name, "property": name, **({"list": ",".join(items)} if items else {})}
                    level = ET.SubElement(level, f"VASSAL.build.module.turn.{tag}TurnLevel", attrs)
                data = ET.tostring(root, encoding="utf-8")
            zout.writestr(info, data)
    (tmp_path / "phases.toml").write_text(
        'format = "railhead.phases/1"\nruleset = "der-weltkrieg"\ntracker = "Turn"\nphase_level = "Phase"\n'
        'side_level = "Player"\n[phases]\n"Movement" = { phase = "movement" }\n'
        '"Combat" = { phase = "combat" }\n'
        '[sides]\n"Germany" = "central"\n"France" = "entente"\n'
    )
    monkeypatch.setenv("RAILHEAD_REFEREE_CLASSES", str(referee_classes))
    vmod = tmp_path / "game.vmod"
    argv = ["vassal", "add-referee", str(tracked), "--out", str(vmod), "--referee", referee.url]
    r = CliRunner().invoke(
        main, [*argv, "--phases", str(tmp_path / "phases.toml"), "--ruleset", "der-weltkrieg"]
    )
    assert r.exit_code == 0, r.output

    def state(player: str, phase: str) -> str:
        flags = ",".join(["true"] * 2)
        phase_state = join([str(phases.index(phase)), "0", "0", flags], ";")
        player_state = join([str(players.index(player)), "0", "0", flags, phase_state], ";")
        return join(["0", join(["1", "0", "false", "-1", player_state], ";")], "|")

    trackers = read_turn_trackers(vmod)
    assert decode_turn(trackers[0], state("France", "Movement")).values == {
        "Turn": "1",
        "Player": "France",
        "Phase": "Movement",
    }
    moves = [
        ("TURNTurnTracker0", state("France", "Movement")),
        ("GE-1", "1401", "1502"),
        ("FR-1", "1301", "1302"),
    ]
    _, _, said = _play(vassal_display, vmod, moves)
    assert said[0].startswith(
        "- railhead referee: GE-1 1401-1502 ILLEGAL: R6-3 GE-1 is not of the phasing side"
    )
    assert said[1].startswith("- railhead referee: FR-1 1301-1302 legal")  # entente: phasing


KEY_SOUTH = (83, 130)  # Ctrl+S (VK_S; VASSAL's encoding of the Ctrl modifier)


def _with_key_move(plain: Path, out: Path) -> Path:
    """``plain`` with a Move Fixed Distance trait (VASSAL's ``translate``) on every unit: Ctrl+S
    moves the piece 75 pixels down (the trait's y counts upwards), one hex of the sample's grid
    (snapped to the hex centre); and a Global Key Command on the map, "All south", sending Ctrl+S
    to every piece on it."""
    trait = f"translate;Move south;{KEY_SOUTH[0]},{KEY_SOUTH[1]};0;-75;false;0;0;0;0;"
    with zipfile.ZipFile(plain) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "buildFile.xml":
                root = ET.fromstring(data)
                (unit,) = [
                    p for p in root.iter("VASSAL.build.module.PrototypeDefinition") if p.get("name") == "Unit"
                ]
                assert unit.text.startswith("+/null/")
                kind, state = unit.text[len("+/null/") :].split("/", 1)
                unit.text = f"+/null/{trait}\t{kind}/\t{state}"
                (main_map,) = root.iter("VASSAL.build.module.Map")
                ET.SubElement(
                    main_map,
                    "VASSAL.build.module.map.MassKeyCommand",
                    {"name": "All south", "buttonText": "All south", "hotkey": "{},{}".format(*KEY_SOUTH)},
                )
                data = ET.tostring(root, encoding="utf-8")
            zout.writestr(info, data)
    return out


def test_a_keystroke_move_is_judged(vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch):
    """A piece moved by its own trait (Move Fixed Distance, pressed on the map as a player does),
    not by a drag: each press judged; the second, beyond the allowance, is illegal and left where
    the board has it."""
    plain = _export(sample, tmp_path / "plain.vmod", referee.url, referee_classes, monkeypatch)
    vmod = _with_key_move(plain, tmp_path / "keys.vmod")
    press = ("key", "GE-1", *map(str, KEY_SOUTH))
    moved, said = _play(vassal_display, vmod, [("place", "GE-1", "1401"), press, press])[1:]
    assert [m[:2] for m in moved] == [["GE-1", "1402"], ["GE-1", "1403"]]
    assert said[1:] == [
        "- railhead referee: GE-1 1401-1402 legal (3 MP)",
        "- railhead referee: GE-1 1402-1403 ILLEGAL: R6-3 1402 -> 1403: 6 MP exceeds the movement "
        "allowance of 5",
    ]
    ge1 = _unit(referee, "GE-1")
    assert (ge1["hex"], ge1["attrs"]["mp_spent"]) == ("1403", 3)


def test_another_players_move_is_judged(
    vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch
):
    """A move arriving from the other player: a MovePiece encoded as their client sends it,
    received by VASSAL's CommandDecoder (decoded, executed, logged), never through a drop here."""
    vmod = _export(sample, tmp_path / "game.vmod", referee.url, referee_classes, monkeypatch)
    moved, said = _play(vassal_display, vmod, [("place", "GE-2", "1403"), ("incoming", "GE-2", "1504")])[1:]
    assert moved[0][:2] == ["GE-2", "1504"]
    assert said[1:] == ["- railhead referee: GE-2 1403-1504 legal (2 MP)"]
    assert _unit(referee, "GE-2")["hex"] == "1504"


def test_the_referee_follows_an_illegal_move_left_standing_and_an_undo(
    vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch
):
    """An illegal move the player leaves on the board: the next move is judged from where the
    piece really is. VASSAL's Undo is not judged as a move: the referee's position goes back."""
    vmod = _export(sample, tmp_path / "game.vmod", referee.url, referee_classes, monkeypatch)
    moves = [
        ("GE-1", "1401", "1502"),
        ("GE-1", "1502", "1404"),
        ("GE-1", "1404", "1504"),
        ("undo",),
        ("undo",),
    ]
    moved, said = _play(vassal_display, vmod, moves)[1:]
    assert [m[1] for m in moved] == ["1502", "1404", "1504", "1404", "1502"]
    assert said[1:] == [
        "- railhead referee: GE-1 1401-1502 legal (2 MP)",
        "- railhead referee: GE-1 1502-1404 ILLEGAL: 1404 is not within GE-1's reach (movement allowance 5)",
        "- railhead referee: GE-1 1404-1504 legal (2 MP)",  # from 1404, where the board has it
        "- railhead referee: GE-1 1504-1404: taken back (undo), not judged; the referee's position is "
        "as before the move",
        "- railhead referee: GE-1 1404-1502: taken back (undo), not judged; the referee's position is "
        "as before the move",
    ]
    ge1 = _unit(referee, "GE-1")
    assert (ge1["hex"], ge1["attrs"]["mp_spent"]) == ("1502", 2)


def test_another_players_undo_is_taken_back_not_judged(
    vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch
):
    """The other player's Undo arrives as a move back; VASSAL's "* UNDO: " report that travels with
    it says what it is: taken back in the referee's position, not judged as a move."""
    vmod = _export(sample, tmp_path / "game.vmod", referee.url, referee_classes, monkeypatch)
    moves = [("place", "GE-2", "1403"), ("incoming", "GE-2", "1504"), ("incoming-undo",)]
    moved, said = _play(vassal_display, vmod, moves)[1:]
    assert [m[1] for m in moved] == ["1504", "1403"]
    assert said[1:] == [
        "- railhead referee: GE-2 1403-1504 legal (2 MP)",
        "- railhead referee: GE-2 1504-1403: taken back (undo), not judged; the referee's position is "
        "as before the move",
    ]
    ge2 = _unit(referee, "GE-2")
    assert ge2["hex"] == "1403" and "mp_spent" not in ge2.get("attrs", {})


def test_a_replayed_logs_moves_are_followed_not_judged(
    vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch
):
    """Stepping through a .vlog: its moves were made in another session (railhead check judges a
    whole log); the referee follows the pieces and says once why it does not judge them."""
    vmod = _export(sample, tmp_path / "game.vmod", referee.url, referee_classes, monkeypatch)
    moves = [("place", "GE-1", "1401"), ("replay", "GE-1", "1502"), ("replay", "GE-1", "1602")]
    moved, said = _play(vassal_display, vmod, moves)[1:]
    assert [m[1] for m in moved] == ["1502", "1602"]
    assert said == [
        "- railhead referee: GE-1 1401-1502: a step of the log being replayed: not judged (railhead "
        "check judges a whole log); the referee follows the pieces",
        "- railhead referee: GE-1 1502-1602: log replay: not judged",
    ]
    ge1 = _unit(referee, "GE-1")
    assert ge1["hex"] == "1602" and "mp_spent" not in ge1.get("attrs", {})


@pytest.mark.parametrize("how", ["silent", "closed"])
def test_a_referee_that_is_down_costs_one_line_a_move_whatever_made_it(
    how, vassal_display, referee_classes, sample, tmp_path, monkeypatch
):
    """A keystroke, another player's move and an Undo with the referee hung or gone: each made at
    once, each with its one line."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        if how == "silent":
            s.listen(8)
        port = s.getsockname()[1]
        if how == "closed":
            s.close()
        url = f"http://127.0.0.1:{port}/"
        plain = _export(sample, tmp_path / "plain.vmod", url, referee_classes, monkeypatch)
        vmod = _with_key_move(plain, tmp_path / "keys.vmod")
        moves = [
            ("place", "GE-1", "1401"),
            ("place", "GE-2", "1403"),
            ("key", "GE-1", *map(str, KEY_SOUTH)),
            ("incoming", "GE-2", "1504"),
            ("undo",),
        ]
        moved, said = _play(vassal_display, vmod, moves)[1:]
    assert [m[:2] for m in moved] == [["GE-1", "1402"], ["GE-2", "1504"], ["undo", "1403"]]
    assert all(int(m[2]) < TIMEOUT_MS for m in moved)
    cause = f"no answer within {TIMEOUT_MS} ms" if how == "silent" else "connection refused"
    assert said == [
        f"- railhead referee: not reachable at {url} ({cause}); {what} not checked"
        for what in ("GE-1 1401-1402", "GE-2 1403-1504", "GE-2 1504-1403")
    ]


def test_a_global_key_command_s_moves_are_judged(
    vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch
):
    """One Global Key Command moving two units (each by its Move Fixed Distance): a verdict each."""
    plain = _export(sample, tmp_path / "plain.vmod", referee.url, referee_classes, monkeypatch)
    vmod = _with_key_move(plain, tmp_path / "keys.vmod")
    moves = [("place", "GE-1", "1401"), ("place", "GE-3", "1405"), ("gkc", "All south", "2")]
    said = _play(vassal_display, vmod, moves)[2]
    assert sorted(said[1:]) == [
        "- railhead referee: GE-1 1401-1402 legal (3 MP)",
        "- railhead referee: GE-3 1405-1406 legal (3 MP)",
    ]
    units = {u["id"]: u["hex"] for u in referee.position()["units"]}
    assert (units["GE-1"], units["GE-3"]) == ("1402", "1406")


def test_a_game_started_on_another_position_is_followed(
    vassal_display, referee_classes, sample, referee, tmp_path, monkeypatch
):
    """A game whose pieces stand elsewhere than the referee's units (a save loaded, say: VASSAL
    restores its pieces without recording moves): when it starts, the referee places them where
    the board has them, says so, and judges the next move from there."""
    vmod = _export(sample, tmp_path / "game.vmod", referee.url, referee_classes, monkeypatch)
    moves = [("place", "GE-1", "1502"), ("place", "GE-3", "1405"), ("start",), ("GE-1", "1502", "1602")]
    said = _play(vassal_display, vmod, moves)[2]
    assert said[0] == (
        "- railhead referee: a game started: the referee's position follows the board: 1 unit(s) "
        "placed where their pieces stand (GE-1 at 1502); 18 unit(s) of the referee's position have no "
        "piece on the board"
    )
    assert said[-1] == "- railhead referee: GE-1 1502-1602 legal (1 MP)"  # from 1502, not 1401
    units = {u["id"]: u["hex"] for u in referee.position()["units"]}
    assert (units["GE-1"], units["GE-3"]) == ("1602", "1405")

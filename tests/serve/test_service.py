"""The referee as a service: bound to the loopback address only, other sites refused, bad bodies
refused with a message, a position that changes as moves are applied and the phase is set, the
OpenAPI document, and ``railhead serve`` itself."""

from __future__ import annotations

import http.client
import json
import os
import queue
import socket
import subprocess
import sys
import threading
import time

import pytest
from click.testing import CliRunner
from served_helpers import Served, load_cases, sample_files

from railhead.cli import main
from railhead.errors import InputError
from railhead.serve.app import RefereeServer
from railhead.serve.referee import Referee

DW = "der-weltkrieg"


def test_only_the_loopback_address_is_bound(served):
    s = served(DW)
    assert s.server.socket.getsockname()[0] == "127.0.0.1"
    with pytest.raises(OSError), socket.create_connection(("127.0.0.2", s.port), timeout=5):
        pass
    # a socket that says it is TCP: asyncio turns Nagle's algorithm off only on those (with
    # protocol 0 every answer waited ~40 ms for the request's delayed ACK; bench/serve.py)
    assert s.server.socket.proto == socket.IPPROTO_TCP


@pytest.mark.parametrize(
    ("headers", "why"),
    [
        ({"Host": "evil.example:80"}, "is not this server"),
        ({"Origin": "http://evil.example"}, "requests from 'http://evil.example' are refused"),
        ({"Sec-Fetch-Site": "cross-site"}, "requests from another site are refused"),
    ],
)
def test_other_sites_are_refused(served, headers, why):
    s = served(DW)
    status, answer = s.http("POST", "/move", {"unit": "GE-1", "path": ["1502"]}, headers)
    assert status == 403 and why in answer["error"]
    own = {"Origin": f"http://127.0.0.1:{s.port}", "Host": f"localhost:{s.port}"}
    assert s.http("POST", "/move", {"unit": "GE-1", "path": ["1502"]}, own)[0] == 200


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "message"),
    [
        ("POST", "/move", {"unit": "GE-1"}, 422, "path: Field required"),
        ("POST", "/move", {"unit": "GE-1", "path": []}, 422, "path: List should have at least 1 item"),
        ("POST", "/move", ["GE-1", "1502"], 422, "body: "),
        ("POST", "/move", {"unit": "GE-1", "path": ["1502"], "with": {"x": [1]}}, 422, "with.x:"),
        ("PUT", "/phase", {"phase": "teatime"}, 400, "unknown phase 'teatime'"),
        ("PUT", "/phase", {"side": "martians"}, 400, "unknown side 'martians'"),
        ("PUT", "/position", {"ruleset": "gmt-great-war", "units": []}, 400, "this referee judges"),
        ("GET", "/nowhere", None, 404, ""),
    ],
)
def test_bad_requests_get_4xx_with_a_message(served, method, path, body, status, message):
    got, answer = served(DW).http(method, path, body)
    assert got == status and message in answer.get("error", answer.get("detail", ""))


def test_apply_then_judge(served):
    """A legal move applied moves the unit and spends its MP: the same move is then judged from
    where it ended; an illegal one is not applied."""
    s = served(DW)
    doc = json.loads(s.files["state"].read_text())
    assert s.http("PUT", "/position", doc)[0] == 200  # the sample's position, whatever ran before
    move = {"unit": "GE-1", "path": ["1401", "1502", "1602"]}
    status, before = s.http("POST", "/move", move)
    assert status == 200 and before["legal"] and before["mp"] == 3
    status, illegal = s.http("POST", "/apply", {"unit": "GE-1", "path": ["1301"]})
    assert status == 200 and illegal["applied"] is False and not illegal["verdict"]["legal"]
    assert s.http("GET", "/position")[1] == s.http("GET", "/position")[1]
    status, done = s.http("POST", "/apply", move)
    assert status == 200 and done["applied"] and done["verdict"] == before
    ge1 = next(u for u in s.http("GET", "/position")[1]["units"] if u["id"] == "GE-1")
    assert ge1["hex"] == "1602" and ge1["attrs"]["mp_spent"] == 3
    status, after = s.http("POST", "/move", move)  # GE-1 now stands in 1602: 1602-1401 is a gap
    assert status == 400 and "the path has a gap" in after["error"]
    assert s.http("POST", "/reach", {"unit": "GE-1"})[1]["from"] == "1602"


def test_the_phase_and_side_set_change_the_verdict(served, tmp_path):
    """The entente phasing: a German move in the movement phase is refused, as the command line
    refuses it in that position."""
    s = served(DW)
    doc = json.loads(s.files["state"].read_text())
    assert s.http("PUT", "/position", doc)[0] == 200
    move = {"unit": "GE-1", "path": ["1502", "1602"]}
    assert s.http("POST", "/move", move)[1]["legal"]
    status, phase = s.http("PUT", "/phase", {"phase": "movement", "side": "entente"})
    assert status == 200 and phase == {
        "turn": doc.get("turn", 1),
        "phase": "movement",
        "active_side": "entente",
    }
    status, refused = s.http("POST", "/move", move)
    assert status == 200 and not refused["legal"]
    state = tmp_path / "entente.json"
    state.write_text(json.dumps({**doc, "phase": "movement", "active_side": "entente"}))
    r = CliRunner().invoke(main, ["move", str(s.files["map"]), str(state), "GE-1", "1502", "1602", "--json"])
    assert r.exit_code == 1 and json.loads(r.stdout) == refused


def test_openapi_document_lists_every_endpoint(served):
    status, doc = served(DW).http("GET", "/openapi.json")
    assert status == 200
    assert {p: sorted(v) for p, v in doc["paths"].items()} == {
        "/move": ["post"],
        "/reach": ["post"],
        "/supply": ["get"],
        "/rail": ["get"],
        "/apply": ["post"],
        "/phase": ["put"],
        "/position": ["get", "put"],
        "/place": ["post"],
        "/take-back": ["post"],
    }


def _serve(*args: str) -> subprocess.Popen:
    """``railhead serve ARGS`` in its own process; its stderr lines come in ``.lines`` (a queue)."""
    argv = [sys.executable, "-m", "railhead.cli", "serve", *args]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(argv, stderr=subprocess.PIPE, text=True, env=env)
    proc.lines = queue.Queue()
    threading.Thread(target=lambda: [proc.lines.put(x) for x in proc.stderr], daemon=True).start()
    return proc


def _line(proc: subprocess.Popen) -> str:
    try:
        return proc.lines.get(timeout=60)
    except queue.Empty:
        pytest.fail("railhead serve said nothing for 60 s")


def test_railhead_serve_command(served, tmp_path):
    """``railhead serve --port 0`` prints its address on stderr, then a line once it is ready, and
    answers there; a taken port is exit 2 with a message naming it, said before the map is read."""
    f = served(DW).files
    proc = _serve(str(f["map"]), "--ruleset", DW, "--state", str(f["state"]), "--port", "0")
    try:
        line = _line(proc)
        assert line.startswith("referee: http://127.0.0.1:"), line
        port = int(line.split("127.0.0.1:")[1].split("/")[0])
        ready = _line(proc)
        assert ready.startswith(f"referee ready: {DW} on {f['map'].name} (20 units, 432 hexes)"), ready
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", "/position")
        assert json.loads(conn.getresponse().read())["ruleset"] == DW
        conn.close()
        # a map that cannot be read: the port is refused first, the map never opened
        bad = tmp_path / "not-a-map.json"
        bad.write_text("{")
        taken = _serve(str(bad), "--ruleset", DW, "--port", str(port))
        assert taken.wait(timeout=60) == 2
        assert _line(taken).strip() == (
            f"railhead: error: cannot listen on 127.0.0.1:{port} (Address already in use); "
            "give another --port, or 0 for a free one"
        )
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_requests_while_loading_get_503(tmp_path):
    """The referee answers at once, 503 "loading" (guarded as ever), until its map is read; a load
    that fails (bad input) stops it and is raised where it was served."""
    files = sample_files(DW, tmp_path)

    def ask(port: int, headers: dict[str, str] | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", "/position", headers=headers or {})
        r = conn.getresponse()
        answer = (r.status, json.loads(r.read()), r.getheader("Retry-After"))
        conn.close()
        return answer

    go = threading.Event()

    def load():
        go.wait(60)
        return Referee(files["map"], DW, files["state"])

    server = RefereeServer(port=0, loading="map.json")
    readied = []
    t = threading.Thread(target=server.run_loading, args=(load, readied.append), daemon=True)
    t.start()
    deadline = time.monotonic() + 60
    while not server._server.started:
        assert t.is_alive() and time.monotonic() < deadline
        time.sleep(0.02)
    status, answer, retry = ask(server.port)
    assert status == 503 and retry == "1"
    assert answer["error"] == "loading map.json: nothing is judged until it is read (ask again in a moment)"
    assert ask(server.port, {"Host": "evil.example"})[0] == 403
    go.set()
    while not readied:
        assert t.is_alive() and time.monotonic() < deadline
        time.sleep(0.02)
    status, answer, _ = ask(server.port)
    assert status == 200 and answer["ruleset"] == DW and readied[0].rs.id == DW
    server.stop()
    t.join(30)

    def bad_load():
        raise InputError("no such map file", file="gone.json")

    server = RefereeServer(port=0)
    with pytest.raises(InputError, match="no such map file"):
        server.run_loading(bad_load)
    with pytest.raises(ConnectionRefusedError):  # stopped, its socket closed
        socket.create_connection(("127.0.0.1", server.port), timeout=5)


def _cli_refusal(s, tmp_path, doc: dict) -> str:
    """The message of ``railhead move MAP STATE ...`` on a state file holding ``doc``, without the
    prefix and the file's name (which a position sent over HTTP has not): exit 2 is asserted."""
    state = tmp_path / "state.json"
    state.write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["move", str(s.files["map"]), str(state), "GE-1", "1502", "--json"])
    assert r.exit_code == 2, r.output
    prefix = f"railhead: error: {state}: "
    assert r.stderr.startswith(prefix), r.stderr
    return r.stderr.strip().removeprefix(prefix)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["units"][0].update(hex="9999"), "$.units[0].hex: unknown hex id '9999'"),
        (lambda d: d["units"][1].update(id=d["units"][0]["id"]), "is used twice"),
        (lambda d: d.update(phase="teatime"), "$.phase: unknown phase 'teatime'"),
        (lambda d: d.update(turn=-1), "$.turn"),
    ],
    ids=["unknown hex", "id twice", "unknown phase", "turn"],
)
def test_a_bad_position_is_refused_as_the_command_refuses_it(served, tmp_path, change, message):
    """PUT /position of a position the command line refuses (exit 2): 400 with its message, and
    the referee's position is the one it had, whole."""
    s = served(DW)
    doc = json.loads(s.files["state"].read_text())
    assert s.http("PUT", "/position", doc)[0] == 200
    assert s.http("POST", "/apply", {"unit": "GE-1", "path": ["1502", "1602"]})[1]["applied"]
    before = s.http("GET", "/position")[1]  # not the file's: GE-1 has moved
    bad = json.loads(json.dumps(doc))
    change(bad)
    status, answer = s.http("PUT", "/position", bad)
    assert status == 400 and message in answer["error"]
    assert answer["error"] == _cli_refusal(s, tmp_path, bad)
    assert s.http("GET", "/position")[1] == before


@pytest.mark.parametrize(
    ("fields", "status"),
    [
        ({"phase": "teatime"}, 400),
        ({"side": "martians"}, 400),
        ({"turn": -1}, 400),
        ({"turn": 0}, 200),  # the state files' schema allows turn 0
        ({"phase": "combat", "side": "entente", "turn": 3}, 200),
    ],
)
def test_the_phase_set_is_read_as_a_state_file_with_it(served, tmp_path, fields, status):
    """PUT /phase answers as the command line reads a state file with that phase, side and turn:
    the same refusal, with its message, or the position PUT /position of that file gives."""
    s = served(DW)
    doc = json.loads(s.files["state"].read_text())
    assert s.http("PUT", "/position", doc)[0] == 200
    before = s.http("GET", "/position")[1]
    as_file = {**doc, **{("active_side" if k == "side" else k): v for k, v in fields.items()}}
    got, answer = s.http("PUT", "/phase", fields)
    assert got == status, answer
    if got == 400:
        assert answer["error"] == _cli_refusal(s, tmp_path, as_file)
        assert s.http("GET", "/position")[1] == before
    else:
        after = s.http("GET", "/position")[1]
        assert s.http("PUT", "/position", as_file)[0] == 200
        assert after == s.http("GET", "/position")[1]


def test_a_phase_set_reads_only_the_phase_fields(tmp_path, monkeypatch):
    """PUT /phase takes the phase, side and turn alone: the position's units and locations, read
    when it came, are not written out and read again (about 60 ms a phase on bench/serve.py's
    30,000 hexes with 2,000 units, now about 2), and stay the very same objects."""
    from railhead.engine.state import GameState

    files = sample_files(DW, tmp_path)
    referee = Referee(files["map"], DW, files["state"])
    before = referee.board.state

    def whole(*args, **kwargs):
        raise AssertionError("the whole position was read again")

    monkeypatch.setattr(GameState, "to_dict", whole)
    monkeypatch.setattr("railhead.serve.referee.position_from", whole)
    assert referee.set_phase("combat", "entente", 3) == {
        "turn": 3,
        "phase": "combat",
        "active_side": "entente",
    }
    now = referee.board.state
    assert now.units is before.units and now.hexes is before.hexes and now.ledgers is before.ledgers
    with pytest.raises(InputError, match=r"unknown phase 'teatime'") as refused:
        referee.set_phase("teatime", None)
    assert refused.value.where == "$.phase"
    assert referee.board.state is now


def test_a_phase_the_position_contradicts_is_refused_as_the_command_refuses_it(served, tmp_path):
    """A ledger's spending belongs to its turn: GR/D's depot activated this turn [11C1] fits the
    capacity of turn 2, not that of turn 1 where 38 of 40 REs were spent. PUT /phase to turn 1 is
    refused as the command line refuses a state file of turn 1 (its message), the position kept."""
    s = served("grd-great-war")
    doc = json.loads(s.files["state"].read_text())
    rail = doc["ledgers"]["grd-rail"]
    rail.pop("turn", None)
    rail["pools"] = {
        "central_powers:germany_standard": [
            {"unit": "GE", "amount": 38, "what": "rail movement", "rule": "7A4", "turn": 1}
        ]
    }
    doc.update(
        turn=2, rail_actions=[{"action": "activate_depot", "side": "central_powers", "hex": "GW3:0504"}]
    )
    assert s.http("PUT", "/position", doc)[0] == 200
    before = s.http("GET", "/position")[1]
    status, answer = s.http("PUT", "/phase", {"turn": 1})
    assert status == 400 and "(11C1)" in answer["error"], answer
    assert answer["error"] == _cli_refusal(s, tmp_path, {**doc, "turn": 1})
    assert s.http("GET", "/position")[1] == before
    assert s.http("PUT", "/phase", {"turn": 3}) == (
        200,
        {"turn": 3, "phase": before.get("phase"), "active_side": before["active_side"]},
    )


def test_the_chart_values_are_read_once_at_start(tmp_path):
    """The referee judges every position with the chart values it started with, checked then as
    the commands check them: a values file changed (here, another ruleset's) or removed later does
    not change what a new position (PUT /position) is judged with."""
    doe = load_cases("engine/death_of_empires/doe_cli_cases.py")
    grd = load_cases("engine/grd_great_war/grd_cli_cases.py")
    files = sample_files("death-of-empires", tmp_path)
    s = Served(files)
    try:
        move = s.move_body(doe.MISSING_CELL)  # needs a cell only the values file gives
        status, first = s.http("POST", "/move", move)
        assert status == 200, first
        files["values"].write_text(grd.CHART)
        code, _, err = s.cli("move", *doe.MISSING_CELL)  # the command reads the file as it now is
        assert code == 2 and "unknown table" in err
        assert s.http("PUT", "/position", json.loads(files["state"].read_text()))[0] == 200
        assert s.http("POST", "/move", move) == (200, first)
    finally:
        s.stop()

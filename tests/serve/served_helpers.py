"""Each ruleset's sample position written to files, a referee served on it, and the two ways of
asking: the command line (``railhead move ... --json``) and HTTP."""

from __future__ import annotations

import http.client
import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.registry import get_ruleset
from railhead.engine.rulesets.death_of_empires import sample as doe
from railhead.engine.rulesets.der_weltkrieg.sample import sample_state as dw_state
from railhead.engine.rulesets.gmt_great_war.sample import write_sample as gmt_write
from railhead.engine.rulesets.grd_great_war import sample as grd
from railhead.engine.rulesets.great_war_area import sample as gwa
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map
from railhead.serve.app import RefereeServer
from railhead.serve.referee import Referee

TESTS = Path(__file__).parents[1]


def _write(d: Path, m, state: dict[str, Any]) -> tuple[Path, Path]:
    write_mapdata(m, d / "map.json")
    (d / "state.json").write_text(json.dumps(state))
    return d / "map.json", d / "state.json"


def load_cases(relative: str) -> ModuleType:
    """A module of command-line cases beside a CLI test (e.g. engine/death_of_empires/doe_cli_cases.py),
    shared by that test and these: the cases are the CLI test's, not copies."""
    path = TESTS / relative
    spec = importlib.util.spec_from_file_location(f"serve_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _doe_boxes(d: Path) -> dict[str, Any]:
    """Death of Empires' sample with a unit in I Corps' HQ Holding Box and a reinforcement in its
    box (2.66, 7.12), as tests/engine/death_of_empires/test_cli.py moves them."""
    files = doe.write_sample(d)
    (d / "boxes.json").write_text(
        json.dumps(load_cases("engine/death_of_empires/doe_cli_cases.py").boxes_state())
    )
    return {"map": files["map"], "state": d / "boxes.json", "values": files["values"]}


def sample_files(key: str, d: Path) -> dict[str, Any]:
    """Map, state, values (or None) and ruleset of one sample position."""
    if key == "der-weltkrieg":
        m = sample_map()
        mp, sp = _write(d, m, dw_state(m))
        return {"map": mp, "state": sp, "values": None, "ruleset": key}
    if key == "gmt-great-war":
        mp, sp = gmt_write(get_ruleset(key).data, d)
        return {"map": mp, "state": sp, "values": None, "ruleset": key}
    if key == "grd-great-war":
        mp, sp = _write(d, grd.sample_map(), grd.sample_state())
        return {"map": mp, "state": sp, "values": None, "ruleset": key}
    if key == "great-war-area":
        mp, sp = _write(d, gwa.sample_map(), gwa.sample_state_doc())
        return {"map": mp, "state": sp, "values": None, "ruleset": key}
    if key == "death-of-empires":
        files = doe.write_sample(d)
        return {"map": files["map"], "state": files["state"], "values": files["values"], "ruleset": key}
    if key == "death-of-empires/boxes":
        return {**_doe_boxes(d), "ruleset": "death-of-empires"}
    raise KeyError(key)


def move_body(args: tuple[str, ...]) -> dict[str, Any]:
    """The request of ``railhead move MAP STATE ARGS``: UNIT HEX... [--mode M] [--with K=V] [--stack U,V]
    (KEY=VALUE words among the hexes are keywords, as the command reads them)."""
    unit, rest = args[0], list(args[1:])
    body: dict[str, Any] = {"unit": unit, "path": [], "with": {}}
    while rest:
        word = rest.pop(0)
        if word == "--mode":
            body["mode"] = rest.pop(0)
        elif word == "--stack":
            body["stack"] = [s for s in rest.pop(0).split(",") if s]
        elif word == "--with":
            key, _, value = rest.pop(0).partition("=")
            body["with"][key] = value
        elif "=" in word:
            key, _, value = word.partition("=")
            body["with"][key] = value
        else:
            body["path"].append(word)
    return body


def cli(files: dict[str, Any], command: str, *args: str) -> tuple[int, str, str]:
    """``railhead COMMAND MAP STATE ARGS --ruleset R [--values V] --json``: exit, stdout, stderr."""
    argv = [command, str(files["map"]), str(files["state"]), *args, "--ruleset", files["ruleset"], "--json"]
    if files["values"] is not None:
        argv += ["--values", str(files["values"])]
    r = CliRunner().invoke(main, argv)
    return r.exit_code, r.stdout, r.stderr


class Served:
    """One sample served by a referee in a thread, asked over HTTP and on the command line."""

    def __init__(self, files: dict[str, Any]) -> None:
        self.files = files
        self.server = RefereeServer(
            Referee(files["map"], files["ruleset"], files["state"], files["values"]), port=0
        ).start()
        self.port = self.server.port

    def http(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            data = None if body is None else json.dumps(body)
            sent = {"Content-Type": "application/json", **(headers or {})}
            conn.request(method, path, body=data, headers=sent)
            r = conn.getresponse()
            raw = r.read()
            return r.status, json.loads(raw) if raw else None
        finally:
            conn.close()

    def cli(self, command: str, *args: str) -> tuple[int, str, str]:
        return cli(self.files, command, *args)

    move_body = staticmethod(move_body)

    def stop(self) -> None:
        self.server.stop()

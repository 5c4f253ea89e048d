"""railhead check: a VASSAL log replayed through the Der Weltkrieg rules."""

from __future__ import annotations

import json

from click.testing import CliRunner

from railhead.cli import main
from railhead.exporters.vassal.saves import move_command, piece_command, write_save
from railhead.mapdata.sample import sample_map

ROSTER = """name,side,nation,class,size,strength,movement
GE 1. ID,central,germany,infantry,division,6,5
FR 1re DI,entente,france,infantry,division,6,5
"""


def test_check_reports_the_illegal_move_with_its_rule(tmp_path, check_inputs):
    m = sample_map()
    files = check_inputs(m, ROSTER)

    def at(h):
        return tuple(round(v) for v in m.center(h))

    ge, fr = ("Main Map", *at("1401")), ("Main Map", *at("1301"))
    log = [
        move_command("1", "Main Map", *at("1602"), ge),  # legal: 3 MP (see the demo)
        move_command("1", "Main Map", *at("2308"), ("Main Map", *at("1602"))),
    ]  # far too far
    write_save(
        tmp_path / "turn.vlog",
        [
            piece_command("1", "GE 1. ID", *ge),
            piece_command("2", "FR 1re DI", *fr),
            "Main MapBoardPicker\tMap\t0\t0",
        ],
        log=log,
    )
    args = ["check", str(tmp_path / "turn.vlog"), *files]
    r = CliRunner().invoke(main, [*args, "--json"])
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    assert rep["moves"] == 2
    assert [b["move"] for b in rep["illegal"]] == [2]
    bad = rep["illegal"][0]
    assert (bad["from"], bad["to"], bad["rule"]) == ("1602", "2308", "R6-3")
    r = CliRunner().invoke(main, args[:-2] + ["--roster", str(tmp_path / "map.json")])
    assert r.exit_code == 2 and "roster" in r.stderr


def test_a_stack_moved_in_the_log_moves_every_piece_in_it(tmp_path, check_inputs):
    """An old-style save stacks two divisions (their own states read null;x;y) and the log moves the
    stack: each division's move is judged, and the illegal one is reported for both."""
    from railhead.exporters.vassal.saves import join

    m = sample_map()
    files = check_inputs(
        m, ROSTER.replace("FR 1re DI", "GE 2. ID").replace("entente,france", "central,germany")
    )

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    start, near, far = at("1401"), at("1502"), at("2308")
    pieces = [join(["+", pid, join(["piece", "", "", "", name], ";"), "null;0;0"], "/")
              for pid, name in (("1", "GE 1. ID"), ("2", "GE 2. ID"))]  # fmt: skip
    stack = join(["+", "s", "stack", join([*map(str, start), "1", "2"], ";")], "/")

    def move(to, frm):
        return join(["M", "s", *map(str, to), "null", *map(str, frm), "null", "p"], "/")

    write_save(tmp_path / "turn.vlog", [*pieces, stack, "Main MapBoardPicker\tMap\t0\t0"],
               log=[move(near, start), move(far, near)])  # fmt: skip
    r = CliRunner().invoke(main, [str(a) for a in ["check", tmp_path / "turn.vlog", *files, "--json"]])
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    assert rep["moves"] == 4 and not rep["unknown_pieces"]
    assert sorted((b["unit"].split("#")[0], b["from"], b["to"]) for b in rep["illegal"]) == [
        ("GE 1. ID", "1502", "2308"),
        ("GE 2. ID", "1502", "2308"),
    ]


def test_after_an_illegal_move_the_piece_goes_on_from_where_the_log_put_it(tmp_path, check_inputs):
    """A log goes on from the illegal drag's end: the next move of that piece starts there, and the
    hex it left is free again."""
    m = sample_map()
    files = check_inputs(m, ROSTER)

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    log = [
        move_command("1", *at("2308"), at("1401")),  # far too far
        move_command("1", *at("2307"), at("2308")),
    ]
    write_save(tmp_path / "turn.vlog", [piece_command("1", "GE 1. ID", *at("1401")),
               piece_command("2", "FR 1re DI", *at("1301")), "Main MapBoardPicker\tMap\t0\t0"],
               log=log)  # fmt: skip
    r = CliRunner().invoke(main, [str(a) for a in ["check", tmp_path / "turn.vlog", *files, "--json"]])
    rep = json.loads(r.stdout)
    assert [(s["from"], s["to"]) for s in rep["steps"]] == [("1401", "2308"), ("2308", "2307")]
    assert [b["move"] for b in rep["illegal"]] == [1]


def _renamed_piece_log(tmp_path, m):
    """A log whose legal move is made by a rostered unit and whose illegal one by a piece renamed
    out of the roster, plus a drag of the unit to a point no board names."""

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    log = [
        move_command("1", *at("1602"), at("1401")),  # legal: 3 MP
        move_command("2", *at("2308"), at("1301")),  # far too far, but the piece is no roster unit
        move_command("1", "Dead Pile", 40, 40, at("1602")),  # off every board of the module
    ]
    write_save(tmp_path / "turn.vlog", [piece_command("1", "GE 1. ID", *at("1401")),
               piece_command("2", "FR 1re DI (renamed)", *at("1301")), "Main MapBoardPicker\tMap\t0\t0"],
               log=log)  # fmt: skip
    return tmp_path / "turn.vlog"


def test_a_check_never_says_clean_for_moves_it_did_not_judge(tmp_path, check_inputs):
    """Every move is judged or listed with why not; the summary gives the three counts and the exit
    status is 3 (not 0) when moves went unjudged and none judged was illegal."""
    m = sample_map()
    files = check_inputs(m, ROSTER)
    log = _renamed_piece_log(tmp_path, m)
    r = CliRunner().invoke(main, ["check", str(log), *files])
    assert r.exit_code == 3, r.output
    assert "1 of 3 move(s) judged, 0 illegal, 2 not judged" in r.stdout
    assert (
        "not judged: move 2: FR 1re DI (renamed): piece 'FR 1re DI (renamed)' is not in the roster"
        in r.stdout
    )
    assert "not judged: move 3: GE 1. ID: moved to Dead Pile at 40,40" in r.stdout
    r = CliRunner().invoke(main, ["check", str(log), *files, "--json"])
    assert r.exit_code == 3
    rep = json.loads(r.stdout)
    assert (rep["moves"], rep["judged"], rep["illegal"]) == (3, 1, [])
    assert [n["move"] for n in rep["not_judged"]] == [2, 3]
    assert "1 of 3 move(s) judged" in r.stderr  # said on the terminal even with --json


def test_the_report_page_shows_the_three_counts_and_the_unjudged_moves(tmp_path, check_inputs):
    m = sample_map()
    files = check_inputs(m, ROSTER)
    log = _renamed_piece_log(tmp_path, m)
    r = CliRunner().invoke(main, ["check", str(log), *files, "--html", str(tmp_path / "r.html")])
    assert r.exit_code == 3, r.output
    page = (tmp_path / "r.html").read_text()
    header = page[page.index("<header>") : page.index("</header>")]
    assert "<b>1</b> of <b>3</b> moves judged" in header
    assert "<b>0</b> illegal" in header and "<b>2</b> not judged" in header
    unjudged = page[page.index('id="unjudged"') :]
    unjudged = unjudged[: unjudged.index("</ul>")]
    assert unjudged.count("<li ") == 2 and "is not in the roster" in unjudged and "Dead Pile" in unjudged


def _without_board_pictures(vmod, descending: bool = False):
    """The module as a user may have it: its board pictures left out of the archive and its board
    stating no size (``descending``: its numbering made to descend too)."""
    import re
    import zipfile

    with zipfile.ZipFile(vmod) as zf:
        entries = {n: zf.read(n) for n in zf.namelist() if not n.startswith("images/")}
    build = entries["buildFile.xml"].decode()
    build, k = re.subn(
        r'(<VASSAL.build.module.map.boardPicker.Board [^>]*?) width="\d+" height="\d+"', r"\1", build
    )
    assert k == 1
    if descending:
        build, n = re.subn(r'hDescend="false"', 'hDescend="true"', build)
        assert n >= 1
    entries["buildFile.xml"] = build.encode()
    with zipfile.ZipFile(vmod, "w") as zf:
        for name, data in entries.items():
            zf.writestr(name, data)


def test_a_module_without_its_board_image_is_checked_where_the_grid_alone_names_hexes(tmp_path, check_inputs):
    """The sample's numbering ascends: VASSAL names a point by the grid alone, so the missing
    picture (and its size, which the board does not state either) changes no name and the log is
    checked as with it."""
    m = sample_map()
    files = check_inputs(m, ROSTER)
    log = _renamed_piece_log(tmp_path, m)
    with_image = json.loads(CliRunner().invoke(main, ["check", str(log), *files, "--json"]).stdout)
    _without_board_pictures(tmp_path / "game.vmod")
    r = CliRunner().invoke(main, ["check", str(log), *files, "--json"])
    assert r.exit_code == 3, r.output
    rep = json.loads(r.stdout)
    assert [(s.get("from"), s.get("to")) for s in rep["steps"]] == [
        (s.get("from"), s.get("to")) for s in with_image["steps"]
    ]
    assert rep["steps"][0]["to"] == "1602" and rep["judged"] == 1


def test_a_missing_board_image_is_refused_where_the_names_need_the_board_size(tmp_path, check_inputs):
    """Descending numbering counts from the board's far edge: without the picture or a stated size
    the names cannot be known, and the check says so instead of naming every hex wrong."""
    m = sample_map()
    files = check_inputs(m, ROSTER)
    _without_board_pictures(tmp_path / "game.vmod", descending=True)
    log = _renamed_piece_log(tmp_path, m)
    r = CliRunner().invoke(main, ["check", str(log), *files])
    assert r.exit_code == 2, r.output
    assert "not in the module" in r.stderr and "descends" in r.stderr and "game.vmod" in r.stderr


PHASE_ITEMS = [
    "Set Up",
    "Central Powers Movement",
    "Central Powers Combat",
    "Entente Movement",
    "Entente Combat",
    "Central Powers Reinforcement Arrival",
]


def _with_turn_tracker(vmod):
    """The module with VASSAL's usual tracker: a turn counter whose child lists the phases."""
    import xml.etree.ElementTree as ET
    import zipfile

    with zipfile.ZipFile(vmod) as zf:
        entries = {n: zf.read(n) for n in zf.namelist()}
    root = ET.fromstring(entries["buildFile.xml"])
    tt = ET.SubElement(root, "VASSAL.build.module.turn.TurnTracker", name="Turn")
    turn = ET.SubElement(tt, "VASSAL.build.module.turn.CounterTurnLevel", name="Turn", start="1")
    ET.SubElement(turn, "VASSAL.build.module.turn.ListTurnLevel", name="Phase", list=",".join(PHASE_ITEMS))
    entries["buildFile.xml"] = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    with zipfile.ZipFile(vmod, "w") as zf:
        for name, data in entries.items():
            zf.writestr(name, data)


def _turn(phase: str) -> str:
    from railhead.exporters.vassal.saves import join
    from railhead.exporters.vassal.turns import turn_command

    listed = join([str(PHASE_ITEMS.index(phase)), "0", "0", ",".join(["true"] * len(PHASE_ITEMS))], ";")
    return turn_command("TurnTracker0", join(["0", join(["1", "0", "false", "-1", listed], ";")], "|"))


def test_moves_are_judged_in_the_phase_the_log_s_turn_tracker_names(tmp_path, check_inputs):
    """R5, R6-3: a set-up drag is counted, not judged; in the Central Powers' movement phase their
    move is judged and the Entente's is illegal (not theirs to move); a French drag in the Central
    Powers' combat phase is a retreat, which with no French HQ to rank it (R14-7) is listed as not
    judged, not called illegal."""
    m = sample_map()
    files = check_inputs(m, ROSTER)
    _with_turn_tracker(tmp_path / "game.vmod")

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    log = [
        _turn("Set Up"),
        move_command("1", *at("1401"), at("1402")),  # set-up: placed, not judged
        _turn("Central Powers Movement"),
        move_command("1", *at("1602"), at("1401")),  # legal, 3 MP
        move_command("2", *at("1302"), at("1301")),  # the Entente moves in the Central Powers' phase
        _turn("Central Powers Combat"),
        move_command("2", *at("1301"), at("1302")),  # a retreat no HQ ranks: not judged
    ]
    pieces = [piece_command("1", "GE 1. ID", *at("1402")), piece_command("2", "FR 1re DI", *at("1301"))]
    write_save(tmp_path / "turn.vlog", [*pieces, "Main MapBoardPicker\tMap\t0\t0"], log=log)
    log_file = str(tmp_path / "turn.vlog")
    r = CliRunner().invoke(main, ["check", log_file, *files, "--phases-template", str(tmp_path / "p.toml")])
    assert r.exit_code == 0, r.output
    text = (tmp_path / "p.toml").read_text()
    assert '"Central Powers Movement" = { phase = "movement", side = "central" }' in text
    assert '"Entente Combat" = { phase = "combat", side = "entente" }' in text
    assert '# "Set Up" = { phase = ? }' in text  # no phase of the ruleset: left to the user
    (tmp_path / "p.toml").write_text(
        text.replace('# "Set Up" = { phase = ? }', '"Set Up" = { setup = true }')
    )
    r = CliRunner().invoke(main, ["check", log_file, *files, "--phases", str(tmp_path / "p.toml"), "--json"])
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    assert (rep["moves"], rep["judged"], len(rep["illegal"])) == (4, 2, 1)
    bad = rep["illegal"][0]
    assert (bad["move"], bad["rule"]) == (3, "R6-3") and "not of the phasing side" in bad["why"]
    why = {n["move"]: n["why"] for n in rep["not_judged"]}
    assert why[1] == "a set-up move before play starts" and "combat phase" in why[4] and "R14-7" in why[4]
    assert rep["steps"][1]["phase"] == "movement" and rep["steps"][1]["phasing"] == "central"
    # without the mapping the same log is judged as moves of each unit's own side, and it says so
    r = CliRunner().invoke(main, ["check", log_file, *files])
    assert "phases: no phase mapping (--phases)" in r.stdout


def test_a_phase_mapping_naming_what_the_ruleset_lacks_is_refused(tmp_path, check_inputs):
    m = sample_map()
    files = check_inputs(m, ROSTER)
    _with_turn_tracker(tmp_path / "game.vmod")
    write_save(tmp_path / "t.vlog", [piece_command("1", "GE 1. ID", "Main Map", 10, 10)])
    bad = tmp_path / "p.toml"
    head = 'format = "railhead.phases/1"\nphase_level = "Phase"\n'
    bad.write_text(head + '[phases]\n"Entente Movement" = { phase = "march" }\n')
    r = CliRunner().invoke(main, ["check", str(tmp_path / "t.vlog"), *files, "--phases", str(bad)])
    assert r.exit_code == 2 and "p.toml" in r.stderr and "phases.'Entente Movement'.phase" in r.stderr
    assert "expected a phase der-weltkrieg declares" in r.stderr and "movement" in r.stderr
    bad.write_text('format = "railhead.phases/1"\nphase_level = "Weather"\n')
    r = CliRunner().invoke(main, ["check", str(tmp_path / "t.vlog"), *files, "--phases", str(bad)])
    assert r.exit_code == 2 and "expected a level of tracker 'Turn': Turn, Phase" in r.stderr


COMBAT_ROSTER = (
    ROSTER
    + """GE Art,central,germany,artillery,regiment,2,3
FR HQ,entente,france,hq,army,0,4
FR 2e DI,entente,france,infantry,division,6,5
"""
)


def _combat_log(tmp_path, m, moves, name="combat.vlog"):
    """A log of the Central Powers' Combat Phase (by the module's turn tracker): the French
    defender in 1301 with its HQ in 1101, the Germans attacking from 1401 with artillery in 1402."""

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    pieces = [
        piece_command("1", "GE 1. ID", *at("1401")),
        piece_command("2", "FR 1re DI", *at("1301")),
        piece_command("3", "GE Art", *at("1402")),
        piece_command("4", "FR HQ", *at("1101")),
        piece_command("5", "FR 2e DI", *at("1305")),
    ]
    log = [_turn("Central Powers Combat")]
    log += [move_command(pid, *at(to), at(frm)) for pid, frm, to in moves]
    write_save(tmp_path / name, [*pieces, "Main MapBoardPicker\tMap\t0\t0"], log=log)
    return str(tmp_path / name)


def _phases_file(tmp_path, log_file, files):
    r = CliRunner().invoke(main, ["check", log_file, *files, "--phases-template", str(tmp_path / "p.toml")])
    assert r.exit_code == 0, r.output
    p = tmp_path / "p.toml"
    p.write_text(p.read_text().replace('# "Set Up" = { phase = ? }', '"Set Up" = { setup = true }'))
    return ["--phases", str(p)]


def test_retreats_and_advances_in_a_combat_phase_are_judged_by_r14_and_r15(tmp_path, check_inputs):
    """R5: in the Central Powers' Combat Phase the French defender's drag is a retreat (R14-8: into
    1201, priority 1 towards its HQ, legal; R14-11: 1302, in the German ZOC, illegal while 1201 is
    open) and the Germans' an advance (R15-1 into the vacated 1301, legal; R15-3: never artillery)."""
    m = sample_map()
    files = check_inputs(m, COMBAT_ROSTER)
    _with_turn_tracker(tmp_path / "game.vmod")
    legal = _combat_log(tmp_path, m, [("2", "1301", "1201"), ("1", "1401", "1301")])
    phases = _phases_file(tmp_path, legal, files)
    r = CliRunner().invoke(main, ["check", legal, *files, *phases, "--json"])
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert (rep["moves"], rep["judged"], rep["illegal"], rep["not_judged"]) == (2, 2, [], [])
    assert [s["judged_as"] for s in rep["steps"]] == ["retreat", "advance"]

    bad = _combat_log(tmp_path, m, [("2", "1301", "1302"), ("3", "1402", "1301")], "bad.vlog")
    r = CliRunner().invoke(main, ["check", bad, *files, *phases, "--json"])
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    # the artillery entered the hex the French left: an advance or a retreat, refused as both
    assert [(b["move"], b["rule"]) for b in rep["illegal"]] == [(1, "R14-11; R14-8"), (2, "R15-3; R29-13")]
    assert "1201 (priority 1) comes first" in rep["illegal"][0]["why"]


def test_a_retreat_the_rules_cannot_rank_is_listed_not_judged_and_exits_3(tmp_path, check_inputs):
    """R14-7: a French unit no HQ of its side could supply (the HQ is not on the map at the start)
    retreats: its drag is listed as not judged, with why, and the check exits 3, never 0."""
    m = sample_map()
    files = check_inputs(m, COMBAT_ROSTER.replace("FR HQ,entente,france,hq,army,0,4\n", ""))
    _with_turn_tracker(tmp_path / "game.vmod")
    log_file = _combat_log(tmp_path, m, [("2", "1301", "1201")])
    phases = _phases_file(tmp_path, log_file, files)
    r = CliRunner().invoke(main, ["check", log_file, *files, *phases, "--json"])
    assert r.exit_code == 3, r.output
    rep = json.loads(r.stdout)
    why = {n["move"]: n["why"] for n in rep["not_judged"]}
    assert rep["judged"] == 0 and why[1].startswith("a retreat in the combat phase") and "R14-7" in why[1]


def test_a_reinforcement_placed_from_off_the_board_is_judged_by_r25(tmp_path, check_inputs):
    """R25-2, R25-3: in the Central Powers' Reinforcement Arrival Phase a German division dragged
    from a window of its own (no board of the module) onto the map is a placement: legal where no
    enemy controls the hex; beside the French unit (its ZOC, R10-1) refused; a French piece placed
    in the Central Powers' phase refused (R25-2)."""
    m = sample_map()
    roster = (
        COMBAT_ROSTER
        + "GE 2. ID,central,germany,infantry,division,6,5\nFR 3e DI,entente,france,infantry,division,6,5\n"
    )
    files = check_inputs(m, roster)
    _with_turn_tracker(tmp_path / "game.vmod")

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    box = ("Reinforcements", 40, 40)
    pieces = [
        piece_command("1", "GE 1. ID", *at("1401")),
        piece_command("2", "FR 1re DI", *at("1301")),
        piece_command("6", "GE 2. ID", *box),
        piece_command("7", "FR 3e DI", *box),
    ]
    log = [
        _turn("Central Powers Reinforcement Arrival"),
        move_command("6", *at("1801"), box),  # legal: R25-2
        move_command("6", *at("1302"), at("1801")),  # next to the French unit: R25-3
        move_command("7", *at("2005"), box),  # not the French player's phase: R25-2
    ]
    write_save(tmp_path / "r.vlog", [*pieces, "Main MapBoardPicker\tMap\t0\t0"], log=log)
    log_file = str(tmp_path / "r.vlog")
    phases = _phases_file(tmp_path, log_file, files)
    r = CliRunner().invoke(main, ["check", log_file, *files, *phases, "--json"])
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    assert (rep["moves"], rep["judged"], rep["not_judged"]) == (3, 3, [])
    assert [s["judged_as"] for s in rep["steps"]] == ["place"] * 3
    assert [(b["move"], b["rule"]) for b in rep["illegal"]] == [(2, "R25-3"), (3, "R25-2")]


def _rail_log(tmp_path, m, n: int, phase: str = "Central Powers Movement", name: str = "rail.vlog"):
    """``n`` German divisions in 2411, each dragged along the rail line to 1512 (nine hexes: far
    beyond a ground move of 5 MP) in one phase of the module's turn tracker."""

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    pieces = [piece_command(str(k), f"GE {k}. ID", *at("2411")) for k in range(1, n + 1)]
    log = [_turn(phase)] + [move_command(str(k), *at("1512"), at("2411")) for k in range(1, n + 1)]
    write_save(tmp_path / name, [*pieces, "Main MapBoardPicker\tMap\t0\t0"], log=log)
    return str(tmp_path / name)


def _german_roster(n: int) -> str:
    rows = [f"GE {k}. ID,central,germany,infantry,division,6,5" for k in range(1, n + 1)]
    return "\n".join([ROSTER.splitlines()[0], *rows]) + "\n"


def test_a_rail_move_in_the_movement_phase_is_judged_by_rail_and_capacity_is_spent(tmp_path, check_inputs):
    """R6-3 allows ground, column, rail and repair moves in the movement phase: a drag too long
    for ground is legal by rail (R7) and reported so; each spends a division of Germany's rail
    capacity of 20 (R8-1, R37-1), so the 21st is illegal by the capacity rule, naming the modes
    tried; in a phase allowing no movement (Combat) the same drag is no move at all."""
    m = sample_map()
    files = check_inputs(m, _german_roster(21))
    _with_turn_tracker(tmp_path / "game.vmod")
    log_file = _rail_log(tmp_path, m, 1)
    phases = _phases_file(tmp_path, log_file, files)
    r = CliRunner().invoke(main, ["check", log_file, *files, *phases, "--json"])
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert rep["steps"][0]["mode"] == "rail" and rep["steps"][0]["legal"]
    r = CliRunner().invoke(main, ["check", log_file, *files, *phases, "--html", str(tmp_path / "r.html")])
    assert r.exit_code == 0 and "2411 \u2192 1512 by rail: legal" in (tmp_path / "r.html").read_text()
    log_file = _rail_log(tmp_path, m, 21, name="rails.vlog")
    r = CliRunner().invoke(main, ["check", log_file, *files, *phases, "--json"])
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    assert [s["mode"] for s in rep["steps"][:20]] == ["rail"] * 20
    assert [b["move"] for b in rep["illegal"]] == [21]
    bad = rep["illegal"][0]
    assert bad["rule"].startswith("R8-1") and bad["mode"] == "rail"
    assert bad["tried"] == "ground, column, rail, repair" and "modes tried" in bad["why"]


def test_a_ground_illegal_drag_with_ground_alone_allowed_keeps_its_ground_rule(tmp_path, check_inputs):
    """Without a phase (no --phases) a drag is judged as a ground move only: the long drag along
    the rail line is illegal by the movement allowance (R6-3), judged by ground."""
    m = sample_map()
    files = check_inputs(m, _german_roster(1))
    _with_turn_tracker(tmp_path / "game.vmod")
    r = CliRunner().invoke(main, ["check", _rail_log(tmp_path, m, 1), *files, "--json"])
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    bad = rep["illegal"][0]
    assert bad["rule"] == "R6-3" and "tried" not in bad and rep["steps"][0]["mode"] == "ground"


def test_a_unit_the_roster_gives_no_movement_is_refused_naming_the_roster_row(tmp_path, check_inputs):
    """A roster row with a blank movement: the check cannot judge that unit's moves (R6-1 needs its
    allowance), so it stops with exit 2 naming the roster file, the piece's row and the column to
    fill, not just the replay's unit id."""
    m = sample_map()
    files = check_inputs(
        m,
        ROSTER.replace(
            "GE 1. ID,central,germany,infantry,division,6,5", "GE 1. ID,central,germany,infantry,division,6,"
        ),
    )
    ge = ("Main Map", *(round(v) for v in m.center("1401")))
    write_save(
        tmp_path / "turn.vlog",
        [piece_command("1", "GE 1. ID", *ge), "Main MapBoardPicker\tMap\t0\t0"],
        log=[move_command("1", "Main Map", *(round(v) for v in m.center("1502")), ge)],
    )
    r = CliRunner().invoke(main, ["check", str(tmp_path / "turn.vlog"), *files])
    assert r.exit_code == 2, r.output
    assert "roster.csv: the row of 'GE 1. ID': piece 'GE 1. ID' has no movement allowance" in r.stderr
    assert "'movement' column" in r.stderr and "Traceback" not in r.output

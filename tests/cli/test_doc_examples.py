"""Every `railhead` command the documentation shows runs as written against `railhead demo`'s output,
with the exit status the documentation gives it.

Where the commands are: the fenced code blocks (no language, ``sh``, ``bash``, ``shell`` or
``console``) of ``README.md`` and ``docs/*.md``, and the indented lines of the demo's own
``demo-out/README.txt``. A command is a line beginning ``railhead`` or ``.venv/bin/railhead`` (a
leading ``$`` is dropped; a line ending in ``\\`` goes on on the next).

Convention for writers: a command exits 0 unless its line ends in a comment saying ``# exit N``
(``# exit 1: R6-11``); a comment ``# -> TEXT`` says what it prints (``# -> 1106``), checked too.
README and docs commands run in the folder holding ``demo-out/`` (they name ``demo-out/...``);
README.txt's run inside ``demo-out/``, as it says. A command whose input files are not the demo's
(``my-scan.png``, ``MyGame.vmod``: an example on the reader's own files) cannot run here: it is
parsed as the command line would parse it (the command exists, takes those options and arguments),
and its files are named in the test's id.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from railhead.cli import _InputFile, main

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```\s*(\w*)\s*$")
RUN = re.compile(r"^\s*(?:\$\s+)?(?:\.venv/bin/)?railhead\s+(.*)$")
LANGS = {"", "sh", "bash", "shell", "console"}


def commands_in_markdown(text: str) -> list[str]:
    """The railhead command lines of the shell code blocks of a Markdown page."""
    out, lang, pending = [], None, ""
    for line in text.splitlines():
        fence = FENCE.match(line.strip())
        if fence:
            lang = None if lang is not None else fence.group(1)
            continue
        if lang not in LANGS:
            continue
        if pending:
            pending += " " + line.strip()
        elif RUN.match(line):
            pending = RUN.match(line).group(1)
        if pending.endswith("\\"):
            pending = pending[:-1].rstrip()
            continue
        if pending:
            out.append(pending)
            pending = ""
    return out


def commands_in_readme_txt(text: str) -> list[str]:
    return [
        RUN.match(line).group(1) for line in text.splitlines() if line.startswith("  ") and RUN.match(line)
    ]


def expectation(command: str) -> tuple[list[str], int, str | None]:
    """(arguments, exit status, text printed) of a documented command line."""
    code, _, comment = command.partition(" #")
    status = re.search(r"\bexit (\d+)", comment)
    prints = re.search(r"->\s*(\S+)", comment)
    return shlex.split(code), int(status.group(1)) if status else 0, prints.group(1) if prints else None


def _command(args: list[str]) -> tuple[click.Command, list[str], str]:
    cmd, rest, name = main, list(args), "railhead"
    while isinstance(cmd, click.Group):
        assert rest, f"railhead {' '.join(args)}: a command is missing"
        sub = cmd.get_command(click.Context(cmd), rest[0])
        assert sub is not None, f"railhead {' '.join(args)}: no command {rest[0]!r}"
        cmd, name, rest = sub, rest[0], rest[1:]
    return cmd, rest, name


def missing_inputs(args: list[str]) -> list[str]:
    """The input files the command line names that do not exist here (it is parsed by the command
    itself: an unknown option or a missing argument fails here)."""
    cmd, rest, name = _command(args)
    ctx = cmd.make_context(name, rest)
    missing = []
    for p in cmd.params:
        value = ctx.params.get(p.name)
        if isinstance(p.type, _InputFile) and value is not None:
            for v in value if isinstance(value, tuple) else (value,):
                if not Path(v).exists():
                    missing.append(str(v))
    return missing


def _pages() -> list[tuple[str, str]]:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return [
        (f"{p.relative_to(ROOT)}: {c}", c)
        for p in pages
        if p.exists()
        for c in commands_in_markdown(p.read_text())
    ]


# commands that serve pages or requests until they are stopped
SERVES = {"serve", "review"}


def _run(command: str, cwd: Path, monkeypatch) -> str | None:
    """Run one documented command in ``cwd``; a message if it did not do what the page says."""
    args, status, prints = expectation(command)
    monkeypatch.chdir(cwd)
    missing = missing_inputs(args)
    if missing:
        return None  # an example on the reader's own files: it parses
    if _command(args)[2] in SERVES:
        return None  # it parses; run, it would serve until stopped (tests/serve, tests/review run it)
    r = CliRunner().invoke(main, args)
    if r.exit_code != status:
        return f"railhead {command}\n  exit {r.exit_code}, the page says {status}: {r.output[-600:]}"
    if prints is not None and prints not in r.stdout:
        return f"railhead {command}\n  the page says it prints {prints!r}; it printed {r.stdout[-300:]!r}"
    return None


PAGES = _pages()


@pytest.mark.parametrize("command", [c for _, c in PAGES], ids=[i for i, _ in PAGES])
def test_a_documented_command_does_what_the_page_says(demo, monkeypatch, command):
    problem = _run(command, demo.folder.parent, monkeypatch)
    assert problem is None, problem


def test_every_command_of_the_demo_readme_runs_as_written(demo, monkeypatch):
    text = (demo.folder / "README.txt").read_text()
    commands = commands_in_readme_txt(text)
    assert len(commands) >= 15, text
    assert not [c for c in commands if missing_inputs_in(c, demo.folder, monkeypatch)], (
        "README.txt names no file"
    )
    problems = [p for c in commands if (p := _run(c, demo.folder, monkeypatch))]
    assert problems == [], "\n".join(problems)
    assert not re.search(r"^\s*[{\[]", text, re.M)  # no stray JSON


def missing_inputs_in(command: str, cwd: Path, monkeypatch) -> list[str]:
    monkeypatch.chdir(cwd)
    return missing_inputs(expectation(command)[0])


def test_the_convention_reads_status_and_printed_text():
    page = "intro\n```sh\n.venv/bin/railhead move a.json b.json GE-1 1301 --json   # exit 1: R6-11\n"
    page += "railhead grid locate m.json 700 \\\n    420   # -> 1106\n```\n```toml\nrailhead = 1\n```\n"
    found = commands_in_markdown(page)
    assert [expectation(c) for c in found] == [
        (["move", "a.json", "b.json", "GE-1", "1301", "--json"], 1, None),
        (["grid", "locate", "m.json", "700", "420"], 0, "1106"),
    ]


def test_every_link_of_the_documentation_resolves():
    """Every relative link of README.md and docs/ names a file or folder of the repository (the
    README is a door: its links must open)."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    broken = []
    for page in pages:
        for m in re.finditer(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            target = m.group(1)
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert len(pages) > 10 and broken == [], broken


def test_the_readme_is_a_door():
    """Issue 30: the README stays short (under 15 KB) and sends the rest to docs/."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.encode()) < 15_000
    assert "make demo" in text and "make test" in text and "docs/" in text

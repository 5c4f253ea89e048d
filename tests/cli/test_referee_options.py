"""The live referee's options: `vassal export` and `vassal add-referee` take --referee and
--phase-property alike, and the address add-referee gives by default is the one `railhead serve`
listens on by default."""

from __future__ import annotations

import click

from railhead.cli import main


def _option(*path: str, name: str) -> click.Option:
    command = main
    for word in path:
        command = command.commands[word]
    return next(p for p in command.params if p.name == name)


def test_export_and_add_referee_take_the_referee_options_alike():
    for name in ("referee_url", "phase_property"):
        export = _option("vassal", "export", name=name)
        add = _option("vassal", "add-referee", name=name)
        assert (export.opts, export.metavar, export.type) == (add.opts, add.metavar, add.type)
        first = add.help.split(".")[0]
        assert export.help.startswith(first), (export.help, add.help)
    assert "asks it about every move" in _option("vassal", "add-referee", name="referee_url").help
    assert (
        _option("vassal", "export", name="phase_property").help
        == _option("vassal", "add-referee", name="phase_property").help
    )


def test_the_default_referee_address_is_where_serve_listens_by_default():
    port = _option("serve", name="port").default
    assert _option("vassal", "add-referee", name="referee_url").default == f"http://127.0.0.1:{port}/"
    assert f"http://127.0.0.1:{port}/" in _option("vassal", "export", name="referee_url").help
    assert _option("vassal", "export", name="referee_url").default is None  # no referee unless asked

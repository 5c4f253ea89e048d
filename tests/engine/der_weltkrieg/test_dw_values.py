"""Chart values in the engine: the Der Weltkrieg CRT takes the cells the rulebook does not print from
the user's ``railhead.chart-values/1`` file (``board.values``), and a cell nobody gives is an error
naming it as TABLE.ROW.COLUMN, what it is, the rule and the file to put it in."""

from __future__ import annotations

import pytest
from builders import hex_map, position, unit

from railhead.engine.board import Board
from railhead.engine.rulesets.der_weltkrieg.crt import crt_result
from railhead.engine.values import NO_FILE, ChartValues, MissingChartValue, read_chart_values
from railhead.errors import InputError

VALUES = """\
format = "railhead.chart-values/1"
[crt-standard."5"]
"24" = 4
"50" = 9
[crt-standard."3"]
"20" = 3
[crt-1917."1"]
"20" = 1
"""


@pytest.fixture()
def values_file(tmp_path):
    path = tmp_path / "my-crt.toml"
    path.write_text(VALUES)
    return path


def test_crt_cell_read_from_the_values_file(values_file):
    """Fig 9's counterattack with the TEC's rough +1 lands on column 24, die roll 5, which the
    rulebook does not print: the user's CRT card gives 4 (R13-13, R13-17)."""
    values = read_chart_values(values_file)
    assert crt_result(24, 5, values=values) == 4
    assert crt_result(20, 3, values=values) == 3
    assert crt_result(20, 1, table="1917", values=values) == 1  # the 1917 card (R13-26)
    assert crt_result(124, 5, values=values) == 2 * 9 + 4  # over 50: R13-19, both cells the user's
    assert crt_result(20, 1, values=values) == 2  # Fig 9 prints it: the printed cell


def test_board_carries_the_values(values_file):
    """The position object holds the values the engine reads (empty unless given)."""
    m = hex_map(cols=(1, 3), rows=(1, 3))
    b = position(m, [unit("I", "0101")])
    assert b.values == ChartValues.empty() and b.values.get("crt-standard", "5", "24") is None
    given = Board(b.map, b.state, values=read_chart_values(values_file))
    assert crt_result(24, 5, values=given.values) == 4
    with pytest.raises(MissingChartValue):
        crt_result(24, 5, values=b.values)


def test_missing_cell_names_the_cell_and_the_file(values_file):
    """A CRT cell neither printed nor in the file: InputError naming crt-standard.<roll>.<column>,
    what it is, the rule, and the file to add it to."""
    values = read_chart_values(values_file)
    with pytest.raises(InputError) as err:
        crt_result(24, 6, values=values)
    text = str(err.value)
    assert isinstance(err.value, MissingChartValue)
    assert err.value.where == "crt-standard.6.24" and err.value.file == str(values_file)
    assert "crt-standard.6.24" in text and str(values_file) in text
    assert "standard Combat Results Table cell for column 24, die roll 6" in text and "R13-13" in text
    assert "24 = VALUE under [crt-standard.6]" in text


def test_missing_cell_without_a_file_says_to_pass_one():
    with pytest.raises(MissingChartValue) as err:
        crt_result(35, 3, table="1917")
    text = str(err.value)
    assert "crt-1917.3.35" in text and NO_FILE in text and "--values FILE" in text
    assert err.value.file is None


def test_values_cell_names_any_table():
    """The core lookup is not Der Weltkrieg's: any TABLE.ROW.COLUMN, quoted where TOML needs it."""
    values = ChartValues({"rail-capacity": {"great britain": {"capacity": "6"}}})
    assert values.cell("rail-capacity", "great britain", "capacity", what="x", rule="R8-2") == "6"
    with pytest.raises(MissingChartValue, match=r'top = VALUE under \[rail-capacity\."great britain"\]'):
        values.cell("rail-capacity", "great britain", "top", what="the track top", rule="R8-2")
    with pytest.raises(MissingChartValue, match="US rail capacity is missing \\(R8-2\\)"):
        values.cell("rail-capacity", "usa", "capacity", what="US rail capacity", rule="R8-2")


@pytest.mark.parametrize("bad", ['"many"', '"-2"', '"2.5"', "2.5", '"²"'])
def test_a_crt_cell_must_be_a_whole_number(tmp_path, bad):
    path = tmp_path / "v.toml"
    path.write_text(f'[crt-standard."5"]\n"24" = {bad}\n')
    with pytest.raises(InputError, match="expected a whole number") as err:
        crt_result(24, 5, values=read_chart_values(path))
    assert err.value.where == "crt-standard.5.24" and err.value.file == str(path)


@pytest.mark.parametrize(
    ("body", "where", "message"),
    [
        ('format = "other/1"\n', "format", "expected format"),
        ("[crt-standard\n", None, "malformed TOML"),
        ('crt-standard = "x"\n', "crt-standard", "expected a table of rows"),
        ('[crt-standard]\n"5" = 3\n', "crt-standard.5", "expected COLUMN = value"),
        ('[crt-standard."5"]\n"24" = true\n', "crt-standard.5.24", "expected a number or a text value"),
    ],
)
def test_bad_values_file_is_an_input_error_naming_the_place(tmp_path, body, where, message):
    path = tmp_path / "v.toml"
    path.write_text(body)
    with pytest.raises(InputError, match=message) as err:
        read_chart_values(path)
    assert err.value.file == str(path) and err.value.where == where


def test_missing_or_unreadable_values_file(tmp_path):
    with pytest.raises(InputError, match="no such chart values file"):
        read_chart_values(tmp_path / "none.toml")
    (tmp_path / "bin.toml").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(InputError, match="not UTF-8 text"):
        read_chart_values(tmp_path / "bin.toml")

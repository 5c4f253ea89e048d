"""Printed hex ids: formats, letters, strict parsing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from railhead.mapdata.ids import HexIdError, IdFormat, letters_for, number_for_letters


@pytest.mark.parametrize(
    ("template", "col", "row", "text"),
    [
        ("{col:02d}{row:02d}", 5, 12, "0512"),
        ("{col:02d}{row:02d}", 40, 7, "4007"),
        ("{row:02d}{col:02d}", 19, 68, "6819"),
        ("W{row:02d}{col:02d}", 19, 68, "W6819"),
        ("{col:A}{row:02d}", 1, 12, "A12"),
        ("{col:A}{row:02d}", 27, 3, "AA03"),
        ("{col:a}{row}", 2, 9, "b9"),
        ("{col}.{row}", 3, 14, "3.14"),
        ("{col:03d}{row:03d}", 7, 120, "007120"),
    ],
)
def test_format_and_parse(template, col, row, text):
    fmt = IdFormat(template)
    assert fmt.format(col, row) == text
    assert fmt.parse(text) == (col, row)


def test_vassal_style_doubled_letters():
    """VASSAL labels 0→A … 25→Z, 26→AA, 27→BB (vassal-and-landscape.md §1.6); we count from 1 = A."""
    assert [letters_for(n) for n in (1, 26, 27, 28, 52, 53)] == ["A", "Z", "AA", "BB", "ZZ", "AAA"]
    assert number_for_letters("BB") == 28
    with pytest.raises(HexIdError):
        number_for_letters("AB")  # not a VASSAL label


@given(st.integers(1, 2000))
def test_letters_round_trip(n):
    assert number_for_letters(letters_for(n)) == n


@pytest.mark.parametrize(
    ("template", "text"),
    [
        ("{col:02d}{row:02d}", "512"),  # missing leading zero
        ("{col:02d}{row:02d}", "05012"),  # extra leading zero on the row
        ("{col:02d}{row:02d}", "0x12"),
        ("W{row:02d}{col:02d}", "E6819"),  # wrong sheet letter
        ("{col:A}{row:02d}", "AB12"),
        ("{col}.{row}", "3.014"),
    ],
)
def test_non_canonical_ids_are_rejected(template, text):
    with pytest.raises(HexIdError):
        IdFormat(template).parse(text)


@pytest.mark.parametrize("template", ["{col}", "{col}{col}{row}", "{col:5x}{row}", "{col}{row}{z}"])
def test_bad_templates(template):
    with pytest.raises(ValueError):
        IdFormat(template)

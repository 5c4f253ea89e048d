"""Unit colour key (R50): counter background colour per nationality, and the type-symbol and value
colours that mark contingents. The swatch beside each colour name is only a printed approximation of
the named colour; the counters themselves are the reference."""

from __future__ import annotations

from ..tables import RGB, Column, Row, Table

SWATCH: dict[str, RGB] = {
    "grey": (0.62, 0.62, 0.62),
    "dark blue": (0.1, 0.15, 0.45),
    "light blue": (0.6, 0.78, 0.93),
    "white": (1.0, 1.0, 1.0),
    "pink": (0.97, 0.7, 0.78),
    "tan": (0.82, 0.71, 0.55),
    "light green": (0.6, 0.85, 0.55),
    "yellowish tan": (0.87, 0.8, 0.5),
    "red": (0.85, 0.12, 0.1),
    "black": (0.0, 0.0, 0.0),
    "brown": (0.5, 0.3, 0.15),
    "deep red": (0.55, 0.05, 0.08),
    "greenish grey": (0.55, 0.62, 0.52),
    "medium blue": (0.25, 0.45, 0.8),
    "green": (0.15, 0.55, 0.2),
    "olive green": (0.45, 0.5, 0.2),
    "dark grey": (0.3, 0.3, 0.3),
}
"""Approximate print colours for R50's colour names."""

COLOURS = [
    (
        "germany",
        "Germany",
        "grey",
        "Infantry type symbol: white regular; green box with white diagonal stripes Saxony; red "
        "Baden-Württemberg; blue box with white diagonal stripes Bavaria",
        "R50-1",
    ),
    (
        "great_britain",
        "Great Britain",
        "dark blue",
        "Type symbol: green Irish; white Canadian (red Canadian cavalry); dark blue Australian (red values "
        "New Zealand); orange South African. Tan values: Indian",
        "R50-2",
    ),
    (
        "france",
        "France",
        "light blue",
        "Colonial infantry type-symbol background: green Algerian and Moroccan; light brown colonial; "
        "brown Senegalese",
        "R50-3",
    ),
    (
        "austria_hungary",
        "Austria-Hungary",
        "white",
        "Infantry type-symbol background: red Austrian; green Hungarian; pink Polish; brownish Czech; "
        "light blue Croatian and Bosnian. Cavalry values: yellow Polish and Czech; black Austrian and "
        "Hungarian",
        "R50-4",
    ),
    ("ah_polish", "Austro-Hungarian Polish contingent", "pink", "", "R50-4"),
    (
        "russia",
        "Russia",
        "tan",
        "Type symbol: brownish Cossack; blue Opolchenie; green Armenian",
        "R50-5",
    ),
    ("italy", "Italy", "light green", "", "R50-6"),
    ("serbia", "Serbia", "yellowish tan", "", "R50-7"),
    ("montenegro", "Montenegro", "red", "", "R50-7"),
    ("belgium", "Belgium", "black", "", "R50-8"),
    ("bulgaria", "Bulgaria", "brown", "", "R50-9"),
    (
        "ottoman",
        "Ottoman Empire",
        "deep red",
        "Red type symbol: Jandarma (Gendarmerie); cavalry with brown type symbol: Ihtiyat (Kurdish "
        "reserve cavalry)",
        "R50-10",
    ),
    ("romania", "Romania", "greenish grey", "", "R50-11"),
    ("greece", "Greece", "medium blue", "National Defense units: a lighter shade of blue", "R50-12"),
    ("portugal", "Portugal", "green", "", "R50-13"),
    ("poland", "Poland", "grey", "", "R50-14"),
    ("usa", "United States", "olive green", "", "R50-15"),
    ("cp_specific", "Central Powers units and markers", "dark grey", "White symbols and text", "R50-16"),
    ("en_specific", "Entente units and markers", "medium blue", "Black symbols and text", "R50-17"),
]
"""R50: (row id, nationality, background colour, other colour marks, rule)."""


def colour_table() -> Table:
    """Unit colour key (R50): the background colour of a unit is its nationality."""
    rows = [
        Row(
            rid,
            who,
            {"colour": colour, "swatch": "", "marks": marks or "—", "rule": rule},
            swatches={"swatch": SWATCH[colour]},
        )
        for rid, who, colour, marks, rule in COLOURS
    ]
    return Table(
        "colours",
        "Unit colour key",
        "Nationality",
        [
            Column("colour", "Background"),
            Column("swatch", "Swatch"),
            Column("marks", "Type symbol and value colours"),
            Column("rule", "Rule"),
        ],
        rows,
        [
            "A unit's background colour shows its nationality (R50). Swatches approximate the named "
            "colours for reference only; the counters are the authority."
        ],
        new_page=True,
    )

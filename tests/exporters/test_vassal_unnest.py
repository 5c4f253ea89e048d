"""Nested trait lists read in one pass (:func:`railhead.exporters.vassal.pieces.unnest`) give what
unescaping the rest of the text level by level gives (the definition of the format, kept here as
the reference), on generated pieces with TABs, backslashes and quotes in their traits."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from railhead.exporters.vassal.pieces import nest, unnest

_TAB = re.compile(r"(?<!\\)\t")


def _reference_unnest(text: str) -> list[str]:
    """Level by level, as ``createPiece`` reads it: the first TAB token is the trait, the second
    (one escape level removed, one pair of quotes stripped) the rest; tokens after it ignored."""

    def token(raw: str) -> str:
        t = raw.replace("\\\t", "\t")
        return t[1:-1] if len(t) >= 2 and t[0] == "'" and t[-1] == "'" else t

    out, rest = [], text
    while rest is not None:
        first = _TAB.search(rest)
        if first is None:
            out.append(token(rest))
            break
        out.append(token(rest[: first.start()]))
        second = _TAB.search(rest, first.end())
        rest = token(rest[first.end() : second.start() if second else len(rest)])
    return out


trait = st.text(alphabet=st.sampled_from(list("ab;,'\\\t/ 1")), max_size=12)


@settings(max_examples=400, deadline=None)
@given(st.lists(trait, min_size=1, max_size=12))
def test_one_pass_reading_equals_reading_level_by_level(traits):
    text = nest(traits)
    assert unnest(text) == _reference_unnest(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab'\\\t")), max_size=40))
def test_any_text_reads_as_the_reference_reads_it(text):
    """Not only what nest writes: any text (a hostile or hand-edited save) reads the same."""
    assert unnest(text) == _reference_unnest(text)


def test_a_piece_of_real_shape_round_trips():
    traits = ["mark;Type,Class", "emb2;Activate;2;;;2;;;;1;;0;0;;;;a.png,b.png;\\odd", "report;$location$\t*",
              "'quoted'", "prototype;Unit", "piece;;;img.png;GE 1. ID"]  # fmt: skip
    assert unnest(nest(traits)) == traits


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab'\\\t")), max_size=40))
def test_the_innermost_trait_is_the_last_of_the_list(text):
    from railhead.exporters.vassal.pieces import innermost

    traits = _reference_unnest(text)
    assert innermost(text) == (len(traits), traits[-1])

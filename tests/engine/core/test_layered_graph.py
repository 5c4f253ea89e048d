"""The layered graph the core's staged traces and mode searches run on: edges given in row
order are laid straight into CSR (no sort through COO), and must make the same graph as the
general path."""

import numpy as np

from railhead.engine.layered import _graph


def test_row_ordered_parts_make_the_same_graph_as_unordered_ones():
    rows = np.array([0, 0, 1, 3, 3, 4])
    cols = np.array([1, 4, 2, 0, 5, 3])
    vals = np.array([1.0, 2.0, 3.0, 0.5, 4.0, 6.0])
    ordered = _graph([(rows[:3], cols[:3], vals[:3]), (rows[3:], cols[3:], vals[3:])], 6)
    shuffled = _graph([(rows[3:], cols[3:], vals[3:]), (rows[:3], cols[:3], vals[:3])], 6)
    assert (ordered.toarray() == shuffled.toarray()).all()
    assert ordered[3, 5] == 4.0 and ordered[4, 3] == 6.0 and ordered[2].nnz == 0


def test_no_parts_make_an_empty_graph():
    assert _graph([], 4).nnz == 0

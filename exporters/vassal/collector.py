"""Python's cycle collector held back while a long read or replay builds many objects."""

from __future__ import annotations

import functools
import gc
import threading

YOUNG = 50_000  # allocations between collections of the young generation (Python's default: 700)

_held = threading.local()


def collector_paused(fn):
    """Run ``fn`` with the objects alive at its start set aside from Python's cycle collector
    (``gc.freeze``), and the young objects collected every :data:`YOUNG` allocations instead of
    700. A check's map and whatever its caller holds live through the whole check, and a save's
    reading adds tens of thousands of stacks and pieces that live as long as the game: each
    collection would walk them all again (a save of 65,000 stacks: a sixth of its reading time).
    What a step leaves behind is freed as it goes (no cycles). Nested calls (a check reads its
    log) leave the outermost one to restore the collector."""

    @functools.wraps(fn)
    def run(*args, **kwargs):
        if getattr(_held, "depth", 0):
            _held.depth += 1
            try:
                return fn(*args, **kwargs)
            finally:
                _held.depth -= 1
        _held.depth = 1
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(YOUNG, *thresholds[1:])
        try:
            return fn(*args, **kwargs)
        finally:
            gc.set_threshold(*thresholds)
            gc.unfreeze()
            _held.depth = 0

    return run

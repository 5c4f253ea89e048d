"""The one timer the benchmarks share: best wall-clock time of a few runs, and the last result."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any


def best_of(fn: Callable[..., Any], *args: Any, runs: int = 3) -> tuple[float, Any]:
    """Seconds of the fastest of ``runs`` calls of ``fn(*args)``, and what the last call returned."""
    best, result = math.inf, None
    for _ in range(runs):
        t = time.perf_counter()
        result = fn(*args)
        best = min(best, time.perf_counter() - t)
    return best, result

"""Writing images atomically (the scan and review pictures railhead produces)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from ..files import atomic_path, write_failure


def write_image(path: str | Path, rgb: np.ndarray) -> None:
    """Write an RGB uint8 image; the format follows the suffix (.png, .jpg, .tif)."""
    suffix = Path(path).suffix.lower() or ".png"
    with atomic_path(path, suffix=suffix) as tmp:
        if not cv2.imwrite(str(tmp), cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)):
            raise write_failure(path, "the image was not written")

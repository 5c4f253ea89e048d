"""What `make` installs: the OpenCV railhead runs on is the headless build."""

from __future__ import annotations

import importlib.metadata

import pytest


def test_only_headless_opencv_is_installed():
    """opencv-python (the GUI build) needs libGL, which a server or a slim image lacks, and it
    writes the same cv2/ as opencv-python-headless; the OCR package asks for it, so the Makefile
    installs that package without it. With both installed, whichever came last owns cv2."""
    assert importlib.metadata.version("opencv-python-headless")
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        importlib.metadata.distribution("opencv-python")


def test_the_ocr_engine_imports_on_headless_opencv():
    from rapidocr_onnxruntime import RapidOCR  # noqa: F401

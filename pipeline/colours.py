"""Colour on a scan: sampling pixels, Lab distances, and the scan's drift from the legend.

A scan shows the legend's colours shifted by the paper, ink and scanner: a colour cast (a gain per
channel) and fading toward the paper (an offset). :class:`Drift` models exactly that, per RGB
channel, and is fitted from the hexes themselves (expectation-maximisation: assign each hex to its
nearest legend colour, refit the channel gains and offsets, repeat).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


def sample(image: np.ndarray, xy: np.ndarray) -> np.ndarray:
    """RGB at sub-pixel positions ``xy`` (..., 2), bilinear, as float32 (..., 3)."""
    shape = xy.shape[:-1]
    flat = xy.reshape(-1, 2).astype(np.float32)
    out = np.empty((flat.shape[0], 3), np.float32)
    step = 1 << 20  # cv2.remap takes at most 32767 columns per row: feed it in rows
    for s in range(0, len(flat), step):
        part = flat[s : s + step]
        n = len(part)
        cols = 4096
        rows = -(-n // cols)
        pad = np.zeros((rows * cols, 2), np.float32)
        pad[:n] = part
        grid = pad.reshape(rows, cols, 2)
        got = cv2.remap(image, grid[..., 0], grid[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        out[s : s + n] = got.reshape(-1, 3)[:n]
    return out.reshape(*shape, 3)


def to_lab(rgb: np.ndarray) -> np.ndarray:
    """RGB (0..255) -> CIE Lab (L 0..100), any leading shape."""
    shape = rgb.shape
    arr = (np.asarray(rgb, np.float32).reshape(-1, 1, 3) / 255.0).clip(0, 1)
    return cv2.cvtColor(arr, cv2.COLOR_RGB2LAB).reshape(shape)


@dataclass
class Drift:
    """observed = gain * printed + offset, per RGB channel."""

    gain: np.ndarray
    offset: np.ndarray

    @classmethod
    def none(cls) -> Drift:
        return cls(np.ones(3, np.float32), np.zeros(3, np.float32))

    def apply(self, rgb) -> np.ndarray:
        return np.clip(np.asarray(rgb, np.float32) * self.gain + self.offset, 0, 255)


def nearest(lab: np.ndarray, palette_lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Index of the nearest palette colour and the distances to all of them."""
    d = np.linalg.norm(lab[..., None, :] - palette_lab, axis=-1)
    return d.argmin(axis=-1), d


def fit_drift(
    observed_rgb: np.ndarray, palette_rgb: np.ndarray, rounds: int = 8, weights: np.ndarray | None = None
) -> tuple[Drift, np.ndarray]:
    """Fit the drift mapping ``palette_rgb`` onto ``observed_rgb`` samples; returns the drift and
    the final assignment of each sample to a palette colour."""
    drift = Drift.none()
    obs_lab = to_lab(observed_rgb)
    w = np.ones(len(observed_rgb)) if weights is None else weights
    assign = np.zeros(len(observed_rgb), int)
    for _ in range(rounds):
        pal_lab = to_lab(drift.apply(palette_rgb))
        assign, _ = nearest(obs_lab, pal_lab)
        if len(np.unique(assign)) < 2:
            break
        src = palette_rgb[assign]
        gain, offset = np.ones(3, np.float32), np.zeros(3, np.float32)
        for c in range(3):
            a = np.column_stack([src[:, c], np.ones(len(src))]) * w[:, None]
            sol, *_ = np.linalg.lstsq(a, observed_rgb[:, c] * w, rcond=None)
            gain[c], offset[c] = np.clip(sol[0], 0.6, 1.4), np.clip(sol[1], -80, 80)
        new = Drift(gain, offset)
        if np.allclose(new.gain, drift.gain, atol=1e-4) and np.allclose(new.offset, drift.offset, atol=1e-2):
            drift = new
            break
        drift = new
    return drift, assign

"""Terrain from per-hex descriptors with a scikit-learn classifier, learning from a person's labels.

Two ways in:

* **unaided**: the legend's colours label the hexes whose paper colour is clearly nearest one
  legend colour (see :mod:`.terrain`); an extremely randomised trees classifier trained on those
  hexes' descriptors (colour, texture, ink, symbols: :mod:`.descriptors`) then decides every hex, so
  texture and symbols can overrule a colour that two terrains share;
* **labelled**: the hexes a person has labelled (an overrides file's ``[terrain]`` entries or a
  labels file) train the classifier, and it decides the rest. The expected accuracy is measured by
  cross-validation on the labels, and the hexes the classifier is least sure of (smallest margin
  between its two likeliest terrains), spread over the map, are proposed for labelling next.

Every hex gets a confidence: the classifier's probability of the terrain it chose.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.model_selection import StratifiedKFold

TREES = 150
NEXT = 20  # hexes proposed for labelling next


@dataclass
class Learned:
    names: list[str]
    confidence: np.ndarray
    labelled: int = 0
    cv_accuracy: float | None = None  # expected accuracy on unlabelled hexes, from the labels
    next_to_label: list[int] = field(default_factory=list)  # hex indices, most useful first


def _model(seed: int) -> ExtraTreesClassifier:
    return ExtraTreesClassifier(
        n_estimators=TREES, class_weight="balanced", random_state=seed, n_jobs=1, min_samples_leaf=1
    )


def cross_validated(x: np.ndarray, y: np.ndarray, seed: int = 0) -> float | None:
    """Accuracy of the classifier on held-out labels (stratified k-fold, k up to 5); None when the
    labels are too few to hold any out (a terrain labelled once is kept in every training fold)."""
    classes, counts = np.unique(y, return_counts=True)
    if len(classes) < 2 or len(y) < 4:
        return None
    # the most folds (up to 5) that still leave two terrains with a label in every fold
    k = next((k for k in (5, 4, 3, 2) if (counts >= k).sum() >= 2), 0)
    if k < 2:
        return None
    # terrains labelled fewer than k times cannot be split k ways: keep them in training only
    rare = np.isin(y, classes[counts < k])
    idx = np.flatnonzero(~rare)
    if len(np.unique(y[idx])) < 2:
        return None
    folds = StratifiedKFold(k, shuffle=True, random_state=seed)
    right = 0
    for train, test in folds.split(x[idx], y[idx]):
        tr = np.concatenate([idx[train], np.flatnonzero(rare)])
        pred = _model(seed).fit(x[tr], y[tr]).predict(x[idx[test]])
        right += int((pred == y[idx[test]]).sum())
    return right / len(idx)


def _spread(order: np.ndarray, nbr: np.ndarray, n: int) -> list[int]:
    """The first ``n`` of ``order`` skipping hexes next to one already taken (labels spread out)."""
    taken: list[int] = []
    blocked: set[int] = set()
    for k in order:
        if int(k) in blocked:
            continue
        taken.append(int(k))
        blocked.update(int(j) for j in nbr[k] if j >= 0)
        if len(taken) == n:
            break
    return taken


def learn_terrain(
    x: np.ndarray,
    colour_names: list[str],
    colour_conf: np.ndarray,
    labels: dict[int, str],
    nbr: np.ndarray,
    seed: int = 0,
) -> Learned:
    """Terrain of every hex from descriptors ``x`` (N, D).

    ``labels`` maps hex index to the terrain a person gave it; with at least two terrains among
    them the classifier learns from them alone (a person outranks the legend's colours), else from
    the hexes the legend's colours label confidently (``colour_conf`` at or above its median)."""
    n = len(x)
    if len(set(labels.values())) >= 2:
        train = np.array(sorted(labels))
        y = np.array([labels[k] for k in train])
    else:
        sure = np.flatnonzero(colour_conf >= np.median(colour_conf))
        train, y = sure, np.array(colour_names)[sure]
        for k, t in labels.items():  # a single labelled terrain still counts
            if k not in set(train.tolist()):
                train, y = np.append(train, k), np.append(y, t)
    if len(np.unique(y)) < 2:  # one terrain everywhere: nothing to learn
        names = [str(y[0]) if len(y) else colour_names[0]] * n
        conf = np.ones(n)
        for k, t in labels.items():
            names[k] = t
        return Learned(names, conf, labelled=len(labels))
    clf = _model(seed).fit(x[train], y)
    proba = clf.predict_proba(x)
    best = proba.argmax(axis=1)
    names = [str(clf.classes_[k]) for k in best]
    conf = proba.max(axis=1)
    top2 = np.sort(proba, axis=1)[:, -2:]
    margin = top2[:, 1] - top2[:, 0]
    for k, t in labels.items():
        names[k], conf[k], margin[k] = t, 1.0, np.inf
    out = Learned(names, conf, labelled=len(labels))
    if labels:
        out.cv_accuracy = cross_validated(x[train], y, seed) if len(set(labels.values())) >= 2 else None
        out.next_to_label = _spread(np.argsort(margin, kind="stable"), nbr, NEXT)
    return out

"""How sure the digitizer is of each hexside feature (a river, a border, a lake) and each line edge
(a railway or road joining two hexes) it found: a confidence from 0 to 1 and, when it is short of
sure, what it is unsure of, for the report's doubtful list (below
:data:`~railhead.pipeline.digitize.DOUBTFUL`, 0.5) that a person checks.

An edge's confidence is that of its weakest piece of evidence, each 1 where it is sure and 0.5
where it crosses a cut chosen on generated scans (below it the edge is doubtful):

- a hexside feature (:func:`side_sure`): how clearly the ink along the side's seen length clears
  its threshold (:data:`COVER`); for water, how narrowly its kind (river, major river, lake) won
  its colour, width and shape votes over the next (:data:`VOTE`, :func:`.traces.hexside_features`);
  and the share of the side seen, not hidden under other print (a road, a bridge's brackets):
  what is hidden is no evidence either way, so it takes the confidence towards a coin toss,
  never below it on that account alone (:func:`hidden`; on generated scans every river half
  under a bridge is right);
- a line traced straight (:func:`line_sure`): how clearly the ink along the centre-to-centre
  segment clears its threshold (:data:`COVER`);
- a line traced as a curve (:func:`curve_sure`): the run it makes in the two hexes near the
  crossing (:func:`.curves.hex_crossings`), counting only what was seen (a run that reaches the
  threshold only because the line, ending inside a hex, was taken as going on under a label rests
  on what the scan does not show), and the share of it on the kind's full-contrast ink
  (:data:`INKED`; not its faint strokes or its ink mixed with the paper,
  :func:`.curves.faint_line_mask`, nor a gap bridged under print).

Candidates that reached :data:`NEAR` of their threshold but not the threshold are not drawn but
listed as possible, with their confidence (below 0.5).

The cuts were chosen on generated scans only (``bench/confidence.py``: three art styles, levels
1-3, seeds 21-23), each where it lists many more of the wrong edges there than of the right ones;
the real maps are scored with them as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

NEAR = 0.5  # share of its threshold a candidate not drawn reaches to be listed as possible
# where each piece of evidence crosses 0.5 (chosen on generated scans, bench/confidence.py: the
# cut listing many more of the wrong edges than of the right ones there)
COVER = 0.6  # how clearly a side's or a straight line's ink clears its threshold (:func:`clears`)
VOTE = 0.3  # a water kind's vote over the next (river, major river, lake; .traces' units)
INKED = 0.8  # share of a curve's run near its crossing on full-contrast ink
VOTE_SURE, INKED_SURE = 1.0, 1.0  # ... and where each is sure (confidence 1)


@dataclass(frozen=True)
class Sure:
    """A confidence (0..1), what it is short of ('' when nothing) and the evidence it is made of."""

    confidence: float
    why: str = ""
    evidence: dict = field(default_factory=dict)


def clears(coverage: float, threshold: float) -> float:
    """How clearly a share ``coverage`` clears ``threshold``: 0.5 at the threshold, 1 at full
    coverage; below the threshold, from 0 (none) to 0.5 (:func:`ramp` with the threshold as cut)."""
    return ramp(coverage, threshold)


def ramp(value: float, cut: float, sure: float = 1.0) -> float:
    """A piece of evidence as a confidence: 0.5 at ``cut``, 1 from ``sure`` on, 0 at none."""
    if value >= cut:
        return float(min(1.0, 0.5 + 0.5 * (value - cut) / max(1e-6, sure - cut)))
    return 0.5 * max(0.0, value) / max(1e-6, cut)


def hidden(seen: float) -> float:
    """What was not seen is no evidence either way: the confidence goes half-way to a coin toss
    (0.5) for half of the length hidden, never below it on that account alone."""
    return 0.5 + 0.5 * min(1.0, max(0.0, seen))


def _weakest(evidence: dict, cues: list[tuple[float, str]]) -> Sure:
    """The confidence of the weakest piece of evidence (each a confidence and its words); what
    it is short of: the words of every piece below 0.5."""
    conf = min(c for c, _ in cues)
    why = "; ".join(w for c, w in cues if c < 0.5)
    return Sure(round(float(conf), 4), why, evidence)


def side_sure(coverage: float, threshold: float, seen: float, margin: float) -> Sure:
    """A hexside feature's confidence: ``coverage`` the share of the side's seen length showing it
    (``threshold`` needed), ``seen`` the share of its length not hidden under other print,
    ``margin`` its kind's vote over the next water kind (inf where none competes)."""
    ev = {"coverage": round(coverage, 3), "threshold": threshold, "seen": round(seen, 3)}
    ev["margin"] = None if margin == float("inf") else round(margin, 3)
    return _weakest(
        ev,
        [
            (ramp(clears(coverage, threshold), COVER), _ink_words(coverage, threshold)),
            (hidden(seen), f"only {seen:.0%} of the side seen"),
            (ramp(margin, VOTE, VOTE_SURE), "its kind (river, major river, lake) narrowly decided"),
        ],
    )


def line_sure(coverage: float, threshold: float) -> Sure:
    """A straight-traced line edge's confidence: ``coverage`` the share of the centre-to-centre
    segment showing its ink (``threshold`` needed)."""
    ev = {"coverage": round(coverage, 3), "threshold": threshold}
    return _weakest(ev, [(ramp(clears(coverage, threshold), COVER), _ink_words(coverage, threshold))])


def curve_sure(run: float, need: float, seen: float, inked: float) -> Sure:
    """A curve-traced line edge's confidence: ``run`` the shorter of its runs in the two hexes
    near the crossing, as a share of the full run there, ``need`` the share that decides the edge
    (:data:`.curves.MIN_RUN` of :data:`.curves.REACH`), ``seen`` the share of that run seen before
    a line's end inside a hex was taken as going on under a label (1 when it was all seen), and
    ``inked`` the share of the run on full-contrast ink. A run that reaches ``need`` only with
    the part taken as going on under a label rests on what the scan does not show: below 0.5."""
    ev = {"run": round(run, 3), "seen": round(seen, 3), "inked": round(inked, 3)}
    shown = min(run, need * seen) if seen < 1 else run
    words = (
        "the line ends inside a hex, taken as going on under a label"
        if seen < 1
        else f"a run of {run:.0%} near the crossing, {need:.0%} needed"
    )
    return _weakest(
        ev,
        [
            (clears(shown, need), f"{words}: not drawn" if run < need else words),
            (
                ramp(inked, INKED, INKED_SURE),
                f"only {inked:.0%} of it in full ink (faint, or bridged under print)",
            ),
        ],
    )


def _ink_words(coverage: float, threshold: float) -> str:
    if coverage < threshold:
        return f"ink along {coverage:.0%} of it, {threshold:.0%} needed: not drawn"
    return f"ink along {coverage:.0%} of it, {threshold:.0%} needed"

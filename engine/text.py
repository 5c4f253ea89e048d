"""Readable text for the engine's answers (the --json forms are the dicts themselves)."""

from __future__ import annotations

from typing import Any

from .verdict import Verdict, mp_text


def phase_line(phase: dict[str, Any] | None) -> list[str]:
    """The phase and side a question was judged in (:mod:`.phases`), as one indented line."""
    if not phase:
        return []
    side = f", {phase['side']} phasing" if phase.get("side") else ""
    how = "" if phase.get("named") else " (the position names no phase)"
    return [f"  in the {phase['name'].replace('_', ' ')} phase{side}{how}"]


def verdict_text(unit: str, v: Verdict) -> str:
    head = f"{unit}: {'legal' if v.legal else 'ILLEGAL'}, {mp_text(v.mp)} MP"
    lines = [head, *phase_line(v.extra.get("phase"))]
    for s in v.steps:
        parts = ", ".join(f"{w} {'+' if m >= 0 else ''}{mp_text(m)} ({r})" for w, m, r in s.parts)
        arrow = f"{s.frm} -> {s.to}" if s.frm != s.to else s.frm
        lines.append(
            f"  {s.mode:6s} {arrow}: {mp_text(s.mp)} MP (total {mp_text(s.total)})"
            + (f"  [{parts}]" if parts else "")
        )
    for r in v.reasons:
        lines.append(f"  {r.rule}: {r.message}")
    return "\n".join(lines)


def action_text(action: str, v: Verdict) -> str:
    """An action's verdict: legal or not, the rules that refuse it and what it does."""
    lines = [f"{action}: {'legal' if v.legal else 'ILLEGAL'}", *phase_line(v.extra.get("phase"))]
    lines += [f"  {r.rule}: {r.message}" for r in v.reasons]
    lines += [f"  {e}" for e in v.effects]
    return "\n".join(lines)


def reach_text(report: dict[str, Any]) -> str:
    """A unit's reach by cost; locations the ruleset says more about (the hex a rail move detrains
    at, the mode and facing a unit arrives with) carry it in brackets."""
    lines = [
        f"{report['unit']} from {report['from']} ({report['mode']}, MA "
        f"{report['movement_allowance']}): {max(0, len(report['hexes']) - 1)} hexes reachable",
        *phase_line(report.get("phase")),
    ]
    for r in report["reasons"]:
        lines.append(f"  {r['rule']}: {r['message']}")
    by_cost: dict[Any, list[str]] = {}
    for h in report["hexes"]:
        extras = _extras(h, {"id", "mp", "path"})
        by_cost.setdefault(mp_text(h["mp"]), []).append(f"{h['id']} [{extras}]" if extras else h["id"])
    for cost, ids in by_cost.items():
        lines.append(f"  {cost} MP: {' '.join(ids)}")
    return "\n".join(lines)


def _extras(item: dict[str, Any], shown: set[str]) -> str:
    """A report row's ruleset-specific fields as ``key value`` pairs (lists and tables left to --json)."""
    out = []
    for k, v in item.items():
        if k in shown or isinstance(v, dict | list) or v is None:
            continue
        out.append(f"{k.replace('_', ' ')} {v}")
    return ", ".join(out)


SUPPLY_CORE = {"unit", "hex", "status", "rules", "path", "summary", "side"}


def supply_text(report: dict[str, Any]) -> str:
    """Supply of a side: a line per unit (its status, then whatever the ruleset reports for it),
    then any further tables of the report (headquarters, say) one row a line."""
    summary = ", ".join(f"{k} {v}" for k, v in report["summary"].items())
    flags = [k for k, v in report.items() if v is True]
    lines = [f"supply of {report['side']}{''.join(f' ({f})' for f in flags)}: {summary or 'no units'}"]
    for u in report["units"]:
        line = f"  {u['unit']:14s} {u['hex']:>8s}  {u['status']}"
        extras = _extras(u, SUPPLY_CORE)
        if extras:
            line += f" ({extras})"
        lines.append(line + f"  [{'; '.join(u.get('rules', []))}]")
    for key, rows in report.items():
        if key == "units" or not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            continue
        for r in rows:
            head = r.get("unit") or r.get("id") or ""
            where = f" in {r['hex']}" if "hex" in r else ""
            lines.append(f"  {key.rstrip('s')} {head}{where}: {_extras(r, {'unit', 'id', 'hex'})}")
    return "\n".join(lines)


def rail_text(report: dict[str, Any]) -> str:
    """Capacity of a side: each pool's capacity, spending and entries, then further ledgers."""
    lines = [f"rail capacity of {report['side']}, turn {report['turn']} ({report['unit']}):"]
    for n in report["networks"]:
        cap = (
            "no capacity given"
            if n["capacity"] is None
            else f"{n['spent']} of {n['capacity']} used, {n['remaining']} left ({n['capacity_rule']})"
        )
        lines.append(f"  {n['pool']}: {cap}")
        for e in n["entries"]:
            lines.append(f"      {e['unit']}: {e['amount']} for {e['what']} ({e['rule']})")
    for key, pools in report.items():  # further ledgers of the report (single-track lines, say)
        if key == "networks" or not isinstance(pools, list):
            continue
        for t in pools:
            if isinstance(t, dict) and "pool" in t:
                users = ", ".join(e["unit"] for e in t.get("entries", []))
                lines.append(f"  {key.replace('_', ' ')} {t['pool']}: {users}")
    return "\n".join(lines)

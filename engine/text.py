"""Readable text for the engine's answers (the --json forms are the dicts themselves)."""

from __future__ import annotations

from typing import Any

from .verdict import Verdict, mp_out


def verdict_text(unit: str, v: Verdict) -> str:
    head = f"{unit}: {'legal' if v.legal else 'ILLEGAL'}, {mp_out(v.mp)} MP"
    lines = [head]
    for s in v.steps:
        parts = ", ".join(f"{w} {mp_out(m):+g} ({r})" for w, m, r in s.parts)
        arrow = f"{s.frm} -> {s.to}" if s.frm != s.to else s.frm
        lines.append(
            f"  {s.mode:6s} {arrow}: {mp_out(s.mp)} MP (total {mp_out(s.total)})"
            + (f"  [{parts}]" if parts else "")
        )
    for r in v.reasons:
        lines.append(f"  {r.rule}: {r.message}")
    return "\n".join(lines)


def reach_text(report: dict[str, Any]) -> str:
    lines = [
        f"{report['unit']} from {report['from']} ({report['mode']}, MA "
        f"{report['movement_allowance']}): {len(report['hexes']) - 1} hexes reachable"
    ]
    for r in report["reasons"]:
        lines.append(f"  {r['rule']}: {r['message']}")
    by_cost: dict[Any, list[str]] = {}
    for h in report["hexes"]:
        by_cost.setdefault(h["mp"], []).append(h["id"])
    for cost, ids in by_cost.items():
        lines.append(f"  {cost} MP: {' '.join(ids)}")
    return "\n".join(lines)


def supply_text(report: dict[str, Any]) -> str:
    summary = ", ".join(f"{k} {v}" for k, v in report["summary"].items())
    lines = [
        f"supply of {report['side']}{' (winter)' if report.get('winter') else ''}: {summary or 'no units'}"
    ]
    for u in report["units"]:
        line = f"  {u['unit']:14s} {u['hex']:>8s}  {u['status']}"
        if u.get("hq"):
            line += (
                f" via {u['hq']} ({u['line_mp']} MP; attack -{u['attack_reduction']}, "
                f"counterattack -{u['counterattack_reduction']})"
            )
        lines.append(line + f"  [{'; '.join(u['rules'])}]")
    for h in report.get("hqs", []):
        loc = "line of communication" if h["line_of_communication"] else "NO line of communication"
        lines.append(f"  HQ {h['unit']} in {h['hex']}: {h['supply_points']} supply points, {loc}")
    return "\n".join(lines)


def rail_text(report: dict[str, Any]) -> str:
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
    for t in report.get("single_track", []):
        users = ", ".join(e["unit"] for e in t["entries"])
        lines.append(f"  single track {t['pool']}: {users}")
    return "\n".join(lines)

"""Command Control Step (7.24): each unit traces, in hexes and ignoring enemy ZOC (3.44), to the
lowest-level HQ its formation is attached to, and each HQ to its superior: a division's units to the
division HQ, that to the corps HQ, that to the Army HQ. A formation without an HQ must also keep
every unit on or next to all its others (7.24.B). Army units on or next to their army's LOC, and
entrained units, are always in command (7.24.A, 8.52); supply units need none. A detachment need
not stay with or next to its Primary Formation and cannot go out of command from it: it keeps only
within its corps HQ's radius, or its Army HQ's (8.22 with 7.24.B's NOTE); the PF's other units are
not judged by where their detachments stand."""

from __future__ import annotations

from collections import defaultdict

from .units import is_supply_class, mode_of


def _hqs(units):
    army_hq, corps_hq, pf_hq = {}, {}, {}
    for u in units:
        if u.cls != "hq":
            continue
        level = u.attr("hq_level")
        if level == "army" and u.attr("army"):
            army_hq[u.attr("army")] = u
        elif level == "corps":
            corps_hq[u.attr("corps") or u.attr("pfi")] = u
        elif level in ("division", "brigade"):
            pf_hq[u.attr("pfi")] = u
    return army_hq, corps_hq, pf_hq


def command_picture(rs, board, side: str, pic: dict) -> dict:
    from .moves import days_of

    m = board.map
    units = [u for u in board.state.units_of(side) if not is_supply_class(u) and u.cls != "fortress"]
    army_hq, corps_hq, pf_hq = _hqs(units)
    loc_near: dict[str, set[str]] = {}
    for army, line in pic["lines"].items():
        near = set()
        for h in line.loc_hexes():
            near.add(board.arrays.ids[h])
            near.update(board.arrays.ids[j] for j in board.nbr[h] if j >= 0)
        loc_near[army] = near
    by_pf = defaultdict(list)
    for u in units:
        by_pf[u.attr("pfi", u.id)].append(u)

    def within(u, hq, rule):
        if hq is None:
            return f"no HQ on the map ({rule})"
        d = m.distance(u.hex, hq.hex)
        r = int(hq.attr("ccr") or 0)
        return None if d <= r else f"{d} hexes from {hq.id}, its command radius is {r} ({rule})"

    def hq_chain(hq) -> str | None:
        """The HQ itself must be within its superior's radius."""
        level, army = hq.attr("hq_level"), hq.attr("army")
        if level == "army" or not army:
            return None
        if army in loc_near and hq.hex in loc_near[army]:
            return None
        if level in ("division", "brigade") and hq.attr("corps"):
            up = corps_hq.get(hq.attr("corps"))
            return within(hq, up, "7.24.A") or (hq_chain(up) if up else None)
        return within(hq, army_hq.get(army), "7.24.A")

    out, ml_loss = [], {}
    days = days_of(rs, board.state)
    per_day = rs.option(board.state, "out_of_command_ml_loss") == "per_day"
    flat = int(rs.data["morale"]["out_of_command"]["value"])
    for u in units:
        army, corps, pf = u.attr("army"), u.attr("corps"), u.attr("pfi", u.id)
        why = None
        if mode_of(u) == "rail":
            status, rule = "in command", "8.52"
        elif u.hex in m.boxes:
            status, rule = "in command", "7.24.A (in its army's LOC Box, 2.75)"
        elif army and army in loc_near and u.hex in loc_near[army]:
            status, rule = "in command", "7.24.A (on or next to the LOC)"
        else:
            rule = "7.24.A"
            if u.cls == "hq" and u.attr("hq_level") in ("army", "corps", "division", "brigade"):
                why = hq_chain(u)
            elif u.attr("detachment"):
                # a detachment cannot go out of command from its own PF: only its corps HQ's radius,
                # or its Army HQ's, binds it (8.22)
                up = corps_hq.get(corps) if corps else army_hq.get(army) if army else None
                if corps or army:
                    why = within(u, up, "8.22") or (hq_chain(up) if up is not None and corps else None)
            elif pf in pf_hq and pf_hq[pf] is not u:
                why = within(u, pf_hq[pf], "7.24.A") or hq_chain(pf_hq[pf])
            elif corps:
                up = corps_hq.get(corps)
                why = within(u, up, "7.24.A") or (hq_chain(up) if up else None)
            elif army:
                why = within(u, army_hq.get(army), "7.24.A")
            if why is None and pf not in pf_hq and u.cls != "hq" and not u.attr("detachment"):
                far = [
                    v.id
                    for v in by_pf[pf]
                    if v is not u
                    and not v.attr("detachment")  # need not stay with its formation (8.22)
                    and v.hex not in m.boxes
                    and m.distance(u.hex, v.hex) > 1
                ]
                if far:
                    why = f"not on or next to {', '.join(far)} of its formation (7.24.B)"
            status = "out of command" if why else "in command"
        entry = {"unit": u.id, "hex": u.hex, "status": status, "rule": rule}
        if why:
            entry["why"] = why
            ml_loss[pf] = flat * days if per_day else flat
        out.append(entry)
    return {"units": out, "ml_loss": ml_loss}

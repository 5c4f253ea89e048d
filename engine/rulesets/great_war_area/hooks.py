"""The Great War (strategic area game) as a :class:`~railhead.engine.ruleset.Ruleset`: the questions
the core asks, answered from the rule modules of this package."""

from __future__ import annotations

import copy
from dataclasses import replace
from fractions import Fraction
from typing import Any

import numpy as np

from ...core_fields import spent_mp
from ...movement import Reach, walk
from ...movement import reach as reach_within
from ...reports import CapacityReport, SupplyReport
from ...ruleset import Ruleset, fraction
from ...search import INF, mp, units
from ...stacking import stack_after, stack_points
from ...verdict import Changes, Reason, Step, Verdict
from . import bank, capitals, interception, naval, operational, strategic, supply
from .control import NEUTRAL, Occupation
from .geography import geography

WEATHER_AREAS = ("mediterranean", "northeastern", "northwestern")  # [14]


class GreatWarArea(Ruleset):
    package = "great_war_area"
    adjacency_rule = "9.3.1"

    # ------------------------------------------------------------------ data
    def value(self, section: str, key: str) -> tuple[Fraction, str]:
        entry = self.data[section][key]
        return fraction(entry["value"]), entry["rule"]

    def country(self, name: str) -> dict[str, Any]:
        return self.data["countries"].get(name, {})

    def majors(self) -> list[str]:
        return [c for c, spec in self.data["countries"].items() if spec.get("major")]

    def alignment(self, state) -> dict[str, str]:
        """The side of every country: the state's ``alignment``, else the data's 1914 default."""
        out = {c: spec.get("side", NEUTRAL) for c, spec in self.data["countries"].items()}
        out.update(state.extra.get("alignment") or {})
        return out

    def friendly_majors(self, state, side: str) -> set[str]:
        al = self.alignment(state)
        return {p for p in self.majors() if al.get(p) == side}

    def is_major(self, nation: str) -> bool:
        return bool(self.country(nation).get("major"))

    def is_ground(self, unit) -> bool:
        return bool(self.data["classes"].get(unit.cls, {}).get("ground", False))

    def corps_equivalents(self, unit) -> Fraction:
        return self.value_of(self.data["classes"][unit.cls]["corps_equivalents"])

    @staticmethod
    def value_of(entry: dict[str, Any]) -> Fraction:
        return fraction(entry["value"])

    def weather_of(self, state, zone: str | None) -> str:
        """The weather of a Weather Area [14]: normal, spring or winter (``fair`` is normal; an
        area the position gives no weather for has normal weather)."""
        if isinstance(state.weather, str):
            w = state.weather
        else:
            w = state.weather.get(zone, "normal") if zone else "normal"
        return "normal" if w == "fair" else w

    def naval_allowance(self, state, geo, board, unit) -> int:
        return naval.allowance(self, state, geo, board, unit)

    def parts(self, board):
        geo = geography(board.arrays, self.data["borders"])
        occ = board.cached("gwa-occupation", lambda: Occupation(self, board, geo))
        return geo, occ

    # ------------------------------------------------------------------ position
    def position_problems(self, board) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        m = board.map
        if m.kind != "area":
            out.append(("$", f"{self.name} is played on an area map (kind 'area'), not a {m.kind} map"))
            return out
        geo, _ = geography(board.arrays, self.data["borders"]), None
        classes = self.data["classes"]
        out += self.unknown_classes(board)
        for k, u in enumerate(board.state.units):
            where = f"$.units[{k}]"
            if u.cls not in classes:
                continue
            i = board.idx(u.hex)
            kind = geo.kind[i]
            if self.is_ground(u) and kind != "land":
                out.append(
                    (
                        f"{where}.hex",
                        f"unit {u.id} is a ground unit ({u.cls}): it stands in a land area, "
                        f"not in the {kind or 'box'} {u.hex!r} (1.2; 9)",
                    )
                )
            if not self.is_ground(u) and kind not in ("port", "sea", "canal") and not geo.lane[i]:
                out.append(
                    (
                        f"{where}.hex",
                        f"unit {u.id} is a naval unit ({u.cls}): it stands in a port, maritime area or "
                        f"sea lane, not in the {kind or 'box'} {u.hex!r} (8)",
                    )
                )
        owners = (*self.sides, NEUTRAL)
        for loc, hs in board.state.hexes.items():
            if hs.owner is None:
                continue
            if hs.owner not in owners:
                out.append(
                    (f"$.hexes[{loc!r}].owner", f"expected one of {', '.join(owners)}, not {hs.owner!r} (4)")
                )
            elif geo.kind[board.idx(loc)] != "land":
                kind = geo.kind[board.idx(loc)] or "box"
                out.append(
                    (f"$.hexes[{loc!r}].owner", f"{loc!r} is a {kind}: only land areas are controlled (4)")
                )
        zones = set(WEATHER_AREAS) | {z for z in geo.weather_area if z}
        if not isinstance(board.state.weather, str):
            for z in board.state.weather:
                if z not in zones:
                    out.append(
                        (
                            f"$.weather.{z}",
                            f"unknown Weather Area {z!r} (weather areas: {', '.join(sorted(zones))}) (14)",
                        )
                    )
        led = bank.bank(self, board.state)
        for pool in led.pools():
            value = led.balance(pool)
            if value < 0:
                out.append(
                    (
                        f"$.ledgers.{self.data['nrc']['ledger']}.pools.{pool}",
                        f"the NRC bank of {pool} is {value} NRC: a bank is never below zero (5.1)",
                    )
                )
        return out

    # ------------------------------------------------------------------ moves
    def movement_allowance(self, unit, mode: str):
        if mode == "strategic":
            return None
        if mode == "naval":
            return Fraction(int(unit.movement or 0))
        return Fraction(operational.movement_allowance(self, unit))

    def allowance_label(self, unit, mode: str) -> Any:
        return (
            "NRC (10% of the bank per turn)" if mode == "strategic" else super().allowance_label(unit, mode)
        )

    def _who_may_move(self, board, unit, mode: str) -> Reason | None:
        gate = self.phase_problem(board.state, unit, mode)  # the declared sequence of play [3]
        if gate is not None:
            return gate
        if mode == "naval":
            return (
                None
                if not self.is_ground(unit)
                else Reason("8.1", f"{unit.id} is a ground unit: naval movement is for naval units")
            )
        if not self.is_ground(unit):
            return Reason("9", f"{unit.id} is a naval unit: it moves in the naval mode (8.1)")
        if unit.attr("interned", False):
            return Reason("13.4.2", f"{unit.id} is interned and may not move")
        if unit.attr("landed", False) and mode in ("ground", "strategic", "amphibious_landing"):
            return Reason(
                "8.3.5; 8.4.8; 8.5",
                f"{unit.id} landed, disembarked or evacuated this game turn and may not move",
            )
        return None

    def judge_move(
        self, board, unit_ids: list[str], path: list[str], mode: str = "ground", **keywords: Any
    ) -> Verdict:
        unit = board.state.unit(unit_ids[0])
        if path and path[0] != unit.hex:
            path = [unit.hex, *path]
        why = self._who_may_move(board, unit, mode)
        if why is not None:
            return Verdict(False, Fraction(0), (), (why,))
        if mode == "strategic":
            return self._judge_strategic(board, unit, path)
        if mode == "naval":
            return self._judge_naval(
                board, unit, path, keywords.get("bombard"), keywords.get("intercepted_at")
            )
        if mode in ("sea_transport", "amphibious_landing", "sea_evacuation"):
            from .transport import judge_carried

            units = [board.state.unit(u) for u in unit_ids]
            return judge_carried(self, board, units, path, mode, keywords.get("carriers"))
        if mode.startswith("retreat"):
            from .retreat import judge_retreat

            return judge_retreat(self, board, [board.state.unit(u) for u in unit_ids], path, mode)
        return self._judge_ground(board, unit, path)

    def _judge_ground(self, board, unit, path: list[str]) -> Verdict:
        geo, occ = self.parts(board)
        if unit.attr("moved_strategically", False) and not self.option(
            board.state, "strategic_and_operational"
        ):
            return Verdict(
                False,
                Fraction(0),
                (),
                (Reason("9.2; 9.3 (spec A41)", f"{unit.id} moved strategically this turn"),),
            )
        if unit.attr("in_supply", True) is False:
            return self._judge_internment(board, geo, occ, unit, path)
        w = operational.walk_unit(self, board, geo, occ, unit, path)
        total = mp(w.spent)
        if w.failure:
            return Verdict(False, total, tuple(w.steps), (w.failure,))
        ma = self.movement_allowance(unit, "ground") - spent_mp(unit)
        if total > ma:
            return Verdict(
                False,
                total,
                tuple(w.steps),
                (Reason("9.3.4", f"{total} MP is more than the {ma} MP {unit.id} has left"),),
            )
        return self._arrive(board, geo, occ, unit, path, total, tuple(w.steps))

    def _arrive(self, board, geo, occ, unit, path, total, steps, extra=None) -> Verdict:
        side = unit.side
        dest = board.idx(path[-1])
        why = self._stack_problem(board, geo, unit, dest)
        if why is not None:
            return Verdict(False, total, steps, (why,))
        if not self._supplied_after(board, geo, occ, unit, path):
            return Verdict(
                False,
                total,
                steps,
                (Reason("11.4", f"{path[-1]}: no unit may deliberately move out of supply"),),
            )
        enemy = occ.enemy_units(side)
        locations: dict[str, dict[str, Any]] = {}
        effects: list[str] = []
        fields: dict[str, Any] = {}
        ledgers: dict[str, Any] = dict((extra or {}).get("ledgers", {}))
        neutral = occ.neutral()
        for loc in path[1:]:
            i = board.idx(loc)
            if not enemy[i] and not neutral[i] and occ.control[i] != side:
                locations[loc] = {"owner": side}
                effects.append(f"{side} takes control of {loc} (4)")
        violated: set[str] = set()
        for loc in path[1:]:
            i = board.idx(loc)
            if neutral[i]:
                country = geo.country[i]
                locations[loc] = {"owner": side}
                if country in violated:  # one violation per country and move
                    continue
                violated.add(country)
                cost, rule = self.value("neutrals", "violation")
                payer = unit.nation if self.is_major(unit.nation) else None
                if payer is not None:
                    state = board.state.replace(ledgers={**board.state.ledgers, **ledgers})
                    if bank.balance(self, state, payer) < cost:
                        return Verdict(
                            False,
                            total,
                            steps,
                            (
                                Reason(
                                    rule,
                                    f"violating {country} costs {cost} NRC; "
                                    f"{payer} has {bank.balance(self, state, payer)}",
                                ),
                            ),
                        )
                    why = bank.over_ceiling(self, state, payer, cost)
                    if why is not None:
                        return Verdict(False, total, steps, (why,))
                    ledgers.update(
                        bank.pay(self, state, payer, unit.id, cost, f"violation of {country}", rule)
                    )
                other = self.other_side(side)
                locations[loc] = {"owner": side}
                effects.append(
                    f"{side} violates {country} ({rule}): pays {cost} NRC; {country} joins {other}"
                )
                fields.setdefault("alignment", {})[country] = other
        effects += capitals.taken(self, board, geo, side, locations, entered=path[-1])
        freed, freed_effects = capitals.liberation(
            self, board, geo, occ, side, locations, ledgers, liberator=unit.nation
        )
        ledgers.update(freed)
        effects += freed_effects
        if enemy[dest] and not occ.present[side][dest]:
            effects.append(f"{unit.id} must attack in {path[-1]} this Ground Combat Segment (9.3.5)")
            unit_fields = {unit.id: {"must_attack": path[-1]}}
        else:
            unit_fields = {}
        out_extra = {"ledgers": ledgers, **{k: v for k, v in (extra or {}).items() if k != "ledgers"}}
        if fields:
            out_extra["alignment"] = fields["alignment"]
        return Verdict(
            True,
            total,
            steps,
            (),
            tuple(effects),
            out_extra,
            Changes(unit_fields=unit_fields, locations=locations),
        )

    def _supplied_after(self, board, geo, occ, unit, path: list[str]) -> bool:
        """[11.4]: would the unit be in supply where it ends? Read with the control the move itself
        gives (the areas it passes become its side's [4]) or with the control before it (option
        ``supply_check_control``)."""
        dest = board.idx(path[-1])
        if supply.supplied_at(self, board, geo, occ, unit, dest):
            return True
        if self.option(board.state, "supply_check_control") != "after_move":
            return False
        taken = [board.idx(p) for p in path[1:]]
        taken = [i for i in taken if not occ.enemy_units(unit.side)[i] and occ.control[i] != unit.side]
        if not taken:
            return False
        after = copy.copy(occ)
        after.control = occ.control.copy()
        after.control[taken] = unit.side
        reached, _ = supply._ground_supply(self, board, geo, after, unit.side, unit.nation)
        return bool(reached[dest])

    def _judge_internment(self, board, geo, occ, unit, path) -> Verdict:
        """[11.2.4], [13.4.1]: an out-of-supply unit moves only one area, into a neutral, interned."""
        if len(path) != 2 or board.arrays.edge_slot(path[0], path[1]) is None:
            return Verdict(
                False,
                Fraction(0),
                (),
                (
                    Reason(
                        "11.2.4",
                        f"{unit.id} is out of supply: it may only move into an adjacent neutral area, "
                        "to be interned",
                    ),
                ),
            )
        i = board.idx(path[1])
        if not occ.neutral()[i]:
            return Verdict(
                False,
                Fraction(0),
                (),
                (
                    Reason(
                        "11.2.4",
                        f"{unit.id} is out of supply: it may not move, except into an adjacent "
                        "neutral area (13.4.1)",
                    ),
                ),
            )
        step = Step(path[0], path[1], Fraction(0), Fraction(0), (), "ground")
        return Verdict(
            True,
            Fraction(0),
            (step,),
            (),
            (f"{unit.id} is interned in {path[1]} (13.4.1)",),
            {},
            Changes(unit_fields={unit.id: {"interned": True}}),
        )

    def _stack_problem(self, board, geo, unit, dest: int) -> Reason | None:
        """[9.6]: at most 3 Corps-equivalents per side in a starred area; Marines do not count."""
        if not geo.starred[dest] or not self.is_ground(unit):
            return None
        limit, rule = self.value("stacking", "starred_limit")
        present = stack_after(board.state, board.arrays.ids[dest], unit.side, [unit])[:-1]
        here = stack_points(
            (u for u in present if self.is_ground(u) and not u.attr("interned", False)),
            self.corps_equivalents,
        )
        mine = self.corps_equivalents(unit)
        if mine and here + mine > limit:
            return Reason(
                rule,
                f"{board.arrays.ids[dest]} is starred: {here} + {mine} Corps-equivalents "
                f"is more than {limit} per side",
            )
        return None

    def _judge_strategic(self, board, unit, path: list[str]) -> Verdict:
        geo, occ = self.parts(board)
        state = board.state
        if not self.is_major(unit.nation):
            return Verdict(
                False,
                Fraction(0),
                (),
                (Reason("9.2", f"{unit.id} is {unit.nation}'s: only Major Powers move strategically"),),
            )
        if unit.attr("in_supply", True) is False:
            return Verdict(
                False, Fraction(0), (), (Reason("9; 11.2.4", f"{unit.id} is out of supply and may not move"),)
            )
        for end in (path[0], path[-1]):
            if occ.contested[board.idx(end)]:
                return Verdict(
                    False,
                    Fraction(0),
                    (),
                    (
                        Reason(
                            "9.2.5", f"Strategic Movement may not begin or end in a contested area ({end})"
                        ),
                    ),
                )
        if not strategic.eligible(self, board, geo, occ, unit.side)[board.idx(path[0])]:
            return Verdict(
                False,
                Fraction(0),
                (),
                (
                    Reason(
                        "9.2.4",
                        f"{path[0]}: Strategic Movement begins in a friendly-controlled area "
                        "in or next to a friendly Major Power's territory",
                    ),
                ),
            )
        costs = strategic.strategic_costs(self, board, geo, occ, unit.side)
        w = walk(board, costs, path, "9.2.1", "strategic")
        nrc = mp(w.spent)
        steps = tuple(
            Step(
                s.frm,
                s.to,
                Fraction(0),
                Fraction(0),
                (("NRC", s.mp, s.parts[0][2] if s.parts else "9.2"),),
                "strategic",
                {"nrc": _num(s.mp)},
            )
            for s in w.steps
        )
        if w.failure:
            return Verdict(False, Fraction(0), steps, (w.failure,), extra={"nrc": _num(nrc)})
        cap, spent, base = bank.strategic_cap(self, state, unit.nation)
        if spent + nrc > cap:
            return Verdict(
                False,
                Fraction(0),
                steps,
                (
                    Reason(
                        "9.2.3",
                        f"{unit.nation} may spend at most {_num(cap)} NRC (10% of {_num(base)}) on "
                        f"Strategic Movement this turn; {_num(spent)} spent, this move costs {_num(nrc)}",
                    ),
                ),
                extra={"nrc": _num(nrc)},
            )
        why = bank.over_ceiling(self, state, unit.nation, nrc)
        if why is not None:
            return Verdict(False, Fraction(0), steps, (why,), extra={"nrc": _num(nrc)})
        left = bank.balance(self, state, unit.nation)
        if nrc > left:
            return Verdict(
                False,
                Fraction(0),
                steps,
                (Reason("5.1", f"{unit.nation} has {_num(left)} NRC; this move costs {_num(nrc)}"),),
                extra={"nrc": _num(nrc)},
            )
        ledgers = bank.pay(
            self, state, unit.nation, unit.id, nrc, "strategic movement", "9.2", strategic=True
        )
        v = self._arrive(
            board, geo, occ, unit, path, Fraction(0), steps, {"ledgers": ledgers, "nrc": _num(nrc)}
        )
        if not v.legal:
            return Verdict(False, Fraction(0), steps, v.reasons, extra={"nrc": _num(nrc)})
        fields = {k: dict(f) for k, f in v.changes.unit_fields.items()}
        fields.setdefault(unit.id, {})["moved_strategically"] = True
        return replace(v, changes=replace(v.changes, unit_fields=fields))

    def _judge_naval(
        self, board, unit, path: list[str], bombard: str | None = None, halt: str | None = None
    ) -> Verdict:
        geo, occ = self.parts(board)
        start = board.idx(path[0])
        if unit.attr("in_supply", True) is False and geo.port[start]:
            return Verdict(
                False,
                Fraction(0),
                (),
                (Reason("11.3.4", f"{unit.id} is out of supply and may not leave port"),),
            )
        left = int(unit.attr("lane_turns_left", 0))
        if geo.lane[start] and left > 0:
            return Verdict(
                False,
                Fraction(0),
                (),
                (Reason("8.1", f"{unit.id} has {left} more game turn(s) on the Sea Lane {path[0]}"),),
            )
        for loc in path[1:-1]:
            if geo.lane[board.idx(loc)]:
                return Verdict(
                    False,
                    Fraction(0),
                    (),
                    (Reason("8.1", f"a Sea Lane of whole game turns ({loc}) ends the naval move"),),
                )
        costs = naval.naval_costs(self, board, geo, occ, unit.side)
        w = walk(board, costs, path, "8.2.1", "naval")
        total = mp(w.spent)
        if w.failure:
            return Verdict(False, total, tuple(w.steps), (w.failure,))
        changes, ledgers, bomb_steps = Changes(), {}, ()
        if bombard:
            why, extra_nmp, ledgers = naval.bombardment(self, board, geo, occ, unit, path[-1], bombard)
            if why is not None:
                return Verdict(False, total, tuple(w.steps), (why,))
            total += extra_nmp
            bomb_steps = (
                Step(path[-1], bombard, extra_nmp, total, (("bombardment", extra_nmp, "8.8"),), "naval"),
            )
            changes = Changes(locations={bombard: {"fields": {"bombarded": True}}})
        ma = naval.allowance(self, board.state, geo, board, unit)
        if total > ma:
            return Verdict(
                False,
                total,
                tuple(w.steps),
                (Reason("8.1; 14.1", f"{total} NMP is more than {unit.id}'s Naval MA of {ma}"),),
            )
        tries = interception.chances(self, board, geo, occ, unit, path)
        if halt is not None:
            why = _halt_problem(path, halt, tries, bombard)
            if why is not None:
                return Verdict(False, total, tuple(w.steps), (why,))
        end = board.idx(path[-1])
        if halt is None and not (geo.port[start] or geo.port[end]):
            return Verdict(
                False,
                total,
                tuple(w.steps),
                (Reason("8.8", f"{unit.id} must begin or end its naval move in a friendly port"),),
            )
        effects = []
        if geo.port[end] and occ.control[geo.land_area[end]] == NEUTRAL:
            effects.append(f"{unit.id} enters a neutral port and is interned (13.4.1)")
        if geo.lane[end]:
            turns = _lane_turns(board, geo, path[-2], path[-1])
            effects.append(f"{unit.id} sails the Sea Lane {path[-1]}: {turns} game turn(s) (8.1)")
            changes = replace(changes, unit_fields={unit.id: {"lane_turns_left": turns}})
        if bombard:
            effects.append(f"{bombard} is bombarded: blocked until its owner pays 1 NRC to repair it (8.8)")
        if halt is not None:
            by = next(t["units"] for t in tries if t["sea"] == halt)
            effects.append(
                f"{unit.id} halts in {halt}, intercepted by {', '.join(by)} (8.6.1); the roll and the "
                "Naval CRT are not printed (spec A12)"
            )
        else:
            for t in tries:
                by = ", ".join(t["units"])
                effects.append(f"{unit.id} may be intercepted in {t['sea']} by {by} (8.6.1)")
        steps = tuple(w.steps) + bomb_steps
        extra = {"ledgers": ledgers, "interception": tries}
        return Verdict(True, total, steps, (), tuple(effects), extra, changes)

    # ------------------------------------------------------------------ reach
    def reach(self, board, unit, mode: str = "ground"):
        geo, occ = self.parts(board)
        why = self._who_may_move(board, unit, mode)
        start = board.idx(unit.hex)
        if why is not None:
            return _only(board, start), [why]
        if mode == "strategic":
            costs = strategic.strategic_costs(self, board, geo, occ, unit.side)
            cap, spent, _ = bank.strategic_cap(self, board.state, unit.nation)
            limit = units(min(cap - spent, bank.balance(self, board.state, unit.nation)))
            if not self.is_major(unit.nation) or occ.contested[start]:
                return _only(board, start), [Reason("9.2; 9.2.5", f"{unit.id} may not move strategically")]
        elif mode == "naval":
            costs = naval.naval_costs(self, board, geo, occ, unit.side)
            limit = units(naval.allowance(self, board.state, geo, board, unit))
        elif mode == "ground":
            if unit.attr("in_supply", True) is False:
                return _only(board, start), [
                    Reason("11.2.4", f"{unit.id} is out of supply: only internment in a neutral area")
                ]
            costs = operational.unit_costs(self, board, geo, occ, unit)
            limit = units(self.movement_allowance(unit, "ground") - spent_mp(unit))
        else:
            return _only(board, start), [Reason("8.3; 10.10", f"{mode} goes one hop: judge it with move")]
        stop = operational.stops_of(self, board, geo, occ, unit.side) if mode == "ground" else None
        found = reach_within(board, costs, start, limit, stop)
        dist, pred = np.where(found.dist <= limit, found.dist, INF), found.pred
        for i in np.flatnonzero(np.isfinite(dist)):
            if i == start:
                continue
            v = self.judge_move(board, [unit.id], [board.arrays.ids[j] for j in _path(pred, int(i))], mode)
            if not v.legal:
                dist[i] = INF
        return Reach(dist, pred, start), []

    # ------------------------------------------------------------------ supply and the bank
    def judge_retreat(self, board, unit, dest: str):
        """[10.13], [10.13.1], [10.13.2]: a unit dragged in the Ground Combat Segment from its area
        to ``dest``, judged as a Retreat-after-Combat of all the defending ground units of its area
        together (the units a log drags one by one: each drag judged with those still there)."""
        from ...queries import judge
        from .retreat import RAC

        if dest == unit.hex:
            return Verdict(True, Fraction(0), (), (), ("stays in its area: no retreat",))
        if board.arrays.edge_slot(unit.hex, dest) is None:
            why = f"a retreat is one area, into an adjacent area: {dest} is not next to {unit.hex}"
            return Verdict(False, Fraction(0), (), (Reason("10.10.2; 10.13.2", why),))
        with_it = [
            u.id
            for u in board.state.units_at(unit.hex)
            if u.side == unit.side and u.id != unit.id and self.is_ground(u) and not u.attr("interned", False)
        ]
        return judge(self, board, unit.id, [unit.hex, dest], RAC, stack=with_it)

    def supply_report(self, board, side: str) -> SupplyReport:
        geo, occ = self.parts(board)
        return supply.report(self, board, geo, occ, self.check_side(side))

    def rail_report(self, board, side: str) -> CapacityReport:
        side = self.check_side(side)
        out = bank.report(self, board.state, side)
        extras = {
            **out.extras,
            "capitals_held_by_the_enemy": capitals.pending(self, board, side),
            "separate_peace_possible": {
                "powers": capitals.separate_peace(self, board, side),
                "rule": "15.1.2",
            },
        }
        return replace(out, extras=extras)

    def action_grant(self, board, giver: str, receiver: str, amount) -> Verdict:
        """[5.4]: an NRC grant from ``giver`` to ``receiver``, judged like a move (its ledgers);
        the ``grant`` action of ``railhead act``."""
        from .grants import judge_grant

        return judge_grant(self, board, giver, receiver, amount)

    def retreat_result(self, board, unit_ids: list[str], printed_r: bool = False) -> dict[str, Any]:
        """[10.13]: the defenders' choices after a retreat result."""
        from .combat_results import retreat_result

        return retreat_result(self, board, unit_ids, printed_r)

    def judge_combat_loss(
        self, board, power: str, due, unit_ids: list[str], doubled: bool = False
    ) -> Verdict:
        """[10.11.5]: a Combat Loss paid from the bank, or in Corps-sized units."""
        from .combat_results import judge_loss

        return judge_loss(self, board, power, due, unit_ids, doubled)

    def action_mobilize(self, board, nation: str, unit_class: str, where: str) -> Verdict:
        """[6.4]-[6.6]: the ``mobilize`` action of ``railhead act``: paying for a new unit."""
        return self.judge_mobilization(board, nation, unit_class, where)

    def action_arrive(self, board, unit: str, where: str) -> Verdict:
        """[6.5], [6.6]: the ``arrive`` action: a mobilized unit appears on the map."""
        from .mobilization import judge_arrival

        return judge_arrival(self, board, board.state.unit(unit), where)

    def judge_mobilization(self, board, nation: str, cls: str, where: str) -> Verdict:
        """[6.4]-[6.6]: paying for a new unit of ``cls`` to appear at ``where``."""
        from .mobilization import judge_mobilization

        return judge_mobilization(self, board, nation, cls, where)

    def end_of_player_turn(self, board, side: str) -> tuple[dict[str, Any], list[str]]:
        """The bank entries due at the end of ``side``'s Player-Turn (capital losses [5.6]): the
        ledgers after them, and what happened."""
        return capitals.losses(self, board, self.check_side(side))


def _halt_problem(path: list[str], halt: str, tries: list[dict[str, Any]], bombard: str | None):
    """[8.6.1]: a move halted by an interception ends in that maritime area, where an enemy naval
    unit may intercept it."""
    if halt not in path[1:]:
        return Reason("8.6.1", f"{halt} is not on the route")
    if path[-1] != halt:
        return Reason("8.6.1", f"the moving naval units must halt in {halt}, where they are intercepted")
    if bombard:
        return Reason("8.6.1; 8.8", f"a move halted by an interception in {halt} bombards nothing")
    if not any(t["sea"] == halt for t in tries):
        return Reason("8.6.1", f"no enemy naval unit may intercept in {halt}")
    return None


def _lane_turns(board, geo, frm: str, lane: str) -> int:
    """The game turns a Sea Lane takes [8.1]: its link's ``turns``, else the lane box's own."""
    i, d = board.arrays.edge_slot(frm, lane)
    turns = geo.lane_turns[i, d]
    if turns is None:
        turns = board.map.boxes[lane].attrs.get("turns", 0)
    return int(turns)


def _path(pred: np.ndarray, target: int) -> list[int]:
    from ...search import path_to

    return path_to(pred, target)


def _only(board, start: int) -> Reach:
    dist = np.full(board.n, INF)
    dist[start] = 0.0
    return Reach(dist, np.full(board.n, -9999), start)


def _num(f: Fraction) -> int | float:
    return int(f) if f.denominator == 1 else float(f)


RULESET = GreatWarArea
__all__ = ["RULESET", "GreatWarArea"]

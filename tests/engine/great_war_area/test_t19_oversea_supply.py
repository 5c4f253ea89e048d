"""T19 [11.5.1], [11.3]: a British Corps in a non-British, Allied-controlled coastal area P with a
usable port P1 and no land chain; British port B1 in England; one British 8-10 squadron."""

import pytest
from gwa_build import area_map, position, supply_of, unit


def board(sea_steps_to_b1: int, squadron_supplied: bool = True, contested: bool = False):
    """The squadron sits at sea 4 NMP from P1 (3 sea areas + the port) and ``sea_steps_to_b1``
    NMP from B1."""
    seas = {f"s{k}": {} for k in range(1, 20)}
    borders = [(f"s{k}", f"s{k + 1}", "sea") for k in range(1, 19)]
    # P1 touches s1, the squadron is in s4: s4 -> s3 -> s2 -> s1 -> P1 = 4 NMP
    ports = {"p1": ("p", ["s1"]), "b1": ("england", [f"s{4 + sea_steps_to_b1 - 1}"])}
    m = area_map(
        {"p": {"country": "greece"}, "england": {"country": "britain"}}, borders, seas=seas, ports=ports
    )
    units = [
        unit("BR-1C", "p", nation="britain"),
        unit("BR-GF", "s4", "squadron", "britain", in_supply=squadron_supplied),
    ]
    if contested:
        units.append(unit("GE-1C", "p", nation="germany"))
    return position(m, units, control={"p": "allies"})


def test_within_reach_of_both_ports():
    """a: 4 NMP to P1 and 5 to B1, MA 10: in supply, port to port [11.5.1]."""
    rep = {e["unit"]: e for e in __import__("gwa_build").RS.supply_report(board(5), "allies")["units"]}
    assert rep["BR-1C"]["status"] == "in supply" and rep["BR-1C"]["rules"] == ["11.5.1"]


def test_too_far_from_the_home_port():
    """b: 12 NMP to B1 is more than MA 10: out of supply."""
    assert supply_of(board(12), "allies")["BR-1C"] == "out of supply"


def test_an_out_of_supply_squadron_holds_no_line():
    """c: the squadron is itself out of supply: no oversea line [11.5.1]."""
    assert supply_of(board(5, squadron_supplied=False), "allies")["BR-1C"] == "out of supply"


@pytest.mark.parametrize("contested", [True])
def test_contested_port_is_unusable(contested):
    """[4]: with P contested its port P1 is unusable, so no port-to-port line."""
    assert supply_of(board(5, contested=contested), "allies")["BR-1C"] == "out of supply"


@pytest.mark.parametrize(("squadrons", "status"), [(1, "out of supply"), (2, "in supply")])
def test_contested_coast_needs_naval_csp_at_least_ground_csp(squadrons, status):
    """[11.5.3]: P contested (its port unusable): supplied by naval units within one Naval MA of
    P's coast and of a supplied friendly port, 1 naval CSP per ground CSP: a British Army (6) and
    Corps (3) = 9 need two 8-CSP squadrons; one is not enough."""
    seas = {f"s{k}": {} for k in range(1, 8)}
    borders = [(f"s{k}", f"s{k + 1}", "sea") for k in range(1, 7)] + [("p", "s1", "coast")]
    ports = {"p1": ("p", ["s1"]), "b1": ("england", ["s6"])}
    m = area_map(
        {"p": {"country": "greece"}, "england": {"country": "britain"}}, borders, seas=seas, ports=ports
    )
    units = [
        unit("BR-1A", "p", "army", "britain"),
        unit("BR-1C", "p", nation="britain"),
        unit("GE-1C", "p", nation="germany"),
        *[unit(f"BR-{k}S", "s3", "squadron", "britain") for k in range(squadrons)],
    ]
    got = supply_of(position(m, units), "allies")
    assert got["BR-1A"] == got["BR-1C"] == status
    if status == "in supply":
        rep = {
            e["unit"]: e
            for e in __import__("gwa_build").RS.supply_report(position(m, units), "allies")["units"]
        }
        assert rep["BR-1A"]["rules"] == ["11.5.3"]

"""Special supply concerning movement and supply: Caucasus coastal hexes (11.45), British units
tracing through secondary sources to Calais and Dunkirk (11.44), Kut (14.23, 14.24)."""

from gmt_helpers import RS, U, board, geo, move, owners

from railhead.engine.rulesets.gmt_great_war.supply import unit_supply


def status(b, uid):
    s = unit_supply(b, RS.data, RS, b.state.unit(uid))
    return s["status"], s["rules"]


def test_caucasus_coastal_hexes():
    """11.45: Russian and Turkish units on a Black Sea coastal hex of the Caucasus map are in
    supply; on the Caspian coast only Russian units."""
    m = geo(("caucasus",))
    b = board(m, [U("RU-C", "N3153", side="allied", nation="ru"), U("TU-C", "N3153", nation="tu")])
    assert status(b, "RU-C") == ("in supply", ["11.45"])
    assert status(b, "TU-C")[1] != ["11.45"]
    b = board(m, [U("RU-B", "N4436", side="allied", nation="ru"), U("GE-B", "N4436")])
    assert status(b, "RU-B") == ("in supply", ["11.45"])
    assert status(b, "GE-B")[1] != ["11.45"]


def _no_general_sources():
    """The Western map with no Allied Ultimate Supply Source: only ports supply the Allies."""
    m = geo(("western",))
    plain = board(m, [])
    a = plain.arrays
    keep = {a.ids[i] for i in range(a.n) if a.hex_attr("settlement")[i] is not None}
    drop = {a.ids[i]: ("", None, {"uss": None}) for i in range(a.n) if a.hex_attr("uss")[i] == "allied"}
    return geo(("western",), places={h: v for h, v in drop.items() if h not in keep})


def test_british_trace_through_secondary_sources_to_calais_and_dunkirk():
    """11.44: units tracing to the Channel ports may not use secondary sources, except British
    units to Calais (W6707) and Dunkirk (W6709): Mons, linked to them, serves a British unit but
    neither a Belgian nor a French one, and not once both ports are lost."""
    m = _no_general_sources()
    units = [
        U("BR-1", "W6316", side="allied", nation="br"),
        U("BE-1", "W6316", side="allied", nation="be"),
        U("FR-1", "W6316", side="allied", nation="fr"),
    ]
    b = board(m, units)
    assert status(b, "BR-1") == ("in supply", ["11.44"])
    assert status(b, "BE-1")[0] == "out of supply"
    assert status(b, "FR-1")[0] == "out of supply"
    b = board(m, units, hexes=owners(["W6707", "W6709"], "cp"))
    assert status(b, "BR-1")[0] == "out of supply"


K_HEX = {"N1846": ("", None, {"kut_siege": True})}


def test_kut_k_hexes_and_siege_supply():
    """14.24: CP units in a "K" hex are in supply; 14.23: besieged Allied units in Kut are
    automatically on fortress supply; a CP unit may end its move in a K hex."""
    m = geo(("iraqi",), places=K_HEX)
    b = board(m, [U("BR-K", "N1845", side="allied", nation="br"), U("TU-1", "N1846", nation="tu")])
    assert status(b, "TU-1") == ("in supply", ["14.24"])
    assert status(b, "BR-K") == ("fortress supply", ["14.23"])
    b = board(m, [U("BR-K", "N1845", side="allied", nation="br"), U("TU-1", "N1746", nation="tu")])
    assert status(b, "BR-K")[1] != ["14.23"]
    v = move(b, "TU-1", "N1846")
    assert v.legal, v.reasons

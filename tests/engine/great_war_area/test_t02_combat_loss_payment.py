"""T02 [10.11.5]: a Combat Loss the bank cannot pay is lost in Corps-sized units, one Field CSP
per NRC, with no refund; the bank stays at 0."""

from gwa_build import RS, area_map, position, unit

MAP = area_map({"z": {"country": "france"}}, [])


def pay(power, due, banks):
    units = [unit("GE-1C", "z", nation="germany"), unit("GE-2C", "z", nation="germany"),
             unit("GE-1A", "z", "army", "germany"), unit("FR-1C", "z"), unit("FR-2C", "z"),
             unit("FR-1A", "z", "army")]  # fmt: skip
    b = position(MAP, units, banks=banks)
    ids = [u["id"] for u in units]
    return RS.judge_combat_loss(b, power, due, ids)


def test_germany_owes_one_with_an_empty_bank():
    """[10.11.5]: Germany owes 1 NRC, bank 0: loses one whole Corps (4 CSP)."""
    v = pay("germany", 1, {"germany": 0})
    assert v.legal and len(v.changes.removed) == 1 and v.changes.removed[0] in ("GE-1C", "GE-2C")
    assert v.extra["ledgers"] == {}


def test_france_owes_one_or_five():
    """[10.11.5]: France owes 1: one Corps (3 CSP); owes 5: two Corps (6 CSP >= 5, no refund)."""
    assert len(pay("france", 1, {"france": 0}).changes.removed) == 1
    v = pay("france", 5, {"france": 0})
    assert sorted(v.changes.removed) == ["FR-1C", "FR-2C"]


def test_the_bank_pays_first():
    """[10.11.5]: a bank that can pay does; a combat loss is no deliberate spending [5.3]."""
    v = pay("france", 5, {"france": 7})
    assert v.legal and v.changes.removed == () and v.extra["nrc"] == 5
    assert v.extra["ledgers"]["nrc"]["pools"]["france"][0]["amount"] == 5

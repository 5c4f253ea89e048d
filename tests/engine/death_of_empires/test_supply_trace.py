"""7.23, 7.23.A, 3.43: units trace to their army's sources within range; enemy units block, enemy ZOC
blocks unless a friendly unit is in the hex (option supply_blocked_by); corps trains; fortresses."""

from helpers import board, du, h, pointy_map, rail, ruleset

LINE = [h(c, 2) for c in range(1, 21)]
VALUES = {
    f"supply_range.{k}.hexes": v
    for k, v in {"main_depot": 2, "loc": 0, "army_supply": 3, "corps_train": 2}.items()
}


def setup(extra_units=(), **state):
    m = pointy_map(cols=20, rows=12, lines=[rail(LINE, "double")])
    depot = du("MD", h(8, 2), cls="supply", size="army", strength=0, type="main_depot", mr="R", army="A")
    unit = du("U", h(8, 4), pfi="U", army="A")
    mids = sorted(set(m.neighbours(h(8, 2))) & set(m.neighbours(h(8, 4))))
    b = board(
        m,
        [depot, unit, *extra_units(m, mids)] if callable(extra_units) else [depot, unit],
        values=VALUES,
        army_bases={"A": [h(1, 2)]},
        **state,
    )
    return b, mids


def status(b, uid="U"):
    return {u["unit"]: u for u in ruleset().supply_report(b, "central")["units"]}[uid]["status"]


def zoc_over(m, mids):
    """Enemy units whose ZOC covers both middle hexes but no rail hex."""
    keep = {h(8, 2), h(8, 4), *mids}
    out = []
    for k, mid in enumerate(mids):
        e = next(
            x
            for x in sorted(m.neighbours(mid))
            if x not in keep and all(x not in m.neighbours(y) for y in LINE)
        )
        out.append(du(f"E{k}", e, "entente"))
    return out


def test_in_supply_within_range():
    b, _ = setup()
    assert status(b) == "in supply"


def test_enemy_zoc_blocks_unless_a_friendly_unit_is_there():
    """3.43, 7.23: ZOC blocks; a friendly unit in the hex negates it (default); option
    supply_blocked_by = enemy_units_and_zoc: it does not."""
    b, _ = setup(lambda m, mids: zoc_over(m, mids))
    assert status(b) == "out of supply"

    def friends(m, mids):
        return [*zoc_over(m, mids), *[du(f"F{k}", x, pfi=f"F{k}", army="A") for k, x in enumerate(mids)]]

    b, _ = setup(friends)
    assert status(b) == "in supply"
    b, _ = setup(friends, options={"supply_blocked_by": "enemy_units_and_zoc"})
    assert status(b) == "out of supply"


def test_no_capability_1_puts_the_army_out_of_supply():
    """7.22, §10 #17: without Capability 1 the depot supplies nobody."""
    b, _ = setup(md_capabilities={"A": 234})
    assert status(b) == "out of supply"


def test_corps_train_supplies_its_corps_and_obeys_the_capability_option():
    """7.23.A: a corps train within the depot's range supplies its corps' units within its own range;
    option no_capability_1 = corps_trains_still_supply lets it do so without Capability 1."""
    train = lambda m, mids: [  # noqa: E731
        du(
            "TR",
            h(8, 4),
            cls="supply",
            size="corps",
            strength=0,
            type="corps_train",
            mr="D",
            mode="road",
            army="A",
            corps="I",
        ),
        du("K", h(8, 6), pfi="K", army="A", corps="I"),
    ]
    b, _ = setup(train)
    assert status(b, "K") == "in supply"
    b, _ = setup(train, md_capabilities={"A": 234})
    assert status(b, "K") == "out of supply"
    b, _ = setup(train, md_capabilities={"A": 234}, options={"no_capability_1": "corps_trains_still_supply"})
    assert status(b, "K") == "in supply"


def test_fortress_with_supply_symbol_supplies_adjacent_units():
    """7.23.A: a fortress with a supply symbol supplies units on or next to it."""
    far = lambda m, mids: [  # noqa: E731
        du("FO", h(15, 9), cls="fortress", type="fortress", supply_symbol=True),
        du("N", h(16, 9), pfi="N", army="A"),
        du("O", h(18, 11), pfi="O", army="A"),
    ]
    b, _ = setup(far)
    assert status(b, "N") == "in supply" and status(b, "O") == "out of supply"

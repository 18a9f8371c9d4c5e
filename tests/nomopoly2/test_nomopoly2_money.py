"""Sections IV and V: money, the bankruptcy cascade of IV.5, Bad Credit, market value,
rent and Net Value."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from n2game import new, paint_owned

from nomicon.kernel.errors import ActionRefused
from nomicon.packs.nomopoly2.terms import dollars


def test_iv_1_each_player_starts_with_1000() -> None:
    g = new(("alice", "bob"))
    assert (g.dollars("alice"), g.dollars("bob")) == (1000, 1000)


@given(st.integers(min_value=-10_000, max_value=10_000))
@settings(max_examples=200)
def test_iv_4_amounts_round_to_the_nearest_dollar_half_away_from_zero(tenths: int) -> None:
    value = tenths / 10
    rounded = dollars(value)
    assert abs(rounded - value) <= 0.5
    if abs(value - int(value)) == 0.5:
        assert abs(rounded) > abs(value)  # half away from zero


def test_iv_4_examples() -> None:
    assert [dollars(x) for x in (2.5, -2.5, 1.8, 0.4)] == [3, -3, 2, 0]


def rent_square(g: object, number: int, owner: str, color: str = "red") -> None:
    for field, value in (("owner", owner), ("color", color), ("name", f"Sq{number}")):
        g.set(f"board.spaces.{number}.{field}", value)  # type: ignore[attr-defined]


def test_iv_5_teammates_pay_a_bankrupt_players_debt_in_equal_shares() -> None:
    g = new(("alice", "bob", "carol", "dave"), board_size=100)
    for name in ("alice", "bob", "carol"):
        g.set(f"players.{name}.team", "north")
    g.set("players.dave.team", "south")
    paint_owned(g)
    # Square 90 is Red and dave's: rent a tenth of $900 = $90; alice has $10.
    rent_square(g, 90, "dave")
    g.set("players.alice.location", 82)
    g.set("accounts.alice.dollars", 10)
    g.act("alice", "propose", title="t", text="x")
    g.update({1: "reject"}, dice=[3, 5])  # $10 fine first (IX.6), then 8 pips
    view = g.view()
    assert view["players"]["alice"]["location"] == 90
    # The fine took her $10; the rent of $90 is paid by bob and carol, $45 each (the
    # minimum to pay it), and she pays it on.
    assert g.dollars("alice") == 0
    assert (g.dollars("bob"), g.dollars("carol")) == (1000 - 45, 1000 - 45)
    assert g.dollars("dave") == 1000 + 90 - 18  # 20% of the rent to the Corporation
    assert not view["players"]["alice"].get("bad_credit")


def test_iv_5_without_a_team_to_pay_her_squares_go_to_the_government_at_market_value() -> None:
    g = new(("alice", "dave"), board_size=100)
    g.act("alice", "become-freemason")
    paint_owned(g)
    rent_square(g, 90, "dave")
    g.set("players.alice.location", 82)
    g.set("accounts.alice.dollars", 10)
    g.set("accounts.government.dollars", 1000)
    g.act("alice", "propose", title="t", text="x")
    g.update({1: "reject"}, dice=[3, 5])
    view = g.view()
    # The fine takes her $10. For the rent of $90, her square 1 becomes the
    # Government's and she is paid its market value: on a board of rows of 10, square
    # 1 is next to square 20, Public Property by X.2, so V.2 makes it 11 x 1 = $11.
    # That is not enough: what she has is paid, the rest ($79) is bad debt and she
    # has Bad Credit.
    assert view["board"]["spaces"]["1"]["owner"] == "government"
    assert g.dollars("alice") == 0
    assert view["players"]["alice"]["bad_credit"] is True
    assert [e["data"]["unpaid"] for e in g.events("bad-debt")] == [79]
    # dave is paid $11; 20% of it ($2.20, rounded by IV.4) to the Corporation.
    assert g.dollars("dave") == 1000 + 11 - 2


def test_iv_6_bad_credit_is_removed_for_200() -> None:
    g = new(("alice",))
    with pytest.raises(ActionRefused, match=r"alice has no Bad Credit Rating"):
        g.act("alice", "clear-bad-credit")
    g.set("players.alice.bad_credit", True)
    g.act("alice", "clear-bad-credit")
    assert g.view()["players"]["alice"]["bad_credit"] is False
    assert g.dollars("alice") == 800
    assert g.dollars("government") == 200


def test_iv_6_xxii_5_a_player_who_cannot_pay_200_keeps_bad_credit() -> None:
    g = new(("alice",))
    g.set("players.alice.bad_credit", True)
    g.set("accounts.alice.dollars", 150)
    with pytest.raises(ActionRefused, match=r"alice has \$150, not \$200"):
        g.act("alice", "clear-bad-credit")
    assert g.view()["players"]["alice"]["bad_credit"] is True
    assert g.dollars("alice") == 150


def market_value(g: object, number: int) -> int:
    from nomicon.packs.nomopoly2.money import market_value as value

    game = g.game  # type: ignore[attr-defined]
    with game._transaction(g.now, None) as ctx:  # type: ignore[attr-defined]
        return value(ctx, number)


def test_v_1_to_3_market_value() -> None:
    g = new(("alice",), board_size=64)  # rows of 8
    assert market_value(g, 12) == 120  # "ten Nomopoly dollars times ... ordinal number"
    g.set("board.spaces.13.public", True)
    # 12 is west of 13 in the second row; 4 is south of 13 (the rows snake).
    assert market_value(g, 12) == 132  # eleven dollars times 12
    assert market_value(g, 14) == 154
    g.set("board.spaces.11.pollutant", True)
    assert market_value(g, 12) == 66  # half of what the other rules contribute
    assert market_value(g, 30) == 300


def test_v_4_rent_is_a_tenth_of_market_value_only_on_non_white_ordinary_squares() -> None:
    from nomicon.packs.nomopoly2.money import rent

    g = new(("alice",), board_size=64)
    g.set("board.spaces.25.color", "teal")
    g.set("board.spaces.26.color", "red")
    g.set("board.spaces.26.utility", True)
    g.set("board.spaces.27.color", "red")
    g.set("board.spaces.27.store", True)
    # Square 40 lies north of square 25 on rows of 8 (the rows snake), and 40
    # is Public Property (X.2): by V.2 its market value is 11 x 25 = $275, and its rent
    # a tenth, $27.50, rounded to the nearest dollar (IV.4, half away from zero): $28.
    with g.game._transaction(g.now, None) as ctx:
        assert [rent(ctx, n) for n in (24, 25, 26, 27)] == [0, 28, 0, 0]


def test_v_5_net_value() -> None:
    from nomicon.packs.nomopoly2.money import net_value

    g = new(("alice", "bob"), board_size=64)
    g.set("board.spaces.20.owner", "alice")
    with g.game._transaction(g.now, None) as ctx:
        # Square 1 ($10) and square 20 ($200), and $1000 cash.
        assert net_value(ctx, "alice") == 1210

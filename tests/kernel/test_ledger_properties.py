"""Properties of the ledger and its helpers, for any sequence of actions or inputs:

- money and goods are conserved: the total of a currency over all accounts changes
  only by transfers from or to outside the game, each logged with its reason;
- no balance goes below its currency's minimum, forced payments included;
- an even split hands out exactly the total (shares and remainder);
- ``round_money`` gives the nearest whole amount, a half going away from zero;
- a sliding limit of N uses allows N and refuses the next inside any 24 hours;
- a weighted pick takes one roll, and each option has weight / total of its faces.
"""

from __future__ import annotations

import contextlib
from datetime import timedelta
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

from goodspack import BANK, Picking, new
from hypothesis import given, settings
from hypothesis import strategies as st

from nomicon.authoring import round_money, split
from nomicon.kernel import dice, ledger
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionError, Refusal

PLAYERS = ("alice", "bob", "carol")
CURRENCIES = ("dollars", "apple", "pear", "ticket")
who = st.sampled_from(PLAYERS)

# One step of play: an action (which the rules may refuse), after some minutes.
step = st.tuples(st.integers(0, 600), st.one_of(
    st.tuples(st.just("pay"), who, who, st.integers(1, 15)),
    st.tuples(st.just("give"), who, who, st.sampled_from(("apple", "pear", "ticket")),
              st.integers(1, 3)),
    st.tuples(st.just("fine"), who, st.integers(1, 20)),
    st.tuples(st.just("partner"), who, who),
    st.tuples(st.just("pick"), who),
    st.tuples(st.just("draw"), who),
    st.tuples(st.just("windfall"), who, st.integers(1, 25), st.integers(0, 25)),
    st.tuples(st.just("share")),
))


def play(game: Game, move: tuple[Any, ...]) -> None:
    kind = move[0]
    if kind == "pay":
        game.act(move[1], "pay", to=move[2], amount=move[3])
    elif kind == "give":
        game.act(move[1], "give", to=move[2], fruit=move[3], count=move[4])
    elif kind == "fine":
        game.act("admin", "fine", player=move[1], amount=move[2])
    elif kind == "partner":
        game.act("admin", "set", path=f"partners.{move[1]}", value=move[2])
    elif kind == "windfall":
        game.act(move[1], "windfall", amount=move[2], spend=move[3])
    elif kind == "share":
        game.act("admin", "share")
    else:
        game.act(move[1], kind)


def outside_flow(events: list[dict[str, Any]], currency: str) -> int:
    """What came into the game from outside, less what went out, by the transfers."""
    flow = 0
    for event in events:
        data = event["data"]
        if event["type"] != "transfer" or data["currency"] != currency:
            continue
        flow += data["amount"] * ((data["source"] is None) - (data["target"] is None))
    return flow


@settings(max_examples=60, deadline=None)
@given(st.lists(step, max_size=30))
def test_money_and_goods_are_conserved_and_never_below_their_minimum(
        steps: list[tuple[int, tuple[Any, ...]]]) -> None:
    game = new(PLAYERS)
    start = len(game.log)
    opening = {c: ledger.totals(game.state.root, c) for c in CURRENCIES}
    for minutes, move in steps:
        game.advance(game.clock + timedelta(minutes=minutes))
        # A refused move changes nothing, which the totals below check too.
        with contextlib.suppress(ActionError):
            play(game, move)
        assert ledger.invariant_failures(game.state.root, game.ruleset) == []
        for currency in CURRENCIES:
            assert ledger.totals(game.state.root, currency) == \
                opening[currency] + outside_flow(game.log[start:], currency)
    transfers = [e for e in game.log if e["type"] == "transfer"]
    assert all(e["data"]["reason"] and e["data"]["amount"] > 0 for e in transfers)
    debts = [e["data"] for e in game.log if e["type"] == "bad-debt"]
    assert all(d["paid"] + d["unpaid"] == d["due"] and d["unpaid"] > 0 for d in debts)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**12), st.integers(1, 1000))
def test_an_even_split_hands_out_exactly_the_total(total: int, parts: int) -> None:
    share, remainder = split(total, parts)
    assert share * parts + remainder == total
    assert 0 <= remainder < parts  # no part could get one more each


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 20), st.lists(who, min_size=1, max_size=3, unique=True))
def test_sharing_out_moves_exactly_the_shares_and_keeps_the_remainder(
        amount: int, targets: list[str]) -> None:
    game = new(PLAYERS)
    with game._transaction(game.clock, "admin") as ctx:
        ctx.emit("test.share", "the Bank shares out")
        ctx.set(["accounts", BANK, "dollars"], amount)
        before = {p: ctx.balance(p, "dollars") for p in PLAYERS}
        remainder = ctx.share_out(BANK, targets, amount, "dollars", "shared out")
        gained = {p: ctx.balance(p, "dollars") - before[p] for p in PLAYERS}
        kept = ctx.balance(BANK, "dollars")
    assert kept == remainder < len(targets)
    assert sum(gained.values()) + remainder == amount
    assert len({gained[p] for p in targets}) == 1  # every target the same share
    assert all(gained[p] == 0 for p in PLAYERS if p not in targets)


amounts = st.one_of(
    st.fractions(max_denominator=1000).filter(lambda f: abs(f) < 10**9),
    st.floats(-1e9, 1e9, allow_nan=False, allow_infinity=False),
    st.decimals(-10**9, 10**9, allow_nan=False, allow_infinity=False, places=3),
    st.integers(-10**9, 10**9).map(lambda n: Fraction(2 * n + 1, 2)),  # exact halves
)


@settings(max_examples=500, deadline=None)
@given(amounts)
def test_round_money_is_the_nearest_whole_amount_half_away_from_zero(value: Any) -> None:
    exact = Fraction(value)
    rounded = round_money(value)
    assert isinstance(rounded, int)
    assert abs(exact - rounded) <= Fraction(1, 2)  # the nearest whole amount...
    if abs(exact - rounded) == Fraction(1, 2):
        assert abs(rounded) > abs(exact)  # ...and at a half, the one away from zero
    even = round_money(value, ROUND_HALF_EVEN)
    assert abs(exact - even) <= Fraction(1, 2)
    if abs(exact - even) == Fraction(1, 2):
        assert even % 2 == 0


def test_round_money_takes_decimals_exactly() -> None:
    assert round_money(Decimal("0.5000000000000000000000000000001")) == 1
    assert round_money(Decimal("-0.4999999999999999999999999999999")) == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5), st.lists(st.integers(0, 26 * 60), min_size=1, max_size=25))
def test_a_sliding_limit_allows_n_and_refuses_the_next_inside_any_24_hours(
        times: int, gaps: list[int]) -> None:
    game = new(PLAYERS)
    window = timedelta(hours=24)
    accepted: list[Any] = []
    now = game.clock
    for gap in gaps:
        now += timedelta(minutes=gap)
        counted = [t for t in accepted if t > now - window]
        try:
            with game._transaction(now, "alice") as ctx:
                ctx.emit("test.use", "alice tries")
                rule = ctx.rules.first(Picking)
                assert rule is not None
                with ctx.running(rule):
                    ctx.rate_limit("wish", "alice", times, "24 hours")
        except Refusal:
            assert len(counted) == times  # refused only with N uses in the last 24 hours
        else:
            assert len(counted) < times  # allowed whenever fewer were
            accepted.append(now)
    for t in accepted:  # no 24 hours hold more than N accepted uses
        assert sum(t - window < u <= t for u in accepted) <= times


weights = st.lists(st.integers(0, 20), min_size=2, max_size=6).filter(
    lambda ws: sum(w > 0 for w in ws) >= 2)


@settings(max_examples=100, deadline=None)
@given(weights, st.data())
def test_a_weighted_pick_uses_one_roll_and_gives_each_option_its_weight_in_faces(
        ws: list[int], data: st.DataObject) -> None:
    total = sum(ws)
    # The documented order: the options take the die's faces in turn, each as many
    # as its weight; so each is picked with chance weight / total.
    faces = [dice.weighted_choice(ws, face) for face in range(1, total + 1)]
    assert faces == [i for i, w in enumerate(ws) for _ in range(w)]
    face = data.draw(st.integers(1, total))
    game = new(PLAYERS)
    game.force_dice([face])
    with game._transaction(game.clock, "admin") as ctx:
        ctx.emit("test.pick", "a weighted pick")
        picked = ctx.pick_weighted([(i, w) for i, w in enumerate(ws)], "a test pick")
    assert picked == faces[face - 1]
    assert game.state.root["dice"]["count"] == 1
    assert [e["data"]["sides"] for e in game.log if e["type"] == "dice.rolled"] == [total]


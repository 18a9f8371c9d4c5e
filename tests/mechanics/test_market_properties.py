"""Properties of the order book for any sequence of requests, fills and retractions
(refused or not): the escrow of the markets always equals their open requests, and
every good and the currency are conserved, the players' holdings plus the escrow
adding up to what the game began with."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from marketpack import new

from nomicon.kernel import ledger
from nomicon.kernel.errors import ActionError
from nomicon.mechanics import market

PLAYERS = ("alice", "bob", "carol")
who = st.sampled_from(PLAYERS)
step = st.one_of(
    st.tuples(st.sampled_from(("market-buy", "market-sell")), who,
              st.sampled_from(("apple", "pear")), st.integers(0, 60), st.integers(1, 3)),
    st.tuples(st.just("market-fill"), who, st.integers(1, 12), st.integers(1, 3)),
    st.tuples(st.just("market-retract"), who, st.integers(1, 12)),
    st.tuples(st.just("endow"), st.sampled_from(("apple", "pear"))),
)


def play(game: Any, move: tuple[Any, ...]) -> None:
    name = move[0]
    if name in ("market-buy", "market-sell"):
        game.act(move[1], name, good=move[2], price=move[3], quantity=move[4])
    elif name == "market-fill":
        game.act(move[1], name, order=move[2], quantity=move[3])
    elif name == "market-retract":
        game.act(move[1], name, order=move[2])
    else:
        game.act("admin", name, good=move[1])


@settings(max_examples=60, deadline=None)
@given(st.lists(step, max_size=25))
def test_escrow_equals_the_open_requests_and_everything_is_conserved(
        steps: list[tuple[Any, ...]]) -> None:
    game = new(PLAYERS)
    # Each player starts with 100 dollars, 3 apples and 2 pears; the Dark Lord is given
    # one item at each endowment, from outside the game.
    start = {"dollars": 300, "apple": 9, "pear": 6}
    for move in steps:
        try:
            play(game, move)
            done = True
        except ActionError:
            done = False  # refused: nothing changed, which the checks below confirm
        if done and move[0] == "endow":
            start[move[1]] += 1
        root = game.state.root
        assert market.invariant_failures(root) == []
        for what, total in start.items():
            assert ledger.totals(root, what) == total, what
        escrowed = {what: sum(b.get(what, 0) for a, b in root["accounts"].items()
                              if a.startswith("escrow:")) for what in start}
        for what in start:
            due = sum(o["price"] * o["quantity"] if o["side"] == "buy" else o["quantity"]
                      for o in market.open_orders(root, "public")
                      if (o["currency"] if o["side"] == "buy" else o["good"]) == what)
            assert escrowed[what] == due, what
    assert game.invariant_failures() == []

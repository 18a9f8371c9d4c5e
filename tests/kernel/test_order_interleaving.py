"""The same orders with the same receipt times give the same game however their
submissions interleave (a property, on the small game played by mail).

A mail gateway may enter the week's messages in any order: one mailbox is read before
another, a message is delivered late. What the update does depends only on when each
message was received and where each order stood in it, so two games that are given
the same orders in different orders end in the same state, with the same log from
the update on, and with the same submissions before it (in another order).
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from mail_pack import FIRST_UPDATE, START, new

from nomicon.kernel.engine import Game

PLAYERS = ("alice", "bob", "carol")
ENTERED = START + timedelta(days=5)

#: What an order may be: purchases (which collide), paintings (which need the square
#: first), a visit to the Zoo (a question that a standing answer may answer), and
#: conditional purchases whose condition reads what earlier orders did.
ACTIONS = st.one_of(
    st.builds(lambda n: {"action": "buy", "args": {"square": n}}, st.integers(1, 4)),
    st.builds(lambda n, c: {"action": "paint", "args": {"square": n, "colour": c}},
              st.integers(1, 4), st.sampled_from(["red", "blue"])),
    st.just({"action": "visit"}),
    st.builds(lambda n, m: {"action": "buy", "args": {"square": n},
                            "condition": f"board.squares['{n}'].owner == None",
                            "otherwise": "buy", "otherwise_args": {"square": m}},
              st.integers(1, 4), st.integers(1, 4)),
)

ORDERS = st.lists(
    st.fixed_dictionaries({
        "player": st.sampled_from(PLAYERS),
        # Whole hours of the week before the update, so that messages often share a
        # receipt time and the tie rules are exercised.
        "hour": st.integers(0, 12),
        "position": st.integers(1, 3),
        "order": ACTIONS,
    }),
    min_size=1, max_size=10,
    unique_by=lambda o: (o["player"], o["hour"], o["position"]),
)


def play(orders: list[dict[str, Any]], sequence: list[int]) -> Game:
    """A game given ``orders`` in the order ``sequence``, then updated."""
    game = new(PLAYERS)
    game.act("carol", "standing-answer", kind="zoo", option="pay")
    for index in sequence:
        spec = orders[index]
        received = START + timedelta(hours=spec["hour"])
        # Orders an action's phase cannot take go to the works phase, which takes any.
        phase = "works" if spec["order"].get("otherwise") else None
        game.act("admin", "receive-order", player=spec["player"],
                 received_at=received.isoformat(), position=spec["position"], at=ENTERED,
                 phase=phase, **spec["order"])
    game.advance(FIRST_UPDATE + timedelta(minutes=1))
    return game


def _plain(event: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in event.items() if k != "hash"}


def _unplaced(event: dict[str, Any]) -> str:
    # Where a submission stands in the log is what differs, and so do the state changes
    # only the first submission makes (the clock moves to the entry time, the table of
    # orders is made); what was submitted is the same.
    return json.dumps({k: v for k, v in event.items()
                       if k not in ("hash", "seq", "batch", "ops")}, sort_keys=True)


def split(game: Game) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The game's log before the update began, and from then on."""
    began = next(e["seq"] for e in game.log if e["type"] == "update.began")
    before = [e for e in game.log if e["seq"] < began and e["time"] == "2021-03-06T09:00:00Z"]
    return before, [e for e in game.log if e["seq"] >= began]


@settings(max_examples=40, deadline=None)
@given(orders=ORDERS, data=st.data())
def test_the_same_orders_give_the_same_game_however_they_are_submitted(
        orders: list[dict[str, Any]], data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(range(len(orders))), label="submission order")
    one, other = play(orders, list(range(len(orders)))), play(orders, list(shuffled))
    assert one.state.root == other.state.root
    (sent_one, update_one), (sent_other, update_other) = split(one), split(other)
    assert [_plain(e) for e in update_one] == [_plain(e) for e in update_other]
    assert sorted(map(_unplaced, sent_one)) == sorted(map(_unplaced, sent_other))
    # Every order was carried out, failed or skipped at the update, and none is left.
    results = [e for e in update_one if e["type"] in ("order.done", "order.failed",
                                                      "order.skipped")]
    assert len(results) == len(orders)
    assert one.view()["orders"] == {}

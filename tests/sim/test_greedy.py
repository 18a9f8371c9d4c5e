"""The greedy bot plays the move its scorer rates highest; packs specialise it."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import nomicon
from nomicon.packs.infinite_nomic.strategy import greedy_score as infinite_nomic_score
from nomicon.sim.bots import Move
from nomicon.sim.greedy import GreedyBot, scorer_for

START = datetime(2020, 1, 1, 12, tzinfo=UTC)


def goofspiel(**params: int) -> nomicon.Game:
    return nomicon.new_game("ackanomic-goofspiel", players=["alice", "bob", "carol"], seed=3,
                            start=START, params={"games": 1, **params})


def test_goofspiel_greedy_bids_the_card_nearest_the_prize() -> None:
    game = goofspiel()
    prize = game.state.root["pure_skill"]["prize"]
    bot = GreedyBot(random.Random(1), scorer_for(game.pack))
    move = bot.choose(game, "alice")
    assert move == Move("alice", "bid", {"card": prize}, True)


def test_greedy_bot_without_a_scorer_plays_a_legal_move_at_random() -> None:
    game = goofspiel(cards=3)
    bot = GreedyBot(random.Random(1), None)
    moves = [bot.choose(game, "alice") for _ in range(40)]
    assert {m.name for m in moves if m is not None} <= {"bid", "propose"}
    assert any(m is not None and m.name == "bid" for m in moves)


def test_a_player_with_nothing_to_do_passes() -> None:
    game = goofspiel(cards=3)
    game.act("alice", "bid", card=1)
    bot = GreedyBot(random.Random(1), scorer_for(game.pack))
    move = bot.choose(game, "alice")
    assert move is None or move.name != "bid"


def test_infinite_nomic_greedy_rolls_first_and_ends_the_turn_after() -> None:
    game = nomicon.new_game("infinite-nomic-r7", players=["alice", "bob"], seed=2, start=START)
    bot = GreedyBot(random.Random(1), scorer_for(game.pack))
    first = bot.choose(game, "alice")
    assert first is not None and first.name == "roll"
    game.act("alice", "roll")
    after = bot.choose(game, "alice")
    assert after is not None and after.name in {"end-turn", "use-number", "choose", "ping"}


def test_infinite_nomic_scorer_prefers_a_number_that_lands_on_a_five() -> None:
    state = {"players": {"alice": {"location": 3}}, "turn": {"flags": {}}}
    assert infinite_nomic_score(state, "alice", "use-number", {"value": 2}) > \
        infinite_nomic_score(state, "alice", "use-number", {"value": 3})
    assert infinite_nomic_score(state, "alice", "end-turn", {}) < 0

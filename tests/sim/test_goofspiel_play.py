"""The Game of Pure Skill played by bots: what others see, and what it measures.

(Its rules are pinned by the scenario files in tests/scenarios/ackanomic-goofspiel.)
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import nomicon
from nomicon.sim.bots import RandomBot, step

START = datetime(2020, 1, 1, 12, tzinfo=UTC)
PLAYERS = ["alice", "bob", "carol"]


def test_a_bid_stays_secret_until_the_round_is_resolved() -> None:
    game = nomicon.new_game("ackanomic-goofspiel", players=PLAYERS, seed=8, start=START)
    game.act("alice", "bid", card=11)
    bob_sees = json.dumps([game.view("bob"), game.log_for("bob")])
    assert '"bid": 11' not in bob_sees and "card=11" not in bob_sees
    assert "alice: bid (sealed)" in bob_sees
    assert "card=11" in json.dumps(game.log_for("alice"))
    game.act("bob", "bid", card=1)
    game.act("carol", "bid", card=2)
    resolved = [e for e in game.log_for("bob") if e["type"] == "pure-skill.round-resolved"]
    assert resolved[0]["data"]["bids"] == {"alice": 11, "bob": 1, "carol": 2}


def test_random_play_keeps_the_invariants_and_ends() -> None:
    game = nomicon.new_game("ackanomic-goofspiel", players=PLAYERS, seed=9, start=START,
                            params={"games": 2})
    rng = random.Random(4)
    bot = RandomBot(rng)
    for _ in range(2000):
        if game.is_over:
            break
        step(game, bot, rng)
        assert game.invariant_failures() == []
    assert game.is_over
    metrics = game.pack.metrics(game.state.root)
    assert metrics["games"] == 2.0
    results = game.state.root["pure_skill"]["results"]
    assert sum(sum(r["totals"].values()) for r in results) + \
        sum(sum(r["discarded"]) for r in results) == 2 * sum(range(1, 14))

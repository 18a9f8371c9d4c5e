"""The random bot's draw of a legal action: probing in a random order until one action
is legal gives the same choice, in law, as drawing from the whole ``legal_actions``."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime

import nomicon
from nomicon.sim.bots import play

START = datetime(2020, 1, 1, 12, tzinfo=UTC)


def key(entry: dict[str, object]) -> tuple[str, str]:
    return str(entry["name"]), str(entry["rule"])


def test_each_draw_is_an_entry_of_legal_actions_and_every_entry_is_drawn() -> None:
    game = nomicon.new_game("infinite-nomic-r7", players=["alice", "bob", "carol"], seed=3,
                            start=START)
    play(game, 40, seed=5)  # somewhere inside the game, not at its start
    rng = random.Random(11)
    for actor in ("alice", "bob", "carol"):
        legal = {key(entry): entry for entry in game.legal_actions(actor)}
        assert legal, f"{actor} has something to do"
        draws = Counter()
        for _ in range(60 * len(legal)):
            entry = game.random_legal_action(actor, rng)
            assert entry is not None
            assert entry == legal[key(entry)]  # the same entry, arguments and all
            draws[key(entry)] += 1
        assert set(draws) == set(legal)
        # Uniform: 60 draws expected of each. A fair draw's chi-square is about the
        # number of entries k; one that favoured an action, say taking the first
        # legal one of a fixed order, would be about 60 k (k - 1).
        expected = 60
        chi2 = sum((n - expected) ** 2 / expected for n in draws.values())
        assert chi2 < 3 * len(legal) + 30, draws


def test_no_draw_where_there_is_nothing_to_do() -> None:
    game = nomicon.new_game("infinite-nomic-r7", players=["alice", "bob"], seed=3, start=START)
    assert game.random_legal_action("nobody", random.Random(1)) is None
    assert game.legal_actions("nobody") == []


def test_a_ruleset_with_forms_per_action_draws_from_the_whole_list() -> None:
    # Nomopoly IV's `command` lists one form per unit and command (ActionDecl.variants).
    game = nomicon.new_game("nomopoly-iv", players=["alice", "bob"], seed=3, start=START,
                            params={"history": 1})  # P01: Forts and Warriors
    game.act("alice", "build-fort")
    game.act("alice", "command", unit="fort-1", command="recruit-warrior")
    assert game.action_plans().has_variants
    legal = game.legal_actions("alice")
    rng = random.Random(2)
    seen = {repr(game.random_legal_action("alice", rng)) for _ in range(40 * len(legal))}
    assert seen == {repr(entry) for entry in legal}

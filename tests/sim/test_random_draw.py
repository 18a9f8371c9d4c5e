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


def test_an_action_with_forms_is_drawn_as_often_as_another_and_each_form_is_drawn() -> None:
    # Nomopoly IV's `command` lists one form per unit and command (ActionDecl.variants),
    # drawn lazily (ActionDecl.drawn): the action is one of the legal actions, drawn as
    # often as each other one, and each of its forms is drawn.
    game = nomicon.new_game("nomopoly-iv", players=["alice", "bob"], seed=3, start=START,
                            params={"history": 1})  # P01: Forts and Warriors
    game.act("alice", "build-fort")
    game.act("alice", "command", unit="fort-1", command="recruit-warrior")
    legal = game.legal_actions("alice")
    names = Counter(str(entry["name"]) for entry in legal)
    assert names["command"] > 1, "the Warrior's forms: several commands"
    rng = random.Random(2)
    per_name = 300
    draws = [game.random_legal_action("alice", rng) for _ in range(per_name * len(names))]
    assert all(entry in legal for entry in draws)  # each draw is an entry, as it is
    assert {repr(entry) for entry in draws} == {repr(entry) for entry in legal}
    drawn = Counter(str(entry["name"]) for entry in draws if entry is not None)
    # Uniform over the action names (not over the entries, which would draw `command`
    # names["command"] times as often): a fair draw's chi-square is about k.
    chi2 = sum((drawn[name] - per_name) ** 2 / per_name for name in names)
    assert chi2 < 3 * len(names) + 30, drawn

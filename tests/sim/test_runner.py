"""Simulation runs: reproducible per seed, whatever the number of processes."""

from __future__ import annotations

import gc
import json
import random
from datetime import UTC, datetime
from typing import Any

import pytest

from nomicon.kernel.engine import Game
from nomicon.sim import bots, runner
from nomicon.sim.report import summarise
from nomicon.sim.runner import GC_ALLOCATIONS, Settings, SimError, play_out, simulate

START = datetime(2020, 1, 1, 12, tzinfo=UTC)


def test_the_same_seed_gives_the_same_records_and_another_seed_others() -> None:
    settings = Settings(pack="infinite-nomic-r7", games=4, turns=6, seed=11)
    first = [r.as_json() for r in simulate(settings)]
    assert first == [r.as_json() for r in simulate(settings)]
    other = Settings(pack="infinite-nomic-r7", games=4, turns=6, seed=12)
    assert first != [r.as_json() for r in simulate(other)]


def test_the_report_does_not_depend_on_the_number_of_processes() -> None:
    settings = Settings(pack="infinite-nomic-r7", games=6, turns=5, seed=3,
                        bots=("random", "greedy"))
    alone = summarise(settings, simulate(settings, jobs=1))
    shared = summarise(settings, simulate(settings, jobs=2))
    assert json.dumps(alone, sort_keys=True) == json.dumps(shared, sort_keys=True)


def test_open_ended_games_stop_after_the_given_turns() -> None:
    records = simulate(Settings(pack="infinite-nomic-r7", games=3, turns=7, seed=1))
    assert all(r.capped and not r.ended and r.turns == 7 for r in records)
    assert all(r.actions > 0 and r.events > r.actions for r in records)


def test_goofspiel_games_play_to_their_end() -> None:
    settings = Settings(pack="ackanomic-goofspiel", games=3, seed=2, params=(("games", 1),),
                        bots=("greedy", "random", "random"))
    records = simulate(settings)
    assert all(r.ended and not r.capped for r in records)
    assert all(r.metrics["games"] == 1.0 for r in records)
    # Rotation: each player sits in each seat once in three games.
    assert [r.seats for r in records] == [["p1", "p2", "p3"], ["p2", "p3", "p1"],
                                          ["p3", "p1", "p2"]]
    assert all(r.bots["p1"] == "greedy" and r.bots["p2"] == "random" for r in records)


def test_the_action_limit_stops_a_game() -> None:
    records = simulate(Settings(pack="infinite-nomic-r7", games=2, actions=5, seed=4))
    assert all(r.capped and r.actions == 5 for r in records)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": ("clever",)}, "unknown bot 'clever'"),
    ({"players": ()}, "needs players"),
    ({"players": ("a", "a")}, "named twice"),
    ({"games": 0}, "at least one game"),
])
def test_bad_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SimError, match=message):
        Settings(pack="infinite-nomic-r7", **kwargs)  # type: ignore[arg-type]


def test_bad_parameters_are_refused_before_playing() -> None:
    with pytest.raises(SimError, match="bad parameters for ackanomic-goofspiel: cards"):
        simulate(Settings(pack="ackanomic-goofspiel", params=(("cards", 99),)))


def test_playing_a_game_puts_the_garbage_collectors_setting_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = gc.get_threshold()
    seen: list[tuple[int, ...]] = []
    players = ["p1", "p2", "p3"]
    game = Game.create("nomic", start=START, players=players, secret=b"gc", simulation=True)

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.get_threshold())
        return bots.step(*args, **kwargs)

    monkeypatch.setattr(runner, "step", watched)
    played = play_out(game, dict.fromkeys(players, "random"), random.Random(1), turns=None,
                      actions=3, max_steps=50)
    assert played["steps"] == len(seen) > 0
    assert all(threshold[0] == GC_ALLOCATIONS for threshold in seen)
    assert gc.get_threshold() == before

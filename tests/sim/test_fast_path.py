"""The simulations' fast path changes nothing but the time taken.

With it, a simulated game is a simulation's game (no hash chain) copied from a game
of the pack created once; without it, each game is created and logged as a live
game is. The same settings and seeds must give the same records, reports, what-if
results, final states and events.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import nomicon
from nomicon.kernel import dice
from nomicon.kernel.context import Ctx
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Pack, PackParams, installed
from nomicon.sim import whatif
from nomicon.sim.bots import RandomBot, step
from nomicon.sim.report import summarise
from nomicon.sim.runner import Settings, play_out, simulate
from nomicon.sim.template import Template

START = datetime(2020, 1, 1, 12, tzinfo=UTC)


def _report(settings: Settings, *, fast: bool) -> str:
    records = simulate(settings, fast=fast)
    return json.dumps({"records": [r.as_json() for r in records],
                       "summary": summarise(settings, records)}, sort_keys=True)


@pytest.mark.parametrize("settings", [
    Settings(pack="infinite-nomic-r7", games=6, turns=8, seed=5, bots=("random", "greedy")),
    Settings(pack="ackanomic-goofspiel", games=3, seed=2, params=(("games", 1),)),
    Settings(pack="bnomic-grid", games=3, actions=40, seed=7),
], ids=["infinite-nomic", "goofspiel", "bnomic-grid"])
def test_simulate_reports_the_same_with_and_without_the_fast_path(settings: Settings) -> None:
    assert _report(settings, fast=True) == _report(settings, fast=False)


def test_a_whatif_gives_the_same_result_with_and_without_the_fast_path() -> None:
    game = nomicon.new_game("infinite-nomic-r7", players=["alice", "bob", "carol"], seed=4,
                            start=START)
    game.act("alice", "roll")
    fives = [{"op": "amend", "rule": 8, "params": {"fives_points": 20}}]
    fast = whatif.run(game, fives, games=4, turns=5, seed=3, fast=True)
    slow = whatif.run(game, fives, games=4, turns=5, seed=3, fast=False)
    assert fast["ok"] and fast == slow


def _without_hashes(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in event.items() if k != "hash"} for event in log]


@pytest.mark.parametrize(("pack", "params", "actions"), [
    ("infinite-nomic-r7", {}, 150),
    ("ackanomic-goofspiel", {"games": 1}, None),
    ("nomic", {}, 80),
])
def test_a_fast_path_game_ends_in_the_state_of_a_live_game(
        pack: str, params: dict[str, Any], actions: int | None) -> None:
    players = ["p2", "p3", "p1"]
    secret = dice.secret_from_seed(f"fast:{pack}")
    template = Template(pack, start=START, params=params, registry=installed())
    assert template.faithful
    games = [
        template.game("g-7", secret, players),
        Game.create(pack, start=START, players=players, secret=secret, params=params,
                    game_id="g-7"),
    ]
    for game in games:
        play_out(game, dict.fromkeys(players, "random"), random.Random(9), turns=None,
                 actions=actions, max_steps=2000)
    fast, live = games
    assert fast.simulation and not live.simulation
    assert len(fast.log) > 40
    assert fast.state.root == live.state.root
    assert fast.log == _without_hashes(live.log)
    assert all("hash" in event for event in live.log)


class RollingSetup(Pack):
    """A pack whose setup rolls a die: its fresh games differ by more than their id."""

    id = "rolling-setup"
    title = "Rolling setup"

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        ctx.set(["board"], {"start": ctx.roll(1000, "the starting space")})


def test_a_pack_whose_creation_rolls_dice_gets_its_games_created_afresh() -> None:
    registry = installed().with_pack(RollingSetup())
    template = Template("rolling-setup", start=START, params={}, registry=registry)
    assert not template.faithful
    for seed in ("one", "two"):
        secret = dice.secret_from_seed(seed)
        game = template.game("g-1", secret, ["a", "b"])
        live = Game.create("rolling-setup", start=START, players=["a", "b"], secret=secret,
                           game_id="g-1", registry=registry)
        assert game.simulation
        assert game.state.root == live.state.root


def test_a_simulation_game_refuses_a_store() -> None:
    game = Game.create("nomic", start=START, secret=b"s", simulation=True)
    game.commit_hooks.append(lambda _game, _events: None)
    with pytest.raises(nomicon.NomiconError, match="cannot be stored"):
        game.act("alice", "join")


def test_a_simulation_game_answers_legal_actions_again_only_while_nothing_changed() -> None:
    players = ["alice", "bob", "carol"]
    secret = dice.secret_from_seed("again")
    fast = Game.create("infinite-nomic-r7", start=START, players=players, secret=secret,
                       simulation=True)
    live = Game.create("infinite-nomic-r7", start=START, players=players, secret=secret)
    for game in (fast, live):
        first = game.legal_actions("alice")
        first.clear()  # the caller's own list: the next answer is whole
        with pytest.raises(nomicon.ActionRefused):
            game.act("bob", "roll")  # refused: nothing changes
    assert fast.legal_actions("alice") == live.legal_actions("alice") != []
    assert fast.legal_actions("bob") == live.legal_actions("bob")
    for game in (fast, live):
        game.act("alice", "roll")
    assert fast.legal_actions("alice") == live.legal_actions("alice")


def test_a_simulation_game_finds_the_same_next_timer_as_a_live_game() -> None:
    """A simulation's game keeps its next timer while its state is unchanged; a timer
    set, fired or replaced, and a refused action, leave it as a live game finds it."""
    players = ["alice", "bob", "carol"]
    secret = dice.secret_from_seed("timers")
    fast = Game.create("infinite-nomic-r7", start=START, players=players, secret=secret,
                       simulation=True)
    live = Game.create("infinite-nomic-r7", start=START, players=players, secret=secret)
    rng = random.Random(3)
    seen = set()
    for _ in range(120):
        assert fast.next_timer() == live.next_timer()
        timer = live.next_timer()
        seen.add(None if timer is None else (timer["key"], timer["due"]))
        actor = rng.choice(players)
        minutes = rng.choice([0, 0, 1, 61, 60 * 25])
        for game in (fast, live):
            game.advance(game.clock + timedelta(minutes=minutes))
            legal = game.legal_actions(actor)
            try:
                if legal:
                    game.act(actor, legal[0]["name"])
                else:
                    game.act(actor, "roll")
            except nomicon.ActionError:
                pass
    assert fast.state.root == live.state.root
    assert len(seen) > 1  # the next timer changed along the way


@pytest.mark.parametrize("pack", ["infinite-nomic-r7", "ackanomic-goofspiel"])
def test_a_simulation_game_shows_the_views_of_a_live_game(pack: str) -> None:
    """A simulation's game keeps the rules as views show them while the rules' part of
    the state is unchanged; every player's view equals a live game's, step by step,
    while amendments change the rules, and a view changed by its reader changes
    nothing that a later view shows."""
    players = ["alice", "bob", "carol"]
    secret = dice.secret_from_seed(f"views:{pack}")
    fast = Game.create(pack, start=START, players=players, secret=secret, simulation=True)
    live = Game.create(pack, start=START, players=players, secret=secret)
    rules_seen = set()
    movers = [(game, RandomBot(random.Random(11), amend=True), random.Random(12))
              for game in (fast, live)]
    for _ in range(400):
        for viewer in [*players, "admin"]:
            shown = fast.view(viewer)
            assert shown == live.view(viewer)
            rules_seen.add(json.dumps(shown["rules"], sort_keys=True))
            for entry in shown["rules"].values():  # the reader's own copy
                entry["params"]["changed"] = True
                entry["interpretations"].append("changed")
                entry["title"] = "changed"
        if live.is_over:
            break
        for game, bot, rng in movers:
            step(game, bot, rng)
    assert fast.state.root == live.state.root
    if pack == "infinite-nomic-r7":
        assert len(rules_seen) > 1  # the rules changed along the way

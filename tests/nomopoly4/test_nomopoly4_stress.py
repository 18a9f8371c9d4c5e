"""Nomopoly IV under random play: many bot actions from the end of the built history and
from two points in its middle, with the clock moving so that the hourly, daily and
weekly events fire.

After every action: a refused one names the rule that refused it, is not an internal
error, and leaves the log as it was. Every CHECK_EVERY actions, and at the end: the
pack's (and the kernel's) invariants hold, and the state folded from the log equals the
live state.

Size: the issue asks for 10,000 actions at each of the three points, and the suite runs
them (:data:`DEFAULT_STEPS`) unless ``NOMICON_N4_STRESS_STEPS`` says otherwise; the test
prints what the bots did.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import nomicon
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionError, RuleError
from nomicon.kernel.state import fold
from nomicon.packs.nomopoly4 import history
from nomicon.sim.bots import Move, RandomBot
from nomicon.sim.greedy import GreedyBot, scorer_for

START = datetime(2005, 1, 3, 12, 0, tzinfo=UTC)  # a Monday
PLAYERS = ["alice", "bob", "carol", "dave"]
#: The issue's size, per starting point.
FULL_STEPS = 10_000
#: What the suite runs without the environment variable: the full size. A bot's step
#: costs what probing a few actions costs (the random bot draws one action, and one form
#: of it, lazily; the greedy bot scores GREEDY_DRAWS such draws), not what listing every
#: command of every unit costs, so 10,000 steps at each point fit in the suite.
#: ``NOMICON_N4_STRESS_STEPS`` sets another size.
DEFAULT_STEPS = FULL_STEPS
STEPS = int(os.environ.get("NOMICON_N4_STRESS_STEPS", DEFAULT_STEPS))
#: How often (in actions) the invariants and the fold of the log are checked.
CHECK_EVERY = 50
#: The chance that, instead of an action, time passes; and by how much (minutes): a
#: minute, an hour, and a day and an hour, so that hourly, daily and weekly events fire.
WAIT_CHANCE = 0.1
WAITS = (1, 11, 61, 6 * 60, 25 * 60)
#: The chance that the pack's greedy bot (its strategy) chooses an action rather than
#: the random bot: the random bot tries everything legal_actions lists, while the
#: greedy one uses units, items and the Shop as a player would, which reaches deeper
#: states (armies, buildings, fights) than uniform choice does.
GREEDY_CHANCE = 0.5
#: How many legal entries the greedy bot draws and scores each step, rather than the
#: whole of legal_actions, whose commands (every unit's every command and target) grow
#: with the bots' armies: a step costs what a few actions cost, not the whole list.
GREEDY_DRAWS = 12
#: Two points in the middle of the history (after P18's board of 90 squares and before
#: the ? boxes; after Imps and Heal Area), and its end as built.
HISTORIES = (18, 30, history.built_prefix())


@dataclass
class Run:
    """What a run saw."""

    accepted: int = 0
    refused: int = 0
    waits: int = 0
    problems: list[str] = field(default_factory=list)
    actions: dict[str, int] = field(default_factory=dict)

    def problem(self, text: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(text)


def new_game(k: int, seed: int) -> Game:
    return nomicon.new_game("nomopoly-iv", players=PLAYERS, seed=seed, start=START,
                            params={"history": k}, allow_forced=True)


class Shadow:
    """The state folded from the log, kept up to date event by event."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state: dict[str, Any] = {}
        self.seen = 0

    def catch_up(self) -> None:
        for event in self.game.log[self.seen:]:
            fold(event.get("ops", ()), self.state)
        self.seen = len(self.game.log)

    def differs(self) -> bool:
        self.catch_up()
        return self.state != self.game.state.root


def choose(game: Game, actor: str, rng: random.Random, bots: tuple[GreedyBot, RandomBot]
           ) -> Move | None:
    greedy, uniform = bots
    return (greedy if rng.random() < GREEDY_CHANCE else uniform).choose(game, actor)


def play(k: int, steps: int, seed: int) -> Run:
    """``steps`` steps of random play from ``history=k`` (see the module docstring)."""
    game = new_game(k, seed)
    rng = random.Random(f"n4-stress:{k}:{seed}")
    bots = (GreedyBot(rng, scorer_for(game.pack), draws=GREEDY_DRAWS), RandomBot(rng))
    shadow = Shadow(game)
    run = Run()
    for number in range(1, steps + 1):
        if rng.random() < WAIT_CHANCE:
            game.advance(game.clock + timedelta(minutes=rng.choice(WAITS)))
            run.waits += 1
        else:
            game.advance(game.clock)  # timers due now fire before the bot looks
            actor = rng.choice(PLAYERS)
            move = choose(game, actor, rng, bots)
            if move is not None:
                act(game, move, run, number)
        for event in game.log[shadow.seen:]:
            if event.get("type") == "timer.failed":
                run.problem(f"step {number}: a timer failed: {event.get('message')}")
        if number % CHECK_EVERY == 0 or number == steps:
            check(game, shadow, run, f"step {number}")
        if game.is_over:
            check(game, shadow, run, f"the end at step {number}")
            break
    return run


def act(game: Game, move: Move, run: Run, number: int) -> None:
    length = len(game.log)
    try:
        game.act(move.actor, move.name, **move.args)
    except RuleError as exc:
        run.problem(f"step {number}: internal error: {exc}")
    except ActionError as exc:
        run.refused += 1
        if not exc.rule:
            run.problem(f"step {number}: a refusal names no rule: {exc}")
        if len(game.log) != length:
            run.problem(f"step {number}: the refused {move.name} left events in the log")
    else:
        run.accepted += 1
        run.actions[move.name] = run.actions.get(move.name, 0) + 1


def check(game: Game, shadow: Shadow, run: Run, when: str) -> None:
    run.problems.extend(f"{when}: {problem}" for problem in game.invariant_failures()[:5])
    if shadow.differs():
        run.problem(f"{when}: the fold of the log is not the live state")
        shadow.state = {}
        shadow.seen = 0
        shadow.catch_up()


@pytest.mark.parametrize("k", HISTORIES)
def test_random_bots_break_nothing(k: int) -> None:
    run = play(k, STEPS, seed=k)
    # What the bots did, printed (pytest -s); the suite's time is pytest's --durations.
    if STEPS < FULL_STEPS:
        print(f"\n{STEPS} steps, not the issue's {FULL_STEPS} (NOMICON_N4_STRESS_STEPS "
              "sets it)", end="")
    print(f"\nhistory={k}: {STEPS} steps ({run.accepted} accepted, "
          f"{run.refused} refused, {run.waits} waits); accepted by action: "
          f"{dict(sorted(run.actions.items()))}")
    assert run.problems == []
    # The bots did play: most steps are actions, and most of those are accepted; the
    # units' commands are among them.
    assert run.accepted > STEPS // 2
    assert run.actions.get("command", 0) > 0

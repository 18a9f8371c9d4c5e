"""Play many games headless, in parallel processes, reproducibly.

Game ``i`` of a run with seed ``S`` is fully determined by the run's settings and
``(S, i)``: its dice secret is derived from ``"sim:S:i"`` and its bots' own choices
from a generator seeded with the same label, so a run gives the same records, in
the same order, whatever the number of processes.

A game is played with :func:`nomicon.sim.bots.step` (mostly the player whose turn it
is acts, sometimes another, sometimes time passes) until it ends, or until the
limits of the run: ``turns`` turns (open-ended games such as Infinite Nomic), or
``actions`` accepted actions; a game stopped by a limit is *capped*, and one that
reaches ``max_steps`` steps without either is *stalled*.
"""

from __future__ import annotations

import copy
import functools
import gc
import multiprocessing
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import NomiconError
from nomicon.kernel.pack import installed
from nomicon.sim.bots import Bot, Move, RandomBot, step
from nomicon.sim.greedy import GreedyBot, scorer_for
from nomicon.sim.metrics import measure
from nomicon.sim.template import Template

START = datetime(2020, 1, 1, 12, tzinfo=UTC)
BOTS = ("random", "greedy")
# Steps per turn (or per action) a game may take before it counts as stalled.
STEPS_PER_TURN = 100
STEPS_PER_ACTION = 20
MAX_STEPS = 20_000
#: The actions each game of ``simulate`` plays at most when neither turns nor actions
#: are given: an open-ended game (Infinite Nomic) would otherwise play to MAX_STEPS.
DEFAULT_ACTIONS = 1_000
#: Allocations between collections of the garbage collector's youngest generation
#: while a game is played (see :func:`fewer_collections`).
GC_ALLOCATIONS = 10_000


class SimError(NomiconError, ValueError):
    """The simulation's settings cannot be used (unknown bot, no players...)."""


@dataclass(frozen=True)
class Settings:
    """What to simulate. ``bots`` are given per player, in the order of ``players``,
    and repeat when there are fewer bots than players. With ``rotate``, game ``i``
    seats the players in their order turned ``i`` places, so that every player sits
    in every seat equally often."""

    pack: str
    games: int = 100
    players: tuple[str, ...] = ("p1", "p2", "p3")
    bots: tuple[str, ...] = ("random",)
    seed: int | str = 0
    params: tuple[tuple[str, Any], ...] = ()
    turns: int | None = None
    actions: int | None = None
    max_steps: int | None = None
    rotate: bool = True
    #: Whether ``actions`` is the default cap rather than the caller's choice.
    default_cap: bool = False

    def __post_init__(self) -> None:
        unknown = [b for b in self.bots if b not in BOTS]
        if unknown:
            raise SimError(f"unknown bot {unknown[0]!r} (bots: {', '.join(BOTS)})")
        if not self.players:
            raise SimError("a simulation needs players")
        if len(set(self.players)) != len(self.players):
            raise SimError("a player is named twice")
        if self.games < 1:
            raise SimError("a simulation plays at least one game")

    @property
    def param_dict(self) -> dict[str, Any]:
        return dict(self.params)

    def bot_of(self, player: str) -> str:
        return self.bots[self.players.index(player) % len(self.bots)]

    def seating(self, index: int) -> list[str]:
        shift = index % len(self.players) if self.rotate else 0
        return [*self.players[shift:], *self.players[:shift]]

    def step_limit(self) -> int:
        if self.max_steps is not None:
            return self.max_steps
        if self.turns is not None:
            return max(1000, STEPS_PER_TURN * self.turns)
        if self.actions is not None:
            return max(1000, STEPS_PER_ACTION * self.actions)
        return MAX_STEPS


@dataclass
class Record:
    """One game of a run."""

    index: int
    seats: list[str]
    bots: dict[str, str]
    ended: bool
    capped: bool
    steps: int
    actions: int
    refused: int
    events: int
    turns: int
    hours: float
    winners: list[str]
    metrics: dict[str, float] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "index": self.index, "seats": self.seats, "bots": self.bots, "ended": self.ended,
            "capped": self.capped, "steps": self.steps, "actions": self.actions,
            "refused": self.refused, "events": self.events, "turns": self.turns,
            "hours": self.hours, "winners": self.winners, "metrics": self.metrics,
        }


class SeatBots:
    """Each player's own bot (the ``Bot`` protocol, for :func:`step`)."""

    def __init__(self, bots: dict[str, Bot]) -> None:
        self.bots = bots

    def choose(self, game: Game, actor: str) -> Move | None:
        bot = self.bots.get(actor)
        return bot.choose(game, actor) if bot is not None else None


def make_bot(kind: str, game: Game, rng: random.Random) -> Bot:
    if kind == "greedy":
        return GreedyBot(rng, scorer_for(game.pack))
    return RandomBot(rng)


def label(seed: int | str, index: int) -> str:
    """The label that seeds game ``index`` of a run (dice and bots)."""
    return f"sim:{seed}:{index}"


def turn_number(game: Game) -> int:
    number = game.state.root.get("turn", {}).get("number")
    return int(number) if isinstance(number, int) else 0


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the block with the cyclic garbage collector's first generation collected
    after :data:`GC_ALLOCATIONS` allocations rather than Python's 700.

    Performance: a simulated game allocates a great many short-lived dicts and lists
    (events, entries of legal_actions, refusals), which reference counting frees;
    collecting them every 700 allocations cost several percent of a run for nothing.
    The collector still runs, less often; its setting is put back afterwards.
    """
    before = gc.get_threshold()
    gc.set_threshold(GC_ALLOCATIONS, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def play_out(game: Game, bots: dict[str, str], rng: random.Random, *, turns: int | None,
             actions: int | None, max_steps: int) -> dict[str, Any]:
    """Play ``game`` with the players' bots until it ends or a limit is reached;
    returns how it went (steps, actions, refusals, whether a limit stopped it)."""
    players = SeatBots({name: make_bot(kind, game, rng) for name, kind in bots.items()})
    first_turn = turn_number(game)
    events_before = len(game.log)
    clock_before = game.clock
    steps = accepted = refused = 0
    capped = False
    with fewer_collections():
        while not game.is_over:
            if (turns is not None and turn_number(game) - first_turn >= turns) or (
                    actions is not None and accepted >= actions):
                capped = True
                break
            if steps >= max_steps:
                break
            steps += 1
            outcome = step(game, players, rng)
            if outcome is not None:
                if outcome.accepted:
                    accepted += 1
                else:
                    refused += 1
    return {
        "steps": steps, "actions": accepted, "refused": refused, "capped": capped,
        "events": len(game.log) - events_before, "turns": turn_number(game) - first_turn,
        "hours": (game.clock - clock_before).total_seconds() / 3600,
    }


@functools.lru_cache(maxsize=4)
def _template(pack: str, params: tuple[tuple[str, Any], ...]) -> Template:
    # One per process and run: what the games of a run are created from.
    return Template(pack, start=START, params=dict(params), registry=installed())


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def play_one(settings: Settings, index: int, *, fast: bool = True) -> Record:
    """Game ``index`` of a run, from a new game of the pack.

    ``fast``: the simulation's fast path, with the same record. The game is a
    simulation's game (:meth:`Game.for_simulation`: no hash chain), copied from a
    game of the pack created once (:class:`Template`) rather than created anew.
    """
    seats = settings.seating(index)
    name = label(settings.seed, index)
    secret, game_id = dice.secret_from_seed(name), f"sim-{index}"
    if fast and _hashable(settings.params):
        game = _template(settings.pack, settings.params).game(game_id, secret, seats)
    elif fast:
        game = Game.create(settings.pack, start=START, players=seats, secret=secret,
                           params=settings.param_dict, game_id=game_id,
                           registry=installed(), simulation=True)
    else:
        game = Game.create(settings.pack, start=START, players=seats, secret=secret,
                           params=settings.param_dict, game_id=game_id,
                           registry=installed())
    bots = {player: settings.bot_of(player) for player in seats}
    played = play_out(game, bots, random.Random(name), turns=settings.turns,
                      actions=settings.actions, max_steps=settings.step_limit())
    return _record(index, game, seats, bots, played)


def _record(index: int, game: Game, seats: list[str], bots: dict[str, str],
            played: dict[str, Any]) -> Record:
    return Record(index=index, seats=seats, bots=bots, ended=game.is_over,
                  capped=played["capped"], steps=played["steps"], actions=played["actions"],
                  refused=played["refused"], events=played["events"], turns=played["turns"],
                  hours=played["hours"], winners=list(game.state.root.get("winners", [])),
                  metrics=measure(game))


def fork_for(game: Game, secret_label: str, *, fast: bool = True) -> Game:
    """An independent copy of ``game``'s state with dice of its own (what-if runs).

    The copy has no log and no commit hooks, and never sees the game's own secret.
    ``fast``: a simulation's game (:meth:`Game.for_simulation`), whose log is not
    hash-chained."""
    root = copy.deepcopy(game.state.root)
    secret = dice.secret_from_seed(secret_label)
    if fast:
        return Game.for_simulation(game.pack, root, registry=game.registry, secret=secret,
                                   ruleset=game.ruleset)
    return Game(game.pack, root, registry=game.registry, secret=secret)


def run_parallel(task: Callable[[int], Any], count: int, *, jobs: int = 1,
                 progress: Callable[[int], None] | None = None) -> list[Any]:
    """``[task(0), ..., task(count - 1)]``, computed in ``jobs`` processes; results
    come back in index order whatever order they finish in. ``task`` must be picklable
    (a module-level function, or a ``functools.partial`` of one)."""
    if jobs <= 1 or count <= 1:
        out = []
        for index in range(count):
            out.append(task(index))
            if progress is not None:
                progress(1)
        return out
    chunk = max(1, min(16, count // (jobs * 8)))
    # "spawn": workers start from a clean interpreter on every platform (no copy of
    # the parent's threads or open store connections).
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        results: list[Any] = []
        for result in pool.map(task, range(count), chunksize=chunk):
            results.append(result)
            if progress is not None:
                progress(1)
        return results


def check(settings: Settings) -> None:
    """Fail early, in this process, on an unknown pack or bad parameters."""
    pack = installed().pack(settings.pack)
    try:
        pack.Params.model_validate(settings.param_dict)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise SimError(f"bad parameters for {settings.pack}: {problems}") from None


def simulate(settings: Settings, *, jobs: int = 1,
             progress: Callable[[int], None] | None = None, fast: bool = True) -> list[Record]:
    """Play the run's games; the records in game order. ``fast``: the fast path
    (see :func:`play_one`); the records are the same without it."""
    check(settings)
    records: list[Record] = run_parallel(functools.partial(play_one, settings, fast=fast),
                                         settings.games, jobs=jobs, progress=progress)
    return records


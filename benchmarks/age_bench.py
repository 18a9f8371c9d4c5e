"""What a game's age costs: one action near the start of a game and at its end.

    python benchmarks/age_bench.py [--actions 50000] [--window 300] [--no-postgres]

A game of Infinite Nomic (Round 7) with three players is grown by random play (the
simulations' random bot; time passes now and then, so timers fire) to ``--actions``
accepted actions, in memory. Then it takes the game as it stood after 1,000 actions
(the start) and as it ends (the end), and plays ``--window`` more random actions on
each, in turns of a few actions so that whatever else the machine is doing weighs on
both alike, timing one action:

- *in memory, act*: ``Game.act`` alone;
- *in memory, a bot's step*: the same with the bot's ``legal_actions`` call that
  chose it (what a simulation or a player's page pays);
- *through the service*: ``GameService.act`` on the stored game (SQLite, and
  PostgreSQL when Debian's server programs are installed): each game is stored as it
  stood (its log, and its state as the newest snapshot) in a store of its own. Each
  action is chosen on an in-memory twin of the game, which must reach the same
  events (their hashes are compared). The first few actions warm the service up
  and are not counted;
- *first fork, stored game*: what a preview or a what-if waits for before it starts,
  on the SQLite store: a service that has never seen the game reads it (its newest
  snapshot and the events after it) and forks it, as the web's previews do.

The figure to read is each line's ratio end/start: a game's age should cost nothing
(DESIGN §1.7). Timings are wall clock on a shared machine: run it twice.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionError
from nomicon.service import GameService, _meta
from nomicon.sim.bots import RandomBot
from nomicon.store import GameRecord, SqlStore
from nomicon.store.pgserver import PostgresServer, find_bindir

PACK = "infinite-nomic-r7"
PLAYERS = ["alice", "bob", "carol"]
START = datetime(2020, 1, 1, 12, tzinfo=UTC)
SECRET = dice.secret_from_seed("age-bench")
EARLY = 1_000
WARM_UP = 20
CHUNK = 10


def choose(game: Game, bot: RandomBot, rng: random.Random) -> tuple[Any, float] | datetime:
    """A random move as the simulations choose it (mostly the current player's), and
    the seconds the choice took; or, now and then, a time to let the clock run to."""
    if rng.random() < 0.1:
        return game.clock + timedelta(minutes=rng.choice([1, 6, 11, 61, 60 * 25]))
    current = game.state.root.get("turn", {}).get("current")
    players = list(game.state.root["players"])
    actor = current if current and rng.random() < 0.7 else rng.choice(players)
    began = time.perf_counter()
    move = bot.choose(game, actor)
    took = time.perf_counter() - began
    return (move, took) if move is not None else game.clock


def grow(actions: int) -> tuple[Game, list[dict[str, Any]]]:
    """The game grown to ``actions`` accepted actions, and its log at EARLY actions."""
    game = Game.create(PACK, start=START, players=PLAYERS, secret=SECRET, game_id="age")
    rng = random.Random(1)
    bot = RandomBot(rng)
    early: list[dict[str, Any]] = []
    accepted = 0
    progress = time.perf_counter()
    while accepted < actions and not game.is_over:
        chosen = choose(game, bot, rng)
        if isinstance(chosen, datetime):
            game.advance(chosen)
            continue
        move, _ = chosen
        try:
            game.act(move.actor, move.name, **move.args)
        except ActionError:
            continue
        accepted += 1
        if accepted == EARLY:
            early = list(game.log)
        if time.perf_counter() - progress > 30:
            progress = time.perf_counter()
            print(f"  ... {accepted:,} actions, {len(game.log):,} events", file=sys.stderr)
    if game.is_over:
        raise SystemExit(f"the game ended after {accepted:,} actions; try another --actions")
    return game, early


class Arm:
    """Random play on one game (an in-memory twin, and the stored game through a
    service when given), timing each accepted action."""

    def __init__(self, log: list[dict[str, Any]], store: SqlStore | None = None) -> None:
        self.twin = Game.rebuild(list(log), secret=SECRET)
        self.service: GameService | None = None
        if store is not None:
            record = GameRecord(id=self.twin.id, pack=PACK, created=START,
                                meta=_meta(self.twin, {}), secret=SECRET.hex(),
                                next_due=self.twin.next_due())
            store.create_game(record, list(log), snapshot=self.twin.state.root)
            self.service = GameService(store, now=lambda: self.twin.clock)
        self.rng = random.Random(2)
        self.bot = RandomBot(self.rng)
        self.act: list[float] = []  # the twin's Game.act, or the service's act
        self.step: list[float] = []  # the same with the bot's legal_actions call

    def play(self, count: int) -> None:
        """``count`` more accepted actions."""
        done = 0
        while done < count:
            chosen = choose(self.twin, self.bot, self.rng)
            if isinstance(chosen, datetime):
                self.twin.advance(chosen)
                if self.service is not None:
                    self.service.advance(self.twin.id, chosen)
                continue
            move, choosing = chosen
            began = time.perf_counter()
            try:
                expected = self.twin.act(move.actor, move.name, at=self.twin.clock,
                                         **move.args)
            except ActionError:
                continue
            took = time.perf_counter() - began
            if self.service is not None:
                began = time.perf_counter()
                events = self.service.act(self.twin.id, move.actor, move.name, move.args,
                                          at=self.twin.clock)
                took = time.perf_counter() - began
                if events[-1]["hash"] != expected[-1]["hash"]:
                    raise SystemExit(f"the service and its twin differ at seq "
                                     f"{events[-1]['seq']}")
            self.act.append(took)
            self.step.append(took + choosing)
            done += 1

    def per_action_ms(self, which: str = "act") -> float:
        values = getattr(self, which)[WARM_UP:]
        return 1000 * sum(values) / max(len(values), 1)


def first_fork(store: SqlStore, log: list[dict[str, Any]]) -> float:
    """Milliseconds from a service that has never seen the stored game to the fork a
    preview or a what-if starts from (the service reads the game from its snapshot,
    then it is forked), the median of a few."""
    Arm(log, store)  # stores the game
    times = []
    for _ in range(5):
        service = GameService(store)
        began = time.perf_counter()
        with service.reading("age") as game:  # as the web's previews read it
            game.fork()
        times.append(time.perf_counter() - began)
    return 1000 * sorted(times)[len(times) // 2]


def race(start: Arm, end: Arm, window: int) -> None:
    """Play both arms in turns of a few actions, so that whatever else the machine is
    doing weighs on both alike."""
    for arm in (start, end):
        arm.play(WARM_UP)
    for _ in range(0, window, CHUNK):
        start.play(CHUNK)
        end.play(CHUNK)


@contextmanager
def backends(use_postgres: bool, folder: Path | None = None, name: str = "age",
             ) -> Iterator[list[tuple[str, Callable[[], Any]]]]:
    """For SQLite and (when its programs are installed and wanted) PostgreSQL on a
    private server: a name, and a maker of empty stores (each a context manager).
    SQLite's files are ``<name><n>.db`` in ``folder`` (None: a temporary one)."""
    with ExitStack() as stack:
        if folder is None:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        made = iter(range(1_000_000))

        @contextmanager
        def sqlite() -> Iterator[SqlStore]:
            store = SqlStore(f"sqlite:///{folder / f'{name}{next(made)}.db'}")
            try:
                yield store
            finally:
                store.close()

        found: list[tuple[str, Callable[[], Any]]] = [("SQLite", sqlite)]
        bindir = find_bindir() if use_postgres else None
        if bindir is not None:
            server = stack.enter_context(PostgresServer.start(bindir))

            @contextmanager
            def postgresql() -> Iterator[SqlStore]:
                with server.temporary_database() as url:
                    store = SqlStore(url)
                    try:
                        yield store
                    finally:
                        store.close()

            found.append(("PostgreSQL", postgresql))
        yield found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=50_000)
    parser.add_argument("--window", type=int, default=300)
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args()
    if args.actions < EARLY + 2 * args.window:
        raise SystemExit(f"--actions must be at least {EARLY + 2 * args.window}")
    began = time.perf_counter()
    game, early = grow(args.actions)
    print(f"grew a game of {args.actions:,} actions ({len(game.log):,} events) "
          f"in {time.perf_counter() - began:.0f} s")
    first, last = Arm(early), Arm(list(game.log))
    race(first, last, args.window)
    rows = [("in memory, act (ms)", first.per_action_ms("act"), last.per_action_ms("act")),
            ("in memory, a bot's step (ms)", first.per_action_ms("step"),
             last.per_action_ms("step"))]
    with backends(not args.no_postgres) as found:
        for name, empty_store in found:
            with empty_store() as one, empty_store() as other:
                first, last = Arm(early, one), Arm(list(game.log), other)
                race(first, last, args.window)
            rows.append((f"service on {name} (ms)", first.per_action_ms(),
                         last.per_action_ms()))
        with found[0][1]() as one, found[0][1]() as other:
            forks = [first_fork(store, log) for store, log in ((one, early),
                                                                (other, list(game.log)))]
        rows.append(("first fork, stored game (ms)", *forks))
    at_end = f"at {args.actions:,}"
    print(f"{'one action':<32} {f'at {EARLY:,}':>10} {at_end:>10} {'end/start':>10}")
    for label, first, last in rows:
        print(f"{label:<32} {first:>10.2f} {last:>10.2f} {last / first:>10.2f}")


if __name__ == "__main__":
    main()

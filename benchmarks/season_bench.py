"""A long season of Nomopoly IV: what a game's age costs, and what catching up costs.

    python benchmarks/season_bench.py [--days 90] [--players 5] [--steps-per-hour 1]
        [--window 120] [--idle-days 365] [--no-postgres]

A game of Nomopoly IV (``nomopoly-iv`` with its default history, then every later
proposal that is built passed by the players through governance, so that the game
is the one the seed ended with, as far as it is built) is played through the game
service on a SQLite store for ``--days`` game days: every game hour the clock moves
on an hour (every hourly, daily and weekly timer fires at its own time) and the
pack's greedy bot takes ``--steps-per-hour`` steps for players drawn at random (its
``legal_actions`` read on the stored game, as a player's page reads it). The season
prints how many actions, timer batches and events it made.

Then the game as it stood after its first day (the start) and as it ends (the end)
are each stored in a store of their own, and play on in turns of a game hour each,
so that whatever else the machine is doing weighs on both alike; per store (SQLite,
and PostgreSQL when Debian's server programs are installed):

- *act*: ``GameService.act`` of the bot's move;
- *a bot's step*: the same with the bot's ``legal_actions`` on the stored game;
- *timer batch*: moving the clock an hour (``GameService.advance``), per timer fired;
- *open the stored game*: a service that has never seen the game reads it (its
  newest snapshot and the events after it), the median of a few.

The figure to read is each line's ratio end/start (DESIGN §1.7: a game's age costs
nothing; target <= 2).

Last, catching up: the game as it ends is left idle for ``--idle-days`` days and a
player then acts, in a fresh process (as ``nomicon act`` would): it fires every
timer of those days, each at its own time, before the action. Printed: the timer
batches fired, the seconds per batch, and the process's peak memory over that of a
process that only opened the game. Timings are wall clock on a shared machine: run
it twice.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from age_bench import backends  # a sibling script: benchmarks run from this folder

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionError
from nomicon.packs.nomopoly4 import history
from nomicon.service import GameService, _meta
from nomicon.sim.greedy import GreedyBot, scorer_for
from nomicon.store import GameRecord, SqlStore

PACK = "nomopoly-iv"
START = datetime(2026, 1, 5, 0, tzinfo=UTC)  # a Monday
GAME = "season"
HOUR = timedelta(hours=1)
OPENS = 5


class Season:
    """One game played through a service whose clock the season moves."""

    def __init__(self, store: SqlStore, seed: int) -> None:
        self.store = store
        self.clock = START
        self.service = GameService(store, now=lambda: self.clock)
        self.rng = random.Random(seed)
        self.bot: GreedyBot | None = None
        self.players: list[str] = []
        self.actions = 0
        self.act: list[float] = []  # seconds of GameService.act
        self.step: list[float] = []  # the same with the bot's choice
        self.per_timer: list[float] = []  # seconds of an hour's advance, per timer fired

    def create(self, players: int) -> None:
        self.players = [f"p{n}" for n in range(1, players + 1)]
        game = self.service.create(PACK, self.players, seed=1, start=START, game_id=GAME)
        self.bot = GreedyBot(self.rng, scorer_for(game.pack))
        passed = game.state.root["game"]["params"].get("history")
        passed = history.built_prefix() if passed is None else passed
        for record in history.RECORDS:
            if record.index > passed:
                self.pass_record(record)

    def pass_record(self, record: history.Record) -> None:
        """A player proposes the record's amendment and everyone votes for it."""
        order = self.players[record.index % len(self.players):] + self.players
        self.service.act(GAME, order[0], "propose", {
            "title": f"{record.id}: {record.title}", "text": record.text,
            "amendment": record.amendment_list()})
        with self.service.reading(GAME) as game:
            number = max(int(k) for k in game.state.root["proposals"])
        for player in order[:len(self.players)]:
            with self.service.reading(GAME) as game:
                if game.state.root["proposals"][str(number)]["status"] != "open":
                    break
            self.service.act(GAME, player, "vote", {"proposal": number, "vote": "for"})

    def hour(self, steps: int) -> None:
        """The clock moves an hour (timers fire), then ``steps`` bot steps."""
        head = self.store.get_game(GAME).head
        began = time.perf_counter()
        self.clock += HOUR
        self.service.advance(GAME, self.clock)
        took = time.perf_counter() - began
        fired = sum(1 for event in self.store.events(GAME, after=head)
                    if event["type"] == "timer.fired")
        if fired:
            self.per_timer.append(took / fired)
        assert self.bot is not None
        for _ in range(steps):
            actor = self.rng.choice(self.players)
            began = time.perf_counter()
            with self.service.reading(GAME) as game:
                if game.is_over:
                    raise SystemExit("the game ended; try other --days or --players")
                move = self.bot.choose(game, actor)
            chose = time.perf_counter() - began
            if move is None:
                continue
            began = time.perf_counter()
            try:
                self.service.act(GAME, move.actor, move.name, move.args)
            except ActionError:
                continue
            took = time.perf_counter() - began
            self.actions += 1
            self.act.append(took)
            self.step.append(took + chose)


def play_season(store: SqlStore, days: int, players: int, steps: int) -> tuple[Season, int]:
    """The season played; and the head after its first day."""
    season = Season(store, seed=1)
    season.create(players)
    early = 0
    progress = time.perf_counter()
    for hour in range(days * 24):
        season.hour(steps)
        if hour == 23:
            early = store.get_game(GAME).head
        if time.perf_counter() - progress > 30:
            progress = time.perf_counter()
            print(f"  ... day {hour // 24 + 1}, {season.actions:,} actions", file=sys.stderr)
    return season, early


def stored_copy(log: list[dict[str, Any]], store: SqlStore) -> Season:
    """The game of ``log`` stored in ``store`` (its state as the newest snapshot), and
    a season to play on with it from its clock."""
    game = Game.rebuild(list(log), secret=bytes.fromhex(SECRET[0]))
    record = GameRecord(id=GAME, pack=PACK, created=START, meta=_meta(game, {}),
                        secret=SECRET[0], next_due=game.next_due())
    store.create_game(record, list(log), snapshot=game.state.root)
    season = Season(store, seed=2)
    season.clock = game.clock
    season.players = sorted(game.state.root["players"])
    season.bot = GreedyBot(season.rng, scorer_for(game.pack))
    return season


SECRET: list[str] = []  # the season's dice secret, read once it is stored


def open_ms(store: SqlStore) -> float:
    """Milliseconds for a fresh service to read the stored game."""
    service = GameService(store)
    began = time.perf_counter()
    service.open(GAME)
    return 1000 * (time.perf_counter() - began)


def race(first: Season, last: Season, window: int, steps: int,
         profiles: tuple[cProfile.Profile, cProfile.Profile] | None = None,
         ) -> tuple[list[float], list[float]]:
    """Both seasons play on an hour at a time, in turns; each one's open times.
    ``profiles``: one for each season's play."""
    opens: tuple[list[float], list[float]] = ([], [])
    for hour in range(window):
        for side, season in enumerate((first, last)):
            if profiles is not None:
                profiles[side].enable()
            season.hour(steps)
            if profiles is not None:
                profiles[side].disable()
            if hour % max(window // OPENS, 1) == 0:
                opens[side].append(open_ms(season.store))
    return opens


def print_growth(start: cProfile.Profile, end: cProfile.Profile, top: int = 20) -> None:
    """The functions whose own time grew most from the start to the end of the season
    (seconds in the race; the same number of game hours on each side)."""
    before = {key: row[2] for key, row in pstats.Stats(start).stats.items()}  # type: ignore[attr-defined]
    after = {key: row[2] for key, row in pstats.Stats(end).stats.items()}  # type: ignore[attr-defined]
    grown = sorted(after, key=lambda key: after[key] - before.get(key, 0.0), reverse=True)
    print(f"{'own time, s':<11} {'start':>8} {'end':>8}  function")
    for key in grown[:top]:
        where = f"{Path(key[0]).name}:{key[1]}({key[2]})"
        print(f"{'':<11} {before.get(key, 0.0):>8.3f} {after[key]:>8.3f}  {where}")


def mean_ms(values: list[float], skip: int = 3) -> float:
    kept = values[skip:] or values
    return 1000 * sum(kept) / max(len(kept), 1)


CHILD = """
import json, resource, sys, time
from datetime import timedelta
from nomicon.kernel.errors import ActionError
from nomicon.service import GameService
from nomicon.store import SqlStore
url, days, act = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "act"
store = SqlStore(url)
game = GameService(store).open("season")
head, at = game.head, game.clock + timedelta(days=days)
accounts = game.state.root["accounts"]
giver, taker = sorted(game.state.root["players"],
                      key=lambda p: -accounts.get(p, {}).get("dollars", 0))[:2]
service = GameService(store, now=lambda: at)
began = time.perf_counter()
if act:
    try:  # the timers due fire first, and stay fired whatever the answer
        service.act("season", giver, "give", {"to": taker, "amount": 1})
    except ActionError:
        pass
took = time.perf_counter() - began
# The peak before reading the events: VmHWM, since ru_maxrss keeps the parent's peak
# across fork and exec.
status = open("/proc/self/status").read().split("VmHWM:")
peak = (int(status[1].split()[0]) if len(status) > 1
        else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
fired, last = 0, store.get_game("season").head
for start in range(head, last, 1000):
    page = store.events("season", after=start, upto=min(start + 1000, last))
    fired += sum(1 for e in page if e["type"] == "timer.fired")
print(json.dumps({"seconds": took, "fired": fired, "rss_kb": peak}))
"""


def catch_up(log: list[dict[str, Any]], folder: Path, days: int) -> dict[str, float]:
    """A fresh process acts on the stored game left idle ``days`` days: its timer
    batches, seconds per batch and peak memory over a process that only opens it."""
    results = []
    for act in (False, True):
        url = f"sqlite:///{folder / f'idle{int(act)}.db'}"
        with SqlStore(url) as store:
            stored_copy(log, store)
        done = subprocess.run([sys.executable, "-c", CHILD, url, str(days),
                               "act" if act else "open"],
                              check=True, capture_output=True, text=True)
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
    opened, acted = results
    fired = acted["fired"]
    return {"fired": fired, "ms_per_batch": 1000 * acted["seconds"] / max(fired, 1),
            "seconds": acted["seconds"],
            "extra_mb": (acted["rss_kb"] - opened["rss_kb"]) / 1024,
            "open_mb": opened["rss_kb"] / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=90)
    parser.add_argument("--players", type=int, default=5, choices=range(4, 7))
    parser.add_argument("--steps-per-hour", type=int, default=1)
    parser.add_argument("--window", type=int, default=120, help="game hours raced")
    parser.add_argument("--idle-days", type=int, default=365)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--profile", action="store_true",
                        help="print where the race's time goes at the start and the end")
    args = parser.parse_args()
    if args.days < 2:
        raise SystemExit("--days must be at least 2")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        began = time.perf_counter()
        with SqlStore(f"sqlite:///{folder / 'grown.db'}") as store:
            season, early = play_season(store, args.days, args.players, args.steps_per_hour)
            log = store.events(GAME)
            SECRET.append(store.get_game(GAME).secret or "")
        fired = sum(1 for event in log if event["type"] == "timer.fired")
        handlers: dict[str, int] = {}
        for event in log:
            if event["type"] == "timer.fired":
                handler = event["data"]["handler"]
                handlers[handler] = handlers.get(handler, 0) + 1
        print(f"played {args.days} days with {args.players} players in "
              f"{time.perf_counter() - began:.0f} s: {season.actions:,} actions, "
              f"{fired:,} timer batches, {len(log):,} events")
        print("  timers fired: " + ", ".join(f"{name} {count:,}" for name, count
                                               in sorted(handlers.items())))
        print(f"  during the season: act {mean_ms(season.act[:200]):.1f} ms in the first "
              f"200 actions, {mean_ms(season.act[-200:]):.1f} ms in the last 200")
        rows = []
        with backends(not args.no_postgres, folder, "season") as found:
            for store_name, empty_store in found:
                with empty_store() as one, empty_store() as other:
                    first = stored_copy(log[:early], one)
                    last = stored_copy(log, other)
                    profiles = ((cProfile.Profile(), cProfile.Profile())
                                if args.profile else None)
                    opens = race(first, last, args.window, args.steps_per_hour, profiles)
                if profiles is not None:
                    print(f"where the time grew, {store_name}:")
                    print_growth(*profiles)
                rows += [
                    (f"{store_name}: act (ms)", mean_ms(first.act), mean_ms(last.act)),
                    (f"{store_name}: a bot's step (ms)", mean_ms(first.step),
                     mean_ms(last.step)),
                    (f"{store_name}: per timer batch (ms)", mean_ms(first.per_timer),
                     mean_ms(last.per_timer)),
                    (f"{store_name}: open the stored game (ms)",
                     statistics.median(opens[0]), statistics.median(opens[1])),
                ]
        print(f"{'':<38} {'day 1':>10} {f'day {args.days}':>10} {'end/start':>10}")
        for label, start, end in rows:
            print(f"{label:<38} {start:>10.2f} {end:>10.2f} {end / start:>10.2f}")
        idle = catch_up(log, folder, args.idle_days)
        print(f"catching up {args.idle_days} idle days (a fresh process acts): "
              f"{idle['fired']:,} timer batches in {idle['seconds']:.1f} s, "
              f"{idle['ms_per_batch']:.2f} ms per batch; peak memory "
              f"{idle['extra_mb']:+.0f} MB over a process that only opens the game "
              f"({idle['open_mb']:.0f} MB)")
        print(f"(peak memory of this process: "
              f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)")


if __name__ == "__main__":
    main()

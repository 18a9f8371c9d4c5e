"""What a page costs at 1,000 actions and at 50,000: the log, board, history, players
pages and the chart.

Builds two stored Infinite Nomic games by random play (the simulations' random bot,
three players, a bounded number of accepted actions), each played in memory and
stored at once on a SQLite store as the service would have stored it (its events,
its state as the newest snapshot, the kept chart series of every batch), then times,
through the web application (Starlette's test client, in this process), in one run,
the two games' requests taking turns:

- ``log``: a page of 100 entries of the JSON log from the middle of the game;
- ``board``, ``history``, ``players``: the pages, as the game's admin sees them;
- ``chart``: the JSON chart, as an observer sees it.

It prints the median time of each at the short game, at the long game, and the
ratio. The design target is a ratio within 2 (a game's age costs nothing).

    python benchmarks/pages_bench.py [--actions 50000] [--short 1000] [--repeat 15]
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from nomicon import series
from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.server import Settings, create_app
from nomicon.server.accounts import ADMIN, OBSERVER
from nomicon.service import _meta
from nomicon.sim.bots import RandomBot, step
from nomicon.store import GameRecord

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

PACK = "infinite-nomic-r7"
PLAYERS = ["ann", "bob", "cat"]
START = datetime(2030, 1, 1, 9, 0, tzinfo=UTC)
PASSWORD = "correct horse battery"
CSRF = re.compile(r'name="csrf" value="([^"]+)"')


def build(client: TestClient, actions: int, seed: int) -> tuple[str, int, float]:
    """A stored game played by random bots to ``actions`` accepted actions: its id, its
    head and the seconds it took. The game is played in memory and stored at once,
    its log with its state as the newest snapshot and the chart series of every
    batch, as the service would have stored them batch by batch."""
    site = client.app.state.site  # type: ignore[attr-defined]
    began = time.perf_counter()
    game = Game.create(PACK, start=START, players=PLAYERS, game_id=f"pages-{seed}",
                       secret=dice.secret_from_seed(f"pages-bench:{seed}"))
    rng, bot = random.Random(seed), RandomBot(random.Random(seed))
    accepted = 0
    while accepted < actions and not game.is_over:
        outcome = step(game, bot, rng)
        if outcome is not None and outcome.accepted:
            accepted += 1
            if accepted % 10000 == 0:
                print(f"  ... {accepted:,} actions, {game.head:,} events", file=sys.stderr)
    record = GameRecord(id=game.id, pack=PACK, created=START, meta=_meta(game, {}),
                        secret=game.secret.hex(), next_due=game.next_due())
    site.store.create_game(record, list(game.log), snapshot=game.state.root,
                           series=series.initial(game))
    for name, role in (("admin", ADMIN), ("watcher", OBSERVER)):
        user = site.accounts.user_named(name)
        site.accounts.seat(game.id, user, role)
    return game.id, game.head, time.perf_counter() - began


def medians_ms(calls: list[Callable[[], object]], repeat: int) -> list[float]:
    """The median time of each call, the calls taking turns so that whatever else the
    machine is doing weighs on each alike."""
    for call in calls:
        call()  # warm: the service's kept game, the templates
    times: list[list[float]] = [[] for _ in calls]
    for _ in range(repeat):
        for call, spent in zip(calls, times, strict=True):
            began = time.perf_counter()
            call()
            spent.append(time.perf_counter() - began)
    return [statistics.median(spent) * 1000 for spent in times]


def requests(client: TestClient, token: str, watcher: str, game: str, head: int
             ) -> dict[str, Callable[[], object]]:
    """The requests timed: the admin's (the pages use the client's session) and an
    observer's chart."""
    bearer = {"Authorization": f"Bearer {token}"}

    def get(path: str, headers: dict[str, str] | None = None) -> Callable[[], object]:
        def call() -> object:
            response = client.get(path, headers=headers)
            assert response.status_code == 200, (path, response.status_code)
            return response
        return call

    return {
        "log": get(f"/api/games/{game}/log?after={head // 2}&limit=100", bearer),
        "board": get(f"/games/{game}"),
        "history": get(f"/games/{game}/history"),
        "players": get(f"/games/{game}/players"),
        "chart": get(f"/api/games/{game}/chart", {"Authorization": f"Bearer {watcher}"}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=50_000,
                        help="accepted actions of the long game (default 50,000)")
    parser.add_argument("--short", type=int, default=1_000,
                        help="accepted actions of the short game (default 1,000)")
    parser.add_argument("--repeat", type=int, default=15, help="timed requests of each")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(f"sqlite:///{Path(folder) / 'pages.db'}", clock=lambda: START,
                         settings=Settings(tick_seconds=None))
        client = TestClient(app)
        client.post("/signup", data={"csrf": CSRF.findall(client.get("/signup").text)[0],
                                     "name": "admin", "password": PASSWORD, "again": PASSWORD})
        watcher = client.post("/api/users", json={"name": "watcher", "password": PASSWORD}
                              ).json()["token"]
        token = client.post("/api/tokens", json={"name": "admin", "password": PASSWORD}
                            ).json()["token"]
        games = []
        for actions, seed in ((args.short, 1), (args.actions, 2)):
            game, head, took = build(client, actions, seed)
            games.append((game, head))
            print(f"built a game of {actions:,} actions ({head:,} events) in {took:.0f} s",
                  file=sys.stderr)
        heads = [head for _, head in games]
        timed = [requests(client, token, watcher, game, head) for game, head in games]
        results = {name: medians_ms([each[name] for each in timed], args.repeat)
                   for name in timed[0]}
        app.state.site.store.close()
    short, long = f"{args.short:,} actions", f"{args.actions:,} actions"
    print(f"{'':8} {short:>16} {long:>16} {'ratio':>7}")
    print(f"{'events':8} {heads[0]:>16,} {heads[1]:>16,}")
    for name, (at_short, at_long) in results.items():
        print(f"{name:8} {at_short:>13.1f} ms {at_long:>13.1f} ms {at_long / at_short:>7.2f}")


if __name__ == "__main__":
    main()

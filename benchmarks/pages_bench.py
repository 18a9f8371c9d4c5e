"""What a page costs at 1,000 actions and at 50,000: the log, board, history, players
pages and the chart.

Builds two stored Infinite Nomic games by random play (the simulations' random bot,
three players, a bounded number of accepted actions), each through the game service
on a SQLite store so that every batch is appended as a live game's is (its events,
snapshots and kept chart series), then times, through the web application
(Starlette's test client, in this process), in one run:

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

from nomicon.server import Settings, create_app
from nomicon.server.accounts import ADMIN, OBSERVER
from nomicon.sim.bots import RandomBot, step

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
    head and the seconds it took."""
    site = client.app.state.site  # type: ignore[attr-defined]
    began = time.perf_counter()
    game = site.service.create(PACK, PLAYERS, seed=seed, start=START)
    rng, bot = random.Random(seed), RandomBot(random.Random(seed))
    accepted = 0
    while accepted < actions and not game.is_over:
        outcome = step(game, bot, rng)
        if outcome is not None and outcome.accepted:
            accepted += 1
            if accepted % 5000 == 0:
                print(f"  ... {accepted:,} actions, {game.head:,} events", file=sys.stderr)
    for name, role in (("admin", ADMIN), ("watcher", OBSERVER)):
        user = site.accounts.user_named(name)
        site.accounts.seat(game.id, user, role)
    return game.id, game.head, time.perf_counter() - began


def median_ms(call: Callable[[], object], repeat: int) -> float:
    call()  # warm: the service's recent-state cache, the templates
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


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
        results: dict[str, list[float]] = {}
        heads = []
        for actions, seed in ((args.short, 1), (args.actions, 2)):
            game, head, took = build(client, actions, seed)
            heads.append(head)
            print(f"built a game of {actions:,} actions ({head:,} events) in {took:.0f} s",
                  file=sys.stderr)
            for name, call in requests(client, token, watcher, game, head).items():
                results.setdefault(name, []).append(median_ms(call, args.repeat))
        app.state.site.store.close()
    short, long = f"{args.short:,} actions", f"{args.actions:,} actions"
    print(f"{'':8} {short:>16} {long:>16} {'ratio':>7}")
    print(f"{'events':8} {heads[0]:>16,} {heads[1]:>16,}")
    for name, (at_short, at_long) in results.items():
        print(f"{name:8} {at_short:>13.1f} ms {at_long:>13.1f} ms {at_long / at_short:>7.2f}")


if __name__ == "__main__":
    main()

"""Several `nomicon serve` processes on one PostgreSQL fire each due timer once.

Three real server processes share a real PostgreSQL database holding 200 games
whose timers fell due while no server ran; each server's background sweep asks the
store for due games and fires them. Afterwards every game's log holds exactly the
timer firings that the game's own rules produce (an in-memory copy of the game,
fired to the same instant, is the reference): none is missing and none is twice.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import nomicon
from nomicon.kernel.timefmt import parse
from nomicon.service import GameService
from nomicon.store import open_store
from nomicon.store.pgserver import PostgresServer

GAMES = 200
SERVERS = 3
PACK = "infinite-nomic-r7"
PLAYERS = ["ann", "bob", "cy"]


def fired(log: list[dict[str, Any]], upto: datetime) -> list[tuple[str, str]]:
    return [(e["data"]["key_name"], e["time"]) for e in log
            if e["type"] == "timer.fired" and parse(e["time"]) <= upto]


def test_three_servers_on_one_postgresql_fire_every_due_timer_once(
        postgres: PostgresServer, tmp_path: Path) -> None:
    start = datetime.now(UTC).replace(microsecond=0) - timedelta(days=2)
    with postgres.temporary_database() as url, open_store(url) as store:
        creator = GameService(store, now=lambda: start)
        ids = [creator.create(PACK, PLAYERS, seed=n, game_id=f"t{n:03d}").id
               for n in range(GAMES)]
        checked_at = datetime.now(UTC).replace(microsecond=0)
        assert len(store.due_games(checked_at, limit=GAMES)) == GAMES
        command = str(Path(sys.executable).with_name("nomicon"))
        env = {**os.environ, "NOMICON_DB": url}
        logs = [open(tmp_path / f"server{n}.log", "w", encoding="utf-8")  # noqa: SIM115
                for n in range(SERVERS)]
        servers = [subprocess.Popen([command, "serve", "--port", "0", "--tick", "0.2"],
                                    env=env, stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL) for out in logs]
        try:
            deadline = time.monotonic() + 240
            while store.due_games(checked_at, limit=1) and time.monotonic() < deadline:
                assert all(server.poll() is None for server in servers), "a server stopped"
                time.sleep(0.5)
            assert store.due_games(checked_at, limit=GAMES) == []
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                try:
                    server.wait(timeout=30)
                except subprocess.TimeoutExpired:  # hang guard
                    server.kill()
                    server.wait()
            for out in logs:
                out.close()
        every: list[tuple[str, str]] = []
        for n, game_id in enumerate(ids):
            reference = nomicon.new_game(PACK, PLAYERS, seed=n, start=start, game_id=game_id)
            reference.fire_due(checked_at)
            got = fired(store.events(game_id), checked_at)
            assert got == fired(reference.log, checked_at), game_id
            every.extend((game_id, *pair) for pair in got)
        assert len(every) == len(set(every)) >= 2 * GAMES  # two days: two turns passed

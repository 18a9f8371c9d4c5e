"""The store's cost: actions committed through Nomicon against raw INSERTs.

For SQLite and PostgreSQL, in one run, this prints:

- actions per second through ``GameService.act``, one process acting on one game
  (open from the snapshot and the events after it, the rules, the hash chain, the
  append with its idempotency key in one transaction), with and without a key;
- raw ``INSERT``s per second of one event row (the size of an action's), one
  transaction each, into a table identical to the event table (its key and its
  foreign key to the games table), through the database driver alone;
- their ratios: actions per second over raw INSERTs per second, without and with a
  key (the design target on PostgreSQL: at least 0.5).

The three figures of a backend are measured in turns (twenty slices each, taken one
after the other), so that on a shared machine they meet the same load and their ratios
hold. Both sides commit durably with the same settings: SQLite in WAL mode with
``synchronous=FULL`` (the store's settings), PostgreSQL with its defaults (``fsync``
and ``synchronous_commit`` on) on a private server started for the run, like the
tests start one. The game is a one-rule pack defined here, whose single action
(``mark``) is always legal, so the figure is the store's and the engine's overhead,
not a rule's.

    python benchmarks/store_bench.py [--seconds 5] [--snapshot-every 500]
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import sqlalchemy as sa

from nomicon.kernel.context import Ctx
from nomicon.kernel.pack import Initial, Pack, PackParams, Registry, installed
from nomicon.kernel.rules import Arg, Rule, action
from nomicon.service import GameService
from nomicon.store import SqlStore
from nomicon.store.engine import BUSY_TIMEOUT_MS, json_dumps
from nomicon.store.pgserver import PostgresServer, find_bindir
from nomicon.store.schema import events, games

PACK = "bench-tally"
PLAYERS = ("ann", "bob", "cat", "dan")


class Tally(Rule):
    """Any player may make a mark at any time."""

    key = "bench-tally"
    pack = PACK
    number = 1
    title = "Tally"

    def on_enact(self, ctx: Ctx) -> None:
        ctx.set(["marks"], 0)

    @action("mark", Arg("note", str, "what the mark is for", required=False))
    def mark(self, ctx: Ctx, actor: str, note: str | None = None) -> None:
        """Make a mark."""
        ctx.set(["marks"], ctx.get(["marks"]) + 1)
        ctx.emit("marked", f"{actor} makes a mark", player=actor, note=note)


class TallyPack(Pack):
    id = PACK
    title = "Benchmark: a tally"
    Params = PackParams
    initial = (Initial(Tally),)


Step = Callable[[int], None]

#: How many turns each figure's time is cut into (see :func:`in_turns`).
TURNS = 20


def in_turns(seconds: float, steps: dict[str, Step]) -> dict[str, float]:
    """Operations per second of each ``step(i)``, each run for about ``seconds`` in all,
    taking turns of ``seconds / TURNS``: on a shared machine every figure meets the same
    load, so their ratios hold even when the load changes during the run."""
    for step in steps.values():
        for i in range(20):  # warm up: caches, prepared statements, file growth
            step(-1 - i)
    counts = dict.fromkeys(steps, 0)
    spent = dict.fromkeys(steps, 0.0)
    for _ in range(TURNS):
        for name, step in steps.items():
            start = time.perf_counter()
            deadline = start + seconds / TURNS
            while time.perf_counter() < deadline:
                step(counts[name])
                counts[name] += 1
            spent[name] += time.perf_counter() - start
    return {name: counts[name] / spent[name] for name in steps}


def acting(stack: ExitStack, url: str, snapshot_every: int, registry: Registry,
           keyed: bool) -> tuple[Step, dict[str, Any]]:
    """A step that acts once through the game service (a fresh store at ``url``, closed
    with ``stack``); and an event that acting wrote."""
    store = SqlStore(url)
    stack.callback(store.close)
    service = GameService(store, registry=registry, snapshot_every=snapshot_every,
                          now=lambda: datetime(2026, 1, 1, tzinfo=UTC))
    game = service.create(PACK, PLAYERS, seed=1)
    prefix = "k" if keyed else "n"  # the warm-up's keys are negative: each key once

    def act(i: int) -> None:
        actor = PLAYERS[i % len(PLAYERS)]
        service.act(game.id, actor, "mark", {"note": f"n{i}"},
                    key=f"{prefix}{i}" if keyed else None)

    act(-1000)
    return act, store.events(game.id)[-1]


def inserting_sqlite(stack: ExitStack, path: Path, body: str) -> Step:
    """A step that INSERTs one row into a copy of the event table, with the store's
    pragmas, in a transaction of its own."""
    conn = sqlite3.connect(path, isolation_level=None)
    stack.callback(conn.close)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    create_table(f"sqlite:///{path}")

    def insert(i: int) -> None:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO raw_events (game_id, seq, time, type, body) "
                     "VALUES (?, ?, ?, ?, ?)", ("g", i, "2026-01-01T00:00:00Z", "marked", body))
        conn.execute("COMMIT")

    return insert


def inserting_postgresql(stack: ExitStack, server: PostgresServer, database: str,
                         body: str) -> Step:
    """A step that INSERTs one row into a copy of the event table, one commit each."""
    create_table(server.url(database))
    conn = stack.enter_context(psycopg.connect(host="127.0.0.1", port=server.port,
                                               user="nomicon", dbname=database))

    def insert(i: int) -> None:
        conn.execute("INSERT INTO raw_events (game_id, seq, time, type, body) "
                     "VALUES (%s, %s, %s, %s, %s::json)",
                     ("g", i, "2026-01-01T00:00:00Z", "marked", body))
        conn.commit()

    return insert


def create_table(url: str) -> None:
    """``raw_events``: the event table's columns, key and foreign key, and the game row
    that its rows belong to."""
    metadata = sa.MetaData()
    games_copy = games.to_metadata(metadata)
    events.to_metadata(metadata, name="raw_events")
    engine = sa.create_engine(url)
    try:
        metadata.create_all(engine)
        with engine.begin() as conn:
            conn.execute(sa.insert(games_copy), {
                "id": "g", "pack": PACK, "created": datetime(2026, 1, 1, tzinfo=UTC),
                "meta": {}, "head": 0})
    finally:
        engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="how long to run each measurement (default: 5)")
    parser.add_argument("--snapshot-every", type=int, default=500,
                        help="the service's snapshot interval (default: 500, its default)")
    options = parser.parse_args()
    registry = installed().with_pack(TallyPack())
    rows: list[tuple[str, float, float, float]] = []

    with tempfile.TemporaryDirectory(prefix="nomicon-bench-") as tmp, ExitStack() as stack:
        folder = Path(tmp)
        plain, sample = acting(stack, f"sqlite:///{folder / 'store.db'}",
                               options.snapshot_every, registry, keyed=False)
        keyed, _ = acting(stack, f"sqlite:///{folder / 'keyed.db'}", options.snapshot_every,
                          registry, keyed=True)
        raw = inserting_sqlite(stack, folder / "raw.db", json_dumps(sample))
        rates = in_turns(options.seconds, {"plain": plain, "keyed": keyed, "raw": raw})
        rows.append(("SQLite (WAL, synchronous=FULL)", rates["plain"], rates["keyed"],
                     rates["raw"]))

    if find_bindir() is None:
        print("PostgreSQL is not installed: its figures are left out", file=sys.stderr)
    else:
        with PostgresServer.start() as server, ExitStack() as stack:
            for name in ("store", "keyed", "raw"):
                server.create_database(name)
            plain, sample = acting(stack, server.url("store"), options.snapshot_every,
                                   registry, keyed=False)
            keyed, _ = acting(stack, server.url("keyed"), options.snapshot_every, registry,
                              keyed=True)
            raw = inserting_postgresql(stack, server, "raw", json_dumps(sample))
            rates = in_turns(options.seconds, {"plain": plain, "keyed": keyed, "raw": raw})
            rows.append(("PostgreSQL (fsync=on, synchronous_commit=on)", rates["plain"],
                         rates["keyed"], rates["raw"]))

    print(f"One process, one game of {len(PLAYERS)} players, {options.seconds:g} s per "
          f"figure in {TURNS} turns taken with the other figures of its backend; snapshot "
          f"every {options.snapshot_every} events.")
    print("actions/s: GameService.act (2 events per action) without / with an idempotency "
          "key; raw INSERTs/s: one event row per transaction; ratios: actions/s over raw "
          "INSERTs/s, without / with a key.")
    header = (f"{'backend':<46} {'actions/s':>10} {'with key':>10} {'INSERTs/s':>10} "
              f"{'ratios':>13}")
    print(header)
    print("-" * len(header))
    for name, acts, keyed_acts, inserts in rows:
        print(f"{name:<46} {acts:>10.0f} {keyed_acts:>10.0f} {inserts:>10.0f} "
              f"{acts / inserts:>5.2f}x {keyed_acts / inserts:>5.2f}x")


if __name__ == "__main__":
    main()

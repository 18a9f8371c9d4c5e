"""Worker processes for the service's concurrency tests, and reading what they wrote.

Each worker opens its own store on the shared database, as a separate server
process would, and plays the ledger pack (``ledgerpack``) through a
:class:`GameService`. Workers report through files, written as they go: a worker
may be killed at any moment.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ledgerpack import PACK, registry

from nomicon.kernel.engine import Game
from nomicon.service import GameService
from nomicon.store import SeqConflict, SqlStore, head_revision

PLAYERS = tuple(f"p{i}" for i in range(8))



class CountingService(GameService):
    """A service that counts how often it opens the game (one per attempt)."""

    opens = 0

    def _take(self, game_id: str, *, trust: bool = False) -> tuple[Game, bool]:
        self.opens += 1  # each attempt's game
        return super()._take(game_id, trust=trust)


@contextmanager
def service(url: str, snapshot_every: int, *,
            lock_writes: bool = True) -> Iterator[CountingService]:
    store = SqlStore(url)
    try:
        yield CountingService(store, registry=registry(), snapshot_every=snapshot_every,
                              lock_writes=lock_writes)
    finally:
        store.close()


def create_game(url: str, game_id: str, snapshot_every: int) -> None:
    with service(url, snapshot_every) as svc:
        svc.create(PACK, PLAYERS, seed=1, game_id=game_id)


# -- the same key from several processes at once ---------------------------------------
def same_key(url: str, game_id: str, key: str, barrier: Any, out: str) -> None:
    with service(url, 500) as svc:
        barrier.wait(timeout=120)
        events = svc.act(game_id, "p0", "mark", {"note": key}, key=key)
    Path(out).write_text(json.dumps([e["seq"] for e in events]), encoding="utf-8")


# -- stress: many writers, one game -------------------------------------------------------
def stress(url: str, game_id: str, worker: int, count: int, snapshot_every: int,
           lock_writes: bool, barrier: Any, out: str) -> None:
    """Make ``count`` marks as player ``p<worker>``; write what happened to ``out``.

    A request that lost every race (``SeqConflict`` after the service's retries) is
    sent again with its key, as a client would, until it is accepted.
    """
    accepted: dict[str, list[int]] = {}
    resent = 0
    with service(url, snapshot_every, lock_writes=lock_writes) as svc:
        barrier.wait(timeout=120)
        for n in range(count):
            note = f"w{worker}-{n}"
            while True:
                try:
                    events = svc.act(game_id, PLAYERS[worker], "mark", {"note": note}, key=note)
                except SeqConflict:
                    resent += 1
                    continue
                break
            accepted[note] = [e["seq"] for e in events]
        opens = svc.opens
    Path(out).write_text(json.dumps({"accepted": accepted, "resent": resent, "opens": opens}),
                         encoding="utf-8")


# -- crash: a writer that is killed at random moments -----------------------------------------
def crash_move(n: int) -> tuple[str, str, dict[str, Any]]:
    """The n-th request of the crash test's writer: mostly marks, some rolls, and now
    and then the admin rotates the dice secret."""
    if n % 10 == 9:
        return "admin", "rotate-seed", {}
    if n % 3 == 0:
        return "p0", "roll", {"note": f"c{n}"}
    return "p0", "mark", {"note": f"c{n}"}


def read_journal(path: str | os.PathLike[str]) -> tuple[dict[int, str],
                                                       dict[int, tuple[int, int]]]:
    """The requests a writer tried (n -> key), and those acknowledged to it (n -> the
    first and last seq of the events it was told about)."""
    tried: dict[int, str] = {}
    acked: dict[int, tuple[int, int]] = {}
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return tried, acked
    for line in text.splitlines(keepends=True):
        if not line.endswith("\n"):
            break  # a line cut short by the kill: ignore it
        word, n, *rest = line.split()
        if word == "try":
            tried[int(n)] = rest[0]
        elif word == "ack":
            acked[int(n)] = (int(rest[0]), int(rest[1]))
    return tried, acked


def crash_writer(url: str, game_id: str, journal: str, limit: int | None = None) -> None:
    """Send requests until killed (or ``limit`` of them): a line ``try N KEY`` before
    each, ``ack N FIRST LAST`` once the service returned. On start, first re-send the
    request that was tried but not acknowledged, with its key, as a client would."""
    tried, acked = read_journal(journal)
    pending = [n for n in tried if n not in acked]
    start = max(tried, default=-1) + 1
    fd = os.open(journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        with service(url, 20) as svc:
            fresh = itertools.count(start) if limit is None else range(start, start + limit)
            for n in itertools.chain(pending, fresh):
                key = f"c{n}"
                actor, name, args = crash_move(n)
                os.write(fd, f"try {n} {key}\n".encode())
                events = svc.act(game_id, actor, name, args, key=key)
                os.write(fd, f"ack {n} {events[0]['seq']} {events[-1]['seq']}\n".encode())
    finally:
        os.close(fd)


def _warm_up() -> None:
    """Do once, in the process that workers are forked from, what each would do first:
    load the packs and the migration scripts, build the rules' argument validators."""
    head_revision()
    with service("sqlite://", 20) as svc:
        svc.create(PACK, PLAYERS, seed=1, game_id="warm-up")
        for n in range(10):
            actor, name, args = crash_move(n)
            svc.act("warm-up", actor, name, args, key=f"w{n}")


_warm_up()

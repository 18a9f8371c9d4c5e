"""Stress: 8 processes x 500 actions against one game, on each backend.

Every worker makes marks (always legal, for any player, in any order, so every
one of them must be accepted) with an idempotency key each. Half the workers take
the game's write lock, as the service does by default; the other half do not, and
so race with everyone and lose races all the time (a request that lost every
retry is sent again with its key, as a client would). Afterwards the log holds
exactly the accepted actions, once each, its seqs have no gap, and the state
rebuilt from the whole log equals the state the service opens (snapshot + tail).

Bounded: each worker is joined with a deadline and killed if it overruns (a hang
guard, not a timing assertion). ``NOMICON_STRESS_WORKERS`` and
``NOMICON_STRESS_ACTIONS`` scale it for local runs.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import time
from collections import Counter
from pathlib import Path

import storeload
from ledgerpack import registry

from nomicon.kernel.engine import Game
from nomicon.service import GameService
from nomicon.store import open_store
from nomicon.verify import verify

WORKERS = int(os.environ.get("NOMICON_STRESS_WORKERS", "8"))
ACTIONS = int(os.environ.get("NOMICON_STRESS_ACTIONS", "500"))
SNAPSHOT_EVERY = 100
DEADLINE = 900  # seconds for the whole run: a hang guard


def forkserver() -> mp.context.BaseContext:
    """Workers forked from a server that has imported Nomicon once (a fast start)."""
    ctx = mp.get_context("forkserver")
    ctx.set_forkserver_preload(["storeload"])
    return ctx


def test_writers_racing_for_one_game(store_url: str, tmp_path: Path) -> None:
    storeload.create_game(store_url, "busy", SNAPSHOT_EVERY)
    ctx = forkserver()
    barrier = ctx.Barrier(WORKERS)
    outs = [tmp_path / f"worker{w}.json" for w in range(WORKERS)]
    procs = [ctx.Process(target=storeload.stress,
                         args=(store_url, "busy", w, ACTIONS, SNAPSHOT_EVERY, w % 2 == 0,
                               barrier, str(out)))
             for w, out in enumerate(outs)]
    try:
        for proc in procs:
            proc.start()
        deadline = time.monotonic() + DEADLINE
        for proc in procs:
            proc.join(timeout=max(0.0, deadline - time.monotonic()))
    finally:
        for proc in procs:
            if proc.is_alive():  # hang guard
                proc.kill()
            proc.join()
    assert [proc.exitcode for proc in procs] == [0] * WORKERS

    accepted: dict[str, list[int]] = {}
    resent = opens = 0
    for out in outs:
        result = json.loads(out.read_text(encoding="utf-8"))
        accepted.update(result["accepted"])
        resent += result["resent"]
        opens += result["opens"]
    assert len(accepted) == WORKERS * ACTIONS

    with open_store(store_url) as store:
        service = GameService(store, registry=registry(), snapshot_every=SNAPSHOT_EVERY)
        log = service.history("busy")
        opened = service.open("busy")
        head = store.get_game("busy").head
        snapshot = store.latest_snapshot("busy")
    assert [e["seq"] for e in log] == list(range(1, head + 1))  # no gap, no repeat
    marks = Counter(e["data"]["note"] for e in log if e["type"] == "marked")
    assert set(marks) == set(accepted)  # exactly the accepted actions...
    assert set(marks.values()) == {1}  # ...each once
    by_seq = {e["seq"]: e for e in log}
    for note, seqs in accepted.items():  # what each client was told is what was logged
        assert [by_seq[s]["data"].get("note") for s in seqs if by_seq[s]["type"] == "marked"] \
            == [note]
    rebuilt = Game.rebuild(log, secret=opened.secret, registry=registry())
    assert opened.state.root == rebuilt.state.root
    assert opened.state.root["tally"]["marks"] == WORKERS * ACTIONS
    assert snapshot is not None and snapshot[0] > head - SNAPSHOT_EVERY
    assert verify(log, registry=registry()).ok
    print(f"{store_url.split(':')[0]}: {WORKERS} x {ACTIONS} marks, {opens} attempts "
          f"({opens - WORKERS * ACTIONS} after lost races), {resent} requests sent again")

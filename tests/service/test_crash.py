"""Crash: a writer is killed with SIGKILL at random moments of a write load.

The writer sends marks, rolls and now and then a seed rotation, each with an
idempotency key, and journals ``try`` before a request and ``ack`` once the
service returned (see ``storeload.crash_writer``). After each kill the store must
open, ``verify`` must pass (with the stored secret, so a rotation whose new secret
was lost would show), every acknowledged request must be in the log, and no
request may be in it twice. A restarted writer first re-sends the request it was
killed in, with its key, as a client would.

Bounded: every wait has a deadline. ``NOMICON_CRASH_KILLS`` scales it (default 20
kills per backend); ``NOMICON_CRASH_SEED`` replays a run's kill timings.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import storeload
from ledgerpack import registry

from nomicon.kernel.engine import Game
from nomicon.service import LOCAL_CALLER, GameService
from nomicon.store import open_store
from nomicon.verify import verify

KILLS = int(os.environ.get("NOMICON_CRASH_KILLS", "20"))
SEED = int(os.environ.get("NOMICON_CRASH_SEED", str(random.randrange(2**32))))
DEADLINE = 120.0  # seconds to wait for a writer's progress or exit: a hang guard


def forkserver() -> mp.context.BaseContext:
    ctx = mp.get_context("forkserver")
    ctx.set_forkserver_preload(["storeload"])
    return ctx


def check(url: str, journal: Path, where: str) -> tuple[int, int]:
    """Everything the test promises about the store; returns (events, acknowledged)."""
    tried, acked = storeload.read_journal(journal)
    with open_store(url) as store:
        service = GameService(store, registry=registry(), snapshot_every=20)
        opened = service.open("crash")
        record = store.get_game("crash")
        log = service.history("crash")
        claims = {n: store.claim("crash", key, caller=LOCAL_CALLER)
                  for n, key in tried.items()}
    report = verify(log, secret=bytes.fromhex(record.secret or ""), registry=registry())
    assert report.ok, f"{where}: {report.problems}"
    assert [e["seq"] for e in log] == list(range(1, record.head + 1)), where
    rebuilt = Game.rebuild(log, secret=opened.secret, registry=registry())
    assert opened.state.root == rebuilt.state.root, where

    notes = Counter(e["data"]["args"].get("note") for e in log
                    if e["type"] == "action" and e["data"]["name"] in ("mark", "roll"))
    assert max(notes.values(), default=1) == 1, f"{where}: a request acted twice"
    rotations = 0
    for n, key in tried.items():
        _actor, name, _args = storeload.crash_move(n)
        committed = claims[n] is not None
        if name == "rotate-seed":
            rotations += committed
        else:
            assert notes[key] == committed, f"{where}: request {key} and its key disagree"
        if n in acked:  # acknowledged: in the log, as the writer was told
            claim = claims[n]
            assert claim is not None, f"{where}: acknowledged request {key} is not stored"
            assert (claim.first_seq, claim.last_seq) == acked[n], where
            assert log[claim.first_seq - 1]["data"]["name"] == name, where
    assert rotations == sum(e["type"] == "seed.committed" for e in log), where
    return record.head, len(acked)


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.002)


@contextmanager
def writer(ctx: mp.context.BaseContext, *args: object) -> Iterator[mp.process.BaseProcess]:
    """A writer process, killed on the way out whatever happens (a hang guard)."""
    proc = ctx.Process(target=storeload.crash_writer, args=args)
    proc.start()
    try:
        yield proc
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()


def test_a_writer_killed_at_random_moments_loses_nothing(store_url: str,
                                                         tmp_path: Path) -> None:
    rng = random.Random(SEED)
    where = f"seed {SEED}"
    storeload.create_game(store_url, "crash", 20)
    journal = tmp_path / "journal"
    ctx = forkserver()

    def acknowledged() -> int:
        return len(storeload.read_journal(journal)[1])

    for kill in range(1, KILLS + 1):
        done = acknowledged()
        with writer(ctx, store_url, "crash", str(journal)) as proc:
            # Let it get into its stride (an acknowledgement since the restart), then kill.
            wait_for(lambda: acknowledged() > done or not proc.is_alive(),  # noqa: B023
                     "the writer to acknowledge a request")
            time.sleep(rng.uniform(0, 0.03))
            proc.kill()
            proc.join(timeout=DEADLINE)
            assert proc.exitcode == -signal.SIGKILL, f"{where}: the writer ended by itself"
        check(store_url, journal, f"{where}, after kill {kill}")

    with writer(ctx, store_url, "crash", str(journal), 5) as proc:  # the last, clean run
        proc.join(timeout=DEADLINE)
        assert proc.exitcode == 0
    events, count = check(store_url, journal, f"{where}, after the last run")
    tried, acked = storeload.read_journal(journal)
    assert set(acked) == set(tried)  # the request cut short by the last kill went through
    print(f"{store_url.split(':')[0]}: {KILLS} kills, {count} requests acknowledged, "
          f"{events} events")

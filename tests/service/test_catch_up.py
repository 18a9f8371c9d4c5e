"""A stored game that nobody visited for days catches up, when someone acts, exactly as
if it had been running: the same log (each timer fired at its own time, in a batch of
its own), state, snapshots and chart as the same game whose timers a server's sweep
fired every hour. Its batches are stored a few to a transaction, and the game holds
only its latest events in memory while it catches up."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import nomicon.service as service_module
from nomicon.kernel.state import fold
from nomicon.service import GameService
from nomicon.store import LazyLog, SqlStore

PACK = "nomopoly-iv"
PLAYERS = ["alice", "bob", "carol", "dave"]
START = datetime(2026, 1, 5, 12, tzinfo=UTC)  # a Monday
DAYS = 8
HOLD = 4  # batches to a transaction here, so that the catching up takes several


def played(store: SqlStore, visited: bool) -> GameService:
    """The game created at START and left for DAYS days (``visited``: a sweep fires its
    timers every hour), when alice gives bob a dollar; the service that did it."""
    clock = [START]
    service = GameService(store, now=lambda: clock[0], snapshot_every=40)
    service.create(PACK, PLAYERS, seed=5, game_id="idle")
    if visited:
        for _ in range(DAYS * 24):
            clock[0] += timedelta(hours=1)
            service.fire_due("idle", clock[0])
    clock[0] = START + timedelta(days=DAYS)
    service.act("idle", "alice", "give", {"to": "bob", "amount": 1})
    return service


def test_a_game_idle_for_days_catches_up_as_if_it_had_been_running(
        store: SqlStore, other: SqlStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_module, "HOLD_BATCHES", HOLD)
    chunks: list[int] = []
    held_in_memory: list[int] = []
    append_batches = store.append_batches
    forget = service_module._forget_stored

    def spy_append(game_id: str, batches: Any, **extras: Any) -> int:
        chunks.append(len(batches))
        return append_batches(game_id, batches, **extras)

    def spy_forget(game: Any, kept: Any) -> None:
        forget(game, kept)
        log = game.log
        held_in_memory.append(log.in_memory if isinstance(log, LazyLog) else len(log))

    monkeypatch.setattr(store, "append_batches", spy_append)
    monkeypatch.setattr(service_module, "_forget_stored", spy_forget)
    idle = played(store, visited=False)
    monkeypatch.setattr(service_module, "_forget_stored", forget)
    visited = played(other, visited=True)

    log = store.events("idle")
    assert log == other.events("idle")  # every event, hashes and all
    assert idle.open("idle").state.root == visited.open("idle").state.root
    assert store.chart("idle", "observer", 400) == other.chart("idle", "observer", 400)
    # Rule 1601's jumps come every day at noon and midnight Central (18:00 and 06:00
    # GMT in January): 16 in 8 days, each at its own time in a batch of its own.
    jumps = [e for e in log if e["type"] == "timer.fired"
             and e["data"]["handler"] == "more_jumps"]
    assert [e["time"][11:16] for e in jumps] == ["18:00", "06:00"] * DAYS
    assert all(e["seq"] == e["batch"] for e in jumps)
    # The timers were stored HOLD batches to a transaction, and every snapshot is the
    # state after its event.
    fired = sum(1 for e in log if e["type"] == "timer.fired")
    assert sum(chunks) == fired and max(chunks) == HOLD and len(chunks) == -(-fired // HOLD)
    seq, snapshot = store.latest_snapshot("idle") or (0, {})
    assert seq > 40
    assert fold(op for e in log[:seq] for op in e.get("ops", ())) == snapshot
    # While it caught up, the game held no more than its latest events in memory.
    assert held_in_memory and max(held_in_memory) <= service_module.KEEP_EVENTS


def test_a_game_created_without_a_start_starts_at_the_services_clock(
        store: SqlStore) -> None:
    now = datetime(2031, 7, 1, 9, 30, tzinfo=UTC)
    service = GameService(store, now=lambda: now)
    game = service.create(PACK, PLAYERS, seed=5)
    assert game.clock == now
    assert store.get_game(game.id).created == now

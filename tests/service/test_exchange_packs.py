"""Honest games of every pack, played at random with timers firing, export, import
into the other backend and verify: re-execution reproduces every batch."""

from __future__ import annotations

import contextlib
import json
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import nomicon
from nomicon.kernel.errors import ActionError, GameError
from nomicon.service import GameService
from nomicon.store import SqlStore
from nomicon.verify import verify

T0 = datetime(2020, 1, 1, 12, 0, tzinfo=UTC)
PLAYERS = ("alice", "bob", "carol")
# Steps between actions: a minute, half an hour, ten hours, two days (turns pass,
# votes close, deadlines default).
STEPS = (1, 30, 600, 2880)


def random_args(rnd: random.Random, spec: dict[str, Any]) -> dict[str, Any] | None:
    """Arguments for a legal action as ``legal_actions`` describes it; None if unsure."""
    args: dict[str, Any] = {}
    for name, arg in spec["args"].items():
        if arg.get("choices"):
            args[name] = rnd.choice(arg["choices"])
        elif arg["type"] == "int":
            low = arg.get("minimum") or 0
            args[name] = rnd.randint(low, max(low, min(arg.get("maximum") or 5, 5)))
        elif arg["type"] == "str" and arg["required"]:
            args[name] = f"text {rnd.randint(1, 9)}"
        elif arg["type"] == "bool":
            args[name] = rnd.random() < 0.5
        elif arg["required"]:
            return None
    return args


def play_at_random(store: SqlStore, pack: str, seed: int) -> GameService:
    """A game ``{pack}-{seed}`` of random legal actions and clock advances."""
    rnd = random.Random(seed)
    now = [T0]
    service = GameService(store, now=lambda: now[0])
    game = service.create(pack, list(PLAYERS), seed=seed, game_id=f"{pack}-{seed}")
    for _ in range(120):
        now[0] += timedelta(minutes=rnd.choice(STEPS))
        current = service.open(game.id)
        if current.is_over:
            break
        if rnd.random() < 0.15:
            service.advance(game.id, now[0])
            continue
        actor = rnd.choice(PLAYERS)
        legal = current.legal_actions(actor)
        choice = rnd.choice(legal) if legal else None
        args = random_args(rnd, choice) if choice else None
        if choice is None or args is None:
            continue
        # A random choice the rules refuse changes nothing: play on.
        with contextlib.suppress(ActionError, GameError):
            service.act(game.id, actor, choice["name"], args)
    if not service.open(game.id).is_over and rnd.random() < 0.5:
        service.act(game.id, "admin", "rotate-seed")
    return service


@pytest.mark.parametrize("pack", sorted(nomicon.registry().packs))
def test_every_pack_exports_imports_and_verifies(pack: str, store: SqlStore,
                                                  other: SqlStore) -> None:
    service = play_at_random(store, pack, seed=11)
    game_id = f"{pack}-11"
    log = service.history(game_id)
    kinds = {e["type"] for e in log}
    assert {"action", "game.created"} <= kinds
    found = verify(log, secret=bytes.fromhex(store.get_game(game_id).secret or ""))
    assert found.ok, found.problems
    assert found.reexecuted == found.batches > 1
    assert found.written_by == {"nomicon": nomicon.__version__,
                                "packs": {pack: nomicon.registry().pack(pack).version}}
    document = json.loads(json.dumps(service.export_game(game_id)))
    imported = GameService(other).import_game(document)
    assert imported.state.root == service.open(game_id).state.root
    assert verify(GameService(other).history(game_id)).ok

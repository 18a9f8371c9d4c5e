"""Revert an action with everything after it, keeping every log append-only.

A log is never cut. Reverting the batch that starts at event ``seq`` of game G:

1. creates a new game G' whose log is G's events before that batch, copied as they
   are (same numbers, same hashes: ``nomicon verify`` checks G' like any game), then
   one batch of the admin's recording the revert (``game.reverted``: from which game,
   before which event, by whom, when), then a rotation of the dice secret: the
   secret of the copied rolls is revealed and G' commits to a new one, so the rolls
   already seen in G after the cut say nothing about G''s future rolls;
2. gives every member of G the same seat in G';
3. ends G (``game.archived``, then the end of the game, which reveals its secret)
   with a link to G'.

So the old timeline stays whole and readable, and the new one says where it came
from. Timers that fell due while the reverted actions were being played fire in G'
at their own times, before its next action: a revert turns back the game, not the
clock.
"""

from __future__ import annotations

import secrets
from typing import Any

from nomicon.kernel import dice, events
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.errors import GameError
from nomicon.kernel.procedure import finish
from nomicon.kernel.timefmt import iso
from nomicon.server.site import Site
from nomicon.store import GameNotFound, GameRecord, SeqConflict

RETRIES = 5


#: How many events the newest batches are read at a time, from the end of the log.
CHUNK = 256


def batches(game: Game, count: int) -> list[dict[str, Any]]:
    """The newest ``count`` batches of the log, newest first: first seq, time, actor, and
    what happened. Reads the log backwards a slice at a time, so it costs the batches
    shown (and one slice), not the log."""
    log = game.log
    stop = len(log)
    events: list[dict[str, Any]] = []
    while stop > 0:
        start = max(0, stop - CHUNK)
        events[:0] = log[start:stop]
        stop = start
        # The oldest batch read may have begun before the slice: read on until more
        # than ``count`` batches are known, or the log's start.
        if len({e.get("batch", e["seq"]) for e in events}) > count:
            break
    found: dict[int, dict[str, Any]] = {}
    for event in events:
        key = int(event.get("batch", event["seq"]))
        entry = found.setdefault(key, {"seq": event["seq"], "time": event.get("time"),
                                       "actor": event.get("actor"), "messages": []})
        if event.get("message"):
            entry["messages"].append(event["message"])
    return sorted(found.values(), key=lambda b: b["seq"], reverse=True)[:count]


def _cut(log: list[dict[str, Any]], seq: int) -> int:
    """How many events come before the batch that holds event ``seq``."""
    for index, event in enumerate(log):
        if event["seq"] == seq:
            batch = event.get("batch", seq)
            while index > 0 and log[index - 1].get("batch", -1) == batch:
                index -= 1
            return index
    raise GameError(f"the game has events 1 to {len(log)}, not {seq}")


def _secret_for(record: GameRecord, log: list[dict[str, Any]], commitment: str) -> bytes:
    """The secret of the dice epoch that was current at the cut."""
    candidates = [e.get("data", {}).get("secret") for e in log if e.get("type") == "seed.revealed"]
    candidates.append(record.secret)
    for candidate in candidates:
        if isinstance(candidate, str):
            try:
                secret = bytes.fromhex(candidate)
            except ValueError:
                continue
            if dice.commitment(secret) == commitment:
                return secret
    raise GameError("the dice secret of the reverted part of the game is not known")


def revert(site: Site, game_id: str, seq: int, *, by: str) -> str:
    """Revert the batch holding event ``seq`` and everything after it; the new game's id."""
    record, log = site.store.load(game_id)
    if record.meta.get("status") == "ended":
        raise GameError(f"game {game_id} has ended; it cannot be reverted")
    keep = _cut(log, seq)
    if keep == 0:
        raise GameError("the game's creation cannot be reverted")
    before = log[keep]["seq"]
    prefix = [dict(e) for e in log[:keep]]
    forked = Game.rebuild(prefix, secret=b"\0", registry=site.registry)
    epochs = forked.state.root["dice"]["epochs"]
    forked.replace_secret(_secret_for(record, log, epochs[-1]["commitment"]))
    now = max(site.now(), forked.clock)
    new_id = _free_id(site)
    with forked._transaction(forked.clock, ADMIN) as ctx:
        ctx.set(["game", "id"], new_id)
        ctx.set(["game", "reverted"], {"from": game_id, "before": before, "by": by,
                                       "at": iso(now)})
        ctx.emit(events.GAME_REVERTED, f"game {new_id} continues game {game_id} from before event "
                 f"{before}: {by} reverted event {before} and everything after it",
                 from_game=game_id, before=before, by=by, at=iso(now))
    forked.act(ADMIN, "rotate-seed", at=now)
    meta = {**record.meta, "reverted_from": game_id, "status": "active",
            "players": list(forked.state.root.get("players", {})),
            "commitment": dice.commitment(forked.secret)}
    site.store.create_game(GameRecord(id=new_id, pack=record.pack, created=site.now(),
                                      meta=meta, secret=forked.secret.hex(),
                                      next_due=forked.next_due(), parent=record.parent),
                           forked.log)
    site.accounts.copy_members(game_id, new_id)
    _archive(site, game_id, new_id, before, by)
    return new_id


def _archive(site: Site, game_id: str, successor: str, before: int, by: str) -> None:
    for _ in range(RETRIES):
        game = site.service.open(game_id)
        try:
            with game._transaction(max(site.now(), game.clock), ADMIN) as ctx:
                ctx.set(["game", "successor"], successor)
                ctx.emit(events.GAME_ARCHIVED, f"{by} reverted event {before} and everything after "
                         f"it; the game continues as game {successor}",
                         successor=successor, before=before, by=by)
                finish(ctx, f"reverted; continued as game {successor}")
            return
        except Exception as exc:
            if not isinstance(exc.__cause__, SeqConflict):
                raise
    raise GameError(f"game {game_id} kept changing; it was not archived (its successor "
                    f"{successor} exists)")


def _free_id(site: Site) -> str:
    for _ in range(RETRIES):
        candidate = secrets.token_hex(4)
        try:
            site.store.get_game(candidate)
        except GameNotFound:
            return candidate
    raise GameError("could not find a free game id")  # pragma: no cover

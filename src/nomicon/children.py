"""Child games kept in a store: created, told of their parent's changes, settled.

The kernel records a child game in its parent's state when a rule starts it (see
:mod:`nomicon.kernel.subgames`); this is the game service's side. After every change
the service makes (an action, timers firing, a clock advance, a creation) it looks at
the batches the store accepted, and:

- for a ``child.started`` event, creates the child game in the same store, with the
  parent's id in its record's ``parent`` column and its link to the parent in its
  state (``game.parent``), at the time of the parent's event;
- for a ``child.input`` event, passes the input to the child as the procedure's
  ``parent-input`` action;
- for a child's ``game.ended`` event, settles the child's result (``Pack.result``)
  into the parent with the procedure's ``settle-child`` action, at the child's end.

Each of these has one effect however often it is done, and whoever does it, so a
retried follow-up, or two servers following the same event, change nothing twice:

- the child's id is fixed by the parent's event, and the store keeps one game of an
  id (the second creator gets ``DuplicateGame`` and leaves the first's game alone);
- input *n* is the child's ``parent-input`` with the idempotency key
  ``parent-input:<n>``, and the child refuses an input it has had;
- the settlement is the parent's ``settle-child`` with the key ``settle-child:<id>``,
  and the parent refuses to settle a child twice (the key its state keeps).

A change and its follow-ups are not one transaction: the child is another game, made
after the parent's batch is committed. A follow-up that fails (a server that stops
between the two) is logged and done by the next :meth:`ChildGames.sync` of the parent
or the child, which looks at what the games' states still need.

**Dice.** A child draws a secret of its own when it is created and publishes its
commitment in its own ``game.created``, as every game does. A secret derived from
the parent's would be known to everyone as soon as the parent reveals its own (when
it ends, or its admin rotates the seed), while the child may still be running.

**Clock.** A child keeps the parent's time: it starts at the time of the parent's
``child.started`` event, inputs reach it at the time of the parent's event, and
advancing the parent's clock advances its running children to the same time.
Their timers fire by the service's clock like any game's.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Mapping
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, Protocol, cast

from nomicon.kernel import dice, events, subgames
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.errors import ActionRefused, GameError, NomiconError
from nomicon.kernel.state import copy_tree
from nomicon.kernel.timefmt import parse
from nomicon.store import GameNotFound, Store, StoreError

__all__ = ["SYSTEM", "ChildGames", "Host"]

log = logging.getLogger("nomicon.children")

#: The caller of the keyed requests the service makes itself (not an account: those
#: are hex; not the local admin either).
SYSTEM = "nomicon"


class Host(Protocol):
    """What :class:`ChildGames` uses of its game service."""

    def act(self, game_id: str, actor: str, name: str, args: Mapping[str, Any] | None = None,
            *, at: datetime | None = None, texts: Mapping[str, str] | None = None,
            key: str | None = None, caller: str = ...) -> list[dict[str, Any]]: ...
    def reading(self, game_id: str) -> AbstractContextManager[Game]: ...
    def advance(self, game_id: str, to: datetime) -> Game: ...
    def store_new(self, game: Game, parent: str | None = None) -> bool: ...
    @property
    def store(self) -> Store: ...


class ChildGames:
    """The follow-ups of one service's changes, and the child games they concern."""

    def __init__(self, host: Host) -> None:
        self._host = host
        self._work: deque[tuple[str, str, str]] = deque()
        self._lock = threading.Lock()
        self._local = threading.local()

    # -- what the store accepted -------------------------------------------------
    def note(self, game: Game, batch: list[dict[str, Any]]) -> None:
        """Queue what a batch of ``game`` the store accepted asks of its children or
        its parent (the service's commit hook calls this)."""
        for event in batch:
            kind = event["type"]
            if kind == events.CHILD_STARTED.name:
                self._queue(("create", game.id, event["data"]["child"]))
            elif kind == events.CHILD_INPUT.name:
                self._queue(("deliver", game.id, event["data"]["child"]))
            elif kind == events.GAME_ENDED.name and game.state.root["game"].get("parent"):
                self._queue(("settle", game.id, ""))

    def _queue(self, item: tuple[str, str, str]) -> None:
        with self._lock:
            self._work.append(item)

    def follow_up(self) -> None:
        """Do what the accepted batches asked, in the calling thread, until nothing is
        left (a follow-up's own changes may ask for more: a settlement that starts the
        next child). A failing follow-up is logged and left to :meth:`sync`: the
        change that asked for it is done, and stays so."""
        if getattr(self._local, "busy", False):
            return  # a follow-up's own change: the loop below takes what it adds
        self._local.busy = True
        try:
            while True:
                with self._lock:
                    if not self._work:
                        return
                    what, game_id, key = self._work.popleft()
                try:
                    if what == "create":
                        self.create(game_id, key)
                    elif what == "deliver":
                        self.deliver(game_id, key)
                    else:
                        self.settle(game_id)
                except (NomiconError, StoreError) as exc:
                    log.warning("child games: could not %s for game %s%s: %s", what, game_id,
                                f" (child {key})" if key else "", exc)
        finally:
            self._local.busy = False

    # -- the three follow-ups ------------------------------------------------------
    def create(self, parent_id: str, key: str) -> bool:
        """Create the child game ``key`` that game ``parent_id`` started, unless it is
        in the store already; whether this call created it."""
        with self._host.reading(parent_id) as parent:
            found = parent.state.root.get(subgames.TABLE, {}).get(key)
            if found is None:
                raise GameError(f"game {parent_id} has no child game {key!r}")
            record = cast(subgames.ChildRecord, copy_tree(found))
            registry = parent.registry
        if record["status"] != subgames.STARTED:
            return False  # settled: it was created long ago
        if self._stored(key, parent_id):
            return False
        members = list(record["players"])
        if record["referee"] is not None and record["referee"] not in members:
            # The referee sits at the child's table too (the child's rules tell them
            # apart by game.parent.referee), after its players.
            members.append(record["referee"])
        game = Game.create(record["pack"], start=parse(record["started"]), players=members,
                           secret=dice.new_secret(), params=record["params"], game_id=key,
                           registry=registry, parent=subgames.link(parent_id, record))
        if not self._host.store_new(game, parent_id):
            self._stored(key, parent_id)  # another server created it first (or not a child)
            return False
        # Its creation may have asked for more (a child of its own); inputs queued in
        # the parent before it existed are passed on now.
        self.note(game, game.log)
        if record["inputs"]:
            self._queue(("deliver", parent_id, key))
        return True

    def deliver(self, parent_id: str, key: str) -> int:
        """Pass child ``key`` the inputs its parent queued for it that it has not had;
        how many this call passed. A child that is over takes none."""
        with self._host.reading(parent_id) as parent:
            found = parent.state.root.get(subgames.TABLE, {}).get(key)
            inputs = copy_tree(found["inputs"]) if found is not None else []
        try:
            with self._host.reading(key) as child:
                had = int((child.state.root["game"].get("parent") or {}).get("inputs", 0))
                over = child.is_over
        except GameNotFound:
            return 0  # not created yet: its creation passes them on
        sent = 0
        for entry in inputs[had:]:
            if over:
                break
            args = {"n": entry["n"], "kind": entry["kind"], "player": entry["player"],
                    "data": entry["data"]}
            try:
                self._host.act(key, ADMIN, "parent-input", args, at=parse(entry["time"]),
                               key=f"parent-input:{entry['n']}", caller=SYSTEM)
            except ActionRefused:
                with self._host.reading(key) as child:
                    over = child.is_over
                if not over:
                    raise
                break
            sent += 1
        return sent

    def settle(self, child_id: str) -> list[dict[str, Any]]:
        """Settle the result of child game ``child_id``, if it is over, into its parent;
        the parent's events of the settlement (those of the first settlement, when it
        was settled before by this service or another; none when there is nothing to
        settle)."""
        with self._host.reading(child_id) as child:
            root = child.state.root
            link = root["game"].get("parent")
            if link is None or not child.is_over or root["game"].get("successor"):
                # No child, not over yet, or archived by a revert: the game that
                # continues it settles when it ends.
                return []
            result = subgames.reported(child.pack.result(copy_tree(root)))
            at = child.clock
        parent_id, key = str(link["game"]), str(link["child"])
        try:
            return self._host.act(parent_id, ADMIN, "settle-child",
                                  {"child": key, "result": result}, at=at,
                                  key=f"settle-child:{key}", caller=SYSTEM)
        except ActionRefused:
            # Settled without the key (by the admin, by hand): nothing left to do.
            with self._host.reading(parent_id) as parent:
                record = parent.state.root.get(subgames.TABLE, {}).get(key) or {}
            if record.get("status") == subgames.SETTLED:
                return []
            raise

    # -- recovery and the clock ------------------------------------------------------
    def sync(self, game_id: str) -> None:
        """Do whatever the game's child games, or its parent, still need: create the
        children it started that are not in the store, pass them their inputs, settle
        those that are over; and settle the game itself into its parent if it is an
        ended child. Each step is one that has been done or not, so syncing a game
        that needs nothing changes nothing."""
        with self._host.reading(game_id) as game:
            waiting = subgames.waiting(game.state.root)
            ended_child = game.is_over and game.state.root["game"].get("parent") is not None
        for key in waiting:
            self.create(game_id, key)
            self.deliver(game_id, key)
            self.settle(key)
        if ended_child:
            self.settle(game_id)
        self.follow_up()

    def advance(self, parent_id: str, to: datetime) -> None:
        """Advance the running children of game ``parent_id`` to ``to``: a child's
        clock is its parent's."""
        with self._host.reading(parent_id) as parent:
            waiting = subgames.waiting(parent.state.root)
        for key in waiting:
            try:
                with self._host.reading(key) as child:
                    over = child.is_over
            except GameNotFound:
                continue  # not created yet: it starts at its parent's event
            if not over:
                self._host.advance(key, to)

    def _stored(self, key: str, parent_id: str) -> bool:
        """Whether child game ``key`` of ``parent_id`` is in the store; a game of that id
        that is not its child is an error (a game id chosen by hand may collide)."""
        try:
            found = self._host.store.get_game(key)
        except GameNotFound:
            return False
        if found.parent != parent_id:
            raise GameError(f"child game {key} of game {parent_id} cannot be created: the "
                            "store holds a game of that id that is not its child")
        return True

"""Games kept in a store: create, open, act, advance, export and import.

The :class:`GameService` is what the CLI and the web server use. It keeps every game
in a :class:`~nomicon.store.Store` (such as :class:`~nomicon.store.SqlStore`) and
makes the store the commit point: each game it hands out carries a commit hook that
appends the batch to the store, so a batch the store does not accept is rolled back
in memory as well.

    with open_store("sqlite:///nomicon.db") as store:
        service = GameService(store)
        game = service.create("infinite-nomic-r7", ["alice", "bob"])
        service.act(game.id, "alice", "roll", key="req-1")

Several processes may share a store. Each change holds the game's write lock (see
:mod:`nomicon.store.locks`) from reading the game to appending, so the service's
writers take turns; and whenever another writer appended first all the same, the
store raises :class:`~nomicon.store.SeqConflict` and :meth:`GameService.act` reopens
the game and tries again on the new state, where the action may of course be refused
(with the rule's reason). A request may carry an idempotency key: the key is stored
in the same transaction as the events it produced, and a request repeating it gets
those events back without acting again.

Every ``snapshot_every`` events the state is stored beside the log, in the same
transaction. Opening a game reads the newest snapshot and the events after it; its
``log`` still reads as the whole log (a :class:`~nomicon.store.LazyLog` fetches the
earlier events when they are needed), and ``nomicon verify`` reads the whole log.

A game's age must cost nothing (DESIGN §1.7), so the service keeps the games it
used lately in memory (:class:`RecentGames`) and a change neither copies nor
re-reads the state: it takes the kept game, catches it up with the events written
since (by other processes), applies the action and puts the game back. A kept game
is lent to one change at a time; readers get a private copy.

The service owns the wall clock (an injected ``now``): it passes the time to the
engine, which fires every timer due before acting. The kernel never reads the clock.
A game nobody visited for a long time fires every timer of that time, each at its own
time in a batch of its own, as if it had been running; those batches are stored a few
hundred to a transaction (:meth:`~nomicon.store.Store.append_batches`), and the game
holds only its latest events in memory meanwhile.

Games started by other games' rules (child games) live in the same store; after each
change the service creates them, passes them their parent's changes and settles
their results into the parent (see :mod:`nomicon.children`).
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

import nomicon
from nomicon import series
from nomicon.children import SYSTEM, ChildGames
from nomicon.exchange import (
    EXPORT_FORMAT,
    Imported,
    ImportRefused,
    export_document,
    read_import,
)
from nomicon.kernel import subgames, upgrades
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionError, CommitFailed, GameError
from nomicon.kernel.pack import Registry
from nomicon.kernel.state import copy_tree, fold
from nomicon.kernel.timefmt import parse
from nomicon.names import game_name
from nomicon.recentgames import RecentGames
from nomicon.store import (
    Claim,
    DuplicateGame,
    GameNotFound,
    GameRecord,
    Idempotency,
    KeyUsed,
    LazyLog,
    LoadedGame,
    Point,
    SeqConflict,
    Store,
)

__all__ = [
    "EXPORT_FORMAT",
    "LOCAL_CALLER",
    "RECENT_GAMES",
    "RETRIES",
    "SNAPSHOT_EVERY",
    "SYSTEM",
    "GameService",
    "ImportRefused",
    "KeyReused",
]

#: How many times an action is tried when other writers keep appending first.
RETRIES = 30
#: Store a snapshot of the state every this many events.
SNAPSHOT_EVERY = 500
#: How many games a service keeps in memory, to change them without reading them again.
RECENT_GAMES = 64
#: How many of its latest events a kept game holds in memory (the rest stay in the store).
KEEP_EVENTS = 64
#: How many timer batches a game catching up stores in one transaction.
HOLD_BATCHES = 200

T = TypeVar("T")
Clock = Callable[[], datetime]


#: The caller of the requests made on this machine (the command line, Python code):
#: the local admin. Accounts' ids are never this (they are hex).
LOCAL_CALLER = "local"


class KeyReused(GameError):
    """An idempotency key was sent again with a different request."""


def _wall_clock() -> datetime:
    return datetime.now(UTC)


class GameService:
    """Games persisted in ``store``. The store belongs to the caller, who closes it.

    ``snapshot_every``: store the state every this many events (0: never).
    ``lock_writes``: take the game's write lock around each change, so that writers
    take turns (the default); without it writers only race, which is correct but
    wasteful when many write to one game (and is what a connection pooler that
    gives each transaction another server session requires: PostgreSQL's advisory
    locks belong to a session).
    """

    def __init__(self, store: Store, *, now: Clock | None = None,
                 registry: Registry | None = None,
                 snapshot_every: int = SNAPSHOT_EVERY, lock_writes: bool = True) -> None:
        if snapshot_every < 0:
            raise ValueError("snapshot_every must be >= 0")
        self.store = store
        self._now = now or _wall_clock
        self.registry = registry
        self.snapshot_every = snapshot_every
        self.lock_writes = lock_writes
        self._jitter = random.Random()
        self._recent = RecentGames(RECENT_GAMES)
        #: The child games of this service's games (nomicon.children).
        self.children = ChildGames(self)

    def now(self) -> datetime:
        """The current time from the injected clock (whole seconds, UTC)."""
        return self._now().astimezone(UTC).replace(microsecond=0)

    # -- games ---------------------------------------------------------------
    def create(
        self,
        pack: str,
        players: list[str] | tuple[str, ...] = (),
        *,
        seed: int | str | None = None,
        params: dict[str, Any] | None = None,
        start: datetime | None = None,
        game_id: str | None = None,
        name: str | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> Game:
        """Create a game, store it with its first events, and return it (attached).

        ``name``: the game's display name (kept in its record, shown in lists);
        ``meta``: more of the record's summary to keep (the game's rules never read it).
        """
        start = start or self.now()
        kept = dict(meta or {})
        if (shown := game_name(name)) is not None:
            kept["name"] = shown
        for _ in range(RETRIES):
            gid = game_id or secrets.token_hex(4)
            game = nomicon.new_game(pack, players, seed=seed, params=params, start=start,
                                    game_id=gid, registry=self.registry, allow_forced=False)
            if not self.store_new(game, created=start, meta=kept):
                if game_id is not None:
                    raise GameError(f"a game {game_id!r} already exists")
                continue  # a random id that is taken: draw another
            # Its setup may have started child games.
            self.children.note(game, game.log)
            self.children.follow_up()
            return game
        raise GameError("could not find a free game id")  # pragma: no cover

    def store_new(self, game: Game, parent: str | None = None, *,
                  created: datetime | None = None,
                  meta: Mapping[str, Any] | None = None) -> bool:
        """Store a game made in memory (its log from its creation), attached to the
        store; ``parent``: the game that started it; ``created``: default, the game's
        start. False, storing nothing, when the store has a game of its id."""
        record = GameRecord(id=game.id, pack=game.pack.id,
                            created=created or parse(game.state.root["game"]["start"]),
                            meta=_meta(game, meta or {}), secret=game.secret.hex(),
                            next_due=game.next_due(), parent=parent)
        try:
            self.store.create_game(record, game.log, series=series.initial(game))
        except DuplicateGame:
            return False
        self._attach(game, record)
        return True

    def open(self, game_id: str) -> Game:
        """The game as stored now, attached to the store, for the caller alone. Unknown
        id: ``GameNotFound``.

        A game this service kept is caught up with the events written since and
        copied (the kept one stays for the next change); any other is read from its
        newest snapshot and the events after it. Either way the game's ``log`` fetches
        the earlier events when something reads them.
        """
        with self._recent.using(game_id):
            game, _ = self._take(game_id)
            own = self._copy(game)
            self._keep(game)
        return own

    @contextmanager
    def reading(self, game_id: str) -> Iterator[Game]:
        """The game at the store's head, lent for reading (views, legal actions, the
        log, a fork for a preview) until the block ends: no copy is made. The caller
        must not change it nor keep it after the block. Changes to the game in this
        process wait for the block to end; so do other readers of it."""
        with self._recent.using(game_id):
            game, _ = self._take(game_id)
            try:
                yield game
            finally:
                self._keep(game)

    def _copy(self, game: Game) -> Game:
        """A copy of ``game`` for a caller to keep, attached to the store like it."""
        own = Game(game.pack, copy_tree(game.state.root), registry=game.registry,
                   secret=game.secret, log=game.log.copy())  # a LazyLog copies lazily
        self._attach(own, _hook_of(game).record())
        return own

    def _take(self, game_id: str, *, trust: bool = False) -> tuple[Game, bool]:
        """The game for one change, and whether it is known to be at the store's head:
        the kept game caught up (not copied), or the game read from the store. With
        ``trust``, the kept game as it is, unread (it may be behind: see :meth:`act`).
        Put it back with :meth:`_keep`."""
        game = self._recent.take(game_id)
        if game is not None and trust:
            return game, False
        if game is not None and self._catch_up(game) is not None:
            return game, True
        return self._upgraded(self.store.load_tail(game_id)), True

    def _upgraded(self, tail: LoadedGame) -> Game:
        """The game read from the store (attached to it), at the running version of its
        pack: a game stored by an older version is first upgraded, in one batch
        appended to the store (see :mod:`nomicon.kernel.upgrades`). When another
        process appended first (its own upgrade, most likely), the store refuses this
        one and the game is read again, so a game is upgraded once.
        ``VersionRefused`` when the stored version is newer than the pack's here."""
        for _ in range(RETRIES):
            game = self._rebuild(tail)
            self._attach(game, tail.record)
            root = game.state.root
            created = None if "pack_version" in root["game"] else self._created(tail)
            version = upgrades.recorded_version(root, created)
            if version == game.pack.version:
                return game
            if tail.record.secret is None:
                # Imported without its dice secret: it is read here and never written,
                # so it is upgraded for the reader in memory only, each time it is read.
                hooks = game.commit_hooks[:]
                game.commit_hooks.clear()
                try:
                    game.upgrade(version)
                finally:
                    game.commit_hooks[:] = hooks
                return game
            try:
                game.upgrade(version)
                return game
            except CommitFailed as exc:
                if _conflict_in(exc) is None:
                    raise
            tail = self.store.load_tail(tail.record.id)
        raise GameError(f"game {tail.record.id!r} could not be upgraded: other writers kept "
                        "appending first")  # pragma: no cover

    def _created(self, tail: LoadedGame) -> dict[str, Any] | None:
        """The game's ``game.created`` event (read from the store if the tail lacks it)."""
        if tail.events and tail.events[0]["seq"] == 1:
            return tail.events[0]
        first = self.store.events(tail.record.id, upto=1)
        return first[0] if first else None

    def _keep(self, game: Game) -> None:
        """Keep ``game`` (at the head it knows) for the next change."""
        _forget_stored(game, self.store)
        self._recent.put(game)

    def as_of(self, game_id: str, seq: int) -> Game:
        """The game as it stood after event ``seq`` (read-only: nothing is attached)."""
        head = self.store.get_game(game_id).head
        if not 1 <= seq <= head:
            raise GameError(f"game {game_id!r} has events 1..{head}, not {seq}")
        return self._rebuild(self.store.load_tail(game_id, upto=seq))

    def history(self, game_id: str) -> list[dict[str, Any]]:
        """The game's whole log, read from the store (what ``verify`` checks)."""
        return self.store.events(game_id)

    def list_games(self) -> list[GameRecord]:
        """Every stored game, oldest first."""
        return self.store.list_games()

    def _rebuild(self, tail: LoadedGame) -> Game:
        record = tail.record
        if not tail.events:
            raise GameError(f"game {record.id!r} has no events in the store")
        game = Game.rebuild(tail.events, secret=_secret_of(record) or b"",
                            registry=self.registry, snapshot=tail.snapshot)
        if tail.events[0]["seq"] > 1:
            lazy = _lazy_log(self.store, record.id, tail.events)
            # The engine only reads, slices and extends its log: a sequence will do.
            game.log = cast(list[dict[str, Any]], lazy)
        return game

    def _catch_up(self, game: Game) -> int | None:
        """Bring a kept game to the store's head by folding the events written since
        (one read: the record and those events); how many there were. None if the
        stored log no longer continues the kept one (a database restored from a
        backup): read it anew."""
        last = game.log[-1]
        record, events = self.store.load_since(game.id, last["seq"])
        if not events or events[0].get("hash") != last.get("hash"):
            return None
        if len(events) > 1:
            fold((op for event in events[1:] for op in event.get("ops", ())),
                 game.state.root)
            game.log.extend(events[1:])
            game.invalidate_ruleset()  # the events may have changed the rules
            game.commit_hooks[:] = [hook for hook in game.commit_hooks
                                    if not isinstance(hook, _StoreHook)]
            self._attach(game, record)
        game.replace_secret(_secret_of(record) or b"")
        return len(events) - 1

    def _attach(self, game: Game, record: GameRecord) -> None:
        game.commit_hooks.append(_StoreHook(self.store, record, self.snapshot_every,
                                            self.children.note))

    # -- changes ---------------------------------------------------------------
    def act(self, game_id: str, actor: str, name: str, args: Mapping[str, Any] | None = None,
            *, at: datetime | None = None, texts: Mapping[str, str] | None = None,
            key: str | None = None, caller: str = LOCAL_CALLER) -> list[dict[str, Any]]:
        """Apply an action to the stored game; returns its committed events.

        ``at`` is the game time of the action (default: now); timers due before it
        fire first. ``texts`` are the arguments as a person typed them (CLI, web
        forms): an argument that the action declares as text keeps its typed text
        instead of the parsed value, so ``option=no`` stays the word "no".

        ``key`` is the client's idempotency key, and ``caller`` who sent it (an
        account id; the command line and Python callers are :data:`LOCAL_CALLER`):
        if this caller's request with this key was committed before, its events are
        returned and nothing is done (the caller's key sent with another request
        raises :class:`KeyReused`). Another caller's same key is another key. A
        refused request commits nothing, so its key stays unused.
        """
        request = _request(actor, name, args, texts)
        when = at or self.now()
        # A keyed request's key is written with its action's batch and checked there, so
        # a repeated request is found by its append (KeyUsed) or, if the action is now
        # refused, by reading the key then: acting costs no read of it. Only timers due
        # before the action need it read first: they fire in batches of their own,
        # which the key does not guard, and a repeated request must not fire them.
        checked = False

        def attempt(game: Game) -> list[dict[str, Any]]:
            nonlocal checked
            if key is not None and not checked and game.fires_before(when):
                checked = True
                claim = self.store.claim(game_id, key, caller=caller)
                if claim is not None:
                    return self._replay(claim, request)
            values = dict(args or {})
            if texts:
                values.update(_keep_text(game, name, texts))
            if key is not None:
                _hook_of(game).key = Idempotency(caller, key, request)
            with _catching_up(game):
                game.fire_due(when)  # what game.act would fire first, stored in chunks
            try:
                return game.act(actor, name, at=when, **values)
            except CommitFailed as exc:
                used = _cause_in(exc, KeyUsed)
                if used is not None:
                    raise used from None  # the same request committed meanwhile
                raise

        try:
            return self._retrying(game_id, attempt, trusting=True)
        except KeyUsed as exc:
            return self._replay(exc.claim, request)
        except ActionError:
            # Refused now, perhaps because this very request acted before.
            claim = None if key is None else self.store.claim(game_id, key, caller=caller)
            if claim is None:
                raise
            return self._replay(claim, request)
        finally:
            self.children.follow_up()  # also after a refusal: timers may have fired

    def advance(self, game_id: str, to: datetime) -> Game:
        """Move the stored game's clock to ``to``, firing the timers due on the way."""

        def attempt(game: Game) -> Game:
            with _catching_up(game):
                game.advance(to)
            return self._copy(game)  # the game itself is kept for the next change

        try:
            moved = self._retrying(game_id, attempt)
            # What the parent's timers passed on (a pause's end) reaches its children
            # at the time it happened, before their clocks move on with the parent's.
            self.children.follow_up()
            self.children.advance(game_id, to)  # a child's clock is its parent's
        finally:
            self.children.follow_up()
        return moved

    def fire_due(self, game_id: str, now: datetime | None = None) -> int:
        """Fire the stored game's timers due at or before ``now`` (default: now); the
        number fired. For a server's background sweep, of which several may run on
        one store: a game whose write lock another writer holds is left to it (0), and
        a timer is fired once however many sweeps find it due, because each firing is
        a batch appended after the one before it (a sweep that lost the race reopens
        the game, where the timer is no longer due). A game with nothing due gets its
        next due time recorded again."""
        when = now or self.now()
        with self.store.try_write_lock(game_id) as free:
            if not free:
                return 0

            def attempt(game: Game) -> tuple[int, datetime | None, int]:
                with _catching_up(game):
                    fired = 0 if game.next_due() is None else game.fire_due(when)
                return fired, game.next_due(), game.head  # (over or archived: none due)

            try:
                fired, due, head = self._retrying(game_id, attempt)
            finally:
                self.children.follow_up()
            if not fired:
                self.store.set_next_due(game_id, due, head=head)
            return fired

    def sync(self, game_id: str) -> None:
        """Do whatever the game's child games, or its parent, still need after an
        interruption: create the children it started, pass them their inputs, settle
        the results of those that ended, and settle its own if it is a child that
        ended (see :meth:`nomicon.children.ChildGames.sync`). Changes nothing when
        nothing is needed."""
        self.children.sync(game_id)

    def settle(self, child_id: str) -> list[dict[str, Any]]:
        """Settle the result of the ended child game ``child_id`` into its parent, once:
        the parent's events of the settlement (the same events again, when it was
        settled before; none when the game is not an ended child)."""
        try:
            return self.children.settle(child_id)
        finally:
            self.children.follow_up()

    def _replay(self, claim: Claim, request: dict[str, Any]) -> list[dict[str, Any]]:
        if claim.result != request:
            # The claim is the caller's own (keys are per caller): describing it shows
            # them only their own earlier request.
            raise KeyReused(f"idempotency key {claim.key!r} was already used in game "
                            f"{claim.game_id!r} by your earlier request "
                            f"{_describe(claim.result)}; send a new key for a new request")
        return self.store.events(claim.game_id, after=claim.first_seq - 1, upto=claim.last_seq)

    def _retrying(self, game_id: str, change: Callable[[Game], T], *,
                  trusting: bool = False) -> T:
        """Run ``change`` on the game at the store's head; when another writer appended
        first, reopen the game and run it again on the new state. Then the game is kept
        for the next change (``change`` must not hand it out).

        The whole attempt holds the game's write lock (``lock_writes``), so that the
        service's writers take turns rather than race; the retry covers writers that
        do not take it or could not get it in time, and they pause a random moment
        before trying again, so that writers who keep colliding drift apart.
        Correctness does not rest on the lock: the store refuses any append that
        does not continue the log.

        ``trusting`` (actions): the first attempt takes the kept game without reading
        the store or taking the lock, since the append itself checks that the game was
        at the head; a writer that was behind loses the race and tries again, locked
        and caught up. A refusal is an answer only about the game at the head: one
        met on the trusted game is checked by catching up, and the action is tried
        again if anything was written meanwhile.
        """
        conflict: SeqConflict | None = None
        with ExitStack() as stack:
            stack.enter_context(self._recent.using(game_id))
            locked = False
            for attempt in range(RETRIES):
                trusted = trusting and attempt == 0
                if self.lock_writes and not trusted and not locked:
                    stack.enter_context(self.store.write_lock(game_id))
                    locked = True
                if attempt and not (trusting and attempt == 1):
                    time.sleep(self._jitter.uniform(0, 0.001 * 2 ** min(attempt, 5)))
                game, current = self._take(game_id, trust=trusted)
                try:
                    result = change(game)
                except Exception as exc:
                    conflict = _conflict_in(exc)
                    if conflict is not None:
                        continue  # the game is behind the store: read it again
                    # Refused or failed: the batch was rolled back, so the game is as
                    # it was; if that was behind the store, the answer may be another.
                    behind = (not current and isinstance(exc, ActionError)
                              and self._catch_up(game) != 0)
                    self._keep(game)
                    if behind:
                        continue
                    raise
                self._keep(game)
                return result
        assert conflict is not None
        raise conflict

    # -- export and import -----------------------------------------------------
    def export_game(self, game_id: str, *, with_secret: bool = False,
                    viewer: str = "admin", children: bool = True) -> dict[str, Any]:
        """The game as one JSON document: its record, rules in force, dice commitment
        and whole log. The dice secret is included when it has been revealed, or
        when ``with_secret`` is given (whoever holds the file can then predict rolls).
        A ``viewer`` other than the admin gets the log as they may read it, which
        cannot be imported (see :mod:`nomicon.exchange`).

        With ``children``, the child games the store holds of a parent come with it,
        each exported alike (with its own children) under ``children``, oldest first;
        the key is there only for a game that has some.
        """
        record, log = self.store.load(game_id)
        document = export_document(record, log, with_secret=with_secret, viewer=viewer)
        if children:
            found = []
            for key in record.meta.get("children") or []:
                try:
                    found.append(self.export_game(key, with_secret=with_secret,
                                                  viewer=viewer))
                except GameNotFound:
                    continue  # started in the log but not made yet: its import makes it
            if found:
                document["children"] = found
        return document

    def import_game(self, document: Any, *, test: bool = False) -> Game:
        """Store a game exported by :meth:`export_game`, after checking it.

        The log must verify (numbering, hash chain, re-execution of every batch,
        revealed rolls), and the rules and commitment must be the ones the log leads
        to; the record is rebuilt from the log. Otherwise :class:`ImportRefused` (see
        :mod:`nomicon.exchange`). A test game (forced dice) is refused unless ``test``.
        A game imported without its secret can be read but not played. The id is
        kept: a store that has the game already refuses it.
        """
        # Every game of the document is checked before any is stored: a file whose
        # child does not check out stores nothing.
        checked = self._checked_import(document, test, parent=None)
        for found in checked:
            game = found.game
            previous = {"reverted_from": found.reverted_from} if found.reverted_from else {}
            link = game.state.root["game"].get("parent")
            record = GameRecord(id=game.id, pack=game.pack.id, created=found.created,
                                meta=_meta(game, previous), secret=found.secret,
                                next_due=game.next_due() if found.secret else None,
                                parent=link["game"] if link else None)
            try:
                self.store.create_game(record, found.log, snapshot=found.root)
            except DuplicateGame:
                raise ImportRefused(f"this store already has a game {record.id!r}") from None
        return self.open(checked[0].game.id)

    def _checked_import(self, document: Any, test: bool, *,
                        parent: str | None) -> list[Imported]:
        """The game of an export and its children's (see :meth:`export_game`), each
        checked, parents before children; ImportRefused for any that does not check
        out, or a child that is not its parent's."""
        found = read_import(document, registry=self.registry, test=test)
        link = found.game.state.root["game"].get("parent")
        if parent is not None and (link or {}).get("game") != parent:
            raise ImportRefused(f"game {found.game.id!r}, among the child games of game "
                                f"{parent!r} in the file, is not its child")
        children = document.get("children", [])
        if not isinstance(children, list):
            raise ImportRefused(f"the child games of game {found.game.id!r} are not a list")
        checked = [found]
        for child in children:
            checked.extend(self._checked_import(child, test, parent=found.game.id))
        return checked


class _StoreHook:
    """The commit hook that makes the store the commit point of a game.

    It appends each batch and, in the same transaction: the new dice secret after
    ``rotate-seed``; the game record's summary (players, commitment, status) when it
    changed; a snapshot when the batch crosses a multiple of ``every`` events; and
    the idempotency key of the action's request, on the batch of that action.
    """

    def __init__(self, store: Store, record: GameRecord, every: int,
                 accepted: Callable[[Game, list[dict[str, Any]]], None]) -> None:
        self.store = store
        self.game_id = record.id
        self.pack = record.pack
        self.created = record.created
        self.secret = record.secret
        self.meta = dict(record.meta)
        self.parent = record.parent
        self.every = every
        self.key: Idempotency | None = None  # for the next action's batch
        # Told of each batch the store accepted (the follow-ups of child games).
        self.accepted = accepted
        # While the game catches up (see :func:`_catching_up`): the batches committed in
        # memory and not stored yet, how many it may hold, and whether a snapshot is due.
        self.held: list[tuple[list[dict[str, Any]], list[Point]]] = []
        self.hold = 0
        self.crossed = False

    def __call__(self, game: Game, events: list[dict[str, Any]]) -> None:
        if not events:
            return
        if self.secret is None:
            raise GameError(f"game {self.game_id!r} was imported without its dice secret: "
                            "it can be read here, not played")
        first, last = events[0]["seq"], events[-1]["seq"]
        # Timers due before an action fire in batches of their own; the key belongs
        # to the batch of the action, which is the one that starts with the action.
        key = self.key if events[0]["type"] == "action" else None
        crossed = self.every > 0 and last // self.every > (first - 1) // self.every
        if self.hold and key is None:
            self.held.append((events, series.points(game, events)))
            self.crossed = self.crossed or crossed
            if len(self.held) >= self.hold:
                self.store_held(game)
            return
        secret = game.secret.hex()
        meta = _meta(game, self.meta)
        self.store.append(
            game.id, events, idempotency=key,
            secret=secret if secret != self.secret else None,
            meta=meta if meta != self.meta else None,
            snapshot=game.state.root if crossed else None,
            next_due=game.next_due(),
            series=series.points(game, events),
        )
        self.secret, self.meta = secret, meta
        if key is not None:
            self.key = None
        self.accepted(game, events)

    def store_held(self, game: Game) -> None:
        """Store the held batches in one transaction, with the game's record and (when
        one is due) snapshot as they stand after the last; then the game's log keeps
        only its latest events in memory, so that memory stays bounded however long
        the catching up."""
        if not self.held:
            return
        held, self.held = self.held, []
        crossed, self.crossed = self.crossed, False
        secret, meta = game.secret.hex(), _meta(game, self.meta)
        self.store.append_batches(
            game.id, held, secret=secret if secret != self.secret else None,
            meta=meta if meta != self.meta else None,
            snapshot=game.state.root if crossed else None, next_due=game.next_due())
        self.secret, self.meta = secret, meta
        for events, _ in held:
            self.accepted(game, events)
        _forget_stored(game, self.store)

    def record(self) -> GameRecord:
        """The game's record as this hook last wrote it (for a copy of the game)."""
        return GameRecord(id=self.game_id, pack=self.pack, created=self.created,
                          meta=dict(self.meta), secret=self.secret, parent=self.parent)


def _hook_of(game: Game) -> _StoreHook:
    for hook in game.commit_hooks:
        if isinstance(hook, _StoreHook):
            return hook
    raise GameError(f"game {game.id!r} is not attached to a store")


def _meta(game: Game, previous: Mapping[str, Any]) -> dict[str, Any]:
    """The game record's summary, for listings; other keys in ``previous`` are kept."""
    root = game.state.root
    meta = dict(previous)
    meta.update({
        "title": root["game"].get("title", game.pack.title),
        "players": list(root.get("players", {})),
        "params": root["game"].get("params", {}),
        "commitment": root["dice"]["epochs"][-1]["commitment"],
        "status": root["game"].get("status", "active"),
    })
    children = root.get(subgames.TABLE)
    if children:  # a parent: its child games' ids, for listings
        meta["children"] = list(children)
    return meta


@contextmanager
def _catching_up(game: Game) -> Iterator[None]:
    """While the block fires the game's due timers, store their batches a few hundred
    to a transaction (see :meth:`_StoreHook.store_held`). Should the block fail, the
    batches held are dropped: the game is then ahead of the store, which the next
    change finds (the store's log does not continue it) and reads the game anew."""
    hook = _hook_of(game)
    hook.hold = HOLD_BATCHES
    try:
        yield
        hook.store_held(game)
    finally:
        hook.hold, hook.held, hook.crossed = 0, [], False


def _forget_stored(game: Game, store: Store) -> None:
    """Keep only the game's latest events in memory (all of its log is stored)."""
    log: object = game.log  # typed as a list, often a LazyLog
    if isinstance(log, LazyLog):
        log.forget_before(KEEP_EVENTS)
    elif len(game.log) > KEEP_EVENTS:  # read whole from the store: keep the tail
        game.log = cast(list[dict[str, Any]],
                        _lazy_log(store, game.id, game.log[-KEEP_EVENTS:]))


def _lazy_log(store: Store, game_id: str, tail: list[dict[str, Any]]) -> LazyLog:
    """A stored game's log: the tail in memory, pages before it read from the store."""
    return LazyLog(tail, lambda upto: store.events(game_id, upto=upto),
                   lambda after, upto: store.events(game_id, after=after, upto=upto))


def _secret_of(record: GameRecord) -> bytes | None:
    if record.secret is None:
        return None
    try:
        return bytes.fromhex(record.secret)
    except ValueError:
        raise GameError(f"game {record.id!r} has a malformed dice secret in the store") from None


def _request(actor: str, name: str, args: Mapping[str, Any] | None,
             texts: Mapping[str, str] | None) -> dict[str, Any]:
    """What an idempotency key remembers of its request (plain JSON, to compare)."""
    request = {"actor": actor, "action": name, "args": dict(args or {}),
               "texts": dict(texts or {})}
    plain: dict[str, Any] = json.loads(json.dumps(request, sort_keys=True, default=str))
    return plain


def _describe(request: Mapping[str, Any]) -> str:
    args = " ".join(f"{k}={v}" for k, v in sorted((request.get("args") or {}).items()))
    return f"{request.get('actor')} {request.get('action')}" + (f" {args}" if args else "")


def _keep_text(game: Game, name: str, texts: Mapping[str, str]) -> dict[str, str]:
    """The typed texts of the arguments that action ``name`` declares as ``str``."""
    textual = {arg.name for _rule, decl in game.ruleset.actions.get(name, ())
               for arg in decl.args if arg.type is str}
    return {key: text for key, text in texts.items() if key in textual}


E = TypeVar("E", bound=BaseException)


def _cause_in(exc: BaseException, kind: type[E]) -> E | None:
    """The exception of type ``kind`` behind ``exc``, if any.

    The engine reports a failing commit hook as the action's failure, chaining the
    store's exception as the cause, so it may sit a few links down.
    """
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, kind):
            return current
        seen.add(id(current))
        if current.__cause__ is not None:
            current = current.__cause__
        else:
            current = None if current.__suppress_context__ else current.__context__
    return None


def _conflict_in(exc: BaseException) -> SeqConflict | None:
    """The ``SeqConflict`` behind ``exc``, if any (a race lost to another writer)."""
    return _cause_in(exc, SeqConflict)

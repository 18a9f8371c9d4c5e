"""Games kept in a store: create, open, act, advance.

The :class:`GameService` is what the CLI and the web server use. It keeps every game
in a :class:`~nomicon.store.SqlStore` and makes the store the commit point: each game
it hands out carries a commit hook that appends the batch to the store, so a batch
the store does not accept is rolled back in memory as well.

    with open_store("sqlite:///nomicon.db") as store:
        service = GameService(store)
        game = service.create("infinite-nomic-r7", ["alice", "bob"])
        service.act(game.id, "alice", "roll")

Several processes may share a store. When another writer appended first, the store
raises :class:`~nomicon.store.SeqConflict`; :meth:`GameService.act` then reloads the
game and tries again on the new state, where the action may of course be refused.

The service owns the wall clock (an injected ``now``): it passes the time to the
engine, which fires every timer due before acting. The kernel never reads the clock.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, TypeVar

import nomicon
from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import GameError
from nomicon.kernel.pack import Registry
from nomicon.store import DuplicateGame, GameRecord, SeqConflict, SqlStore

__all__ = ["RETRIES", "GameService"]

#: How many times an action is tried when other writers keep appending first.
RETRIES = 5

T = TypeVar("T")
Clock = Callable[[], datetime]


def _wall_clock() -> datetime:
    return datetime.now(UTC)


class GameService:
    """Games persisted in ``store``. The store belongs to the caller, who closes it."""

    def __init__(self, store: SqlStore, *, now: Clock | None = None,
                 registry: Registry | None = None) -> None:
        self.store = store
        self._now = now or _wall_clock
        self.registry = registry

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
    ) -> Game:
        """Create a game, store it with its first events, and return it (attached)."""
        start = start or self.now()
        for _ in range(RETRIES):
            gid = game_id or secrets.token_hex(4)
            game = nomicon.new_game(pack, players, seed=seed, params=params, start=start,
                                    game_id=gid, registry=self.registry, allow_forced=False)
            record = GameRecord(id=gid, pack=game.pack.id, created=start,
                                meta=_meta(game, {}), secret=game.secret.hex())
            try:
                self.store.create_game(record, game.log)
            except DuplicateGame:
                if game_id is not None:
                    raise GameError(f"a game {game_id!r} already exists") from None
                continue  # a random id that is taken: draw another
            _StoreHook(self.store, record).attach(game)
            return game
        raise GameError("could not find a free game id")  # pragma: no cover

    def open(self, game_id: str) -> Game:
        """The game as stored now, attached to the store. Unknown id: ``GameNotFound``."""
        record, events = self.store.load(game_id)
        game = Game.rebuild(events, secret=_secret_of(record), registry=self.registry)
        _StoreHook(self.store, record).attach(game)
        return game

    def as_of(self, game_id: str, seq: int) -> Game:
        """The game as it stood after event ``seq`` (read-only: nothing is attached)."""
        record, events = self.store.load(game_id)
        if not 1 <= seq <= len(events):
            raise GameError(f"game {game_id!r} has events 1..{len(events)}, not {seq}")
        return Game.rebuild(events[:seq], secret=_secret_of(record), registry=self.registry)

    def list_games(self) -> list[GameRecord]:
        """Every stored game, oldest first."""
        return self.store.list_games()

    # -- changes ---------------------------------------------------------------
    def act(self, game_id: str, actor: str, name: str, args: Mapping[str, Any] | None = None,
            *, at: datetime | None = None,
            texts: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
        """Apply an action to the stored game; returns its committed events.

        ``at`` is the game time of the action (default: now); timers due before it
        fire first. ``texts`` are the arguments as a person typed them (CLI, web
        forms): an argument that the action declares as text keeps its typed text
        instead of the parsed value, so ``option=no`` stays the word "no".
        """
        when = at or self.now()

        def attempt(game: Game) -> list[dict[str, Any]]:
            values = dict(args or {})
            if texts:
                values.update(_keep_text(game, name, texts))
            return game.act(actor, name, at=when, **values)

        return self._retrying(game_id, attempt)

    def advance(self, game_id: str, to: datetime) -> Game:
        """Move the stored game's clock to ``to``, firing the timers due on the way."""

        def attempt(game: Game) -> Game:
            game.advance(to)
            return game

        return self._retrying(game_id, attempt)

    def _retrying(self, game_id: str, change: Callable[[Game], T]) -> T:
        """Run ``change`` on a freshly opened game; when another writer appended first,
        reopen the game and run it again on the new state."""
        conflict: SeqConflict | None = None
        for _ in range(RETRIES):
            game = self.open(game_id)
            try:
                return change(game)
            except Exception as exc:
                conflict = _conflict_in(exc)
                if conflict is None:
                    raise
        assert conflict is not None
        raise conflict


class _StoreHook:
    """The commit hook that makes the store the commit point of a game.

    It appends each batch; after ``rotate-seed`` it stores the new dice secret; and
    it keeps the game record's summary (players, commitment, status) current.
    """

    def __init__(self, store: SqlStore, record: GameRecord) -> None:
        self.store = store
        self.secret = record.secret
        self.meta = dict(record.meta)

    def attach(self, game: Game) -> None:
        game.commit_hooks.append(self)

    def __call__(self, game: Game, events: list[dict[str, Any]]) -> None:
        self.store.append(game.id, events)
        # The events are stored first: the old secret is revealed in them before the
        # store forgets it for the new one.
        secret = game.secret.hex()
        if secret != self.secret:
            self.store.set_secret(game.id, secret)
            self.secret = secret
        meta = _meta(game, self.meta)
        if meta != self.meta:
            self.store.update_meta(game.id, meta)
            self.meta = meta


def _meta(game: Game, previous: Mapping[str, Any]) -> dict[str, Any]:
    """The game record's summary, for listings; other keys in ``previous`` are kept."""
    root = game.state.root
    meta = dict(previous)
    meta.update({
        "title": root["game"].get("title", game.pack.title),
        "players": list(root.get("players", {})),
        "params": root["game"].get("params", {}),
        "commitment": dice.commitment(game.secret),
        "status": root["game"].get("status", "active"),
    })
    return meta


def _secret_of(record: GameRecord) -> bytes:
    if record.secret is None:
        raise GameError(f"game {record.id!r} has no dice secret in the store")
    try:
        return bytes.fromhex(record.secret)
    except ValueError:
        raise GameError(f"game {record.id!r} has a malformed dice secret in the store") from None


def _keep_text(game: Game, name: str, texts: Mapping[str, str]) -> dict[str, str]:
    """The typed texts of the arguments that action ``name`` declares as ``str``."""
    textual = {arg.name for _rule, decl in game.ruleset.actions.get(name, ())
               for arg in decl.args if arg.type is str}
    return {key: text for key, text in texts.items() if key in textual}


def _conflict_in(exc: BaseException) -> SeqConflict | None:
    """The ``SeqConflict`` behind ``exc``, if any.

    The engine reports a failing commit hook as the action's failure, chaining the
    store's exception as the cause, so the conflict may sit a few links down.
    """
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, SeqConflict):
            return current
        seen.add(id(current))
        if current.__cause__ is not None:
            current = current.__cause__
        else:
            current = None if current.__suppress_context__ else current.__context__
    return None

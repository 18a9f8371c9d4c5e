"""The games a game service keeps in memory, to change them without reading them again."""

from __future__ import annotations

import threading
from collections import OrderedDict

from nomicon.kernel.engine import Game

__all__ = ["RecentGames"]


class RecentGames:
    """The games a service used lately (a few), each at the last event it knows.

    A change takes its game out (:meth:`take`) and puts it back when done
    (:meth:`put`), so a game is in the hands of one change at a time and is never
    copied for it; a change that finds no game here reads it from the store. A game
    put back replaces an older one of the same id. Thread-safe.
    """

    def __init__(self, size: int) -> None:
        self._size = size
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._lock = threading.Lock()
        self._users: dict[str, threading.RLock] = {}

    def using(self, game_id: str) -> threading.RLock:
        """The lock a thread holds while it has the game (to change or to read), so
        that others wait for it rather than read the game from the store again. A
        thread may take it again (a change made while reading reads the store)."""
        with self._lock:
            found = self._users.get(game_id)
            if found is None:
                found = self._users[game_id] = threading.RLock()
            return found

    def put(self, game: Game) -> None:
        with self._lock:
            kept = self._games.get(game.id)
            if kept is None or kept.head <= game.head:
                self._games[game.id] = game
            self._games.move_to_end(game.id)
            while len(self._games) > self._size:
                self._games.popitem(last=False)

    def take(self, game_id: str) -> Game | None:
        with self._lock:
            return self._games.pop(game_id, None)

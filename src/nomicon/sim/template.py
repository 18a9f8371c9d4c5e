"""Fresh games for simulations, copied from one game created once.

Creating a game enacts its pack's whole initial ruleset, which costs as much as a
short simulated game. Two fresh games of one pack with the same parameters and start
differ only in their id and in the commitment to their dice secret (in the state and
in the creation event), so a simulation creates one game, the *template*, before
anyone joins, and starts each of its games from a copy of it with the id and the
commitment put in; the players then join as :meth:`Game.create` has them join.

The template checks itself before it is used: a copy made for another id and secret
must equal, state and log, a game created afresh with them. A pack whose creation
depends on them otherwise (its setup rolls dice, say) fails the check, and its games
are then created afresh, one by one.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Registry
from nomicon.kernel.state import copy_tree

#: The template's own id and the seed of its secret: strings that no rule's text or
#: parameter contains, since they are replaced wherever they occur.
TEMPLATE_ID = "tmpl-5e1f0c9a7d3b"
_CHECK_ID = "tmpl-check-8b2e4f61"


def _replaced(value: Any, swaps: tuple[tuple[str, str], ...]) -> Any:
    """A copy of a JSON value with every occurrence of each ``old`` string (in
    strings and in keys) replaced by its ``new``."""
    cls = type(value)
    if cls is str:
        for old, new in swaps:
            if old in value:
                value = value.replace(old, new)
        return value
    if cls is dict:
        return {_replaced(k, swaps): _replaced(v, swaps) for k, v in value.items()}
    if cls is list:
        return [_replaced(v, swaps) for v in value]
    return value  # numbers, booleans, None: shared, they are immutable


def _paths_with(value: Any, needles: tuple[str, ...], path: tuple[Any, ...] = ()
                ) -> list[tuple[Any, ...]]:
    """The paths of the dict entries and list items of a JSON value whose key or
    value holds one of ``needles`` (a container is listed whole)."""
    if type(value) is str:
        return [path] if any(n in value for n in needles) else []
    if type(value) is dict:
        out = []
        for key, item in value.items():
            if any(n in key for n in needles):
                out.append((*path, key))
            else:
                out.extend(_paths_with(item, needles, (*path, key)))
        return out
    if type(value) is list:
        return [p for i, item in enumerate(value) for p in _paths_with(item, needles, (*path, i))]
    return []


class Template:
    """Fresh games of ``pack_id`` with ``params``, starting at ``start``: each as
    :meth:`Game.create` with ``simulation=True`` would make it."""

    def __init__(self, pack_id: str, *, start: datetime, params: dict[str, Any],
                 registry: Registry) -> None:
        self.pack_id = pack_id
        self.start = start
        self.params = params
        self.registry = registry
        self._game = self._created(TEMPLATE_ID, dice.secret_from_seed(TEMPLATE_ID))
        self._commitment = self._game.state.root["dice"]["epochs"][0]["commitment"]
        # Where the id and the commitment occur: only those parts are written anew.
        needles = (TEMPLATE_ID, self._commitment)
        self._root_paths = _paths_with(self._game.state.root, needles)
        self._events = [i for i, event in enumerate(self._game.log)
                        if _paths_with(event, needles)]
        # The copies' rules are the template's, so they share its ruleset (and what
        # legal_actions works out from it) until their rules change.
        self._ruleset = None if any(path[0] == "rules" for path in self._root_paths) \
            else self._game.ruleset
        secret = dice.secret_from_seed(_CHECK_ID)
        copied, fresh = self._copied(_CHECK_ID, secret), self._created(_CHECK_ID, secret)
        #: Whether copies are exactly fresh games (else :meth:`game` creates them).
        self.faithful = copied.state.root == fresh.state.root and copied.log == fresh.log

    def _created(self, game_id: str, secret: bytes) -> Game:
        return Game.create(self.pack_id, start=self.start, secret=secret, params=self.params,
                           game_id=game_id, registry=self.registry, simulation=True)

    def _copied(self, game_id: str, secret: bytes) -> Game:
        template = self._game
        swaps = ((TEMPLATE_ID, game_id), (self._commitment, dice.commitment(secret)))
        root = copy_tree(template.state.root)
        for path in self._root_paths:
            parent = root
            for key in path[:-1]:
                parent = parent[key]
            key = path[-1]
            if type(parent) is dict and type(key) is str and _replaced(key, swaps) != key:
                # A key to rename: the entries keep their order.
                entries = [(_replaced(k, swaps), _replaced(v, swaps)) if k == key else (k, v)
                           for k, v in parent.items()]
                parent.clear()
                parent.update(entries)
            else:
                parent[key] = _replaced(parent[key], swaps)
        # The log's events are never changed once committed, so the events that do
        # not name the template are shared with it.
        log = list(template.log)
        for index in self._events:
            log[index] = _replaced(log[index], swaps)
        return Game.for_simulation(template.pack, root, registry=self.registry,
                                   secret=secret, log=log, ruleset=self._ruleset)

    def game(self, game_id: str, secret: bytes, players: list[str]) -> Game:
        """A new game with this id and dice secret, which ``players`` have joined."""
        game = self._copied(game_id, secret) if self.faithful else \
            self._created(game_id, secret)
        for name in players:
            game.act(name, "join")
        return game

"""The game state: a JSON tree whose every change is recorded as an op.

The state is a fold of the log. Rules never mutate the tree directly: they call
:meth:`State.set` and :meth:`State.delete`, which change the tree in place, remember
the old value for rollback, and record a JSON op that the log keeps. Replaying the
ops of every event from an empty tree gives the live state exactly, and a refused
action is undone by walking its undo list backwards, without copying the state.

Ops are JSON lists: ``["set", path, value]`` and ``["del", path]``. A path is a list
of dict keys (strings) and list indices (integers); setting index ``len(list)``
appends.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

from nomicon.kernel.errors import NomiconError

Key = str | int
Path = Sequence[Key]
_MISSING: Any = object()  # "no default given"
_ABSENT: Any = object()  # "no value there"


class PathError(NomiconError, KeyError):
    """A path does not lead to a value."""


def _container(root: Any, path: Path) -> Any:
    node = root
    for key in path[:-1]:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            raise PathError(f"no value at {'.'.join(map(str, path))}") from None
    return node


_SCALARS = frozenset({str, int, float, bool, type(None)})


def copy_tree(value: Any) -> Any:
    """A deep copy of a JSON value.

    Performance: this is the engine's hottest copy (every write, every event's data,
    every view, every replayed op). ``copy.deepcopy`` spends most of its time on its
    memo of shared objects, which a JSON tree does not need: dicts and lists of the
    exact built-in types are copied here by plain recursion and scalars are shared
    (they are immutable). Anything else (a subclass, a set...) still goes through
    ``copy.deepcopy``, so no value can be shared with the caller.
    """
    cls = type(value)
    if cls is dict:
        # A C-level shallow copy, then only the containers in it are replaced by
        # copies: cheaper than building the dict in a comprehension (whose frame is a
        # call of its own), since most values are scalars.
        out = value.copy()
        for key, item in out.items():
            if type(item) not in _SCALARS:
                out[key] = copy_tree(item)  # a value changes, not the keys: allowed
        return out
    if cls is list:
        # Lists of scalars (a hand of cards, a turn order) are the common case: one
        # scan, then a C-level copy.
        for item in value:
            if type(item) not in _SCALARS:
                return [v if type(v) in _SCALARS else copy_tree(v) for v in value]
        return value.copy()
    if cls in _SCALARS:
        return value
    return copy.deepcopy(value)


def apply_op(root: dict[str, Any], op: Sequence[Any]) -> None:
    """Apply one recorded op to a state tree (used to rebuild from the log)."""
    kind, path = op[0], op[1]
    if not path:
        if kind != "set":
            raise PathError("cannot delete the root")
        root.clear()
        root.update(copy_tree(op[2]))
        return
    parent = _container(root, path)
    key = path[-1]
    if kind == "set":
        if isinstance(parent, list) and key == len(parent):
            parent.append(copy_tree(op[2]))
        else:
            parent[key] = copy_tree(op[2])
    elif kind == "del":
        del parent[key]
    else:
        raise ValueError(f"unknown op {kind!r}")


def fold(ops: Iterable[Sequence[Any]], root: dict[str, Any] | None = None) -> dict[str, Any]:
    """Fold ops into a state tree, starting from ``root`` or an empty tree."""
    state: dict[str, Any] = {} if root is None else root
    for op in ops:
        apply_op(state, op)
    return state


class State:
    """The live state tree, with op recording and rollback."""

    __slots__ = ("_epoch", "_ops", "_stamps", "_undo", "changes", "root")

    def __init__(self, root: dict[str, Any] | None = None) -> None:
        self.root: dict[str, Any] = {} if root is None else root
        self._ops: list[list[Any]] = []
        self._undo: list[tuple[Any, ...]] = []
        #: Counts the writes and rollbacks: the tree is as it was while this is unchanged.
        self.changes = 0
        # The count of changes at the last write under each top-level key, and a count
        # of the rollbacks and writes of the whole tree, which may have changed any
        # key (see :meth:`stamp`).
        self._stamps: dict[Key, int] = {}
        self._epoch = 0

    # -- reading -----------------------------------------------------------
    def get(self, path: Path, default: Any = _MISSING) -> Any:
        node: Any = self.root
        for key in path:
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                if default is _MISSING:
                    raise PathError(f"no value at {'.'.join(map(str, path))}") from None
                return default
        return node

    def has(self, path: Path) -> bool:
        return self.get(path, _ABSENT) is not _ABSENT

    # -- writing -----------------------------------------------------------
    def set(self, path: Path, value: Any) -> None:
        path = list(path)
        if isinstance(value, dict | list):
            # Containers are copied on the way in so that a rule keeping a reference to
            # what it stored cannot change the state behind the log's back; and the op
            # keeps its own copy: later writes inside ``value`` are ops of their own.
            value = copy_tree(value)
            op: list[Any] = ["set", path, copy_tree(value)]
        else:
            op = ["set", path, value]
        if not path:
            # A shallow copy: the old children stay the same objects, so the undo
            # entries recorded before this write still point into the tree.
            self._undo.append(("root", dict(self.root)))
            self.root.clear()
            self.root.update(copy_tree(value))
            self._ops.append(op)
            self.changes += 1
            self._epoch += 1
            return
        parent = _container(self.root, path)
        key = path[-1]
        if isinstance(parent, list):
            if not isinstance(key, int) or key > len(parent) or key < 0:
                raise PathError(f"bad list index at {'.'.join(map(str, path))}")
            if key == len(parent):
                parent.append(value)
                self._undo.append(("pop", parent))
            else:
                self._undo.append(("put", parent, key, parent[key]))
                parent[key] = value
        else:
            if not isinstance(parent, dict):
                raise PathError(f"no container at {'.'.join(map(str, path[:-1]))}")
            old = parent.get(key, _MISSING)
            if (old is not _MISSING and type(old) is type(value) and old == value
                    and not isinstance(value, dict | list)):
                return  # nothing changes; keep the log free of no-op writes
            parent[key] = value
            self._undo.append(("put", parent, key, old))
        self._ops.append(op)
        self.changes += 1
        self._stamps[path[0]] = self.changes

    def delete(self, path: Path) -> None:
        path = list(path)
        parent = _container(self.root, path)
        key = path[-1]
        if isinstance(parent, list) and isinstance(key, int) and key < 0:
            key += len(parent)  # the op and the undo record the position itself
            path[-1] = key
        try:
            old = parent[key]
        except (KeyError, IndexError, TypeError):
            return
        if isinstance(parent, list):
            assert isinstance(key, int)
            del parent[key]
            self._undo.append(("insert", parent, key, old))
        else:
            position = list(parent).index(key)
            del parent[key]
            self._undo.append(("reinsert", parent, key, old, position))
        self._ops.append(["del", path])
        self.changes += 1
        self._stamps[path[0]] = self.changes

    def append(self, path: Path, value: Any) -> None:
        """Append ``value`` to the list at ``path``."""
        items = self.get(path)
        self.set([*path, len(items)], value)

    def remove_at(self, path: Path, index: int) -> None:
        self.delete([*path, index])

    def incr(self, path: Path, amount: int) -> int:
        new: int = self.get(path, 0) + amount
        self.set(path, new)
        return new

    def stamp(self, key: Key) -> tuple[int, int]:
        """A mark of what the top-level ``key`` holds: while it is unchanged, so is
        the value under ``key`` (a write under it, a rollback or a write of the whole
        tree changes it). What depends on one part of the state only, such as a
        view's copy of the rules, is kept by it."""
        return (self._epoch, self._stamps.get(key, 0))

    # -- transactions ------------------------------------------------------
    def mark(self) -> tuple[int, int]:
        """A point to roll back to, and to take ops from."""
        return (len(self._ops), len(self._undo))

    def take_ops(self, since: int) -> list[list[Any]]:
        """The ops recorded since position ``since`` (they stay recorded)."""
        return self._ops[since:]

    def rollback(self, mark: tuple[int, int]) -> None:
        ops_at, undo_at = mark
        if len(self._undo) > undo_at:
            self.changes += 1
            self._epoch += 1
        while len(self._undo) > undo_at:
            entry = self._undo.pop()
            kind = entry[0]
            if kind == "put":
                _, parent, key, old = entry
                if old is _MISSING:
                    del parent[key]
                else:
                    parent[key] = old
            elif kind == "pop":
                entry[1].pop()
            elif kind == "insert":
                _, parent, key, old = entry
                parent.insert(key, old)
            elif kind == "reinsert":
                # Put the key back where it was: key order is meaningful (players
                # in joining order, rules as enacted).
                _, parent, key, old, position = entry
                items = list(parent.items())
                items.insert(position, (key, old))
                parent.clear()
                parent.update(items)
            elif kind == "root":
                self.root.clear()
                self.root.update(entry[1])
        del self._ops[ops_at:]

    def commit(self) -> None:
        """Forget the undo information (the ops have been taken by the log)."""
        self._ops.clear()
        self._undo.clear()

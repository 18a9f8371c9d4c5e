"""The kernel's State under random writes, marks, rollbacks and commits.

A session draws writes (set, delete, append) anywhere in a JSON tree, marks,
rollbacks to a random live mark, and commits, and checks after each:

* after a commit, the tree equals the fold of every op committed so far;
* after a rollback, the tree equals a deep copy taken at the mark, and only the ops
  recorded before the mark remain;
* (exactly) the tree is what plain edits of a model tree give, compared as JSON
  text: the same JSON types (``true`` is not ``1``) and the same key order (rules
  iterate dicts, and a rebuilt game must iterate them as the live one did).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from nomicon.kernel.state import State, fold

KEYS = st.sampled_from("abcd")
SETTINGS = settings(max_examples=300, deadline=None, derandomize=True)


def json_values(scalars: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly scalars (so that writes often meet equal-looking values), some small
    lists and dicts."""
    containers = st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=2) | st.dictionaries(KEYS, inner, max_size=2),
        max_leaves=3)
    return st.one_of(scalars, scalars, containers)


VALUES = json_values(st.sampled_from([None, 0, 1, 2, False, True, "x"]))
# Without booleans no two distinct scalars are equal in Python (``0 == False``).
DISTINCT_VALUES = json_values(st.sampled_from([None, 0, 1, 2, "x"]))


def as_json(tree: Any) -> str:
    return json.dumps(tree)


def containers(node: Any, path: tuple[str | int, ...] = ()) -> list[tuple[list[Any], Any]]:
    """Every dict and list in a tree, with its path."""
    found: list[tuple[list[Any], Any]] = []
    if isinstance(node, dict):
        found.append((list(path), node))
        for key, child in node.items():
            found.extend(containers(child, (*path, key)))
    elif isinstance(node, list):
        found.append((list(path), node))
        for index, child in enumerate(node):
            found.extend(containers(child, (*path, index)))
    return found


# One step of a session: what to do, a number that picks where (taken modulo the
# choices the tree offers then), a key for new dict entries, and a value to write.
Step = tuple[str, int, str, Any]
KINDS = ("set", "set", "set", "append", "delete", "delete", "mark", "rollback", "commit")


def steps(values: st.SearchStrategy[Any]) -> st.SearchStrategy[list[Step]]:
    return st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 10**6), KEYS, values),
                    min_size=20, max_size=60)


class Session:
    """Plays steps on a State and on a plain model tree, checking after each."""

    def __init__(self, *, exact: bool) -> None:
        self.exact = exact
        self.state = State()
        self.model: dict[str, Any] = {}
        self.committed: list[list[Any]] = []
        self.marks: list[tuple[tuple[int, int], dict[str, Any], dict[str, Any]]] = []

    def run(self, program: list[Step]) -> None:
        for number, (kind, pick, key, value) in enumerate(program):
            if kind in ("mark", "rollback", "commit"):
                getattr(self, kind)(pick)
            else:
                self.write(kind, pick, key, value)
            self.same(self.model, f"step {number}: {kind}")
        self.commit(0)

    def same(self, expected: Any, when: str) -> None:
        assert self.state.root == expected, when
        if self.exact:
            assert as_json(self.state.root) == as_json(expected), when

    def write(self, kind: str, pick: int, key: str, value: Any) -> None:
        found = containers(self.model)
        path, model = found[pick % len(found)]
        if isinstance(model, dict):
            keys = list(model)
            if kind == "delete" and keys:
                key = keys[pick % len(keys)]
                self.state.delete([*path, key])
                del model[key]
                return
            if keys and pick % 2:
                key = keys[pick % len(keys)]  # overwrite an existing entry
            self.state.set([*path, key], value)
            model[key] = copy.deepcopy(value)
        elif kind == "delete" and model:
            index = pick % len(model)
            self.state.delete([*path, index])
            del model[index]
        elif kind == "append" or not model or pick % 3 == 0:
            self.state.append(path, value)
            model.append(copy.deepcopy(value))
        else:
            index = pick % len(model)
            self.state.set([*path, index], value)
            model[index] = copy.deepcopy(value)

    def mark(self, pick: int) -> None:
        self.marks.append((self.state.mark(), copy.deepcopy(self.state.root),
                           copy.deepcopy(self.model)))

    def rollback(self, pick: int) -> None:
        if not self.marks:
            return
        index = pick % len(self.marks)
        mark, snapshot, model = self.marks[index]
        del self.marks[index + 1:]
        self.state.rollback(mark)
        self.same(snapshot, f"rolled back to mark {index}")
        assert len(self.state.take_ops(0)) == mark[0]
        self.model = copy.deepcopy(model)

    def commit(self, pick: int) -> None:
        self.committed.extend(copy.deepcopy(self.state.take_ops(0)))
        self.state.commit()
        self.marks.clear()
        self.same(fold(copy.deepcopy(self.committed)), "committed")
        assert self.state.take_ops(0) == []


@SETTINGS
@given(steps(VALUES))
def test_commit_is_the_fold_and_rollback_restores_the_mark(program: list[Step]) -> None:
    Session(exact=False).run(program)


@SETTINGS
@given(steps(VALUES))
def test_a_write_keeps_the_json_type_of_its_value(program: list[Step]) -> None:
    """Writing ``false`` where ``0`` was (or ``true`` over ``1``) must store ``false``:
    Python finds them equal, JSON and the rules' ``is``/type checks do not."""
    Session(exact=True).run(program)


@SETTINGS
@given(steps(DISTINCT_VALUES))
def test_rollback_restores_the_order_of_keys(program: list[Step]) -> None:
    """A key deleted and then rolled back comes back in its place, not at the end: a
    refused action must not reorder the live state away from the log's."""
    Session(exact=True).run(program)


def test_rollback_over_a_write_of_the_whole_tree() -> None:
    state = State({"a": {"b": 1}})
    mark = state.mark()
    state.set(["a", "b"], 2)
    state.set([], {"c": 3})
    state.rollback(mark)
    assert state.root == {"a": {"b": 1}}


def test_rollback_of_a_delete_counted_from_the_end_of_a_list() -> None:
    state = State({"items": ["x", "y", "z"]})
    mark = state.mark()
    state.delete(["items", -1])
    assert state.root == {"items": ["x", "y"]}
    state.rollback(mark)
    assert state.root == {"items": ["x", "y", "z"]}

"""A state's stamp of a top-level key: unchanged exactly while nothing under the key
may have changed (what a simulation's views keep the rules' part by)."""

from __future__ import annotations

from nomicon.kernel.state import State


def test_a_write_under_a_key_changes_its_stamp_and_no_other() -> None:
    state = State({"rules": {"1": {"text": "a"}}, "players": {}})
    rules, players = state.stamp("rules"), state.stamp("players")
    state.set(["players", "ann"], {"points": 0})
    assert state.stamp("rules") == rules and state.stamp("players") != players
    state.set(["rules", "1", "text"], "b")
    assert state.stamp("rules") != rules


def test_a_write_that_changes_nothing_keeps_the_stamp() -> None:
    state = State({"rules": {"1": {"text": "a"}}})
    before = state.stamp("rules")
    state.set(["rules", "1", "text"], "a")
    assert state.stamp("rules") == before


def test_a_deletion_a_rollback_and_a_write_of_the_whole_tree_change_it() -> None:
    state = State({"rules": {"1": {"text": "a"}, "2": {"text": "b"}}, "turn": {}})
    before = state.stamp("rules")
    state.delete(["rules", "2"])
    deleted = state.stamp("rules")
    assert deleted != before
    mark = state.mark()
    state.set(["turn", "n"], 1)
    state.rollback(mark)  # a rollback may undo writes under any key
    assert state.stamp("rules") not in (before, deleted)
    rolled = state.stamp("rules")
    state.set([], {"rules": {}})
    assert state.stamp("rules") != rolled

"""The condition language of conditional orders and standing answers: what it reads,
what it refuses when it is sent, and what it says when it cannot be evaluated."""

from __future__ import annotations

import re
from typing import Any

import pytest

from nomicon.kernel.conditions import MAX_LENGTH, Condition, ConditionError, names_for

VIEW: dict[str, Any] = {
    "players": {"alice": {"location": 5, "dollars": 300, "hats": ["red"]},
                "bob": {"location": 7, "dollars": 20},
                "items": {"location": 1}},
    "board": {"spaces": {"5": {"owner": None, "colour": "red"}, "7": {"owner": "bob"}}},
    "log": [3, 4],
}


def holds(text: str, **extra: Any) -> bool:
    return Condition(text).holds(names_for(VIEW, "alice", **extra))


@pytest.mark.parametrize(("text", "expected"), [
    ("my.location == 5", True),
    ("players.bob.location < my.location", False),
    ("my.dollars - 30 >= 250 and not my.location == 6", True),
    ("players['bob']['dollars'] * 10 // 3 == 66", True),
    ("my.dollars % 7 == 6", True),
    ("board.spaces['5'].owner == None", True),
    ("board.spaces['7'].owner == me", False),
    ("'red' in my.hats and 'blue' not in my.hats", True),
    ("len(my.hats) == 1 and max(my.location, 9) == 9 and abs(-3) == 3", True),
    ("my.location in [1, 5, 9]", True),
    ("1 < my.location < 5", False),
    ("False or my.location == 5", True),
    ("-my.location == -5", True),
    ("log[-1] == 4", True),
    # A player named like a method of a mapping is a key like any other.
    ("players.items.location == 1", True),
])
def test_conditions_read_the_view(text: str, expected: bool) -> None:
    assert holds(text) is expected


def test_names_added_by_the_caller_can_be_read() -> None:
    prompt = {"data": {"price": 5}, "options": ["hat", "pay"]}
    assert holds("prompt.data.price <= my.dollars", prompt=prompt) is True


@pytest.mark.parametrize(("text", "because"), [
    ("my.location ==", "is not an expression"),
    ("", "a condition is an expression"),
    ("__import__('os')", "the only calls are len, min, max, abs"),
    ("my.hats.append('x')", "the only calls are"),
    ("len(*my.hats)", "not part of the condition language"),
    ("(lambda: 1) == 1", "not part of the condition language"),
    ("[x for x in my.hats]", "not part of the condition language"),
    ("my.location if True else 0", "not part of the condition language"),
    ("my.__class__", "cannot start with '_'"),
    ("my.location is None", "not part of the condition language"),
    ("my.hats[0:1]", "not part of the condition language"),
    ("b'x' == 1", "not a value of the language"),
    ("x" * (MAX_LENGTH + 1), f"at most {MAX_LENGTH} characters"),
])
def test_what_is_not_in_the_language_is_refused_when_read(text: str, because: str) -> None:
    with pytest.raises(ConditionError, match=re.escape(because)):
        Condition(text)


@pytest.mark.parametrize(("text", "because"), [
    ("players.zed.location == 1", "players has no 'zed'"),
    ("my.cash > 1", "my has no 'cash'"),
    ("nothing == 1", "there is no 'nothing' to read"),
    ("my.location.x == 1", "my.location is 5, which has no 'x'"),
    ("log[5] == 1", "log has no item 5"),
    ("my.dollars + 'x' == 1", r"\+ works on numbers"),
    ("board.spaces['5'].owner < 3", "cannot be compared"),
    ("my.dollars // 0 == 1", "cannot be evaluated: integer division or modulo by zero"),
])
def test_a_condition_that_cannot_be_evaluated_says_why(text: str, because: str) -> None:
    condition = Condition(text)
    with pytest.raises(ConditionError, match=because):
        condition.holds(names_for(VIEW, "alice"))


def test_deep_nesting_is_refused_not_a_crash() -> None:
    with pytest.raises(ConditionError):
        Condition("(" * 300 + "1" + ")" * 300)

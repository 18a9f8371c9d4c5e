"""Reading YAML from people within limits: no alias bombs, no deep nesting, no huge
texts, each refused with the limit it went over."""

from __future__ import annotations

import pytest
import yaml

from nomicon.inputs import LIMITS, InputRefused, Limits, read_yaml

# 309 characters that safe_load expands to ten million values.
BOMB = "a0: &a0 [x]\n" + "".join(
    f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 8))


def test_plain_values_are_read_as_yaml() -> None:
    assert read_yaml("[{op: amend, rule: 8, params: {fives_points: 20}}]") == [
        {"op": "amend", "rule": 8, "params": {"fives_points": 20}}]
    assert read_yaml("fight") == "fight" and read_yaml("3") == 3 and read_yaml("") is None


def test_an_alias_bomb_is_refused_before_it_expands() -> None:
    assert len(BOMB) < 400
    with pytest.raises(InputRefused, match=r"anchors \(&name\) are not accepted"):
        read_yaml(BOMB)


def test_aliases_and_anchors_are_refused() -> None:
    with pytest.raises(InputRefused, match="anchors"):
        read_yaml("x: &a 1\ny: 2")
    with pytest.raises(InputRefused, match=r"aliases \(\*name\)"):
        read_yaml("x: *a")


@pytest.mark.parametrize("depth", [LIMITS.depth + 1, 1_000, 3_000, 10_000])
def test_deep_nesting_is_refused_without_recursion(depth: int) -> None:
    for text in ("[" * depth + "]" * depth, "{a: " * depth + "1" + "}" * depth):
        with pytest.raises(InputRefused, match=f"nested more than {LIMITS.depth} levels"):
            read_yaml(text)
    assert read_yaml("[" * LIMITS.depth + "]" * LIMITS.depth) is not None


def test_size_and_value_counts_are_capped() -> None:
    with pytest.raises(InputRefused, match="longer than 100,000 characters"):
        read_yaml("x" * 100_001)
    small = Limits(values=5)
    with pytest.raises(InputRefused, match="more than 5 values"):
        read_yaml("[1, 2, 3, 4, 5]", limits=small)
    assert read_yaml("[1, 2, 3, 4]", limits=small) == [1, 2, 3, 4]


def test_text_that_is_not_yaml_is_a_yaml_error() -> None:
    with pytest.raises(yaml.YAMLError):
        read_yaml("[unclosed")


def test_limits_can_be_set_in_the_environment() -> None:
    chosen = Limits.from_environment({"NOMICON_LIMIT_TEXT": "500", "NOMICON_LIMIT_DEPTH": "4"})
    assert (chosen.text, chosen.depth, chosen.values) == (500, 4, Limits().values)
    with pytest.raises(InputRefused, match="nested more than 4 levels"):
        read_yaml("[[[[[1]]]]]", limits=chosen)
    with pytest.raises(ValueError, match="NOMICON_LIMIT_DEPTH must be a positive whole"):
        Limits.from_environment({"NOMICON_LIMIT_DEPTH": "deep"})

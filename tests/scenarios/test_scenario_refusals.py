"""A step's ``error`` names the refusal it expects: a text that the message contains,
or ``{rule, contains}``, which also names the rule that must refuse (a rule's number,
or the label a refusal cites, such as "Nomicon procedure")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from nomicon import scenario
from nomicon.scenario import ScenarioInvalid


def game_with(*steps: dict[str, Any]) -> dict[str, Any]:
    """Infinite Nomic with alice to play first, then the steps."""
    return {"pack": "infinite-nomic-r7", "players": ["alice", "bob"], "steps": list(steps)}


def bob_rolls(error: Any) -> dict[str, Any]:
    return game_with({"as": "bob", "do": "roll", "error": error})


def test_a_refusal_by_the_named_rule_number_holds() -> None:
    result = scenario.run(bob_rolls({"rule": 2, "contains": "NOT YOUR TURN"}))
    assert result.ok, result.failures


def test_a_refusal_cited_by_label_holds() -> None:
    result = scenario.run(game_with(
        {"as": "bob", "do": "join", "error": {"rule": "nomicon procedure",
                                               "contains": "already a player"}}))
    assert result.ok, result.failures


def test_a_refusal_by_another_rule_fails_and_says_which_rule_refused() -> None:
    result = scenario.run(bob_rolls({"rule": 7, "contains": "not your turn"}))
    assert not result.ok
    (failure,) = result.failures
    assert failure.startswith("step 1: expected a refusal by Rule 7 containing "
                              "'not your turn', but Rule 2, Turn order refused instead: ")
    assert "bob cannot roll: not your turn" in failure


def test_a_refusal_by_a_rule_whose_number_starts_the_same_fails() -> None:
    # Rule 2 refuses; Rule 20 (Snakes and Ladders) is not Rule 2.
    result = scenario.run(bob_rolls({"rule": 20, "contains": "not your turn"}))
    assert not result.ok
    assert "Rule 2, Turn order refused instead" in result.failures[0]


def test_a_label_that_is_not_the_refusing_rules_fails() -> None:
    result = scenario.run(bob_rolls({"rule": "Nomicon procedure", "contains": "not your turn"}))
    assert not result.ok
    assert "expected a refusal by 'Nomicon procedure'" in result.failures[0]
    assert "Rule 2, Turn order refused instead" in result.failures[0]


def test_the_right_rule_with_other_words_fails() -> None:
    result = scenario.run(bob_rolls({"rule": 2, "contains": "the game is over"}))
    assert not result.ok
    assert "its message does not contain 'the game is over'" in result.failures[0]
    assert "refused instead" not in result.failures[0]


def test_arguments_out_of_range_are_refused_by_the_procedure_not_a_rule() -> None:
    # Arguments out of range are refused before any rule runs: the procedure does.
    result = scenario.run(game_with(
        {"as": "alice", "do": "deposit", "args": {"amount": 0},
         "error": {"rule": 11, "contains": "greater than or equal to 1"}}))
    assert not result.ok
    (failure,) = result.failures
    assert "expected a refusal by Rule 11 containing 'greater than or equal to 1', but " \
           "Nomicon procedure refused instead: alice cannot deposit amount=0" in failure
    assert scenario.run(game_with(
        {"as": "alice", "do": "deposit", "args": {"amount": 0},
         "error": {"rule": "Nomicon procedure", "contains": "greater than or equal to 1"}})).ok


def test_an_accepted_action_fails_a_rule_expectation() -> None:
    result = scenario.run(game_with(
        {"as": "alice", "do": "roll", "dice": [3], "error": {"rule": 7, "contains": "rolled"}}))
    assert result.failures == ["step 1: alice roll was accepted, but a refusal by Rule 7 "
                               "containing 'rolled' was expected"]


def test_the_string_form_still_matches_any_rule_and_no_rule() -> None:
    assert scenario.run(bob_rolls("Not Your Turn")).ok
    assert scenario.run(game_with({"as": "alice", "do": "deposit", "args": {"amount": 0},
                                   "error": "greater than or equal to 1"})).ok
    result = scenario.run(bob_rolls("the game is over"))
    assert result.failures[0].startswith("step 1: expected a refusal containing "
                                         "'the game is over', got: bob cannot roll")


@pytest.mark.parametrize(("error", "complaint"), [
    ({"rule": 2}, "steps.0.error.refusal.contains: Field required"),
    ({"contains": "not your turn"}, "steps.0.error.refusal.rule: Field required"),
    ({"rule": 2, "contains": ""}, "at least 1 character"),
    ({"rule": 2, "contains": "   "}, "'contains' needs some text"),
    ({"rule": 2, "contains": "turn", "why": "x"}, "steps.0.error.refusal.why: Extra inputs"),
    ({"rule": "2", "contains": "turn"}, "'rule' is a rule's number (rule: 11)"),
    ({"rule": "", "contains": "turn"}, "'rule' is a rule's number (rule: 11)"),
    ({"rule": -1, "contains": "turn"}, "a rule's number is 0 or more"),
    ({"rule": True, "contains": "turn"}, "steps.0.error.refusal.rule"),
    ({"rule": [2], "contains": "turn"}, "steps.0.error.refusal.rule"),
    (["not your turn"], "steps.0.error: 'error' is a text or {rule: ..., contains: ...}"),
])
def test_malformed_rule_expectations_are_invalid(error: Any, complaint: str) -> None:
    with pytest.raises(ScenarioInvalid, match="invalid scenario") as raised:
        scenario.load(bob_rolls(error))
    assert complaint in str(raised.value)


def test_the_readmes_examples_hold() -> None:
    """The README's steps, played where bob is a player and it is alice's turn."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```yaml\n(.*?)```", readme, flags=re.S)
                if "error:" in b]
    steps = yaml.safe_load(block)
    assert [type(step["error"]) for step in steps] == [str, dict, dict]
    result = scenario.run(game_with(*steps))
    assert result.ok, result.failures

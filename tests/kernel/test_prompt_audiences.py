"""Private and multi-select prompts (DESIGN §3, §3b). Rule 3 of the roles pack
(``rolespack.py``): "A player may put a question privately to another player, with
the referee listening. The question offers three answers, of which the player asked
picks one, or two if it is a double question. A player who has not answered within a
day takes the first answer, or the first two." """

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from rolespack import START, Kitchen, enact, new_game

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused


def kinds(game: Game, viewer: str, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.log_for(viewer) if e["type"] == kind]


def asked(double: bool = False) -> tuple[Game, dict[str, Any]]:
    """alice referees; bob asks carol; dave watches. The admin's prompt record."""
    game = new_game(("alice", "bob", "carol", "dave"))
    game.act("alice", "volunteer")
    game.act("bob", "ask", target="carol", double=double)
    [prompt] = game.view()["prompts"]
    return game, prompt


def test_a_private_question_is_read_by_the_asked_the_asker_and_the_referee() -> None:
    game, prompt = asked()
    for viewer in ("carol", "bob", "alice"):
        assert game.view(viewer)["prompts"] == [prompt]
        [opened] = kinds(game, viewer, "prompt.opened")
        assert opened["data"]["options"] == prompt["options"]
    assert prompt["seen_by"] == ["bob", "role:referee"]


def test_others_see_only_that_the_asked_player_has_a_private_decision() -> None:
    game, prompt = asked()
    stub = {"id": prompt["id"], "to": "carol", "rule": 3, "deadline": prompt["deadline"],
            "private": True}
    assert game.view("dave")["prompts"] == [stub]
    assert game.view("observer")["prompts"] == [stub]
    assert kinds(game, "dave", "prompt.opened") == []
    assert all(option not in repr(game.view("dave")) + repr(game.log_for("dave"))
               for option in prompt["options"])


def test_the_answer_reaches_the_audience_as_it_is_when_answered() -> None:
    """alice stepped down and dave became referee before carol answered: the answer
    goes to dave, not alice (the opening went to alice, not dave)."""
    game, prompt = asked()
    game.act("alice", "step-down")
    game.act("dave", "volunteer")
    assert game.view("dave")["prompts"] == [prompt]  # the state: the referee now
    assert "options" not in game.view("alice")["prompts"][0]
    game.act("carol", "choose", option=prompt["options"][2])
    [answered] = kinds(game, "admin", "prompt.answered")
    assert answered["to"] == ["bob", "carol", "dave", "role:referee"]
    assert answered["data"]["option"] == prompt["options"][2]
    assert kinds(game, "alice", "prompt.answered") == []
    assert [e["seq"] for e in kinds(game, "alice", "prompt.opened")] == [
        e["seq"] for e in kinds(game, "admin", "prompt.opened")]
    assert kinds(game, "dave", "prompt.opened") == []
    assert game.state.root["vault"]["answers"] == {str(prompt["id"]): prompt["options"][2]}


def test_the_answering_action_of_a_private_question_is_hidden_as_its_answer_is() -> None:
    """The chosen option is an argument of the choose action: its event goes to the
    question's audience; a rule's own events after it keep the audience they name."""
    game, prompt = asked()
    batch = game.act("carol", "choose", option=prompt["options"][1])
    action = batch[0]
    assert action["type"] == "action"
    assert action["to"] == ["alice", "bob", "carol", "role:referee"]
    assert [e["type"] for e in batch if e["type"] == "audience.set"] == ["audience.set"]
    hidden = {e["seq"] for e in batch if "to" in e}
    assert hidden == {e["seq"] for e in batch}
    assert hidden.isdisjoint(e["seq"] for e in game.log_for("dave"))
    # The answer to a public prompt is public, action and all.
    enact(game, Kitchen)
    game.act("dave", "order")
    answered = game.act("dave", "choose-many", options=["pie"])
    assert all("to" not in e for e in answered)
    assert [e["data"]["args"] for e in game.log_for("carol")[-3:] if e["type"] == "action"] == [
        {"options": ["pie"], "prompt": None}]


def test_a_double_question_is_answered_with_two_distinct_answers() -> None:
    game, prompt = asked(double=True)
    assert prompt["choose"] == [2, 2]
    assert prompt["default"] == prompt["options"][:2]
    pick = [prompt["options"][2], prompt["options"][0]]
    game.act("carol", "choose-many", options=pick)
    assert game.state.root["vault"]["answers"] == {str(prompt["id"]): pick}
    assert game.view()["prompts"] == []


@pytest.mark.parametrize(("answer", "reason"), [
    (["ONE"], "choose exactly 2 of the options, not 1"),
    (["A", "A"], "'zq-answer-1' is chosen twice"),
    (["A", "B", "C"], "choose exactly 2 of the options, not 3"),
    (["A", "zq-nonsense-1"], "'zq-nonsense-1' is not an option"),
])
def test_a_wrong_double_answer_is_refused_in_the_name_of_the_rule(answer: list[str],
                                                                    reason: str) -> None:
    game, prompt = asked(double=True)
    letters = dict(zip("ABC", prompt["options"], strict=True))
    given = [letters.get(a, prompt["options"][0] if a == "ONE" else a) for a in answer]
    before = len(game.log)
    with pytest.raises(ActionRefused) as refused:
        game.act("carol", "choose-many", options=given)
    assert reason in str(refused.value)
    assert "(Rule 3, Questions)" in str(refused.value)
    assert len(game.log) == before and game.view()["prompts"] == [prompt]


def test_choose_refuses_a_question_that_takes_two_answers_and_says_how() -> None:
    game, prompt = asked(double=True)
    with pytest.raises(ActionRefused) as refused:
        game.act("carol", "choose", option=prompt["options"][0])
    assert str(refused.value) == (
        f"carol cannot choose option={prompt['options'][0]!r}: {prompt['message']!r} takes "
        "exactly 2 options (Rule 3, Questions); answer it with choose-many and a list of "
        "options")


def test_choose_many_is_offered_only_while_a_question_takes_several_answers() -> None:
    game, prompt = asked(double=True)
    assert "choose-many" in {e["name"] for e in game.legal_actions("carol")}
    assert "choose" not in {e["name"] for e in game.legal_actions("carol")}
    assert "choose-many" not in {e["name"] for e in game.legal_actions("bob")}
    with pytest.raises(ActionRefused, match="bob has no decision to make that takes several"):
        game.act("bob", "choose-many", options=[])
    game.act("carol", "choose-many", options=prompt["options"][1:])
    assert "choose-many" not in {e["name"] for e in game.legal_actions("carol")}


def test_a_double_question_left_unanswered_takes_the_first_two_answers_after_a_day() -> None:
    game, prompt = asked(double=True)
    game.advance(START + timedelta(days=1))
    [defaulted] = kinds(game, "carol", "prompt.defaulted")
    assert defaulted["data"]["option"] == prompt["options"][:2]
    assert defaulted["time"] == "2022-05-03T09:00:00Z"
    assert kinds(game, "dave", "prompt.defaulted") == []
    assert game.state.root["vault"]["answers"] == {str(prompt["id"]): prompt["options"][:2]}


def test_a_range_allows_no_answer_and_an_option_not_open_is_refused() -> None:
    """Rule 6: "up to two of the dishes on the menu ... or none. Soup is off tonight." """
    game = new_game()
    enact(game, Kitchen)
    game.act("bob", "order")
    [prompt] = game.view("bob")["prompts"]
    assert (prompt["choose"], prompt["default"]) == ([0, 2], [])
    with pytest.raises(ActionRefused, match="'soup' is not open now \\(open: fish, pie\\)"):
        game.act("bob", "choose-many", options=["soup"])
    game.act("bob", "choose-many", options=[])
    assert game.state.root["served"] == []


def test_a_default_that_does_not_answer_the_prompt_is_said_when_it_opens() -> None:
    game = new_game()
    enact(game, Kitchen)
    kitchen = game.ruleset.first(Kitchen)
    assert kitchen is not None
    with game._transaction(game.clock, "admin") as ctx, ctx.running(kitchen):
        with pytest.raises(ValueError, match="default \\['soup', 'fish'\\] does not answer"):
            ctx.prompt("bob", ["soup", "fish", "pie"], ["soup", "fish"], handler="served",
                       message="dishes?", choose=1)
        with pytest.raises(ValueError, match="cannot choose exactly 4 of 3 options"):
            ctx.prompt("bob", ["soup", "fish", "pie"], [], handler="served",
                       message="dishes?", choose=4)

"""Bots answer the prompts that ask their seats, on the suite's pack of mechanisms
(``mechpack``): Rule 4, a player who retires is replaced by a random bot; Rule 7, a
dared player takes the dare or refuses it, refusing if they do not answer within a
day. A game with a bot never waits on a prompt to the bot's seat."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from harness import REGISTRY, START
from mechpack import PACK

from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.replay import replay


def retired(who: str = "carol") -> Game:
    """alice, bob and carol; alice and bob end their turns and carol retires on hers,
    after which a random bot plays her seat and its turn, until it is alice's again."""
    game = Game.create(PACK, start=START, players=["alice", "bob", "carol"],
                       secret=dice.secret_from_seed("dares"), registry=REGISTRY,
                       allow_forced=True, game_id="dares")
    game.act("alice", "end-turn")
    game.act("bob", "end-turn")
    game.act(who, "retire")
    return alices_turn(game)


def alices_turn(game: Game) -> Game:
    """Let the turns pass (each in a day, by the rules' clock) until it is alice's."""
    while game.state.root["turn"]["current"] != "alice":
        game.advance(game.clock + timedelta(days=1))
    return game


def batch_of(produced: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in produced if event["type"] == kind]


def test_a_random_bot_answers_a_prompt_to_its_seat_in_the_batch_that_opened_it() -> None:
    game = retired()
    assert game.state.root["seats"]["carol"]["bot"] == "random"
    dares = game.state.root["players"]["carol"]["dares"]
    game.force_dice([1])  # 1d2 over take, refuse: the first, take
    produced = game.act("alice", "dare", target="carol")
    [opened] = batch_of(produced, "prompt.opened")
    answer = [e for e in batch_of(produced, "action") if e["data"]["name"] == "choose"]
    assert [(e["actor"], e["data"]["args"], e["data"]["by"]) for e in answer] == [
        ("carol", {"option": "take", "prompt": opened["data"]["prompt"]}, "bot:random")]
    [rolled] = [e for e in batch_of(produced, "dice.rolled")
                if "answers prompt" in e["data"]["purpose"]]
    assert (rolled["data"]["sides"], rolled["data"]["value"]) == (2, 1)
    [answered] = batch_of(produced, "mechanisms.dare-answered")
    assert answered["data"] == {"darer": "alice", "dared": "carol", "taken": True}
    assert game.state.root["players"]["carol"]["dares"] == dares + 1
    assert not [p for p in game.state.root.get("prompts", []) if p["to"] == "carol"]
    game.act("alice", "end-turn")
    alices_turn(game)
    game.force_dice([2])  # the second: refuse
    produced = game.act("alice", "dare", target="carol")
    assert batch_of(produced, "mechanisms.dare-answered")[0]["data"]["taken"] is False
    assert game.state.root["players"]["carol"]["dares"] == dares + 1


def test_a_prompt_to_a_player_is_left_to_them_and_to_its_deadline() -> None:
    game = retired()
    produced = game.act("alice", "dare", target="bob")
    assert not batch_of(produced, "mechanisms.dare-answered")
    assert [p["to"] for p in game.state.root["prompts"]] == ["bob"]
    game.advance(START + timedelta(days=10))
    refused = [e["data"] for e in game.log if e["type"] == "mechanisms.dare-answered"]
    assert {"darer": "alice", "dared": "bob", "taken": False} in refused


def test_a_game_whose_bot_answered_prompts_replays_exactly() -> None:
    game = retired()
    game.act("alice", "dare", target="carol")
    game.act("alice", "end-turn")
    alices_turn(game).act("alice", "dare", target="carol")
    answers = [e for e in game.log if e["type"] == "action" and e["data"].get("by")
               and e["data"]["name"] == "choose"]
    assert len(answers) == 2
    rebuilt = Game.rebuild(game.log, secret=game.secret, registry=game.registry,
                           allow_forced=True)
    assert rebuilt.state.root == game.state.root
    found = replay(game.log, secret=game.secret, registry=game.registry)
    assert found.divergence is None and found.batches > 0

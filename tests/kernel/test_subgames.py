"""Sub-games in the kernel (DESIGN §3b): a parent's rule starts a child game, the
parent records it and passes it changes to its players, a child takes its parent's
inputs in order and once, and a child's result is settled into the parent once.

The games here are in memory; the service that creates child games in a store and
settles them is tested in ``tests/service/test_service_subgames.py``."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

import nomicon
from nomicon.kernel import subgames
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.replay import replay
from nomicon.verify import verify
from subgamepacks import ARCADE, DUEL, GOOFSPIEL, START, registry


def arcade(*players: str) -> Game:
    return nomicon.new_game(ARCADE, players or ("alice", "bob", "carol", "dave"), seed=1,
                            start=START, game_id="arc", registry=registry())


def of_type(game: Game, kind: str) -> list[dict[str, Any]]:
    return [event for event in game.log if event["type"] == kind]


def duel_child(parent: Game, key: str) -> Game:
    """The child game ``key`` of ``parent``, made as the service makes it."""
    record = parent.state.root["children"][key]
    return Game.create(DUEL, start=START, players=record["players"], secret=b"duel",
                       game_id=key, registry=registry(),
                       parent=subgames.link(parent.id, record))


def test_a_rule_starts_a_child_that_the_parent_records_and_shows() -> None:
    game = arcade()
    game.act("alice", "challenge", target="bob", at=START + timedelta(hours=1))
    started = of_type(game, "child.started")
    assert [e["data"] for e in started] == [{
        "child": "arc-1", "pack": DUEL, "players": ["alice", "bob"], "referee": None,
        "params": {}, "cause": "alice challenged bob"}]
    assert started[0]["rule"] == 3
    view = game.view("carol")
    assert view["children"] == {"arc-1": {
        "id": "arc-1", "pack": DUEL, "players": ["alice", "bob"], "referee": None,
        "params": {}, "cause": "alice challenged bob", "rule": 3,
        "started": "2024-06-03T13:00:00Z", "status": "started", "inputs": []}}
    game.act("carol", "challenge", target="dave")
    assert list(game.view("observer")["children"]) == ["arc-1", "arc-2"]


def test_a_child_the_rules_cannot_have_is_refused_in_the_rules_name() -> None:
    game = arcade()
    before = (len(game.log), game.state.root)
    with pytest.raises(ActionRefused) as refused:
        game.act("alice", "challenge", target="zed")
    assert "Rule 3" in str(refused.value) and "'zed' is not a player of this game" in str(
        refused.value)
    with pytest.raises(ActionRefused) as bad:
        game.act("alice", "start-pure-skill", players=["alice", "bob", "carol"], cards=14)
    assert "Rule 2" in str(bad.value) and "bad parameters" in str(bad.value)
    assert "cards" in str(bad.value)
    with pytest.raises(ActionRefused) as twice:
        game.act("alice", "start-pure-skill", players=["alice", "alice", "bob"])
    assert "a player is named twice" in str(twice.value)
    assert (len(game.log), game.state.root) == before
    assert "children" not in game.state.root


def test_the_child_names_its_parent_in_its_view_and_its_creation() -> None:
    parent = arcade()
    parent.act("alice", "challenge", target="bob")
    child = duel_child(parent, "arc-1")
    assert child.view("observer")["game"]["parent"] == {
        "game": "arc", "child": "arc-1", "players": ["alice", "bob"], "referee": None,
        "inputs": 0}
    assert child.log[0]["data"]["parent"]["game"] == "arc"
    assert list(child.state.root["players"]) == ["alice", "bob"]


def test_a_childs_log_verifies_and_replays_with_its_parent_link() -> None:
    parent = arcade()
    parent.act("alice", "challenge", target="bob")
    child = duel_child(parent, "arc-1")
    child.act("admin", "parent-input", n=1, kind="status.ended", player="bob",
              data={"name": "sick"})
    child.act("alice", "strike")
    report = verify(child.log, secret=child.secret, registry=registry())
    assert report.ok, report.problems
    assert replay(child.log, registry=registry()).divergence is None


def test_a_change_to_a_childs_player_is_queued_for_the_child() -> None:
    game = arcade()
    game.act("alice", "challenge", target="bob")
    game.act("carol", "vacation", at=START + timedelta(hours=2))  # plays in no child
    game.act("bob", "vacation", at=START + timedelta(hours=3))
    record = game.state.root["children"]["arc-1"]
    assert record["inputs"] == [{
        "n": 1, "kind": "status.granted", "player": "bob", "time": "2024-06-03T15:00:00Z",
        "data": {"holder": "bob", "name": "vacation", "until": None, "by": "bob",
                 "data": {}, "again": False}}]
    assert [e["data"] for e in of_type(game, "child.input")] == [
        {"child": "arc-1", "n": 1, "kind": "status.granted", "player": "bob"}]
    game.act("bob", "back")
    assert [entry["kind"] for entry in game.state.root["children"]["arc-1"]["inputs"]] == [
        "status.granted", "status.ended"]


def test_the_referee_of_a_child_hears_of_changes_too_and_a_settled_child_no_more() -> None:
    game = arcade()
    game.act("alice", "start-pure-skill", players=["alice", "bob", "carol"], referee="dave")
    game.act("dave", "vacation")
    assert [i["player"] for i in game.state.root["children"]["arc-1"]["inputs"]] == ["dave"]
    game.act("admin", "settle-child", child="arc-1", result={"winners": []})
    game.act("dave", "back")
    assert len(game.state.root["children"]["arc-1"]["inputs"]) == 1


def test_a_child_takes_its_parents_inputs_in_order_and_once() -> None:
    parent = arcade()
    parent.act("alice", "challenge", target="bob")
    child = duel_child(parent, "arc-1")
    child.act("admin", "parent-input", n=1, kind="status.ended", player="bob",
              data={"name": "sick"})
    assert child.state.root["heard"] == [[1, "status.ended", "bob"]]
    head = child.head
    with pytest.raises(ActionRefused) as again:
        child.act("admin", "parent-input", n=1, kind="status.ended", player="bob", data={})
    assert "input 1 from parent game arc was received already" in str(again.value)
    assert "Nomicon procedure" in str(again.value)
    with pytest.raises(ActionRefused) as skipped:
        child.act("admin", "parent-input", n=3, kind="status.ended", player="bob", data={})
    assert "input 2 from parent game arc comes before input 3" in str(skipped.value)
    assert child.head == head
    with pytest.raises(ActionRefused) as orphan:
        parent.act("admin", "parent-input", n=1, kind="x", player="bob", data={})
    assert "this game has no parent game" in str(orphan.value)


def test_a_duellist_on_vacation_forfeits_by_the_childs_own_rule() -> None:
    parent = arcade()
    parent.act("alice", "challenge", target="bob")
    child = duel_child(parent, "arc-1")
    child.act("admin", "parent-input", n=1, kind="status.granted", player="bob",
              data={"holder": "bob", "name": "vacation"})
    assert child.is_over and child.state.root["winners"] == ["alice"]


def test_a_childs_result_is_settled_once_and_the_parents_rule_pays() -> None:
    game = arcade()
    game.act("alice", "start-pure-skill", players=["alice", "bob", "carol"], referee="dave")
    result = {"winners": ["bob"], "scores": {"alice": 3, "bob": 9, "carol": 0},
              "referee": "dave", "rounds": 13}
    game.act("admin", "settle-child", child="arc-1", result=result,
             at=START + timedelta(days=9))
    settled = of_type(game, "child.settled")
    assert [e["data"] for e in settled] == [{
        "child": "arc-1", "pack": GOOFSPIEL, "cause": "alice started a Game of Pure Skill",
        **result}]
    # Clause 5: the winner receives 8 points and a standard Trophy, the referee A$8.
    assert game.view("admin")["players"]["bob"]["points"] == 8
    assert game.view("admin")["players"]["bob"]["trophies"] == 1
    assert game.view("admin")["players"]["dave"]["A$"] == 8
    record = game.state.root["children"]["arc-1"]
    assert (record["status"], record["result"], record["settled"]) == (
        "settled", result, "2024-06-12T12:00:00Z")
    before = (len(game.log), game.state.root)
    with pytest.raises(ActionRefused) as again:
        game.act("admin", "settle-child", child="arc-1", result=result)
    assert ("child game arc-1 was settled already, at 2024-06-12T12:00:00Z"
            in str(again.value))
    assert (len(game.log), game.state.root) == before
    assert game.view("admin")["players"]["bob"]["points"] == 8


def test_a_result_without_a_single_winner_pays_nobody() -> None:
    game = arcade()
    game.act("alice", "start-pure-skill", players=["alice", "bob", "carol"], referee="dave")
    game.act("admin", "settle-child", child="arc-1", result={"winners": [], "referee": "dave"})
    players = game.view("admin")["players"]
    assert [players[name]["points"] for name in players] == [0, 0, 0, 0]
    assert players["dave"]["A$"] == 0


def test_what_cannot_be_settled_is_refused_and_changes_nothing() -> None:
    game = arcade()
    game.act("alice", "challenge", target="bob")
    before = (len(game.log), game.state.root)
    with pytest.raises(ActionRefused) as unknown:
        game.act("admin", "settle-child", child="arc-9", result={})
    assert "this game has no child game 'arc-9'" in str(unknown.value)
    assert "awaiting a result: arc-1" in str(unknown.value)
    with pytest.raises(ActionRefused) as malformed:
        game.act("admin", "settle-child", child="arc-1", result={"winner": "alice"})
    assert "not a child game's result: winner: Extra inputs are not permitted" in str(
        malformed.value)
    with pytest.raises(ActionRefused) as player:
        game.act("alice", "settle-child", child="arc-1", result={})
    assert "only the admin may do this" in str(player.value)
    assert (len(game.log), game.state.root) == before


def test_the_admin_is_offered_settling_only_while_a_child_awaits_its_result() -> None:
    game = arcade()
    assert "settle-child" not in [a["name"] for a in game.legal_actions("admin")]
    assert "parent-input" not in [a["name"] for a in game.legal_actions("admin")]
    game.act("alice", "challenge", target="bob")
    offered = {a["name"]: a for a in game.legal_actions("admin")}
    assert offered["settle-child"]["args"]["child"]["choices"] == ["arc-1"]
    game.act("admin", "settle-child", child="arc-1", result={"winners": ["bob"]})
    assert "settle-child" not in [a["name"] for a in game.legal_actions("admin")]


def test_the_parents_log_with_its_children_verifies() -> None:
    game = arcade()
    game.act("alice", "challenge", target="bob")
    game.act("bob", "vacation")
    game.act("admin", "settle-child", child="arc-1",
             result={"winners": ["alice"], "scores": {"alice": 0, "bob": 0}})
    assert game.view("admin")["players"]["alice"]["points"] == 3  # Rule 3: 3 points
    report = verify(game.log, secret=game.secret, registry=registry())
    assert report.ok, report.problems


def test_a_childs_id_fits_a_game_id_and_differs_between_parents() -> None:
    assert subgames.child_id("arc", 12) == "arc-12"
    long_one, long_two = "p" * 64, "p" * 63 + "q"
    ids = {subgames.child_id(long_one, 1), subgames.child_id(long_two, 1)}
    assert len(ids) == 2 and all(len(i) <= 64 for i in ids)
    assert all(i.endswith("-1") for i in ids)

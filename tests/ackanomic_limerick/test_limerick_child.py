"""The Limerick Contest (Ackanomic 1250.8) played as a child game of another game, and
its votes kept from other players until the voting period ends. (Its clauses are
pinned by the scenario files in tests/scenarios/ackanomic-limerick.)"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

import nomicon
from nomicon.kernel import subgames
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from subgamepacks import ArcadePack, registry

START = datetime(2024, 6, 3, 12, tzinfo=UTC)
CHILD = "ackanomic-limerick"
FIRST = "A\nB\nC\nD\nE"
SECOND = "F\nG\nH\nI\nJ"


def child_of(players: list[str], referee: str | None, voters: list[str],
             poet: str | None, members: list[str]) -> Game:
    """A Limerick Contest child of an arcade, made as the service makes one: the
    parent's players are the ``voters`` parameter, its Poet Laureate ``poet_laureate``."""
    parent = nomicon.new_game(ArcadePack.id, voters, seed=1, start=START, game_id="arc",
                              registry=registry())
    params = {"voters": voters, "poet_laureate": poet}
    record = {"id": "arc-1", "pack": CHILD, "players": players, "referee": referee,
              "params": params, "status": "running", "inputs": []}
    return Game.create(CHILD, start=START, players=members, secret=b"limerick",
                       game_id="arc-1", registry=registry(), params=params,
                       parent=subgames.link(parent.id, record))


def test_as_a_child_the_parents_players_vote_and_the_poet_laureate_counts_twice() -> None:
    """2) "Exactly 2, with Count Tabula as a referee ... Permissible for Count Tabula to
    be both a player and referee": alice is both. 4) "all Ackanomic players may send
    their vote": the parent's four players, erin not among them. The Poet Laureate
    (dave) counts twice: 2 for bob against carol's 1 for alice."""
    everyone = ["alice", "bob", "carol", "dave", "erin"]
    game = child_of(["alice", "bob"], "alice", ["alice", "bob", "carol", "dave"], "dave",
                    everyone)
    contest = game.state.root["limerick"]
    assert contest["players"] == ["alice", "bob"] and contest["referee"] == "alice"
    game.act("bob", "submit", text=SECOND)
    game.act("alice", "submit", text=FIRST)
    game.act("alice", "choose", option="accept")
    game.act("alice", "choose", option="accept")
    assert game.state.root["limerick"]["phase"] == "voting"
    game.act("carol", "vote", **{"for": "alice"})
    game.act("dave", "vote", **{"for": "bob"})
    with pytest.raises(ActionRefused, match="you are not one of the voters"):
        game.act("erin", "vote", **{"for": "alice"})
    game.advance(START + timedelta(days=3))
    assert game.is_over
    assert game.pack.result(game.state.root) == {
        "winners": ["bob"], "scores": {"alice": 1, "bob": 2}, "referee": "alice",
        "rounds": 1, "how": "votes", "posted": ["bob", "alice"],
        "limericks": {"bob": SECOND, "alice": FIRST}, "poet": "dave"}


def test_a_child_waits_for_its_players_and_referee_to_be_members() -> None:
    """3) "As described in rule 1250.1, section VI": the main game chose the players and
    the referee; the contest begins when they are all in the child game."""
    game = child_of(["alice", "bob"], "carol", ["alice", "bob", "carol"], None,
                    ["alice", "bob"])
    assert game.state.root["limerick"]["phase"] == "waiting"
    with pytest.raises(ActionRefused, match="the contest has not begun"):
        game.act("alice", "submit", text=FIRST)
    game.act("carol", "join")
    assert game.state.root["limerick"]["phase"] == "writing"
    assert game.state.root["limerick"]["referee"] == "carol"


def test_a_vote_is_not_in_another_players_view_or_log_until_the_voting_ends() -> None:
    """4) the players "send their vote to the referee": until the 3 days end, neither
    the views nor the log another player reads hold a vote; then it is revealed."""
    game = nomicon.new_game(CHILD, ["alice", "bob", "carol", "dave"], seed=3, start=START,
                            params={"with_referee": True, "contests": 1})
    game.act("alice", "submit", text=FIRST)
    game.act("bob", "submit", text=SECOND)
    game.act("carol", "choose", option="accept")
    game.act("carol", "choose", option="accept")
    game.act("dave", "vote", **{"for": "bob"})
    for reader in ("alice", "bob"):
        seen = json.dumps([game.view(reader), game.log_for(reader)])
        assert "for=bob" not in seen and '"dave": "bob"' not in seen
    assert "for=bob" in json.dumps(game.log_for("dave"))
    assert game.view("carol")["steps"]["limerick-votes"]["submissions"]["dave"] == "bob"
    game.advance(START + timedelta(days=3))
    resolved = [e for e in game.log_for("alice") if e["type"] == "step.resolved"]
    assert resolved and resolved[-1]["data"]["submissions"]["dave"] == "bob"


def test_a_vote_for_a_limerick_and_a_vote_on_a_proposal_go_to_their_own_rules() -> None:
    """Rule 5's ``vote`` (``for``) and the proposals' ``vote`` (``proposal``, ``vote``)
    share a name: the arguments given say which rule takes the vote."""
    game = nomicon.new_game(CHILD, ["alice", "bob", "carol"], seed=5, start=START,
                            params={"contests": 1})
    game.act("alice", "submit", text=FIRST)
    game.act("bob", "submit", text=SECOND)
    game.act("carol", "propose", title="Shorter votes", text="Voting lasts 2 days.")
    game.act("carol", "vote", proposal=1, vote="for")
    game.act("carol", "vote", **{"for": "bob"})
    assert game.state.root["proposals"]["1"]["votes"] == {"carol": "for"}
    assert game.view("carol")["steps"]["limerick-votes"]["submissions"] == {"carol": "bob"}

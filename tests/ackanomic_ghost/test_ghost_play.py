"""Ghost (Ackanomic 1250.9) played: as a child game with the result its parent pays
from, a Duel, the referee's report of a protest, and its page. (Its clauses are pinned
by the scenario files in tests/scenarios/ackanomic-ghost.)"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

import nomicon
from nomicon.kernel import subgames
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.packs.ackanomic import ghost, ghost_pages
from subgamepacks import ArcadePack, registry

START = datetime(2024, 6, 3, 12, tzinfo=UTC)
PACK = ghost.PACK_ID


def child(players: list[str], referee: str | None, *, duel: bool = False) -> Game:
    """A Ghost child of an arcade game, made as the service makes one."""
    parent = nomicon.new_game(ArcadePack.id, ("alice", "bob", "carol", "dave", "erin"),
                              seed=1, start=START, game_id="arc", registry=registry())
    record = {"id": "arc-1", "pack": PACK, "players": players, "referee": referee,
              "params": {"duel": duel}, "status": "running", "inputs": []}
    return Game.create(PACK, start=START, players=[*players, *([referee] if referee else [])],
                       secret=b"ghost", game_id="arc-1", registry=registry(),
                       params={"duel": duel}, parent=subgames.link(parent.id, record))


def fix_order(game: Game, order: list[str]) -> None:
    for path, value in (("ghost.order", order), ("ghost.playing", order),
                        ("ghost.turn", order[0]), ("ghost.had_turn", [order[0]])):
        game.act("admin", "set", path=path, value=value)


def test_the_order_of_play_is_drawn_by_the_dice_and_logged() -> None:
    """4: "The referee shall randomly assign each player a different integer ranging from
    1 to N"; player 1 plays first."""
    game = child(["alice", "bob", "carol", "dave"], None)
    order = game.state.root["ghost"]["order"]
    assert sorted(order) == ["alice", "bob", "carol", "dave"]
    assert game.state.root["ghost"]["turn"] == order[0]
    started = [e for e in game.log if e["type"] == "ghost.started"]
    assert started[0]["data"]["order"] == order


def test_a_child_game_records_its_dictionary_and_its_result_carries_the_payoff() -> None:
    """5: four or more who began: the winner's points are the number who began; the
    referee A$8; a standard Trophy. The child pays nobody: the parent does."""
    game = child(["alice", "bob", "carol", "dave"], "erin")
    assert game.state.root["dictionary"] == nomicon.authoring.words.record()
    fix_order(game, ["alice", "bob", "carol", "dave"])
    for player in ("bob", "carol", "dave"):
        game.act(player, "resign")
    assert game.is_over
    assert game.pack.result(game.state.root) == {
        "winners": ["alice"], "scores": {"alice": 1, "bob": 0, "carol": 0, "dave": 0},
        "referee": "erin", "rounds": 1, "began": 4, "duel": False, "winner_points": 4,
        "referee_dollars": 8, "trophy": True, "order": ["alice", "bob", "carol", "dave"]}
    assert game.state.root["players"]["alice"].get("points", 0) == 0


@pytest.mark.parametrize(("began", "points"), [(2, 4), (3, 4), (4, 4), (6, 6), (8, 8),
                                               (9, 8), (12, 8)])
def test_the_winners_points_follow_the_number_who_began(began: int, points: int) -> None:
    """5: "fewer than four ... four points. If from four to eight ... equal to the
    number of players that began the game. If more than eight ... 8 points"."""
    assert ghost.winner_points(began, duel=False) == points
    assert ghost.winner_points(began, duel=True) == 0


def test_a_duel_takes_no_additions_and_pays_no_points() -> None:
    """4: "Players may not be added to instances of Ghost being played as a Duel." 5:
    "If this game took place as a Duel, the winner shall receive no additional
    compensation"."""
    game = child(["alice", "bob"], None, duel=True)
    fix_order(game, ["alice", "bob"])
    with pytest.raises(ActionRefused, match="may not be added to instances of Ghost being "
                                            "played as a Duel"):
        game.act("alice", "ask-to-join")
    game.act("alice", "begin", letter="x")
    game.advance(START + timedelta(days=3, minutes=1))
    result = game.pack.result(game.state.root)
    assert result["winners"] == ["alice"] and result["duel"] is True
    assert result["winner_points"] == 0 and result["referee_dollars"] == 8


def test_the_referee_reports_a_protest_with_the_dictionarys_finding_as_default() -> None:
    """4: "the referee shall attempt to locate it therein and report his findings";
    unanswered, the dictionary's finding stands when the report is due."""
    game = child(["alice", "bob", "carol"], "erin")
    fix_order(game, ["alice", "bob", "carol"])
    game.act("admin", "set", path="ghost.word", value="hous")
    game.act("alice", "continue", word="house")
    game.act("bob", "protest", kind="word")
    prompts = game.state.root["prompts"]
    assert [p["to"] for p in prompts] == ["erin"] and prompts[0]["default"] == "valid"
    assert "The dictionary says it is" in prompts[0]["message"]
    assert game.state.root["ghost"]["protest"]["by"] == "bob"
    game.advance(START + timedelta(days=1, minutes=1))
    state = game.state.root["ghost"]
    assert state["playing"] == ["bob", "carol"] and state["word"] is None
    assert state["turn"] == "carol"


def test_the_page_shows_the_ghost_word_whose_turn_and_the_order() -> None:
    """6: "the players in the game and their order of play, whose turn it is, the
    current ghost word, and a history of the game in progress"."""
    game = child(["alice", "bob", "carol"], None)
    fix_order(game, ["alice", "bob", "carol"])
    game.act("alice", "begin", letter="g")
    game.act("bob", "continue", word="gh")
    view = game.view("carol")
    sections = {s.title: s.read(view) for s in ghost_pages.PAGE.sections}
    facts = sections["The ghost word"]
    assert isinstance(facts, dict)
    assert facts["The ghost word"] == "GH" and facts["Whose turn"] == "carol"
    assert [row["player"] for row in sections["Order of play"]] == ["alice", "bob", "carol"]
    assert [row["ghost word"] for row in sections["History"]] == ["G", "GH"]

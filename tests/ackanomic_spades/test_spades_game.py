"""Spades (Ackanomic 1250.15) played through the engine: seating, the private deal,
bids, trick play, scoring, winning, concessions, the time limit with and without a
referee, and the game as a child game.

Most games here are dealt with every die forced to 1: the seating shuffle then keeps
the joining order (alice, bob, carol, dave are players 1 to 4), and the deal's shuffle
keeps the deck's order (spades, hearts, diamonds, clubs, each 2 to Ace), dealt one
card at a time from player 1. So player 1 holds the 1st, 5th, 9th... cards of the
deck: 2S 6S TS AS 5H 9H KH 4D 8D QD 3C 7C JC, and so on round the table.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import nomicon
from nomicon.governance.preview import preview
from nomicon.kernel import subgames
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.kernel.views import log_view
from nomicon.packs.ackanomic import spades_cards as cards
from nomicon.packs.ackanomic.spades import PACK_ID
from nomicon.sim import whatif

START = datetime(2024, 6, 3, 12, tzinfo=UTC)
PLAYERS = ("alice", "bob", "carol", "dave")
# The deck in order, dealt one at a time from player 1 (see the module's docstring).
HANDS = {
    "alice": ["AS", "TS", "6S", "2S", "KH", "9H", "5H", "QD", "8D", "4D", "JC", "7C", "3C"],
    "bob": ["JS", "7S", "3S", "AH", "TH", "6H", "2H", "KD", "9D", "5D", "QC", "8C", "4C"],
    "carol": ["QS", "8S", "4S", "JH", "7H", "3H", "AD", "TD", "6D", "2D", "KC", "9C", "5C"],
    "dave": ["KS", "9S", "5S", "QH", "8H", "4H", "JD", "7D", "3D", "AC", "TC", "6C", "2C"],
}
ONES = [1] * 60  # 3 rolls seat the players, 51 shuffle the deck, the rest are spare


def table(*, referee: bool = False, target: int = 500, seed: int = 7) -> Game:
    """A game whose last member joins with every die forced to 1."""
    members = [*PLAYERS, "rita"] if referee else list(PLAYERS)
    game = nomicon.new_game(PACK_ID, members[:-1], seed=seed, start=START,
                            params={"referee": referee, "target": target}, allow_forced=True)
    game.force_dice(list(ONES))
    game.act(members[-1], "join")
    game.force_dice([])  # the rest of the game rolls the game's own dice
    game._forced.clear()
    return game


def spades(game: Game) -> dict[str, Any]:
    found: dict[str, Any] = game.state.root["spades"]
    return found


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in events if event["type"] == kind]


def refused(game: Game, actor: str, name: str, **args: Any) -> str:
    """The refusal's text, after checking that it changed nothing."""
    before = (len(game.log), json.dumps(game.state.root, sort_keys=True))
    with pytest.raises(ActionRefused) as caught:
        game.act(actor, name, **args)
    assert (len(game.log), json.dumps(game.state.root, sort_keys=True)) == before
    return str(caught.value)


def bid_all(game: Game, bids: dict[str, int]) -> None:
    while spades(game)["phase"] == "bidding":
        player = spades(game)["expected"]
        game.act(player, "bid", tricks=bids[player])


def play_first_legal(game: Game, tricks: int = 13) -> None:
    """Each player plays the first card of their hand that they may play."""
    start = len(spades(game)["tricks"]) + len(spades(game)["rounds"]) * 13
    while spades(game)["phase"] == "play" and (
            len(spades(game)["tricks"]) + len(spades(game)["rounds"]) * 13 - start < tricks):
        player = spades(game)["expected"]
        played = spades(game)["played"]
        led = cards.suit(played[0][1]) if played else None
        hand = game.state.root["players"][player]["hand"]
        game.act(player, "play", card=cards.legal_plays(hand, led)[0])


# -- Beginning the game, Dealing ---------------------------------------------------------
def test_the_playing_order_makes_players_1_and_3_team_1() -> None:
    """Beginning the game: "Players 1 and 3 shall be team 1; players 2 and 4 shall be
    team 2"; the order is posted publicly."""
    game = table()
    assert spades(game)["order"] == list(PLAYERS)
    assert spades(game)["teams"] == {"1": ["alice", "carol"], "2": ["bob", "dave"]}
    began = of_type(log_view(game.log, "observer"), "spades.began")
    assert began[0]["data"]["order"] == list(PLAYERS)


def test_each_player_is_dealt_13_cards_seen_by_them_and_the_referee_only() -> None:
    """1. Dealing: "deals 13 cards to each player (sending each player eir cards by
    private email)"; 6.: "Nobody is allowed to reveal to anybody what cards any player
    has"."""
    game = table(referee=True)
    for name, dealt in HANDS.items():
        assert game.view(name)["players"][name]["hand"] == dealt
        assert game.view("rita")["players"][name]["hand"] == dealt
        others = [other for other in PLAYERS if other != name]
        for viewer in [*others, "observer"]:
            assert "hand" not in game.view(viewer)["players"][name]
    # The log: each player reads their own deal, the referee all four, nobody else any.
    for viewer in [*PLAYERS, "rita", "observer"]:
        seen = log_view(game.log, viewer)
        dealt_to = [e["data"]["player"] for e in of_type(seen, "spades.dealt")]
        assert dealt_to == (list(PLAYERS) if viewer == "rita" else
                            [viewer] if viewer in PLAYERS else [])
        deal_rolls = [e for e in of_type(seen, "dice.rolled")
                      if e["data"]["purpose"].startswith("the deal")]
        assert len(deal_rolls) == (51 if viewer == "rita" else 0)
        text = json.dumps(seen)
        for name, dealt in HANDS.items():
            if viewer not in (name, "rita"):
                assert " ".join(dealt) not in text
                assert not any(f'"{card}"' in text for card in dealt)


def test_a_preview_or_what_if_shows_no_hand_to_another_player() -> None:
    """A proposal that repeals Rule 1 (whose ``hand`` is secret) must not show the
    hands before it passes; a what-if, which plays games on, is the admin's alone."""
    game = table()
    repeal = [{"op": "repeal", "rule": 1}]
    answer = preview(game, repeal, "bob")
    assert answer["ok"] is True
    text = json.dumps(answer)
    for card in HANDS["alice"]:
        assert f'"{card}"' not in text
    assert whatif.run(game, repeal, games=1, turns=1, viewer="bob") == {
        "ok": False, "error": whatif.hidden_from(game, repeal, "bob")}


# -- 2. Bidding ----------------------------------------------------------------------------
def test_player_1_bids_first_and_there_is_no_bid_of_1() -> None:
    """2. Bidding: "In the first round, player 1 has the first bid"; "The valid bids
    are 0, 2, 3, ... 13"."""
    game = table(referee=True)
    assert spades(game)["expected"] == "alice"
    message = refused(game, "alice", "bid", tricks=1)
    assert "Rule 2" in message and "there is no bid of 1" in message
    assert "not a valid bid" in refused(game, "alice", "bid", tricks=14)
    assert "not your turn to bid" in refused(game, "bob", "bid", tricks=3)
    message = refused(game, "rita", "bid", tricks=3)
    assert "Rule 92" in message and "you are the referee" in message
    assert "not a player of this game" in refused(game, "zed", "bid", tricks=3)
    game.act("alice", "bid", nil=True)
    game.act("bob", "bid", tricks=4)
    assert spades(game)["bids"] == [["alice", 0], ["bob", 4]]
    assert "it is not time to play" in refused(game, "carol", "play", card="QS")


def test_the_highest_bidder_leads_the_first_trick_the_first_in_a_tie() -> None:
    """3.: "The player who made the highest bid (the first player who made it, in case
    of a tie) leads to the first trick"; in standard Spades player 1 would lead."""
    game = table()
    bid_all(game, {"alice": 2, "bob": 4, "carol": 3, "dave": 4})
    assert (spades(game)["phase"], spades(game)["expected"]) == ("play", "bob")
    assert "not your turn to play" in refused(game, "alice", "play", card="AS")
    # A member who joins a game already begun sits out (Number of Players: exactly 4).
    game.act("erin", "join")
    message = refused(game, "erin", "play", card="AS")
    assert "Rule 92" in message and "not one of this game's four players" in message


# -- 3. Trick play --------------------------------------------------------------------------
def test_tricks_follow_suit_and_the_highest_spade_wins() -> None:
    """3.: following suit, and "The player who played the highest Spade played to a
    trick wins the trick". Alice leads her spades high to low; in trick 4 bob, carol
    and dave have none left, and alice's 2S beats the AH, JH and QH."""
    game = table()
    bid_all(game, {"alice": 4, "bob": 3, "carol": 3, "dave": 3})
    message = refused(game, "alice", "play", card="2H")
    assert "Rule 3" in message and "2H is not in your hand" in message
    assert "'ZZ' is not a card" in refused(game, "alice", "play", card="ZZ")
    game.act("alice", "play", card="AS")
    message = refused(game, "bob", "play", card="AH")
    assert "Rule 3" in message and "you must follow suit: Spades were led" in message
    assert "write the card as JS" in refused(game, "bob", "play", card="js")
    game.act("bob", "play", card="JS")
    game.act("carol", "play", card="QS")
    game.act("dave", "play", card="KS")
    play_first_legal(game, tricks=3)
    taken = spades(game)["tricks"]
    assert [t["winner"] for t in taken] == ["alice"] * 4
    assert taken[3]["cards"] == [["alice", "2S"], ["bob", "AH"], ["carol", "JH"],
                                 ["dave", "QH"]]
    # Spades may be led at any time ("any card from eir hand"): alice led them first.
    assert taken[0]["cards"][0] == ["alice", "AS"]


def test_a_round_is_scored_and_the_next_bidder_bids_first() -> None:
    """4. Scoring after the 13th trick, and 2.: "in each later round, the next player
    in the sequence has the first bid"."""
    game = table()
    bids = {"alice": 4, "bob": 3, "carol": 0, "dave": 3}
    bid_all(game, bids)
    play_first_legal(game)
    scored = spades(game)["rounds"][0]
    won = scored["won"]
    assert sum(won.values()) == 13
    for team, (one, two) in {"1": ("alice", "carol"), "2": ("bob", "dave")}.items():
        expected = cards.score_team({one: bids[one], two: bids[two]},
                                    {one: won[one], two: won[two]}, 0)
        assert scored["teams"][team]["total"] == expected.total
        assert spades(game)["scores"][team] == expected.total
    assert (spades(game)["round"], spades(game)["expected"]) == (2, "bob")
    # Every card of round 1 has been played: its deal's rolls are public now.
    revealed = of_type(log_view(game.log, "observer"), "dice.revealed")
    assert len(revealed[0]["data"]["rolls"]) == 51


# -- 5. Winning ---------------------------------------------------------------------------
def test_a_team_at_the_target_with_the_greater_score_wins() -> None:
    """5.: "if at least one team has a Spadescore of greater than or equal to 500, and
    the teams aren't tied, the team with the greater score wins" (here the target is
    a parameter, set to 1 so that one round decides)."""
    game = table(target=1)
    bid_all(game, {"alice": 4, "bob": 2, "carol": 2, "dave": 2})
    play_first_legal(game)
    scores = spades(game)["scores"]
    assert scores["1"] != scores["2"] and max(scores.values()) >= 1
    best = max(scores, key=lambda team: scores[team])
    assert game.is_over
    assert game.state.root["winners"] == spades(game)["teams"][best]
    posted = of_type(log_view(game.log, "observer"), "spades.game-won")[0]["data"]
    assert posted["scores"] == scores and posted["how"] == "score"


def test_both_players_of_a_team_conceding_lose_the_game() -> None:
    """5.: "If both players on a team post a concession publicly, the other team wins
    the game"; one concession is not enough."""
    game = table(referee=True)
    assert "a concession says that you concede" in refused(game, "alice", "concede",
                                                           message="good game")
    game.act("alice", "concede", message="I concede")
    assert not game.is_over
    assert "conceded already" in refused(game, "alice", "concede", message="I concede")
    game.act("carol", "concede", message="We concede.")
    assert game.is_over and game.state.root["winners"] == ["bob", "dave"]
    assert game.pack.result(game.state.root) == {
        "winners": ["bob", "dave"], "scores": {"alice": 0, "carol": 0, "bob": 0, "dave": 0},
        "referee": "rita", "rounds": 0}


# -- 7. Time limit -------------------------------------------------------------------------
def test_without_a_referee_the_engine_bids_2_after_3_days() -> None:
    """7.: "If it occurs during the bidding, a bid of 2 is made"; no referee is
    seated, so the engine makes it when the 3 days are up."""
    game = table()
    game.advance(START + timedelta(days=3) - timedelta(minutes=1))
    assert spades(game)["bids"] == []
    game.advance(START + timedelta(days=3))
    assert spades(game)["bids"] == [["alice", 2]]
    chose = of_type(game.log, "spades.referee-chose")[0]["data"]
    assert (chose["player"], chose["choice"], chose["by"]) == ("alice", "2", "engine")


def test_the_referee_chooses_a_legal_card_for_a_player_who_did_not_play() -> None:
    """7.: "the referee chooses a card at random from among the cards the player could
    legally play". The referee is asked, privately; the player may no longer play;
    the referee's choice is played."""
    game = table(referee=True)
    bid_all(game, {"alice": 4, "bob": 3, "carol": 3, "dave": 3})
    game.act("alice", "play", card="AS")
    game.advance(game.clock + timedelta(days=3))
    asked = game.view("rita")["prompts"]
    assert len(asked) == 1 and asked[0]["to"] == "rita"
    assert asked[0]["options"] == ["JS", "7S", "3S"]  # bob must follow spades
    assert asked[0]["default"] in ["JS", "7S", "3S"]
    assert game.view("carol")["prompts"] == [
        {"id": asked[0]["id"], "to": "rita", "rule": 7, "deadline": asked[0]["deadline"],
         "private": True}]
    message = refused(game, "bob", "play", card="JS")
    assert "Rule 7" in message and "the referee is choosing for you" in message
    game.act("rita", "choose", option="3S")
    assert spades(game)["played"] == [["alice", "AS"], ["bob", "3S"]]
    assert spades(game)["expected"] == "carol"


def test_a_referee_who_does_not_choose_leaves_the_engines_random_card() -> None:
    """7., when the referee does not answer within their day: the random legal card
    drawn for the referee is played."""
    game = table(referee=True)
    bid_all(game, {"alice": 4, "bob": 3, "carol": 3, "dave": 3})
    game.advance(game.clock + timedelta(days=3))
    default = game.view("rita")["prompts"][0]["default"]
    game.advance(game.clock + timedelta(days=1))
    assert spades(game)["played"] == [["alice", default]]
    assert default in HANDS["alice"]


# -- the game as a child game, and its record -----------------------------------------------
def test_as_a_child_game_the_parents_players_and_referee_play() -> None:
    record = {"id": "main-1", "players": list(PLAYERS), "referee": "rita"}
    game = Game.create(PACK_ID, start=START, players=[*PLAYERS, "rita"], secret=b"spades",
                       game_id="main-1", parent=subgames.link("main", record))
    state = spades(game)
    assert sorted(state["order"]) == sorted(PLAYERS) and state["referee"] == "rita"
    assert game.state.root["roles"]["referee"] == ["rita"]
    assert state["phase"] == "bidding"
    first = state["teams"]["1"]
    for name in first:
        game.act(name, "concede", message="I concede")
    second = state["teams"]["2"]
    assert game.pack.result(game.state.root)["winners"] == second


def test_the_game_replays_from_its_log() -> None:
    game = table(referee=True, target=1)
    bid_all(game, {"alice": 4, "bob": 3, "carol": 3, "dave": 3})
    play_first_legal(game, tricks=5)
    rebuilt = Game.rebuild(list(game.log), secret=game.secret, registry=game.registry)
    assert rebuilt.state.root == game.state.root
    assert game.pack.invariants(game.state.root) == []

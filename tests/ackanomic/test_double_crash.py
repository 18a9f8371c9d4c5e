"""Double Crash (Ackanomic 1250.12): the crash count of the text's examples, the reveal
and its days for errors, the Target Words kept from everyone but their writer until
the reveal, the page, and instances through the parent with their payoff. (The
clauses are pinned by the scenario files in tests/scenarios/ackanomic-double-crash.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from ackgames import REGISTRY, START

from nomicon import words
from nomicon.kernel.engine import Game
from nomicon.packs.ackanomic import double_crash, double_crash_pages
from nomicon.packs.ackanomic.double_crash_state import crashes, salvo_size, tentative_winner
from nomicon.service import GameService
from nomicon.store import open_store

PACK = double_crash.PACK_ID
SALVO = ["crane", "stone", "plant", "bread", "light", "mouse"]
# Distinctive words that appear in no Salvo, so that any trace of them is a leak.
SECRET_A, SECRET_B = "quack", "jumpy"


def new_game(players: tuple[str, ...] = ("alice", "bob"), **params: Any) -> Game:
    """A table of one game unless ``games`` says otherwise."""
    return Game.create(PACK, start=START, players=list(players), secret=b"crash" * 4,
                       params={"games": 1, **params}, registry=REGISTRY)


@pytest.mark.parametrize(("one", "other", "count"), [
    ("heart", "spade", 1), ("staff", "chaff", 3), ("sword", "wordy", 0),
    ("crane", "crane", 5)])
def test_the_texts_examples_of_crashes(one: str, other: str, count: int) -> None:
    """"HEART crashes once with SPADE (for the A). STAFF crahses three times with CHAFF.
    SWORD does not crash with WORDY. A five-letter word crashes five times with itself.\""""
    assert crashes(one, other) == count == crashes(other, one)


def test_the_salvo_sizes_of_the_rounds() -> None:
    """Rounds 1, 3, 5, 7: 6, 5, 4, 3 words; "Hereafter ... a 3-round Salvo"."""
    assert [salvo_size(n) for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 31)] == [
        6, 6, 5, 5, 4, 4, 3, 3, 3, 3, 3]


def test_the_end_test_by_list_position_then_posting_order() -> None:
    salvos = {"alice": {"posted": 2}, "bob": {"posted": 1}}
    assert tentative_winner(salvos, {"alice": [0, 1], "bob": [1, 2]}) is None
    assert tentative_winner(salvos, {"alice": [5, 0], "bob": [0, 1]}) == (
        "alice", 1, "only one")
    assert tentative_winner(salvos, {"alice": [0, 5], "bob": [5, 0]}) == (
        "bob", 1, "list position")
    assert tentative_winner(salvos, {"alice": [0, 5], "bob": [1, 5]}) == (
        "bob", 2, "posting order")


def test_the_bots_words_are_in_the_official_dictionary() -> None:
    official = words.installed()
    assert all(official.is_word(word) and len(word) == 5 for word in double_crash.BOT_WORDS)


def play_to_a_hit(game: Game) -> None:
    game.act("alice", "target", word=SECRET_A)
    game.act("bob", "target", word=SECRET_B)
    game.act("alice", "salvo", words=SALVO)
    game.act("bob", "salvo", words=[*SALVO[:5], SECRET_A])


def test_with_days_for_errors_the_tentative_winner_wins_when_they_are_up() -> None:
    """"Once a tentative winner is found, the two players shall reveal their respective
    Target Words ... If no actual errors are found within three days, the tentative
    winner wins the game.\""""
    game = new_game(error_days=3)
    assert game.view("admin")["rules"]["48"]["params"]["error_days"] == 3
    play_to_a_hit(game)
    state = game.state.root["crash"]
    assert state["phase"] == "reveal" and state["tentative"]["player"] == "bob"
    assert state["revealed"] == {"alice": SECRET_A, "bob": SECRET_B}
    assert not game.is_over
    game.advance(START + timedelta(days=2, hours=23))
    assert not game.is_over
    game.advance(START + timedelta(days=3, minutes=1))
    assert game.is_over and game.state.root["winners"] == ["bob"]


def visible(game: Game, viewer: str) -> str:
    """Everything ``viewer`` may read: the view, the log, the page, the legal actions."""
    view = game.view(viewer)
    page = [section.read(view) for section in double_crash_pages.PAGE.sections]
    return json.dumps([view, game.log_for(viewer), page,
                       game.legal_actions(viewer) if viewer != "observer" else []],
                      default=str)


def test_no_target_word_leaks_before_the_reveal() -> None:
    """Round 1: the Target Word "should be kept secret": its writer (and the admin) see
    it; the other player and an observer see only that one was selected, in the view,
    the log, the page and the actions offered. The reveal shows both to all."""
    game = new_game()
    game.act("alice", "target", word=SECRET_A)
    game.act("bob", "target", word=SECRET_B)
    game.act("alice", "salvo", words=SALVO)
    game.act("bob", "salvo", words=SALVO)
    assert game.state.root["crash"]["round"] == 3  # the Replies are public, and posted
    for viewer, hidden in (("alice", SECRET_B), ("bob", SECRET_A),
                           ("observer", SECRET_A), ("observer", SECRET_B)):
        assert hidden not in visible(game, viewer), f"{viewer} can read {hidden}"
    assert SECRET_A in visible(game, "alice") and SECRET_B in visible(game, "bob")
    # A refusal to one player names nothing of the other's word.
    with pytest.raises(Exception) as refused:
        game.act("alice", "salvo", words=SALVO[:4])
    assert SECRET_B not in str(refused.value)
    facts = double_crash_pages.PAGE.sections[0].read(game.view("alice"))
    assert isinstance(facts, dict)
    assert facts["alice's Target Word"] == SECRET_A.upper()
    assert "bob's Target Word" not in facts and facts["Whose move"] == "alice, bob"
    game.act("alice", "salvo", words=[*SALVO[:4], SECRET_B])
    game.act("bob", "salvo", words=SALVO[:5])
    assert game.is_over
    assert SECRET_B in visible(game, "observer") and SECRET_A in visible(game, "observer")


def test_the_page_shows_the_salvos_with_their_crashes() -> None:
    game = new_game()
    game.act("alice", "target", word="heart")
    game.act("bob", "target", word="spade")
    game.act("alice", "salvo", words=SALVO)
    rows = double_crash_pages.PAGE.sections[1].read(game.view("bob"))
    assert isinstance(rows, list)
    assert [(r["word"], r["crashes"]) for r in rows] == [(w.upper(), "") for w in SALVO]
    game.act("bob", "salvo", words=SALVO)
    rows = double_crash_pages.PAGE.sections[1].read(game.view("bob"))
    assert isinstance(rows, list)
    # Bob replied to alice's Salvo with SPADE: CRANE 2, STONE 2, PLANT 1, ... MOUSE 1.
    assert [r["crashes"] for r in rows if r["player"] == "alice"] == [
        "2", "2", "1", "0", "0", "1"]


# -- the standalone table ----------------------------------------------------------------
def test_the_table_plays_game_after_game_one_place_further_round() -> None:
    """Standalone, two members play each game and the next game follows when one ends,
    seated one place further round the members; the Target Words of a game over stay
    in its result, and the next game's are secret again until its own reveal. With
    ``games`` set, the table closes after that many: one win each, nobody wins it."""
    game = new_game(("alice", "bob", "carol"), games=2, treasury=30)
    play_to_a_hit(game)  # bob's Salvo holds alice's Target Word: bob wins game 1
    state = game.state.root["crash"]
    assert state["results"] == [{
        "instance": 1, "players": ["alice", "bob"], "winner": "bob",
        "how": "tentative winner", "rounds": 2,
        "targets": {"alice": SECRET_A, "bob": SECRET_B}}]
    assert (state["instance"], state["players"], state["phase"], state["round"]) == (
        2, ["bob", "carol"], "playing", 1)
    assert (state["revealed"], state["salvos"], state["chosen"]) == ({}, [], [])
    assert game.view("bob")["players"]["bob"]["target"] is None
    assert not game.is_over
    game.act("bob", "target", word="fjord")
    game.act("carol", "target", word="nymph")
    for viewer, hidden in (("alice", "fjord"), ("alice", "nymph"), ("bob", "nymph"),
                           ("carol", "fjord"), ("observer", "fjord")):
        assert hidden not in visible(game, viewer), f"{viewer} can read {hidden}"
    game.act("bob", "salvo", words=SALVO)
    game.act("carol", "salvo", words=["fjord", *SALVO[:5]])
    assert [r["winner"] for r in game.state.root["crash"]["results"]] == ["bob", "carol"]
    assert game.is_over and game.state.root["winners"] == []
    played = double_crash_pages.PAGE.sections[2].read(game.view("observer"))
    assert isinstance(played, list)
    assert [(r["game"], r["players"], r["winner"], r["Target Words"]) for r in played] == [
        (2, "bob against carol", "carol", "bob: FJORD, carol: NYMPH"),
        (1, "alice against bob", "bob", "alice: QUACK, bob: JUMPY")]


def test_the_tables_treasury_pays_what_it_holds_and_no_a_is_created() -> None:
    """Rule 5: "the winner receives A$25 from the Treasury". A standalone table has no
    Ackanomic Treasury: it pays from its own account, which holds what its creator put
    in; one that holds less pays what it holds and the rest is written off."""
    game = new_game(("alice", "bob", "carol"), games=2, treasury=30)
    play_to_a_hit(game)
    game.act("bob", "target", word="fjord")
    game.act("carol", "target", word="nymph")
    game.act("bob", "salvo", words=SALVO)
    game.act("carol", "salvo", words=["fjord", *SALVO[:5]])
    money = game.state.root["accounts"]
    assert (money["bob"]["A$"], money["carol"]["A$"], money["treasury"].get("A$", 0)) == (
        25, 5, 0)
    unpaid = [e["data"] for e in game.log_for("admin") if e["type"] == "bad-debt"]
    assert [(d["debtor"], d["creditor"], d["paid"], d["unpaid"]) for d in unpaid] == [
        ("treasury", "carol", 5, 20)]
    empty = new_game()
    play_to_a_hit(empty)
    assert sum(account.get("A$", 0) for account in empty.state.root["accounts"].values()) == 0


# -- through the parent --------------------------------------------------------------
PLAYERS = ("alice", "bob", "carol")
CHILD = "ack-1"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    with open_store(f"sqlite:///{tmp_path / 'games.db'}") as store:
        yield GameService(store, now=lambda: START, registry=REGISTRY)


def play_child_to_a_win(service: GameService) -> str:
    """Both players post; the one seated second hits the other's Target Word."""
    with service.reading(CHILD) as game:
        first, second = game.view("admin")["crash"]["players"]
    service.act(CHILD, first, "target", {"word": "heart"})
    service.act(CHILD, second, "target", {"word": "spade"})
    service.act(CHILD, first, "salvo", {"words": SALVO})
    service.act(CHILD, second, "salvo", {"words": [*SALVO[:5], "heart"]})
    return str(second)


def test_an_instance_through_the_parent_pays_25_from_the_treasury(
        service: GameService) -> None:
    """Announce, enrol, play, settle: "If the game was not being played as a Duel, the
    winner receives A$25 from the Treasury. No Trophy is awarded"."""
    parent = service.create("ackanomic", PLAYERS, game_id="ack",
                            params={"treasury": 100}).id
    service.act(parent, "alice", "announce", {"game": "1250.12"})
    service.act(parent, "bob", "enrol", {"instance": 1})
    child = service.store.get_game(CHILD)
    assert (child.pack, child.parent) == (PACK, parent)
    winner = play_child_to_a_win(service)
    assert service.store.get_game(CHILD).meta["status"] == "ended"
    with service.reading(parent) as game:
        view = game.view("admin")
    assert view["instances"]["1"]["status"] == "settled"
    assert view["instances"]["1"]["winners"] == [winner]
    money = view["accounts"]
    assert (money[winner]["A$"], money[winner]["trophy"], money["treasury"]["A$"]) == (
        25, 0, 75)


def test_a_duel_through_the_parent_pays_nothing_and_both_failing_the_challenged_wins(
        service: GameService) -> None:
    """"If both players so fail, and the game is being held as a Duel, the challenged
    player wins"; a Duel pays no A$."""
    parent = service.create("ackanomic", PLAYERS, game_id="ack",
                            params={"treasury": 100}).id
    service.act(parent, "alice", "challenge", {"target": "bob", "game": "1250.12"})
    with service.reading(CHILD) as game:
        assert game.view("admin")["crash"]["challenged"] == "bob"
    service.advance(CHILD, START + timedelta(days=3, minutes=1))
    with service.reading(parent) as game:
        view = game.view("admin")
    assert view["instances"]["1"]["duel"]["winner"] == "bob"
    assert view["accounts"]["bob"]["A$"] == 0 and view["accounts"]["treasury"]["A$"] == 100

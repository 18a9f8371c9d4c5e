"""Tromino Go (1250.11), Single Capture Go (1250.13), Diplomacy (1250.14) and Spades
(1250.15) as instances of the Ackanomic parent, through the game service: announced,
enrolled in, played to the end in their child games, and paid once as each text says.
Diplomacy's plug-in is a separate distribution: without it, Diplomacy is refused."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from ackgames import REGISTRY, START

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.kernel.pack import Initial, Registry
from nomicon.packs.ackanomic.games_ii import DIPLOMACY_PACK, Diplomacy, diplomacy_shares
from nomicon.packs.ackanomic.parent import Ackanomic
from nomicon.service import GameService
from nomicon.store import open_store

PLAYERS = ("alice", "bob", "carol", "dave", "erin")
CHILD = "ack-1"
HAS_DIPLOMACY = importlib.util.find_spec("nomicon_diplomacy") is not None
WITHOUT_DIPLOMACY = ("the Diplomacy plug-in (nomicon-diplomacy) is not installed: "
                     "its game is refused, which test_diplomacy_without_its_plugin checks")


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    with open_store(f"sqlite:///{tmp_path / 'games.db'}") as store:
        yield GameService(store, now=lambda: START, registry=REGISTRY)


def view(service: GameService, game_id: str, part: str) -> Any:
    with service.reading(game_id) as game:
        return game.view("admin")[part]


def ended(service: GameService, game_id: str) -> list[dict[str, Any]]:
    return [e["data"] for e in service.history(game_id) if e["type"] == "instance.ended"]


# -- Tromino Go ---------------------------------------------------------------------------
def test_tromino_go_pays_its_winner_and_referee_from_the_treasury(service: GameService) -> None:
    parent = service.create("ackanomic", PLAYERS, game_id="ack",
                            params={"treasury": 100}).id
    # "exactly two players and one referee": alice announces and referees.
    service.act(parent, "alice", "announce", {"game": "1250.11", "referee": True})
    service.act(parent, "bob", "enrol", {"instance": 1})
    service.act(parent, "carol", "enrol", {"instance": 1})
    child = service.store.get_game(CHILD)
    assert (child.pack, child.parent) == ("ackanomic-tromino-go", parent)
    # 7.: bob concedes the round with 7 Gamepoints; carol accepts and scores them, and
    # "When a player has scored 7 or more Gamepoints ... e wins that game" (8.).
    service.act(CHILD, "bob", "concede", {"points": 7})
    service.act(CHILD, "carol", "accept", {})
    assert [(e["winners"], e["rounds"], e["details"]["how"]) for e in ended(service, parent)] \
        == [(["carol"], 1, "points")]
    money = view(service, parent, "accounts")
    # 8.: won on points, "2 times the difference" (7 - 0), from the treasury; the
    # referee "A$1 from the treasury for each round completed" (one round).
    assert money["carol"]["A$"] == 14 and money["alice"]["A$"] == 1
    assert money["treasury"]["A$"] == 100 - 14 - 1
    assert money["bob"]["A$"] == 0
    # "No Trophies are awarded for winning this game."
    assert all(money[p]["trophy"] == 0 for p in PLAYERS)


def test_a_tromino_go_duel_pays_its_winner_nothing(service: GameService) -> None:
    parent = service.create("ackanomic", PLAYERS, game_id="ack",
                            params={"treasury": 100}).id
    service.act(parent, "alice", "challenge", {"target": "bob", "game": "1250.11"})
    service.act(CHILD, "alice", "concede", {"points": 9})
    service.act(CHILD, "bob", "accept", {})
    assert [(e["winners"], e["duel"]) for e in ended(service, parent)] == [(["bob"], True)]
    money = view(service, parent, "accounts")
    # 8.: A$ only to the winner of "an instance ... which was not played for a Duel";
    # the engine refereed the Duel, so no referee is paid.
    assert money["bob"]["A$"] == 0 and money["treasury"]["A$"] == 100
    settled = view(service, parent, "instances")["1"]["duel"]
    assert settled["winner"] == "bob"


# -- Single Capture Go --------------------------------------------------------------------
def test_single_capture_go_gives_its_winner_a_standard_trophy(service: GameService) -> None:
    parent = service.create("ackanomic", PLAYERS, game_id="ack").id
    service.act(parent, "alice", "announce", {"game": "1250.13", "referee": True})
    service.act(parent, "bob", "enrol", {"instance": 1})
    service.act(parent, "carol", "enrol", {"instance": 1})
    # 2 to 12 players: enrolment stays open its 3 days, then the instance starts.
    service.advance(parent, START + timedelta(days=3, minutes=1))
    child = service.store.get_game(CHILD)
    assert (child.pack, child.parent) == ("ackanomic-single-capture-go", parent)
    letters = view(service, CHILD, "scgo")["letters"]
    # III.: "the referee assigns each player a different capital Letter" (the dice).
    assert sorted(letters) == ["bob", "carol"] and len(set(letters.values())) == 2
    assert all(letter.isupper() for letter in letters.values())
    # bob plays; carol does not, so "Any player who did not play in the most recent
    # round is also doomed", and bob, the one non-doomed player left, wins.
    service.act(CHILD, "bob", "play", {"square": "c3"})
    service.advance(parent, START + timedelta(days=6, minutes=2))
    [data] = ended(service, parent)
    assert data["winners"] == ["bob"] and data["details"]["letters"] == letters
    money = view(service, parent, "accounts")
    # 5): "The winner receives a standard Trophy", and nothing else is paid.
    assert money["bob"]["trophy"] == 1
    assert all(money[p]["points"] == 0 and money[p]["A$"] == 0 for p in PLAYERS)
    assert all(money[p]["trophy"] == 0 for p in PLAYERS if p != "bob")


def test_single_capture_go_is_not_played_as_a_duel() -> None:
    game = Game.create("ackanomic", start=START, players=PLAYERS, secret=b"g" * 32,
                       registry=REGISTRY)
    with pytest.raises(ActionRefused, match="Single Capture Go is not played as a Duel"):
        game.act("alice", "challenge", target="bob", game="1250.13")


# -- Spades -------------------------------------------------------------------------------
def test_spades_is_four_players_and_a_referee_and_pays_nothing(service: GameService) -> None:
    parent = service.create("ackanomic", PLAYERS, game_id="ack").id
    service.act(parent, "alice", "announce", {"game": "1250.15", "referee": True})
    for player in ("bob", "carol", "dave", "erin"):
        service.act(parent, player, "enrol", {"instance": 1})
    child = service.store.get_game(CHILD)
    assert (child.pack, child.parent) == ("ackanomic-spades", parent)
    table = view(service, CHILD, "spades")
    # The referee's random playing order: players 1 and 3 are team 1, 2 and 4 team 2.
    order = table["order"]
    assert sorted(order) == ["bob", "carol", "dave", "erin"]
    assert table["teams"] == {"1": [order[0], order[2]], "2": [order[1], order[3]]}
    # 5.: "If both players on a team post a concession publicly, the other team wins".
    for player in table["teams"]["1"]:
        service.act(CHILD, player, "concede", {"message": "we concede"})
    [data] = ended(service, parent)
    assert sorted(data["winners"]) == sorted(table["teams"]["2"])
    money = view(service, parent, "accounts")
    # "No Trophies are awarded for winning", and the text names no points or A$.
    assert all(money[p]["points"] == 0 and money[p]["A$"] == 0 and money[p]["trophy"] == 0
               for p in PLAYERS)


def test_spades_needs_exactly_four_players() -> None:
    game = Game.create("ackanomic", start=START, players=PLAYERS[:4], secret=b"g" * 32,
                       registry=REGISTRY)
    # Four players of Ackanomic, but one referees and the others are three.
    game.act("alice", "announce", game="1250.15", referee=True)
    for player in ("bob", "carol", "dave"):
        game.act(player, "enrol", instance=1)
    game.advance(START + timedelta(days=3, minutes=1))
    record = game.view("admin")["instances"]["1"]
    assert record["status"] == "aborted"


# -- Diplomacy ----------------------------------------------------------------------------
def test_diplomacy_split_of_8_points() -> None:
    # IV: 8 split evenly, else "the greatest positive multiple of the number of winners
    # that is less than 8", else nothing.
    assert [diplomacy_shares(n) for n in range(0, 10)] == [0, 8, 4, 2, 2, 1, 1, 1, 1, 0]


def test_diplomacy_without_its_plugin() -> None:
    # A server without the plug-in: every installed pack but Diplomacy's.
    registry = Registry([pack for key, pack in REGISTRY.packs.items() if key != DIPLOMACY_PACK])
    game = Game.create("ackanomic", start=START, players=PLAYERS, secret=b"g" * 32,
                       registry=registry)
    before = game.head
    with pytest.raises(ActionRefused) as caught:
        game.act("alice", "announce", game="1250.14", referee=True)
    assert "nomicon-diplomacy" in str(caught.value) and "not installed" in str(caught.value)
    assert game.head == before


# A variant of the starting position (III B 2) in which the 34 supply centres are
# shared so that any four powers hold 18 or more between them: whatever countries the
# dice give four players, together they may claim a co-win at once.
VARIANT = {"units": {"AUSTRIA": ["A VIE"], "ENGLAND": ["F LON"], "FRANCE": ["A PAR"],
                     "GERMANY": ["F KIE"], "ITALY": ["A ROM"], "RUSSIA": ["A MOS"],
                     "TURKEY": ["F ANK"]},
           "centers": {"AUSTRIA": ["BUD", "TRI", "VIE", "SER", "GRE"],
                       "ENGLAND": ["LON", "LVP", "EDI", "NWY", "SWE"],
                       "FRANCE": ["PAR", "MAR", "BRE", "SPA", "POR"],
                       "GERMANY": ["BER", "KIE", "MUN", "DEN", "HOL"],
                       "ITALY": ["ROM", "NAP", "VEN", "TUN"],
                       "RUSSIA": ["MOS", "STP", "WAR", "SEV", "RUM"],
                       "TURKEY": ["ANK", "CON", "SMY", "BUL", "BEL"]},
           "phase": "F1901M"}


class ShortDiplomacy(Diplomacy):
    key = "test-short-diplomacy"
    spec = replace(Diplomacy.spec, params=VARIANT)


class AckanomicShortDiplomacy(Ackanomic):
    id = "test-ackanomic-short-diplomacy"
    title = "Ackanomic whose Diplomacy starts near its end"
    initial = (*(entry for entry in Ackanomic.initial if entry.cls is not Diplomacy),
               Initial(ShortDiplomacy))
    rule_classes = (*Ackanomic.rule_classes, ShortDiplomacy)


@pytest.mark.skipif(not HAS_DIPLOMACY, reason=WITHOUT_DIPLOMACY)
def test_diplomacy_co_winners_split_8_points_and_the_referee_gets_10(tmp_path: Path) -> None:
    registry = REGISTRY.with_pack(AckanomicShortDiplomacy())
    with open_store(f"sqlite:///{tmp_path / 'games.db'}") as store:
        service = GameService(store, now=lambda: START, registry=registry)
        parent = service.create(AckanomicShortDiplomacy.id, PLAYERS, game_id="ack").id
        # III A: "A player announces their intent to be a referee": whoever announces
        # Diplomacy referees it, and does not play.
        service.act(parent, "alice", "announce", {"game": "1250.14"})
        record = view(service, parent, "instances")["1"]
        assert (record["referee"], record["enrolled"]) == ("alice", [])
        # II: at most "Number of Ackanomic players less 1" (4 of 5), the referee apart:
        # full with four, it starts at once.
        players = ["bob", "carol", "dave", "erin"]
        for player in players:
            service.act(parent, player, "enrol", {"instance": 1})
        assert service.store.get_game(CHILD).pack == DIPLOMACY_PACK
        table = view(service, CHILD, "diplomacy")
        assert sorted(table["countries"]) == players and table["referee"] == "alice"
        # IV: "2 or more players may claim a win by, as a group, controlling enough of
        # the game space ... provided all players involved acknowledge this claim".
        service.act(CHILD, "bob", "claim-co-win", {"players": players})
        for player in players[1:]:
            service.act(CHILD, player, "acknowledge-co-win", {})
        [data] = ended(service, parent)
        assert sorted(data["winners"]) == players
        money = view(service, parent, "accounts")
        # Four winners split 8 points evenly, 2 each; each receives the Golden Knife
        # (INTERPRETATIONS.md); "Upon the end of a game, the referee receives A$10."
        assert [(money[p]["points"], money[p]["golden-knife"]) for p in players] == [
            (2, 1)] * 4
        assert (money["alice"]["A$"], money["alice"]["points"]) == (10, 0)
        assert all(money[p]["A$"] == 0 for p in players)

"""The payoffs of the games declared but not built yet, which are rules of the parent:
Ghost's points by the number who began (4 / N / 8) and A$8 to the referee,
Fictionary's A$ per Gamepoint or A$12 each on a tie at the top, Double Crash's A$25
from the Treasury unless a Duel, and the Limerick Contest's nothing. Their child games
are stood in for by the blank Nomic pack; each result is settled as the service
settles a child's (the procedure's ``settle-child``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from ackgames import START, new_game

from nomicon.kernel.engine import Game

PACK = "test-ackanomic-playable"


def names(count: int) -> tuple[str, ...]:
    return tuple(f"p{n:02d}" for n in range(1, count + 1))


def settle(game: Game, result: dict[str, Any]) -> None:
    child = game.view("admin")["instances"]["1"]["child"]
    game.act("admin", "settle-child", child=child, result=result)


def money(game: Game) -> dict[str, Any]:
    found: dict[str, Any] = game.view("admin")["accounts"]
    return found


def ghost(began: int) -> Game:
    """An instance of Ghost that ``began`` players began, p01 first, which the last
    player referees; one more player could have enrolled (active players less 1)."""
    players = names(began + 2)
    game = new_game(PACK, players)
    game.act("p01", "announce", game="1250.9")
    game.act(players[-1], "volunteer-referee", instance=1)
    for player in players[1:began]:
        game.act(player, "enrol", instance=1)
    game.advance(START + timedelta(days=3))
    assert game.view("admin")["instances"]["1"]["status"] == "started"
    return game


@pytest.mark.parametrize(("began", "points"), [(2, 4), (3, 4), (4, 4), (6, 6), (8, 8),
                                               (9, 8), (10, 8)])
def test_ghost_pays_points_by_the_number_who_began(began: int, points: int) -> None:
    game = ghost(began)
    referee = names(began + 2)[-1]
    settle(game, {"winners": ["p02"], "referee": referee})
    found = money(game)
    assert (found["p02"]["points"], found["p02"]["trophy"]) == (points, 1)
    assert found[referee]["A$"] == 8
    assert found["p01"]["points"] == 0


def test_ghost_without_a_winner_pays_nobody() -> None:
    game = ghost(4)
    settle(game, {"winners": [], "referee": "p06"})
    assert all(entry.get("points", 0) == 0 and entry.get("A$", 0) == 0
               for entry in money(game).values())


def test_ghost_as_a_duel_gives_its_winner_the_trophy_and_no_points() -> None:
    game = new_game(PACK, names(4))
    game.act("p01", "challenge", target="p02", game="1250.9")
    settle(game, {"winners": ["p02"], "referee": None})
    found = money(game)
    assert (found["p02"]["points"], found["p02"]["trophy"]) == (0, 1)
    assert game.view("admin")["instances"]["1"]["duel"]["winner"] == "p02"


def fictionary(scores: dict[str, int]) -> Game:
    game = new_game(PACK, names(5))
    game.act("p01", "announce", game="1250.10")
    for player in names(5)[1:]:
        game.act(player, "enrol", instance=1)  # full at 5: the active players
    settle(game, {"winners": [], "scores": scores})
    return game


def test_fictionary_pays_the_single_top_scorer_an_a_dollar_per_gamepoint_and_a_trophy() -> None:
    found = money(fictionary({"p01": 27, "p02": 25, "p03": 3, "p04": 0, "p05": 12}))
    assert (found["p01"]["A$"], found["p01"]["trophy"]) == (27, 1)
    assert all(found[p]["A$"] == 0 and found[p]["trophy"] == 0
               for p in ("p02", "p03", "p04", "p05"))


def test_fictionary_pays_a_dollar_12_to_each_tied_at_the_top_and_no_trophy() -> None:
    found = money(fictionary({"p01": 26, "p02": 26, "p03": 3, "p04": 0, "p05": 12}))
    assert [found[p]["A$"] for p in names(5)] == [12, 12, 0, 0, 0]
    assert all(found[p]["trophy"] == 0 for p in names(5))


def double_crash(treasury: int) -> Game:
    game = new_game(PACK, names(3), params={"treasury": treasury})
    game.act("p01", "announce", game="1250.12")
    game.act("p02", "enrol", instance=1)
    return game


def test_double_crash_pays_a_dollar_25_from_the_treasury_and_no_trophy() -> None:
    game = double_crash(40)
    settle(game, {"winners": ["p02"]})
    found = money(game)
    assert (found["p02"]["A$"], found["p02"]["trophy"], found["treasury"]["A$"]) == (25, 0, 15)


def test_double_crash_takes_what_a_poorer_treasury_holds() -> None:
    game = double_crash(10)
    settle(game, {"winners": ["p02"]})
    assert (money(game)["p02"]["A$"], money(game)["treasury"]["A$"]) == (10, 0)


def test_double_crash_as_a_duel_pays_nothing() -> None:
    game = new_game(PACK, names(3), params={"treasury": 40})
    game.act("p01", "challenge", target="p02", game="1250.12")
    settle(game, {"winners": ["p02"]})
    assert (money(game)["p02"]["A$"], money(game)["treasury"]["A$"]) == (0, 40)


def test_the_limerick_contest_pays_nothing_and_count_tabula_referees() -> None:
    game = new_game(PACK, names(3))
    game.act("admin", "grant-role", player="p03", role="Count Tabula")
    game.act("p01", "announce", game="1250.8")
    assert game.view("admin")["instances"]["1"]["referee"] == "p03"
    game.act("p03", "enrol", instance=1)  # "Permissible ... both a player and referee"
    settle(game, {"winners": ["p03"], "referee": "p03"})
    assert all(entry.get("points", 0) == 0 and entry.get("A$", 0) == 0
               and entry.get("trophy", 0) == 0 for entry in money(game).values())

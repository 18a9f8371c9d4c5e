"""A substitute on the web: a user whom the rules have play a player's seat may act for
that seat and see what its player sees, through the API and the pages, without being a
member of the game; and nothing more (no admin action, no other seat, nothing once the
seat is given back). Played on a small pack of its own, below."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from nomicon.authoring import Arg, Attribute, Ctx, Initial, Pack, Rule, action
from nomicon.kernel.pack import installed
from nomicon.server import Settings, create_app

from .support import FAST_HASHER, Api, Clock, TestClient, log_in, sign_up, site_of

PACK = "test-stand-ins"


class Diaries(Rule):
    """Each player keeps a diary that only they may read. A player may name someone who is not playing to play their seat; that stand-in may give the seat back at any time. A player who writes in a diary is asked whether to seal it."""  # noqa: E501

    key = "diaries"
    pack = PACK
    number = 1
    title = "Diaries"
    attributes = (Attribute("diary", "", visibility="owner", doc="what the player wrote"),)

    @action("stand-in", Arg("substitute", str, "who plays your seat"))
    def stand_in(self, ctx: Ctx, actor: str, substitute: str) -> None:
        """Have someone who is not playing play your seat."""
        ctx.seat(actor, played_by=substitute)

    @action("give-back")
    def give_back(self, ctx: Ctx, actor: str) -> None:
        """Give the seat you play back to its player."""
        ctx.require(ctx.seat_of(actor).played_by is not None, "nobody plays your seat for you")
        ctx.seat(actor, played_by=actor)

    @action("write", Arg("text", str, "what to write"))
    def write(self, ctx: Ctx, actor: str, text: str) -> None:
        """Write in your diary."""
        ctx.set_attr(actor, "diary", text)
        ctx.prompt(actor, ["seal", "leave open"], "leave open", handler=self.sealed,
                   message="seal your diary?")

    def sealed(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        ctx.set(["sealed"], [*ctx.get(["sealed"], []), prompt["to"]])


class StandIns(Pack):
    id = PACK
    title = "Stand-ins (tests)"
    description = "A test pack whose players may have a stand-in play their seat."
    initial = (Initial(Diaries),)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    application = create_app(f"sqlite:///{tmp_path / 'web.db'}",
                             registry=installed().with_pack(StandIns()), clock=Clock(),
                             settings=Settings(tick_seconds=None), hasher=FAST_HASHER)
    yield application
    site_of(application).store.close()


@pytest.fixture
def users(app: FastAPI) -> dict[str, Api]:
    client = TestClient(app)
    return {name: sign_up(client, name) for name in ("alice", "bob", "sam", "zoe")}


@pytest.fixture
def game(users: dict[str, Api]) -> str:
    """alice's game (she is its admin and plays alice), joined by bob; alice and bob
    wrote in their diaries, and bob had sam, who is no member, play his seat."""
    made = users["alice"].ok("POST", "/api/games", {"pack": PACK, "player": "alice"})
    game_id: str = made["id"]
    users["bob"].ok("POST", f"/api/games/{game_id}/join", {"role": "player"})
    for name in ("alice", "bob"):
        users[name].ok("POST", f"/api/games/{game_id}/actions",
                       {"action": "write", "args": {"text": f"{name}'s secret"}})
    assert users["bob"].act(game_id, "stand-in", substitute="sam").status_code == 200
    return game_id


def test_a_substitute_who_is_no_member_sees_what_the_seats_player_sees(
        users: dict[str, Api], game: str) -> None:
    shown = users["sam"].ok("GET", f"/api/games/{game}")
    players = shown["view"]["players"]
    assert players["bob"]["diary"] == "bob's secret"
    assert "diary" not in players["alice"]  # alice's diary is hers alone
    assert [p["to"] for p in users["sam"].ok("GET", f"/api/games/{game}/prompts")] == ["bob"]
    assert users["zoe"].get(f"/api/games/{game}").status_code == 403  # no seat, no member


def test_a_substitute_acts_for_the_seat_in_its_players_name(users: dict[str, Api],
                                                          game: str) -> None:
    done = users["sam"].act(game, "choose", option="seal")
    assert done.status_code == 200, done.text
    answer = next(e for e in done.json()["events"] if e["type"] == "action")
    assert (answer["actor"], answer["data"]["by"]) == ("bob", "sam")
    view = users["alice"].ok("GET", f"/api/games/{game}")["view"]
    assert view["sealed"] == ["bob"]
    legal = {entry["name"] for entry in users["sam"].ok("GET", f"/api/games/{game}/legal")}
    assert "write" in legal


def test_a_substitute_may_do_nothing_more(users: dict[str, Api], game: str) -> None:
    head = len(users["alice"].ok("GET", f"/api/games/{game}/log"))
    admin = users["sam"].admin(game, "end-game")
    assert admin.status_code == 403
    assert "sam is not the admin of game" in admin.json()["error"]
    # bob does not act while sam plays his seat, and the refusal names the rule.
    refused = users["bob"].act(game, "write", text="back early")
    assert refused.status_code == 409, refused.text
    assert "your seat is played by sam (Rule 1, Diaries)" in refused.json()["error"]
    assert len(users["alice"].ok("GET", f"/api/games/{game}/log")) == head
    # Given back, the seat is bob's again and sam has no way in.
    assert users["sam"].act(game, "give-back").status_code == 200
    assert users["sam"].get(f"/api/games/{game}").status_code == 403
    assert users["bob"].act(game, "write", text="back").status_code == 200


def test_the_game_page_shows_the_substitute_the_seats_view(app: FastAPI, users: dict[str, Api],
                                                          game: str) -> None:
    browser = log_in(app, "sam")
    page = browser.client.get(f"/games/{game}/players")
    assert page.status_code == 200, page.text
    assert "bob&#39;s secret" in page.text or "bob's secret" in page.text
    assert "alice&#39;s secret" not in page.text and "alice's secret" not in page.text

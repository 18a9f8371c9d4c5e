"""Child games on the web: the API's game record names a game's parent and children,
the game's page links to each, and the members of the parent see the child through
their seat in the parent (no one joins a child)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from nomicon.server import Settings, create_app
from subgamepacks import ARCADE, DUEL
from subgamepacks import registry as subgame_registry

from .support import FAST_HASHER, Api, Clock, TestClient, log_in, sign_up, site_of


@pytest.fixture
def arcade_app(tmp_path: Path) -> Iterator[FastAPI]:
    application = create_app(f"sqlite:///{tmp_path / 'web.db'}", registry=subgame_registry(),
                             clock=Clock(), settings=Settings(tick_seconds=None),
                             hasher=FAST_HASHER)
    yield application
    site_of(application).store.close()


@pytest.fixture
def members(arcade_app: FastAPI) -> dict[str, Api]:
    client = TestClient(arcade_app)
    return {name: sign_up(client, name) for name in ("alice", "bob", "carol", "zoe")}


@pytest.fixture
def duel(members: dict[str, Api]) -> tuple[str, str]:
    """An arcade made by alice (its admin, playing alice), joined by bob and carol; alice
    has challenged bob to a Duel. zoe is no member. (parent, child)"""
    made = members["alice"].ok("POST", "/api/games", {"pack": ARCADE, "player": "alice"})
    for name in ("bob", "carol"):
        members[name].ok("POST", f"/api/games/{made['id']}/join", {"role": "player"})
    done = members["alice"].act(made["id"], "challenge", target="bob")
    assert done.status_code == 200, done.text
    return made["id"], f"{made['id']}-1"


def test_the_api_record_names_the_parent_and_the_children(members: dict[str, Api],
                                                         duel: tuple[str, str]) -> None:
    parent, child = duel
    above = members["carol"].ok("GET", f"/api/games/{parent}")
    assert (above["game"]["parent"], above["game"]["children"]) == (None, [child])
    assert above["view"]["children"][child]["pack"] == DUEL
    below = members["bob"].ok("GET", f"/api/games/{child}")
    assert (below["game"]["parent"], below["game"]["children"]) == (parent, [])
    assert below["game"]["pack"] == DUEL
    assert below["view"]["game"]["parent"]["game"] == parent
    listed = {g["id"]: g for g in members["zoe"].ok("GET", "/api/games")}
    assert listed[child]["parent"] == parent and listed[parent]["children"] == [child]


def test_the_parents_members_have_seats_in_the_child(members: dict[str, Api],
                                                    duel: tuple[str, str]) -> None:
    _, child = duel
    # bob plays in the duel: he strikes as himself.
    assert members["bob"].act(child, "strike").status_code == 200
    # carol plays in the arcade, not in the duel: she watches it.
    assert members["carol"].get(f"/api/games/{child}").status_code == 200
    refused = members["carol"].act(child, "strike")
    assert refused.status_code == 403 and "has no player" in refused.json()["error"]
    # alice, the arcade's admin, is the duel's admin and plays alice in it.
    assert members["alice"].act(child, "strike").status_code == 200
    assert members["alice"].get(f"/api/games/{child}/legal?as_admin=true").status_code == 200
    # zoe is no member of the arcade, so not of the duel.
    assert members["zoe"].get(f"/api/games/{child}").status_code == 403
    joined = members["zoe"].post(f"/api/games/{child}/join", {"role": "observer"})
    assert joined.status_code == 400
    assert "players are chosen by its parent game's rules" in joined.json()["error"]


def test_the_game_pages_link_parent_and_child(arcade_app: FastAPI, members: dict[str, Api],
                                              duel: tuple[str, str]) -> None:
    parent, child = duel
    browser = log_in(arcade_app, "carol")
    above = browser.client.get(f"/games/{parent}")
    assert above.status_code == 200
    assert f'<a href="/games/{child}">game {child}</a> ({DUEL}, started)' in above.text
    below = browser.client.get(f"/games/{child}")
    assert below.status_code == 200
    assert f'child game of <a href="/games/{parent}" rel="up">game {parent}</a>' in below.text
    for _ in range(3):  # bob's third strike wins the Duel
        assert members["bob"].act(child, "strike").status_code == 200
    settled = browser.client.get(f"/games/{parent}")
    assert f"({DUEL}, settled)" in settled.text
    assert members["carol"].ok("GET", f"/api/games/{parent}")["view"]["players"]["bob"][
        "points"] == 3

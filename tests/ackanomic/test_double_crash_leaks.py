"""Double Crash's Target Words (1250.12 IV, Round 1: "This is his Target Word, and
should be kept secret") reach nobody but their writer before the reveal through the
export of the game or a preview of an amendment: the API's preview and the proposals
page's, whatever rule of the game the amendment repeals or changes. The reveal then
shows both to everyone, in the export too.

(The view, the log, the page and the actions offered are walked in
test_double_crash.py.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ackgames import REGISTRY, START
from fastapi import FastAPI

from nomicon.packs.ackanomic import double_crash
from nomicon.server import Settings, create_app
from server.support import FAST_HASHER, PASSWORD, Api, Clock, TestClient, log_in, site_of

PACK = double_crash.PACK_ID
PLAYERS = ("alice", "bob", "carol")  # carol is a member who watches the first game
# Words that appear in no Salvo and no rule text, so that any trace of them is a leak.
WORDS = {"alice": "quack", "bob": "jumpy"}
SALVO = ["crane", "stone", "plant", "bread", "light", "mouse"]
# Every rule of the game: a preview of repealing any of them (the one that keeps the
# Target Words secret, 45, among them) must show nobody another's word.
RULES = (1, 2, 3, 5, 41, 42, 43, 44, 45, 46, 47, 48, 100)
CHANGES: tuple[list[dict[str, Any]], ...] = (
    *([{"op": "repeal", "rule": number}] for number in RULES),
    [{"op": "amend", "rule": 48, "params": {"error_days": 3}}],
    [{"op": "amend", "rule": 44, "params": {"round_days": 1}}],
)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    application = create_app(f"sqlite:///{tmp_path / 'crash.db'}", registry=REGISTRY,
                             clock=Clock(START), hasher=FAST_HASHER,
                             settings=Settings(tick_seconds=None, poll_seconds=0.05))
    yield application
    site_of(application).store.close()


@pytest.fixture
def table(app: FastAPI) -> tuple[str, dict[str, Api]]:
    """A table whose first game is in round 3: both Target Words chosen, both Salvos
    of round 1 posted and replied to (no hit), each player with an API token."""
    site = site_of(app)
    made = site.service.create(PACK, list(PLAYERS), seed=7)
    apis = {}
    for name in PLAYERS:
        user = site.accounts.sign_up(name, PASSWORD)
        site.accounts.seat(made.id, user, "player", name)
        apis[name] = Api(TestClient(app), name, site.accounts.new_token(user))
    for name, word in WORDS.items():
        assert apis[name].act(made.id, "target", word=word).status_code == 200
    for name in WORDS:
        assert apis[name].act(made.id, "salvo", words=SALVO).status_code == 200
    with site.service.reading(made.id) as game:
        assert game.state.root["crash"]["round"] == 3
    return made.id, apis


def hidden_from(viewer: str) -> list[str]:
    return [word for name, word in WORDS.items() if name != viewer]


def export_for(app: FastAPI, game: str, viewer: str) -> str:
    return json.dumps(site_of(app).service.export_game(game, viewer=viewer), default=str)


def test_the_export_shows_a_target_word_to_its_writer_only(
        app: FastAPI, table: tuple[str, dict[str, Api]]) -> None:
    game, _ = table
    for viewer in PLAYERS:
        text = export_for(app, game, viewer)
        for word in hidden_from(viewer):
            assert word not in text, f"{viewer}'s export holds {word}"
        if viewer in WORDS:
            assert WORDS[viewer] in text  # the writer's own export keeps it
    admin = export_for(app, game, "admin")
    assert all(word in admin for word in WORDS.values())


def test_a_preview_of_any_amendment_shows_nobody_anothers_target_word(
        app: FastAPI, table: tuple[str, dict[str, Api]]) -> None:
    game, apis = table
    for viewer, api in apis.items():
        for change in CHANGES:
            answer = api.post(f"/api/games/{game}/preview", {"amendment": change})
            assert answer.status_code == 200, answer.text
            assert answer.json()["ok"], (change, answer.text)
            for word in hidden_from(viewer):
                assert word not in answer.text, f"{viewer} reads {word} in {change}"
    # A preview changes nothing: the game is still in round 3, its words unrevealed.
    with site_of(app).service.reading(game) as played:
        state = played.state.root["crash"]
        numbers = sorted(rule.number for rule in played.ruleset.rules if rule.number)
        assert (state["round"], state["revealed"], numbers) == (3, {}, list(RULES))


def test_the_proposals_pages_preview_shows_nobody_anothers_target_word(
        app: FastAPI, table: tuple[str, dict[str, Api]]) -> None:
    game, _ = table
    for viewer in PLAYERS:
        browser = log_in(app, viewer)
        for change in (CHANGES[RULES.index(45)], CHANGES[RULES.index(48)]):
            page = browser.post(f"/games/{game}/proposals/preview",
                                {"amendment": json.dumps(change)},
                                csrf_from=f"/games/{game}/proposals")
            assert page.status_code == 200, page.text
            assert "with the amendment" in page.text  # the preview was shown
            for word in hidden_from(viewer):
                assert word not in page.text, f"{viewer} reads {word} on the page"


def test_after_the_reveal_the_export_shows_both_words_to_all(
        app: FastAPI, table: tuple[str, dict[str, Api]]) -> None:
    """"Once a tentative winner is found, the two players shall reveal their respective
    Target Words"."""
    game, apis = table
    assert apis["alice"].act(game, "salvo", words=SALVO[:5]).status_code == 200
    hit = [*SALVO[:4], WORDS["alice"]]
    assert apis["bob"].act(game, "salvo", words=hit).status_code == 200
    with site_of(app).service.reading(game) as played:
        assert played.state.root["crash"]["results"][0]["winner"] == "bob"
    for viewer in PLAYERS:
        text = export_for(app, game, viewer)
        assert all(word in text for word in WORDS.values()), viewer

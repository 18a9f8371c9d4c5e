"""The Spades table on the web (issue 17, item 6): the pack's own page shows the
viewer's hand (the referee's: every hand), the bids, the trick and the scores, and
neither the page nor an export shows a hand to anyone else (Rule 6)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi import FastAPI

from nomicon.kernel.pack import installed
from nomicon.server import Settings, create_app
from server.support import FAST_HASHER, PASSWORD, Clock, log_in, site_of

START = datetime(2024, 6, 3, 12, tzinfo=UTC)
PLAYERS = ("alice", "bob", "carol", "dave")
PAGE = "pages/spades"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    application = create_app(f"sqlite:///{tmp_path / 'web.db'}", registry=installed(),
                             clock=Clock(START), hasher=FAST_HASHER,
                             settings=Settings(tick_seconds=None, poll_seconds=0.05))
    yield application
    site_of(application).store.close()


@pytest.fixture
def game(app: FastAPI) -> str:
    """A game of Spades for alice, bob, carol and dave, refereed by rita."""
    site = site_of(app)
    made = site.service.create("ackanomic-spades", [*PLAYERS, "rita"], seed=11,
                               params={"referee": True})
    for name in [*PLAYERS, "rita"]:
        site.accounts.seat(made.id, site.accounts.sign_up(name, PASSWORD), "player", name)
    # olga watches: an observer, who is no player.
    site.accounts.seat(made.id, site.accounts.sign_up("olga", PASSWORD), "observer")
    return made.id


def text_of(page: str, title_id: str) -> str:
    found = re.search(rf'<section aria-labelledby="{title_id}-h".*?</section>', page, re.S)
    assert found, f"no section {title_id} on the page"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0)))


def hands(app: FastAPI, game: str) -> dict[str, list[str]]:
    with site_of(app).service.reading(game) as played:
        return {name: list(played.state.root["players"][name]["hand"]) for name in PLAYERS}


def test_the_table_shows_your_hand_and_nobody_elses(app: FastAPI, game: str) -> None:
    dealt = hands(app, game)
    with site_of(app).service.reading(game) as played:
        first = played.state.root["spades"]["expected"]
    for name in PLAYERS:
        browser = log_in(app, name)
        page = browser.client.get(f"/games/{game}/{PAGE}")
        assert page.status_code == 200
        hand = text_of(page.text, "section-your-hand")
        assert name in hand
        for other in PLAYERS:
            if other != name:
                assert other not in hand
                # No other player's cards are anywhere on the page.
                assert not any(re.search(rf"\b{card}\b", page.text) for card in dealt[other]
                               if card not in dealt[name])
        # The bid form is offered to the player whose bid it is (Rule 2), only.
        offered = re.search(r'<section aria-labelledby="section-bids-h".*?</section>',
                            page.text, re.S)
        assert offered is not None
        assert ('name="tricks"' in offered.group(0)) == (name == first)
    referee = log_in(app, "rita").client.get(f"/games/{game}/{PAGE}").text
    shown = text_of(referee, "section-your-hand")
    assert all(name in shown for name in PLAYERS)
    observer = log_in(app, "olga").client.get(f"/games/{game}/{PAGE}").text
    assert "You see no hand" in text_of(observer, "section-your-hand")
    assert "team 1" in text_of(observer, "section-the-table").lower()


def test_an_export_shows_a_player_their_own_hand_only(app: FastAPI, game: str) -> None:
    dealt = hands(app, game)
    service = site_of(app).service
    for name in PLAYERS:
        document = service.export_game(game, viewer=name)
        dealt_events = [e for e in document["log"] if e["type"] == "spades.dealt"]
        assert [e["data"]["player"] for e in dealt_events] == [name]
        assert dealt_events[0]["data"]["hand"] == dealt[name]
        text = str(document)
        for other in PLAYERS:
            if other != name:
                assert " ".join(dealt[other]) not in text
    admin = service.export_game(game)
    assert len([e for e in admin["log"] if e["type"] == "spades.dealt"]) == 4

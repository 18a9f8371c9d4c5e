"""The Diplomacy map page (issue 17, item 6): the map of the phase to be played with
the units, the powers, the viewer's own orders of this phase, and the orders of the
last phase resolved with their results. This phase's orders are sealed: no other
player, nor an observer, sees them before the phase is resolved, on this page or on
the board (which shows this page, the game drawing no board of its own)."""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from server.support import FAST_HASHER, PASSWORD, Clock, log_in, site_of

from dipgames import PACK, PLAYERS, REFEREE, START
from nomicon.kernel.pack import installed
from nomicon.server import Settings, create_app

PAGE = "pages/map"
ARROW = 'marker-end="url(#arrow)"'  # how the library's renderer draws a move


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    application = create_app(f"sqlite:///{tmp_path / 'web.db'}", registry=installed(),
                             clock=Clock(START), hasher=FAST_HASHER,
                             settings=Settings(tick_seconds=None, poll_seconds=0.05))
    yield application
    site_of(application).store.close()


@pytest.fixture
def game(app: FastAPI) -> str:
    """A game under way (steps A to F run): rita referees, seven players play, and
    olga watches."""
    site = site_of(app)
    made = site.service.create(PACK, [REFEREE, *PLAYERS], seed=1)
    for name in (REFEREE, *PLAYERS):
        site.accounts.seat(made.id, site.accounts.sign_up(name, PASSWORD), "player", name)
    site.accounts.seat(made.id, site.accounts.sign_up("olga", PASSWORD), "observer")
    site.service.act(made.id, REFEREE, "volunteer-referee", {})
    site.service.act(made.id, REFEREE, "announce-details", {"min_players": 2,
                                                            "max_players": 7})
    for player in PLAYERS:
        site.service.act(made.id, player, "enroll", {})
    return made.id


def player_of(app: FastAPI, game: str, power: str) -> str:
    with site_of(app).service.reading(game) as played:
        countries = played.state.root["diplomacy"]["countries"]
    return next(player for player, held in countries.items() if held == power)


def section(page: str, title_id: str) -> str:
    found = re.search(rf'<section aria-labelledby="{title_id}-h".*?</section>', page, re.S)
    assert found, f"no section {title_id} on the page"
    return found.group(0)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def pictures(html: str) -> list[str]:
    """The SVG documents the page's images show."""
    found = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html)
    return [base64.b64decode(data).decode() for data in found]


def everything(html: str) -> str:
    """The page's text and the text of its pictures: all a viewer could read in it."""
    return html + "".join(pictures(html))


def test_the_map_page_shows_the_board_of_the_phase_with_every_powers_units(
        app: FastAPI, game: str) -> None:
    page = log_in(app, "olga").client.get(f"/games/{game}/{PAGE}")
    assert page.status_code == 200
    facts = text_of(section(page.text, "section-the-game"))
    assert "Spring 1901, movement" in facts and REFEREE in facts
    (drawn,) = pictures(section(page.text, "section-the-map"))
    assert "<svg" in drawn and ARROW not in drawn
    powers = text_of(section(page.text, "section-powers"))
    # Standard Diplomacy's opening position: France's units, Russia's four centres.
    france = re.search(r"France (\w+) 3 ([^|]+?) Germany", powers)
    assert france and france.group(1) == player_of(app, game, "FRANCE")
    assert france.group(2).split(", ") == ["F BRE", "A MAR", "A PAR"]
    assert re.search(r"Russia \w+ 4 A WAR, A MOS, F SEV, F STP/SC", powers)
    assert "No phase has been resolved yet." in text_of(
        section(page.text, "section-orders-of-the-last-phase"))


def test_a_players_orders_are_seen_by_them_and_the_referee_alone_before_the_phase_ends(
        app: FastAPI, game: str) -> None:
    """IV: the referee adjudicates all game moves; orders are a sealed step, so
    another power and an observer see nothing of France's orders. (Not the order the
    form's help gives as an example, which every viewer reads.)"""
    france, germany = player_of(app, game, "FRANCE"), player_of(app, game, "GERMANY")
    site_of(app).service.act(game, france, "orders", {"orders": ["A PAR - PIC"]})
    own = log_in(app, france).client.get(f"/games/{game}/{PAGE}").text
    mine = text_of(section(own, "section-your-orders-this-phase"))
    assert "France" in mine and "A PAR - PIC" in mine
    assert f"Ordered {france}" in text_of(section(own, "section-the-game"))
    referee = log_in(app, REFEREE).client.get(f"/games/{game}/{PAGE}").text
    assert "A PAR - PIC" in text_of(section(referee, "section-your-orders-this-phase"))
    for viewer in (germany, "olga"):
        browser = log_in(app, viewer)
        for address in (f"/games/{game}/{PAGE}", f"/games/{game}"):
            shown = browser.client.get(address)
            assert shown.status_code == 200
            seen = everything(shown.text)
            assert "PAR - PIC" not in seen, (viewer, address)
            assert ARROW not in seen, (viewer, address)
        page = browser.client.get(f"/games/{game}/{PAGE}").text
        # That France has ordered is public (who is still to order); what is not.
        assert f"Ordered {france}" in text_of(section(page, "section-the-game"))
        assert "You have given no orders this phase." in text_of(
            section(page, "section-your-orders-this-phase"))


def test_the_last_phases_orders_are_shown_with_their_results_and_on_its_map(
        app: FastAPI, game: str) -> None:
    """Standard Diplomacy: two equal moves to one province bounce, and both units
    stay where they were."""
    service = site_of(app).service
    france, germany = player_of(app, game, "FRANCE"), player_of(app, game, "GERMANY")
    service.act(game, france, "orders", {"orders": ["A PAR - BUR", "F BRE H"]})
    service.act(game, germany, "orders", {"orders": ["A MUN - BUR"]})
    for player in PLAYERS:
        if player not in (france, germany):
            service.act(game, player, "hold", {})
    page = log_in(app, "olga").client.get(f"/games/{game}/{PAGE}").text
    last = section(page, "section-orders-of-the-last-phase")
    rows = {text_of(row).strip() for row in re.findall(r"<tr>.*?</tr>", last, re.S)}
    assert f"S1901M France {france} A PAR - BUR bounce" in rows
    assert f"S1901M Germany {germany} A MUN - BUR bounce" in rows
    assert f"S1901M France {france} F BRE H succeeds" in rows
    assert "Fall 1901, movement" in text_of(section(page, "section-the-game"))
    (current,) = pictures(section(page, "section-the-map"))
    (resolved,) = pictures(section(page, "section-the-last-phase-on-the-map"))
    assert ARROW not in current and ARROW in resolved
    powers = text_of(section(page, "section-powers"))
    assert re.search(r"France \w+ 3 F BRE, A MAR, A PAR Germany \w+ 3 F KIE, A BER, A MUN",
                     powers)

"""Issue 20, item 5: a "How to play" page for every game, of any installed pack: what
the game is, what the viewer can do now (their own legal actions, not another
player's), what happens next and when (the deadlines that apply to the viewer), and
where to read the rules; in words, with no raw structure.

Infinite Nomic's Rule 0: "A player wins once they have at least 100 Victory Points
(VP)"; Rule 3: "A player's turn autmatically ends ("passes") 24 hours after it
started"; Rule 7 lets a player roll on their turn."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from nomicon.kernel.pack import Pack, installed

from .support import PACK, PASSWORD, Clock, log_in, make_app, site_of
from .test_server_readable import problems, text_of

PACKS = tuple(sorted(pack.id for pack in installed()))


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    path: Path = tmp_path_factory.mktemp("howto") / "web.db"
    application = make_app(f"sqlite:///{path}", Clock())
    site = site_of(application)
    for name in ("alice", "bob", "olive"):
        site.accounts.sign_up(name, PASSWORD)
    yield application
    site.store.close()


def new_game(app: FastAPI, pack: str) -> str:
    """A new game of ``pack``: alice and bob play (with more players when the pack
    needs them), olive observes."""
    site = site_of(app)
    least, _ = installed_pack(pack).players
    players = ["alice", "bob", "carol", "dave", "erin"][:max(2, least)]
    game = site.service.create(pack, players, seed=5)
    for name in ("alice", "bob"):
        site.accounts.seat(game.id, site.accounts.user_named(name), "player", name)
    site.accounts.seat(game.id, site.accounts.user_named("olive"), "observer")
    return game.id


def installed_pack(pack_id: str) -> Pack:
    return next(pack for pack in installed() if pack.id == pack_id)


def section(page: str, region: str) -> str:
    found = re.search(rf'<section [^>]*data-region="{region}".*?</section>', page, re.S)
    assert found, f"the page has no {region} section"
    return found.group(0)


def said(page: str, region: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", section(page, region))).split())


def listed(page: str) -> set[str]:
    return set(re.findall(r'data-action="([^"]+)"', section(page, "now")))


@pytest.mark.parametrize("pack", PACKS)
def test_every_pack_has_the_page_for_a_player_and_an_observer(app: FastAPI, pack: str
                                                              ) -> None:
    game = new_game(app, pack)
    site = site_of(app)
    with site.service.reading(game) as stored:
        alices = {e["name"] for e in stored.legal_actions("alice")}
        bobs = {e["name"] for e in stored.legal_actions("bob")}
        title, description = stored.pack.title, stored.pack.description
    pages = {}
    for name in ("alice", "olive"):
        response = log_in(app, name).client.get(f"/games/{game}/how-to-play")
        assert response.status_code == 200, (name, response.status_code)
        pages[name] = response.text
        found = problems(f"{pack} for {name}", text_of(response.text))
        assert not found, "\n".join(found)
    alice, olive = pages["alice"], pages["olive"]
    assert html.escape(title, quote=False) in alice
    assert " ".join(description.split()) in said(alice, "what")
    # alice is offered exactly her own actions; one only bob may take is not listed.
    assert listed(alice) == alices
    assert not (bobs - alices) & listed(alice)
    assert listed(olive) == set()
    assert "You are an observer" in said(olive, "now")
    assert f'href="/games/{game}/rules"' in section(alice, "read")
    assert 'href="/games/' in section(alice, "now") or not alices


def test_infinite_nomic_says_how_to_win_whose_actions_and_when_the_turn_passes(
        app: FastAPI) -> None:
    game = new_game(app, PACK)
    alice = log_in(app, "alice").client.get(f"/games/{game}/how-to-play").text
    bob = log_in(app, "bob").client.get(f"/games/{game}/how-to-play").text
    assert ("A player wins once they have at least 100 Victory Points (VP)."
            in said(alice, "what"))
    assert "Rule 0, Winning" in said(alice, "what")
    # Rule 7: alice rolls on her turn; the roll's form is on the board.
    assert "roll" in listed(alice) and "roll" not in listed(bob)
    assert f'href="/games/{game}#action-roll"' in section(alice, "now")
    assert "Rule 7, Moving" in said(alice, "now")
    # Rule 4: a proposal is made on the proposals page.
    assert f'href="/games/{game}/proposals#action-propose"' in section(bob, "now")
    # Rule 3: alice's turn passes 24 hours after it started (the clock starts at
    # 2030-01-01 09:00 UTC); bob sees it as alice's.
    assert ("Your turn passes (Rule 3, What happens on a turn): 2030-01-02 09:00 UTC"
            in said(alice, "next"))
    assert "alice's turn passes" in said(bob, "next")
    assert "Your turn passes" not in said(bob, "next")


def test_the_times_are_in_the_viewers_time_zone(app: FastAPI) -> None:
    game = new_game(app, PACK)
    site = site_of(app)
    site.accounts.set_time_zone(site.accounts.user_named("alice"), "Europe/Paris")
    try:
        alice = log_in(app, "alice").client.get(f"/games/{game}/how-to-play").text
    finally:
        site.accounts.set_time_zone(site.accounts.user_named("alice"), "UTC")
    assert "Your turn passes (Rule 3, What happens on a turn): 2030-01-02 10:00 CET" in said(
        alice, "next")

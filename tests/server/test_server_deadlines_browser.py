"""Browser test of the deadlines on the board page (issue 20, item 4), in Chromium:
alice opens her Infinite Nomic game and sees when her turn passes (Rule 3: "A
player's turn autmatically ends ("passes") 24 hours after it started") in her time
zone, with a countdown that the page's script keeps running; after she moves, her 5
minutes to continue (Rule 7) count down second by second."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from .browserkit import Server, serve
from .support import PACK, PASSWORD, make_app, site_of

pw = pytest.importorskip("playwright.sync_api")
expect = pw.expect


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("deadlines") / "web.db"
    with serve(make_app(f"sqlite:///{db}", poll_seconds=0.2)) as running:
        yield running


def test_the_board_shows_a_deadline_and_its_countdown(
        server: Server, new_page: Callable[..., Any]) -> None:
    site = site_of(server.app)
    game = site.service.create(PACK, ["alice", "bob"], seed=11)
    alice = site.accounts.sign_up("deadline-alice", PASSWORD)
    site.accounts.seat(game.id, alice, "player", "alice")
    site.accounts.set_time_zone(alice, "Asia/Tokyo")
    page = new_page()
    page.goto("/login")
    page.get_by_label("Name").fill("deadline-alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")
    page.goto(f"/games/{game.id}")
    passes = page.locator("#deadlines li", has_text="Your turn passes")
    expect(passes).to_have_count(1)
    # Tokyo is 9 hours ahead of UTC, all year.
    with site.service.reading(game.id) as played:
        due = played.state.root["timers"]["turn-pass"]["due"]
    expect(passes.locator("time")).to_have_attribute("datetime", due)
    expect(passes.locator("time")).to_contain_text("JST")
    expect(passes.locator(".countdown")).to_have_text(re.compile(r"\(in 2[34] h \d+ min\)"))

    site.service.act(game.id, "alice", "roll")
    page.goto(f"/games/{game.id}")
    own = page.locator("#deadlines li", has_text="Your turn ends unless you continue it")
    countdown = own.locator(".countdown")
    expect(countdown).to_have_text(re.compile(r"\(in [45] min \d+ s\)"))
    first = countdown.text_content()
    # The script counts down: the text changes while the page stays.
    expect(countdown).not_to_have_text(str(first))
    assert page.problems == []

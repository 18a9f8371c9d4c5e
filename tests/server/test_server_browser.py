"""Browser tests: Playwright drives Chromium against a real server on a free port.

Two accounts play Infinite Nomic through the pages: they sign up, join, take turns,
answer a Cop Car prompt, propose and vote, and each sees the other's moves arrive
without reloading. Screenshots of the board page of every installed pack are taken
and checked. Chromium is Debian's (the test command installs it); the tests are
skipped only when it is missing and CI is not set: in CI they must run.

Set ``NOMICON_SCREENSHOTS`` to a directory to keep the screenshots there as well.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from nomicon.kernel.pack import installed
from nomicon.server.accounts import ADMIN

from .browserkit import Server, log_in, serve, sign_up, submit
from .support import PACK, PASSWORD, cop_car_seed, make_app, site_of

pw = pytest.importorskip("playwright.sync_api")
expect = pw.expect

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app served by uvicorn from a thread, on 127.0.0.1 and a free port."""
    db = tmp_path_factory.mktemp("browser") / "web.db"
    with serve(make_app(f"sqlite:///{db}", poll_seconds=0.2)) as running:
        yield running


def board_desc(page: Any) -> str:
    return str(page.locator("#board svg desc").text_content())


def answer_defaults(page: Any) -> None:
    """Answer every decision waiting on the board page with its default."""
    for _ in range(5):
        waiting = page.locator("#prompts article.prompt")
        if not waiting.count():
            return
        card = waiting.first
        default = card.locator("p.meta strong").first.inner_text()
        submit(page, card.get_by_role("button", name=default, exact=True))
        page.locator("#prompts").wait_for()


def test_two_players_play_infinite_nomic_in_their_browsers(
        new_page: Callable[..., Any]) -> None:
    alice, bob = new_page(), new_page()
    sign_up(alice, "alice")
    sign_up(bob, "bob")

    # alice starts a game from the lobby and plays in it; bob joins
    alice.get_by_label("Rules").select_option(PACK)
    alice.get_by_text("More options").click()
    alice.get_by_label("Dice seed").fill(str(cop_car_seed()))
    alice.get_by_role("button", name="Start the game").click()
    alice.wait_for_url("**/games/*")
    game = alice.url.rstrip("/").rsplit("/", 1)[1]
    assert "You are the admin and play alice" in alice.locator("#status").inner_text()
    bob.goto("/")
    bob.locator(f"form[action='/games/{game}/join']").get_by_role(
        "button", name="Join as a player").click()
    bob.wait_for_url(f"**/games/{game}")
    assert "You are bob" in bob.locator("#status").inner_text()
    alice.reload()
    assert "bob on space 1" in board_desc(alice)

    # bob's window updates without a reload: a marker set in it now must survive
    bob.evaluate("window.__stillHere = true")

    # alice rolls a 3 onto the Cop Car and must answer it
    submit(alice, alice.locator("#action-roll").get_by_role("button", name="Roll"))
    prompt = alice.locator("#prompts article.prompt")
    assert "the Cop Car stops you" in prompt.inner_text()
    expect(bob.locator("#board svg desc")).to_contain_text("alice on space 4")
    submit(alice, alice.locator("#prompts").get_by_role("button", name="admit"))
    expect(alice.locator("#prompts article.prompt")).to_have_count(0)
    expect(bob.locator("#board svg desc")).to_contain_text("alice in Jail")
    submit(alice, alice.locator("#action-end-turn").get_by_role("button", name="End turn"))

    # bob's turn arrives live: his Roll form appears; he rolls with the keyboard
    roll = bob.locator("#action-roll button")
    roll.wait_for()
    assert bob.evaluate("window.__stillHere") is True
    roll.focus()
    with bob.expect_navigation():
        bob.keyboard.press("Enter")
    expect(bob.locator("#board svg desc")).not_to_contain_text("bob on space 1")
    expect(alice.locator("#board svg desc")).to_have_text(board_desc(bob))

    # bob answers what his roll asks of him (whatever he landed on), taking the defaults
    answer_defaults(bob)

    # bob proposes; alice, watching the proposals page, sees it arrive and votes
    alice.goto(f"/games/{game}/proposals")
    alice.evaluate("window.__stillHere = true")
    bob.goto(f"/games/{game}/proposals")
    form = bob.locator("#action-propose")
    form.get_by_label("title").fill("Richer fives")
    form.get_by_label("text").fill("Fives give 20 points.")
    form.get_by_label("amendment").fill("[{op: amend, rule: 8, params: {fives_points: 20}}]")
    submit(bob, form.get_by_role("button", name="Propose"))
    expect(bob.locator(".flash")).to_contain_text("bob proposes #1: Richer fives")
    alice.locator("#proposal-1").wait_for()
    assert alice.evaluate("window.__stillHere") is True
    vote = alice.locator("#action-vote")
    vote.get_by_label("proposal").select_option("1")
    vote.get_by_label("vote").select_option("up")
    submit(alice, vote.get_by_role("button", name="Vote"))
    expect(bob.locator("#proposal-1")).to_contain_text("alice up")
    bob.locator("#action-vote").get_by_label("proposal").select_option("1")
    bob.locator("#action-vote").get_by_label("vote").select_option("up")
    submit(bob, bob.locator("#action-vote").get_by_role("button", name="Vote"))
    expect(bob.locator("#proposal-1")).to_contain_text("alice up, bob up")

    # the chart of scores and balances is drawn by plotly
    alice.goto(f"/games/{game}/players")
    alice.locator(".charts .main-svg").first.wait_for()
    # the history shows every roll with its purpose, and the seed's commitment
    alice.goto(f"/games/{game}/history?rolls=true")
    rolls = alice.locator("#log tbody").inner_text()
    assert "movement 1d6 for alice" in rolls and "movement 1d6 for bob" in rolls
    assert alice.locator("#dice code.hash").first.inner_text()
    assert not alice.problems and not bob.problems, alice.problems + bob.problems


def test_the_pages_fit_a_phone(new_page: Callable[..., Any]) -> None:
    page = new_page(width=360)
    sign_up(page, "phoebe")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    game = page.url.rstrip("/").rsplit("/", 1)[1]
    for tab in ("", "/players", "/rules", "/proposals", "/history", "/prompts", "/admin"):
        page.goto(f"/games/{game}{tab}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 362, f"{tab or 'board'} is {width}px wide at 360px"
    # the skip link is the first thing the keyboard reaches, and it leads to the content
    page.goto(f"/games/{game}")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the content"


#: Boards on which players have pieces rather than a place of their own (Single Capture
#: Go's letters, Tromino Go's trominoes).
PIECES_NOT_PLAYERS = frozenset({"letters", "trominoes"})


def test_screenshots_of_every_packs_board(new_page: Callable[..., Any], server: Server,
                                          tmp_path: Path) -> None:
    site = site_of(server.app)
    keep = os.environ.get("NOMICON_SCREENSHOTS")
    viewer = site.accounts.sign_up("viewer", PASSWORD)
    page = new_page()
    log_in(page, "viewer")
    for pack in installed():
        game = site.service.create(pack.id, ["alice", "bob"], seed=3)
        site.accounts.seat(game.id, viewer, ADMIN)
        page.goto(f"/games/{game.id}")
        shot = tmp_path / f"board-{pack.id}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000
        heading = page.get_by_role("heading", level=1).inner_text()
        assert pack.title in heading
        if pack.board:
            drawing = page.locator("#board svg.board")
            assert drawing.is_visible()
            box = drawing.bounding_box()
            assert box is not None and box["width"] > 300 and box["height"] > 100
            assert str(drawing.locator("title").first.text_content()).strip()
            if pack.board in PIECES_NOT_PLAYERS:
                # The players are not on the board: their letters or trominoes are,
                # once their game begins (their own tests draw a game under way).
                assert drawing.locator("g.legend").count() in (0, 2)
            elif not drawing.locator("text", has_text="No drawing").count():
                for name in ("alice", "bob"):
                    assert drawing.locator(f"g.token[data-player='{name}']").count() == 1
                assert drawing.locator("g.space, g.square").count() > 0
        else:
            assert "This game has no board" in page.locator("#board").inner_text()
        if keep:
            Path(keep).mkdir(parents=True, exist_ok=True)
            shutil.copy(shot, Path(keep) / shot.name)
    assert not page.problems, page.problems

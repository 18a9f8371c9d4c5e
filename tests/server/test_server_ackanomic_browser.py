"""Browser test of Ackanomic on the web, by clicking in Chromium: alice signs in, opens
the parent's page of instances, announces a game of Ghost (rule 1250.9) with its form;
dave volunteers to referee and bob and carol enrol (through the service, as their own
pages would); the game, full, starts at once and shows as running; a click on its link
opens the child game, whose page shows the ghost word and whose turn it is, and alice
begins the ghost word there. Screenshots of each step are saved under the test's
``tmp_path`` (and kept in ``NOMICON_SCREENSHOTS`` when it is set)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from nomicon.kernel.pack import installed

from .browserkit import Server, log_in, pack_app, screenshots, seated_game, serve, shoot, submit
from .support import START, Clock, site_of

pw = pytest.importorskip("playwright.sync_api")
expect = pw.expect

PACK = "ackanomic"
PLAYERS = ["alice", "bob", "carol", "dave"]


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock(START)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, clock: Clock) -> Iterator[Server]:
    """The app with the installed packs and a clock the test moves, served by uvicorn
    from a thread on 127.0.0.1."""
    db = tmp_path_factory.mktemp("ackanomic-browser") / "web.db"
    with serve(pack_app(db, installed(), clock)) as running:
        yield running


def test_a_player_announces_ghost_and_follows_its_link_to_the_childs_table(
        new_page: Callable[..., Any], server: Server,
        tmp_path: Path) -> None:
    site = site_of(server.app)
    parent = seated_game(site, PACK, PLAYERS, seed=16)
    shots = screenshots(tmp_path)

    page = new_page()
    log_in(page, "alice")
    page.goto(f"/games/{parent}")
    nav = page.get_by_role("navigation", name="Game")
    nav.get_by_role("link", name="Games & Contests", exact=True).click()
    page.wait_for_url(f"**/games/{parent}/pages/instances")
    enrolling = page.locator("#section-enrolling")
    expect(enrolling).to_contain_text("No instance is open for enrolment.")
    expect(page.locator("#section-running")).to_contain_text("No instance is being played.")
    shoot(page, "1-instances", shots)

    # VI: "Any active player may announce an instance of a game"
    announce = enrolling.locator("form", has=page.get_by_role("heading", name="Announce"))
    announce.get_by_label("game", exact=True).select_option("1250.9")
    submit(page, announce.get_by_role("button", name="Announce"))
    row = enrolling.locator("tbody tr").first
    expect(row).to_contain_text("Ghost (1250.9)")
    expect(row).to_contain_text("alice")
    # Ghost: "maximum: the number of active players when an instance is initiated
    # less 1": four active players, so 2 to 3.
    expect(row).to_contain_text("2 to 3")
    expect(row).to_contain_text("enrolling")
    shoot(page, "2-announced", shots)

    # The others enrol from their own pages (through the service here); with alice,
    # bob and carol the game is full, so enrolment closes early and it starts.
    site.service.act(parent, "dave", "volunteer-referee", {"instance": 1})
    site.service.act(parent, "bob", "enrol", {"instance": 1})
    site.service.act(parent, "carol", "enrol", {"instance": 1})
    page.reload()
    expect(page.locator("#section-enrolling")).to_contain_text(
        "No instance is open for enrolment.")
    running = page.locator("#section-running")
    expect(running.locator("tbody tr")).to_have_count(1)
    expect(running).to_contain_text("running")
    expect(running).to_contain_text("dave")
    shoot(page, "3-running", shots)

    with site.service.reading(parent) as played:
        record = played.state.root["instances"]["1"]
    child = record["child"]
    assert record["status"] == "started" and child

    # One click away: the child game, which shows the ghost word and whose turn it is.
    running.get_by_role("link", name="Ghost #1").click()
    page.wait_for_url(f"**/games/{child}")
    expect(page.locator("#board")).to_contain_text("This game has no board")
    with site.service.reading(child) as played:
        first = played.state.root["ghost"]["order"][0]
    table = page.locator("#section-the-ghost-word")
    expect(table).to_contain_text("none (the next player begins one)")
    expect(table).to_contain_text(first)
    expect(table).to_contain_text("dave")  # the referee
    expect(page.locator("#section-order-of-play tbody tr")).to_have_count(3)
    shoot(page, "4-child", shots)

    # The first player begins the ghost word there ("begins the ghost word by
    # posting a letter"), and the page shows it and the next player's turn.
    player = new_page() if first != "alice" else page
    if first != "alice":
        log_in(player, first)
        player.goto(page.url)
    table = player.locator("#section-the-ghost-word")
    begin = table.locator("form", has=player.get_by_role("heading", name="Begin"))
    begin.get_by_label("letter", exact=True).select_option("q")
    submit(player, begin.get_by_role("button", name="Begin"))
    with site.service.reading(child) as played:
        ghost = played.state.root["ghost"]
    expect(table).to_contain_text("Q")
    expect(table).to_contain_text(ghost["turn"])
    assert ghost["word"] == "q" and ghost["turn"] == ghost["order"][1]
    expect(player.locator("#section-history")).to_contain_text(first)
    shoot(player, "5-begun", shots)
    assert not page.problems, page.problems
    assert not player.problems, player.problems

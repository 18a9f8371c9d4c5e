"""Browser test of the amendment builder, by clicking in Chromium: a new player signs
up and starts an Infinite Nomic game, another joins; the first proposes that fives give
20 points (Rule 8, Points and Tiles, gives 10) with the builder's parameter form, sees
the preview and proposes; the other votes for it; when the voting period of Rule 4 (24
hours) has passed, the proposal passes and the rule's page shows the new value."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from nomicon.server.app import tick

from .browserkit import Server, serve, sign_up, submit
from .support import PACK, Clock, make_app, site_of

pw = pytest.importorskip("playwright.sync_api")
expect = pw.expect


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, clock: Clock) -> Iterator[Server]:
    """The app with a clock the test moves, served by uvicorn from a thread."""
    db = tmp_path_factory.mktemp("builder-browser") / "web.db"
    with serve(make_app(f"sqlite:///{db}", clock, poll_seconds=0.2)) as running:
        yield running


def test_a_new_player_changes_a_parameter_with_the_builder(
        new_page: Callable[..., Any], server: Server, clock: Clock) -> None:
    dana, erin = new_page(), new_page()
    sign_up(dana, "dana")
    sign_up(erin, "erin")
    dana.get_by_label("Rules").select_option(PACK)
    dana.get_by_role("button", name="Start the game").click()
    dana.wait_for_url("**/games/*")
    game = dana.url.rstrip("/").rsplit("/", 1)[1]
    erin.goto("/")
    erin.locator(f"form[action='/games/{game}/join']").get_by_role(
        "button", name="Join as a player").click()
    erin.wait_for_url(f"**/games/{game}")

    # dana opens the builder from the proposals page, picks Rule 8 and sets fives to 20
    dana.goto(f"/games/{game}/proposals")
    submit(dana, dana.get_by_role("link", name="Propose a rule change with the builder"))
    dana.get_by_label("Rule", exact=True).select_option("8")
    submit(dana, dana.get_by_role("button", name="Choose this rule"))
    fives = dana.get_by_label("fives points")
    expect(fives).to_have_value("10")
    fives.fill("twenty")
    submit(dana, dana.get_by_role("button", name="Change the parameters"))
    # refused beside the field, with what she typed kept
    expect(dana.locator(".field.refused [role=alert]")).to_contain_text("valid integer")
    expect(dana.get_by_label("fives points")).to_have_value("twenty")
    dana.get_by_label("fives points").fill("20")
    submit(dana, dana.get_by_role("button", name="Change the parameters"))
    expect(dana.locator("#changes")).to_contain_text(
        "Rule 8 (Points and Tiles): set fives points to 20")
    expect(dana.locator("#preview")).to_contain_text("Changed: Rule 8.")
    expect(dana.locator("#preview")).to_contain_text("fives_points=20")
    dana.get_by_label("Title of the proposal").fill("Richer fives")
    dana.get_by_label("What it says, for the players").fill("Fives give 20 points.")
    submit(dana, dana.get_by_role("button", name="Propose", exact=True))
    expect(dana.locator(".flash")).to_contain_text("dana proposes #1: Richer fives")

    # erin votes for it
    erin.goto(f"/games/{game}/proposals")
    vote = erin.locator("#action-vote")
    vote.get_by_label("proposal").select_option("1")
    vote.get_by_label("vote").select_option("up")
    submit(erin, vote.get_by_role("button", name="Vote"))
    expect(erin.locator("#proposal-1")).to_contain_text("erin up")

    # Rule 4: the vote closes 24 hours after the proposal; up 1 > down 0 passes.
    clock.advance(hours=25)
    assert game in tick(site_of(server.app))
    dana.goto(f"/games/{game}/proposals")
    expect(dana.locator("#proposal-1 .proposal-status")).to_have_text("passed")
    dana.goto(f"/games/{game}/rules")
    params = dana.locator("#rule-8 dl.params")
    expect(params.locator("dt", has_text="fives points")).to_have_count(1)
    expect(params.locator("dt:text-is('fives points') + dd")).to_have_text("20")
    assert not dana.problems and not erin.problems, dana.problems + erin.problems

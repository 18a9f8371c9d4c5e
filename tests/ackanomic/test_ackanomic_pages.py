"""The pages of Ackanomic (issue 16, item 11): the parent's page of instances, which
lists every instance (enrolling, running, ended, a page at a time) with its game,
players, referee, status, end of enrolment, result and payoff, links each to its child
game's board, and shows the forms to announce, enrol and volunteer to referee to whom
may take them; and the Limerick Contest's page (1250.8): the posted limericks with
the referee's acceptance, the votes once counted, and the viewer's own vote."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from ackgames import REGISTRY, START, new_game
from fastapi import FastAPI

from nomicon.kernel.engine import Game
from nomicon.packs.ackanomic import limerick_pages, pages
from nomicon.server import Settings, create_app, pack_pages
from server.support import FAST_HASHER, PASSWORD, Clock, log_in, site_of

PLAYERS = ("alice", "bob", "carol", "dave", "erin")
PAGE = "pages/instances"


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


@pytest.fixture
def app(tmp_path: Path, clock: Clock) -> Iterator[FastAPI]:
    application = create_app(f"sqlite:///{tmp_path / 'web.db'}", registry=REGISTRY,
                             clock=clock, hasher=FAST_HASHER,
                             settings=Settings(tick_seconds=None, poll_seconds=0.05))
    yield application
    site_of(application).store.close()


@pytest.fixture
def game(app: FastAPI) -> str:
    """An Ackanomic game of five players, and olga watching."""
    site = site_of(app)
    made = site.service.create("ackanomic", list(PLAYERS), seed=5)
    for name in PLAYERS:
        site.accounts.seat(made.id, site.accounts.sign_up(name, PASSWORD), "player", name)
    site.accounts.seat(made.id, site.accounts.sign_up("olga", PASSWORD), "observer")
    return made.id


def section(page: str, title_id: str) -> str:
    found = re.search(rf'<section aria-labelledby="{title_id}-h".*?</section>', page, re.S)
    assert found, f"no section {title_id} on the page"
    return found.group(0)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def forms_in(html: str) -> set[str]:
    """The actions whose forms a section offers."""
    return set(re.findall(r'name="_action" value="([^"]+)"', html))


def test_an_enrolling_instance_is_listed_with_the_forms_its_viewer_may_use(
        app: FastAPI, game: str) -> None:
    service = site_of(app).service
    service.act(game, "alice", "announce", {"game": "1250.9"})
    service.act(game, "bob", "enrol", {"instance": 1})
    page = log_in(app, "carol").client.get(f"/games/{game}/{PAGE}")
    assert page.status_code == 200
    shown = section(page.text, "section-enrolling")
    row = text_of(shown)
    # VI: enrolment is open for 3 days; Ghost's limits are 2 to the active players less 1.
    for fact in ("Ghost (1250.9)", "alice, bob", "2 to 4", "nobody yet",
                 "2024-06-06 12:00 UTC", "enrolling"):
        assert fact in row, fact
    # carol may announce, enrol and volunteer; the observer may do none of them.
    assert forms_in(shown) == {"announce", "enrol", "volunteer-referee"}
    watching = log_in(app, "olga").client.get(f"/games/{game}/{PAGE}").text
    assert forms_in(section(watching, "section-enrolling")) == set()
    assert "No instance is being played." in text_of(section(watching, "section-running"))


def test_a_running_instance_links_to_its_child_games_board(app: FastAPI, clock: Clock,
                                                           game: str) -> None:
    service = site_of(app).service
    service.act(game, "alice", "announce", {"game": "1250.9"})
    service.act(game, "erin", "volunteer-referee", {"instance": 1})
    service.act(game, "bob", "enrol", {"instance": 1})
    clock.advance(days=3)
    service.advance(game, clock())
    with service.reading(game) as played:
        child = played.state.root["instances"]["1"]["child"]
    assert child
    browser = log_in(app, "dave")
    page = browser.client.get(f"/games/{game}/{PAGE}").text
    running = section(page, "section-running")
    assert "No instance is open for enrolment." in text_of(section(page, "section-enrolling"))
    link = re.search(r'<a href="([^"]+)">Ghost #1</a>', running)
    assert link and link.group(1) == f"/games/{child}"
    assert "erin" in text_of(running) and "running" in text_of(running)
    # One click away: the child game's page is its Ghost table.
    board = browser.client.get(link.group(1))
    assert board.status_code == 200
    ghost = browser.client.get(f"/games/{child}/pages/ghost")
    assert ghost.status_code == 200 and "Order of play" in ghost.text


def test_an_ended_instance_shows_its_result_and_what_it_paid() -> None:
    """Ghost 5: three began (fewer than four), so the winner receives four points and a
    standard Trophy, and the referee A$8."""
    names = ("p1", "p2", "p3", "p4", "p5")
    played = new_game("test-ackanomic-playable", names)
    played.act("p1", "announce", game="1250.9")
    played.act("p5", "volunteer-referee", instance=1)
    played.act("p2", "enrol", instance=1)
    played.act("p3", "enrol", instance=1)
    played.advance(START + timedelta(days=3))
    child = played.view("admin")["instances"]["1"]["child"]
    played.act("admin", "settle-child", child=child, result={"winners": ["p2"],
                                                             "referee": "p5"})
    played.act("p4", "announce", game="1250.9")
    played.act("p4", "abort", instance=2)
    rows = pages.ended(played.view("p4"))
    assert [row["#"] for row in rows] == [2, 1]
    aborted, settled = rows
    assert (aborted["status"], aborted["result"], aborted["board"]) == ("aborted", "aborted", "")
    assert settled["status"] == "ended" and settled["result"] == "won by p2"
    assert settled["payoff"] == "p2: 4 points, 1 trophy; p5: A$8"
    assert settled["referee"] == "p5" and str(settled["board"]) == "Ghost #1"


def test_the_limerick_contests_payoff_is_shown_as_nothing() -> None:
    """1250.8: the contest pays nothing, and no Trophy."""
    played = new_game("test-ackanomic-playable", PLAYERS)
    played.act("alice", "announce", game="1250.8")
    played.act("bob", "enrol", instance=1)
    child = played.view("admin")["instances"]["1"]["child"]
    played.act("admin", "settle-child", child=child, result={"winners": ["bob"],
                                                             "referee": None})
    (row,) = pages.ended(played.view("carol"))
    assert row["payoff"] == "nothing" and row["result"] == "won by bob"


def test_the_ended_instances_are_shown_a_page_at_a_time(
        app: FastAPI, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pack_pages, "ROWS", 2)
    service = site_of(app).service
    for _ in range(5):
        service.act(game, "alice", "announce", {"game": "1250.9"})
    for number in range(1, 6):
        service.act(game, "alice", "abort", {"instance": number})
    client = log_in(app, "bob").client
    seen: list[list[str]] = []
    path: str | None = f"/games/{game}/{PAGE}"
    while path is not None:
        shown = section(client.get(path).text, "section-ended")
        seen.append(re.findall(r'<th scope="row">(\d+)</th>', shown))
        following = re.search(r'<a href="\?([^"#]+)[^"]*" rel="next">', shown)
        path = f"/games/{game}/{PAGE}?{following.group(1)}" if following else None
    assert seen == [["5", "4"], ["3", "2"], ["1"]]
    # A page that continues below a number shows what is below it, whatever was added.
    service.act(game, "alice", "announce", {"game": "1250.9"})
    service.act(game, "alice", "abort", {"instance": 6})
    later = section(client.get(f"/games/{game}/{PAGE}?section-ended-after=4").text,
                    "section-ended")
    assert re.findall(r'<th scope="row">(\d+)</th>', later) == ["3", "2"]


# -- the Limerick Contest ------------------------------------------------------------------
FIRST = "There once was a player named Bob\nWho made every rule a big job\nHe amended the law\nTill it ended in awe\nAnd the Speaker was left there to sob"  # noqa: E501
SECOND = "A poet of Ackanomic fame\nWho never quite mastered the game\nShe wrote in her sleep\nVerses ever so deep\nAnd the judges all called them the same"  # noqa: E501


def contest() -> Game:
    """A standalone table of one contest: alice and bob write, carol referees, everyone
    votes."""
    return new_game("ackanomic-limerick", ("alice", "bob", "carol", "dave"),
                    params={"with_referee": True, "contests": 1})


def read(view: dict[str, Any], title: str) -> Any:
    found = {s.title: s for s in limerick_pages.PAGE.sections}[title]
    return found.read(view)


def test_the_limericks_are_shown_once_posted_with_the_referees_acceptance() -> None:
    """Rule 4: each posts a limerick; the referee may refuse one as offensive."""
    played = contest()
    assert read(played.view("dave"), "The limericks") == []
    played.act("bob", "submit", text=SECOND)
    (row,) = read(played.view("dave"), "The limericks")
    assert row["by"] == "bob" and row["limerick"].startswith("A poet of Ackanomic fame / ")
    assert row["accepted"].startswith("awaiting the referee")
    played.act("carol", "choose", option="accept")
    assert read(played.view("dave"), "The limericks")[0]["accepted"] == "yes"
    facts = read(played.view("dave"), "The contest")
    assert facts["Players"] == "alice and bob" and facts["Referee"] == "carol"


def test_the_votes_are_counted_in_public_only_when_the_period_ends() -> None:
    """Rule 5: votes are sent to the referee; the winner has the most votes."""
    played = contest()
    for player, text in (("alice", FIRST), ("bob", SECOND)):
        played.act(player, "submit", text=text)
        played.act("carol", "choose", option="accept")
    played.act("dave", "vote", **{"for": "alice"})
    played.act("bob", "vote", **{"for": "bob"})
    # dave reads his own vote, not bob's; the referee reads both; nobody sees counts.
    assert read(played.view("dave"), "Your vote") == [{"voter": "dave", "for": "alice"}]
    assert read(played.view("carol"), "Your vote") == [{"voter": "bob", "for": "bob"},
                                                       {"voter": "dave", "for": "alice"}]
    assert read(played.view("alice"), "Your vote") == []
    during = read(played.view("alice"), "The votes")
    assert {row["voter"]: row["has voted"] for row in during} == {
        "alice": False, "bob": True, "carol": False, "dave": True}
    assert all("votes" not in row for row in during)
    played.act("carol", "vote", **{"for": "alice"})
    played.advance(START + timedelta(days=3))
    assert read(played.view("alice"), "The votes") == [{"limerick by": "alice", "votes": 2},
                                                       {"limerick by": "bob", "votes": 1}]
    assert read(played.view("dave"), "The contest")["Winner"] == "alice"
    assert read(played.view("dave"), "Past contests") == [
        {"contest": 1, "players": "alice and bob", "winner": "alice", "how": "votes",
         "votes": {"alice": 2, "bob": 1}}]

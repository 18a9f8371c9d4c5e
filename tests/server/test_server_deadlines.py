"""Issue 20, item 4: the deadlines that apply to the viewer on the board page, in the
viewer's time zone (an account setting, UTC by default), with a countdown; never
another player's own timer.

Infinite Nomic's Rule 3: "A player's turn autmatically ends ("passes") 24 hours after
it started", and "If a player ends their turn, they have 1 hour to ping the next
player"; Rule 7 gives a player who moved 5 minutes to continue."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi import FastAPI

from nomicon.deadlines import Deadline, deadlines
from nomicon.kernel.timefmt import iso

from .support import PACK, PASSWORD, START, Browser, Clock, log_in, make_app, site_of


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    application = make_app(f"sqlite:///{tmp_path / 'web.db'}", Clock())
    yield application
    site_of(application).store.close()


@pytest.fixture
def game(app: FastAPI) -> str:
    """An Infinite Nomic game of alice and bob, started at START: alice's turn."""
    site = site_of(app)
    made = site.service.create(PACK, ["alice", "bob"], seed=3)
    for name in ("alice", "bob"):
        site.accounts.seat(made.id, site.accounts.sign_up(name, PASSWORD), "player", name)
    return made.id


def deadline_items(page: str) -> list[str]:
    found = re.search(r'<section aria-labelledby="deadlines-h".*?</section>', page, re.S)
    assert found, "the board has no deadlines section"
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", item)).split())
            for item in re.findall(r"<li>(.*?)</li>", found.group(0), re.S)]


def test_the_turn_passing_is_shown_with_its_time_and_a_countdown(app: FastAPI, game: str
                                                                 ) -> None:
    alice = log_in(app, "alice")
    page = alice.client.get(f"/games/{game}").text
    due = iso(START + timedelta(hours=24))
    items = deadline_items(page)
    assert [i for i in items if i.startswith("Your turn passes")] == [
        "Your turn passes (Rule 3, What happens on a turn): 2030-01-02 09:00 UTC"]
    assert f'<span class="countdown" data-due="{due}"' in page
    assert f'data-now="{iso(START)}"' in page  # the countdown counts from the game's clock
    bob_items = deadline_items(log_in(app, "bob").client.get(f"/games/{game}").text)
    assert "Alice's turn passes (Rule 3, What happens on a turn): 2030-01-02 09:00 UTC" in (
        bob_items)


def test_a_players_own_timer_is_shown_to_them_alone(app: FastAPI, game: str) -> None:
    site = site_of(app)
    site.service.act(game, "alice", "roll", at=START + timedelta(minutes=1))
    alice = deadline_items(log_in(app, "alice").client.get(f"/games/{game}").text)
    bob = deadline_items(log_in(app, "bob").client.get(f"/games/{game}").text)
    assert any(i.startswith("Your turn ends unless you continue it") and "09:06 UTC" in i
               for i in alice)
    assert not any("continue" in i for i in bob)


def test_times_are_shown_in_the_accounts_time_zone(app: FastAPI, game: str) -> None:
    alice = log_in(app, "alice")
    assert "Deadlines and times are shown in UTC." in alice.client.get("/account").text
    refused = alice.post("/account/time-zone", {"time_zone": "Mars/Olympus"},
                         csrf_from="/account")
    assert refused.status_code == 400 and "is not a time zone" in refused.text
    assert site_of(app).accounts.time_zone(
        site_of(app).accounts.user_named("alice")) == "UTC"  # the refusal changed nothing
    saved = alice.post("/account/time-zone", {"time_zone": "Europe/Paris"},
                       csrf_from="/account")
    assert saved.status_code == 303
    items = deadline_items(alice.client.get(f"/games/{game}").text)
    # 09:00 UTC on 2 January is 10:00 in Paris (CET, UTC+1, in winter).
    assert "Your turn passes (Rule 3, What happens on a turn): 2030-01-02 10:00 CET" in items


def test_another_players_timers_and_prompts_are_not_theirs_to_see() -> None:
    root = {
        "rules": {"3": {"rid": "r3", "number": 3, "title": "Turns"}},
        "timers": {
            "ping:bob": {"due": "2030-01-01T10:00:00Z", "rid": "r3", "handler": "ping_missed",
                         "payload": {"player": "bob"}},
            "turn-pass": {"due": "2030-01-02T09:00:00Z", "rid": "r3",
                          "handler": "pass_turn", "payload": {"player": "bob"}},
            "step:orders": {"due": "2030-01-03T09:00:00Z", "rid": "seating",
                            "handler": "step_deadline", "payload": {"step": "orders"}},
        },
        "steps": {"orders": {"players": ["bob", "carol"]}},
        "prompts": [{"id": 1, "to": "bob", "message": "Buy it?", "default": "decline",
                     "deadline": "2030-01-01T11:00:00Z"}],
    }
    assert deadlines(root, "alice") == [
        Deadline("bob's turn passes", "2030-01-02T09:00:00Z", "Rule 3, Turns")]
    assert [d.what for d in deadlines(root, "bob")] == [
        "your ping to the next player is due", "your decision “Buy it?” takes its default, "
        "decline", "your turn passes", "the orders step closes"]
    assert len(deadlines(root, "admin")) == 4


def test_a_browser_less_client_is_told_where_the_times_are(app: FastAPI, game: str) -> None:
    """The note under the deadlines names the zone and links to the setting."""
    page = Browser(log_in(app, "bob").client).client.get(f"/games/{game}").text
    assert 'Times in UTC (<a href="/account">change</a>)' in page

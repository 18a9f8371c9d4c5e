"""Live streams last only as long as their credentials, and an account holds few.

The app polls every few hundredths of a second and, here, checks the stream's
credential on every poll; the tests wait for events, never for a time.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from starlette.testclient import TestClient

from .support import PACK, Api, cop_car_seed, log_in, make_app, site_of

LINES = 1000


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    # A heartbeat on every quiet poll: a stream that fails to end keeps talking, so a
    # test reading it gives up after LINES lines instead of waiting for ever.
    application = make_app(f"sqlite:///{tmp_path / 'live.db'}", recheck_seconds=0,
                           heartbeat_seconds=0.05, streams_per_account=2)
    yield application
    site_of(application).store.close()


@pytest.fixture
def game(accounts: dict[str, Api]) -> str:
    made = accounts["alice"].ok("POST", "/api/games",
                                {"pack": PACK, "player": "alice", "seed": cop_car_seed()})
    accounts["bob"].ok("POST", f"/api/games/{made['id']}/join", {"role": "player"})
    return str(made["id"])


def _until(lines: Iterator[str], wanted: str) -> list[str]:
    """The lines up to and including the first one that starts with ``wanted``, and
    the data line after it."""
    seen: list[str] = []
    for line in lines:
        seen.append(line)
        if line.startswith(wanted):
            seen.append(next(lines))
            return seen
        if len(seen) > LINES:
            break
    raise AssertionError(f"no {wanted!r} in the stream: {seen[-6:]}")


def _ended(lines: Iterator[str]) -> str:
    seen = _until(lines, "event: ended")
    reason: str = json.loads(seen[-1].removeprefix("data: "))["reason"]
    assert [line for line in lines if line] == []  # nothing after it: the stream is over
    return reason


def test_an_api_stream_ends_when_its_token_is_revoked(app: FastAPI, accounts: dict[str, Api],
                                                     game: str) -> None:
    bob = accounts["bob"]
    with bob.client.stream("GET", f"/api/games/{game}/live", headers=bob.headers) as stream:
        lines = stream.iter_lines()
        _until(lines, "event: head")
        revoked = TestClient(app).delete("/api/tokens/current", headers=bob.headers)
        assert revoked.status_code == 204
        assert _ended(lines) == ("the API token this stream was opened with was signed out "
                                 "or revoked")
    # The stream gave its place back before it ended.
    user = site_of(app).accounts.user_named("bob")
    assert user is not None and site_of(app).streams.held(user.id) == 0
    again = bob.client.get(f"/api/games/{game}/live", headers=bob.headers)
    assert again.status_code == 401


def test_a_page_stream_ends_when_its_session_logs_out(app: FastAPI, accounts: dict[str, Api],
                                                     game: str) -> None:
    bob = log_in(app, "bob")
    with bob.client.stream("GET", f"/games/{game}/live") as stream:
        lines = stream.iter_lines()
        _until(lines, "event: head")
        assert bob.post("/logout", {}).status_code == 303  # from another tab
        assert _ended(lines) == ("the session this stream was opened with was signed out "
                                 "or revoked")


def test_a_stream_ends_when_its_account_leaves_the_game(app: FastAPI,
                                                       accounts: dict[str, Api],
                                                       game: str) -> None:
    bob = accounts["bob"]
    with bob.client.stream("GET", f"/api/games/{game}/live", headers=bob.headers) as stream:
        lines = stream.iter_lines()
        _until(lines, "event: head")
        site = site_of(app)
        user = site.accounts.user_named("bob")
        assert user is not None
        site.accounts.unseat(game, user)
        assert _ended(lines) == f"bob is no longer a member of game {game}"


def test_an_account_holds_at_most_its_share_of_streams(app: FastAPI, accounts: dict[str, Api],
                                                      game: str) -> None:
    bob, alice = accounts["bob"], accounts["alice"]
    url = f"/api/games/{game}/live"
    with bob.client.stream("GET", url, headers=bob.headers) as one, \
            bob.client.stream("GET", url, headers=bob.headers) as two:
        _until(one.iter_lines(), "event: head")
        _until(two.iter_lines(), "event: head")
        with TestClient(app).stream("GET", url, headers=bob.headers) as refused:
            assert refused.status_code == 429
            assert json.loads(refused.read())["error"] == (
                "bob already has 2 live streams open, the most one account may hold at "
                "once; close one and try again")
        with alice.client.stream("GET", url, headers=alice.headers) as hers:  # her own share
            assert hers.status_code == 200

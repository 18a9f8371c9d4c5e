"""Statuses (DESIGN §3b): a named status on a player or an entity, with an expiry.
Granting it again resets the expiry; the clock ends it with a ``status.ended``
event; hooks react to ``status.granted`` and ``status.ended``; a status without an
expiry lasts until it is removed. Played on the clock pack (``clockpack.py``)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from clockpack import START, days, hours, new_game, noted
from hypothesis import given, settings
from hypothesis import strategies as st

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.kernel.timefmt import iso


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.log if e["type"] == kind]


def test_a_status_granted_for_2_days_ends_by_the_clock_at_exactly_that_time() -> None:
    """alice makes bob Sick for 2 days at 10:00 on 1 March; at 10:00 on 3 March the
    clock ends it, and not a second before."""
    game = new_game()
    granted = START + hours(1)
    game.act("alice", "sicken", target="bob", days=2, at=granted)
    assert game.view("carol")["statuses"]["bob"]["Sick"] == {
        "since": "2021-03-01T10:00:00Z", "until": "2021-03-03T10:00:00Z", "by": "alice",
        "data": {"days": 2}}
    game.advance(granted + days(2) - timedelta(seconds=1))
    assert "bob" in game.view()["statuses"]
    game.advance(granted + days(2))
    [ended] = events(game, "status.ended")
    assert ended["time"] == "2021-03-03T10:00:00Z"
    assert ended["actor"] is None
    assert ended["data"]["holder"] == "bob"
    assert ended["data"]["name"] == "Sick"
    assert ended["data"]["cause"] == "expired"
    assert game.view()["statuses"] == {}


def test_a_game_nobody_visits_for_a_week_ends_the_status_at_its_own_time() -> None:
    game = new_game()
    game.act("alice", "sicken", target="bob", days=2, at=START + hours(1))
    game.act("carol", "look", target="bob", at=START + days(7))
    [ended] = events(game, "status.ended")
    assert ended["time"] == "2021-03-03T10:00:00Z"
    assert ended["seq"] < game.log[-1]["seq"]
    # The Carnival's hook saw the end at its own time, and carol's look a week later
    # finds bob well.
    assert noted(game, "well") == [["2021-03-03T10:00:00Z", "bob", "expired"]]
    assert noted(game, "looks") == [["2021-03-08T09:00:00Z", False]]


def test_granting_again_resets_the_expiry_and_the_old_one_never_fires() -> None:
    """bob is Sick for 2 days from 1 March 09:00; a day later carol makes him Sick for
    3 days more: he is Sick until 5 March 09:00, without a pause on 3 March."""
    game = new_game()
    game.act("alice", "sicken", target="bob", days=2)
    game.act("carol", "sicken", target="bob", days=3, at=START + days(1))
    sick = game.view()["statuses"]["bob"]["Sick"]
    assert sick["since"] == "2021-03-01T09:00:00Z"  # he has been Sick all along
    assert sick["until"] == "2021-03-05T09:00:00Z"
    assert sick["by"] == "carol"
    assert sick["data"] == {"days": 3}
    game.advance(START + days(10))
    [ended] = events(game, "status.ended")
    assert ended["time"] == "2021-03-05T09:00:00Z"
    assert [e["time"] for e in events(game, "timer.fired")
            if e["data"]["handler"] == "status-end"] == ["2021-03-05T09:00:00Z"]


def test_hooks_run_on_the_grant_the_regrant_and_the_end() -> None:
    game = new_game()
    game.act("alice", "sicken", target="bob", days=1)
    game.act("alice", "sicken", target="bob", days=1, at=START + hours(12))
    game.advance(START + days(3))
    assert noted(game, "sick") == [["2021-03-01T09:00:00Z", "bob", False],
                                   ["2021-03-01T21:00:00Z", "bob", True]]
    assert noted(game, "well") == [["2021-03-02T21:00:00Z", "bob", "expired"]]


def test_a_hook_keyed_by_a_status_name_ignores_other_statuses() -> None:
    game = new_game()
    game.act("alice", "cloak", target="bob")
    game.act("alice", "lift", target="bob")
    assert [e["data"]["name"] for e in events(game, "status.granted")] == ["Invisible"]
    assert noted(game, "sick") == []
    assert noted(game, "well") == []


def test_a_status_without_expiry_lasts_until_it_is_removed() -> None:
    game = new_game()
    game.act("alice", "cloak", target="bob")
    assert game.view()["statuses"]["bob"]["Invisible"]["until"] is None
    game.advance(START + days(365))
    assert "Invisible" in game.view()["statuses"]["bob"]
    game.act("carol", "lift", target="bob")
    [ended] = events(game, "status.ended")
    assert ended["data"]["cause"] == "lifted by carol"
    assert ended["actor"] == "carol"
    assert game.view()["statuses"] == {}


def test_a_regrant_without_expiry_cancels_the_end() -> None:
    game = new_game()
    game.act("alice", "sicken", target="bob", days=1)
    with game._transaction(game.clock, "admin") as ctx:
        ctx.emit("test.grant", "make bob Sick for good")
        ctx.grant_status("bob", "Sick")
    game.advance(START + days(5))
    assert events(game, "status.ended") == []
    assert game.view()["statuses"]["bob"]["Sick"]["until"] is None


def test_ending_a_status_one_does_not_have_is_refused_and_changes_nothing() -> None:
    game = new_game()
    head = game.head
    with pytest.raises(ActionRefused, match=r"bob is not Invisible \(Rule 5, The Carnival\)"):
        game.act("alice", "lift", target="bob")
    assert game.head == head


def test_the_admin_grants_and_ends_statuses_and_cannot_write_them_by_hand() -> None:
    game = new_game()
    game.act("admin", "grant-status", holder="carol", name="Hurt", duration="36 hours")
    assert game.view()["statuses"]["carol"]["Hurt"]["until"] == "2021-03-02T21:00:00Z"
    assert game.view()["statuses"]["carol"]["Hurt"]["by"] == "admin"
    head = game.head
    with pytest.raises(ActionRefused, match=r"cannot set statuses.carol.Hurt: statuses end "
                       r"by their timers; use grant-status or end-status"):
        game.act("admin", "set", path="statuses.carol.Hurt", value=None)
    with pytest.raises(ActionRefused, match=r"there is no player or entity 'zed' "
                       r"\(Nomicon procedure\)"):
        game.act("admin", "grant-status", holder="zed", name="Hurt")
    with pytest.raises(ActionRefused, match=r"cannot understand duration 'soon'"):
        game.act("admin", "grant-status", holder="carol", name="Hurt", duration="soon")
    with pytest.raises(ActionRefused, match=r"carol is not Sick \(Nomicon procedure\)"):
        game.act("admin", "end-status", holder="carol", name="Sick")
    assert game.head == head
    game.act("admin", "end-status", holder="carol", name="Hurt")
    assert events(game, "status.ended")[-1]["data"]["cause"] == "ended by the admin"
    assert game.view()["statuses"] == {}


def test_a_rule_cannot_grant_a_status_to_nobody() -> None:
    game = new_game()
    with game._transaction(game.clock, "admin") as ctx, pytest.raises(
            ValueError, match="no player or entity 'zed' to be Sick"):
        ctx.grant_status("zed", "Sick")
    with game._transaction(game.clock, "admin") as ctx, pytest.raises(
            ValueError, match="would end at 2021-03-01T09:00:00Z, which is not after now"):
        ctx.grant_status("bob", "Sick", until=START)


def test_holders_and_replaying_the_log_give_the_same_statuses() -> None:
    game = new_game()
    game.act("alice", "sicken", target="bob", days=2)
    game.act("bob", "sicken", target="carol", days=1)
    game.act("alice", "cloak", target="carol")
    with game._transaction(game.clock, "admin") as ctx:
        assert ctx.holders_of("Sick") == ["bob", "carol"]
        assert ctx.holders_of("Invisible") == ["carol"]
    game.advance(START + days(1))
    replayed = Game.rebuild(game.log, secret=game.secret, registry=game.registry)
    assert replayed.state.root == game.state.root
    assert replayed.view()["statuses"] == {
        "bob": {"Sick": {"since": "2021-03-01T09:00:00Z", "until": "2021-03-03T09:00:00Z",
                         "by": "alice", "data": {"days": 2}}},
        "carol": {"Invisible": {"since": "2021-03-01T09:00:00Z", "until": None,
                                "by": "alice", "data": {}}}}


# -- properties ------------------------------------------------------------------------

minutes = st.integers(min_value=1, max_value=5 * 24 * 60)


def grant_minutes(game: Game, at: datetime, until: datetime) -> None:
    """Make bob Sick at ``at`` until ``until`` (the Carnival grants whole days)."""
    game.fire_due(at)
    with game._transaction(at, "alice") as ctx:
        ctx.emit("test.grant", "bob is made Sick")
        ctx.grant_status("bob", "Sick", until=until)


@settings(max_examples=40, deadline=None)
@given(first=minutes, length=minutes, again=st.one_of(st.none(), minutes), later=minutes,
       probes=st.lists(st.integers(min_value=-2, max_value=2), min_size=1, max_size=4))
def test_a_status_is_held_exactly_from_its_grant_until_its_end(
        first: int, length: int, again: int | None, later: int, probes: list[int]) -> None:
    """bob is made Sick ``first`` minutes into the game for ``length`` minutes, and
    perhaps made Sick again ``again`` minutes later for ``later`` minutes. carol looks
    at him a minute before, and at times around the grant and the end (up to two
    minutes either side, and the instants themselves): she sees him Sick exactly on
    [first grant, last end)."""
    game = new_game()
    granted = START + timedelta(minutes=first)
    game.act("carol", "look", target="bob", at=granted - timedelta(minutes=1))
    last = granted
    until = granted + timedelta(minutes=length)
    grant_minutes(game, granted, until)
    if again is not None and again < length:
        last = granted + timedelta(minutes=again)
        until = last + timedelta(minutes=later)
        grant_minutes(game, last, until)
    shifts = {0, *probes}
    moments = sorted(m for m in {until + timedelta(minutes=p) for p in shifts}
                     | {last + timedelta(minutes=p) for p in shifts} if m >= last)
    for moment in moments:
        game.act("carol", "look", target="bob", at=moment)
    assert noted(game, "looks") == [[iso(granted - timedelta(minutes=1)), False]] + [
        [iso(m), granted <= m < until] for m in moments]
    assert [e["time"] for e in events(game, "status.ended")] == (
        [iso(until)] if moments[-1] >= until else [])

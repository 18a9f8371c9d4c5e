"""Clocks of a paused game stop and resume (DESIGN §3b; Diplomacy's errata: "no time
in a state of pause shall count towards any durations in the game"). While paused no
timer fires but the pause's own end; on resume each timer has the time it had left;
a game nobody visited catches up exactly as if it had run on time. Played on the
clock pack (``clockpack.py``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from clockpack import START, Watch, amend, days, enact, hours, new_game, noted
from hypothesis import given, settings
from hypothesis import strategies as st

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.kernel.timefmt import iso, parse


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.log if e["type"] == kind]


def test_pause_and_resume_shift_a_countdown() -> None:
    """alice starts the Imp calling at 09:00 on 1 March: it arrives 73 hours later.
    After 20 hours carol, the referee, leaves; she is back 30 hours later. The Imp
    has its 53 remaining hours and arrives at 16:00 on 5 March, not 10:00 on 4 March."""
    game = new_game()
    game.act("alice", "call")
    assert game.state.root["timers"]["imp-arrives"]["due"] == "2021-03-04T10:00:00Z"
    game.act("carol", "leave", at=START + hours(20))
    assert game.view("bob")["game"]["paused"] == {
        "since": "2021-03-02T05:00:00Z", "reason": "carol, the referee, left", "by": "carol",
        "until": None}
    head = game.head
    game.advance(START + hours(49))  # nothing fires while paused
    assert [e["type"] for e in game.log[head:]] == ["clock.advanced"]
    game.act("carol", "return", at=START + hours(50))
    [resumed] = events(game, "game.resumed")
    assert resumed["data"] == {"since": "2021-03-02T05:00:00Z", "span": 30 * 3600.0,
                               "reason": "carol, the referee, is back", "by": "carol"}
    assert noted(game, "resumed") == [["2021-03-03T11:00:00Z", 30 * 3600.0]]
    assert "paused" not in game.view()["game"]
    assert game.state.root["timers"]["imp-arrives"]["due"] == "2021-03-05T16:00:00Z"
    game.advance(START + days(6))
    assert noted(game, "arrivals") == ["2021-03-05T16:00:00Z"]
    # Payday (every Friday at noon) keeps to the calendar: the pause did not cover it.
    assert noted(game, "paydays") == ["2021-03-05T12:00:00Z"]


def test_a_pause_with_an_end_resumes_by_itself_in_a_game_nobody_visits() -> None:
    """carol leaves for at most 3 days, 20 hours after the calling began, and nobody
    visits the game for ten days: the pause ends at 05:00 on 5 March by the clock, and
    the Imp arrives 53 hours later, as if the game had run on time."""
    game = new_game()
    game.act("alice", "call")
    game.act("carol", "leave", days=3, at=START + hours(20))
    assert game.view()["game"]["paused"]["until"] == "2021-03-05T05:00:00Z"
    assert game.next_due() == parse("2021-03-05T05:00:00Z")  # the pause's end, only
    game.act("bob", "look", target="alice", at=START + days(10))
    [resumed] = events(game, "game.resumed")
    assert resumed["time"] == "2021-03-05T05:00:00Z"
    assert resumed["actor"] is None
    assert resumed["data"]["reason"] == "the pause's time is up"
    assert noted(game, "arrivals") == ["2021-03-07T10:00:00Z"]
    # The payday due at noon on 5 March came after the pause: on time.
    assert noted(game, "paydays") == ["2021-03-05T12:00:00Z"]


def test_pausing_a_paused_game_and_resuming_a_running_one_are_refused() -> None:
    game = new_game()
    head = game.head
    with pytest.raises(ActionRefused, match=r"carol cannot return: the game is not paused "
                       r"\(Rule 7, The calling\)"):
        game.act("carol", "return")
    assert game.head == head
    game.act("carol", "leave")
    head = game.head
    with pytest.raises(ActionRefused, match=r"carol cannot leave days=2: the game is already "
                       r"paused, since 2021-03-01T09:00:00Z \(carol, the referee, left\) "
                       r"\(Rule 7, The calling\)"):
        game.act("carol", "leave", days=2)
    assert game.head == head


def test_the_admin_pauses_for_a_duration_and_resumes() -> None:
    game = new_game()
    with pytest.raises(ActionRefused, match=r"admin cannot pause duration='a while': cannot "
                       r"understand duration 'a while': unknown unit 'while' "
                       r"\(Nomicon procedure\)"):
        game.act("admin", "pause", duration="a while")
    game.act("admin", "pause", reason="the admin is away", duration="2 days")
    assert game.view()["game"]["paused"] == {
        "since": "2021-03-01T09:00:00Z", "reason": "the admin is away", "by": "admin",
        "until": "2021-03-03T09:00:00Z"}
    game.act("admin", "resume", at=START + days(1))
    assert events(game, "game.resumed")[0]["data"]["reason"] == "resumed by the admin"
    assert "game:resume" not in game.state.root["timers"]  # the pause's end goes with it
    with pytest.raises(ActionRefused, match=r"the game is not paused \(Nomicon procedure\)"):
        game.act("admin", "resume")


def test_a_status_and_a_prompt_keep_their_time_left_over_a_pause() -> None:
    """bob is Sick for 2 days and dared (a day to answer) at 09:00 on 1 March; the game
    is paused from 21:00 that day to 21:00 the next: the dare defaults at 09:00 on
    3 March and the Sickness ends at 09:00 on 4 March."""
    game = new_game()
    game.act("alice", "sicken", target="bob", days=2)
    game.act("alice", "dare", target="bob")
    game.act("admin", "pause", at=START + hours(12))
    game.act("carol", "look", target="bob", at=START + hours(30))  # Sick while paused
    game.act("admin", "resume", at=START + hours(36))
    assert game.view()["statuses"]["bob"]["Sick"]["until"] == "2021-03-04T09:00:00Z"
    assert game.view()["prompts"][0]["deadline"] == "2021-03-03T09:00:00Z"
    game.advance(START + days(5))
    assert noted(game, "dares") == [["2021-03-03T09:00:00Z", "bob", "refuse"]]
    assert noted(game, "well") == [["2021-03-04T09:00:00Z", "bob", "expired"]]
    assert noted(game, "looks") == [["2021-03-02T15:00:00Z", True]]


def test_a_status_granted_during_a_pause_runs_from_the_resume() -> None:
    game = new_game()
    game.act("admin", "pause", at=START + hours(1))
    game.act("alice", "sicken", target="bob", days=2, at=START + hours(5))
    game.act("carol", "look", target="bob", at=START + days(10))
    game.act("admin", "resume", at=START + days(11))
    assert game.view()["statuses"]["bob"]["Sick"]["until"] == "2021-03-14T09:00:00Z"
    game.advance(START + days(20))
    assert noted(game, "well") == [["2021-03-14T09:00:00Z", "bob", "expired"]]
    assert noted(game, "looks") == [["2021-03-11T09:00:00Z", True]]


def test_a_counted_schedule_keeps_its_rhythm_and_a_calendar_one_skips_the_pause() -> None:
    """The Watch changes every 6 hours from 09:00 on 1 March; a pause from 16:00 to
    18:00 moves the 21:00 change to 23:00 and every later one by two hours. Payday,
    every Friday at noon, falls inside a pause from 4 to 6 March and is not made up:
    the next is on 12 March."""
    game = new_game()
    enact(game, Watch, START)
    game.act("admin", "pause", at=START + hours(7))
    game.act("admin", "resume", at=START + hours(9))
    game.advance(START + hours(27))
    assert noted(game, "watches") == ["2021-03-01T15:00:00Z", "2021-03-01T23:00:00Z",
                                      "2021-03-02T05:00:00Z", "2021-03-02T11:00:00Z"]
    game.act("admin", "pause", at=parse("2021-03-04T00:00:00Z"))
    game.act("admin", "resume", at=parse("2021-03-06T00:00:00Z"))
    game.advance(parse("2021-03-13T00:00:00Z"))
    assert noted(game, "paydays") == ["2021-03-12T12:00:00Z"]


def test_replaying_a_paused_and_resumed_game_gives_its_state() -> None:
    game = new_game()
    game.act("alice", "call")
    game.act("alice", "sicken", target="bob", days=1)
    game.act("carol", "leave", days=1, at=START + hours(2))
    game.advance(START + days(3))
    replayed = Game.rebuild(game.log, secret=game.secret, registry=game.registry)
    assert replayed.state.root == game.state.root


# -- properties ------------------------------------------------------------------------

hour_counts = st.integers(min_value=1, max_value=200)


@settings(max_examples=40, deadline=None)
@given(length=hour_counts, before=st.integers(min_value=0, max_value=199),
       paused=hour_counts, by_clock=st.booleans())
def test_a_countdown_arrives_its_length_plus_the_pause_after_it_began(
        length: int, before: int, paused: int, by_clock: bool) -> None:
    """The Imp is called at 09:00 on 1 March; ``before`` hours later (while it is still
    on its way) the referee leaves for ``paused`` hours, and comes back or the pause
    runs out: it arrives ``length + paused`` hours after the call."""
    before = before % length
    game = new_game()
    amend(game, 7, START, hours=length)
    game.act("alice", "call")
    left = START + hours(before) + timedelta(minutes=30)
    if by_clock:
        game.act("carol", "leave", days=1, at=left)
        paused = 24
    else:
        game.act("carol", "leave", at=left)
        game.act("carol", "return", at=left + hours(paused))
    game.advance(START + hours(length + paused + 1))
    assert noted(game, "arrivals") == [iso(START + hours(length + paused))]


def _set_up(sick_at: int, sick_days: int, call_at: int, pause_at: int,
            pause_days: int) -> Game:
    """A game in which, in its first day, bob is made Sick, the Imp is called and the
    referee leaves for some days (times in hours from the start)."""
    game = new_game()
    steps = sorted([(sick_at, 0), (call_at, 1), (pause_at, 2)])
    for at, what in steps:
        when = START + hours(at)
        if what == 0:
            game.act("alice", "sicken", target="bob", days=sick_days, at=when)
        elif what == 1:
            game.act("alice", "call", at=when)
        else:
            game.act("carol", "leave", days=pause_days, at=when)
    return game


def _timer_events(game: Game, after: int) -> list[tuple[str, str, Any]]:
    """The events the clock made after seq ``after``: what a visit does not change."""
    return [(e["type"], e["time"], e["data"]) for e in game.log[after:] if e["actor"] is None]


@settings(max_examples=25, deadline=None)
@given(sick_at=st.integers(0, 23), sick_days=st.integers(1, 4), call_at=st.integers(0, 23),
       pause_at=st.integers(0, 23), pause_days=st.integers(1, 3),
       visits=st.lists(st.integers(1, 14 * 24 * 60), max_size=8))
def test_catching_up_in_one_step_or_many_gives_the_same_log(
        sick_at: int, sick_days: int, call_at: int, pause_at: int, pause_days: int,
        visits: list[int]) -> None:
    """Three copies of one game run on for two weeks: one nobody visits, one whose
    timers fire at several moments, one that players look at at those moments. The
    first two logs are the same; the third has the same events of the clock."""
    game = _set_up(sick_at, sick_days, call_at, pause_at, pause_days)
    head = len(game.log)
    end = START + days(15)
    moments = sorted(START + days(1) + timedelta(minutes=m) for m in visits)
    once, steps, looked = game.fork(), game.fork(), game.fork()
    once.fire_due(end)
    for moment in [*moments, end]:
        steps.fire_due(moment)
    for moment in moments:
        looked.act("bob", "look", target="bob", at=moment)
    looked.fire_due(end)
    assert [e["hash"] for e in steps.log] == [e["hash"] for e in once.log]
    assert _timer_events(looked, head) == _timer_events(once, head)
    # And the clock did what the rules say, whoever visited.
    if call_at <= pause_at:  # called before the pause: 73 hours and the pause
        arrival = START + hours(call_at + 73) + days(pause_days)
    else:  # called during the pause: 73 hours from its end
        arrival = START + hours(pause_at) + days(pause_days) + hours(73)
    assert noted(once, "arrivals") == [iso(arrival)]
    assert noted(looked, "arrivals") == [iso(arrival)]

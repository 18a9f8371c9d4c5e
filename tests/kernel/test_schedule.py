"""Tests for nomicon.kernel.schedule: phrases, DST, strictly-after semantics, durations."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nomicon.kernel.schedule import Schedule, ScheduleError, parse_duration, parse_schedule

CHICAGO = ZoneInfo("America/Chicago")
ANCHOR = datetime(2020, 1, 1, tzinfo=UTC)
B_NOMIC = {"nday": timedelta(days=1), "nweek": timedelta(days=7)}


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0,
        microsecond: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, second, microsecond, tzinfo=UTC)


def fire(phrase: str, t: datetime, *, anchor: datetime = ANCHOR) -> datetime:
    return parse_schedule(phrase, anchor=anchor, units=B_NOMIC).next_after(t)


def firings(phrase: str, t: datetime, n: int, *, anchor: datetime = ANCHOR) -> list[datetime]:
    schedule = parse_schedule(phrase, anchor=anchor, units=B_NOMIC)
    out = []
    for _ in range(n):
        t = schedule.next_after(t)
        out.append(t)
    return out


# 2020-01-03 is a Friday; Chicago is UTC-6 in January and UTC-5 in July.
FRIDAY_NOON = utc(2020, 1, 3, 12)
JULY_FRIDAY_NOON = utc(2020, 7, 3, 12)


@pytest.mark.parametrize(
    ("phrase", "t", "expected"),
    [
        ("every day at noon America/Chicago", FRIDAY_NOON, utc(2020, 1, 3, 18)),
        ("every day at noon America/Chicago", JULY_FRIDAY_NOON, utc(2020, 7, 3, 17)),
        ("every day at noon Central", FRIDAY_NOON, utc(2020, 1, 3, 18)),
        ("every day at noon Central", JULY_FRIDAY_NOON, utc(2020, 7, 3, 17)),
        ("Every Day At Noon america/chicago", FRIDAY_NOON, utc(2020, 1, 3, 18)),
        ("every day at midnight Central", FRIDAY_NOON, utc(2020, 1, 4, 6)),
        ("every day at midnight Central", JULY_FRIDAY_NOON, utc(2020, 7, 4, 5)),
        ("every day at noon Eastern", FRIDAY_NOON, utc(2020, 1, 3, 17)),
        ("every day at noon Pacific", JULY_FRIDAY_NOON, utc(2020, 7, 3, 19)),
        ("every day at noon Mountain", FRIDAY_NOON, utc(2020, 1, 3, 19)),
        ("every Saturday at 00:00 UTC", FRIDAY_NOON, utc(2020, 1, 4)),
        ("every Saturday at midnight GMT", FRIDAY_NOON, utc(2020, 1, 4)),
        ("every Sunday at noon GMT", FRIDAY_NOON, utc(2020, 1, 5, 12)),
        ("every Saturday at midnight Europe/London", JULY_FRIDAY_NOON, utc(2020, 7, 3, 23)),
        ("daily at 12:00 UTC", FRIDAY_NOON, utc(2020, 1, 4, 12)),
        ("daily at 11:59 UTC", FRIDAY_NOON, utc(2020, 1, 4, 11, 59)),
        ("daily", FRIDAY_NOON, utc(2020, 1, 4)),
        ("once a day", FRIDAY_NOON, utc(2020, 1, 4)),
        ("weekly on Saturday at 00:00 UTC", FRIDAY_NOON, utc(2020, 1, 4)),
        ("weekly on Thursday", FRIDAY_NOON, utc(2020, 1, 9)),
        ("every week on Friday at 12:00:01", FRIDAY_NOON, utc(2020, 1, 3, 12, 0, 1)),
        ("each Tues at noon", FRIDAY_NOON, utc(2020, 1, 7, 12)),
        # Times of day.
        ("every day at 3pm", FRIDAY_NOON, utc(2020, 1, 3, 15)),
        ("every day at 3 PM", FRIDAY_NOON, utc(2020, 1, 3, 15)),
        ("every day at 3:30 pm", FRIDAY_NOON, utc(2020, 1, 3, 15, 30)),
        ("every day at 3:30 p.m. Eastern", FRIDAY_NOON, utc(2020, 1, 3, 20, 30)),
        ("every day at 11am", FRIDAY_NOON, utc(2020, 1, 4, 11)),
        ("every day at 12am", FRIDAY_NOON, utc(2020, 1, 4)),
        ("every day at 12pm", FRIDAY_NOON, utc(2020, 1, 4, 12)),
        ("every day at 9:05", FRIDAY_NOON, utc(2020, 1, 4, 9, 5)),
        # Hours.
        ("every hour on the hour", FRIDAY_NOON, utc(2020, 1, 3, 13)),
        ("every hour", utc(2020, 1, 3, 12, 25), utc(2020, 1, 3, 13)),
        ("hourly", utc(2020, 1, 3, 12, 59, 59, 999999), utc(2020, 1, 3, 13)),
        ("hourly on the hour", utc(2020, 1, 3, 12, 0, 0, 1), utc(2020, 1, 3, 13)),
        ("every hour Asia/Kolkata", FRIDAY_NOON, utc(2020, 1, 3, 12, 30)),
        # Intervals from the anchor (midnight 2020-01-01 UTC).
        ("every 6 hours", utc(2020, 1, 3, 12, 30), utc(2020, 1, 3, 18)),
        ("every 90 minutes", utc(2020, 1, 1, 2), utc(2020, 1, 1, 3)),
        ("every 45 seconds", utc(2020, 1, 1, 0, 1), utc(2020, 1, 1, 0, 1, 30)),
        ("every 6 hours", utc(2019, 6, 1), ANCHOR),
    ],
)
def test_next_firing(phrase: str, t: datetime, expected: datetime) -> None:
    result = fire(phrase, t)
    assert result == expected
    assert result.utcoffset() == timedelta(0)
    assert result.tzinfo is UTC


def test_noon_and_midnight_central() -> None:
    assert firings("every day at noon and midnight Central", FRIDAY_NOON, 4) == [
        utc(2020, 1, 3, 18), utc(2020, 1, 4, 6), utc(2020, 1, 4, 18), utc(2020, 1, 5, 6),
    ]


def test_several_weekdays_default_to_midnight_utc() -> None:
    assert firings("every Monday, Wednesday and Saturday", FRIDAY_NOON, 4) == [
        utc(2020, 1, 4), utc(2020, 1, 6), utc(2020, 1, 8), utc(2020, 1, 11),
    ]
    assert firings("every Monday, Wednesday, and Saturday at 12:30 UTC", FRIDAY_NOON, 3) == [
        utc(2020, 1, 4, 12, 30), utc(2020, 1, 6, 12, 30), utc(2020, 1, 8, 12, 30),
    ]


def test_every_third_day_counts_calendar_days_from_the_anchor_date() -> None:
    # Fires on anchor_date + 3k, k >= 0, even when the anchor is later in the day.
    anchor = utc(2020, 1, 1, 15)
    assert fire("every third day at midnight GMT", anchor, anchor=anchor) == utc(2020, 1, 4)
    assert fire("every third day at midnight GMT", utc(2019, 6, 1), anchor=anchor) == utc(
        2020, 1, 1)
    assert firings("every 3 days", FRIDAY_NOON, 3) == [
        utc(2020, 1, 4), utc(2020, 1, 7), utc(2020, 1, 10)]
    assert fire("every three days at noon", utc(2020, 1, 4, 12)) == utc(2020, 1, 7, 12)
    # 2020 is a leap year: 2021-01-01 is 366 = 3 * 122 days after the anchor.
    assert fire("every 3rd day", utc(2020, 12, 31, 12)) == utc(2021, 1, 1)
    assert fire("every 3rd day", utc(2021, 1, 1)) == utc(2021, 1, 4)


def test_every_n_days_uses_the_anchor_date_in_the_schedule_zone() -> None:
    # 03:00 UTC on 1 January is still 31 December in Chicago.
    anchor = utc(2020, 1, 1, 3)
    assert firings("every 3 days at midnight Central", anchor, 2, anchor=anchor) == [
        utc(2020, 1, 3, 6), utc(2020, 1, 6, 6)]


def test_every_second_and_every_other_day() -> None:
    assert firings("every second day", FRIDAY_NOON, 2) == [utc(2020, 1, 5), utc(2020, 1, 7)]
    assert fire("every other day at noon", FRIDAY_NOON) == utc(2020, 1, 3, 12) + timedelta(
        days=2)
    assert fire("every 2 weeks", FRIDAY_NOON) == utc(2020, 1, 15)
    assert fire("every second", FRIDAY_NOON) == FRIDAY_NOON + timedelta(seconds=1)


def test_interval_counts_from_the_anchor() -> None:
    anchor = utc(2020, 1, 1, 1, 30)
    assert firings("every 6 hours", anchor, 3, anchor=anchor) == [
        utc(2020, 1, 1, 7, 30), utc(2020, 1, 1, 13, 30), utc(2020, 1, 1, 19, 30)]
    assert fire("every 6 hours", FRIDAY_NOON, anchor=anchor) == utc(2020, 1, 3, 13, 30)


def test_custom_units() -> None:
    anchor = utc(2020, 1, 1, 12)
    assert fire("every nday", FRIDAY_NOON, anchor=anchor) == utc(2020, 1, 4, 12)
    assert fire("once per nweek", FRIDAY_NOON, anchor=anchor) == utc(2020, 1, 8, 12)
    assert fire("once per nweek", anchor, anchor=anchor) == utc(2020, 1, 8, 12)
    assert fire("every 2 ndays", FRIDAY_NOON, anchor=anchor) == utc(2020, 1, 5, 12)
    assert fire("Every Two NDays", FRIDAY_NOON, anchor=anchor) == utc(2020, 1, 5, 12)
    assert fire("every 2 ndays", utc(2019, 1, 1), anchor=anchor) == anchor
    blips = parse_schedule("every 3 blips", anchor=anchor, units={"Blip": timedelta(hours=5)})
    assert blips.next_after(anchor) == utc(2020, 1, 2, 3)


def test_game_units_shadow_builtin_units() -> None:
    units = {"day": timedelta(hours=20)}
    schedule = parse_schedule("every 2 days", anchor=ANCHOR, units=units)
    assert schedule.next_after(ANCHOR) == utc(2020, 1, 2, 16)
    assert parse_duration("2 days", units=units) == timedelta(hours=40)


def test_strictly_after() -> None:
    assert fire("every day at noon Central", utc(2020, 1, 3, 18)) == utc(2020, 1, 4, 18)
    assert fire("every Saturday at midnight GMT", utc(2020, 1, 4)) == utc(2020, 1, 11)
    assert fire("every hour", utc(2020, 1, 3, 13)) == utc(2020, 1, 3, 14)
    assert fire("every 6 hours", ANCHOR) == utc(2020, 1, 1, 6)
    assert fire("every nday", ANCHOR) == utc(2020, 1, 2)
    before = utc(2020, 1, 3, 17, 59, 59, 999999)
    assert fire("every day at noon Central", before) == utc(2020, 1, 3, 18)


def test_input_in_any_zone_output_in_utc() -> None:
    t = datetime(2020, 1, 3, 6, tzinfo=CHICAGO)  # == FRIDAY_NOON
    result = fire("every Saturday at midnight GMT", t)
    assert result == utc(2020, 1, 4)
    assert result.tzinfo is UTC


def test_no_firing_before_the_end_of_time() -> None:
    for phrase in ("every 900000000 days", "every 900000000 hours"):
        with pytest.raises(ValueError, match="has no firing time after"):
            fire(phrase, utc(2021, 1, 1))


def test_naive_times_are_rejected() -> None:
    schedule = parse_schedule("every day", anchor=ANCHOR)
    with pytest.raises(ValueError, match="timezone-aware"):
        schedule.next_after(datetime(2020, 1, 1))
    with pytest.raises(ValueError, match="timezone-aware"):
        parse_schedule("every day", anchor=datetime(2020, 1, 1))


class TestDaylightSaving:
    # US clocks went forward at 02:00 on 2020-03-08 and back at 02:00 on 2020-11-01.

    def test_noon_across_spring_forward(self) -> None:
        assert firings("every day at noon Central", utc(2020, 3, 7, 12), 2) == [
            utc(2020, 3, 7, 18), utc(2020, 3, 8, 17)]

    def test_midnight_across_spring_forward(self) -> None:
        assert firings("every day at midnight Central", utc(2020, 3, 8, 5), 2) == [
            utc(2020, 3, 8, 6), utc(2020, 3, 9, 5)]

    def test_noon_across_fall_back(self) -> None:
        assert firings("every day at noon Central", utc(2020, 10, 31, 12), 2) == [
            utc(2020, 10, 31, 17), utc(2020, 11, 1, 18)]

    def test_skipped_time_fires_when_the_clock_would_show_it(self) -> None:
        # 02:30 does not exist on 2020-03-08; 02:30 CST is 08:30 UTC (03:30 CDT).
        assert firings("every day at 2:30 Central", utc(2020, 3, 7), 3) == [
            utc(2020, 3, 7, 8, 30), utc(2020, 3, 8, 8, 30), utc(2020, 3, 9, 7, 30)]

    def test_repeated_time_fires_once(self) -> None:
        # 01:30 happens twice on 2020-11-01; only the first (CDT, 06:30 UTC) fires.
        assert firings("every day at 1:30 Central", utc(2020, 10, 31, 12), 3) == [
            utc(2020, 11, 1, 6, 30), utc(2020, 11, 2, 7, 30), utc(2020, 11, 3, 7, 30)]

    def test_hourly_fires_in_both_runs_of_a_repeated_hour(self) -> None:
        assert firings("every hour on the hour Central", utc(2020, 11, 1, 5, 30), 3) == [
            utc(2020, 11, 1, 6), utc(2020, 11, 1, 7), utc(2020, 11, 1, 8)]

    def test_hourly_across_spring_forward(self) -> None:
        # 01:00 CST (07:00 UTC), then 03:00 CDT (08:00 UTC).
        assert firings("hourly America/Chicago", utc(2020, 3, 8, 6, 30), 3) == [
            utc(2020, 3, 8, 7), utc(2020, 3, 8, 8), utc(2020, 3, 8, 9)]

    def test_european_zone(self) -> None:
        # UK clocks went forward at 01:00 GMT on 2020-03-29 (a Sunday); 01:30 was skipped.
        assert firings("every Sunday at 01:30 Europe/London", utc(2020, 3, 28), 2) == [
            utc(2020, 3, 29, 1, 30), utc(2020, 4, 5, 0, 30)]


def test_repr_and_equality() -> None:
    a = parse_schedule("every day at noon Central", anchor=ANCHOR, units=B_NOMIC)
    b = parse_schedule("every day at noon Central", anchor=ANCHOR, units=dict(B_NOMIC))
    c = parse_schedule("every day at noon Central", anchor=utc(2021, 1, 1), units=B_NOMIC)
    assert repr(a) == "Schedule('every day at noon Central')"
    assert a.text == "every day at noon Central"
    assert isinstance(a, Schedule)
    assert a == b
    assert hash(a) == hash(b)
    assert a != c
    assert a != parse_schedule("every day at noon central", anchor=ANCHOR, units=B_NOMIC)
    assert a != "every day at noon Central"


@pytest.mark.parametrize(
    ("phrase", "why"),
    [
        ("", "it is empty"),
        ("   ,  ", "it is empty"),
        ("sometimes", "must start with 'every'"),
        ("once in a while", "must start with 'every'"),
        ("every", "expected a unit of time or a weekday, found nothing"),
        ("every blue moon", "expected a unit of time or a weekday, found 'blue'"),
        ("every 3 fortnights", "found '3'"),
        ("every day at teatime", "expected a time after 'at', found 'teatime'"),
        ("every day at 25:00", "expected a time after 'at', found '25:00'"),
        ("every day at 13pm", "expected a time after 'at'"),
        ("every day at", "expected a time after 'at', found nothing"),
        ("every hour at noon", "'at' needs a schedule by days or weekdays, not by 'hour'"),
        ("every nday at noon", "'at' needs a schedule by days or weekdays"),
        ("every 0 days", "the count must be at least 1"),
        ("every day on the hour", "'on the hour' only follows"),
        ("every 3 hours on the hour", "'on the hour' only follows"),
        ("every 2 weeks on Monday", "'on <weekday>' only follows"),
        ("weekly on payday", "expected a weekday after 'on', found 'payday'"),
        ("every day at noon Mars/Olympus", "unknown time zone 'mars/olympus'"),
        ("every day at noon sharp", "unexpected words 'sharp'"),
        ("every 99999999999 hours", "the period is too long"),
    ],
)
def test_bad_schedules(phrase: str, why: str) -> None:
    with pytest.raises(ScheduleError) as info:
        parse_schedule(phrase, anchor=ANCHOR, units=B_NOMIC)
    assert f"cannot understand schedule {phrase!r}" in str(info.value)
    assert why in str(info.value)


def test_bad_game_units() -> None:
    with pytest.raises(ScheduleError, match="bad game unit 'n day'"):
        parse_schedule("every day", anchor=ANCHOR, units={"n day": timedelta(days=1)})
    with pytest.raises(ScheduleError, match="bad game unit 'never'"):
        parse_duration("1 never", units={"never": timedelta(0)})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("30m", timedelta(minutes=30)),
        ("25h", timedelta(hours=25)),
        ("3d", timedelta(days=3)),
        ("1w", timedelta(weeks=1)),
        ("90s", timedelta(seconds=90)),
        ("73 hours", timedelta(hours=73)),
        ("5 minutes", timedelta(minutes=5)),
        ("1 hour", timedelta(hours=1)),
        ("24h", timedelta(hours=24)),
        ("2 ndays", timedelta(days=2)),
        ("1 nweek", timedelta(days=7)),
        ("1 nweeks", timedelta(days=7)),
        ("1h30m", timedelta(hours=1, minutes=30)),
        ("1 hour, and 30 minutes", timedelta(hours=1, minutes=30)),
        ("2 Days 3 Hours", timedelta(days=2, hours=3)),
        ("an hour", timedelta(hours=1)),
        ("three days", timedelta(days=3)),
        ("1.5 hours", timedelta(hours=1, minutes=30)),
        ("0 minutes", timedelta(0)),
    ],
)
def test_durations(text: str, expected: timedelta) -> None:
    assert parse_duration(text, units=B_NOMIC) == expected


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "it is empty"),
        ("  ", "it is empty"),
        ("-3d", "cannot be negative"),
        ("3 fortnights", "unknown unit 'fortnights'"),
        ("3", "the number 3 has no unit"),
        ("h", "expected a number, found 'h'"),
        ("3 h 4", "the number 4 has no unit"),
        ("3h -4m", "expected a number, found '-'"),
        ("soon", "expected a number, found 'soon'"),
        ("99999999999 weeks", "it is too long"),
    ],
)
def test_bad_durations(text: str, why: str) -> None:
    with pytest.raises(ScheduleError) as info:
        parse_duration(text, units=B_NOMIC)
    assert f"cannot understand duration {text!r}" in str(info.value)
    assert why in str(info.value)


def test_unknown_game_unit_without_units() -> None:
    with pytest.raises(ScheduleError, match="unknown unit 'ndays'"):
        parse_duration("2 ndays")


# --- Properties -------------------------------------------------------------------------

# One phrase of each kind, with its longest gap between firings once the anchor has passed.
KINDS = {
    "every day at noon and midnight Central": timedelta(hours=13),
    "every Monday, Wednesday and Saturday at 12:30 UTC": timedelta(days=3),
    "weekly on Sunday at 01:30 Europe/London": timedelta(days=7, hours=1),
    "every third day at 2:30 Central": timedelta(days=3, hours=1),
    "every hour on the hour Central": timedelta(hours=1),
    # Lord Howe Island falls back half an hour, so one local hour lasts 90 minutes.
    "every hour Australia/Lord_Howe": timedelta(minutes=90),
    "every 6 hours": timedelta(hours=6),
    "every 2 ndays": timedelta(days=2),
}
ZONES = st.sampled_from([UTC, CHICAGO, ZoneInfo("Europe/London"),
                         ZoneInfo("Australia/Lord_Howe"), ZoneInfo("Asia/Kolkata")])
TIMES = st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2100, 1, 1),
                     timezones=ZONES)
SCHEDULES = st.sampled_from(sorted(KINDS)).map(
    lambda phrase: parse_schedule(phrase, anchor=utc(2001, 2, 3, 4, 5), units=B_NOMIC))


@settings(deadline=None, max_examples=300)
@given(SCHEDULES, TIMES)
def test_next_after_is_strictly_later_and_is_a_firing(schedule: Schedule, t: datetime) -> None:
    n = schedule.next_after(t)
    assert n > t
    if t >= schedule.anchor:
        assert n - t <= KINDS[schedule.text]
    assert n.utcoffset() == timedelta(0)
    # n is itself a firing time: nothing fires between just before n and n.
    assert schedule.next_after(n - timedelta(microseconds=1)) == n


@settings(deadline=None, max_examples=300)
@given(SCHEDULES, TIMES, TIMES)
def test_next_after_is_monotone(schedule: Schedule, t1: datetime, t2: datetime) -> None:
    t1, t2 = sorted((t1, t2))
    assert schedule.next_after(t1) <= schedule.next_after(t2)


@settings(deadline=None)
@given(SCHEDULES, TIMES, st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=8)))
def test_next_after_close_times_is_monotone(schedule: Schedule, t: datetime,
                                            dt: timedelta) -> None:
    # Random pairs are usually far apart; this checks pairs within a firing gap or two.
    # The later time is computed in UTC: Python's arithmetic on a zoned time is wall-clock
    # arithmetic that drops ``fold``, so on a repeated hour ``t + 0`` would be earlier.
    assert schedule.next_after(t) <= schedule.next_after(t.astimezone(UTC) + dt)


@given(st.integers(0, 10**6), st.integers(0, 10**5), st.integers(0, 10**4))
def test_duration_round_trip(hours: int, minutes: int, seconds: int) -> None:
    text = f"{hours}h {minutes} minutes, and {seconds}s"
    assert parse_duration(text) == timedelta(hours=hours, minutes=minutes, seconds=seconds)

"""Recurring schedules and durations written in the words of a game's rules.

Matching ignores case; commas and the word "and" only separate list items.

Schedules (``parse_schedule``)::

    schedule := lead [period] ["on" WEEKDAY+] ["at" TIME+] ["on the hour"] [ZONE]
    lead     := "every" | "each" | "once" ("per" | "a" | "an" | "every" | "each")
              | "hourly" | "daily" | "weekly"
    period   := WEEKDAY+ | [COUNT] UNIT          (after "hourly", "daily", "weekly": none)
    COUNT    := 3 | three | 3rd | third | second | other   ("every third day" = every 3 days)
    TIME     := noon | midnight | HH:MM[:SS] | 3pm | 3:30 pm
    ZONE     := an IANA name (America/Chicago), Central, Eastern, Mountain, Pacific, GMT, UTC

For example "every day at noon and midnight Central", "every Monday, Wednesday and Saturday
at 12:30 UTC", "weekly on Saturday at 00:00 UTC", "every third day at midnight GMT",
"every hour on the hour", "every 6 hours", "once per nweek".

Meaning:

* Weekdays, days and weeks are calendar schedules.  They fire at each TIME (default midnight)
  in ZONE (default UTC), either on the named weekdays or on the dates ``anchor_date + n*k``
  for k >= 0, where ``anchor_date`` is the anchor's date in ZONE and n is the count in days.
  A time skipped by a DST change fires when the clock would have shown it (2:30 becomes
  3:30); a time repeated by a DST change fires once, the first time.
* "hourly" and "every hour" (optionally "on the hour") fire at the start of each local hour,
  including both runs of a repeated hour.
* Any other period ("every 6 hours", "every 90 minutes", game units such as "every 2 ndays")
  is an interval: it fires at ``anchor + n*unit*k`` for k >= 0, whatever the zone.

Durations (``parse_duration``) are one or more ``NUMBER UNIT`` pairs: "1h30m", "73 hours",
"2 ndays", "an hour".  Built-in units are s/sec/second, m/min/minute, h/hr/hour, d/day and
w/wk/week, with plurals; game-defined units are used with or without a trailing "s" and take
precedence over built-in ones of the same name.
"""

from __future__ import annotations

import functools
import re
import zoneinfo
from abc import ABC, abstractmethod
from collections.abc import Mapping
from datetime import UTC, datetime, time, timedelta, tzinfo

from dateutil.rrule import DAILY, FR, HOURLY, MO, SA, SU, TH, TU, WE, rrule, rruleset, weekday

from nomicon.kernel.errors import NomiconError

__all__ = ["Schedule", "ScheduleError", "parse_duration", "parse_schedule"]


class ScheduleError(NomiconError, ValueError):
    """A schedule or duration phrase that could not be understood."""


_BUILTIN_UNITS = {
    "second": (timedelta(seconds=1), ("s", "sec", "secs", "seconds")),
    "minute": (timedelta(minutes=1), ("m", "min", "mins", "minutes")),
    "hour": (timedelta(hours=1), ("h", "hr", "hrs", "hours")),
    "day": (timedelta(days=1), ("d", "days")),
    "week": (timedelta(weeks=1), ("w", "wk", "wks", "weeks")),
}
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_ORDINALS = {"other": 2, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
             "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
_WEEKDAYS = {
    name: day
    for day, names in ((MO, ("mon", "monday")), (TU, ("tue", "tues", "tuesday")),
                       (WE, ("wed", "wednesday")), (TH, ("thu", "thurs", "thursday")),
                       (FR, ("fri", "friday")), (SA, ("sat", "saturday")),
                       (SU, ("sun", "sunday")))
    for name in (*names, names[-1] + "s")
}
_ZONE_ALIASES: dict[str, tzinfo] = {
    "utc": UTC, "gmt": UTC, "central": zoneinfo.ZoneInfo("America/Chicago"),
    "eastern": zoneinfo.ZoneInfo("America/New_York"),
    "mountain": zoneinfo.ZoneInfo("America/Denver"),
    "pacific": zoneinfo.ZoneInfo("America/Los_Angeles"),
}
_NUMBER = r"\d+(?:\.\d+)?"


@functools.cache
def _iana_zones() -> dict[str, str]:
    # Phrases are matched lowercased, but IANA keys are case-sensitive on disk.
    return {name.lower(): name for name in zoneinfo.available_timezones()}


def _zone(word: str) -> tzinfo | None:
    if word in _ZONE_ALIASES:
        return _ZONE_ALIASES[word]
    name = _iana_zones().get(word)
    return zoneinfo.ZoneInfo(name) if name else None


def _require_aware(t: datetime, what: str) -> None:
    if t.tzinfo is None or t.utcoffset() is None:
        raise ValueError(f"{what} must be timezone-aware, got naive {t.isoformat()}")


def _normalise(text: str) -> str:
    text = re.sub(r"\b([ap])\.m\.", r"\1m", text.lower().replace(",", " "))
    text = re.sub(r"(\d)\s+([ap]m)\b", r"\1\2", text)  # "3:30 pm" -> "3:30pm"
    return " ".join(w for w in text.split() if w != "and")


def _unit_table(units: Mapping[str, timedelta] | None) -> dict[str, tuple[str, timedelta]]:
    """Map each unit word to (kind, length); kind is a built-in unit name or "custom"."""
    table = {word: (kind, length) for kind, (length, words) in _BUILTIN_UNITS.items()
             for word in (kind, *words)}
    for name, length in (units or {}).items():
        key = name.lower()
        if not re.fullmatch(r"[a-z_-]+", key) or length <= timedelta(0):
            raise ScheduleError(f"bad game unit {name!r} = {length}: it needs a name made of "
                                "letters and a positive length")
        table[key] = ("custom", length)
    for name, length in (units or {}).items():
        # Plurals override built-ins but, added after all singulars, never a game unit.
        if table.get(name.lower() + "s", ("",))[0] != "custom":
            table[name.lower() + "s"] = ("custom", length)
    return table


def parse_duration(text: str, *, units: Mapping[str, timedelta] | None = None) -> timedelta:
    """Parse a length of time such as "1h30m", "73 hours" or "2 ndays"."""
    table = _unit_table(units)

    def fail(why: str) -> ScheduleError:
        return ScheduleError(f"cannot understand duration {text!r}: {why}")

    norm = _normalise(text)
    if not norm:
        raise fail("it is empty")
    if norm.startswith("-"):
        raise fail("a duration cannot be negative")
    tokens = re.findall(rf"{_NUMBER}|[a-z_-]+|\S", norm)
    total = timedelta(0)
    for i in range(0, len(tokens), 2):
        number, unit = tokens[i], tokens[i + 1] if i + 1 < len(tokens) else ""
        if not (number in _NUMBERS or re.fullmatch(_NUMBER, number)):
            raise fail(f"expected a number, found {number!r}")
        if not unit:
            raise fail(f"the number {number} has no unit")
        if unit not in table:
            raise fail(f"unknown unit {unit!r}")
        # Whole numbers stay ints so that large ones are not rounded through a float.
        amount = _NUMBERS.get(number) or (int(number) if number.isdigit() else float(number))
        try:
            total += amount * table[unit][1]
        except OverflowError:
            raise fail("it is too long") from None
    return total


class Schedule(ABC):
    """A recurring schedule parsed from a phrase; see the module docstring for the grammar."""

    text: str
    anchor: datetime

    def __init__(self, text: str, anchor: datetime, units: Mapping[str, timedelta] | None):
        self.text = text
        self.anchor = anchor
        self._units = tuple(sorted((units or {}).items()))

    def next_after(self, t: datetime) -> datetime:
        """Return the first firing time strictly after ``t`` (tz-aware), in UTC."""
        _require_aware(t, "time")
        try:
            return self._next_after(t.astimezone(UTC))
        except OverflowError:
            raise ValueError(f"{self!r} has no firing time after {t.isoformat()}") from None

    @abstractmethod
    def _next_after(self, t: datetime) -> datetime: ...

    @property
    def step(self) -> timedelta | None:
        """The fixed time between firings of a counted interval ("every 6 hours"); None
        for a schedule on the calendar ("every day at noon")."""
        return None

    def _key(self) -> tuple[object, ...]:
        return (self.text, self.anchor, self._units)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Schedule):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Schedule({self.text!r})"


class _IntervalSchedule(Schedule):
    """Fires at ``anchor + k*step`` for k >= 0."""

    def __init__(self, text: str, anchor: datetime, units: Mapping[str, timedelta] | None,
                 step: timedelta):
        super().__init__(text, anchor, units)
        self._start = anchor.astimezone(UTC)
        self._step = step

    def _next_after(self, t: datetime) -> datetime:
        return self._start + max(0, (t - self._start) // self._step + 1) * self._step

    @property
    def step(self) -> timedelta:
        return self._step


class _CalendarSchedule(Schedule):
    """Fires at wall-clock times in a zone, generated by rrules."""

    def __init__(self, text: str, anchor: datetime, units: Mapping[str, timedelta] | None, *,
                 zone: tzinfo, hourly: bool = False, every_days: int = 1,
                 weekdays: tuple[weekday, ...] | None = None, times: tuple[time, ...] = ()):
        super().__init__(text, anchor, units)
        self._zone, self._hourly, self._every_days = zone, hourly, every_days
        self._weekdays, self._times = weekdays, times or (time(0),)
        self._base = anchor.astimezone(zone).date()

    def _rules(self, start: datetime) -> rruleset:
        # rrule iterates from dtstart, so each query starts the rules just before `start`.
        rules = rruleset()
        if self._hourly:
            rules.rrule(rrule(HOURLY, dtstart=start.replace(minute=0, second=0, microsecond=0)))
            return rules
        # Count whole n-day cycles from the anchor's date so dtstart stays on the cycle.
        cycles = max(0, (start.date() - self._base).days // self._every_days)
        day = self._base + timedelta(days=cycles * self._every_days)
        for at in self._times:
            rules.rrule(rrule(DAILY, dtstart=datetime.combine(day, time(0)),
                              interval=self._every_days, byweekday=self._weekdays,
                              byhour=at.hour, byminute=at.minute, bysecond=at.second))
        return rules

    def _next_after(self, t: datetime) -> datetime:
        # Candidates are naive local wall times, each converted to UTC.  Around a DST change
        # wall order and UTC order can disagree, but never by a day, so a day of slack on each
        # side is enough to be sure the earliest firing after t has been seen.
        start = t.astimezone(self._zone).replace(tzinfo=None) - timedelta(days=1)
        # An hourly schedule fires in both runs of a repeated hour; a daily one only once.
        folds = (0, 1) if self._hourly else (0,)
        best: datetime | None = None
        best_wall = start
        for wall in self._rules(start):
            if best is not None and wall > best_wall + timedelta(days=1):
                return best
            for fold in folds:
                fire = wall.replace(tzinfo=self._zone, fold=fold).astimezone(UTC)
                if fire > t and (best is None or fire < best):
                    best, best_wall = fire, wall
        if best is None:  # rrule stops at datetime.MAXYEAR
            raise OverflowError
        return best


def _parse_time(word: str) -> time | None:
    if word in ("noon", "midday", "midnight"):
        return time(0 if word == "midnight" else 12)
    if m := re.fullmatch(r"(\d{1,2}):(\d\d)(?::(\d\d))?", word):
        h, mi, s = int(m[1]), int(m[2]), int(m[3] or 0)
        return time(h, mi, s) if h < 24 and mi < 60 and s < 60 else None
    if m := re.fullmatch(r"(\d{1,2})(?::(\d\d))?([ap])m", word):
        h, mi = int(m[1]), int(m[2] or 0)
        if 1 <= h <= 12 and mi < 60:
            return time(h % 12 + (12 if m[3] == "p" else 0), mi)
    return None


def _count(word: str) -> int | None:
    if word in _ORDINALS or word in _NUMBERS:
        return _ORDINALS.get(word) or _NUMBERS[word]
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)?", word)
    return int(m[1]) if m else None


def parse_schedule(text: str, *, anchor: datetime,
                   units: Mapping[str, timedelta] | None = None) -> Schedule:
    """Parse a recurring schedule phrase; interval schedules count from ``anchor``."""
    _require_aware(anchor, "anchor")
    table = _unit_table(units)
    words = _normalise(text).split()

    def fail(why: str) -> ScheduleError:
        return ScheduleError(f"cannot understand schedule {text!r}: {why}")

    def take(*options: str) -> bool:
        if words and words[0] in options:
            del words[0]
            return True
        return False

    def take_weekdays() -> tuple[weekday, ...]:
        days: list[weekday] = []
        while words and words[0] in _WEEKDAYS:
            days.append(_WEEKDAYS[words.pop(0)])
        return tuple(days)

    def next_word() -> str:
        return repr(words[0]) if words else "nothing"

    if not words:
        raise fail("it is empty")
    zone = _zone(words[-1])
    if zone is not None:
        words.pop()
    days: tuple[weekday, ...] = ()
    count, unit, lead = 1, "", words[0] if words else ""
    if take("hourly", "daily", "weekly"):
        unit = {"hourly": "hour", "daily": "day", "weekly": "week"}[lead]
    elif take("every", "each") or (take("once") and take("per", "a", "an", "every", "each")):
        days = take_weekdays()
        if not days:
            if len(words) > 1 and words[1] in table and (n := _count(words[0])) is not None:
                count = n
                del words[0]
            if not words or words[0] not in table:
                raise fail(f"expected a unit of time or a weekday, found {next_word()}")
            unit = words.pop(0)
    else:
        raise fail("it must start with 'every', 'each', 'once per', 'hourly', 'daily' or "
                   "'weekly'")
    if count < 1:
        raise fail("the count must be at least 1")
    try:
        step = count * table[unit][1] if unit else timedelta(0)
    except OverflowError:
        raise fail("the period is too long") from None
    kind = "weekday" if days else table[unit][0]
    if words[:3] != ["on", "the", "hour"] and take("on"):
        if kind != "week" or count != 1:
            raise fail("'on <weekday>' only follows 'weekly' or 'every week'")
        days, kind = take_weekdays(), "weekday"
        if not days:
            raise fail(f"expected a weekday after 'on', found {next_word()}")
    times: list[time] = []
    if take("at"):
        if kind not in ("day", "week", "weekday"):
            raise fail(f"'at' needs a schedule by days or weekdays, not by {unit!r}")
        while words and (at := _parse_time(words[0])) is not None:
            times.append(at)
            del words[0]
        if not times:
            raise fail(f"expected a time after 'at', found {next_word()}")
    if words[:3] == ["on", "the", "hour"]:
        del words[:3]
        if kind != "hour" or count != 1:
            raise fail("'on the hour' only follows 'every hour' or 'hourly'")
    if words and "/" in words[-1]:
        raise fail(f"unknown time zone {words[-1]!r}")
    if words:
        raise fail(f"unexpected words {' '.join(words)!r}")
    tz = zone or UTC
    if kind in ("day", "week", "weekday"):
        return _CalendarSchedule(text, anchor, units, zone=tz, weekdays=days or None,
                                 every_days=count * (7 if kind == "week" else 1),
                                 times=tuple(times))
    if kind == "hour" and count == 1:
        return _CalendarSchedule(text, anchor, units, zone=tz, hourly=True)
    return _IntervalSchedule(text, anchor, units, step)

"""Time values in the state and the log: ISO-8601 strings in UTC."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache

# Performance: the engine writes and reads the clock on every action, event and timer,
# mostly the same few times over; both conversions are pure, and datetimes are
# immutable, so recent results are kept.


@lru_cache(maxsize=1024)
def iso(t: datetime) -> str:
    """``2020-09-01T12:00:00Z`` (seconds, plus microseconds when there are any)."""
    if t.tzinfo is None:
        raise ValueError("game times must be timezone-aware")
    t = t.astimezone(UTC)
    text = t.isoformat(timespec="microseconds" if t.microsecond else "seconds")
    return text.replace("+00:00", "Z")


@lru_cache(maxsize=1024)
def parse(text: str) -> datetime:
    """The inverse of :func:`iso`; a time without a zone is read as UTC."""
    t = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if t.tzinfo is None:
        t = t.replace(tzinfo=UTC)
    return t.astimezone(UTC)

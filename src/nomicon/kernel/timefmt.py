"""Time values in the state and the log: ISO-8601 strings in UTC."""

from __future__ import annotations

from datetime import UTC, datetime


def iso(t: datetime) -> str:
    """``2020-09-01T12:00:00Z`` (seconds, plus microseconds when there are any)."""
    if t.tzinfo is None:
        raise ValueError("game times must be timezone-aware")
    t = t.astimezone(UTC)
    text = t.isoformat(timespec="microseconds" if t.microsecond else "seconds")
    return text.replace("+00:00", "Z")


def parse(text: str) -> datetime:
    """The inverse of :func:`iso`; a time without a zone is read as UTC."""
    t = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if t.tzinfo is None:
        t = t.replace(tzinfo=UTC)
    return t.astimezone(UTC)

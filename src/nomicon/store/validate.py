"""Argument checks shared by the store backends (no database access here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from .engine import json_dumps
from .errors import InvalidInput, SeqConflict
from .records import GameRecord

__all__ = [
    "KEY_LENGTH", "caller", "contiguous", "events", "json_mapping", "json_value", "key", "mapping",
    "record", "seq",
]

#: The longest idempotency key accepted.
KEY_LENGTH = 200


def seq(name: str, value: object, *, minimum: int = 1) -> int:
    """``value`` as a seq: an int (not a bool) >= ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{name} must be an int, got {type(value).__name__}")
    if value < minimum:
        raise InvalidInput(f"{name} must be >= {minimum}, got {value}")
    return value


def _short_text(value: object, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidInput(f"{what} must be a non-empty str")
    if len(value) > KEY_LENGTH:
        raise InvalidInput(f"{what} has at most {KEY_LENGTH} characters, not {len(value)}")
    return value


def key(value: object) -> str:
    """An idempotency key: a non-empty str of at most :data:`KEY_LENGTH` characters."""
    return _short_text(value, "an idempotency key")


def caller(value: object) -> str:
    """Who sent a keyed request (an account id): a non-empty str of at most
    :data:`KEY_LENGTH` characters."""
    return _short_text(value, "an idempotency key's caller")


def mapping(name: str, value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidInput(f"{name} must be a dict, got {type(value).__name__}")
    return value


def json_value(name: str, value: object) -> None:
    """Check that ``value`` can be stored as strict JSON (no NaN, no sets...).

    Checked here rather than left to the driver: SQLite's driver reports such a
    value as a statement error, psycopg as a bare TypeError from deep inside.
    """
    try:
        json_dumps(value)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"{name} cannot be stored as JSON: {exc}") from None


def json_mapping(name: str, value: object) -> Mapping[str, Any]:
    """A dict that can be stored as JSON."""
    checked = mapping(name, value)
    json_value(name, checked)
    return checked


def events(items: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Shallow-copied event dicts, each with an int ``seq`` and str ``time`` and ``type``."""
    if isinstance(items, Mapping | str | bytes):
        raise InvalidInput("events must be a list of dicts")
    out: list[dict[str, Any]] = []
    for index, item in enumerate(items):
        mapping(f"event #{index}", item)
        if "seq" not in item:
            raise InvalidInput(f"event #{index} has no 'seq'")
        seq(f"event #{index} 'seq'", item["seq"])
        for key in ("time", "type"):
            if not isinstance(item.get(key), str):
                raise InvalidInput(f"event #{index} needs a str {key!r}")
        json_value(f"event #{index}", item)
        out.append(dict(item))
    return out


def contiguous(game_id: str, batch: list[dict[str, Any]], *, head: int) -> None:
    """Check that ``batch`` continues a log whose head is ``head``, without gaps or repeats."""
    previous = head
    for item in batch:
        if item["seq"] != previous + 1:
            raise SeqConflict(game_id, item["seq"] - 1, previous, f"event seq {item['seq']}")
        previous = item["seq"]


def record(rec: GameRecord) -> None:
    if not isinstance(rec.id, str) or not rec.id:
        raise InvalidInput("game id must be a non-empty str")
    if not isinstance(rec.pack, str) or not rec.pack:
        raise InvalidInput("pack must be a non-empty str")
    if not isinstance(rec.created, datetime) or rec.created.utcoffset() is None:
        raise InvalidInput("created must be a timezone-aware datetime")
    json_mapping("meta", rec.meta)
    if rec.secret is not None and not isinstance(rec.secret, str):
        raise InvalidInput("secret must be a str or None")
    if rec.next_due is not None and (not isinstance(rec.next_due, datetime)
                                     or rec.next_due.utcoffset() is None):
        raise InvalidInput("next_due must be a timezone-aware datetime or None")
    if rec.parent is not None and (not isinstance(rec.parent, str) or not rec.parent):
        raise InvalidInput("parent must be a non-empty str or None")

"""How values are read from people and shown to them, for the command line and the
web pages alike."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any


def cell(value: Any) -> str:
    """A value as a table cell: lists and dicts compactly, nothing as an em dash."""
    if value is None or value == [] or value == {}:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(cell(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {cell(v)}" for k, v in value.items())
    return str(value)


def json_value(value: Any) -> Any:
    """A value read from YAML input as JSON a game can hold: dates and times become
    ISO text, keys become strings; NaN and infinity (which JSON lacks) are refused
    with ValueError."""
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): json_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_value(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{value} is not a value a game can hold")
    return value

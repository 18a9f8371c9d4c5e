"""How values read in tables, for the command line and the web pages alike."""

from __future__ import annotations

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

"""The kinds of event that the boards' helpers emit, with their fields.

The walker's events (``walk.*``, ``walked``, ``transported``) are not declared here:
they carry the fields of the walk its caller adds (``how`` and any other), and their
hooks answer by writing into the data they are given.
"""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.kernel.eventkind import EventKind


class SquaresAdded(TypedDict):
    old_size: int
    new_size: int
    spaces: list[int]  # the new squares' numbers
    ids: list[int]  # their identities
    why: str


class Renumbered(TypedDict):
    old_size: int
    new_size: int
    mapping: dict[str, int | None]  # old number (as text) to new (None: gone)
    added: list[int]
    removed: list[int]
    moved: dict[str, list[int]]  # by the path of what stood on a square: [old, new]
    why: str


SQUARES_ADDED = EventKind("board.squares-added", SquaresAdded)
#: Every square takes its new number, with what stands on it.
RENUMBERED = EventKind("board.renumbered", Renumbered)

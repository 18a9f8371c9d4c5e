"""Nomopoly II, section XXIX (Paths): canonical paths, distance and "closer".

The snake board already measures what the text defines: a canonical path's
directions are the rows and columns between two squares' cells, so the "distance"
of XXIX.3 is :meth:`~nomicon.boards.snake.Layout.span` and the "closer" of XXIX.4
(the lower number breaking a tie) is :meth:`~nomicon.boards.snake.Layout.closest`.
The functions here read them on the game's board for the rules that use them
(XVIII.2 sends what stood on a destroyed square to the closest Public Property).
"""

from __future__ import annotations

from collections.abc import Iterable

from nomicon.authoring import Ctx, Rule
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.terms import PACK


def distance(ctx: Ctx, a: int, b: int) -> int:
    """XXIX.3: the larger of the rows and the columns between squares ``a`` and ``b``."""
    return board.layout(ctx).span(a, b)


def is_closer(ctx: Ctx, a: int, b: int, c: int) -> bool:
    """XXIX.4: whether square ``a`` is closer to ``b`` than to ``c``."""
    return (distance(ctx, a, b), b) < (distance(ctx, a, c), c)


def closest(ctx: Ctx, origin: int, candidates: Iterable[int]) -> int | None:
    """The candidate closest to ``origin`` (XXIX.4), or None without candidates."""
    return board.layout(ctx).closest(origin, candidates)


class WhatAPathIs(Rule):
    """A "path" between two squares, A and B, is a list of directions such that if you start in square A and move in each of the directions in turn, you end up in square B. No other forms of movement are considered when moving in a path."""  # noqa: E501

    key = "paths"
    pack = PACK
    number = 2901
    title = "XXIX.1 Paths"
    # Text only: a definition the next items use; directions are those of VI.3.


class CanonicalPaths(Rule):
    """A "canonical path" is a path which contains any natural number (possibly zero) of repititions of "North" or "South" (but not any mixture of the two), followed by any natural number (possibly zero) of "East" or "West" (but not any mixture of the two)."""  # noqa: E501

    key = "canonical-paths"
    pack = PACK
    number = 2902
    title = "XXIX.2 Canonical paths"
    # Text only: between two cells a canonical path goes the rows between them north
    # or south, then the columns east or west; a short last row leaves cells without
    # a square, which a path of directions may cross (INTERPRETATIONS.md, Rule 2902).


class Distance(Rule):
    """The "distance" between two squares is the maximum number of times any one direction appears in a canonical path between the two."""  # noqa: E501

    key = "distance"
    pack = PACK
    number = 2903
    title = "XXIX.3 Distance"
    # Read with distance() above.


class Closer(Rule):
    """A square A is said to be "closer" to a square B than to a square C if the distance between A and B is smaller than the distance between A and C, or if the distance between A and B is equal to the distance between A and C and the ordinal number of B is less than the ordinal number of C."""  # noqa: E501

    key = "closer"
    pack = PACK
    number = 2904
    title = "XXIX.4 Closer"
    # Read with is_closer() and closest() above.


RULES: tuple[type[Rule], ...] = (WhatAPathIs, CanonicalPaths, Distance, Closer)

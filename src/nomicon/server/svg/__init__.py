"""Board drawings, one module per topology: ``nomicon.server.svg.<board>``.

A pack names its topology (``Pack.board``: ``ring``, ``snake``, ``grid``, or ``""``
for a game without a board); the module of that name draws a viewer's view as SVG
with ``draw(view, viewer) -> str``. A topology whose module is not installed gets a
placeholder drawing that says so, rather than an error.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

from nomicon.server.svg.parts import placeholder

__all__ = ["draw"]

log = logging.getLogger(__name__)


def draw(board: str, view: dict[str, Any], viewer: str) -> str:
    """The SVG of the board as ``viewer`` sees it ('' when the game has no board)."""
    if not board:
        return ""
    if not board.isidentifier():
        return placeholder(board, "This board's name cannot be drawn.")
    name = f"{__name__}.{board}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return placeholder(board, f"No drawing for {board} boards is installed yet.")
    try:
        svg: str = module.draw(view, viewer)
    except Exception as exc:  # a drawing's bug must not take the page down with it
        log.warning("drawing the %s board failed: %r", board, exc)
        return placeholder(board, "The board could not be drawn; the tables below say "
                                  "what is on it.")
    return svg

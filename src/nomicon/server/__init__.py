"""The web server: a JSON API under ``/api`` for clients and bots, and web pages for
people, over the game store.

    from nomicon.server import create_app
    app = create_app("sqlite:///nomicon.db")

``nomicon serve`` runs it with uvicorn.
"""

from __future__ import annotations

from nomicon.server.app import create_app
from nomicon.server.site import Settings

__all__ = ["Settings", "create_app"]

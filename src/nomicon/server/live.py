"""Live updates: a server-sent event stream per game that says when the game changed.

The stream carries only the game's head (the number of its last event), never the
game itself: a page that hears of a new head fetches itself again through the usual,
authorised route, and replaces the parts that changed. The stream reads the head from
the store, which is cheap, so it sees changes made by any server process sharing the
store, by the command line, and by timers fired in the background.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import anyio
from starlette.requests import Request
from starlette.responses import StreamingResponse

from nomicon.server.site import Site
from nomicon.store import GameNotFound


def stream(request: Request, site: Site, game_id: str) -> StreamingResponse:
    """``event: head`` with ``{"head": N}`` now and whenever the head moves."""

    async def events() -> AsyncIterator[str]:
        poll = site.settings.poll_seconds
        last: int | None = None
        quiet = 0.0
        yield "retry: 3000\n\n"
        while not await request.is_disconnected():
            try:
                record = await anyio.to_thread.run_sync(site.store.get_game, game_id)
            except GameNotFound:
                yield "event: gone\ndata: {}\n\n"
                return
            if record.head != last:
                last = record.head
                quiet = 0.0
                status = record.meta.get("status")
                yield f"event: head\ndata: {json.dumps({'head': last, 'status': status})}\n\n"
            elif quiet >= site.settings.heartbeat_seconds:
                quiet = 0.0
                yield ": still here\n\n"
            await anyio.sleep(poll)
            quiet += poll

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

"""Live updates: a server-sent event stream per game that says when the game changed.

The stream carries only the game's head (the number of its last event), never the
game itself: a page that hears of a new head fetches itself again through the usual,
authorised route, and replaces the parts that changed. The stream reads the head from
the store, which is cheap, so it sees changes made by any server process sharing the
store, by the command line, and by timers fired in the background.

A stream lasts only as long as what let it open: every ``recheck_seconds`` it checks
again that its session is still signed in (or its API token not revoked) and that
its account is still a member of the game, and it ends with ``event: ended`` and the
reason when either no longer holds. An account holds at most ``streams_per_account``
streams open at once; more are refused with 429.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable

import anyio
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import StreamingResponse

from nomicon.server.accounts import User
from nomicon.server.errors import HttpProblem
from nomicon.server.site import Site
from nomicon.store import GameNotFound

#: Who holds the credential a stream was opened with now (None: nobody, it is gone).
Holder = Callable[[], User | None]


class TooManyStreams(HttpProblem):
    """The account already holds as many live streams open as one account may."""

    status = 429


def stream(request: Request, site: Site, game_id: str, user: User, holder: Holder,
           credential: str) -> StreamingResponse:
    """``event: head`` with ``{"head": N}`` now and whenever the head moves, for ``user``
    while ``holder()`` (the owner of the ``credential`` they opened it with) is still
    them and they are still a member of the game."""
    cap = site.settings.streams_per_account
    give_back = site.streams.take(user.id, cap)
    if give_back is None:
        raise TooManyStreams(f"{user.name} already has {cap} live streams open, the most "
                             "one account may hold at once; close one and try again")

    def why_not_now() -> str | None:
        """Why the stream may not go on, or None while it may."""
        now = holder()
        if now is None or now.id != user.id:
            return f"the {credential} this stream was opened with was signed out or revoked"
        if site.accounts.membership(game_id, user) is None:
            return f"{user.name} is no longer a member of game {game_id}"
        return None

    async def events() -> AsyncIterator[str]:
        poll = site.settings.poll_seconds
        last: int | None = None
        quiet = unchecked = 0.0
        try:
            yield "retry: 3000\n\n"
            while not await request.is_disconnected():
                if unchecked >= site.settings.recheck_seconds:
                    unchecked = 0.0
                    reason = await anyio.to_thread.run_sync(why_not_now)
                    if reason is not None:
                        yield f"event: ended\ndata: {json.dumps({'reason': reason})}\n\n"
                        return
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
                unchecked += poll
        finally:
            give_back()

    # The place is given back when the stream ends; the background task gives it back
    # too when the stream never started (the client left before the first byte).
    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
                             background=BackgroundTask(give_back))

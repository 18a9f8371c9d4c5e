"""A cap on the size of request bodies, before anything reads them.

Starlette reads a body whole when a handler asks for it (JSON, forms), so the cap
sits in front of the application as ASGI middleware: a request whose declared length
is over the cap is answered 413 at once, and one that sends more than it may (a
chunked body, or a lying ``Content-Length``) is cut off with 413 when it passes the
cap. Starlette has no such setting of its own, hence this small class.
"""

from __future__ import annotations

import contextlib
import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["BodyLimit"]


class BodyTooLarge(Exception):
    """The body passed the cap while it was being received."""


class BodyLimit:
    """Answer 413 to a request whose body is over ``cap`` bytes."""

    def __init__(self, app: ASGIApp, cap: int) -> None:
        self.app = app
        self.cap = cap

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = 0
                if declared > self.cap:
                    await self._refuse(send)
                    return
        received = 0
        over = False
        refused = False

        async def counted() -> Message:
            nonlocal received, over
            if over:  # the application reads on after the cut: it has no more
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.cap:
                    over = True
                    raise BodyTooLarge
            return message

        async def sending(message: Message) -> None:
            # Whatever the application answers to a body it could not finish reading
            # (a framework may turn the cut into a 400) becomes the 413 it is.
            nonlocal refused
            if over:
                if not refused:
                    refused = True
                    await self._refuse(send)
                return
            await send(message)

        with contextlib.suppress(BodyTooLarge):  # answered below
            await self.app(scope, counted, sending)
        if over and not refused:
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"error": f"the request body is over the limit of {self.cap:,} "
                                    "bytes; nothing was changed",
                           "limit": self.cap}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

"""Paged lists: the bounds of a page and the link to the next one.

Every list the server shows is read a page at a time with a stable cursor: the
position of the last row shown (a seq, an id, or a creation time with an id), never
an offset, so rows added between two reads neither shift the pages nor appear twice,
and a page costs the rows it shows. The JSON API names the next page in a
``Link: <...>; rel="next"`` header (the body stays a list); the pages link to it.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request, Response

#: Rows on a page when the request does not say.
DEFAULT_LIMIT = 50
#: The most rows a page of a list holds (a larger ``limit`` is refused, 422).
MAX_LIMIT = 500

Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT,
                             description=f"Rows on the page (1 to {MAX_LIMIT}).")]


def link_next(request: Request, response: Response, **cursor: str | int) -> None:
    """Name the next page, which continues after ``cursor``, in a ``Link`` header."""
    following = request.url.include_query_params(**cursor)
    response.headers["Link"] = f'<{following}>; rel="next"'

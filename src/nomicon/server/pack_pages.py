"""What a pack's own pages show (``Pack.pages``, :mod:`nomicon.kernel.pages`).

Each section of the page reads the viewer's view of the parts it names, so a page
shows a player only what the views give them; its actions' forms are those of
``legal_actions`` open to the viewer now. Nothing here knows a pack by name.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Pack
from nomicon.kernel.pages import PackPage, Picture, Section
from nomicon.server import access
from nomicon.server.access import Seat
from nomicon.server.errors import NotFound
from nomicon.server.forms import ActionForm, action_forms

#: The address of a pack's pages under a game's: ``/games/<id>/pages/<slug>``.
PREFIX = "pages"
#: The most rows a section's table shows (a section reads a view, whose tables grow
#: with the game: a page shows a page of them).
ROWS = 50


@dataclass(frozen=True)
class ShownSection:
    """A section as the viewer sees it."""

    id: str
    title: str
    about: str
    facts: tuple[tuple[str, Any], ...]
    columns: tuple[str, ...]
    rows: tuple[Mapping[str, Any], ...]
    more: int  # rows left out
    empty: str
    forms: tuple[ActionForm, ...]
    # The next page's query (its parameter and the cursor to continue below), or None.
    next: tuple[str, str] | None = None
    # Whether this is a later page than the first (then a link back to the first).
    later: bool = False
    # A picture's address (a data: URL) and what it shows, or "".
    picture: str = ""
    alt: str = ""

    @property
    def is_empty(self) -> bool:
        return not self.facts and not self.rows and not self.picture


def page_of(pack: Pack, slug: str) -> PackPage:
    """The pack's page at ``slug``; NotFound when the pack declares none there."""
    for page in pack.pages:
        if page.slug == slug:
            return page
    raise NotFound(f"pack {pack.id} has no page {slug!r}")


def tabs(pack: Pack) -> list[tuple[str, str]]:
    """A tab for each of the pack's pages: (its path under the game's, its title)."""
    return [(f"{PREFIX}/{page.slug}", page.title) for page in pack.pages]


def slug_of(tab: str) -> str | None:
    """The slug of a pack page's tab (None: not a pack page's)."""
    head, _, slug = tab.partition("/")
    return slug if head == PREFIX and slug else None


def view_parts(page: PackPage) -> tuple[str, ...]:
    """What of the viewer's view the page reads (with the parts every page shows)."""
    return ("prompts", "turn", "winners", *page.parts)


def _dom_id(title: str) -> str:
    return "section-" + "-".join("".join(c if c.isalnum() else " " for c in title.lower())
                                 .split())


def _columns(rows: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(key for row in rows for key in row))


def after_param(section_id: str) -> str:
    """The query parameter that holds where a section's page continues."""
    return f"{section_id}-after"


def _paged(section: Section, rows: Sequence[Mapping[str, Any]], after: str | None
           ) -> tuple[tuple[Mapping[str, Any], ...], int, str | None]:
    """The page of ``rows`` below cursor ``after``, how many rows follow it, and the
    cursor of the next page (None: none follows)."""
    if not section.cursor:
        return tuple(rows[:ROWS]), max(0, len(rows) - ROWS), None
    below = rows
    if after is not None:
        try:
            limit = int(after)
        except ValueError:
            limit = None  # not a cursor this page gave: the first page
        if limit is not None:
            below = [row for row in rows if int(row[section.cursor]) < limit]
    shown = tuple(below[:ROWS])
    more = len(below) - len(shown)
    return shown, more, str(shown[-1][section.cursor]) if more else None


def data_url(picture: Picture) -> str:
    """A picture's SVG as the address of an image: drawn by an ``<img>``, an SVG runs
    no script and loads nothing, so a drawing a pack's library made can do no harm."""
    encoded = base64.b64encode(picture.svg.encode()).decode("ascii")
    return f"data:image/svg+xml;base64,{encoded}"


def sections(game: Game, seat: Seat, view: Mapping[str, Any], page: PackPage,
             query: Mapping[str, str] | None = None) -> list[ShownSection]:
    """Each section of ``page`` read from the viewer's ``view``, with its forms; a
    section with a cursor shows the page ``query`` asks for (its first by default)."""
    wanted = page.actions
    entries = [e for e in access.legal(game, seat) if e["name"] in wanted] if wanted else []
    found = []
    for section in page.sections:
        shown = section.read(view)
        dom_id = _dom_id(section.title)
        after = (query or {}).get(after_param(dom_id))
        facts: tuple[tuple[str, Any], ...] = ()
        rows: tuple[Mapping[str, Any], ...] = ()
        more = 0
        following = None
        picture = alt = ""
        if isinstance(shown, Picture):
            picture, alt = data_url(shown), shown.alt
        elif isinstance(shown, Mapping):
            facts = tuple(shown.items())
        elif shown:
            rows, more, following = _paged(section, shown, after)
        forms = action_forms([e for e in entries if e["name"] in section.actions])
        found.append(ShownSection(
            dom_id, section.title, section.about, facts, _columns(rows), rows, more,
            section.empty, tuple(forms),
            None if following is None else (after_param(dom_id), following),
            bool(section.cursor) and after is not None, picture, alt))
    return found


def page_context(game: Game, seat: Seat, view: Mapping[str, Any], slug: str,
                 query: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What the template of a pack's page shows (``query``: the request's, which
    says which page of each paged section)."""
    page = page_of(game.pack, slug)
    return {"page": page, "sections": sections(game, seat, view, page, query)}

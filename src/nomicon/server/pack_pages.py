"""What a pack's own pages show (``Pack.pages``, :mod:`nomicon.kernel.pages`).

Each section of the page reads the viewer's view of the parts it names, so a page
shows a player only what the views give them; its actions' forms are those of
``legal_actions`` open to the viewer now. Nothing here knows a pack by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Pack
from nomicon.kernel.pages import PackPage
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

    @property
    def is_empty(self) -> bool:
        return not self.facts and not self.rows


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


def sections(game: Game, seat: Seat, view: Mapping[str, Any],
             page: PackPage) -> list[ShownSection]:
    """Each section of ``page`` read from the viewer's ``view``, with its forms."""
    wanted = page.actions
    entries = [e for e in access.legal(game, seat) if e["name"] in wanted] if wanted else []
    found = []
    for section in page.sections:
        shown = section.read(view)
        facts: tuple[tuple[str, Any], ...] = ()
        rows: tuple[Mapping[str, Any], ...] = ()
        more = 0
        if isinstance(shown, Mapping):
            facts = tuple(shown.items())
        elif shown:
            rows, more = tuple(shown[:ROWS]), max(0, len(shown) - ROWS)
        forms = action_forms([e for e in entries if e["name"] in section.actions])
        found.append(ShownSection(_dom_id(section.title), section.title, section.about,
                                  facts, _columns(rows), rows, more, section.empty,
                                  tuple(forms)))
    return found


def page_context(game: Game, seat: Seat, view: Mapping[str, Any], slug: str
                 ) -> dict[str, Any]:
    """What the template of a pack's page shows."""
    page = page_of(game.pack, slug)
    return {"page": page, "sections": sections(game, seat, view, page)}

"""A pack's own pages: what a pack shows on the web beyond the board, the players,
the rules and the other pages every game has (DESIGN §7, "the pack's own pages").

A pack declares each page as named sections. A section reads the viewer's view (the
parts of the state it names, redacted for the viewer as every page is) and returns
what it shows: facts (a mapping of label to value, shown as a list of facts), rows
(a sequence of mappings, shown as a table whose columns are their keys), a
:class:`Picture` (an SVG drawing, a map), or nothing (then the section shows its
``empty`` sentence). A section may also name actions:
the forms of those the viewer may take now (from ``legal_actions``) are shown under
it. A value may be a :class:`Link` to another game's page (a child game's board). A
section whose rows grow with the game names a ``cursor``, and the server shows them a
page at a time. The server draws the page; it knows no pack by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nomicon.kernel.schedule import ScheduleError, parse_schedule
from nomicon.kernel.timefmt import iso, parse


@dataclass(frozen=True)
class Picture:
    """What a section shows as a drawing: an SVG document, and ``alt``, the sentence
    that says what it shows to whom cannot see it."""

    svg: str
    alt: str


#: What a section shows: facts, rows of a table, a picture, or None (nothing to show).
Shown = Mapping[str, Any] | Sequence[Mapping[str, Any]] | Picture | None
#: A section's reader: from the viewer's view, what it shows.
Reader = Callable[[Mapping[str, Any]], Shown]


@dataclass(frozen=True)
class Link:
    """A value shown as a link to a game's page: ``tab`` under game ``game`` (its board
    when empty), reading ``text``."""

    text: str
    game: str
    tab: str = ""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Section:
    """One named part of a pack's page."""

    title: str
    read: Reader
    # The parts of the view the reader needs (top-level keys of the state; ``game``
    # and ``dice`` always come).
    parts: tuple[str, ...] = ()
    # Said when the reader shows nothing.
    empty: str = "Nothing to show."
    # Actions whose forms are shown under the section, where the viewer may take them.
    actions: tuple[str, ...] = ()
    # A sentence under the title (the rule's words that the section shows, for one).
    about: str = ""
    # The key of the rows whose whole numbers order them, highest first (newest
    # first): the rows are shown a page at a time, the next page continuing below the
    # last number shown (a cursor, so rows added meanwhile shift no page). Empty: the
    # section shows its first page only.
    cursor: str = ""


@dataclass(frozen=True)
class PackPage:
    """A page of a pack's own: its address (``/games/<id>/pages/<slug>``), its tab's
    title and its sections, in order."""

    slug: str
    title: str
    sections: tuple[Section, ...]

    @property
    def parts(self) -> tuple[str, ...]:
        """The view's parts that the page's sections read, each once."""
        return tuple(dict.fromkeys(p for section in self.sections for p in section.parts))

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(a for section in self.sections for a in section.actions))


def next_firing(view: Mapping[str, Any], rule_class: str, param: str = "schedule"
                ) -> str | None:
    """When the schedule held in parameter ``param`` of the rule of class
    ``rule_class`` next fires after the view's clock (ISO text), or None when no such
    rule is in force or its schedule cannot be read.

    Worked out from what every viewer may see (the rules in force and the clock), not
    from the game's timers, which views do not show. A schedule counted in intervals
    is counted from the game's start, as a rule's ``every`` counts by default.
    """
    game = view.get("game") or {}
    for rule in (view.get("rules") or {}).values():
        if not isinstance(rule, Mapping) or rule.get("class") != rule_class:
            continue
        text = (rule.get("params") or {}).get(param)
        if not isinstance(text, str) or "clock" not in game or "start" not in game:
            return None
        try:
            schedule = parse_schedule(text, anchor=parse(game["start"]))
            return iso(schedule.next_after(parse(game["clock"])))
        except (ScheduleError, ValueError):
            return None
    return None

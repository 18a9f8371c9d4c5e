"""The pages of one game: board, players, rules, proposals, history, prompts, admin.

Each page is the game as the member may see it (their seat's view), with the actions
open to them as forms built from ``legal_actions``. Actions are posted to one route,
which acts through :mod:`nomicon.server.access` like the JSON API does; a refused
action shows the page again with the engine's reason.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

import yaml
from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import HTMLResponse, Response, StreamingResponse
from markupsafe import Markup

from nomicon import deadlines, display, sayings
from nomicon.governance import history
from nomicon.governance.preview import preview
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.errors import ActionError, GameError, NomiconError
from nomicon.kernel.timefmt import iso
from nomicon.server import (
    access,
    charts,
    how_to_play,
    live,
    market_pages,
    pack_pages,
    revert,
    svg,
    unit_pages,
)
from nomicon.server.access import Seat
from nomicon.server.accounts import AccountError, User
from nomicon.server.auth import SESSION_COOKIE
from nomicon.server.errors import BadRequest, Forbidden, NotFound, status_of
from nomicon.server.forms import (
    RESERVED,
    ActionForm,
    Refused,
    action_forms,
    read_arguments,
    read_value,
    refilling,
    safe_next,
)
from nomicon.server.pages import Form, SiteDep
from nomicon.server.site import Site
from nomicon.server.web import login_required, redirect, render
from nomicon.sim import whatif

router = APIRouter(include_in_schema=False, default_response_class=HTMLResponse)
LoggedIn = Annotated[User, Depends(login_required)]

TABS = (("board", "Board"), ("players", "Players"), ("rules", "Rules"),
        ("proposals", "Proposals"), ("history", "History"), ("prompts", "Prompts"),
        ("how-to-play", "How to play"), ("admin", "Admin"))
# Parts of a view that have their own place on the pages; the rest is a pack's own
# state (a card table, open trades...), shown as it is on the board page.
SHOWN_ELSEWHERE = frozenset({"game", "players", "board", "turn", "prompts", "proposals",
                             "rules", "dice", "winners", "accounts", "timers", "index",
                             "children"})
#: The most entries of a table (trade offers...) the board page shows: the latest.
EXTRA_ENTRIES = 20
# What of the viewer's view each page shows (others: all of it). A view is a copy of
# the state, whose tables grow with the game: a page copies what it shows.
_BASE = ("prompts", "turn", "winners")
# The players page reads the open sealed steps too: a rule may show a player's sealed
# submission with the player (Goofspiel's bid), to those who may read it.
PAGE_PARTS: dict[str, tuple[str, ...]] = {
    "players": (*_BASE, "players", "accounts", "steps"), "rules": (*_BASE, "rules"),
    "rule": (*_BASE, "rules"), "proposals": (*_BASE, "proposals", "rules", "players"),
    "history": _BASE, "prompts": (*_BASE, "players"),
    "market": (*_BASE, "markets"), "things": (*_BASE, "players", "entities", "accounts",
                                              "statuses"),
    "builder": (*_BASE, "rules", "players"),
    "how-to-play": (*_BASE, "rules"),
}
# What the board's squares and the page of non-player things read (whole: the board
# page's own view shows only the latest entries of the longer tables).
THING_PARTS = ("players", "entities", "accounts", "statuses", "board")
# The actions of the proposals page (the voting methods' actions).
GOVERNANCE = ("propose", "vote", "retract")
LOG_PAGE = 100
RECENT = 12
PROPOSALS_PAGE = 20
MEMBERS_PAGE = 50
RECENT_BATCHES = 40


def _seat_or_join(request: Request, site: Site, game_id: str, user: User) -> Seat:
    try:
        return access.seat(site, game_id, user)
    except Forbidden:
        raise NotMember(game_id) from None


class NotMember(Forbidden):
    """A logged-in user who is not a member of the game: offer to join."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"you are not a member of game {game_id}")
        self.game_id = game_id


def _context(request: Request, site: Site, seat: Seat, game: Game, view: dict[str, Any],
             tab: str, *, label: str | None = None, **extra: Any) -> dict[str, Any]:
    mine = [p for p in view.get("prompts", [])
            if p.get("to") == seat.seat_of or (seat.is_admin and p.get("to") == ADMIN)]
    record = site.store.get_game(game.id)
    tabs = [(key, label) for key, label in TABS if key != "admin" or seat.is_admin]
    at = len(tabs) - 1 if seat.is_admin else len(tabs)
    tabs[at:at] = _more_tabs(game, seat, view if tab == "things" else None)
    name = record.meta.get("name")
    return {
        "title": f"{label or label_of(tab)} · {name or view['game'].get('title', game.id)}",
        "game": {"id": game.id, "title": view["game"].get("title"), "name": name,
                 "pack": game.pack.id,
                 "board": game.pack.board, "head": game.head, "meta": record.meta},
        "view": view, "seat": seat, "tab": tab, "tabs": tabs, "my_prompts": mine,
        "next": request.url.path, **extra,
    }


def _more_tabs(game: Game, seat: Seat, view: dict[str, Any] | None) -> list[tuple[str, str]]:
    """The market's tab when a rule runs one; the non-player things' when the viewer
    may see any (in ``view``, or a view of the entities and accounts made for it, and
    only when the game has such things at all); one for each of the pack's pages."""
    found = pack_pages.tabs(game.pack)
    if market_pages.market_of(game.ruleset.rules) is not None:
        found.append(("market", "Market"))
    root = game.state.root
    if root.get("entities") or len(root.get("accounts") or {}) > len(root["players"]):
        shown = view or game.view(seat.viewer, ("players", "entities", "accounts"))
        if unit_pages.has_non_player(shown):
            found.append(("things", "Things"))
    return found


#: What a page adds to the context: from the viewer's seat, the game and the viewer's view.
Build = Callable[[Seat, Game, dict[str, Any]], dict[str, Any]]


def label_of(tab: str) -> str:
    return dict(TABS).get(tab, tab.capitalize())


def _page(request: Request, site: Site, game_id: str, user: User, tab: str,
          build: Build, *, error: str | None = None, status: int = 200,
          **extra: Any) -> Response:
    seat = _seat_or_join(request, site, game_id, user)
    slug = pack_pages.slug_of(tab)
    with access.reading(site, game_id) as game:
        parts = PAGE_PARTS.get(tab) if slug is None else pack_pages.view_parts(
            pack_pages.page_of(game.pack, slug))
        # The viewer's view, made once: a page's parts all show it (a copy of the
        # state the viewer may see, which is the biggest cost of a page).
        view = game.view(seat.viewer, parts, latest=EXTRA_ENTRIES if tab == "board" else None)
        label = None if slug is None else pack_pages.page_of(game.pack, slug).title
        context = _context(request, site, seat, game, view, tab, label=label, error=error,
                           **extra)
        context.update(build(seat, game, view))
    return render(request, "game_pack_page.html" if slug else f"game_{tab}.html", context,
                  status=status)


def _forms(game: Game, seat: Seat, *, names: tuple[str, ...] | None = None,
           exclude: tuple[str, ...] = ()) -> list[ActionForm]:
    entries = [e for e in access.legal(game, seat)
               if (names is None or e["name"] in names) and e["name"] not in exclude]
    return action_forms(entries)


# -- the tabs ------------------------------------------------------------------------------
def _board(seat: Seat, game: Game, view: dict[str, Any], after: int | None = None, *,
           zone: str = deadlines.DEFAULT_ZONE) -> dict[str, Any]:
    drawing = svg.draw(game.pack.board, view, seat.viewer)
    recent = game.log_before(seat.viewer, None, RECENT)
    extra = {k: v for k, v in view.items()
             if k not in SHOWN_ELSEWHERE and v not in ({}, [], None, "")}
    forms = _forms(game, seat, exclude=("choose", "choose-many"))
    if market_pages.market_of(game.ruleset.rules) is not None:
        # The market has a page of its own, with its forms beside its book.
        extra.pop("markets", None)
        forms = [f for f in forms if f.name not in market_pages.ACTIONS]
    squares: list[unit_pages.Square] = []
    more = None
    if view.get("entities"):
        whole = game.view(seat.viewer, THING_PARTS)
        commands = unit_pages.command_forms(game, seat)
        squares, more = unit_pages.squares(whole, game.ruleset.rules, seat.player, commands,
                                           after=after)
        for shown_below in ("statuses", "entities"):
            extra.pop(shown_below, None)
        # The forms of the units on the squares shown are under their squares; those of
        # units elsewhere (off the board, on a later page) stay with the others.
        placed = {p.id for square in squares for p in square.pieces}
        forms = [f for f in forms if f.name != unit_pages.COMMAND] + [
            f for unit, found in commands.items() if unit not in placed for f in found]
    table, shown = None, []
    if not drawing and game.pack.pages:
        # A game that draws no board (a card table, a word game) shows its pack's
        # first page in the board's place: what a player needs is one click from a
        # link to the game, not two. Read from a view of its own, as on its page: the
        # board's view keeps only the latest entries of the longer tables.
        table = game.pack.pages[0]
        shown = pack_pages.sections(
            game, seat, game.view(seat.viewer, pack_pages.view_parts(table)), table)
        for part in table.parts:
            extra.pop(part, None)
        forms = [f for f in forms if f.name not in table.actions]
    return {"board_svg": Markup(drawing), "forms": forms, "recent": sayings.story(recent),
            "spaces": _spaces(view), "extra": extra, "squares": squares,
            "squares_after": after, "squares_next": more, "table": table,
            "table_sections": shown, "zone": zone, "clock": iso(game.clock),
            "deadlines": deadlines.deadlines(game.state.root, seat.viewer)}


def _spaces(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The board's spaces with what is on them, for the table beside the drawing."""
    spaces = (view.get("board") or {}).get("spaces")
    if not isinstance(spaces, dict):
        return []
    here: dict[str, list[str]] = {}
    for name, record in (view.get("players") or {}).items():
        if isinstance(record, dict) and "location" in record:
            here.setdefault(str(record["location"]), []).append(name)
    rows = []
    for key in sorted(spaces, key=lambda k: (0, int(k)) if k.lstrip("-").isdigit() else (1, 0)):
        space = spaces[key] if isinstance(spaces[key], dict) else {"value": spaces[key]}
        if space.get("features") or here.get(key) or len(spaces) <= 40:
            rows.append({"space": key, "features": space.get("features") or [],
                         "players": here.get(key, []),
                         "other": {k: v for k, v in space.items() if k != "features"}})
    return rows


def _players(site: Site, seat: Seat, game: Game, view: dict[str, Any]) -> dict[str, Any]:
    players = view.get("players") or {}
    columns: list[str] = []
    for record in players.values():
        columns.extend(k for k in record if k not in ("name", "joined") and k not in columns)
    others = {k: v for k, v in (view.get("accounts") or {}).items() if k not in players}
    found = charts.series(site.store, game, seat.viewer)
    return {"columns": columns, "players": players, "accounts": others,
            "charts": charts.as_script_json(charts.figures(found, list(players))),
            "series": found}


def _rules(seat: Seat, game: Game, view: dict[str, Any]) -> dict[str, Any]:
    return {"rules": sorted(view["rules"].values(), key=lambda e: int(e["number"]))}


def _proposals(seat: Seat, game: Game, view: dict[str, Any],
               before: int | None) -> dict[str, Any]:
    """A page of the proposals, newest first, before proposal ``before`` (None: the
    newest); the "older" link continues before this page's last."""
    found, older = proposal_page(view, before, PROPOSALS_PAGE)
    for proposal in found:
        counts: dict[str, int] = {}
        for choice in (proposal.get("votes") or {}).values():
            counts[choice] = counts.get(choice, 0) + 1
        proposal["tally"] = counts
        amendment = proposal.get("amendment")
        proposal["amendment_text"] = (yaml.safe_dump(amendment, sort_keys=False,
                                                     allow_unicode=True)
                                      if amendment else "")
        proposal["amendment_lines"] = display.amendment_lines(amendment) if amendment else []
    return {"proposals": found, "older": older, "before": before,
            "forms": _forms(game, seat, names=GOVERNANCE)}


def proposal_page(view: dict[str, Any], before: int | None,
                  limit: int) -> tuple[list[dict[str, Any]], int | None]:
    """The newest ``limit`` proposals of a view before id ``before``, newest first, and
    the ``before`` of the next (older) page, or None when there is none."""
    ids = sorted((int(key) for key in view.get("proposals") or {}), reverse=True)
    if before is not None:
        ids = [i for i in ids if i < before]
    shown = [view["proposals"][str(i)] for i in ids[:limit]]
    return shown, (ids[limit - 1] if len(ids) > limit else None)


def _history(seat: Seat, game: Game, view: dict[str, Any], before: int | None,
             rolls_only: bool) -> dict[str, Any]:
    """A page of the log, newest first, before seq ``before`` (None: the newest page).

    Paged by seq, which never changes, so a page costs what it shows however long
    the log: the "older" link continues before this page's last entry, the "newer"
    link ends after its first.
    """
    types = ("dice.rolled",) if rolls_only else None
    entries = game.log_before(seat.viewer, before, LOG_PAGE, types=types)
    older = (entries[-1]["seq"] if len(entries) == LOG_PAGE
             and game.log_before(seat.viewer, entries[-1]["seq"], 1, types=types) else None)
    newer = None  # no newer page; 0: the newest page; else its ``before``
    later = ([] if before is None
             else game.log_for(seat.viewer, before - 1, LOG_PAGE + 1, types=types))
    if later:
        newer = later[LOG_PAGE]["seq"] if len(later) > LOG_PAGE else 0
    return {"entries": entries, "lines": sayings.story(entries), "older": older,
            "newer": newer, "rolls_only": rolls_only,
            "dice": view["dice"], "roll_count": view["dice"].get("count")}


def _prompts(seat: Seat, game: Game, view: dict[str, Any]) -> dict[str, Any]:
    return {"open_options": _open_options(game, seat)}


def _open_options(game: Game, seat: Seat) -> dict[str, list[str]]:
    """The options of the viewer's prompts that can be taken now, by actor."""
    found: dict[str, list[str]] = {}
    for as_admin in (False, True):
        for entry in access.legal(game, seat, as_admin=as_admin):
            if entry["name"] == "choose":
                key = ADMIN if as_admin else str(seat.player)
                found[key] = [str(c) for c in entry["args"]["option"].get("choices", [])]
    return found


def _market(seat: Seat, game: Game, view: dict[str, Any], *, after: str | None = None,
            good: str | None = None, sell: int = 1, buy: int = 1) -> dict[str, Any]:
    """The market's best offers (a page of goods after ``after``), or ``good``'s page."""
    info = market_pages.market_of(game.ruleset.rules)
    if info is None:
        raise NotFound(f"game {game.id} has no market: no rule in force runs one")
    if good is None:
        return market_pages.main_page(game, seat, view, info, after)
    return market_pages.good_page(game, seat, view, info, good, sell, buy)


def _things(seat: Seat, game: Game, view: dict[str, Any], after: str | None = None,
            accounts_after: str | None = None) -> dict[str, Any]:
    return unit_pages.non_player(view, after=after, accounts_after=accounts_after)


def _admin(site: Site, seat: Seat, game: Game, view: dict[str, Any],
           after: str | None) -> dict[str, Any]:
    """The admin console; its members are paged (``after``: the last member shown)."""
    if not seat.is_admin:
        raise Forbidden("only the game's admin sees the admin console")
    queue = [p for p in (view.get("proposals") or {}).values()
             if p.get("status") == "awaiting-implementation"]
    entries = [e for e in access.legal(game, seat, as_admin=True)
               if e["name"] not in ("choose", "choose-many")]
    try:
        members = site.accounts.members(game.id, after, MEMBERS_PAGE + 1)
    except AccountError as exc:
        raise BadRequest(str(exc)) from None
    more = members[MEMBERS_PAGE - 1][0].name if len(members) > MEMBERS_PAGE else None
    return {"forms": action_forms(entries, as_admin=True), "queue": queue,
            "batches": revert.batches(game, RECENT_BATCHES),
            "open_options": _open_options(game, seat), "state": view,
            "members": members[:MEMBERS_PAGE], "members_after": after, "more_members": more}


# -- routes -----------------------------------------------------------------------------------
@router.get("/games/{game_id}")
def board_page(request: Request, game_id: str, user: LoggedIn, site: SiteDep,
               after: Annotated[int | None, Query(ge=-2**31, le=2**31)] = None) -> Response:
    return _page(request, site, game_id, user, "board",
                 lambda seat, game, view: _board(seat, game, view, after,
                                                 zone=site.accounts.time_zone(seat.user)))


@router.get("/games/{game_id}/players")
def players_page(request: Request, game_id: str, user: LoggedIn, site: SiteDep) -> Response:
    return _page(request, site, game_id, user, "players",
                 lambda seat, game, view: _players(site, seat, game, view))


@router.get("/games/{game_id}/rules")
def rules_page(request: Request, game_id: str, user: LoggedIn, site: SiteDep) -> Response:
    return _page(request, site, game_id, user, "rules", _rules)


@router.get("/games/{game_id}/rules/{number}")
def rule_page(request: Request, game_id: str, number: int, user: LoggedIn, site: SiteDep,
              old: Annotated[int | None, Query(alias="from", ge=1)] = None,
              new: Annotated[int | None, Query(alias="to", ge=1)] = None) -> Response:
    def build(seat: Seat, game: Game, view: dict[str, Any]) -> dict[str, Any]:
        entry = game.state.root["rules"].get(str(number))
        if entry is None:
            raise BadRequest(f"there is no Rule {number} in force")
        versions = entry.get("history", [])
        last = len(versions)
        a, b = old or max(1, last - 1), new or last
        try:
            diff = history.version_diff(entry, a, b) if last > 1 else ""
        except KeyError as exc:
            raise BadRequest(str(exc.args[0])) from None
        rule = view["rules"][str(number)]
        return {"rule": rule, "versions": versions, "diff": diff, "old": a, "new": b}

    return _page(request, site, game_id, user, "rule", build)


@router.get("/games/{game_id}/proposals")
def proposals_page(request: Request, game_id: str, user: LoggedIn, site: SiteDep,
                   before: Annotated[int | None, Query(ge=1, le=2**31)] = None) -> Response:
    return _page(request, site, game_id, user, "proposals",
                 lambda seat, game, view: _proposals(seat, game, view, before), preview=None,
                 amendment="", whatif=None)


@router.post("/games/{game_id}/proposals/preview")
def preview_page(request: Request, game_id: str, form: Form, user: LoggedIn,
                 site: SiteDep) -> Response:
    text = form.get("amendment", "")
    amendment = read_value("amendment", text) if text.strip() else []

    def build(seat: Seat, game: Game, view: dict[str, Any]) -> dict[str, Any]:
        shown = preview(game, amendment, seat.viewer)
        return {**_proposals(seat, game, view, None), "preview": shown}

    return _page(request, site, game_id, user, "proposals", build, amendment=text,
                 whatif=None)


# A what-if on a page must answer within a request: a few dozen matched pairs.
WHATIF_GAMES = 30
WHATIF_TURNS = 12


@router.post("/games/{game_id}/proposals/{number}/whatif")
def whatif_page(request: Request, game_id: str, number: Annotated[int, Path(ge=1, le=10**9)],
                form: Form, user: LoggedIn, site: SiteDep) -> Response:
    """Matched simulations with and without the proposal's amendment (nomicon.sim)."""

    def build(seat: Seat, game: Game, view: dict[str, Any]) -> dict[str, Any]:
        proposal = (view.get("proposals") or {}).get(str(number))
        if proposal is None:
            raise NotFound(f"there is no proposal {number} in game {game_id}")
        # The simulations start from the whole state, secrets included: where the
        # rules (now or with the amendment) hide anything, only the admin may see
        # what they predict.
        hidden = whatif.hidden_from(game, proposal.get("amendment"), seat.viewer)
        if hidden is not None:
            raise Forbidden(hidden)
        if not proposal.get("amendment"):
            result: dict[str, Any] = {"ok": False, "error": "the proposal has no amendment: "
                                      "it states no rule change to simulate"}
        else:
            result = whatif.run(game, proposal["amendment"], games=WHATIF_GAMES,
                                turns=WHATIF_TURNS, seed=number, viewer=seat.viewer)
        chart = (charts.as_script_json([{"measure": "what-if",
                                         "figure": json.loads(whatif.figure(result).to_json())}])
                 if result.get("ok") else None)
        return {**_proposals(seat, game, view, None),
                "whatif": {"proposal": number, "result": result, "chart": chart}}

    return _page(request, site, game_id, user, "proposals", build, amendment="",
                 preview=None)


@router.get("/games/{game_id}/history")
def history_page(request: Request, game_id: str, user: LoggedIn, site: SiteDep,
                 before: Annotated[int | None, Query(ge=1, le=2**31)] = None,
                 rolls: bool = False) -> Response:
    return _page(request, site, game_id, user, "history",
                 lambda seat, game, view: _history(seat, game, view, before, rolls))


@router.get("/games/{game_id}/prompts")
def prompts_page(request: Request, game_id: str, user: LoggedIn, site: SiteDep) -> Response:
    return _page(request, site, game_id, user, "prompts", _prompts)


@router.get("/games/{game_id}/how-to-play")
def how_to_play_page(request: Request, game_id: str, user: LoggedIn,
                     site: SiteDep) -> Response:
    """What the game is, what the viewer can do now, what happens next and when."""
    return _page(request, site, game_id, user, "how-to-play",
                 lambda seat, game, view: how_to_play.context(
                     seat, game, view, zone=site.accounts.time_zone(seat.user)))


Cursor = Annotated[str | None, Query(min_length=1, max_length=100)]
PageNumber = Annotated[int, Query(ge=1, le=10**6)]


@router.get("/games/{game_id}/market")
def market_page(request: Request, game_id: str, user: LoggedIn, site: SiteDep,
                after: Cursor = None) -> Response:
    return _page(request, site, game_id, user, "market",
                 lambda seat, game, view: _market(seat, game, view, after=after))


@router.get("/games/{game_id}/market/{good}")
def good_page(request: Request, game_id: str, good: Annotated[str, Path(max_length=100)],
              user: LoggedIn, site: SiteDep, sell: PageNumber = 1,
              buy: PageNumber = 1) -> Response:
    return _page(request, site, game_id, user, "market",
                 lambda seat, game, view: _market(seat, game, view, good=good, sell=sell,
                                                  buy=buy))


@router.get("/games/{game_id}/things")
def things_page(request: Request, game_id: str, user: LoggedIn, site: SiteDep,
                after: Cursor = None, accounts_after: Cursor = None) -> Response:
    return _page(request, site, game_id, user, "things",
                 lambda seat, game, view: _things(seat, game, view, after, accounts_after))


@router.get("/games/{game_id}/pages/{slug}")
def pack_page(request: Request, game_id: str, slug: Annotated[str, Path(max_length=100)],
              user: LoggedIn, site: SiteDep) -> Response:
    """A page of the pack's own (``Pack.pages``)."""
    query = dict(request.query_params)
    return _page(request, site, game_id, user, f"{pack_pages.PREFIX}/{slug}",
                 lambda seat, game, view: pack_pages.page_context(game, seat, view, slug,
                                                                  query))


@router.get("/games/{game_id}/admin")
def admin_page(request: Request, game_id: str, user: LoggedIn, site: SiteDep,
               after: Annotated[str | None, Query(max_length=32)] = None) -> Response:
    return _page(request, site, game_id, user, "admin",
                 lambda seat, game, view: _admin(site, seat, game, view, after))


@router.get("/games/{game_id}/live", response_class=StreamingResponse)
def live_page(request: Request, game_id: str, user: LoggedIn, site: SiteDep) -> Response:
    access.seat(site, game_id, user)
    session = request.cookies.get(SESSION_COOKIE, "")
    return live.stream(request, site, game_id, user, lambda: site.accounts.session(session),
                       "session")


# -- changes ----------------------------------------------------------------------------------
_BUILDERS: dict[str, Callable[[Site, Seat, Game, dict[str, Any]], dict[str, Any]]] = {
    "board": lambda site, seat, game, view: _board(
        seat, game, view, zone=site.accounts.time_zone(seat.user)), "players": _players,
    "rules": lambda site, seat, game, view: _rules(seat, game, view),
    "proposals": lambda site, seat, game, view: _proposals(seat, game, view, None),
    "prompts": lambda site, seat, game, view: _prompts(seat, game, view),
    "admin": lambda site, seat, game, view: _admin(site, seat, game, view, None),
    "history": lambda site, seat, game, view: _history(seat, game, view, None, False),
    "market": lambda site, seat, game, view: _market(seat, game, view),
    "things": lambda site, seat, game, view: _things(seat, game, view),
}


def _builder(site: Site, tab: str) -> Build:
    slug = pack_pages.slug_of(tab)
    if slug is not None:
        return lambda seat, game, view: pack_pages.page_context(game, seat, view, slug)
    build = _BUILDERS[tab]
    return lambda seat, game, view: build(site, seat, game, view)


@router.post("/games/{game_id}/act")
def act(request: Request, game_id: str, form: Form, user: LoggedIn, site: SiteDep) -> Response:
    """Take the action of a form; back to the page it came from, or that page again with
    the reason the action was refused."""
    back = safe_next(form.get("_next"), f"/games/{game_id}")
    seat = _seat_or_join(request, site, game_id, user)
    try:
        values, texts = read_arguments(form)
        events = access.act(site, seat, form.get("_action", ""), values,
                            as_admin=form.get("_as") == "admin", key=form.get("_key") or None,
                            texts=texts)
    except NomiconError as exc:
        status = status_of(exc) or 400
        if status in (401, 403, 404):
            raise
        tab = _tab_of(back, game_id)
        typed = {k: v for k, v in form.items() if k not in RESERVED and v.strip()}
        reason = exc.reason if isinstance(exc, ActionError) else str(exc)
        with refilling(Refused(form.get("_form", ""), typed, str(exc), reason)):
            # The page's forms go back where the refused one came from, not to this route.
            return _page(request, site, game_id, user, tab, _builder(site, tab),
                         error=str(exc), status=status, preview=None, amendment="",
                         next=back)
    said = [e["message"] for e in events if e.get("message") and e.get("type") != "action"]
    return redirect(back, flash=said or ["Done."])


def _tab_of(path: str, game_id: str) -> str:
    rest = path.split("?")[0].removeprefix(f"/games/{game_id}").strip("/")
    tab = rest.split("/")[0] or "board"
    if tab == pack_pages.PREFIX and pack_pages.slug_of(rest):
        return rest  # a pack's page: its builder is found by its slug
    return tab if tab in _BUILDERS else "board"


@router.post("/games/{game_id}/revert")
def revert_page(request: Request, game_id: str, form: Form, user: LoggedIn,
                site: SiteDep) -> Response:
    seat = _seat_or_join(request, site, game_id, user)
    seat.actor(as_admin=True)
    text = form.get("seq", "")
    if not text.isdigit():
        raise BadRequest(f"choose the event to revert from, not {text!r}")
    try:
        new_id = revert.revert(site, game_id, int(text), by=user.name)
    except GameError as exc:
        return _page(request, site, game_id, user, "admin", _builder(site, "admin"),
                     error=str(exc), status=status_of(exc) or 400)
    return redirect(f"/games/{new_id}/admin", flash=[
        f"Reverted: the game continues as game {new_id}; game {game_id} is archived."])

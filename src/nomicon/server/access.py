"""Games as the web sees them: who may see and do what, and the calls the handlers make.

Every request is authorised here, on the server, whatever the page offered: a member
of a game sees it through their role's eyes (the admin sees all, a player their own
secrets, an observer the public state); a player acts only as themself; only the
game's admin uses the admin actions. The pages and the JSON API call the same
functions, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from nomicon.kernel import seats
from nomicon.kernel.engine import ADMIN as ADMIN_ACTOR
from nomicon.kernel.engine import GAME_ID, GAME_ID_RULE, Game
from nomicon.kernel.views import can_see
from nomicon.server.accounts import ADMIN, OBSERVER, PLAYER, Membership, User, check_name
from nomicon.server.errors import BadRequest, Forbidden, NotFound
from nomicon.server.site import Site
from nomicon.store import GameNotFound, GameRecord

MAX_KEY = 200


@dataclass(frozen=True)
class Seat:
    """A user's place in one game."""

    user: User
    membership: Membership
    #: For a substitute (who is no player of the game, see :func:`substitute`): the
    #: player whose seat they play.
    plays_for: str | None = None

    @property
    def seat_of(self) -> str | None:
        """The player whose seat this user plays: their own player, or for a
        substitute, the player they stand in for."""
        return self.plays_for or self.player

    @property
    def game_id(self) -> str:
        return self.membership.game_id

    @property
    def role(self) -> str:
        return self.membership.role

    @property
    def player(self) -> str | None:
        return self.membership.player

    @property
    def viewer(self) -> str:
        return self.membership.viewer

    @property
    def is_admin(self) -> bool:
        return self.role == ADMIN

    def actor(self, as_admin: bool = False) -> str:
        """Who an action of this user is taken as; refuses what the role does not allow."""
        if as_admin:
            if not self.is_admin:
                raise Forbidden(f"{self.user.name} is not the admin of game {self.game_id}: "
                                "only the admin may use admin actions")
            return ADMIN_ACTOR
        if self.player is None:
            raise Forbidden(f"{self.user.name} has no player in game {self.game_id}: "
                            "join the game as a player to act in it")
        return self.player


def record(site: Site, game_id: str) -> GameRecord:
    """The game's record; 404 when there is no such game."""
    # An id that no game can have (a NUL, a slash...) is never sent to the store.
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise NotFound(f"there is no game {str(game_id)[:40]!r}: {GAME_ID_RULE}")
    return site.store.get_game(game_id)


def seat(site: Site, game_id: str, user: User) -> Seat:
    """``user``'s seat in a game: 404 for an unknown game, 403 for a non-member. In a
    child game (a game another game's rules started), a member of its parent has a
    seat through the parent (see :func:`through_parent`)."""
    found = record(site, game_id)
    membership = site.accounts.membership(game_id, user)
    if membership is None or membership.role == OBSERVER:
        standing_in = substitute(site, game_id, user)
        if standing_in is not None:
            return standing_in
    if membership is None and found.parent is not None:
        membership = through_parent(site, found, user)
    if membership is None:
        raise Forbidden(f"{user.name} is not a member of game {game_id}: join it to see it")
    return Seat(user, membership)


def substitute(site: Site, game_id: str, user: User) -> Seat | None:
    """``user``'s seat as a substitute: the rules had them play a player's seat (see
    :mod:`nomicon.kernel.seats`), which makes them act in that player's name and see
    what that player sees, whether or not they are a member of the game; None when
    they play no seat. They act under their user name, which the engine maps to the
    seat (and records as who acted for it); nothing else is theirs in the game."""
    with reading(site, game_id) as game:
        root = game.state.root
        if not root.get(seats.SEATS):
            return None  # the usual case: every player plays their own seat
        plays_for = seats.viewer(root, user.name)
    if plays_for == user.name:
        return None
    return Seat(user, Membership(game_id, user.id, PLAYER, user.name), plays_for=plays_for)


def through_parent(site: Site, child: GameRecord, user: User) -> Membership | None:
    """``user``'s seat in a child game, from their seat in its parent: the parent's
    admin is the child's admin; a player of the parent who plays in the child plays
    there under the same name; any other member of the parent observes. None for
    someone who is no member of the parent (nor, for a grandchild, of its parent)."""
    assert child.parent is not None
    try:
        above = seat(site, child.parent, user).membership
    except (Forbidden, NotFound, GameNotFound):  # not a member; a parent not stored here
        return None
    plays = above.player if above.player in child.meta.get("players", []) else None
    if above.role == ADMIN:
        return Membership(child.id, user.id, ADMIN, plays)
    if plays is not None:
        return Membership(child.id, user.id, PLAYER, plays)
    return Membership(child.id, user.id, OBSERVER, None)


def reading(site: Site, game_id: str) -> AbstractContextManager[Game]:
    """The game lent for reading until the block ends (see ``GameService.reading``):
    a request reads it without copying it, and keeps nothing of it but copies (views
    are copies)."""
    return site.service.reading(game_id)


def create(site: Site, user: User, pack: str, *, params: Mapping[str, Any] | None = None,
           seed: int | str | None = None, player: str | None = None,
           name: str | None = None) -> Game:
    """A new game of ``pack`` whose admin is ``user``; ``player``: also join as them
    (the name normalised); ``name``: the game's display name."""
    if player is not None:
        player = check_name(player)
    game = site.service.create(pack, (), seed=seed, params=dict(params or {}), name=name)
    site.accounts.seat(game.id, user, ADMIN)
    if player is not None:
        join(site, game.id, user, PLAYER, player)
        return site.service.open(game.id)
    return game


def join(site: Site, game_id: str, user: User, role: str, player: str | None = None) -> Seat:
    """Join a game as a player named ``player`` (default: the user's name) or observer.

    The admin keeps their role and takes a player's seat as well.
    """
    if record(site, game_id).parent is not None:
        raise BadRequest(f"game {game_id} is a child game: its players are chosen by its "
                         "parent game's rules, and the parent's members see it already")
    current = site.accounts.membership(game_id, user)
    if role == OBSERVER:
        if current is not None:
            raise BadRequest(f"{user.name} is already a member of game {game_id} "
                             f"({current.role})")
        return Seat(user, site.accounts.seat(game_id, user, OBSERVER))
    if role != PLAYER:
        raise BadRequest(f"join as 'player' or 'observer', not {role!r}")
    if current is not None and current.player is not None:
        raise BadRequest(f"{user.name} already plays {current.player} in game {game_id}")
    name = check_name(player or user.name)
    # Claim the seat first, so two accounts cannot both join as the same player.
    keep = current.role if current is not None and current.role == ADMIN else PLAYER
    site.accounts.seat(game_id, user, keep, name)
    try:
        site.service.act(game_id, name, "join", {}, at=site.now())
    except BaseException:
        if current is None:
            site.accounts.unseat(game_id, user)
        else:
            site.accounts.seat(game_id, user, current.role, current.player)
        raise
    return Seat(user, site.accounts.seat(game_id, user, keep, name))


def act(site: Site, where: Seat, name: str, args: Mapping[str, Any] | None = None, *,
        as_admin: bool = False, key: str | None = None, texts: Mapping[str, str] | None = None,
        at: datetime | None = None) -> list[dict[str, Any]]:
    """Take an action as the seat's player (or as the admin); returns the events the
    actor may see."""
    if not isinstance(name, str) or not name or len(name) > 100:
        raise BadRequest("name the action to take")
    if name == "join":
        raise BadRequest("join a game through its join form or POST .../join")
    actor = where.actor(as_admin)
    if key is not None and (not isinstance(key, str) or len(key) > MAX_KEY):
        raise BadRequest(f"an idempotency key has at most {MAX_KEY} characters")
    # A key is the account's own: another account's same key is another key.
    events = site.service.act(where.game_id, actor, name, dict(args or {}),
                              at=at or site.now(), texts=texts, key=key or None,
                              caller=where.user.id)
    return visible(events, where.viewer)


def visible(events: list[dict[str, Any]], viewer: str) -> list[dict[str, Any]]:
    """Events as ``viewer`` may read them (no raw state ops but for the admin)."""
    return [event if viewer == ADMIN_ACTOR else {k: v for k, v in event.items() if k != "ops"}
            for event in events if can_see(event, viewer)]


def legal(game: Game, where: Seat, *, as_admin: bool = False) -> list[dict[str, Any]]:
    """What the seat may do now (nothing for an observer)."""
    if as_admin:
        return game.legal_actions(ADMIN_ACTOR) if where.is_admin else []
    return game.legal_actions(where.player) if where.player else []


def games_for(site: Site, user: User, after: str | None,
              limit: int) -> list[tuple[GameRecord, Membership | None]]:
    """A page of the games, newest first (at most ``limit``, after game ``after``), with
    the user's membership where they have one."""
    if after is not None and not GAME_ID.fullmatch(after):
        raise BadRequest(f"there is no game {after[:40]!r} to list the games after")
    records = site.store.games_page(after, limit)
    mine = site.accounts.memberships_in(user, [r.id for r in records])
    return [(r, mine.get(r.id)) for r in records]

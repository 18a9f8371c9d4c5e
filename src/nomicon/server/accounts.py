"""Accounts: users with hashed passwords, bearer tokens and web sessions, and each
user's role in each game.

The tables are the store's (``users``, ``api_tokens``, ``memberships``, migration
0002). Passwords are hashed with Argon2id (``argon2-cffi``). Tokens are random and
only their SHA-256 is stored, so a copy of the database does not let anyone in. A web
session is a token of the reserved kind :data:`SESSION`; it is never accepted as a
bearer token, and a bearer token is never accepted as a session.

Roles per game: ``admin`` (the game's creator; uses the admin actions and sees all),
``player`` (acts as one player of the game, and only as them) and ``observer``. An
admin may also hold a player's seat.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.engine import Connection

from nomicon.deadlines import DEFAULT_ZONE, is_zone
from nomicon.kernel.errors import NomiconError
from nomicon.names import player_name
from nomicon.store import SqlStore, StoreError
from nomicon.store.engine import WRITE
from nomicon.store.schema import api_tokens, memberships, users

__all__ = [
    "ADMIN",
    "OBSERVER",
    "PLAYER",
    "SESSION",
    "AccountError",
    "Accounts",
    "Membership",
    "Taken",
    "Token",
    "User",
]

ADMIN, PLAYER, OBSERVER = "admin", "player", "observer"
ROLES = (ADMIN, PLAYER, OBSERVER)
#: The ``label`` of a web session in the tokens table (reserved: no API token has it).
SESSION = "web-session"
#: How long a web session lasts after logging in.
SESSION_LIFETIME = timedelta(days=14)
NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
MIN_PASSWORD, MAX_PASSWORD = 8, 1024
MAX_LABEL = 100


# Log-in throttling: this many failures for one name within the window lock the
# name out until the oldest of them leaves the window.
MAX_FAILURES = 5
FAILURE_WINDOW = timedelta(minutes=15)
MAX_TRACKED_NAMES = 10_000
MAX_NAME_FOR_THROTTLE = 100

class AccountError(NomiconError):
    """An account operation was refused (a taken name, a wrong password...)."""


class BadCredentials(AccountError):
    """The name or the password is wrong (which one is not said)."""


class TooManyAttempts(AccountError):
    """Too many failed log-ins for one name lately: wait before trying again."""


class Taken(AccountError):
    """The name, or the player's seat, belongs to another account."""


@dataclass(frozen=True)
class User:
    id: str
    name: str


@dataclass(frozen=True)
class Membership:
    game_id: str
    user_id: str
    role: str
    player: str | None  # the player's name in the game, for a seat at the table

    @property
    def viewer(self) -> str:
        """Whose eyes the engine's views use: the admin's, the player's, or an observer's."""
        if self.role == ADMIN:
            return "admin"
        return self.player or "observer"


@dataclass(frozen=True)
class Token:
    """An API token as its owner sees it later: never the token itself."""

    id: str  # the first characters of the token's hash, enough to name it
    label: str
    created: datetime


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_name(name: str) -> str:
    """``name`` normalised (``" Bob "`` -> ``bob``), or AccountError if it cannot name
    an account or a player."""
    normal = player_name(name) if isinstance(name, str) else name
    if not isinstance(normal, str) or not NAME.match(normal):
        raise AccountError(f"{name!r} is not a valid name: use 1-32 letters, digits, "
                           "'-' or '_', starting with a letter")
    return normal


class Accounts:
    """Users, tokens, sessions and memberships kept in ``store``'s database."""

    def __init__(self, store: SqlStore, *, now: Callable[[], datetime] | None = None,
                 hasher: PasswordHasher | None = None) -> None:
        self._engine = store.engine
        self._writer = store.engine.execution_options(**{WRITE: True})
        self._now = now or (lambda: datetime.now(UTC))
        self._hasher = hasher or PasswordHasher()
        # Verifying against this hash when a name is unknown takes as long as a real
        # check, so the time taken does not tell which names exist.
        self._decoy = self._hasher.hash(secrets.token_urlsafe(16))
        # Failed log-ins per name, to slow down password guessing. Kept in this
        # process: several server processes each count their own.
        self._failures: dict[str, list[datetime]] = {}

    def now(self) -> datetime:
        return self._now().astimezone(UTC)

    @contextmanager
    def _guard(self, what: str) -> Iterator[None]:
        try:
            yield
        except sa.exc.IntegrityError as exc:
            raise Taken(f"{what}: conflicting change ({exc.orig})") from None
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"{what} failed: {exc}") from exc

    @contextmanager
    def _write(self, what: str) -> Iterator[Connection]:
        with self._guard(what), self._writer.begin() as conn:
            yield conn

    @contextmanager
    def _read(self, what: str) -> Iterator[Connection]:
        with self._guard(what), self._engine.connect() as conn:
            yield conn

    # -- users -----------------------------------------------------------------
    def sign_up(self, name: str, password: str) -> User:
        name = check_name(name)
        if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise AccountError(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
        user = User(id=secrets.token_hex(8), name=name)
        hashed = self._hasher.hash(password)
        with self._write("sign up") as conn:
            taken = conn.execute(sa.select(users.c.id).where(users.c.name == name)).first()
            if taken is not None:
                raise Taken(f"the name {name!r} is taken")
            conn.execute(sa.insert(users), {"id": user.id, "name": name,
                                            "password_hash": hashed, "created": self.now()})
        return user

    def authenticate(self, name: str, password: str) -> User:
        """The user with this name and password, or :class:`BadCredentials`
        (:class:`TooManyAttempts` after repeated failures for the name)."""
        if isinstance(name, str):
            name = player_name(name)
        if not isinstance(name, str) or not isinstance(password, str) or not NAME.match(name):
            # No account can have a name that is not a valid name: the store is not asked.
            raise BadCredentials("wrong name or password")
        self._check_throttle(name)
        with self._read("log in") as conn:
            row = conn.execute(sa.select(users).where(users.c.name == name)).first()
        hashed = row.password_hash if row is not None else self._decoy
        try:
            self._hasher.verify(hashed, password[:MAX_PASSWORD])
        except (VerificationError, InvalidHashError):
            self._fail(name)
            raise BadCredentials("wrong name or password") from None
        if row is None:
            self._fail(name)
            raise BadCredentials("wrong name or password")
        self._failures.pop(name[:MAX_NAME_FOR_THROTTLE], None)
        if self._hasher.check_needs_rehash(hashed):
            with self._write("rehash") as conn:
                conn.execute(sa.update(users).where(users.c.id == row.id)
                             .values(password_hash=self._hasher.hash(password)))
        return User(id=row.id, name=row.name)

    def _recent_failures(self, name: str) -> list[datetime]:
        name = name[:MAX_NAME_FOR_THROTTLE]
        since = self.now() - FAILURE_WINDOW
        recent = [t for t in self._failures.get(name, []) if t > since]
        if recent:
            self._failures[name] = recent
        else:
            self._failures.pop(name, None)
        return recent

    def _check_throttle(self, name: str) -> None:
        recent = self._recent_failures(name)
        if len(recent) >= MAX_FAILURES:
            wait = recent[0] + FAILURE_WINDOW - self.now()
            minutes = max(1, int(wait.total_seconds() // 60) + 1)
            raise TooManyAttempts(f"too many failed log-ins for {name!r}; try again in "
                                  f"{minutes} minute{'s' if minutes != 1 else ''}")

    def _fail(self, name: str) -> None:
        self._failures.setdefault(name[:MAX_NAME_FOR_THROTTLE], []).append(self.now())
        if len(self._failures) > MAX_TRACKED_NAMES:  # bounded memory under a flood
            oldest = min(self._failures, key=lambda n: self._failures[n][-1])
            del self._failures[oldest]

    def set_password(self, user: User, password: str) -> None:
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise AccountError(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
        with self._write("set password") as conn:
            conn.execute(sa.update(users).where(users.c.id == user.id)
                         .values(password_hash=self._hasher.hash(password)))

    def time_zone(self, user: User) -> str:
        """The account's time zone (an IANA name; UTC until one is chosen)."""
        with self._read("read time zone") as conn:
            zone = conn.execute(sa.select(users.c.time_zone)
                                .where(users.c.id == user.id)).scalar()
        return str(zone) if zone else DEFAULT_ZONE

    def set_time_zone(self, user: User, zone: str) -> None:
        """Choose the account's time zone; an unknown name is refused."""
        if not is_zone(zone):
            raise AccountError(f"{zone!r} is not a time zone; name one like Europe/Paris "
                               "or America/New_York")
        with self._write("set time zone") as conn:
            conn.execute(sa.update(users).where(users.c.id == user.id)
                         .values(time_zone=zone))

    def user_named(self, name: str) -> User | None:
        with self._read("find user") as conn:
            row = conn.execute(sa.select(users.c.id, users.c.name)
                               .where(users.c.name == name)).first()
        return None if row is None else User(id=row.id, name=row.name)

    # -- tokens and sessions ------------------------------------------------------
    def _issue(self, user: User, label: str) -> str:
        token = secrets.token_urlsafe(32)
        with self._write("issue token") as conn:
            conn.execute(sa.insert(api_tokens), {"token_hash": _digest(token),
                                                 "user_id": user.id, "label": label,
                                                 "created": self.now()})
        return token

    def new_token(self, user: User, label: str = "") -> str:
        """A new bearer token for the API; only now is it shown."""
        if not isinstance(label, str) or len(label) > MAX_LABEL:
            raise AccountError(f"a token's label has at most {MAX_LABEL} characters")
        if not label.isprintable():
            raise AccountError("a token's label is printable text (no NUL or other "
                               "control characters)")
        if label == SESSION:
            raise AccountError(f"the label {SESSION!r} is reserved")
        return self._issue(user, label)

    def new_session(self, user: User) -> str:
        return self._issue(user, SESSION)

    def _holder(self, token: str, *, session: bool) -> User | None:
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        stmt = (sa.select(users.c.id, users.c.name, api_tokens.c.label, api_tokens.c.created)
                .join(users, users.c.id == api_tokens.c.user_id)
                .where(api_tokens.c.token_hash == _digest(token)))
        with self._read("check token") as conn:
            row = conn.execute(stmt).first()
        if row is None or (row.label == SESSION) != session:
            return None
        if session and row.created + SESSION_LIFETIME < self.now():
            self.revoke(token)
            return None
        return User(id=row.id, name=row.name)

    def bearer(self, token: str) -> User | None:
        """The owner of an API token (never a session's)."""
        return self._holder(token, session=False)

    def session(self, token: str) -> User | None:
        """The user logged in with this session token, while it lasts."""
        return self._holder(token, session=True)

    def revoke(self, token: str) -> None:
        with self._write("revoke") as conn:
            conn.execute(sa.delete(api_tokens).where(api_tokens.c.token_hash == _digest(token)))

    def tokens(self, user: User, after: str | None = None, limit: int = 100) -> list[Token]:
        """A page of ``user``'s API tokens (never sessions), oldest first: at most
        ``limit``, those made after the token with id ``after`` (None: the first).
        Paged by (created, hash) on an index: a page reads the rows it shows."""
        order = (api_tokens.c.created, api_tokens.c.token_hash)
        stmt = (sa.select(api_tokens.c.token_hash, api_tokens.c.label, api_tokens.c.created)
                .where(api_tokens.c.user_id == user.id, api_tokens.c.label != SESSION)
                .order_by(*order).limit(limit))
        with self._read("list tokens") as conn:
            if after is not None:
                mark = conn.execute(sa.select(*order).where(
                    api_tokens.c.user_id == user.id, *self._named(after))).first()
                if mark is None:
                    raise AccountError(f"you have no token {after!r} to list the tokens after")
                stmt = stmt.where(sa.tuple_(*order) > sa.tuple_(
                    sa.literal(mark.created, api_tokens.c.created.type),
                    sa.literal(mark.token_hash)))
            return [Token(id=row.token_hash[:12], label=row.label, created=row.created)
                    for row in conn.execute(stmt)]

    @staticmethod
    def _named(token_id: str) -> list[sa.ColumnElement[bool]]:
        """Where a token's hash starts with ``token_id`` (an index range)."""
        if not re.fullmatch(r"[0-9a-f]{12}", token_id or ""):
            return [sa.false()]
        return [api_tokens.c.token_hash >= token_id,
                api_tokens.c.token_hash < token_id + "g"]

    def revoke_token(self, user: User, token_id: str) -> bool:
        """Revoke one of ``user``'s API tokens by its id; whether there was one."""
        if not re.fullmatch(r"[0-9a-f]{12}", token_id or ""):
            return False
        stmt = sa.delete(api_tokens).where(
            api_tokens.c.user_id == user.id, api_tokens.c.label != SESSION,
            api_tokens.c.token_hash.startswith(token_id))
        with self._write("revoke token") as conn:
            return bool(conn.execute(stmt).rowcount)

    # -- memberships ----------------------------------------------------------------
    def membership(self, game_id: str, user: User) -> Membership | None:
        stmt = sa.select(memberships).where(memberships.c.game_id == game_id,
                                            memberships.c.user_id == user.id)
        with self._read("membership") as conn:
            row = conn.execute(stmt).first()
        return None if row is None else _membership(row)

    def memberships(self, user: User, after: str | None = None,
                    limit: int = 100) -> dict[str, Membership]:
        """A page of ``user``'s memberships, by game id: at most ``limit``, those of the
        games after ``after`` (None: the first). The order is an index's (user, game),
        so a page reads the rows it shows."""
        stmt = (sa.select(memberships).where(memberships.c.user_id == user.id)
                .order_by(memberships.c.game_id).limit(limit))
        if after is not None:
            stmt = stmt.where(memberships.c.game_id > after)
        with self._read("memberships") as conn:
            return {row.game_id: _membership(row) for row in conn.execute(stmt)}

    def memberships_in(self, user: User, game_ids: list[str]) -> dict[str, Membership]:
        """``user``'s memberships among the games ``game_ids`` (a page of games)."""
        if not game_ids:
            return {}
        stmt = sa.select(memberships).where(memberships.c.user_id == user.id,
                                            memberships.c.game_id.in_(game_ids))
        with self._read("memberships") as conn:
            return {row.game_id: _membership(row) for row in conn.execute(stmt)}

    def members(self, game_id: str, after: str | None = None,
                limit: int = 100) -> list[tuple[User, Membership]]:
        """A page of a game's members: at most ``limit``, in the order of their account
        ids, those after the member named ``after`` (None: the first). The order is
        the primary key's, so a page reads the rows it shows."""
        stmt = (sa.select(memberships, users.c.name)
                .join(users, users.c.id == memberships.c.user_id)
                .where(memberships.c.game_id == game_id)
                .order_by(memberships.c.user_id).limit(limit))
        with self._read("members") as conn:
            if after is not None:
                mark = conn.execute(sa.select(users.c.id).where(users.c.name == after)).first()
                if mark is None:
                    raise AccountError(f"there is no member {after!r} to list the members "
                                       "after")
                stmt = stmt.where(memberships.c.user_id > mark.id)
            return [(User(id=row.user_id, name=row.name), _membership(row))
                    for row in conn.execute(stmt)]

    def seat(self, game_id: str, user: User, role: str, player: str | None = None) -> Membership:
        """Give ``user`` a role in a game (replacing the one they had)."""
        if role not in ROLES:
            raise AccountError(f"unknown role {role!r}: {', '.join(ROLES)}")
        values = {"game_id": game_id, "user_id": user.id, "role": role, "player": player}
        with self._write("seat") as conn:
            if player is not None:
                holder = conn.execute(sa.select(memberships.c.user_id).where(
                    memberships.c.game_id == game_id, memberships.c.player == player,
                    memberships.c.user_id != user.id)).first()
                if holder is not None:
                    raise Taken(f"another account already plays {player!r}")
            conn.execute(sa.delete(memberships).where(memberships.c.game_id == game_id,
                                                      memberships.c.user_id == user.id))
            conn.execute(sa.insert(memberships), values)
        return Membership(game_id, user.id, role, player)

    def unseat(self, game_id: str, user: User) -> None:
        with self._write("unseat") as conn:
            conn.execute(sa.delete(memberships).where(memberships.c.game_id == game_id,
                                                      memberships.c.user_id == user.id))

    def copy_members(self, source: str, target: str) -> None:
        """Give every member of game ``source`` the same seat in game ``target``."""
        with self._write("copy members") as conn:
            rows = conn.execute(sa.select(memberships)
                                .where(memberships.c.game_id == source)).all()
            for row in rows:
                conn.execute(sa.insert(memberships), {"game_id": target, "user_id": row.user_id,
                                                      "role": row.role, "player": row.player})


def _membership(row: Any) -> Membership:
    return Membership(game_id=row.game_id, user_id=row.user_id, role=row.role,
                      player=row.player)

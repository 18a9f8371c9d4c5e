"""Table definitions (SQLAlchemy Core) used by the store at run time.

The migrations under ``migrations/versions`` are the source of truth for the
database schema; these definitions must describe the same tables (a test
compares them with the migrated database).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Dialect

__all__ = [
    "UTCDateTime",
    "api_tokens",
    "events",
    "games",
    "idempotency",
    "mail_addresses",
    "mail_outbox",
    "mail_received",
    "mail_reports",
    "memberships",
    "metadata",
    "series",
    "series_keys",
    "snapshots",
    "users",
]

NAMING_CONVENTION: dict[str, str] = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(sa.types.TypeDecorator[datetime]):
    """A timezone-aware datetime, stored in UTC, always returned tz-aware in UTC.

    PostgreSQL keeps the offset (``timestamptz``); SQLite stores a naive string,
    so values are converted to UTC on the way in and tagged UTC on the way out.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if not isinstance(value, datetime) or value.tzinfo is None:
            raise ValueError("expected a timezone-aware datetime")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if not isinstance(value, datetime):
            raise TypeError(f"unexpected datetime value from database: {value!r}")
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(), primary_key=True),
    sa.Column("pack", sa.String(), nullable=False),
    sa.Column("created", UTCDateTime(), nullable=False),
    sa.Column("meta", sa.JSON(), nullable=False),
    sa.Column("secret", sa.String(), nullable=True),
    sa.Column("head", sa.Integer(), nullable=False, server_default=sa.text("0")),
    # When the game's next timer falls due (migration 0005; None: no timer, or the
    # game is over), kept with each appended batch so that due games are found by
    # one indexed query.
    sa.Column("next_due", UTCDateTime(), nullable=True, index=True),
    # The seq after which the game's measures are kept in ``series`` (migration 0006):
    # 0 for a game kept from its start; a game stored before, or imported, has its
    # head then, and its charts are folded from the log.
    sa.Column("series_from", sa.Integer(), nullable=False, server_default=sa.text("0")),
    # A child game's parent game (migration 0007; None: a game of its own). No foreign
    # key: a child imported alone keeps its parent's id.
    sa.Column("parent", sa.String(), nullable=True),
    # The lobby pages games by (created, id).
    sa.Index("ix_games_created_id", "created", "id"),
)

events = sa.Table(
    "events",
    metadata,
    sa.Column(
        "game_id",
        sa.String(),
        sa.ForeignKey("games.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("seq", sa.Integer(), primary_key=True, autoincrement=False),
    sa.Column("time", sa.String(), nullable=False),
    sa.Column("type", sa.String(), nullable=False),
    sa.Column("body", sa.JSON(), nullable=False),
)

snapshots = sa.Table(
    "snapshots",
    metadata,
    sa.Column(
        "game_id",
        sa.String(),
        sa.ForeignKey("games.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("seq", sa.Integer(), primary_key=True, autoincrement=False),
    sa.Column("state", sa.JSON(), nullable=False),
    # The hash of the event at ``seq`` (migration 0003): a snapshot is used only
    # while it still belongs to the log it was taken from.
    sa.Column("hash", sa.String(), nullable=True),
)

# -- idempotency keys (migration 0003; per caller since 0004) ----------------------

idempotency = sa.Table(
    "idempotency",
    metadata,
    sa.Column(
        "game_id", sa.String(), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    # The account that sent the request: a key is one caller's, never the game's.
    # Keys recorded before revision 0004 have the caller "" (nobody's).
    sa.Column("caller", sa.String(), primary_key=True, server_default=""),
    sa.Column("key", sa.String(), primary_key=True),
    # The events the keyed request committed, written in the same transaction.
    sa.Column("first_seq", sa.Integer(), nullable=False),
    sa.Column("last_seq", sa.Integer(), nullable=False),
    sa.Column("result", sa.JSON(), nullable=False),
)

# -- accounts (migration 0002) ----------------------------------------------------

users = sa.Table(
    "users",
    metadata,
    sa.Column("id", sa.String(), primary_key=True),
    sa.Column("name", sa.String(), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(), nullable=False),
    sa.Column("created", UTCDateTime(), nullable=False),
    # The account's time zone, an IANA name; null: UTC (migration 0010).
    sa.Column("time_zone", sa.String(), nullable=True),
)

api_tokens = sa.Table(
    "api_tokens",
    metadata,
    sa.Column("token_hash", sa.String(), primary_key=True),
    sa.Column(
        "user_id", sa.String(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("label", sa.String(), nullable=False, server_default=""),
    sa.Column("created", UTCDateTime(), nullable=False),
    # A user's tokens are paged by (created, token_hash) (migration 0006).
    sa.Index("ix_api_tokens_user_id_created_token_hash", "user_id", "created", "token_hash"),
)

memberships = sa.Table(
    "memberships",
    metadata,
    sa.Column(
        "game_id", sa.String(), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column(
        "user_id", sa.String(), sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("role", sa.String(), nullable=False),  # admin, player or observer
    sa.Column("player", sa.String(), nullable=True),  # the player's name in the game
    # A user's games are paged by game id (migration 0006).
    sa.Index("ix_memberships_user_id_game_id", "user_id", "game_id"),
)

# -- the measures charted, kept as the game goes (migration 0006) --------------------

series = sa.Table(
    "series",
    metadata,
    sa.Column(
        "game_id", sa.String(), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("player", sa.String(), primary_key=True),
    sa.Column("measure", sa.String(), primary_key=True),
    # The last event of the batch after which the measure stood so.
    sa.Column("seq", sa.Integer(), primary_key=True, autoincrement=False),
    # What each audience saw: {"*": the public value, viewer: their own where it
    # differs (null: hidden from them)}; a value missing for "*" is not public.
    sa.Column("shown", sa.JSON(), nullable=False),
)

series_keys = sa.Table(
    "series_keys",
    metadata,
    sa.Column(
        "game_id", sa.String(), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("player", sa.String(), primary_key=True),
    sa.Column("measure", sa.String(), primary_key=True),
    sa.Column("currency", sa.Boolean(), nullable=False),
)

# -- play by mail (migration 0008) -----------------------------------------------------

mail_addresses = sa.Table(
    "mail_addresses",
    metadata,
    sa.Column(
        "game_id", sa.String(), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    # Lower case: addresses are compared without case.
    sa.Column("address", sa.String(), primary_key=True),
    sa.Column("player", sa.String(), nullable=False),
    # Whether the address is known to be the player's: only then is mail sent to it.
    sa.Column("verified", sa.Boolean(), nullable=False),
    sa.Column("created", UTCDateTime(), nullable=False),
    # The SHA-256 of the token mailed to an address a player added, until they give it
    # back (migration 0009).
    sa.Column("token", sa.String(), nullable=True),
)

mail_received = sa.Table(
    "mail_received",
    metadata,
    # A message is handled once: a re-delivered copy has the same Message-ID.
    sa.Column("message_id", sa.String(), primary_key=True),
    sa.Column("game_id", sa.String(), nullable=True),
    sa.Column("sender", sa.String(), nullable=False),
    sa.Column("received", UTCDateTime(), nullable=False),
    sa.Column("outcome", sa.String(), nullable=False),
)

mail_outbox = sa.Table(
    "mail_outbox",
    metadata,
    # What the message is (``reply:<message-id>``...): a key is queued once, so sent once.
    sa.Column("key", sa.String(), primary_key=True),
    sa.Column("game_id", sa.String(), nullable=True),
    sa.Column("recipient", sa.String(), nullable=False),
    sa.Column("message", sa.Text(), nullable=False),
    sa.Column("created", UTCDateTime(), nullable=False),
    sa.Column("attempts", sa.Integer(), nullable=False, server_default=sa.text("0")),
    sa.Column("next_try", UTCDateTime(), nullable=False),
    sa.Column("last_error", sa.String(), nullable=True),
    # None until the relay accepted it.
    sa.Column("sent", UTCDateTime(), nullable=True),
    # The sender finds what is due by one indexed query.
    sa.Index("ix_mail_outbox_sent_next_try", "sent", "next_try"),
)

# -- play by mail: reports (migration 0009) --------------------------------------------

mail_reports = sa.Table(
    "mail_reports",
    metadata,
    sa.Column(
        "game_id", sa.String(), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    # "daily", "weekly", or None: no digest (a game with updates reports after each).
    sa.Column("digest", sa.String(), nullable=True),
    # The log up to this seq was in a report; the next one begins after it.
    sa.Column("reported_seq", sa.Integer(), nullable=False, server_default=sa.text("0")),
    sa.Column("reported_at", UTCDateTime(), nullable=True),
    # How many reports were made: the next one's number (its outbox key) follows.
    sa.Column("reports", sa.Integer(), nullable=False, server_default=sa.text("0")),
)

"""Indexes for paged lists, and each game's charted measures kept as it goes.

Lists are paged by a stable cursor: games by (created, id), a user's API tokens by
(created, token_hash), a user's games by game id (a game's members already are, by
the primary key). The ``series`` table holds the numbers that charts show (players'
balances and numeric attributes), one row per measure and batch that wrote it, with
what each audience saw; ``series_keys`` names the measures of each game. Games
stored before this revision have their head as ``series_from``: their charts are
folded from the log as before.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A plain ADD COLUMN: SQLite's batch mode would copy the games table, and dropping
    # the old copy would delete every game's events through the foreign keys.
    op.add_column("games", sa.Column("series_from", sa.Integer(), nullable=False,
                                     server_default=sa.text("0")))
    op.execute(sa.text("UPDATE games SET series_from = head"))
    op.create_index("ix_games_created_id", "games", ["created", "id"])
    op.create_index("ix_api_tokens_user_id_created_token_hash", "api_tokens",
                    ["user_id", "created", "token_hash"])
    op.create_index("ix_memberships_user_id_game_id", "memberships", ["user_id", "game_id"])
    op.create_table(
        "series",
        sa.Column("game_id", sa.String(), nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("measure", sa.String(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False, autoincrement=False),
        sa.Column("shown", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name="fk_series_game_id_games", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "player", "measure", "seq", name="pk_series"),
    )
    op.create_table(
        "series_keys",
        sa.Column("game_id", sa.String(), nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("measure", sa.String(), nullable=False),
        sa.Column("currency", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name="fk_series_keys_game_id_games", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "player", "measure", name="pk_series_keys"),
    )


def downgrade() -> None:
    op.drop_table("series_keys")
    op.drop_table("series")
    op.drop_index("ix_memberships_user_id_game_id", table_name="memberships")
    op.drop_index("ix_api_tokens_user_id_created_token_hash", table_name="api_tokens")
    op.drop_index("ix_games_created_id", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("series_from")

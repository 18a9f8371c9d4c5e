"""Play by mail, reports and addresses of players' own: each game's report settings
(the digest's schedule, how far the log was reported) and the tokens that verify an
address a player added.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from nomicon.store.schema import UTCDateTime

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "mail_reports",
        sa.Column("game_id", sa.String(), nullable=False),
        sa.Column("digest", sa.String(), nullable=True),
        sa.Column("reported_seq", sa.Integer(), nullable=False, server_default=sa.text("0")),
        sa.Column("reported_at", UTCDateTime(), nullable=True),
        sa.Column("reports", sa.Integer(), nullable=False, server_default=sa.text("0")),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name="fk_mail_reports_game_id_games", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", name="pk_mail_reports"),
    )
    with op.batch_alter_table("mail_addresses") as batch:
        batch.add_column(sa.Column("token", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("mail_addresses") as batch:
        batch.drop_column("token")
    op.drop_table("mail_reports")

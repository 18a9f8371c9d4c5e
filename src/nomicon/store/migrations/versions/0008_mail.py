"""Play by mail: players' registered addresses, the messages already handled (by
Message-ID) and the outbox of mail to send.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from nomicon.store.schema import UTCDateTime

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "mail_addresses",
        sa.Column("game_id", sa.String(), nullable=False),
        sa.Column("address", sa.String(), nullable=False),
        sa.Column("player", sa.String(), nullable=False),
        sa.Column("verified", sa.Boolean(), nullable=False),
        sa.Column("created", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name="fk_mail_addresses_game_id_games", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "address", name="pk_mail_addresses"),
    )
    op.create_table(
        "mail_received",
        sa.Column("message_id", sa.String(), nullable=False),
        sa.Column("game_id", sa.String(), nullable=True),
        sa.Column("sender", sa.String(), nullable=False),
        sa.Column("received", UTCDateTime(), nullable=False),
        sa.Column("outcome", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("message_id", name="pk_mail_received"),
    )
    op.create_table(
        "mail_outbox",
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("game_id", sa.String(), nullable=True),
        sa.Column("recipient", sa.String(), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("created", UTCDateTime(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default=sa.text("0")),
        sa.Column("next_try", UTCDateTime(), nullable=False),
        sa.Column("last_error", sa.String(), nullable=True),
        sa.Column("sent", UTCDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("key", name="pk_mail_outbox"),
    )
    op.create_index("ix_mail_outbox_sent_next_try", "mail_outbox", ["sent", "next_try"])


def downgrade() -> None:
    op.drop_index("ix_mail_outbox_sent_next_try", table_name="mail_outbox")
    op.drop_table("mail_outbox")
    op.drop_table("mail_received")
    op.drop_table("mail_addresses")

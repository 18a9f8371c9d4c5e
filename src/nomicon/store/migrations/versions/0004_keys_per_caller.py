"""Idempotency keys belong to their caller: the key is unique per (game, caller, key).

Keys recorded before this revision do not say who sent them; they get the caller ""
(nobody's), so they can never be replayed to, or collide with, any account's key.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # SQLite cannot change a primary key in place: batch mode copies the table there,
    # and alters it directly on PostgreSQL.
    with op.batch_alter_table("idempotency") as batch:
        batch.add_column(sa.Column("caller", sa.String(), nullable=False, server_default=""))
        batch.drop_constraint("pk_idempotency", type_="primary")
        batch.create_primary_key("pk_idempotency", ["game_id", "caller", "key"])


def downgrade() -> None:
    # Two callers' same key cannot both survive the old key: keep the first one.
    op.execute(sa.text(
        "DELETE FROM idempotency WHERE EXISTS (SELECT 1 FROM idempotency AS other "
        "WHERE other.game_id = idempotency.game_id AND other.key = idempotency.key "
        "AND other.first_seq < idempotency.first_seq)"))
    with op.batch_alter_table("idempotency") as batch:
        batch.drop_constraint("pk_idempotency", type_="primary")
        batch.create_primary_key("pk_idempotency", ["game_id", "key"])
        batch.drop_column("caller")

"""Each game's next due timer, in an indexed column: finding due work is one query.

A server's background task asks the store which games have a timer due, instead of
opening every game. The column is kept by the game service with each batch it
appends. Games stored before this revision get their creation time, so that the
first sweep after the upgrade opens each of them once and stores its real next due
time (or none).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("next_due", sa.DateTime(timezone=True), nullable=True))
    op.execute(sa.text("UPDATE games SET next_due = created"))
    op.create_index("ix_games_next_due", "games", ["next_due"])


def downgrade() -> None:
    op.drop_index("ix_games_next_due", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("next_due")

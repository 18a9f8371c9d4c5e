"""Each account's time zone: the pages show times, deadlines above all, in it.

An IANA name (``Europe/Paris``); accounts made before this revision, and those that
never chose one, read times in UTC.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-10
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("users", sa.Column("time_zone", sa.String(), nullable=True))


def downgrade() -> None:
    # A plain DROP COLUMN on both databases (SQLite has it since 3.35), not batch mode.
    op.drop_column("users", "time_zone")

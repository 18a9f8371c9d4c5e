"""Each game's parent game: a child game (a sub-game) names the game that started it.

A child game is a game like any other in the same store; its row names its parent,
so that the child's record says where it belongs without the child's state being
read (who may see the child follows from the parent). Games stored before this
revision have no parent.

The column has no foreign key: a child game exported and imported into another store
keeps its parent's id, whether or not the parent came with it; and SQLite drops a
column that no constraint names with a plain ALTER TABLE, where a rebuilt games
table would lose every game's events through their foreign keys.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("parent", sa.String(), nullable=True))


def downgrade() -> None:
    # A plain DROP COLUMN on both databases (SQLite has it since 3.35), not batch mode.
    op.drop_column("games", "parent")

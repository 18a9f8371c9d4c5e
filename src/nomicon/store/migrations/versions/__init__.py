"""Alembic revisions of the game store schema."""

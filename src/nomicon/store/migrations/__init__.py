"""Alembic migration environment of the game store (run via nomicon.store.migrate)."""

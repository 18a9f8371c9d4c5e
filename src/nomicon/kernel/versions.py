"""The version of Nomicon running now, as its package metadata gives it.

Every game records it (with its pack's version) in its ``game.created`` event, so
``nomicon verify`` can tell a log written by other code from a forged one.
"""

from __future__ import annotations

from importlib import metadata

try:
    NOMICON_VERSION = metadata.version("nomicon")
except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare source tree
    NOMICON_VERSION = "unknown"

__all__ = ["NOMICON_VERSION"]

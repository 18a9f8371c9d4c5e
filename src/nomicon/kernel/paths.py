"""Dotted view paths (``players.bob.points``) and their place in the state.

Outside checks, scenario files and the admin's ``set`` action name values by their
path in the *view*. Most view paths are state paths; a player's currency balance is
shown under the player but kept in the ledger (``accounts.<player>.<currency>``), and
so are the goods of an inventory (``players.<player>.items.flute``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nomicon.kernel import entities, ledger

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

_MISSING: Any = object()  # "no default given"
_ABSENT: Any = object()  # "no value there"


def split(path: str) -> list[str]:
    """``board.spaces.5.features`` -> ``["board", "spaces", "5", "features"]``.

    A part in double quotes may contain dots: ``board.squares."3,4".substance``.
    """
    parts: list[str] = []
    current = ""
    quoted = False
    for ch in path:
        if ch == '"':
            quoted = not quoted
        elif ch == "." and not quoted:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    if quoted or any(p == "" for p in parts):
        raise ValueError(f"malformed path {path!r}")
    return parts


def read(tree: Any, path: str, default: Any = _MISSING) -> Any:
    """The value at a dotted path in a view (list items by index)."""
    node = tree
    for part in split(path):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif (isinstance(node, list) and part.lstrip("-").isdigit()
              and -len(node) <= int(part) < len(node)):
            node = node[int(part)]
        else:
            if default is _MISSING:
                raise KeyError(path)
            return default
    return node


def exists(tree: Any, path: str) -> bool:
    return read(tree, path, _ABSENT) is not _ABSENT


def to_state_path(ctx: Ctx, path: str) -> list[str | int]:
    """Where a view path is kept in the state."""
    parts = split(path)
    if len(parts) == 3 and parts[0] == "players" and parts[2] in ctx.rules.currencies:
        return ["accounts", parts[1], parts[2]]
    if len(parts) == 4 and parts[0] == "players" and \
            ledger.inventories(ctx.rules).get(parts[3]) == parts[2]:
        return ["accounts", parts[1], parts[3]]
    state_path: list[str | int] = []
    node: Any = ctx.state.root
    for part in parts:
        key: str | int = part
        if isinstance(node, list):
            key = int(part)
        state_path.append(key)
        node = node[key] if isinstance(node, dict | list) and _has(node, key) else None  # type: ignore[index]
    return state_path


def _has(node: Any, key: str | int) -> bool:
    if isinstance(node, dict):
        return key in node
    return isinstance(key, int) and 0 <= key < len(node)


def write_path(ctx: Ctx, path: str, value: Any) -> Any:
    """Write ``value`` at a view path; returns the old value (None if there was none).

    The parent must exist: the admin sets a value the rules define (a player's points,
    a square's substance), creating the last key if needed, not whole new subtrees.
    """
    parts = split(path)
    if parts[0] == "players" and len(parts) > 1 and not ctx.is_player(parts[1]):
        raise KeyError(f"no player {parts[1]!r}")
    if len(parts) == 3 and parts[0] == "players" and \
            parts[2] in ledger.inventories(ctx.rules).values():
        return ledger.write_inventory(ctx, parts[1], parts[2], value)
    state_path = to_state_path(ctx, path)
    if state_path[0] in ("game", "dice", "timers", "rules", "index"):
        raise ValueError(f"{state_path[0]} is kept by the engine; it cannot be set")
    if state_path[0] == "statuses":
        raise ValueError("statuses end by their timers; use grant-status or end-status")
    parent = ctx.state.get(state_path[:-1], None)
    if parent is None:
        missing = state_path[:-1]
        parent_path = ".".join(str(p) for p in missing)
        # Create a missing intermediate dict only one level deep (a square that has no
        # record yet because it has the default values).
        grand = ctx.state.get(missing[:-1], None)
        if not isinstance(grand, dict):
            raise KeyError(f"nothing at {parent_path}")
        ctx.state.set(missing, {})
    old = ctx.state.get(state_path, None)
    # An entity written here (its location, or a whole new one) is filed again in the
    # entities' indexes from what it became.
    eid = str(state_path[1]) if state_path[0] == entities.ENTITIES and len(state_path) > 1 \
        else None
    before = entities.filing(ctx.state, eid) if eid is not None else None
    ctx.state.set(state_path, value)
    if eid is not None:
        entities.refile(ctx.state, eid, before)
    elif state_path == [entities.ENTITIES]:
        entities.reindex(ctx.state)
    return old

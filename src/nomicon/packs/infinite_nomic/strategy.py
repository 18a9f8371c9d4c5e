"""How a greedy bot plays Infinite Nomic (``nomicon.sim.greedy`` asks the pack)."""

from __future__ import annotations

from typing import Any


def greedy_score(state: dict[str, Any], actor: str, name: str, args: dict[str, Any]) -> float:
    """Roll whenever you may; land on a multiple of five with a Number when you can;
    buy the roll on Master of Your Fate; pay to leave Jail; ping in time; keep out of
    trades and proposals; end the turn once there is nothing better to do."""
    player = state["players"].get(actor, {})
    flags = state.get("turn", {}).get("flags", {})
    if name == "roll":
        return 10.0
    if name in ("ping", "rejoin"):
        return 9.0
    if name == "use-number":
        where = player.get("location")
        lands = isinstance(where, int) and (where + int(args.get("value", 0))) % 5 == 0
        return 8.0 if lands else -1.0
    if name == "choose":
        return {"buy": 7.0, "fight": 3.0, "bribe": 2.0}.get(str(args.get("option")), 1.0)
    if name == "escape":
        return 6.0
    if name == "vote":
        return 0.5 if args.get("vote") in ("up", "for") else 0.0
    if name == "end-turn":
        return 2.0 if flags.get("rolled") else -5.0
    if name == "continue":
        return 0.0
    return -1.0  # trades, purchases of items, proposals: not worth it to this bot

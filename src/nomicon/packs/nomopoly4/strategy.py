"""How a greedy bot plays Nomopoly IV (``nomicon.sim.greedy`` asks the pack)."""

from __future__ import annotations

from typing import Any


def greedy_score(state: dict[str, Any], actor: str, name: str, args: dict[str, Any]) -> float:
    """Take every turn, travelling away from the Rber Ducky's square when a direction
    is to be chosen; vote for proposals; keep your money and stay out of proposing."""
    if name == "take-turn":
        ducky = state.get("entities", {}).get("rber-ducky", {}).get("location")
        where = state["players"].get(actor, {}).get("location")
        direction = args.get("direction")
        if isinstance(ducky, int) and isinstance(where, int) and direction is not None:
            ahead = ducky > where
            return 10.0 if (direction == "backwards") == ahead else 9.0
        return 10.0
    if name == "vote":
        return 1.0 if args.get("vote") == "for" else 0.0
    return -1.0  # gifts, proposals and retractions: not worth it to this bot

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
    found = unit_score(state, actor, name, args)
    if found is not None:
        return found
    return -1.0  # gifts, proposals and retractions: not worth it to this bot


# -- units, buildings and Jumps (P01-P22) ----------------------------------------------
#: What the greedy bot thinks of each command: earning and growing first, fighting
#: next, moving last.
COMMAND_SCORES = {
    "mine": 8.0, "recruit-warrior": 7.0, "upgrade-to-scv": 6.5, "attack": 6.0,
    "bombard": 6.0, "power-drain": 6.0, "orison-of-healing": 5.0, "repair": 5.0,
    "spell-shield": 4.5, "empathy": 4.5, "build-guard-tower": 4.0, "build-wall": 3.5,
    "build-fort": 3.5, "move": 2.0,
}


def unit_score(state: dict[str, Any], actor: str, name: str, args: dict[str, Any]) -> float | None:
    """The greedy bot's liking for the actions of units and Jumps (None: not one)."""
    if name == "command":
        target = args.get("target")
        owner = state.get("entities", {}).get(target, {}).get("owner") if target else None
        if args.get("command") == "attack" and owner == actor:
            return -1.0  # never its own things
        return COMMAND_SCORES.get(str(args.get("command")), 1.0)
    if name in ("build-fort", "land-rush"):
        return 3.0
    if name == "jump":
        # Anywhere but onto the Rber Ducky and its pies.
        ducky = state.get("entities", {}).get("rber-ducky", {}).get("location")
        return 2.0 if args.get("to") != ducky else -1.0
    if name == "drop-jump":
        return 1.5 if state["players"].get(actor, {}).get("jumps", 0) >= 9 else -1.0
    if name == "teleport":
        return 0.5
    return None

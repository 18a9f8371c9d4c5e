"""How a greedy bot plays Nomopoly IV (``nomicon.sim.greedy`` asks the pack)."""

from __future__ import annotations

from collections.abc import Callable
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
    # ? boxes, items, the Shop of Terror and the Experience Fairy: Experience first, then
    # whatever a box holds, then using items (money before mischief), then the Shop.
    found = ITEMS_AND_SHOP.get(name)
    if found is not None:
        return found(state, actor, args)
    unit = unit_score(state, actor, name, args)
    if unit is not None:
        return unit
    return -1.0  # gifts, proposals and retractions: not worth it to this bot


def _use_item(state: dict[str, Any], actor: str, args: dict[str, Any]) -> float:
    """Coins and Mushrooms first; a Feather to a square with a ? box; shells at the
    richest other player; a Star Egg or Fire Flower only where the bot has no units."""
    item = args.get("item")
    entities = state.get("entities", {})
    where = state["players"].get(actor, {}).get("location")
    if item in ("coin", "mushroom"):
        return 7.0
    if item == "magic-mining-pick":
        # Worth it only with SCVs to enchant (Rule 1712).
        scvs = any(e.get("owner") == actor and e.get("kind") == "scv" for e in entities.values())
        return 6.5 if scvs else -1.0
    if item == "feather":
        boxes = {e.get("location") for e in entities.values() if e.get("kind") == "question-box"}
        return 6.0 if args.get("to") in boxes - {where} else -1.0
    if item in ("fire-flower", "star-egg"):
        mine = any(e.get("owner") == actor and e.get("location") == where
                   for e in entities.values())
        return 2.0 if not mine else -1.0
    if item == "red-shell":
        dollars = state.get("accounts", {}).get(str(args.get("target")), {}).get("dollars", 0)
        return 3.0 + min(float(dollars) / 100_000, 1.0)
    if item == "uncharged-soul-gem":
        # Only with a Ghost in hand does it charge; otherwise it is lost (Rule 1716).
        ghosts = state.get("accounts", {}).get(actor, {}).get("ghost", 0)
        return 2.5 if ghosts else -1.0
    if item == "charged-soul-gem":
        target = entities.get(str(args.get("target")), {})
        return 3.0 if target.get("owner") != actor else -1.0
    if item == "imp-in-the-box":
        return -1.0  # Imps take the Bank Account of Terror's side
    if item in ("wilt-shroom", "moldy-mush", "rotten-mush"):
        return -1.0  # worth a few dollars at the Shop; used, they are only lost
    return 1.0  # a Ghost, a Green Shell, a Lightning Bolt


ITEMS_AND_SHOP: dict[str, Callable[[dict[str, Any], str, dict[str, Any]], float]] = {
    "receive-teaching": lambda state, actor, args: 11.0,
    "take-box": lambda state, actor, args: 8.0,
    "use-item": _use_item,
    "trade-in": lambda state, actor, args: 5.0 if args.get("trade") == "star-egg" else 0.5,
    # The Public Market (P46): the bot only retracts what it somehow placed; it does not
    # speculate, nor spend its money on others' asks.
    "market-retract": lambda state, actor, args: 0.2,
    "market-buy": lambda state, actor, args: -1.0,
    "market-sell": lambda state, actor, args: -1.0,
    "market-fill": lambda state, actor, args: -1.0,
}


# -- units, buildings and Jumps (P01-P22) ----------------------------------------------
#: What the greedy bot thinks of each command: earning and growing first, fighting
#: next, moving last.
COMMAND_SCORES = {
    "mine": 8.0, "recruit-warrior": 7.0, "upgrade-to-scv": 6.5, "attack": 6.0,
    "bombard": 6.0, "power-drain": 6.0, "orison-of-healing": 5.0, "repair": 5.0,
    "spell-shield": 4.5, "empathy": 4.5, "build-guard-tower": 4.0, "build-wall": 3.5,
    "build-fort": 3.5, "move": 2.0,
}
#: The later unit proposals' commands (P24-P47): Fertile Season feeds the Mine, a
#: Refinery pays 10% on what it refines, the Musketeer out-ranges a Warrior; a railway
#: ride is only moving, and Echo pays off only with a command to repeat.
LATER_COMMAND_SCORES = {
    "fertile-season": 7.5, "upgrade-to-musketeer": 6.4, "heal-area": 5.0,
    "build-railway": 3.0, "ride-railway": 1.5, "echo": 1.0, "build-refinery": 3.8,
    "refine-goods": 4.0,
}
COMMAND_SCORES.update(LATER_COMMAND_SCORES)
#: Safecracking (P37) and Research (P40): a day's safecracking wins a box's item; a
#: Scientist Researching earns $50 a day, Counter-Researching $25 (or $50) a night.
SAFECRACKING_AND_RESEARCH_SCORES = {
    "safecracking": 5.5, "build-laboratory": 3.7, "recruit-scientist": 3.9,
    "research-breakthrough": 6.8, "counter-research": 4.2,
}
COMMAND_SCORES.update(SAFECRACKING_AND_RESEARCH_SCORES)


def unit_score(state: dict[str, Any], actor: str, name: str, args: dict[str, Any]) -> float | None:
    """The greedy bot's liking for the actions of units and Jumps (None: not one)."""
    if name == "command":
        target = args.get("target")
        found = state.get("entities", {}).get(target, {}) if target else {}
        owner = found.get("owner")
        if args.get("command") == "attack" and found.get("kind") == "imp":
            return 7.5  # an Imp's killer gets a Magic Mining Pick (Rule 1901)
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

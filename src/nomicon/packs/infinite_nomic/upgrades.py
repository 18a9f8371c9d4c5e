"""How a game stored by an older version of Infinite Nomic is brought to this one."""

from __future__ import annotations

from nomicon.authoring import Ctx, Upgrade

#: The goods that version 1 counted in a player's ``items``.
ITEMS = ("flute", "house")


def items_to_goods(ctx: Ctx) -> None:
    """Version 1 counted each player's Flutes and House items by hand, in
    ``players.<name>.items``; version 2 keeps them in the ledger
    (``accounts.<name>.flute``, ``accounts.<name>.house``), which still shows them
    as ``players.<name>.items``."""
    for name in sorted(ctx.get(["players"], {})):
        items = ctx.get(["players", name, "items"])
        if not isinstance(items, dict):
            continue  # kept in the ledger already (or the rule is not in force)
        ctx.open_account(name)
        # The counts are moved, not bought again: no transfer, since nothing comes
        # into the game or leaves it; the op under the upgrade event is the record.
        for good in ITEMS:
            ctx.set(["accounts", name, good], int(items.get(good, 0)))
        ctx.state.delete(["players", name, "items"])


UPGRADES = (
    Upgrade("1", "2", items_to_goods,
            "Flutes and House items are goods of the ledger (accounts.<player>.flute and "
            ".house), still shown as players.<player>.items"),
)

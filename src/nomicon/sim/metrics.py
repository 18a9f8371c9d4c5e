"""What a game measures at the end of a simulated run.

Every game measures, for each currency that the rules in force declare, each
player's balance (``points.alice``) and their total and mean (``points.total``,
``points.mean``), and who won (``won.alice`` is 1 or 0). A pack adds its own numbers
by defining ``metrics(state) -> dict[str, float]`` (:meth:`Pack.metrics`); they are
reported under their own names.
"""

from __future__ import annotations

from typing import Any, Protocol

from nomicon.kernel.engine import Game


class MeasuredPack(Protocol):
    """A pack that declares its own metrics (the kernel's ``Pack`` returns none)."""

    def metrics(self, state: dict[str, Any]) -> dict[str, float]: ...


def pack_metrics(pack: object, state: dict[str, Any]) -> dict[str, float]:
    """The pack's own metrics, or none when it declares no ``metrics`` method."""
    method = getattr(pack, "metrics", None)
    if method is None:
        return {}
    found: dict[str, Any] = method(state)
    return {str(name): float(value) for name, value in found.items()}


def currency_metrics(game: Game) -> dict[str, float]:
    """Each player's balance of each currency in force, with the total and the mean."""
    root = game.state.root
    players = list(root.get("players", {}))
    accounts = root.get("accounts", {})
    out: dict[str, float] = {}
    for currency in game.ruleset.currencies:
        balances = [float(accounts.get(player, {}).get(currency, 0)) for player in players]
        for player, balance in zip(players, balances, strict=True):
            out[f"{currency}.{player}"] = balance
        out[f"{currency}.total"] = sum(balances)
        out[f"{currency}.mean"] = sum(balances) / len(balances) if balances else 0.0
    return out


def measure(game: Game) -> dict[str, float]:
    """Everything the game measures now: currencies, winners, the pack's metrics."""
    root = game.state.root
    out = currency_metrics(game)
    winners = set(root.get("winners", []))
    for player in root.get("players", {}):
        out[f"won.{player}"] = 1.0 if player in winners else 0.0
    for name, value in pack_metrics(game.pack, root).items():
        out.setdefault(name, value)
    return out

"""Duels: a challenger, a challenged player, the game that settles it, and its result.

The seed refers to Duels (Ghost, Double Crash, the Limerick Contest's "Duelist")
without defining them; Rule 7 below is reconstructed, and INTERPRETATIONS.md says so.
A Duel is an instance of a game (``instances.<n>`` with ``duel``) that skips
enrolment: it starts at once with its two players.
"""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Arg, Ctx, Rule, action, hook
from nomicon.packs.ackanomic.events import DUEL_SETTLED, INSTANCE_ENDED, InstanceEnded
from nomicon.packs.ackanomic.instances import (
    PACK,
    TABLE,
    StartingAnInstance,
    games,
    is_active,
    office_holder,
    start_instance,
)


class Duels(Rule):
    """An active player may challenge another active player to a Duel, naming a game that may be played as a Duel. The Duel is an instance of that game between the challenger and the challenged player; it skips enrolment and starts at once, refereed as the game says (or by the engine). The winner of the game wins the Duel. [Reconstructed: the seed names Duels, "the challenged player" and "the Duelist" without defining them.]"""  # noqa: E501

    key = "duels"
    pack = PACK
    number = 7
    title = "Duels (reconstructed)"

    def _duel_games(self, ctx: Ctx, actor: str) -> list[str]:
        return sorted(number for number, rule in games(ctx).items()
                      if rule.spec.duel and rule.spec.pack)

    def _why_not_game(self, ctx: Ctx, actor: str, game: Any) -> None:
        found = games(ctx).get(str(game))
        if found is None:
            ctx.refuse(f"no game of the rules in force is numbered {game}")
        if not found.spec.duel:
            ctx.refuse(f"{found.spec.title} is not played as a Duel")
        ctx.refuse(f"{found.spec.title} ({game}) is not built yet",
                   detail=f"Duels can be fought at: "
                          f"{', '.join(self._duel_games(ctx, actor)) or 'no game yet'}")

    @action("challenge", Arg("target", str, "the player challenged"),
            Arg("game", str, "the game's rule number", choices="_duel_games",
                explain="_why_not_game"))
    def challenge(self, ctx: Ctx, actor: str, target: str, game: str) -> None:
        """Challenge another player to a Duel at a game: it starts at once."""
        ctx.require(target != actor, "a player cannot challenge themself")
        ctx.require(is_active(ctx, actor), "you are not an active player")
        ctx.require(is_active(ctx, target), f"{target} is not an active player")
        starting = ctx.rules.first(StartingAnInstance)
        ctx.require(isinstance(starting, StartingAnInstance),
                    "no rule in force starts an instance of a game (1250.1 VI)")
        assert isinstance(starting, StartingAnInstance)
        rule = games(ctx)[game]
        referee = office_holder(ctx, rule.spec.office) if rule.spec.office else None
        number = start_instance(ctx, rule, [actor, target], referee, announcer=actor,
                                least=2, most=2,
                                duel={"challenger": actor, "challenged": target})
        with ctx.running(starting):
            starting.begin(ctx, ctx.get([TABLE, str(number)]))

    @hook(INSTANCE_ENDED)
    def settle(self, ctx: Ctx, data: InstanceEnded) -> None:
        if not data["duel"]:
            return
        record = ctx.get([TABLE, str(data["instance"])])
        duel = record["duel"]
        winner = data["winners"][0] if len(data["winners"]) == 1 else None
        ctx.set([TABLE, str(data["instance"]), "duel", "winner"], winner)
        ctx.emit(DUEL_SETTLED, f"the Duel of {duel['challenger']} and {duel['challenged']} "
                 f"is settled: " + (f"{winner} wins" if winner else "nobody wins"),
                 instance=data["instance"], challenger=duel["challenger"],
                 challenged=duel["challenged"], winner=winner)

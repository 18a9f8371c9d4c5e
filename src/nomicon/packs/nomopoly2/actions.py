"""Nomopoly II, section XXII (Actions).

A voluntary action is an order (``order``, carried out at the update) or, where the
game is played live, the action itself. What this section asks is mostly the
kernel's: an order that fails leaves nothing behind (it runs in a savepoint, XXII.4),
a voluntary payment a player cannot afford is refused (the ledger, XXII.5), and the
update publishes every order's result with the refusal's reason (XXII.6).
"""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Attribute, Ctx, Rule, hook
from nomicon.packs.nomopoly2.terms import LOCATION, PACK


class Actions(Rule):
    """An action is any attempt by a player to change the state of the game, unless the rules for that attempted change specifically state that it is not an action. Actions can be either voluntary or automatic."""  # noqa: E501

    key = "actions"
    pack = PACK
    number = 2201
    title = "XXII.1 Actions"
    # Text only: every action of the pack is an action of Nomicon.


class VoluntaryAndInvoluntaryActions(Rule):
    """Voluntary actions are taken by sending a message to the admin informing her of the actions one wishes to take. Involuntary actions are actions that a player is forced to take by the rules."""  # noqa: E501

    key = "voluntary-and-involuntary-actions"
    pack = PACK
    number = 2202
    title = "XXII.2 Voluntary and involuntary actions"
    # Text only: voluntary actions are orders sent to the admin; involuntary ones are
    # what the rules' hooks do.


class Discussion(Rule):
    """Discussion, with the admin or other players, of the game, is never an action, even if it leads to changes in the state of the game."""  # noqa: E501

    key = "discussion"
    pack = PACK
    number = 2203
    title = "XXII.3 Discussion"
    # Text only: discussion happens outside the game's actions.


class FailedActions(Rule):
    """If an attempted action is impossible or invalid, that action is considered to have failed. Any cost or benefit associated with a failed action is refunded or rescinded unless otherwise specified in the rules."""  # noqa: E501

    key = "failed-actions"
    pack = PACK
    number = 2204
    title = "XXII.4 Failed actions"
    # Carried out by the kernel's orders: a failed order runs in a savepoint, so its
    # costs and benefits are undone.


class NoVoluntaryBankruptcy(Rule):
    """No player may take a voluntary action that would render herself Bankrupt. Actions that would have this effect are invalid and automaticaly fail with no loss of money for the player who attempted it."""  # noqa: E501

    key = "no-voluntary-bankruptcy"
    pack = PACK
    number = 2205
    title = "XXII.5 No voluntary Bankruptcy"
    # Carried out by the ledger: a voluntary transfer the payer cannot afford is
    # refused, and the refusal undoes the whole action.


class PublishingResults(Rule):
    """The admin will post the results of all actions, failed or otherwise, when he posts the proposals judged that week."""  # noqa: E501

    key = "publishing-results"
    pack = PACK
    number = 2206
    title = "XXII.6 Publishing results"
    # Carried out by the kernel's orders: each result (done, failed with its reason,
    # skipped) is an event everyone reads, published by the update.


class ActionsCannotBeTakenBack(Rule):
    """By default, actions can not be taken back. Once an action has been submited to the admin, it can be considered to have happened (or failed), although the results will not be known immediately. It is of course, still possible to take some other action that would negate the effects of one's previous action."""  # noqa: E501

    key = "actions-cannot-be-taken-back"
    pack = PACK
    number = 2207
    title = "XXII.7 Actions cannot be taken back"
    # Carried out by the schedule (its ``irrevocable`` parameter is true) and by Rule
    # 901 (a proposal cannot be retracted).


def acting_square(ctx: Ctx, player: str) -> Any:
    """The square a player acts from: where the last update left her, during the
    purchases phase of the next (XXII.8), else where she is."""
    update = ctx.get(["update"], None) or {}
    left = ctx.attr(player, "update_square")
    if update.get("phase") == "purchases" and left is not None:
        return left
    return ctx.attr(player, LOCATION)


class RetroactiveSquares(Rule):
    """If, during an update, a player takes an involuntary action which places him in a square, then at the beginning of the next update that player is allowed to take voluntary actions as if he were currently occupying that square."""  # noqa: E501

    key = "retroactive-squares"
    pack = PACK
    number = 2208
    title = "XXII.8 Retroactive squares"

    attributes = (Attribute("update_square", None, doc="where the last update left the "
                            "player (XXII.8)"),)

    # Read at the next update's purchases phase ("all retroactive voluntary actions
    # will be processed during this time", XXXV.2), through acting_square().
    @hook("update.ended")
    def remember(self, ctx: Ctx, data: dict[str, Any]) -> None:
        for player in ctx.players():
            ctx.set_attr(player, "update_square", ctx.attr(player, LOCATION))


RULES: tuple[type[Rule], ...] = (
    Actions, VoluntaryAndInvoluntaryActions, Discussion, FailedActions,
    NoVoluntaryBankruptcy, PublishingResults, ActionsCannotBeTakenBack, RetroactiveSquares,
)

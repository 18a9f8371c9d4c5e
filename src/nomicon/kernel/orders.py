"""Orders: actions received now and carried out at the next update.

In a game played by mail a player does not act when their message arrives: the
admin collects the week's messages and carries them out at the update, in the order
the rules say. Here each such action is an *order*, recorded when it is received as
``orders.<id>`` of the state::

    {id, player, action, args, received_at, position, phase, condition, otherwise}

``position`` is its place in the message that carried it (1, 2, ...), so an order is
named by who sent it, when it was received and where in the message it stood
(``alice@2021-03-05T10:00:00Z#2``); nothing in it depends on when it was entered into
the game. ``condition`` (text of :mod:`~nomicon.kernel.conditions`) is evaluated on
the player's view when the order runs; ``otherwise`` (``{action, args}``, or None) is
what runs instead when it is false.

An order's arguments are checked against its action's schema when it is received;
the rules judge it when it runs, exactly as if the player took the action then. Its
record goes when it runs, and its result (done, failed with the refusal, or skipped)
is an event everyone reads: the publication. An order of a sealed action (a secret
bid) stays sealed: its receipt, its retraction and its result are its player's (and
the admin's) to read, and everyone else reads only that a sealed order was received,
taken back, or ran and how it ended, by an ``order.sealed`` event that names neither
the player nor the order (whose id holds the player's name).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from nomicon.kernel import events
from nomicon.kernel.actions import ArgsValidator, describe_args, summarise
from nomicon.kernel.conditions import Condition, ConditionError, names_for
from nomicon.kernel.errors import (
    PROCEDURE,
    ActionError,
    ActionRefused,
    InvalidArguments,
    NotYourTurn,
    Refusal,
    RunawayChain,
    UnknownAction,
    show_args,
)
from nomicon.kernel.timefmt import iso, parse

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

#: Where the state keeps the orders not carried out yet.
TABLE = "orders"

#: Actions that are never orders: joining, and answering a prompt or giving a standing
#: answer, which are answers rather than actions (the orders' own actions are refused
#: by the rule of updates).
NOT_ORDERS = frozenset({"join", "choose", "standing-answer", "withdraw-standing-answer"})


def order_id(player: str, received_at: str, position: int) -> str:
    """The name of the order at ``position`` of ``player``'s message received at
    ``received_at``."""
    return f"{player}@{received_at}#{position}"


def shown(action: str, args: dict[str, Any] | None) -> str:
    """An action as an order shows it: ``buy square=5``."""
    return action + show_args(args, quote_text=False)


def pending(ctx: Ctx) -> dict[str, dict[str, Any]]:
    """The orders not carried out yet, by id."""
    found: dict[str, dict[str, Any]] = ctx.get([TABLE], None) or {}
    return found


def arrival(order: dict[str, Any]) -> tuple[datetime, int, str]:
    """The order in which orders run within a phase: received earlier first, then by
    their place in the message; two messages received at the same moment go by their
    senders' names, so the order never depends on when the orders were entered."""
    return parse(order["received_at"]), order["position"], order["player"]


def checked_args(ctx: Ctx, player: str, action: str, args: dict[str, Any] | None,
                 *, reserved: frozenset[str] = frozenset()) -> dict[str, Any]:
    """``args`` as ``action``'s schema reads them, or the error of a malformed order:
    :class:`UnknownAction` when no rule in force defines the action,
    :class:`ActionRefused` when it is not one a player may order, and
    :class:`InvalidArguments` when the arguments do not fit it."""
    raw = dict(args or {})
    candidates = ctx.rules.actions.get(action)
    if not candidates:
        raise UnknownAction(player, action, "no rule in force defines this action",
                            rule=PROCEDURE, args=raw)
    if action in NOT_ORDERS or action in reserved or all(d.admin for _, d in candidates):
        raise ActionRefused(player, action, "this is not an action a player orders",
                            rule=PROCEDURE, args=raw)
    first: ValidationError | None = None
    for _rule, decl in candidates:
        try:
            return ArgsValidator.of(decl).validate(raw)
        except ValidationError as exc:
            first = first or exc
    assert first is not None
    raise InvalidArguments(player, action, summarise(first), rule=PROCEDURE,
                           detail=f"expected {describe_args(candidates[0][1])}", args=raw)


def checked_condition(player: str, action: str, text: str | None,
                      args: dict[str, Any] | None) -> str | None:
    """The condition's text if it is in the language (None: no condition), else the
    error of a malformed order."""
    if text is None:
        return None
    try:
        return Condition(text).text
    except ConditionError as exc:
        raise InvalidArguments(player, action, f"the condition cannot be read: {exc}",
                               rule=PROCEDURE, args=args) from None


def record(ctx: Ctx, order: dict[str, Any]) -> None:
    """Keep a received order until its update, seen by its sender (and the admin)."""
    if ctx.get([TABLE], None) is None:
        ctx.set([TABLE], {})
    ctx.set([TABLE, order["id"]], order)
    if sealed(ctx, order):
        _hide_from_others(ctx, order, "received")
    branch = (f" if {order['condition']}" if order["condition"] else "") + (
        f", else {shown(order['otherwise']['action'], order['otherwise']['args'])}"
        if order["otherwise"] else "")
    ctx.emit(events.ORDER_RECEIVED,
             f"{order['player']}'s order {shown(order['action'], order['args'])}{branch}"
             f" received {order['received_at']} (#{order['position']}), for the "
             f"{order['phase']} phase", to=[order["player"]], order=order["id"],
             player=order["player"], phase=order["phase"])


def retract(ctx: Ctx, order: dict[str, Any]) -> None:
    """Take back a waiting order."""
    ctx.state.delete([TABLE, order["id"]])
    if sealed(ctx, order):
        _hide_from_others(ctx, order, "retracted")
    ctx.emit(events.ORDER_RETRACTED, f"{order['player']} takes back the order "
             f"{shown(order['action'], order['args'])} ({order['id']})", to=[order["player"]],
             order=order["id"], player=order["player"])


def due(ctx: Ctx, phase: str, cutoff: datetime) -> list[dict[str, Any]]:
    """The orders of ``phase`` received before ``cutoff``, in the order they run."""
    found = [order for order in pending(ctx).values()
             if order["phase"] == phase and parse(order["received_at"]) < cutoff]
    return sorted(found, key=arrival)


def run(ctx: Ctx, order: dict[str, Any], names: dict[str, Any] | None = None) -> str:
    """Carry out ``order`` in the running batch, as its player's action would run now,
    and publish the result: ``done``, ``failed`` (with the refusal; nothing it did
    stays) or ``skipped`` (its condition is false and it has no ``otherwise``).

    ``names``: what its condition may read besides the player's view.
    """
    player = order["player"]
    ctx.state.delete([TABLE, order["id"]])
    action, args = order["action"], order["args"]
    branch = None
    if order["condition"]:
        try:
            view = ctx.game.view(player)
            holds = Condition(order["condition"]).holds(names_for(view, player, **(names or {})))
        except ConditionError as exc:
            return _publish(ctx, order, "failed", None, action,
                            refusal=f"the condition cannot be evaluated: {exc}")
        branch = "then" if holds else "else"
        if not holds:
            if not order["otherwise"]:
                return _publish(ctx, order, "skipped", branch, None)
            action, args = order["otherwise"]["action"], order["otherwise"]["args"]
    refusal = _perform(ctx, player, action, dict(args), sealed_run=sealed(ctx, order))
    if refusal is not None:
        return _publish(ctx, order, "failed", branch, action, refusal=refusal)
    return _publish(ctx, order, "done", branch, action)


def _perform(ctx: Ctx, player: str, action: str, args: dict[str, Any], *,
             sealed_run: bool = False) -> str | None:
    """Run the action in a savepoint, in the player's name; the refusal's text, as the
    player would have read it acting live, when it is refused (nothing stays).
    ``sealed_run``: the order is sealed, and what its run logs must not name her."""
    before = ctx.actor
    ctx.actor = player  # rules read the actor of what they are running
    start = len(ctx.batch.events)
    try:
        with ctx.savepoint():
            ctx.game._perform(ctx, player, action, args)
        if sealed_run:
            _unname(ctx.batch.events[start:], player)
    except Refusal as refusal:
        kind = NotYourTurn if refusal.turn else ActionRefused
        return str(kind(player, action, refusal.reason, rule=refusal.rule,
                        detail=refusal.detail, args=args))
    except ActionError as exc:
        return str(exc)
    except RunawayChain as exc:
        return f"{player} cannot {action}{show_args(args)}: {exc}"
    except Exception as exc:  # a rule's bug fails this order, not the whole update
        return (f"{player} cannot {action}{show_args(args)}: internal error "
                f"({type(exc).__name__}: {exc})")
    finally:
        ctx.actor = before
    return None


def _unname(run: list[dict[str, Any]], player: str) -> None:
    """Keep a sealed order's run from naming its player to the others: the engine's
    public notice "bob: bid (sealed)" becomes hers (and the admin's), and what the
    rules publish of it (the new highest Bid) is nobody's act, since its actor would
    name her."""
    for event in run:
        if event["actor"] != player or event.get("to") == [player]:
            continue
        if event["type"] == events.ACTION_SEALED.name and "to" not in event:
            event["to"] = [player]
        else:
            event["actor"] = None


_VERBS = {"done": "was carried out", "failed": "failed", "skipped": "was skipped"}


def _publish(ctx: Ctx, order: dict[str, Any], outcome: str, branch: str | None,
             ran: str | None, *, refusal: str | None = None) -> str:
    what = shown(order["action"], order["args"])
    message = (f"{order['player']}'s order {what} (received {order['received_at']}, "
               f"#{order['position']}) {_VERBS[outcome]}")
    if branch == "else" and ran is not None:
        message += f" as its otherwise: {shown(ran, order['otherwise']['args'])}"
    elif outcome == "skipped":
        message += f": {order['condition']} is false"
    if refusal is not None:
        message += f": {refusal}"
    secret = sealed(ctx, order)
    ctx.emit(events.ORDER_OUTCOMES[outcome], message, to=[order["player"]] if secret else None,
             order=order["id"], player=order["player"], action=order["action"],
             args=order["args"], received_at=order["received_at"],
             position=order["position"], phase=order["phase"],
             condition=order["condition"], otherwise=order["otherwise"], branch=branch,
             ran=ran, refusal=refusal)
    if secret:
        _announce(ctx, order, outcome, None)
    return outcome


#: What everyone else reads of a sealed order, by what befell it.
_SEALED_VERBS = {"received": "was received", "retracted": "was taken back", **_VERBS}


def sealed(ctx: Ctx, order: dict[str, Any]) -> bool:
    """Whether ``order`` is of a sealed action (or its otherwise is)."""
    names = [order["action"]] + ([order["otherwise"]["action"]] if order["otherwise"] else [])
    return any(decl.sealed for name in names for _rule, decl in ctx.rules.actions.get(name, ()))


def _hide_from_others(ctx: Ctx, order: dict[str, Any], what: str) -> None:
    """Show the action that receives or takes back a sealed order only to its player
    and the admin (the action's own event names the sender), and tell the players
    that a sealed order was received or taken back."""
    ctx.audience([order["player"]], "a sealed order is its sender's to read")
    # The batch is narrowed, so the announcement names its audience: the players now.
    _announce(ctx, order, what, ctx.players())


def _announce(ctx: Ctx, order: dict[str, Any], what: str, to: list[str] | None) -> None:
    # The announcement is nobody's act: its event's actor would name the sender.
    before = ctx.actor
    ctx.actor = None
    try:
        ctx.emit(events.ORDER_SEALED, f"a sealed order {_SEALED_VERBS[what]}", to=to,
                 phase=order["phase"], outcome=what)
    finally:
        ctx.actor = before


def new_order(player: str, action: str, args: dict[str, Any], *, received_at: datetime,
              position: int, phase: str, condition: str | None,
              otherwise: dict[str, Any] | None) -> dict[str, Any]:
    """An order's record (see the module's docstring)."""
    at = iso(received_at)
    return {"id": order_id(player, at, position), "player": player, "action": action,
            "args": args, "received_at": at, "position": position, "phase": phase,
            "condition": condition, "otherwise": otherwise}

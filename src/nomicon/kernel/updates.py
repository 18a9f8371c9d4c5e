"""Updates: the moment a game played by mail carries out the orders it received.

A pack's rule of updates is a subclass of :class:`Update`. It names the update's
phases in order (:class:`Phase`: which actions' orders each takes, and whether it
waits for the admin) and says when updates happen with an ``@every`` schedule whose
method starts one::

    class ScheduleOfEvents(Update):
        '''The admin will process actions in the following order: ...'''

        phases = (Phase("purchases", actions=("buy", "paint")),
                  Phase("judging", waits=proposals_undecided),
                  Phase("turns", any_order=True))

        @every("every Sunday at 18:00 UTC")
        def weekly(self, ctx: Ctx, payload: dict[str, Any]) -> None:
            self.start_update(ctx)

Players send orders (``order``: an action and its arguments, or one line of
``text`` in the command line's words, ``buy square=5``) between updates; a gateway
that receives mail for them records each with the time its message was received
(``receive-order``, an admin action). An order is sealed to everyone but its sender until the update
publishes it, and may be taken back (``retract-order``) unless the rule's
``irrevocable`` parameter says otherwise.

At the update each phase is a batch of its own, all at the same instant: the
``phase.began`` hooks of the phase (keyed by its name), its orders received before the
update began in arrival order (then position in the message), each run as the action
would run live and published as done, failed with its refusal, or skipped, and then
the ``phase.ended`` hooks. A phase that waits (the judging of proposals) stops the
update until what it waits for is done, or the admin moves it on
(``continue-update``); the update then goes on at the next firing of timers.
``update.began`` and ``update.ended`` events frame it, for the rules that open and
close an update. The state keeps the update under ``update``: its number, when it
began, its phase and status (``running``, ``waiting``, ``ended``).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

from pydantic import Field

from nomicon.inputs import InputRefused, read_pairs
from nomicon.kernel import events, orders
from nomicon.kernel.context import Ctx
from nomicon.kernel.rules import Arg, Rule, RuleParams, action, hook
from nomicon.kernel.timefmt import iso, parse
from nomicon.kernel.views import ADMIN

RUNNING, WAITING, ENDED = "running", "waiting", "ended"
#: The timer that runs the update's next phase.
PHASE_TIMER = "update:phase"

#: What a phase waits for: ``(ctx, update) -> reason to wait, or None``, ``update``
#: being the update's record; or the name of such a method of the rule.
Wait = Callable[[Ctx, dict[str, Any]], str | None] | str


@dataclass(frozen=True)
class Phase:
    """One phase of an update.

    ``actions``: the actions whose orders run in this phase (unless the order names
    another phase that takes them). ``any_order``: an order of any action may name
    this phase ("players who submitted voluntary actions to be taken during this
    time"). ``waits``: what the update waits for after this phase.
    """

    name: str
    actions: tuple[str, ...] = ()
    any_order: bool = False
    waits: Wait | None = None
    doc: str = ""


def admin_prompts_open(ctx: Ctx, update: dict[str, Any]) -> str | None:
    """A phase's wait for every question put to the admin to be answered."""
    open_ = ctx.pending_prompts(ADMIN)
    if not open_:
        return None
    return (f"the admin has {len(open_)} question{'s' if len(open_) > 1 else ''} to answer"
            f" ({open_[0]['message']}{', ...' if len(open_) > 1 else ''})")


_TIME = ("the time the message was received by the admin (ISO 8601, e.g. "
         "2021-03-05T10:00:00Z)")


def _order_args(*first: Arg) -> tuple[Arg, ...]:
    return (*first,
            Arg("action", str, "the action to carry out at the update (or give text)",
                choices="_orderable", explain="_why_not_orderable", required=False),
            Arg("text", str, "the order as one line in the words of the command line, "
                "e.g. buy square=5 (instead of action and args)", required=False),
            Arg("args", dict, "its arguments", required=False),
            Arg("phase", str, "the phase to carry it out in (default: the one that takes "
                "it)", required=False),
            Arg("condition", str, "carry it out only if this holds then, e.g. "
                "my.location == 5", required=False),
            Arg("otherwise", str, "the action to carry out instead when the condition does "
                "not hold", required=False),
            Arg("otherwise_args", dict, "the arguments of otherwise", required=False))


def _action_of(ctx: Ctx, action: str | None, args: dict[str, Any] | None,
               text: str | None) -> tuple[str, dict[str, Any] | None]:
    """An order's action and arguments: as given, or read from ``text`` the way the
    command line reads ``nomicon act NAME key=value ...`` (quotes group words)."""
    if text is None:
        ctx.require(action is not None, "an order names its action",
                    detail="give action (and args), or text")
        assert action is not None
        return action, args
    ctx.require(action is None and args is None, "an order is given by text or by action "
                "and args, not both", detail=f"text: {text!r}")
    try:
        words = shlex.split(text)
    except ValueError as exc:
        ctx.refuse(f"the order {text!r} cannot be read: {exc}")
    ctx.require(bool(words), "the order's text is empty",
                detail="write the action's name, then key=value for each argument")
    try:
        values, _texts = read_pairs(words[1:], "argument")
    except InputRefused as exc:
        ctx.refuse(f"the order {text!r} cannot be read: {exc}")
    return words[0], values


class Update(Rule):
    """Orders sent to the admin are carried out at the next update, phase by phase."""

    #: The update's phases, in the order they run.
    phases: ClassVar[tuple[Phase, ...]] = ()
    #: The phase of orders of an action that no phase lists (None: such orders are
    #: refused).
    default_phase: ClassVar[str | None] = None

    class Params(RuleParams):
        irrevocable: bool = Field(False, description="whether an order, once sent, can no "
                                  "longer be taken back")

    params: Params

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = [phase.name for phase in cls.phases]
        if len(set(names)) != len(names):
            raise TypeError(f"{cls.__name__}: two phases have the same name ({names})")
        if cls.default_phase is not None and cls.default_phase not in names:
            raise TypeError(f"{cls.__name__}: the default phase {cls.default_phase!r} is not "
                            f"one of its phases ({names})")
        for phase in cls.phases:
            if isinstance(phase.waits, str) and not callable(getattr(cls, phase.waits, None)):
                raise TypeError(f"{cls.__name__}: the {phase.name} phase waits by "
                                f"{phase.waits!r}, which is not a method of {cls.__name__}")

    # -- sending orders ----------------------------------------------------------
    @action("order", *_order_args(
        Arg("position", int, "its place in your message (default: after your other orders "
            "received now)", required=False, minimum=1)), sealed=True)
    def order(self, ctx: Ctx, actor: str, action: str | None = None,
              args: dict[str, Any] | None = None, phase: str | None = None,
              condition: str | None = None, otherwise: str | None = None,
              otherwise_args: dict[str, Any] | None = None, position: int | None = None,
              text: str | None = None) -> None:
        """Send an order: an action carried out at the next update, in its phase."""
        action, args = _action_of(ctx, action, args, text)
        self.receive(ctx, actor, ctx.now, position, action, args, phase=phase,
                     condition=condition, otherwise=otherwise, otherwise_args=otherwise_args)

    @action("receive-order", *_order_args(
        Arg("player", str, "who sent it", choices="_players"),
        Arg("received_at", str, _TIME),
        Arg("position", int, "its place in the message (1, 2, ...)", minimum=1)),
        admin=True, sealed=True)
    def receive_order(self, ctx: Ctx, actor: str, player: str, received_at: str,
                      position: int, action: str | None = None,
                      args: dict[str, Any] | None = None,
                      phase: str | None = None, condition: str | None = None,
                      otherwise: str | None = None,
                      otherwise_args: dict[str, Any] | None = None,
                      text: str | None = None) -> None:
        """Record a player's order from a message received earlier (a mail gateway)."""
        action, args = _action_of(ctx, action, args, text)
        try:
            at = parse(received_at)
        except ValueError:
            ctx.refuse(f"{received_at!r} is not a time", detail=f"give {_TIME}")
        ctx.require(at <= ctx.now, f"{received_at} is later than now ({iso(ctx.now)})",
                    detail="an order is recorded once it has been received")
        self.receive(ctx, player, at, position, action, args, phase=phase,
                     condition=condition, otherwise=otherwise, otherwise_args=otherwise_args)

    def receive(self, ctx: Ctx, player: str, at: datetime, position: int | None, action: str,
                args: dict[str, Any] | None, *, phase: str | None = None,
                condition: str | None = None, otherwise: str | None = None,
                otherwise_args: dict[str, Any] | None = None) -> dict[str, Any]:
        """Check an order against its action's schema and the update's phases, and
        record it (the error of a malformed order, else its record)."""
        checked = orders.checked_args(ctx, player, action, args, reserved=self._own_actions())
        cond = orders.checked_condition(player, action, condition, args)
        chosen = self._phase_for(ctx, action, phase)
        other = None
        if otherwise is not None:
            ctx.require(cond is not None, "an otherwise is carried out when the condition "
                        "does not hold", detail="give a condition too")
            other = {"action": otherwise, "args": orders.checked_args(
                ctx, player, otherwise, otherwise_args, reserved=self._own_actions())}
            ctx.require(self._takes(self._phase(chosen), otherwise),
                        f"the {chosen} phase does not take {otherwise} orders",
                        detail=f"an order and its otherwise run in the same phase; "
                               f"{self._phases_taking(otherwise)}")
        else:
            ctx.require(otherwise_args is None, "otherwise_args without an otherwise",
                        detail="name the action to carry out instead with otherwise")
        update = ctx.get(["update"], None)
        if update is not None and at < parse(update["at"]):
            ctx.refuse(f"update {update['number']}, which takes the orders received before "
                       f"{update['at']}, has begun", detail="an order received then is too "
                       "late for it and too early for the next one")
        stamp = iso(at)
        if position is None:
            taken = [o["position"] for o in orders.pending(ctx).values()
                     if o["player"] == player and o["received_at"] == stamp]
            position = max(taken, default=0) + 1
        record = orders.new_order(player, action, checked, received_at=at, position=position,
                                  phase=chosen, condition=cond, otherwise=other)
        ctx.require(record["id"] not in orders.pending(ctx),
                    f"an order at position {position} of {player}'s message received "
                    f"{stamp} is already recorded", detail=f"{record['id']} waits for the "
                    "update")
        orders.record(ctx, record)
        return record

    @action("retract-order", Arg("order", str, "your order that waits for the update",
                                 choices="_my_orders", explain="_why_not_mine"), sealed=True)
    def retract_order(self, ctx: Ctx, actor: str, order: str) -> None:
        """Take back an order that waits for the update."""
        orders.retract(ctx, orders.pending(ctx)[order])

    @retract_order.check
    def _retract_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not self.params.irrevocable, "an order cannot be taken back once it is "
                    "sent", detail="it will be carried out (or fail) at the update")

    # -- running updates -------------------------------------------------------
    @action("start-update", admin=True)
    def start_update_now(self, ctx: Ctx, actor: str) -> None:
        """Begin an update now (the schedule begins them on time)."""
        self.start_update(ctx)

    @start_update_now.check
    def _start_check(self, ctx: Ctx, actor: str) -> None:
        update = ctx.get(["update"], None)
        ctx.require(update is None or update["status"] == ENDED,
                    f"update {update['number'] if update else ''} is still {_status(update)}")

    @action("continue-update", admin=True)
    def continue_update(self, ctx: Ctx, actor: str) -> None:
        """Move a waiting update on to its next phase, whatever it waits for."""
        update = ctx.get(["update"])
        self._go_on(ctx, update, f"the admin moves it on ({update['waiting_for']})")

    @continue_update.check
    def _continue_check(self, ctx: Ctx, actor: str) -> None:
        update = ctx.get(["update"], None)
        ctx.require(update is not None and update["status"] == WAITING,
                    "no update is waiting" if update is None or update["status"] == ENDED
                    else f"update {update['number']} is {_status(update)}, not waiting")

    def start_update(self, ctx: Ctx) -> None:
        """Begin an update now: its first phase runs next, at this same instant. If the
        last update has not ended, this one begins as soon as it does."""
        update = ctx.get(["update"], None)
        if update is not None and update["status"] != ENDED:
            ctx.set(["update", "postponed"], iso(ctx.now))
            ctx.emit(events.UPDATE_POSTPONED, f"update {update['number']} is still "
                     f"{_status(update)}: the next update begins when it ends",
                     update=update["number"])
            return
        number = (update["number"] if update else 0) + 1
        ctx.set(["update"], {"number": number, "at": iso(ctx.now), "phase": None,
                             "status": RUNNING, "waiting_for": None, "postponed": None})
        ctx.emit(events.UPDATE_BEGAN, f"update {number} begins: "
                 + ", ".join(phase.name for phase in self.phases), update=number)
        self._next(ctx, 0)

    def run_phase(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        """The timer of a phase: its hooks and orders, then the next phase or the wait."""
        update = ctx.get(["update"], None)
        if update is None or update["number"] != payload["update"] or (
                update["status"] != RUNNING):
            return  # the update it belonged to has stopped
        phase = self.phases[payload["index"]]
        number = update["number"]
        ctx.set(["update", "phase"], phase.name)
        ctx.emit(events.PHASE_BEGAN, f"update {number}: the {phase.name} phase", key=phase.name,
                 update=number, phase=phase.name)
        for order in orders.due(ctx, phase.name, parse(update["at"])):
            orders.run(ctx, order)
        ctx.emit(events.PHASE_ENDED, f"update {number}: the {phase.name} phase is over",
                 key=phase.name, update=number, phase=phase.name)
        reason = self._waits(ctx, phase, ctx.get(["update"]))
        if reason is None:
            self._next(ctx, payload["index"] + 1)
            return
        ctx.set(["update", "status"], WAITING)
        ctx.set(["update", "waiting_for"], reason)
        ctx.emit(events.UPDATE_WAITING, f"update {number} waits after the {phase.name} phase: "
                 f"{reason}", update=number, phase=phase.name, reason=reason)

    @hook(events.BATCH_CLOSING)
    def _resume(self, ctx: Ctx, data: events.NoFields) -> None:
        # Whatever a batch did (the admin's last verdict, a deadline's default) may be
        # what a waiting update waited for.
        update = ctx.get(["update"], None)
        if update is None or update["status"] != WAITING:
            return
        if self._waits(ctx, self._phase(update["phase"]), update) is None:
            self._go_on(ctx, update, f"{update['waiting_for']}: done")

    def _go_on(self, ctx: Ctx, update: dict[str, Any], why: str) -> None:
        ctx.set(["update", "status"], RUNNING)
        ctx.set(["update", "waiting_for"], None)
        ctx.emit(events.UPDATE_RESUMED, f"update {update['number']} goes on after the "
                 f"{update['phase']} phase: {why}", update=update["number"],
                 phase=update["phase"])
        self._next(ctx, [p.name for p in self.phases].index(update["phase"]) + 1)

    def _next(self, ctx: Ctx, index: int) -> None:
        update = ctx.get(["update"])
        if index < len(self.phases):
            ctx.set_timer(PHASE_TIMER, ctx.now, self.run_phase,
                          {"update": update["number"], "index": index})
            return
        ctx.set(["update", "status"], ENDED)
        ctx.set(["update", "phase"], None)
        ctx.emit(events.UPDATE_ENDED, f"update {update['number']} is over",
                 update=update["number"])
        if update.get("postponed"):
            self.start_update(ctx)

    def _waits(self, ctx: Ctx, phase: Phase, update: dict[str, Any]) -> str | None:
        if phase.waits is None:
            return None
        if isinstance(phase.waits, str):
            reason: str | None = getattr(self, phase.waits)(ctx, update)
            return reason
        return phase.waits(ctx, update)

    def on_repeal(self, ctx: Ctx) -> None:
        update = ctx.get(["update"], None)
        if update is not None and update["status"] != ENDED:
            ctx.set(["update", "status"], ENDED)
            ctx.emit(events.UPDATE_ENDED, f"update {update['number']} stops: the rule of updates "
                     "is repealed", update=update["number"])

    # -- phases ----------------------------------------------------------------
    def _phase(self, name: str) -> Phase:
        return next(phase for phase in self.phases if phase.name == name)

    def _takes(self, phase: Phase, action: str) -> bool:
        return action in phase.actions or phase.any_order or (
            phase.name == self.default_phase
            and not any(action in other.actions for other in self.phases))

    def _phases_taking(self, action: str) -> str:
        names = [phase.name for phase in self.phases if self._takes(phase, action)]
        return (f"phases that take {action} orders: {', '.join(names)}" if names
                else f"no phase takes {action} orders")

    def _phase_for(self, ctx: Ctx, action: str, asked: str | None) -> str:
        if asked is None:
            for phase in self.phases:
                if action in phase.actions:
                    return phase.name
            if self.default_phase is not None:
                return self.default_phase
            ctx.refuse(f"no phase of the update takes {action} orders",
                       detail=f"phases: {', '.join(p.name for p in self.phases)}")
        names = [phase.name for phase in self.phases]
        ctx.require(asked in names, f"the update has no {asked!r} phase",
                    detail=f"phases: {', '.join(names)}")
        ctx.require(self._takes(self._phase(asked), action),
                    f"the {asked} phase does not take {action} orders",
                    detail=self._phases_taking(action))
        return asked

    # -- arguments -------------------------------------------------------------
    def _own_actions(self) -> frozenset[str]:
        return frozenset(decl.name for decl in self._actions)

    def _orderable(self, ctx: Ctx, actor: str) -> list[str]:
        own = self._own_actions()
        return [name for name, candidates in ctx.rules.actions.items()
                if name not in own and name not in orders.NOT_ORDERS
                and not all(decl.admin for _, decl in candidates)]

    def _why_not_orderable(self, ctx: Ctx, actor: str, value: Any) -> None:
        orders.checked_args(ctx, actor, str(value), None, reserved=self._own_actions())

    def _players(self, ctx: Ctx, actor: str) -> list[str]:
        return ctx.players()

    def _my_orders(self, ctx: Ctx, actor: str) -> list[str]:
        return [key for key, order in orders.pending(ctx).items() if order["player"] == actor]

    def _why_not_mine(self, ctx: Ctx, actor: str, value: Any) -> None:
        ctx.refuse(f"{actor} has no order {value!r} waiting for the update",
                   detail=f"yours: {', '.join(self._my_orders(ctx, actor)) or 'none'}")

    # -- what players see ------------------------------------------------------
    def redact(self, view: dict[str, Any], viewer: str) -> None:
        """Orders are sealed: each player sees their own until the update publishes them."""
        if viewer == ADMIN or not view.get(orders.TABLE):
            return
        view[orders.TABLE] = {key: order for key, order in view[orders.TABLE].items()
                              if order["player"] == viewer}


def _status(update: dict[str, Any] | None) -> str:
    if update is None:
        return "not begun"
    if update["status"] == WAITING:
        return f"waiting after the {update['phase']} phase ({update['waiting_for']})"
    return str(update["status"])

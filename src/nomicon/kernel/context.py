"""The context a rule acts through while an action or a timer is being applied.

Every change a rule makes goes through a ``Ctx``: state writes (recorded as ops),
events (logged, then dispatched to hooks), dice (recorded), ledger transfers,
prompts and timers. A ``Ctx`` lives for one batch: an action, or one timer firing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any, NoReturn, Protocol, TypeVar

from nomicon.kernel import audiences, dice, pausing, prompts, roles, statuses
from nomicon.kernel.acting import RulesInForce
from nomicon.kernel.errors import Refusal, RunawayChain
from nomicon.kernel.rules import ActionDecl, Currency, Rule
from nomicon.kernel.state import Path, State, copy_tree
from nomicon.kernel.timefmt import iso

T = TypeVar("T")
OUTSIDE = None  # the other side of a transfer that creates or destroys money
#: How deep rule effects may nest (a hook whose event runs hooks, and so on). Real
#: chains are a few effects deep; each level costs several Python frames, so the
#: bound stays well below Python's recursion limit.
MAX_CHAIN = 40
#: Where the state keeps the keys of each table's records by status.
INDEX = "index"


#: A rule's method that resumes later (a prompt's answer, a timer): the method itself
#: or its name. The state keeps the name.
Handler = Callable[..., Any] | str


def _method_name(rule: Rule, handler: Handler, what: str) -> str:
    """The name of ``rule``'s method ``handler``; a name ``rule`` has no method of is
    a mistake in the rule, said at once rather than when the prompt or timer ends."""
    name = handler if isinstance(handler, str) else getattr(handler, "__name__", "")
    if not callable(getattr(rule, name, None)):
        raise TypeError(f"{what} {name!r} is not a method of {type(rule).__name__}")
    return name


def _by_number(key: str) -> tuple[int, int, str]:
    return (0, int(key), "") if key.isdigit() else (1, 0, key)


def _snapshot(value: Any) -> Any:
    # Performance: copy_tree is a JSON-only deepcopy (see its docstring).
    return copy_tree(value) if isinstance(value, dict | list) else value


class _Running:
    """The context manager of :meth:`Ctx.running`.

    Performance: the engine enters one for every hook, veto, adjuster and probe of an
    action (hundreds of thousands in a simulation); a small class costs a third of
    what a ``@contextmanager`` generator does, with the same push and pop.
    """

    __slots__ = ("rule", "stack")

    def __init__(self, stack: list[Rule], rule: Rule) -> None:
        self.stack = stack
        self.rule = rule

    def __enter__(self) -> None:
        self.stack.append(self.rule)

    def __exit__(self, *exc: object) -> None:
        self.stack.pop()


class Batch:
    """The events of one atomic unit of change, before they are committed."""

    __slots__ = ("events", "ops_at", "rolls", "ruleset_changed")

    def __init__(self, ops_at: int) -> None:
        self.events: list[dict[str, Any]] = []
        self.ops_at = ops_at
        self.rolls = 0
        self.ruleset_changed = False


# -- what a Ctx needs of its game ------------------------------------------------
# The engine's Game and Ruleset hold Ctxs and run rules through them, so the Ctx knows
# them only by these protocols: the engine stays above this module, not beside it.


class Provides(Protocol):
    """A game's pack, as rules that require things ask it: what its board provides."""

    @property
    def provides(self) -> frozenset[str]: ...


class RuleClasses(Protocol):
    """Where the rule classes a game may enact are found by class id (a registry)."""

    def rule_class(self, class_id: str) -> type[Rule]: ...


class Host(Protocol):
    """The game a :class:`Ctx` acts in (the engine's ``Game``), as far as the Ctx, and
    the code that reaches the game through ``ctx.game``, use it."""

    # What the Ctx itself uses: the state, the rules in force and their cache, the
    # dice, timers, and the engine's part in each event.
    @property
    def state(self) -> State: ...
    @property
    def ruleset(self) -> RulesInForce: ...
    @property
    def cached_ruleset(self) -> RulesInForce | None: ...
    # ``back_to`` is what ``cached_ruleset`` gave, handed back untouched: the engine's
    # own ruleset type, which this module does not name.
    def invalidate_ruleset(self, back_to: Any = None) -> None: ...
    @property
    def secret(self) -> bytes: ...
    def _next_roll(self, index: int, sides: int) -> tuple[int, bool]: ...
    def _on_event(self, ctx: Ctx, type: str, data: dict[str, Any]) -> None: ...
    def set_timer(self, ctx: Ctx, key: str, due: datetime, rid: str, handler: str,
                  payload: dict[str, Any]) -> None: ...
    def set_prompt_deadline(self, ctx: Ctx, prompt_id: int, due: datetime) -> None: ...

    # What the game's procedure, the changes of the rules and rules of packs reach for.
    @property
    def head(self) -> int: ...
    @property
    def log(self) -> Sequence[dict[str, Any]]: ...
    @property
    def pack(self) -> Provides: ...
    @property
    def registry(self) -> RuleClasses: ...
    def schedule_rule(self, ctx: Ctx, rule: Rule) -> None: ...
    def time_units(self) -> dict[str, Any]: ...
    def next_secret(self) -> bytes: ...
    def commitment_of(self, secret: bytes) -> str: ...
    def replace_secret(self, secret: bytes) -> None: ...
    def _resolve_prompt(self, ctx: Ctx, prompt: dict[str, Any], option: str | list[str], *,
                        defaulted: bool = False) -> None: ...


class Ctx:
    """What a rule sees and acts through."""

    def __init__(self, game: Host, now: datetime, actor: str | None, batch: Batch) -> None:
        self.game = game
        self.state: State = game.state
        self.now = now
        self.actor = actor
        self.batch = batch
        self._running: list[Rule] = []
        # The text of ``now`` in events, worked out once (every event carries it).
        self._time: tuple[datetime | None, str] = (None, "")

    # -- the rules ---------------------------------------------------------
    @property
    def rules(self) -> RulesInForce:
        return self.game.ruleset

    @property
    def rule(self) -> Rule | None:
        return self._running[-1] if self._running else None

    def running(self, rule: Rule) -> _Running:
        """Run code in the name of ``rule`` (refusals cite it) for a ``with`` block."""
        return _Running(self._running, rule)

    def run_vetoes(self, vetoes: Sequence[tuple[Rule, Callable[..., Any]]], actor: str,
                   decl: ActionDecl, args: dict[str, Any]) -> None:
        """Run each veto ``(rule, fn)`` in the name of its rule; the first that
        refuses stops the rest."""
        # Performance: this runs for every action and every probe of legal_actions;
        # the push and pop of running() without a context manager object each time.
        stack = self._running
        for rule, fn in vetoes:
            stack.append(rule)
            try:
                fn(self, actor, decl, args)
            finally:
                stack.pop()

    def contributions(self, name: str) -> list[tuple[Rule, Any]]:
        return self.rules.contributions(name)

    @contextmanager
    def savepoint(self, *, keep: bool = True) -> Iterator[None]:
        """Undo everything done inside the block if it raises (or always, when
        ``keep`` is False: a trial run). State, events and the ruleset cache alike."""
        mark = self.state.mark()
        events = len(self.batch.events)
        ops_at = self.batch.ops_at
        # Performance: the rules in force are back as they were, so the ruleset built
        # for them serves again (a preview enacts and repeals rules in a savepoint).
        cached = self.game.cached_ruleset

        def undo() -> None:
            self.state.rollback(mark)
            del self.batch.events[events:]
            self.batch.ops_at = ops_at
            self.game.invalidate_ruleset(back_to=cached)

        try:
            yield
        except BaseException:
            undo()
            raise
        if not keep:
            undo()

    # -- refusing ----------------------------------------------------------
    def refuse(self, reason: str, *, detail: str | None = None, rule: Rule | None = None,
               turn: bool = False) -> NoReturn:
        """Refuse the action in the name of the running rule (or ``rule``)."""
        raise Refusal(reason, cited=rule or self.rule, detail=detail, turn=turn)

    def require(self, condition: object, reason: str, *, detail: str | None = None) -> None:
        if not condition:
            self.refuse(reason, detail=detail)

    # -- state -------------------------------------------------------------
    def get(self, path: Path, default: Any = None) -> Any:
        return self.state.get(path, default)

    def set(self, path: Path, value: Any) -> None:
        self.state.set(path, value)

    # -- records by status --------------------------------------------------
    # Tables of numbered records that pass through statuses (proposals, trade
    # offers...) grow for as long as the game lasts, while the records an action looks
    # for are the few still open. So the state keeps, beside each table, the keys of
    # its records by status (``index.<table>.<status>``), and asking for the open ones
    # costs the same at event 50,000 as at event 50 (DESIGN §1.7). A table's index is
    # made when a record is first added or changed through these methods, from what
    # the table holds then (a game begun before indexes were kept is searched once).

    def add_record(self, table: str, key: str, record: dict[str, Any]) -> None:
        """Store ``record`` (with its ``status``) as ``table.key``, and index it."""
        self._indexed(table)
        self.state.set([table, key], record)
        if record.get("status") is not None:
            self._file(table, key, record["status"])

    def set_status(self, table: str, key: str, status: str) -> None:
        """Change the status of record ``table.key``, and its place in the index."""
        self._indexed(table)
        old = self.state.get([table, key, "status"], None)
        if old == status:
            return
        self.state.set([table, key, "status"], status)
        if old is not None:
            self.state.delete([INDEX, table, old, key])
        self._file(table, key, status)

    def with_status(self, table: str, status: str) -> list[dict[str, Any]]:
        """The records of ``table`` whose status is ``status``, by key (numbers in
        numeric order)."""
        records: dict[str, Any] = self.state.get([table], None) or {}
        index = self.state.get([INDEX, table], None)
        if index is None:  # nothing was indexed yet: search
            return [r for r in records.values() if r.get("status") == status]
        return [records[key] for key in sorted(index.get(status, {}), key=_by_number)]

    def _indexed(self, table: str) -> None:
        """Make ``table``'s index, from the records it holds, if there is none yet."""
        if self.state.get([INDEX, table], None) is not None:
            return
        if self.state.get([INDEX], None) is None:
            self.state.set([INDEX], {})
        by_status: dict[str, dict[str, int]] = {}
        for key, record in (self.state.get([table], None) or {}).items():
            if isinstance(record, dict) and record.get("status") is not None:
                by_status.setdefault(record["status"], {})[key] = 1
        self.state.set([INDEX, table], by_status)

    def _file(self, table: str, key: str, status: str) -> None:
        if self.state.get([INDEX, table, status], None) is None:
            self.state.set([INDEX, table, status], {})
        self.state.set([INDEX, table, status, key], 1)

    def players(self) -> list[str]:
        """Player names in joining order."""
        return list(self.state.get(["players"], {}))

    def player(self, name: str) -> dict[str, Any]:
        record: dict[str, Any] = self.state.get(["players", name])
        return record

    def is_player(self, name: str | None) -> bool:
        return name is not None and name in self.state.get(["players"], {})

    def attr(self, player: str, name: str, default: Any = None) -> Any:
        return self.state.get(["players", player, name], default)

    def set_attr(self, player: str, name: str, value: Any) -> None:
        self.state.set(["players", player, name], value)

    def param(self, name: str) -> Any:
        """A game parameter chosen at creation (``board_size``...)."""
        return self.state.get(["game", "params", name])

    # -- events ------------------------------------------------------------
    def emit(self, type: str, message: str = "", *, to: Sequence[str] | None = None,
             key: str | None = None, **data: Any) -> None:
        """Log an event with the state changes made since the last one, then run its hooks.

        ``to`` limits who sees the event (the admin always does); ``key`` narrows which
        hooks run (for instance a feature name).
        """
        ops = self.state.take_ops(self.batch.ops_at)  # a list of the event's own
        self.batch.ops_at += len(ops)
        rule = self.rule
        if self._time[0] is not self.now:
            self._time = (self.now, iso(self.now))
        event: dict[str, Any] = {
            "time": self._time[1],
            "type": type,
            "actor": self.actor,
            "message": message,
            "data": {k: _snapshot(v) for k, v in data.items()},
            "ops": ops,
        }
        if rule is not None:
            event["rule"] = rule.number
        if to is not None:
            event["to"] = roles.resolve(self.state.root, to)  # roles as held now
        self.batch.events.append(event)
        self.game._on_event(self, type, data)
        self.dispatch(type, data, key=key)

    def dispatch(self, type: str, data: dict[str, Any], *, key: str | None = None) -> None:
        """Run the hooks for an event type without logging an event.

        Hooks may emit events whose hooks run inside them; a chain deeper than
        :data:`MAX_CHAIN` never ends in any real ruleset, so it stops the batch with
        :class:`RunawayChain` (naming the rules in the loop) before Python's own
        recursion limit turns it into an internal error.
        """
        stack = self._running
        if len(stack) >= MAX_CHAIN:
            raise RunawayChain([rule.label for rule in stack])
        ruleset = self.rules
        # A ruleset's tables never change (a change of the rules builds a new one), so
        # they are iterated without a copy.
        for rule, hook_key, fn in ruleset.hooks.get(type, ()):
            if hook_key is not None and hook_key != key:
                continue
            now = self.game.ruleset
            if now is not ruleset and rule.rid not in now.by_rid:
                continue  # repealed by an earlier hook of the same event
            stack.append(rule)
            try:
                fn(self, data)
            finally:
                stack.pop()

    def adjust(self, name: str, value: T) -> T | None:
        """Let rules in force change (or cancel, by returning None) a value."""
        current: T | None = value
        for rule, fn in self.rules.adjusters.get(name, ()):
            if current is None:
                break
            with self.running(rule):
                current = fn(self, current)
        return current

    # -- chance ------------------------------------------------------------
    def roll(self, sides: int, purpose: str, *, to: Sequence[str] | None = None) -> int:
        """Roll 1d``sides`` for a stated purpose; the roll is logged. ``to`` (players,
        ``role:<name>``) makes it private: only they and the admin read it, until a
        rule reveals it (:meth:`reveal`)."""
        index: int = self.state.get(["dice", "count"])
        value, forced = self.game._next_roll(index, sides)
        self.state.set(["dice", "count"], index + 1)
        self.batch.rolls += 1
        data: dict[str, Any] = {"index": index, "sides": sides, "value": value, "purpose": purpose}
        if forced:
            data["forced"] = True
        if to is not None:
            to = audiences.note_roll(self, index, sides, value, purpose, to)
        self.emit("dice.rolled", f"{purpose}: 1d{sides} = {value}", to=to, **data)
        return value

    def pick(self, options: Sequence[T], purpose: str, *,
             to: Sequence[str] | None = None) -> T:
        """Choose one of ``options`` (in the order given) with a 1dK roll (private to
        ``to``, as :meth:`roll`)."""
        if not options:
            raise ValueError(f"nothing to choose from for {purpose}")
        if len(options) == 1:
            return options[0]
        return options[self.roll(len(options), purpose, to=to) - 1]

    def shuffle(self, items: Sequence[T], purpose: str, *,
                to: Sequence[str] | None = None) -> list[T]:
        """A shuffle as a sequence of rolls: draw one of the remaining items each time
        (private to ``to``, as :meth:`roll`: a deal nobody but the dealer reads)."""
        rest = list(items)
        out: list[T] = []
        while rest:
            out.append(rest.pop(self.roll(len(rest), purpose, to=to) - 1) if len(rest) > 1
                       else rest.pop())
        return out

    # -- ledger ------------------------------------------------------------
    def currency(self, name: str) -> tuple[Rule, Currency]:
        found = self.rules.currencies.get(name)
        if found is None:
            raise KeyError(f"no rule in force declares the currency {name!r}")
        return found

    def balance(self, account: str, currency: str) -> int:
        value: int = self.state.get(["accounts", account, currency], 0)
        return value

    def transfer(self, source: str | None, target: str | None, amount: int, currency: str,
                 reason: str) -> int:
        """Move money between accounts (``None``: from or to outside the game).

        Returns the amount moved (rules may adjust or cancel a transfer). A transfer
        that would take an account below the currency's minimum is refused in the
        name of the rule that declared the currency.
        """
        if amount < 0:
            source, target, amount = target, source, -amount
        if amount == 0:
            return 0
        proposal: dict[str, Any] = {"source": source, "target": target, "amount": amount,
                                    "currency": currency, "reason": reason}
        final = self.adjust("ledger.transfer", proposal)
        if final is None or final["amount"] == 0 or (
                final["source"] is None and final["target"] is None):
            return 0
        source, target, amount = final["source"], final["target"], int(final["amount"])
        declarer, decl = self.currency(currency)
        if source is not None:
            have = self.balance(source, currency)
            if decl.minimum is not None and have - amount < decl.minimum:
                self.refuse(f"{source} has {have} {currency}, not {amount}", rule=declarer)
            self.state.set(["accounts", source, currency], have - amount)
        if target is not None:
            self.state.set(["accounts", target, currency], self.balance(target, currency) + amount)
        text = f"{source or 'outside'} -> {target or 'outside'}: {amount} {currency} ({reason})"
        self.emit("transfer", text, **final)
        return amount

    def gain(self, player: str, amount: int, reason: str, currency: str = "points") -> int:
        return self.transfer(OUTSIDE, player, amount, currency, reason)

    def lose(self, player: str, amount: int, reason: str, currency: str = "points") -> int:
        return self.transfer(player, OUTSIDE, amount, currency, reason)

    def open_account(self, account: str) -> None:
        if not self.state.has(["accounts", account]):
            self.state.set(["accounts", account], {})

    # -- prompts -----------------------------------------------------------
    def prompt(
        self,
        to: str,
        options: Sequence[str],
        default: str | Sequence[str],
        *,
        handler: Handler,
        message: str,
        deadline: datetime | None = None,
        resolve_on: str | None = None,
        blocking: bool = False,
        allow: Sequence[str] = (),
        data: dict[str, Any] | None = None,
        available: str | None = None,
        choose: int | tuple[int, int] | None = None,
        private: bool = False,
        seen_by: Sequence[str] = (),
    ) -> int:
        """Ask ``to`` (a player or ``admin``) to decide; the running rule's ``handler``
        method ``(ctx, prompt, option)`` resumes with the answer.

        The default is applied at ``deadline`` by the clock, or when an event of type
        ``resolve_on`` concerning ``to`` happens (``turn.ending``). A blocking prompt
        refuses the player's other actions, except those in ``allow``, until answered.
        ``available`` names a method ``(ctx, prompt) -> list`` of the options open now
        (buying is not, without the money); the default must always be available.
        ``handler`` is the method itself (``self.decide``) or its name.

        ``choose`` (``k``, or ``(low, high)``) asks for a list of distinct options, the
        default being such a list; ``private`` shows the question, options and answer
        only to ``to``, those ``seen_by`` names (players, ``role:<name>``) and the
        admin (see :mod:`nomicon.kernel.prompts`).
        """
        rule = self.rule
        if rule is None:
            raise RuntimeError("a prompt must be opened by a rule")
        handler = _method_name(rule, handler, "a prompt's handler")
        if available is not None:
            _method_name(rule, available, "a prompt's available options")
        extra = prompts.shape(options, default, choose=choose, private=private,
                              seen_by=seen_by)
        default = default if isinstance(default, str) else list(default)
        pid = self.state.incr(["game", "next_prompt"], 1)
        record = {
            "id": pid,
            "to": to,
            "rule": rule.number,
            "rid": rule.rid,
            "handler": handler,
            "options": list(options),
            "default": default,
            "message": message,
            "deadline": iso(deadline) if deadline else None,
            "resolve_on": resolve_on,
            "blocking": blocking,
            "allow": list(allow),
            "data": data or {},
            "available": available,
            **extra,
        }
        self.state.append(["prompts"], record)
        if deadline is not None:
            self.game.set_prompt_deadline(self, pid, deadline)
        span = prompts.answer_range(record)
        asked = ", ".join(options) if span is None else (
            f"choose {prompts.describe(span)} of {', '.join(options)}")
        shown = default if isinstance(default, str) else ", ".join(default) or "none"
        self.emit("prompt.opened", f"{to}: {message} ({asked}; default {shown})",
                  to=prompts.audience(record), prompt=pid, to_player=to,
                  options=list(options), default=default)
        return int(pid)

    def pending_prompts(self, to: str | None = None) -> list[dict[str, Any]]:
        prompts: list[dict[str, Any]] = self.state.get(["prompts"], [])
        if not prompts:
            return []  # the usual case, asked by a veto on every action
        return [p for p in prompts if to is None or p["to"] == to]

    def open_options(self, prompt: dict[str, Any]) -> list[str]:
        """The options of a prompt that can be taken now."""
        method = prompt.get("available")
        rule = self.rules.by_rid.get(prompt["rid"])
        if not method or rule is None:
            return list(prompt["options"])
        with self.running(rule):
            allowed = set(getattr(rule, method)(self, prompt))
        default = prompt["default"]
        return [o for o in prompt["options"] if o in allowed or o == default
                or (isinstance(default, list) and o in default)]

    # -- time --------------------------------------------------------------
    def set_timer(self, key: str, due: datetime | timedelta, handler: Handler,
                  payload: dict[str, Any] | None = None) -> None:
        """Run the running rule's ``handler`` method ``(ctx, payload)`` at ``due``
        (a time, or a delay from now). A timer with the same key is replaced.
        ``handler`` is the method itself (``self.land``) or its name."""
        rule = self.rule
        if rule is None:
            raise RuntimeError("a timer must be set by a rule")
        handler = _method_name(rule, handler, "a timer's handler")
        when = self.now + due if isinstance(due, timedelta) else due
        self.game.set_timer(self, key, when, rule.rid, handler, payload or {})

    def cancel_timer(self, key: str) -> None:
        self.state.delete(["timers", key])

    def timer_due(self, key: str) -> str | None:
        due: str | None = self.state.get(["timers", key, "due"], None)
        return due

    def pause(self, reason: str, *, until: datetime | timedelta | None = None) -> None:
        """Pause the game: no timer fires until it resumes (by itself at ``until``, a
        time or a delay, if given), and then each has the time it had left."""
        pausing.pause(self, reason, until=until)

    def resume(self, reason: str) -> None:
        """Resume the paused game; its timers move on by the time it was paused."""
        pausing.resume(self, reason)

    def is_paused(self) -> bool:
        return pausing.paused(self.state.root) is not None

    # -- statuses (kept by nomicon.kernel.statuses) ----------------------------
    def grant_status(self, holder: str, name: str, *,
                     until: datetime | timedelta | None = None,
                     data: dict[str, Any] | None = None,
                     by: str | None = None) -> statuses.Status:
        """Give a player or entity the status ``name`` until ``until`` (a time or a
        delay; None: until it is ended); granting it again resets its end and data.
        ``by``: who granted it (default: the acting player)."""
        return statuses.grant(self, holder, name, until=until, data=data, by=by)

    def status(self, holder: str, name: str) -> statuses.Status | None:
        """``holder``'s status ``name`` (``since``, ``until``, ``by``, ``data``), or None."""
        return statuses.get(self, holder, name)

    def has_status(self, holder: str, name: str) -> bool:
        return statuses.get(self, holder, name) is not None

    def end_status(self, holder: str, name: str, reason: str = "removed") -> bool:
        """End ``holder``'s status ``name`` for ``reason``; False if they did not have it."""
        return statuses.end(self, holder, name, reason)

    def holders_of(self, name: str) -> list[str]:
        """The players and entities that have the status ``name`` now."""
        return statuses.holders(self, name)

    # -- roles and audiences (nomicon.kernel.roles and .audiences) -----------
    def grant_role(self, player: str, role: str, reason: str = "") -> bool:
        """Give ``player`` the role ``role`` (the referee, a team); False if they hold it.
        ``role:<role>`` then names them in audiences and visibilities."""
        return roles.grant(self, player, role, reason)

    def revoke_role(self, player: str, role: str, reason: str = "") -> bool:
        """Take ``role`` from ``player``; False if they do not hold it."""
        return roles.revoke(self, player, role, reason)

    def has_role(self, player: str, role: str) -> bool:
        return player in roles.holders(self.state.root, role)

    def role_holders(self, role: str) -> list[str]:
        """Who holds ``role`` now, in the order they got it."""
        return roles.holders(self.state.root, role)

    def private_rolls(self, purpose: str | None = None) -> list[audiences.PrivateRoll]:
        """The private rolls not revealed yet (of ``purpose``), oldest first."""
        return audiences.private_rolls(self.state.root, purpose)

    def reveal(self, *, rolls: Sequence[int] = (), purpose: str | None = None,
               events: Sequence[int] = (), to: Sequence[str] | None = None,
               reason: str = "") -> list[int]:
        """Reveal, by an event, private rolls (by index, or all of ``purpose``) and
        earlier events (by seq) to everyone, or to ``to``; the roll indexes revealed."""
        shown = audiences.reveal_rolls(self, rolls=rolls, purpose=purpose, to=to,
                                       reason=reason)
        audiences.reveal_events(self, [self.logged(seq) for seq in events], to=to,
                                reason=reason)
        return shown

    def audience(self, to: Sequence[str], reason: str = "", *,
                 only_action: bool = False) -> None:
        """Show the running action (its whole batch, or with ``only_action`` its
        ``action`` event alone) only to ``to``, the actor and the admin: an invisible
        player's move is absent from others' history."""
        audiences.narrow(self, to, reason, only_action=only_action)

    def hide_action(self, reason: str = "") -> None:
        """Show the running action only to the actor and the admin."""
        audiences.narrow(self, (), reason)

    def last_seq(self) -> int:
        """The seq of the newest event: the last this batch emitted (the seq it will
        have), or the log's last if it emitted none yet."""
        return self.game.head + len(self.batch.events)

    def logged(self, seq: int) -> dict[str, Any]:
        """The event ``seq``, logged or emitted earlier in this batch."""
        head = self.game.head
        if 1 <= seq <= head:
            return self.game.log[seq - 1]
        if head < seq <= head + len(self.batch.events):
            return self.batch.events[seq - head - 1]
        raise ValueError(f"there is no event {seq} (the log ends at {head})")

    # -- secrets -----------------------------------------------------------
    def commitment(self) -> str:
        return dice.commitment(self.game.secret)

"""The context a rule acts through while an action or a timer is being applied.

Every change a rule makes goes through a ``Ctx``: state writes (recorded as ops),
events (logged, then dispatched to hooks), dice (recorded), ledger transfers,
prompts and timers. A ``Ctx`` lives for one batch: an action, or one timer firing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from nomicon.kernel import dice, timers
from nomicon.kernel.errors import Refusal, RunawayChain
from nomicon.kernel.rules import ActionDecl, Currency, Rule
from nomicon.kernel.state import Path, State, copy_tree
from nomicon.kernel.timefmt import iso

if TYPE_CHECKING:
    from nomicon.kernel.engine import Game
    from nomicon.kernel.ruleset import Ruleset

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


class Ctx:
    """What a rule sees and acts through."""

    def __init__(self, game: Game, now: datetime, actor: str | None, batch: Batch) -> None:
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
    def rules(self) -> Ruleset:
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
        raise Refusal(reason, detail, turn, rule or self.rule)  # positional: faster

    def require(self, condition: object, reason: str, *, detail: str | None = None) -> None:
        """Refuse the action with ``reason`` unless ``condition`` holds."""
        if not condition:
            # As refuse() does, without a second call: checks of legal_actions' probes
            # refuse here a hundred thousand times in a simulation.
            raise Refusal(reason, detail, False, self._running[-1] if self._running else None)

    # -- state -------------------------------------------------------------
    def get(self, path: Path, default: Any = None) -> Any:
        # Performance: rules read the state through here hundreds of thousands of times
        # in a simulation; this is State.get's walk, without a second call each time.
        node: Any = self.state.root
        try:
            for key in path:
                node = node[key]
        except (KeyError, IndexError, TypeError):
            return default
        return node

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
        # Performance: the checks of proposals and trades ask on every probe of
        # legal_actions, mostly to find none or one.
        root = self.state.root
        records: dict[str, Any] = root.get(table) or {}
        index = self.get([INDEX, table])
        if index is None:  # nothing was indexed yet: search
            return [r for r in records.values() if r.get("status") == status]
        keys = index.get(status)
        if not keys:
            return []
        if len(keys) == 1:
            return [records[key] for key in keys]
        return [records[key] for key in sorted(keys, key=_by_number)]

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
        return name is not None and name in self.state.root.get("players", {})

    def attr(self, player: str, name: str, default: Any = None) -> Any:
        # Performance: the vetoes and checks of every probe ask; as get() does.
        try:
            return self.state.root["players"][player][name]
        except (KeyError, IndexError, TypeError):
            return default

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
            # The event keeps copies of the containers it is given (copy_tree is a
            # JSON-only deepcopy); other values as given.
            "data": {k: copy_tree(v) if isinstance(v, dict | list) else v
                     for k, v in data.items()},
            "ops": ops,
        }
        if rule is not None:
            event["rule"] = rule.number
        if to is not None:
            event["to"] = sorted(set(to))
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
        game = self.game
        ruleset = game.ruleset
        # A ruleset's tables never change (a change of the rules builds a new one), so
        # they are iterated without a copy.
        for rule, hook_key, fn in ruleset.hooks.get(type, ()):
            if hook_key is not None and hook_key != key:
                continue
            # Performance: the ruleset is asked for again only once it is not the one
            # cached (an earlier hook changed the rules).
            if game.cached_ruleset is not ruleset:
                now = game.ruleset
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
        """Roll 1d``sides`` for a stated purpose; the roll is logged."""
        index: int = self.state.get(["dice", "count"])
        value, forced = self.game._next_roll(index, sides)
        self.state.set(["dice", "count"], index + 1)
        self.batch.rolls += 1
        data: dict[str, Any] = {"index": index, "sides": sides, "value": value, "purpose": purpose}
        if forced:
            data["forced"] = True
        self.emit("dice.rolled", f"{purpose}: 1d{sides} = {value}", to=to, **data)
        return value

    def pick(self, options: Sequence[T], purpose: str) -> T:
        """Choose one of ``options`` (in the order given) with a 1dK roll."""
        if not options:
            raise ValueError(f"nothing to choose from for {purpose}")
        if len(options) == 1:
            return options[0]
        return options[self.roll(len(options), purpose) - 1]

    def shuffle(self, items: Sequence[T], purpose: str) -> list[T]:
        """A shuffle as a sequence of rolls: draw one of the remaining items each time."""
        rest = list(items)
        out: list[T] = []
        while rest:
            out.append(rest.pop(self.roll(len(rest), purpose) - 1) if len(rest) > 1 else rest.pop())
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
        default: str,
        *,
        handler: Handler,
        message: str,
        deadline: datetime | None = None,
        resolve_on: str | None = None,
        blocking: bool = False,
        allow: Sequence[str] = (),
        data: dict[str, Any] | None = None,
        available: str | None = None,
    ) -> int:
        """Ask ``to`` (a player or ``admin``) to decide; the running rule's ``handler``
        method ``(ctx, prompt, option)`` resumes with the answer.

        The default is applied at ``deadline`` by the clock, or when an event of type
        ``resolve_on`` concerning ``to`` happens (``turn.ending``). A blocking prompt
        refuses the player's other actions, except those in ``allow``, until answered.
        ``available`` names a method ``(ctx, prompt) -> list`` of the options open now
        (buying is not, without the money); the default must always be available.
        ``handler`` is the method itself (``self.decide``) or its name.
        """
        rule = self.rule
        if rule is None:
            raise RuntimeError("a prompt must be opened by a rule")
        handler = _method_name(rule, handler, "a prompt's handler")
        if available is not None:
            _method_name(rule, available, "a prompt's available options")
        if default not in options:
            raise ValueError(f"default {default!r} is not among {options!r}")
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
        }
        self.state.append(["prompts"], record)
        if deadline is not None:
            timers.set_timer(self, f"prompt:{pid}", deadline, None, timers.PROMPT_DEADLINE,
                             {"id": pid})
        self.emit("prompt.opened", f"{to}: {message} ({', '.join(options)}; default {default})",
                  prompt=pid, to_player=to, options=list(options), default=default)
        return int(pid)

    def pending_prompts(self, to: str | None = None) -> list[dict[str, Any]]:
        prompts: list[dict[str, Any]] = self.state.root.get("prompts", [])
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
        return [o for o in prompt["options"] if o in allowed or o == prompt["default"]]

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
        timers.set_timer(self, key, when, rule.rid, handler, payload or {})

    def cancel_timer(self, key: str) -> None:
        self.state.delete(["timers", key])

    def timer_due(self, key: str) -> str | None:
        due: str | None = self.state.get(["timers", key, "due"], None)
        return due

    # -- secrets -----------------------------------------------------------
    def commitment(self) -> str:
        return dice.commitment(self.game._secret)

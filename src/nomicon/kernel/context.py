"""The context a rule acts through while an action or a timer is being applied.

Every change a rule makes goes through a ``Ctx``: state writes (recorded as ops),
events (logged, then dispatched to hooks), dice (recorded), ledger transfers,
prompts and timers. A ``Ctx`` lives for one batch: an action, or one timer firing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any, NoReturn, Protocol, TypeVar, overload

from nomicon.kernel import (
    audiences,
    dice,
    entities,
    events,
    ledger,
    limits,
    prompts,
    roles,
    subgames,
)
from nomicon.kernel.acting import RulesInForce
from nomicon.kernel.errors import Refusal, RunawayChain
from nomicon.kernel.eventkind import EventKind, F
from nomicon.kernel.mechanisms import Handler, Mechanisms
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
    def pack(self, pack_id: str) -> Any: ...


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

    # What orders carried out at an update use: the game's view, and performing an
    # action as if it came in live.
    def view(self, viewer: str = ..., parts: Collection[str] | None = None, *,
             latest: int | None = None) -> dict[str, Any]: ...
    def _perform(self, ctx: Ctx, actor: str, name: str, raw: dict[str, Any]) -> None: ...


class Ctx(Mechanisms):
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

    # -- entities (kernel/entities.py keeps them and their indexes) -----------
    def create_entity(self, kind: str, *, owner: str | None = None, location: Any = None,
                      cause: str, by: str | None = None, id: str | None = None,
                      to: Sequence[str] | None = None, message: str | None = None,
                      **attrs: Any) -> str:
        """Make an entity of ``kind`` (its id is ``id``, or the next ``<kind>-<n>``)
        with the defaults of the attributes rules declare for the kind, then ``attrs``;
        returns its id. The ``entity.created`` event says ``cause`` and the player
        responsible (``by``); ``to`` keeps it from all but those named and the admin,
        and its data holds only the public attributes."""
        declared = self.rules.attributes.get(kind, {})
        values = {name: attribute.default for name, (_rule, attribute) in declared.items()}
        values.update(attrs)
        eid = id if id is not None else entities.new_id(self.state, kind)
        record = entities.add(self.state, eid, kind, owner, location, values)
        public = {name: value for name, value in record.items() if name not in entities.FIXED
                  and (name not in declared or declared[name][1].visibility == "public")}
        self.emit(events.ENTITY_CREATED, message or f"{kind} {eid} is made ({cause})", to=to,
                  entity=eid, kind=kind, owner=owner, location=record["location"],
                  attributes=public, cause=cause, by=by)
        return eid

    def entity(self, eid: str) -> dict[str, Any] | None:
        """Entity ``eid``'s record (change it only through these methods), or None."""
        return entities.get(self.state, eid)

    def destroy_entity(self, eid: str, *, cause: str, by: str | None = None,
                       to: Sequence[str] | None = None, message: str | None = None) -> bool:
        """Take entity ``eid`` out of the game (False: there was none), with an
        ``entity.destroyed`` event saying ``cause`` and the player responsible."""
        gone = entities.remove(self.state, eid)
        if gone is None:
            return False
        self.emit(events.ENTITY_DESTROYED,
                  message or f"{gone['kind']} {eid} is destroyed ({cause})", to=to,
                  entity=eid, kind=gone["kind"], owner=gone["owner"],
                  location=gone["location"], cause=cause, by=by)
        return True

    def move_entity(self, eid: str, location: Any) -> None:
        """Put entity ``eid`` at ``location`` (None: nowhere); the rule moving it says
        so in its own event."""
        entities.move(self.state, eid, location)

    def set_owner(self, eid: str, owner: str | None) -> None:
        entities.set_owner(self.state, eid, owner)

    def set_entity(self, eid: str, **changes: Any) -> None:
        """Set attributes of entity ``eid`` (``kind``, ``owner`` and ``location`` too)."""
        entities.update(self.state, eid, changes)

    def new_entity_id(self, kind: str) -> str:
        """Take the next ``<kind>-<n>`` id, for an entity made with ``id=`` later."""
        return entities.new_id(self.state, kind)

    def entities_at(self, location: Any) -> list[str]:
        """The ids of the entities at ``location``, in the order they were made."""
        return entities.at(self.state, location)

    def entity_locations(self) -> list[Any]:
        """Every location where some entity is."""
        return entities.places(self.state)

    def owned_by(self, owner: str) -> list[str]:
        return entities.owned_by(self.state, owner)

    def entities_of(self, kind: str) -> list[str]:
        return entities.of_kind(self.state, kind)

    # -- events ------------------------------------------------------------
    def emit(self, type: str | EventKind[Any], message: str = "", *,
             to: Sequence[str] | None = None, key: str | None = None, **data: Any) -> None:
        """Log an event with the state changes made since the last one, then run its hooks.

        ``to`` limits who sees the event (the admin always does); ``key`` narrows which
        hooks run (for instance a feature name). An event of a declared kind must carry
        exactly the kind's fields (:class:`~nomicon.kernel.errors.EventFieldError`).
        """
        if not isinstance(type, str):
            type.check(data, self.rule)
            type = type.name
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
            event["to"] = roles.resolve(self.state.root, to)  # roles as held now
        self.batch.events.append(event)
        game = self.game
        game._on_event(self, type, data)
        # Performance: most kinds have no hook in force (dice rolls, actions...);
        # dispatch is skipped for them, unless the chain is deep enough that it
        # would stop the batch (as it does whether or not a hook listens).
        if type in game.ruleset.hooks or len(self._running) >= MAX_CHAIN:
            self.dispatch(type, data, key=key)

    @overload
    def dispatch(self, type: EventKind[F], data: F, *, key: str | None = None) -> None: ...
    @overload
    def dispatch(self, type: str, data: dict[str, Any], *, key: str | None = None) -> None: ...
    def dispatch(self, type: str | EventKind[Any], data: Mapping[str, Any], *,
                 key: str | None = None) -> None:
        """Run the hooks for an event type without logging an event.

        The data of a declared kind is built with its fields' type, which mypy checks
        (``ctx.dispatch(LANDED, Landed(player=..., space=...))``), and must carry
        exactly the kind's fields.

        Hooks may emit events whose hooks run inside them; a chain deeper than
        :data:`MAX_CHAIN` never ends in any real ruleset, so it stops the batch with
        :class:`RunawayChain` (naming the rules in the loop) before Python's own
        recursion limit turns it into an internal error.
        """
        if not isinstance(type, str):
            type.check(data, self.rule)
            type = type.name
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
        self.emit(events.DICE_ROLLED, f"{purpose}: 1d{sides} = {value}", to=to, **data)
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

    def pick_weighted(self, options: Sequence[tuple[T, int]], purpose: str, *,
                      to: Sequence[str] | None = None) -> T:
        """Choose one of ``(option, weight)`` with one roll of 1d(total weight): each
        option's chance is its weight over the total (the faces go to the options in
        the order given, see :func:`nomicon.kernel.dice.weighted_choice`). No roll
        when only one option has a weight above 0. ``to`` makes the roll private, as
        :meth:`roll` (a draw nobody reads until a rule reveals it)."""
        weights = [weight for _option, weight in options]
        total = dice.total_weight(weights)
        if total in weights:
            return options[weights.index(total)][0]
        return options[dice.weighted_choice(weights, self.roll(total, purpose, to=to))][0]

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

    # -- ledger (kept by nomicon.kernel.ledger) ------------------------------
    def currency(self, name: str) -> tuple[Rule, Currency]:
        return ledger.declaration(self, name)

    def is_good(self, name: str) -> bool:
        """Whether ``name`` is a good (a counted thing) of the rules in force."""
        return ledger.is_good(self, name)

    def balance(self, account: str, currency: str) -> int:
        return ledger.balance(self.state, account, currency)

    def transfer(self, source: str | None, target: str | None, amount: int, currency: str,
                 reason: str, *, forced: bool = False, to: Sequence[str] | None = None) -> int:
        """Move money or goods between accounts (``None``: from or to outside the game).

        Returns the amount moved (rules may adjust or cancel a transfer). A transfer
        that would take an account below the currency's minimum is refused in the
        name of the rule that declared the currency; a ``forced`` one (a fine, rent)
        asks the rules to settle the shortfall, takes what there is and records the
        rest as bad debt (see :func:`nomicon.kernel.ledger.transfer`). ``to`` shows its
        events only to those named and the admin.
        """
        return ledger.transfer(self, source, target, amount, currency, reason, forced=forced,
                               to=to)

    def gain(self, player: str, amount: int, reason: str, currency: str = "points") -> int:
        return self.transfer(OUTSIDE, player, amount, currency, reason)

    def lose(self, player: str, amount: int, reason: str, currency: str = "points", *,
             forced: bool = False) -> int:
        return self.transfer(player, OUTSIDE, amount, currency, reason, forced=forced)

    def share_out(self, source: str | None, targets: Sequence[str], amount: int,
                  currency: str, reason: str, *, forced: bool = False) -> int:
        """Divide ``amount`` evenly among ``targets``; returns the remainder, which
        the source keeps."""
        return ledger.share_out(self, source, targets, amount, currency, reason,
                                forced=forced)

    def open_account(self, account: str) -> None:
        ledger.open_account(self, account)

    def escrow(self, key: str) -> str:
        """The account of the escrow ``key``, opened: transfer into it to hold things."""
        return ledger.escrow(self, key)

    def release(self, account: str, target: str | None, reason: str) -> dict[str, int]:
        """Move everything ``account`` (an escrow) holds to ``target``."""
        return ledger.release(self, account, target, reason)

    def net_moves(self, currency: str) -> dict[str, int]:
        """What each account has gained or lost of ``currency`` in this batch so far."""
        return ledger.net_moves(self.batch.events, currency)

    def cap_moves(self, currency: str, most: int,
                  accounts: Collection[str] | None = None) -> None:
        """Refuse this batch if it makes a player (or one of ``accounts``) gain or
        lose more than ``most`` of ``currency``; call it from a ``batch.closing`` hook."""
        ledger.cap_moves(self, currency, most, accounts)

    # -- limits (kept by nomicon.kernel.limits) --------------------------------
    def rate_limit(self, key: str, holder: str, times: int, per: str,
                   what: str | None = None) -> None:
        """Count a use of ``key`` by ``holder``, or refuse it beyond ``times`` uses in
        any ``per`` ("24 hours")."""
        limits.count_use(self, key, holder, times, per, what)

    def uses_left(self, key: str, holder: str, times: int, per: str) -> int:
        return limits.uses_left(self, key, holder, times, per)

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
        kind: str | None = None,
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
        ``handler`` is the method itself (``self.decide``) or its name. ``kind`` names
        the kind of question, which a player may answer ahead (standing answers); by
        default it is the asking rule's key.

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
        if kind is not None:
            record["kind"] = kind
        self.state.append(["prompts"], record)
        if deadline is not None:
            self.game.set_prompt_deadline(self, pid, deadline)
        span = prompts.answer_range(record)
        asked = ", ".join(options) if span is None else (
            f"choose {prompts.describe(span)} of {', '.join(options)}")
        shown = default if isinstance(default, str) else ", ".join(default) or "none"
        self.emit(events.PROMPT_OPENED, f"{to}: {message} ({asked}; default {shown})",
                  to=prompts.audience(record), prompt=pid, to_player=to,
                  options=list(options), default=default)
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

    # -- sub-games (kept by nomicon.kernel.subgames) ----------------------------
    def start_child(self, pack: str, *, players: Sequence[str], referee: str | None = None,
                    params: dict[str, Any] | None = None, cause: str) -> str:
        """Start a child game of ``pack`` for ``players`` (players of this game),
        refereed by ``referee`` (None: the engine), with the pack's ``params``;
        ``cause`` says why. Returns the child's id; the service creates the game, and
        settles its result into this game (``events.CHILD_SETTLED``) when it ends."""
        return subgames.start(self, self.game.registry, pack, players=players,
                              referee=referee, params=params, cause=cause)

    def child(self, child_id: str) -> subgames.ChildRecord | None:
        """This game's record of its child game ``child_id`` (status, result...)."""
        return subgames.child(self, child_id)

    def parent(self) -> subgames.ParentLink | None:
        """In a child game: its parent's id, its players and referee (None otherwise)."""
        return subgames.parent(self)

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

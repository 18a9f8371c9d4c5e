"""The engine: apply an action, fire timers, commit events.

A :class:`Game` holds the live state, the log and the ruleset cache. Every change
happens inside a transaction (one *batch*): an action, a timer firing, a join, the
game's creation. A batch either commits whole (its events get the next sequence
numbers, a hash chain links them, and the commit hook — the store — accepts them) or
is rolled back whole, leaving the state as it was.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections import deque
from collections.abc import Callable, Collection
from datetime import datetime
from types import TracebackType
from typing import Any

from pydantic import ValidationError

from nomicon.kernel import (
    audiences,
    dice,
    entities,
    events,
    ledger,
    pausing,
    seats,
    statuses,
    subgames,
    timers,
    upgrades,
)
from nomicon.kernel.actions import ArgsValidator, describe_args, fits, summarise
from nomicon.kernel.context import Batch, Ctx
from nomicon.kernel.errors import (
    PROCEDURE,
    ActionError,
    ActionRefused,
    CommitFailed,
    GameError,
    InvalidArguments,
    NotYourTurn,
    Refusal,
    RuleError,
    RunawayChain,
    UnknownAction,
    show_args,
)
from nomicon.kernel.pack import Pack, Registry, installed
from nomicon.kernel.probing import ANSWERS, Plans, plans, probe
from nomicon.kernel.procedure import Procedure
from nomicon.kernel.prompts import audience as prompt_audience
from nomicon.kernel.rules import ActionDecl, Rule
from nomicon.kernel.ruleset import Ruleset, enact
from nomicon.kernel.seating import Seating
from nomicon.kernel.state import State, copy_tree, fold
from nomicon.kernel.timefmt import iso, parse
from nomicon.kernel.versions import NOMICON_VERSION
from nomicon.kernel.views import log_before, log_view, rules_part, view_of

ADMIN = "admin"
CommitHook = Callable[["Game", list[dict[str, Any]]], None]


#: What a game id may be: it names the game in addresses (``/games/<id>``), file
#: names of exports and mail addresses, so only letters, digits, ``-`` and ``_``.
GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
GAME_ID_RULE = ("a game id is 1 to 64 letters, digits, '-' or '_', starting with a letter "
                "or digit")


def check_game_id(game_id: object) -> str:
    """``game_id`` if it is a safe id, else :class:`GameError` saying the rule."""
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        shown = repr(game_id)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise GameError(f"{shown} is not a valid game id: {GAME_ID_RULE}")
    return game_id


def event_hash(previous: str, event: dict[str, Any]) -> str:
    """The hash that chains an event to the one before it."""
    body = {k: v for k, v in event.items() if k != "hash"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256((previous + text).encode()).hexdigest()


class Game:
    """A running game."""

    def __init__(
        self,
        pack: Pack,
        root: dict[str, Any],
        *,
        registry: Registry,
        secret: bytes,
        log: list[dict[str, Any]] | None = None,
        allow_forced: bool = False,
        simulation: bool = False,
    ) -> None:
        self.pack = pack
        self.registry = registry
        self.state = State(root)
        self.log: list[dict[str, Any]] = log if log is not None else []
        self._secret = secret
        self._forced: deque[int] = deque()
        self.allow_forced = allow_forced
        self._ruleset: Ruleset | None = None
        self._procedure = Procedure()
        self._seating = Seating()
        self.commit_hooks: list[CommitHook] = []
        #: A simulation's game (see :meth:`for_simulation`): no hash chain.
        self.simulation = simulation
        # A simulation's last legal_actions: (actor, state changes, log length) and
        # the entries, given again while nothing has changed since.
        self._legal: tuple[tuple[str, int, int], list[dict[str, Any]]] | None = None
        # A simulation's next timer, as the state stood (state changes) when it was
        # found: a step asks twice (advance, then act) with nothing changed between.
        self._next: tuple[int, dict[str, Any] | None] | None = None
        # A simulation's rules as views show them, with the state's stamp of the rules
        # then: rebuilt only when the rules' part of the state changes.
        self._rules_shown: tuple[tuple[int, int], dict[str, Any]] | None = None

    @classmethod
    def for_simulation(cls, pack: Pack, root: dict[str, Any], *, registry: Registry,
                       secret: bytes, log: list[dict[str, Any]] | None = None,
                       ruleset: Ruleset | None = None) -> Game:
        """A game that a simulation plays (``simulate``, what-ifs): every rule runs
        exactly as in a live game, with the same events, state and dice, but its log
        is not hash-chained, since only a stored game's log is verified. It takes no
        commit hooks: a store needs the chain.

        ``ruleset``: the ruleset of another game whose rules in force are exactly
        ``root``'s (the game this one copies), to share rather than build again; rule
        instances keep nothing of a game's own.

        Asked again while nothing has changed, such a game's :meth:`legal_actions`
        answers from memory: new lists and entries, with the argument descriptions
        inside them shared (bots read them; they must not change them).
        """
        game = cls(pack, root, registry=registry, secret=secret, log=log, simulation=True)
        game._ruleset = ruleset
        return game

    # -- creation and rebuilding -------------------------------------------
    @classmethod
    def create(
        cls,
        pack_id: str,
        *,
        start: datetime,
        players: tuple[str, ...] | list[str] = (),
        secret: bytes,
        params: dict[str, Any] | None = None,
        game_id: str = "game",
        registry: Registry | None = None,
        allow_forced: bool = False,
        commit_hooks: list[CommitHook] | None = None,
        simulation: bool = False,
        parent: subgames.ParentLink | None = None,
    ) -> Game:
        """A new game of a pack: the pack's setup and initial rules in one batch, then
        each of ``players`` joins. ``simulation``: a game for :meth:`for_simulation`.
        ``parent``: a child game's link to its parent (``game.parent``, recorded in
        ``game.created``; see :mod:`nomicon.kernel.subgames`)."""
        check_game_id(game_id)
        registry = registry or installed()
        pack = registry.pack(pack_id)
        try:
            pack_params = pack.Params.model_validate(params or {})
        except ValidationError as exc:
            raise GameError(f"bad parameters for {pack_id}: {summarise(exc)}") from None
        game = cls(pack, {}, registry=registry, secret=secret, allow_forced=allow_forced,
                   simulation=simulation)
        game.commit_hooks.extend(commit_hooks or [])
        commitment = game.commitment_of(secret)
        with game._transaction(start, None, first=True) as ctx:
            ctx.set([], {
                "game": {
                    "id": game_id, "pack": pack.id, "title": pack.title,
                    "params": pack_params.model_dump(mode="json"), "start": iso(start),
                    "clock": iso(start), "status": "active", "next_prompt": 0, "next_rid": 0,
                },
                "players": {}, "accounts": {}, "board": {}, "turn": {}, "rules": {},
                "proposals": {}, "prompts": [], "timers": {}, "winners": [],
                "dice": {"count": 0, "epochs": [
                    {"from": 0, "commitment": commitment, "secret": None}]},
            })
            # The versions of the code that wrote the game, under the hash chain, so
            # verify can tell a log from other code from a forged one; and the mark of
            # a test game, the only kind whose rolls may be forced.
            marks: dict[str, Any] = {"test": True} if allow_forced else {}
            if parent is not None:
                marks["parent"] = dict(parent)
                ctx.set(["game", "parent"], dict(parent))
            ctx.emit(events.GAME_CREATED, f"{pack.title}: game {game_id} created",
                     pack=pack.id, params=pack_params.model_dump(mode="json"),
                     commitment=commitment,
                     versions={"nomicon": NOMICON_VERSION, "packs": {pack.id: pack.version}},
                     **marks)
            pack.setup(ctx, pack_params)
            for initial in pack.initial:
                enact(ctx, initial.cls, number=initial.number, title=initial.title,
                      params=initial.params)
            pack.after_rules(ctx, pack_params)
        for name in players:
            game.act(name, "join")
        return game

    @classmethod
    def rebuild(
        cls,
        log: list[dict[str, Any]],
        *,
        secret: bytes,
        registry: Registry | None = None,
        allow_forced: bool = False,
        snapshot: tuple[int, dict[str, Any]] | None = None,
    ) -> Game:
        """The game whose state is the fold of ``log`` (from a snapshot, if given)."""
        registry = registry or installed()
        if snapshot is not None:
            upto, root = snapshot
            root = fold(
                (op for e in log if e["seq"] > upto for op in e.get("ops", ())), root
            )
        else:
            root = fold(op for e in log for op in e.get("ops", ()))
        pack = registry.pack(root["game"]["pack"])
        return cls(pack, root, registry=registry, secret=secret, log=log,
                   allow_forced=allow_forced)

    def upgrade(self, version: str, *, at: datetime | None = None) -> list[dict[str, Any]]:
        """Bring a state kept by ``version`` of the pack to the running version, in one
        batch at ``at`` (default: the game's clock) by the admin; its events (none
        when the state is at the running version already, or no declared steps lead
        there). ``VersionRefused`` when ``version`` is newer than the running one
        (see :mod:`nomicon.kernel.upgrades`)."""
        steps = upgrades.path(self.pack.id, self.pack.upgrades, version, self.pack.version)
        if not steps:
            return []
        before = self.head
        with self._transaction(at or self.clock, ADMIN) as ctx:
            upgrades.apply(ctx, self.pack.id, steps)
        self.invalidate_ruleset()  # a step may rewrite the rules' own records
        return self.log[before:]

    def fork(self) -> Game:
        """An independent copy (what-if runs, previews): no commit hooks, same secret.

        The copy starts from the current state and shares the log's past (events are
        never changed once logged): a stored game's log that is read lazily stays so,
        so forking a long game reads none of its history.
        """
        twin = Game(self.pack, copy_tree(self.state.root), registry=self.registry,
                    secret=self._secret, log=self.log.copy(), allow_forced=self.allow_forced)
        twin._forced = deque(self._forced)
        return twin

    # -- properties --------------------------------------------------------
    @property
    def id(self) -> str:
        return str(self.state.root["game"]["id"])

    @property
    def clock(self) -> datetime:
        return parse(self.state.root["game"]["clock"])

    @property
    def head(self) -> int:
        return int(self.log[-1]["seq"]) if self.log else 0

    @property
    def is_over(self) -> bool:
        return bool(self.state.root["game"]["status"] == "ended")

    @property
    def secret(self) -> bytes:
        return self._secret

    @property
    def ruleset(self) -> Ruleset:
        if self._ruleset is None:
            self._ruleset = Ruleset(self.state.root.get("rules", {}), self.registry,
                                    (self._procedure, self._seating))
        return self._ruleset

    def invalidate_ruleset(self, back_to: Ruleset | None = None) -> None:
        """Forget the cached ruleset, since the rules in force changed; or, when a
        rollback has restored the state, put back ``back_to``: the cache of the state
        restored (see :attr:`cached_ruleset`)."""
        self._ruleset = back_to

    @property
    def cached_ruleset(self) -> Ruleset | None:
        """The ruleset if it is built now (None: it is built when next asked for)."""
        return self._ruleset

    def action_plans(self) -> Plans:
        """What probing each action of the rules in force needs (worked out once per
        ruleset)."""
        ruleset = self.ruleset
        if ruleset.plans is None:
            ruleset.plans = plans(ruleset)
        return ruleset.plans

    # -- dice --------------------------------------------------------------
    def force_dice(self, values: list[int]) -> None:
        """Make the next rolls show these values (scenarios and tests only)."""
        if not self.allow_forced:
            raise GameError("this game does not accept forced dice")
        self._forced.extend(values)

    @property
    def forced_left(self) -> int:
        return len(self._forced)

    def _next_roll(self, index: int, sides: int) -> tuple[int, bool]:
        if self._forced:
            value = self._forced[0]
            if not 1 <= value <= sides:
                raise GameError(f"forced die value {value} does not fit 1d{sides}")
            self._forced.popleft()
            return value, True
        return dice.derive_roll(self._secret, index, sides), False

    def commitment_of(self, secret: bytes) -> str:
        """The public commitment to a dice epoch's secret (a replay takes the log's)."""
        return dice.commitment(secret)

    def replace_secret(self, secret: bytes) -> None:
        self._secret = secret

    def next_secret(self) -> bytes:
        """The secret of the next dice epoch.

        Games that accept forced dice (scenarios, tests) derive it so they replay
        exactly; real games draw a fresh one, since a secret derived from a revealed
        one could be predicted.
        """
        if self.allow_forced:
            return dice.secret_from_seed(self._secret.hex() + ":next")
        return dice.new_secret()

    # -- transactions ------------------------------------------------------
    def _transaction(self, now: datetime, actor: str | None, *,
                     first: bool = False) -> Transaction:
        """A batch at ``now``, for ``with``: the block's changes commit when it ends,
        or are all rolled back if it raises (see :class:`Transaction`)."""
        return Transaction(self, now, actor, first)

    def _commit(self, batch: Batch) -> None:
        seq = self.head
        number = seq + 1  # the batch's number: the seq of its first event
        if self.simulation:
            if self.commit_hooks:
                raise CommitFailed("a simulation's game has no hash chain and cannot be "
                                   "stored")
            for event in batch.events:
                seq += 1
                event["seq"] = seq
                event["batch"] = number
            self.log.extend(batch.events)
            return
        previous = self.log[-1]["hash"] if self.log else ""
        for event in batch.events:
            seq += 1
            event["seq"] = seq
            event["batch"] = number
            event["hash"] = previous = event_hash(previous, event)
        for hook in self.commit_hooks:
            try:
                hook(self, batch.events)  # the store: raising here rolls the batch back
            except Exception as exc:
                raise CommitFailed(f"the store did not accept the events: {exc}") from exc
        self.log.extend(batch.events)

    def _on_event(self, ctx: Ctx, type: str, data: dict[str, Any]) -> None:
        """Apply the defaults of prompts that this event closes (``turn.ending``...), and
        pass a change to a child game's player on to the child (``subgames.forward``)."""
        if type in subgames.FORWARDED:
            subgames.forward(ctx, type, data)
        prompts = self.state.root.get("prompts")
        if not prompts:
            return  # the usual case, on every event: nothing to close
        subject = data.get("player")
        for prompt in list(prompts):
            if prompt.get("resolve_on") == type and prompt["to"] == subject:
                self._resolve_prompt(ctx, prompt, prompt["default"], defaulted=True)

    # -- timers (kept and run by nomicon.kernel.timers) ----------------------
    def schedule_rule(self, ctx: Ctx, rule: Rule) -> None:
        """Start the recurring schedules a rule declares."""
        timers.schedule_rule(ctx, rule, self.time_units())

    def time_units(self) -> dict[str, Any]:
        return timers.time_units(self.ruleset)

    def set_timer(self, ctx: Ctx, key: str, due: datetime, rid: str, handler: str,
                  payload: dict[str, Any]) -> None:
        """Record a rule's timer (what :meth:`Ctx.set_timer` asks for)."""
        timers.set_timer(ctx, key, due, rid, handler, payload)

    def set_prompt_deadline(self, ctx: Ctx, prompt_id: int, due: datetime) -> None:
        """Record the timer that applies prompt ``prompt_id``'s default at ``due``."""
        timers.set_timer(ctx, f"prompt:{prompt_id}", due, None, timers.PROMPT_DEADLINE,
                         {"id": prompt_id})

    def next_timer(self) -> dict[str, Any] | None:
        if not self.simulation:
            return timers.next_timer(self.state.root, self.ruleset)
        changes = self.state.changes
        if self._next is None or self._next[0] != changes:
            self._next = (changes, timers.next_timer(self.state.root, self.ruleset))
        return self._next[1]

    def advance(self, to: datetime) -> None:
        """Move the clock to ``to``, firing every timer due on the way at its own time."""
        self._catch_up(to)
        if to > self.clock:
            with self._transaction(to, None) as ctx:
                ctx.emit(events.CLOCK_ADVANCED, f"clock advanced to {iso(to)}", to=None)

    def fire_due(self, now: datetime) -> int:
        """Fire every timer due at or before ``now``, each at its own time, and leave
        the clock there (unlike :meth:`advance`, which moves it on to ``now``); the
        number of timers fired."""
        return self._catch_up(now)

    def next_due(self) -> datetime | None:
        """When the next timer falls due (None: no timer, or the game is not active:
        over, or archived after a revert)."""
        return timers.next_due(self.state.root)

    def fires_before(self, at: datetime | None) -> bool:
        """Whether acting at ``at`` (None: now) would first fire a timer."""
        timer = self.next_timer()
        return timer is not None and parse(timer["due"]) <= self._now(at)

    def _catch_up(self, now: datetime) -> int:
        fired = 0
        while True:
            timer = self.next_timer()
            if timer is None or parse(timer["due"]) > now:
                return fired
            self._fire(timer)
            fired += 1

    def _fire(self, timer: dict[str, Any]) -> None:
        """Fire ``timer`` in a batch of its own at its own time; a handler that fails is
        logged as ``timer.failed`` and the timer goes, so the clock never sticks."""
        due = max(parse(timer["due"]), self.clock)
        try:
            with self._transaction(due, None) as ctx:
                ctx.emit(events.TIMER_FIRED, f"{timer['handler']} ({timer['key']})",
                         key_name=timer["key"], handler=timer["handler"])
                timers.run(ctx, timer, self.ruleset, {
                    timers.PROMPT_DEADLINE: self._prompt_deadline,
                    timers.STATUS_END: statuses.expire,
                    timers.PAUSE_END: pausing.end_by_clock})
        except CommitFailed:
            raise  # the store's problem, not the timer's: it stays due
        except (Refusal, Exception) as exc:  # a failing timer must not block the clock
            with self._transaction(due, None) as ctx:
                ctx.state.delete(["timers", timer["key"]])
                ctx.emit(events.TIMER_FAILED, f"{timer['key']} failed: {exc}",
                         key_name=timer["key"])

    # -- prompts -----------------------------------------------------------
    def _prompt_deadline(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        """The kernel timer's handler: apply a prompt's default at its deadline."""
        for prompt in self.state.root.get("prompts", []):
            if prompt["id"] == payload["id"]:
                self._resolve_prompt(ctx, prompt, prompt["default"], defaulted=True)
                break

    def _resolve_prompt(self, ctx: Ctx, prompt: dict[str, Any], option: str | list[str], *,
                        defaulted: bool = False) -> None:
        prompts = self.state.root["prompts"]
        index = next(i for i, p in enumerate(prompts) if p["id"] == prompt["id"])
        prompt = dict(prompts[index])
        ctx.state.remove_at(["prompts"], index)
        ctx.state.delete(["timers", f"prompt:{prompt['id']}"])
        how = "defaulted to" if defaulted else "answered"
        ctx.emit(events.PROMPT_DEFAULTED if defaulted else events.PROMPT_ANSWERED,
                 f"{prompt['to']} {how} {option!r}: {prompt['message']}",
                 to=prompt_audience(prompt), prompt=prompt["id"], option=option,
                 player=prompt["to"])
        rule = self.ruleset.by_rid.get(prompt["rid"])
        if rule is None:
            return  # the rule that asked was repealed: nothing to resume
        with ctx.running(rule):
            getattr(rule, prompt["handler"])(ctx, prompt, option)

    # -- actions -----------------------------------------------------------
    def _now(self, at: datetime | None) -> datetime:
        clock = self.clock
        return clock if at is None or at < clock else at

    def act(self, actor: str, name: str, /, *, at: datetime | None = None,
            **args: Any) -> list[dict[str, Any]]:
        """Apply an action; returns its committed events, or raises an ActionError."""
        now = self._now(at)
        self._catch_up(now)
        if self.is_over:
            raise ActionRefused(actor, name, "the game is over", rule=PROCEDURE, args=args)
        # A substitute acts in the name of the seat they play (nomicon.kernel.seats).
        seat, by = seats.caller(self.state.root, actor, name, args)
        start = len(self.log)
        try:
            with self._transaction(now, seat) as ctx:
                self._perform(ctx, seat, name, args, by)
        except Refusal as refusal:
            kind = NotYourTurn if refusal.turn else ActionRefused
            raise kind(actor, name, refusal.reason, rule=refusal.rule,
                       detail=refusal.detail, args=args) from None
        except RunawayChain as exc:
            raise RuleError(actor, name, f"{exc}; nothing changed", args=args) from None
        except (ActionError, GameError, CommitFailed):
            raise
        except Exception as exc:
            raise RuleError(actor, name, f"internal error ({type(exc).__name__}: {exc}); "
                            "nothing changed", args=args) from exc
        return self.log[start:]

    def _select(self, ctx: Ctx, actor: str, name: str,
                raw: dict[str, Any]) -> tuple[Rule | None, ActionDecl]:
        candidates = self.ruleset.actions.get(name)
        if not candidates:
            raise UnknownAction(actor, name, "no rule in force defines this action",
                                rule=PROCEDURE, args=raw)
        if len(candidates) > 1:
            # Two rules may name an action alike (a game's ``vote`` and the proposals'
            # ``vote``): the arguments given say which is meant, when only some fit.
            fitting = [(rule, decl) for rule, decl in candidates if fits(decl, raw)]
            candidates = fitting or candidates
        for rule, decl in candidates:
            if decl.applies_fn is None:
                return rule, decl
            with ctx.running(rule):
                if decl.applies_fn(rule, ctx, actor):
                    return rule, decl
        return None, candidates[0][1]

    def _perform(self, ctx: Ctx, actor: str, name: str, raw: dict[str, Any],
                 by: str | None = None) -> None:
        """Take the action in ``actor``'s name; ``by``: who took it for their seat (a
        substitute, or ``bot:<name>``), shown on the action's event."""
        rule, decl = self._select(ctx, actor, name, raw)
        if actor == ADMIN:
            if not decl.admin and name not in ANSWERS:
                raise ActionRefused(actor, name, "the admin is not a player; "
                                    "use an admin action or act as a player",
                                    rule=PROCEDURE, args=raw)
        elif decl.admin:
            raise ActionRefused(actor, name, "only the admin may do this", rule=PROCEDURE,
                                args=raw)
        elif name != "join" and not ctx.is_player(actor):
            raise ActionRefused(actor, name, f"{actor!r} is not a player of this game",
                                rule=PROCEDURE, detail="join the game first", args=raw)
        try:
            # Performance: an action without arguments, given none, has nothing to
            # validate (half the actions a simulation takes).
            args = {} if not raw and not decl.args else ArgsValidator.of(decl).validate(raw)
        except ValidationError as exc:
            raise InvalidArguments(actor, name, summarise(exc), rule=PROCEDURE,
                                   detail=f"expected {describe_args(decl)}",
                                   args=raw) from None
        acted = {"by": by} if by else {}
        if decl.sealed:
            ctx.emit(events.ACTION, f"{actor}: {name}" + show_args(args, quote_text=False),
                     name=name, args=args, to=[actor, *([by] if by else [])], **acted)
            ctx.emit(events.ACTION_SEALED, f"{actor}: {name} (sealed)", name=name)
        else:
            ctx.emit(events.ACTION, f"{actor}: {name}" + show_args(args, quote_text=False),
                     name=name, args=args, **acted)
        ctx.run_vetoes(self.action_plans().by_name[name].vetoes, actor, decl, args)
        if rule is None:
            raise ActionRefused(actor, name, "no rule in force allows this now",
                                rule=PROCEDURE, args=raw)
        with ctx.running(rule):
            if decl.check_fn is not None:
                decl.check_fn(rule, ctx, actor)
            for arg in decl.args:
                if arg.choices and arg.name in args and args[arg.name] is not None:
                    allowed = getattr(rule, arg.choices)(ctx, actor)
                    if args[arg.name] not in allowed:
                        if arg.explain:
                            getattr(rule, arg.explain)(ctx, actor, args[arg.name])
                        ctx.refuse(f"{arg.name} {args[arg.name]!r} is not allowed",
                                   detail=f"choose one of {allowed}" if allowed else
                                   f"there is no {arg.name} to choose")
            decl.run(rule, ctx, actor, **args)

    def legal_actions(self, actor: str) -> list[dict[str, Any]]:
        """What ``actor`` may do now, with argument choices where they are finite."""
        if self.is_over:
            return []
        seat = seats.playing(self.state.root, actor)
        if seat is None:
            return []  # their seat is played by another, or they left
        actor = seat
        if self.simulation:
            # A bot asks again after a refusal, which changed nothing: the same answer.
            # Each caller gets its own list and entries; the argument descriptions
            # inside are shared with the answer kept (a simulation's bots only read).
            key = (actor, self.state.changes, len(self.log))
            if self._legal is None or self._legal[0] != key:
                found = self._legal_actions(actor)
                # Keyed as the state stands after probing, whose trials and rollbacks
                # count as changes: the next question about an unchanged game hits.
                self._legal = ((actor, self.state.changes, len(self.log)), found)
            return [dict(entry) for entry in self._legal[1]]
        return self._legal_actions(actor)

    def _legal_actions(self, actor: str, order: Callable[[int], list[int]] | None = None,
                       ) -> list[dict[str, Any]]:
        """The entries of ``legal_actions``; with ``order``, only those of the first
        action legal in the order it gives (a permutation of the plans' indexes)."""
        out: list[dict[str, Any]] = []
        mark = self.state.mark()
        batch = Batch(mark[0])
        ctx = Ctx(self, self.clock, actor, batch)
        ruleset_before = self._ruleset
        admin = actor == ADMIN
        if not admin and not ctx.is_player(actor):
            return out  # joining is not offered: it is how one becomes a player
        action_plans = self.action_plans()
        prompted = bool(ctx.pending_prompts(actor))
        probed = action_plans.for_admin if admin else action_plans.for_player
        try:
            if order is None:
                for plan in probed:
                    out.extend(probe(ctx, actor, plan, admin, prompted))
            else:
                for index in order(len(probed)):
                    out.extend(probe(ctx, actor, probed[index], admin, prompted, order))
                    if out:
                        break
        finally:
            self.state.rollback(mark)
            if batch.ruleset_changed:
                self._ruleset = ruleset_before
        return out

    def random_legal_action(self, actor: str, rng: random.Random) -> dict[str, Any] | None:
        """An entry of ``legal_actions(actor)`` drawn uniformly with ``rng`` (None: there
        is none), probing the actions in a random order until one is legal rather than
        probing them all: the first legal action of a uniformly random order is
        uniformly drawn from the legal ones. Of an action that lists its forms
        (variants), one form is drawn uniformly, so the action is drawn as often as
        another, not as often as it has forms; its forms are worked out lazily in a
        random order when it can (``ActionDecl.drawn``), never all of them."""
        if self.is_over:
            return None
        seat = seats.playing(self.state.root, actor)
        if seat is None:
            return None
        found = self._legal_actions(seat, lambda n: rng.sample(range(n), n))
        return found[0] if found else None

    # -- reading -----------------------------------------------------------
    def view(self, viewer: str = ADMIN, parts: Collection[str] | None = None, *,
             latest: int | None = None) -> dict[str, Any]:
        """What ``viewer`` may see now (``parts``, ``latest``: see ``views.view_of``)."""
        viewer = seats.viewer(self.state.root, viewer)  # a substitute sees as the seat
        shown = None
        # Only a simulation's game: a stored game's state may be caught up with the
        # store by folding ops into it, which the state's stamps do not see.
        if self.simulation and (parts is None or "rules" in parts):
            stamp = self.state.stamp("rules")
            if self._rules_shown is None or self._rules_shown[0] != stamp:
                self._rules_shown = (stamp, rules_part(self.state.root))
            shown = self._rules_shown[1]
        return view_of(self.state.root, self.ruleset, viewer, parts, latest=latest,
                       rules=shown)

    def log_for(self, viewer: str = ADMIN, after: int = 0, limit: int | None = None, *,
                types: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
        """The log as ``viewer`` may read it, after seq ``after``, at most ``limit``."""
        return log_view(self.log, seats.viewer(self.state.root, viewer), after, limit,
                        types=types)

    def log_before(self, viewer: str, before: int | None, limit: int, *,
                   types: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
        """The newest ``limit`` events ``viewer`` may see before seq ``before``."""
        return log_before(self.log, seats.viewer(self.state.root, viewer), before, limit,
                          types=types)

    def invariant_failures(self) -> list[str]:
        """What the pack's invariants and the kernel's own find wrong with the state now:
        the ledger's (no balance below its currency's minimum) and the entities' (their
        indexes agree with the entities)."""
        return [*self.pack.invariants(self.state.root),
                *ledger.invariant_failures(self.state.root, self.ruleset),
                *entities.index_problems(self.state.root)]


class Transaction:
    """The context manager of :meth:`Game._transaction`: ``with`` gives the batch's
    :class:`Ctx`; when the block ends the batch closes (``batch.closing`` hooks) and
    commits, and if anything raises, the state, the forced dice, the dice secret and
    the ruleset cache are put back as they were.

    Performance: a class rather than a ``@contextmanager`` generator, since every
    action and every timer firing opens one.
    """

    __slots__ = ("batch", "ctx", "first", "forced_before", "game", "mark",
                 "ruleset_before", "secret_before")

    def __init__(self, game: Game, now: datetime, actor: str | None, first: bool) -> None:
        self.game = game
        self.first = first
        self.mark = game.state.mark()
        self.forced_before = list(game._forced)
        self.secret_before = game._secret
        self.ruleset_before = game._ruleset
        self.batch = Batch(self.mark[0])
        self.ctx = Ctx(game, now, actor, self.batch)

    def __enter__(self) -> Ctx:
        if not self.first:
            try:
                self.ctx.set(["game", "clock"], iso(self.ctx.now))
            except BaseException:
                self._roll_back()
                raise
        return self.ctx

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if kind is not None:
            self._roll_back()
            return
        game, batch = self.game, self.batch
        try:
            self.ctx.dispatch(events.BATCH_CLOSING, events.NoFields())
            leftover = game.state.take_ops(batch.ops_at)
            if leftover:
                batch.events[-1]["ops"].extend(leftover)
            audiences.apply(batch.events)  # who reads the batch, as its rules decided
            game._commit(batch)
        except BaseException:
            self._roll_back()
            raise
        game.state.commit()

    def _roll_back(self) -> None:
        game = self.game
        game.state.rollback(self.mark)
        game._forced = deque(self.forced_before)
        game._secret = self.secret_before
        if self.batch.ruleset_changed:
            # The rules are back as they were, and so is their cache.
            game._ruleset = self.ruleset_before

"""Sealed steps and ballots: one sealed submission from each of a set of players.

A rule opens a step (``ctx.open_step``) for some players: each may submit one value
(``ctx.submit``, usually from a sealed action of the rule), and change it until the
step resolves unless the rule makes it final. A submission is seen only by its author
(and whoever plays their seat), the admin and the audience the rule names
(``visible_to``: players, or ``role:<name>`` for whoever holds ``roles.<name>`` in the
state); everyone else sees only who has submitted. The step resolves when everyone who
can still submit has (unless the rule says it runs its whole time), or at its deadline,
a timer that the clock fires like any other, so a game caught up after a week
unvisited resolves it at its own time. Players who did not submit get the rule's
default; a ``step.resolved`` event reveals every submission to all, and then the
rule's handler runs with them (:class:`Resolved`).

A ballot (``ctx.open_ballot``) is a step whose values are votes for one of a list of
options, counted with weights (an office holder whose vote counts twice) when it
resolves; a voter who does not vote abstains unless the rule gives a default.

A step is kept under ``steps.<name>`` while it is open: who takes part, the deadline,
the audience, how the rule resolves it, and ``submissions`` by player, which views
filter (see :func:`seen_by`). The state keeps the names of the rule's methods; the
deadline's timer belongs to the kernel's seating procedure
(:mod:`nomicon.kernel.seating`), so it fires even if the rule that opened the step is
repealed meanwhile (the step then resolves without running anything).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, NamedTuple

from nomicon.kernel import events, pausing
from nomicon.kernel.seats import ADMIN, controls, seat_of
from nomicon.kernel.seats import SEATS as SEATS_KEY  # (STEPS is this module's own key)
from nomicon.kernel.state import copy_tree
from nomicon.kernel.timefmt import iso

if TYPE_CHECKING:  # views import this module, and must stay light (see seats)
    from nomicon.kernel.acting import Acting
    from nomicon.kernel.rules import Rule

STEPS = "steps"
#: The rid of the kernel rule that keeps the steps' deadlines (``seating.Seating``),
#: and its method that a deadline runs.
KERNEL_RID = "seating"
DEADLINE_METHOD = "step_deadline"
#: A step's name is part of paths and timer keys: letters, digits, ``-`` and ``_``.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")

#: A rule's method, given as the method itself (``self.on_bids``) or its name.
Handler = Callable[..., Any] | str


@dataclass(frozen=True)
class Resolved:
    """A resolved step, as its rule's handler receives it."""

    step: str
    #: Every player's value, in the step's order of players: what they submitted last,
    #: or the default.
    submissions: dict[str, Any]
    #: The players whose value is the default, in the same order.
    defaulted: tuple[str, ...] = ()
    #: What the rule attached to the step when it opened it.
    data: dict[str, Any] = field(default_factory=dict)
    #: A ballot's count: the weighted votes for each option, in the options' order.
    tally: dict[Any, int] | None = None
    #: A ballot's weights, by voter.
    weights: dict[str, int] | None = None

    def leaders(self) -> list[Any]:
        """A ballot's options with the most votes (all of them that tie at the top;
        none when nobody voted)."""
        if not self.tally or max(self.tally.values()) == 0:
            return []
        top = max(self.tally.values())
        return [option for option, votes in self.tally.items() if votes == top]


class Step(NamedTuple):
    """What everyone may know of an open step."""

    # A named tuple: rules ask for it in the checks of their actions, which
    # legal_actions runs for every player after every move.
    name: str
    players: tuple[str, ...]
    submitted: tuple[str, ...]
    deadline: str | None
    options: tuple[Any, ...] | None = None

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """The players who have not submitted yet."""
        return tuple(p for p in self.players if p not in self.submitted)


def _method_name(rule: Rule, handler: Handler, what: str) -> str:
    name = handler if isinstance(handler, str) else getattr(handler, "__name__", "")
    if not callable(getattr(rule, name, None)):
        raise TypeError(f"{what} {name!r} is not a method of {type(rule).__name__}")
    return name


def _opener(ctx: Acting, name: str) -> Rule:
    rule = ctx.rule
    if rule is None:
        raise RuntimeError(f"step {name!r}: a sealed step is opened by a rule")
    if not NAME.fullmatch(name):
        raise ValueError(f"{name!r} cannot name a step: use letters, digits, '-' and '_'")
    if ctx.state.get([STEPS, name], None) is not None:
        raise ValueError(f"step {name!r} is open already")
    return rule


def open_step(ctx: Acting, name: str, players: Sequence[str], *,
              on_resolve: Handler,
              deadline: datetime | timedelta | None = None,
              default: Any = None,
              visible_to: Sequence[str] = (),
              choices: Handler | None = None,
              changeable: bool = True,
              early: bool = True,
              data: Mapping[str, Any] | None = None,
              options: Sequence[Any] | None = None,
              weights: Mapping[str, int] | Handler | None = None) -> None:
    """Open the step ``name`` for ``players`` (see the module's docstring).

    ``on_resolve``: the running rule's method ``(ctx, resolved)``. ``default``: the
    value of a player who did not submit, or a method of the rule ``(ctx, player)``
    that works it out (a random card...). ``choices``: a method ``(ctx, player)``
    listing the values a player may submit (bots choose among them, and anything else
    is refused). ``early``: resolve as soon as everyone who can still submit has.
    ``options`` and ``weights`` make it a ballot (see :func:`open_ballot`).
    """
    rule = _opener(ctx, name)
    members = list(dict.fromkeys(players))
    strangers = [p for p in members if not ctx.is_player(p)]
    if strangers:
        raise ValueError(f"step {name!r}: {', '.join(strangers)} are not players")
    # Performance: the record is written once a step and copied as it is written (the
    # state and its op each keep a copy), so it holds no more than the step needs.
    record: dict[str, Any] = {
        "players": members,
        "deadline": None,
        "visible_to": list(visible_to),
        "changeable": changeable,
        "early": early,
        "rule": rule.number,
        "rid": rule.rid,
        "handler": _method_name(rule, on_resolve, "a step's handler"),
        "default": None if callable(default) else copy_tree(default),
        "default_method": (_method_name(rule, default, "a step's default")
                           if callable(default) else None),
        "choices": _method_name(rule, choices, "a step's choices") if choices else None,
        "data": copy_tree(dict(data or {})),
        "submissions": {},
    }
    if options is not None:
        record["options"] = list(options)
        record["weights"] = (
            None if weights is None
            else {"by": dict(weights)} if isinstance(weights, Mapping)
            else {"method": _method_name(rule, weights, "a ballot's weights")})
    due = ctx.now + deadline if isinstance(deadline, timedelta) else deadline
    if due is not None:
        record["deadline"] = iso(due)
    if ctx.state.get([STEPS], None) is None:
        ctx.state.set([STEPS], {})
    ctx.state.set([STEPS, name], record)
    if due is not None:
        kernel = ctx.rules.by_rid.get(KERNEL_RID)
        if kernel is None:
            raise RuntimeError("the kernel's seating procedure is not in force")
        with ctx.running(kernel):
            ctx.set_timer(_timer(name), due, DEADLINE_METHOD, {"step": name})
    until = f" until {record['deadline']}" if due is not None else ""
    what = "ballot" if options is not None else "step"
    ctx.emit(events.STEP_OPENED, f"the {what} {name} is open to {', '.join(members)}{until}",
             step=name, players=members, deadline=record["deadline"],
             options=record.get("options"))


def open_ballot(ctx: Acting, name: str, voters: Sequence[str], options: Sequence[Any], *,
                on_resolve: Handler,
                deadline: datetime | timedelta | None = None,
                weights: Mapping[str, int] | Handler | None = None,
                default: Any = None,
                visible_to: Sequence[str] = (),
                changeable: bool = True,
                early: bool = False,
                data: Mapping[str, Any] | None = None) -> None:
    """Open a ballot: each voter may vote for one of ``options`` (None: abstain).

    ``weights``: what each vote counts, by voter, or a method of the rule
    ``(ctx, voter) -> int`` asked when the ballot resolves (an office held then);
    a voter without a weight counts 1. ``early`` (False: a voting period runs its
    whole time) resolves it once everyone has voted.
    """
    if not options:
        raise ValueError(f"ballot {name!r} has no options")
    open_step(ctx, name, voters, on_resolve=on_resolve, deadline=deadline, default=default,
              visible_to=visible_to, changeable=changeable, early=early, data=data,
              options=options, weights=weights if weights is not None else {})


def _timer(name: str) -> str:
    return f"step:{name}"


def step(root: dict[str, Any], name: str) -> Step | None:
    """What everyone may know of the open step ``name`` (None: it is not open)."""
    record = (root.get(STEPS) or {}).get(name)
    if record is None:
        return None
    subs = record["submissions"]
    options = record.get("options")
    return Step(name, tuple(record["players"]), tuple(p for p in record["players"] if p in subs),
                record["deadline"], tuple(options) if options is not None else None)


def open_steps(root: dict[str, Any]) -> list[str]:
    """The names of the open steps, in the order they were opened."""
    return list(root.get(STEPS) or {})


def audience(root: dict[str, Any], record: dict[str, Any], player: str) -> list[str]:
    """Who may read ``player``'s submission to the step ``record`` (besides the admin):
    the player, whoever plays their seat, and the step's audience now."""
    names = [player]
    if root.get(SEATS_KEY):
        seat = seat_of(root, player)
        if seat.played_by is not None:
            names.append(seat.played_by)
    return list(dict.fromkeys([*names, *_named(root, record["visible_to"])]))


def _named(root: dict[str, Any], visible_to: Sequence[str]) -> list[str]:
    """Players named directly, and the holders of ``role:<name>`` (``roles.<name>``)."""
    out: list[str] = []
    roles = root.get("roles") or {}
    for name in visible_to:
        if name.startswith("role:"):
            holders = roles.get(name[len("role:"):]) or []
            out.extend(holders if isinstance(holders, list) else [holders])
        else:
            out.append(name)
    return out


def waiting(root: dict[str, Any], record: dict[str, Any]) -> list[str]:
    """The players the step still waits for: those who have not submitted, unless
    their seat is empty (they left and nobody plays it)."""
    subs = record["submissions"]
    if not root.get(SEATS_KEY):  # the usual case: every player plays their own seat
        return [p for p in record["players"] if p not in subs]
    return [p for p in record["players"] if p not in subs and not seat_of(root, p).is_empty]


def allowed(ctx: Acting, record: dict[str, Any], player: str) -> list[Any] | None:
    """The values ``player`` may submit (None: any value): a ballot's options, or what
    the rule's choices method lists."""
    if record.get("options") is not None:
        return list(record["options"])
    rule = ctx.rules.by_rid.get(record["rid"])
    if record["choices"] is None or rule is None:
        return None
    with ctx.running(rule):
        return list(getattr(rule, record["choices"])(ctx, player))


def submit(ctx: Acting, name: str, player: str, value: Any) -> None:
    """``player`` submits ``value`` to the step ``name`` (replacing an earlier one);
    refused in the running rule's name when the step is not open to them, the value
    is not one they may submit, or they submitted already to a step that is final."""
    record = ctx.state.get([STEPS, name], None)
    if record is None:
        ctx.refuse(f"nothing is being collected under {name!r} now")
    if player not in record["players"]:
        ctx.refuse(f"{player} does not take part in {name}",
                   detail=f"it is open to {', '.join(record['players'])}")
    changed = player in record["submissions"]
    if changed and not record["changeable"]:
        ctx.refuse(f"{player} has already submitted to {name}",
                   detail="a submission to it is final once made")
    values = allowed(ctx, record, player)
    if values is not None and value not in values and not (
            value is None and "options" in record):
        ctx.refuse(f"{value!r} is not a value {player} may submit to {name}",
                   detail=f"choose one of {values}" if values else "there is none to choose")
    ctx.state.set([STEPS, name, "submissions", player], copy_tree(value))
    verb = "changes their submission to" if changed else "submits"
    ctx.emit(events.STEP_SUBMITTED, f"{player} {verb} {value!r} ({name}, sealed)",
             to=audience(ctx.state.root, record, player), step=name, player=player,
             value=value, changed=changed)
    # While the game is paused nothing resolves (the clock stands still for every
    # step): a step complete during the pause resolves when the game resumes.
    if (record["early"] and not waiting(ctx.state.root, record)
            and pausing.paused(ctx.state.root) is None):
        resolve(ctx, name)


def resumed(ctx: Acting) -> None:
    """The game resumes: each open step's deadline shows the time its timer moved on
    to, and a step that became complete during the pause resolves now."""
    for name in open_steps(ctx.state.root):
        record = ctx.state.get([STEPS, name], None)
        if record is None:
            continue  # resolved by the handler of a step resolved before it
        due = ctx.state.get(["timers", _timer(name), "due"], None)
        if record["deadline"] is not None and due is not None:
            ctx.state.set([STEPS, name, "deadline"], due)
        if record["early"] and not waiting(ctx.state.root, record):
            resolve(ctx, name)


def deadline(ctx: Acting, name: str) -> None:
    """The step's deadline has come: resolve it (the timer's handler)."""
    if ctx.state.get([STEPS, name], None) is not None:
        resolve(ctx, name)


def resolve(ctx: Acting, name: str) -> None:
    """Resolve the step ``name`` now: defaults for the players who did not submit, a
    ``step.resolved`` event revealing every value, then the rule's handler."""
    # The record leaves the state below; what is kept of it is copied out first.
    record: dict[str, Any] | None = ctx.state.get([STEPS, name], None)
    if record is None:
        ctx.refuse(f"nothing is being collected under {name!r} now")
    rule = ctx.rules.by_rid.get(record["rid"])
    values: dict[str, Any] = {}
    defaulted: list[str] = []
    for player in record["players"]:
        if player in record["submissions"]:
            values[player] = copy_tree(record["submissions"][player])
        else:
            values[player] = default_for(ctx, record, player)
            defaulted.append(player)
    tally: dict[Any, int] | None = None
    weights: dict[str, int] | None = None
    if "options" in record:
        weights = _weights(ctx, rule, record)
        tally = {option: 0 for option in record["options"]}
        for voter, vote in values.items():
            if vote in tally:
                tally[vote] += weights[voter]
    ctx.state.delete([STEPS, name])
    ctx.cancel_timer(_timer(name))
    shown = ", ".join(f"{p} {v!r}" + (" (default)" if p in defaulted else "")
                      for p, v in values.items())
    counted = ("; count: " + ", ".join(f"{o} {n}" for o, n in tally.items())) if tally else ""
    ctx.emit(events.STEP_RESOLVED, f"{name} resolved: {shown or 'no one took part'}{counted}",
             step=name, submissions=values, defaulted=defaulted, tally=tally)
    if rule is None:
        return  # the rule that opened the step was repealed: nothing to resume
    resolved = Resolved(name, values, tuple(defaulted), copy_tree(record["data"]), tally,
                        weights)
    with ctx.running(rule):
        getattr(rule, record["handler"])(ctx, resolved)


def default_for(ctx: Acting, record: dict[str, Any], player: str) -> Any:
    """The rule's default for ``player`` in the step ``record`` (None when the rule that
    works it out is no longer in force)."""
    method = record["default_method"]
    if method is None:
        return copy_tree(record["default"])
    rule = ctx.rules.by_rid.get(record["rid"])
    if rule is None:
        return None
    with ctx.running(rule):
        return getattr(rule, method)(ctx, player)


def _weights(ctx: Acting, rule: Rule | None, record: dict[str, Any]) -> dict[str, int]:
    how = record.get("weights") or {}
    if "method" in how:
        if rule is None:
            return dict.fromkeys(record["players"], 1)
        with ctx.running(rule):
            method = getattr(rule, how["method"])
            return {voter: int(method(ctx, voter)) for voter in record["players"]}
    given = how.get("by", {})
    return {voter: int(given.get(voter, 1)) for voter in record["players"]}


# -- views -------------------------------------------------------------------------------
def seen_by(steps: dict[str, Any], root: dict[str, Any], viewer: str) -> dict[str, Any]:
    """The open steps as ``viewer`` may see them: everything but the submissions they
    may not read, with ``submitted`` listing who has submitted."""
    out: dict[str, Any] = {}
    for name, record in steps.items():
        # One copy of the record without its submissions, rather than one per field.
        shown = record.copy()
        del shown["submissions"]
        shown = copy_tree(shown)
        subs = record["submissions"]
        shown["submitted"] = [p for p in record["players"] if p in subs]
        if viewer == ADMIN:
            shown["submissions"] = copy_tree(subs)
        else:
            everyone = viewer in _named(root, record["visible_to"])
            shown["submissions"] = {
                p: copy_tree(v) for p, v in subs.items()
                if everyone or p == viewer or controls(root, viewer, p)}
        out[name] = shown
    return out

"""The kinds of event that the kernel and the governance rules emit, with their fields.

A rule hooks them through :mod:`nomicon.authoring`::

    from nomicon.authoring import events

    @hook(events.PLAYER_JOINED)
    def on_joined(self, ctx: Ctx, data: events.PlayerJoined) -> None:
        turns.add(ctx, data["player"])

Every event also carries, beside its fields, the time, the actor, the message and
the rule that emitted it; the fields here are its ``data``.
"""

# No ``from __future__ import annotations`` here: under it Python 3.11 takes a
# TypedDict's NotRequired fields for required ones (EventKind refuses such a kind).

from typing import Any, NotRequired, TypedDict

from nomicon.kernel.eventkind import EventKind


class NoFields(TypedDict):
    """An event that carries nothing but its type (and its message)."""


# -- the game --------------------------------------------------------------------------
class GameCreated(TypedDict):
    pack: str
    params: dict[str, Any]
    commitment: str  # of the first dice epoch
    versions: dict[str, Any]  # of the code that wrote the game
    test: NotRequired[bool]  # a test game, whose rolls may be forced
    parent: NotRequired[dict[str, Any]]  # a child game's link to its parent (subgames)


class GameEnded(TypedDict):
    winners: list[str]


GAME_CREATED = EventKind("game.created", GameCreated)
GAME_ENDED = EventKind("game.ended", GameEnded)
#: The clock moved on with nothing else happening.
CLOCK_ADVANCED = EventKind("clock.advanced", NoFields)
#: Run as hooks, not logged, when a batch is about to be committed.
BATCH_CLOSING = EventKind("batch.closing", NoFields)


# -- players, actions and turns ----------------------------------------------------------
class PlayerEvent(TypedDict):
    player: str


class Action(TypedDict):
    name: str
    args: dict[str, Any]
    by: NotRequired[str]  # who acted in the seat's name (a substitute), when not its player


class SealedAction(TypedDict):
    name: str


PLAYER_JOINED = EventKind("player.joined", PlayerEvent)
#: An action taken (of a sealed action, the copy only its actor and the admin see).
ACTION = EventKind("action", Action)
#: That a sealed action was taken, which everyone sees.
ACTION_SEALED = EventKind("action.sealed", SealedAction)
TURN_BEGAN = EventKind("turn.began", PlayerEvent)


# -- the admin and the dice ------------------------------------------------------------------
class AdminSet(TypedDict):
    path: str  # a view path, ``players.bob.points``
    value: Any
    old: Any


class DiceRolled(TypedDict):
    index: int
    sides: int
    value: int
    purpose: str
    forced: NotRequired[bool]  # a test game's roll, forced


class SeedCommitted(TypedDict):
    commitment: str
    first_roll: int


class SeedRevealed(TypedDict):
    secret: str
    commitment: str


ADMIN_SET = EventKind("admin.set", AdminSet)
DICE_ROLLED = EventKind("dice.rolled", DiceRolled)
SEED_COMMITTED = EventKind("seed.committed", SeedCommitted)
SEED_REVEALED = EventKind("seed.revealed", SeedRevealed)


# -- the ledger --------------------------------------------------------------------------
class Transfer(TypedDict):
    source: str | None  # None: from outside the game
    target: str | None  # None: out of the game
    amount: int
    currency: str
    reason: str
    forced: NotRequired[bool]  # a payment the payer could not refuse (a fine, rent)


class Shortfall(TypedDict):
    debtor: str
    creditor: str | None
    currency: str
    due: int
    missing: int
    reason: str


class BadDebt(TypedDict):
    debtor: str
    creditor: str | None
    currency: str
    due: int
    paid: int
    unpaid: int
    reason: str


TRANSFER = EventKind("transfer", Transfer)
#: Before a forced payment takes what there is: the rules may settle the debt.
SHORTFALL = EventKind("shortfall", Shortfall)
#: What a forced payment could not take.
BAD_DEBT = EventKind("bad-debt", BadDebt)


# -- prompts and timers ------------------------------------------------------------------
class PromptOpened(TypedDict):
    prompt: int
    to_player: str  # a player, or ``admin``
    options: list[str]
    default: str | list[str]  # a list for a multi-select prompt


class PromptClosed(TypedDict):
    prompt: int
    option: str | list[str]  # a list for a multi-select prompt
    player: str  # who was asked


class TimerFired(TypedDict):
    key_name: str
    handler: str


class TimerFailed(TypedDict):
    key_name: str


PROMPT_OPENED = EventKind("prompt.opened", PromptOpened)
PROMPT_ANSWERED = EventKind("prompt.answered", PromptClosed)
PROMPT_DEFAULTED = EventKind("prompt.defaulted", PromptClosed)
TIMER_FIRED = EventKind("timer.fired", TimerFired)
TIMER_FAILED = EventKind("timer.failed", TimerFailed)


# -- the rules -----------------------------------------------------------------------------
class RuleEnacted(TypedDict):
    rule: int
    class_id: str
    params: dict[str, Any]


class RuleAmended(TypedDict):
    rule: int
    params: dict[str, Any]
    text_changed: bool


class RuleRepealed(TypedDict):
    rule: int
    class_id: str


class RuleRenumbered(TypedDict):
    rule: int  # the new number
    was: int


class RuleInterpreted(TypedDict):
    rule: int
    text: str
    by: str


class RuleEvent(TypedDict):
    rule: int


RULE_ENACTED = EventKind("rule.enacted", RuleEnacted)
RULE_AMENDED = EventKind("rule.amended", RuleAmended)
RULE_REPEALED = EventKind("rule.repealed", RuleRepealed)
RULE_RENUMBERED = EventKind("rule.renumbered", RuleRenumbered)
RULE_INTERPRETED = EventKind("rule.interpreted", RuleInterpreted)
RULE_INTERPRETATION_REMOVED = EventKind("rule.interpretation-removed", RuleEvent)


# -- proposals (nomicon.governance) ---------------------------------------------------------
class ProposalEvent(TypedDict):
    proposal: int


class ProposalBy(TypedDict):
    proposal: int
    player: str


class ProposalVoted(TypedDict):
    proposal: int
    player: str
    vote: str


class ProposalImplemented(TypedDict):
    proposal: int
    changes: int  # how many changes the admin's amendment made


class TurnEarned(TypedDict):
    player: str
    proposal: int
    award: int  # below zero: a fine


PROPOSAL_OPENED = EventKind("proposal.opened", ProposalBy)
#: Run as hooks, not logged, before a player proposes: a hook refuses the proposal.
PROPOSAL_CHECK = EventKind("proposal.check", PlayerEvent)
PROPOSAL_VOTED = EventKind("proposal.voted", ProposalVoted)
PROPOSAL_RETRACTED = EventKind("proposal.retracted", ProposalBy)
PROPOSAL_IMPLEMENTED = EventKind("proposal.implemented", ProposalImplemented)
PROPOSAL_PASSED = EventKind("proposal.passed", ProposalEvent)
PROPOSAL_FAILED = EventKind("proposal.failed", ProposalEvent)
#: An admin-judged proposal dropped to make room for its author's newer one.
PROPOSAL_DISCARDED = EventKind("proposal.discarded", ProposalBy)
PROPOSAL_TURN_EARNED = EventKind("proposal.turn-earned", TurnEarned)
#: Opens the trial batch in which an amendment's preview is worked out.
PREVIEW = EventKind("preview", NoFields)


# -- sub-games (nomicon.kernel.subgames) ----------------------------------------------------
class ChildStarted(TypedDict):
    child: str  # the child game's id
    pack: str
    players: list[str]
    referee: str | None  # None: the engine referees
    params: dict[str, Any]
    cause: str


class ChildInput(TypedDict):
    child: str
    n: int  # the input's number among the child's inputs, from 1
    kind: str  # the kind of the parent's event it passes on (``status.granted``...)
    player: str


class ChildSettled(TypedDict):
    child: str
    pack: str
    cause: str
    winners: list[str]
    scores: dict[str, Any]  # by player
    referee: str | None
    rounds: int | None
    details: NotRequired[dict[str, Any]]  # the game's own (a result's other fields)


class ParentInput(TypedDict):
    n: int
    kind: str
    player: str
    data: dict[str, Any]  # the parent event's fields


#: A rule of this game started a child game (the service creates it).
CHILD_STARTED = EventKind("child.started", ChildStarted)
#: A change to one of a child's players, queued to be passed to the child.
CHILD_INPUT = EventKind("child.input", ChildInput)
#: A child game's result, settled into this game once; its hooks pay the payoff.
CHILD_SETTLED = EventKind("child.settled", ChildSettled)
#: In a child game: a change to one of its players in the parent game.
PARENT_INPUT = EventKind("parent.input", ParentInput)


# -- the game's life beyond its rules (replay, revert, what-if) ---------------------------
class GameArchived(TypedDict):
    successor: str | None  # the game that continues this one
    before: int | None  # the first event reverted
    by: str | None


class GameReverted(TypedDict):
    from_game: str | None  # the game this one continues
    before: int | None
    by: str | None
    at: str | None


#: A game reverted to an earlier event: it goes on as another game.
GAME_ARCHIVED = EventKind("game.archived", GameArchived)
#: The first event of a game that continues a reverted one.
GAME_REVERTED = EventKind("game.reverted", GameReverted)
#: Opens the trial batch in which a what-if works out an amendment.
WHATIF = EventKind("whatif", NoFields)


# -- entities (nomicon.kernel.entities) ------------------------------------------------------
class EntityCreated(TypedDict):
    entity: str  # its id
    kind: str
    owner: str | None
    location: Any
    attributes: dict[str, Any]  # only its public ones
    cause: str
    by: str | None  # the player responsible


class EntityDestroyed(TypedDict):
    entity: str
    kind: str
    owner: str | None
    location: Any
    cause: str
    by: str | None


ENTITY_CREATED = EventKind("entity.created", EntityCreated)
ENTITY_DESTROYED = EventKind("entity.destroyed", EntityDestroyed)


# -- statuses, roles and pausing --------------------------------------------------------------
class StatusGranted(TypedDict):
    holder: str  # a player or an entity
    name: str
    until: str | None  # None: until a rule ends it
    by: str | None
    data: dict[str, Any]
    again: bool  # the holder had it already: its end is reset


class StatusEnded(TypedDict):
    holder: str
    name: str
    cause: str  # ``expired``, or what the rule ending it says
    since: str
    until: str | None


class RoleChanged(TypedDict):
    player: str
    role: str
    reason: str


class GamePaused(TypedDict):
    since: str
    reason: str
    by: str | None
    until: str | None  # None: until it is resumed


class GameResumed(TypedDict):
    since: str  # when the pause began
    span: float  # how long it lasted, in seconds
    reason: str
    by: str | None


#: Keyed by the status's name, as its end is.
STATUS_GRANTED = EventKind("status.granted", StatusGranted)
STATUS_ENDED = EventKind("status.ended", StatusEnded)
#: Keyed by the role's name, as its revocation is.
ROLE_GRANTED = EventKind("role.granted", RoleChanged)
ROLE_REVOKED = EventKind("role.revoked", RoleChanged)
GAME_PAUSED = EventKind("game.paused", GamePaused)
GAME_RESUMED = EventKind("game.resumed", GameResumed)


# -- audiences (nomicon.kernel.audiences) ------------------------------------------------------
class RollsRevealed(TypedDict):
    rolls: list[dict[str, Any]]  # index, sides, value, purpose of each
    reason: str


class EventsRevealed(TypedDict):
    events: list[dict[str, Any]]  # copies of the events, without their state changes
    reason: str


class AudienceSet(TypedDict):
    audience: list[str]  # who may read the batch (or its action event), resolved
    reason: str
    scope: str  # ``batch`` or ``action``


#: Private rolls made public (or shown to more viewers).
ROLLS_REVEALED = EventKind("dice.revealed", RollsRevealed)
#: Earlier events shown to more viewers.
EVENTS_REVEALED = EventKind("event.revealed", EventsRevealed)
#: A rule's decision of who sees the running action.
AUDIENCE_SET = EventKind("audience.set", AudienceSet)


# -- seats (nomicon.kernel.seats) --------------------------------------------------------------
class PlayerLeft(TypedDict):
    player: str
    cause: str


class SeatChanged(TypedDict):
    player: str  # whose seat
    played_by: str | None  # the player themself, a substitute, or None (a bot)
    bot: str | None
    counts: NotRequired[bool]  # of a bot's seat: whether it counts for scoring


PLAYER_LEFT = EventKind("player.left", PlayerLeft)
#: Run as hooks, not logged, after ``player.left``: what the rules do with the seat.
SEAT_LEFT = EventKind("seat.left", PlayerLeft)
SEAT_CHANGED = EventKind("seat.changed", SeatChanged)


# -- sealed steps and ballots (nomicon.kernel.sealed) ---------------------------------------------
class StepOpened(TypedDict):
    step: str
    players: list[str]
    deadline: str | None
    options: list[Any] | None  # a ballot's options; None for a step


class StepSubmitted(TypedDict):
    step: str
    player: str
    value: Any
    changed: bool  # it replaces the player's earlier submission


class StepResolved(TypedDict):
    step: str
    submissions: dict[str, Any]  # by player, defaults included
    defaulted: list[str]
    tally: dict[str, int] | None  # a ballot's count by option


STEP_OPENED = EventKind("step.opened", StepOpened)
#: Seen by the submitter and the step's audience only.
STEP_SUBMITTED = EventKind("step.submitted", StepSubmitted)
STEP_RESOLVED = EventKind("step.resolved", StepResolved)


# -- standing answers (nomicon.kernel.standing) ----------------------------------------------------
class StandingAnswerGiven(TypedDict):
    player: str
    kind: str  # the kind of question
    option: str
    condition: str | None
    otherwise: str | None


class StandingAnswerWithdrawn(TypedDict):
    player: str
    kind: str


class StandingAnswerApplied(TypedDict):
    player: str
    kind: str
    option: str
    prompt: int


class StandingAnswerUnused(TypedDict):
    player: str
    kind: str
    prompt: int
    reason: str


STANDING_ANSWER_GIVEN = EventKind("standing-answer.given", StandingAnswerGiven)
STANDING_ANSWER_WITHDRAWN = EventKind("standing-answer.withdrawn", StandingAnswerWithdrawn)
STANDING_ANSWER_APPLIED = EventKind("standing-answer.applied", StandingAnswerApplied)
STANDING_ANSWER_UNUSED = EventKind("standing-answer.unused", StandingAnswerUnused)


# -- orders and updates (nomicon.kernel.orders and .updates) -----------------------------
class OrderReceived(TypedDict):
    order: str
    player: str
    phase: str


class OrderRetracted(TypedDict):
    order: str
    player: str


class OrderOutcome(TypedDict):
    order: str
    player: str
    action: str
    args: dict[str, Any]
    received_at: str
    position: int
    phase: str
    condition: str | None
    otherwise: dict[str, Any] | None
    branch: str | None  # ``then``, ``else``, or None (no condition)
    ran: str | None  # the action carried out, if any
    refusal: str | None


class OrderSealed(TypedDict):
    """What everyone reads of a sealed order: neither its player nor its id."""

    phase: str
    outcome: str  # ``received``, ``retracted``, ``done``, ``failed`` or ``skipped``


class UpdateEvent(TypedDict):
    update: int  # its number


class PhaseEvent(TypedDict):
    update: int
    phase: str


class UpdateWaiting(TypedDict):
    update: int
    phase: str
    reason: str


class ScheduleReplanned(TypedDict):
    rule: int
    method: str
    every: str | None  # the schedule's new phrase; None: it stops
    due: str | None


ORDER_RECEIVED = EventKind("order.received", OrderReceived)
ORDER_RETRACTED = EventKind("order.retracted", OrderRetracted)
ORDER_DONE = EventKind("order.done", OrderOutcome)
ORDER_FAILED = EventKind("order.failed", OrderOutcome)
ORDER_SKIPPED = EventKind("order.skipped", OrderOutcome)
#: That a sealed order was received, taken back, or ran and how it ended, which
#: everyone sees (without its player).
ORDER_SEALED = EventKind("order.sealed", OrderSealed)
#: An order's outcome's kind, by outcome.
ORDER_OUTCOMES = {"done": ORDER_DONE, "failed": ORDER_FAILED, "skipped": ORDER_SKIPPED}
#: An update asked for while the last one runs: it begins when that one ends.
UPDATE_POSTPONED = EventKind("update.postponed", UpdateEvent)
UPDATE_BEGAN = EventKind("update.began", UpdateEvent)
UPDATE_WAITING = EventKind("update.waiting", UpdateWaiting)
UPDATE_RESUMED = EventKind("update.resumed", PhaseEvent)
UPDATE_ENDED = EventKind("update.ended", UpdateEvent)
#: Keyed by the phase's name, as its end is.
PHASE_BEGAN = EventKind("phase.began", PhaseEvent)
PHASE_ENDED = EventKind("phase.ended", PhaseEvent)
#: A schedule written in a rule's parameter, planned again after an amendment.
SCHEDULE_REPLANNED = EventKind("schedule.replanned", ScheduleReplanned)


# -- judged proposals (nomicon.governance.judged) ------------------------------------------
class ProposalDeclaredSick(TypedDict):
    proposal: int
    barred: bool  # its author was not Sick when submitting it: it cannot be accepted


PROPOSAL_DECLARED_SICK = EventKind("proposal.declared-sick", ProposalDeclaredSick)
#: A complete waste of time: no turn, and a fine.
PROPOSAL_FINED = EventKind("proposal.fined", TurnEarned)
# -- pack upgrades (kernel/upgrades.py) ---------------------------------------------------
class PackUpgraded(TypedDict):
    # Not "from" and "to": ``to`` is ctx.emit's audience.
    pack: str
    from_version: str
    to_version: str


#: A game stored by an older version of its pack had its state moved to where the
#: running version keeps it (one event a step, the step's changes under it).
PACK_UPGRADED = EventKind("pack.upgraded", PackUpgraded)

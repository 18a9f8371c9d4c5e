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


# -- pack upgrades (kernel/upgrades.py) ---------------------------------------------------
class PackUpgraded(TypedDict):
    # Not "from" and "to": ``to`` is ctx.emit's audience.
    pack: str
    from_version: str
    to_version: str


#: A game stored by an older version of its pack had its state moved to where the
#: running version keeps it (one event a step, the step's changes under it).
PACK_UPGRADED = EventKind("pack.upgraded", PackUpgraded)

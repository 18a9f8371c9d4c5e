"""Typed errors of the engine.

A refused action names the action, the actor, the rule that refused it and the
reason, in the style ``alice cannot roll: not your turn (Rule 2, Turn order); it is
bob's turn``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

#: What refusals that no rule makes cite: the procedure every game has.
PROCEDURE = "Nomicon procedure"


class NomiconError(Exception):
    """Base class of every error Nomicon raises on purpose."""


def show_args(args: Mapping[str, Any] | None, *, quote_text: bool = True) -> str:
    """An action's arguments, as a refusal repeats them: `` amount=5 to='bob'`` (text
    quoted, so that an empty or odd value shows as it was sent); without
    ``quote_text``, as the log's action events show them (`` to=bob``)."""
    if not args:
        return ""
    shown = [f"{key}={value!r}" if quote_text and isinstance(value, str) else f"{key}={value}"
             for key, value in args.items() if value is not None]
    return (" " + " ".join(shown)) if shown else ""


class GameError(NomiconError):
    """The game cannot do what was asked (unknown game, pack, rule class...)."""


class ActionError(NomiconError):
    """An action was not carried out. Nothing changed."""

    def __init__(
        self,
        actor: str,
        action: str,
        reason: str,
        *,
        rule: str | None = None,
        detail: str | None = None,
        args: Mapping[str, Any] | None = None,
    ) -> None:
        self.actor = actor
        self.action = action
        self.reason = reason
        self.rule = rule
        self.detail = detail
        text = f"{actor} cannot {action}{show_args(args)}: {reason}"
        if rule:
            text += f" ({rule})"
        if detail:
            text += f"; {detail}"
        super().__init__(text)


class ActionRefused(ActionError):
    """The rules in force do not allow the action now."""


class NotYourTurn(ActionRefused):
    """The action may only be taken on the actor's own turn."""


class InvalidArguments(ActionError):
    """The action's arguments are malformed (wrong type, missing, out of range)."""


class RuleError(ActionError):
    """A rule's code failed; the action was rolled back and nothing changed."""


class UnknownAction(ActionError):
    """No rule in force defines an action of that name."""


class Cited(Protocol):
    """What a refusal cites: a rule, with the label refusals give it."""

    @property
    def label(self) -> str: ...


class Refusal(Exception):
    """Raised inside rule code; the engine turns it into an :class:`ActionRefused`.

    Rules raise it through ``ctx.refuse(reason)``; the engine fills in the actor,
    the action and the rule that was running.
    """

    # Performance: legal_actions catches a refusal for most actions it probes (a
    # hundred thousand in a simulation), and making one cost more than raising and
    # catching it. Slots rather than an instance dict, positional arguments (ctx.refuse
    # passes them so), and ``args`` set here rather than through super().__init__;
    # str() and repr() show the reason alone, as before.
    __slots__ = ("_rule", "cited", "detail", "reason", "turn")

    def __init__(self, reason: str, detail: str | None = None, turn: bool = False,
                 cited: Cited | None = None, *, rule: str | None = None) -> None:
        self.args = (reason,)
        self.reason = reason
        self._rule = rule
        self.cited = cited
        self.detail = detail
        self.turn = turn

    @property
    def rule(self) -> str | None:
        """The label of the rule that refused (``rule``, or ``cited``'s label).

        Performance: ``legal_actions`` catches thousands of refusals and reads none of
        their labels, so a cited rule's label is written only when asked for.
        """
        if self._rule is None and self.cited is not None:
            self._rule = self.cited.label
        return self._rule


class CommitFailed(NomiconError):
    """The store did not accept a batch of events; the batch was rolled back.

    Not a rule's fault: the caller may retry on the new state (a race lost to
    another writer) or report the store's problem.
    """


class InvalidRuleChange(NomiconError):
    """An amendment cannot be applied to this game (unknown class, bad params...).

    ``redacted`` is the message without what rule code said while it ran on the
    state (a refusal's reason may name hidden things); None when the message says
    nothing of the state.
    """

    redacted: str | None = None


class RunawayChain(NomiconError):
    """Rule effects kept triggering each other past the kernel's bound on nesting: the
    rules would never finish (a Snake laid over a Ladder, two rules that answer each
    other). The batch is rolled back; the message names the rules in the loop."""

    def __init__(self, labels: list[str]) -> None:
        self.labels = labels
        repeated = [label for i, label in enumerate(labels) if label in labels[:i]]
        looping = list(dict.fromkeys(repeated)) or labels[-1:]
        names = " and ".join(f"[{label}]" for label in looping)
        super().__init__(f"a chain of rule effects did not end ({len(labels)} effects deep): "
                         f"{names} kept triggering each other")


class EventFieldError(NomiconError, TypeError):
    """An event's fields are not those its kind declares: an event emitted with a field
    missing or unknown, or a rule class whose hook annotates or reads its data
    otherwise than the kind declares. A mistake in the code, said where it is made."""

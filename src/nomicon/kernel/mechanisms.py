"""The kernel's mechanisms as methods of a rule's context (:class:`~nomicon.kernel.
context.Ctx`): pausing the clock, statuses, sealed steps and ballots, seats, roles and
audiences.

Each method hands the call to the module that keeps the mechanism. They live here, not
in ``context.py``, to keep that module to what a Ctx is (the state, events, chance,
the ledger, prompts and timers); the methods know the Ctx by the :class:`Acting`
protocol, as the mechanisms' modules do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from nomicon.kernel import audiences, pausing, roles, sealed, seats, statuses

if TYPE_CHECKING:
    from nomicon.kernel.acting import Acting

#: A rule's method that resumes later (a prompt's answer, a timer, a step's
#: resolution): the method itself or its name. The state keeps the name.
Handler = Callable[..., Any] | str


class Mechanisms:
    """The mechanisms' methods of :class:`~nomicon.kernel.context.Ctx`."""

    # -- pausing (kept by nomicon.kernel.pausing) -----------------------------
    def pause(self: Acting, reason: str, *, until: datetime | timedelta | None = None) -> None:
        """Pause the game: no timer fires until it resumes (by itself at ``until``, a
        time or a delay, if given), and then each has the time it had left."""
        pausing.pause(self, reason, until=until)

    def resume(self: Acting, reason: str) -> None:
        """Resume the paused game; its timers move on by the time it was paused."""
        pausing.resume(self, reason)

    def is_paused(self: Acting) -> bool:
        return pausing.paused(self.state.root) is not None

    # -- statuses (kept by nomicon.kernel.statuses) ----------------------------
    def grant_status(self: Acting, holder: str, name: str, *,
                     until: datetime | timedelta | None = None,
                     data: dict[str, Any] | None = None,
                     by: str | None = None) -> statuses.Status:
        """Give a player or entity the status ``name`` until ``until`` (a time or a
        delay; None: until it is ended); granting it again resets its end and data.
        ``by``: who granted it (default: the acting player)."""
        return statuses.grant(self, holder, name, until=until, data=data, by=by)

    def status(self: Acting, holder: str, name: str) -> statuses.Status | None:
        """``holder``'s status ``name`` (``since``, ``until``, ``by``, ``data``), or None."""
        return statuses.get(self, holder, name)

    def has_status(self: Acting, holder: str, name: str) -> bool:
        return statuses.get(self, holder, name) is not None

    def end_status(self: Acting, holder: str, name: str, reason: str = "removed") -> bool:
        """End ``holder``'s status ``name`` for ``reason``; False if they did not have it."""
        return statuses.end(self, holder, name, reason)

    def holders_of(self: Acting, name: str) -> list[str]:
        """The players and entities that have the status ``name`` now."""
        return statuses.holders(self, name)

    # -- sealed steps and ballots (kept by nomicon.kernel.sealed) ------------------
    def open_step(self: Acting, name: str, players: Sequence[str], *, on_resolve: Handler,
                  deadline: datetime | timedelta | None = None, default: Any = None,
                  visible_to: Sequence[str] = (), choices: Handler | None = None,
                  changeable: bool = True, early: bool = True,
                  data: dict[str, Any] | None = None) -> None:
        """Collect one sealed submission from each of ``players`` under ``name``; the
        running rule's ``on_resolve(ctx, resolved)`` runs when all are in (``early``)
        or at ``deadline``, with ``default`` (a value, or a method ``(ctx, player)``)
        for the missing. ``visible_to``: who else reads the submissions (players, or
        ``role:<name>``). ``choices``: a method ``(ctx, player)`` listing what a
        player may submit. See :mod:`nomicon.kernel.sealed`."""
        sealed.open_step(self, name, players, on_resolve=on_resolve, deadline=deadline,
                         default=default, visible_to=visible_to, choices=choices,
                         changeable=changeable, early=early, data=data)

    def open_ballot(self: Acting, name: str, voters: Sequence[str], options: Sequence[Any], *,
                    on_resolve: Handler, deadline: datetime | timedelta | None = None,
                    weights: dict[str, int] | Handler | None = None, default: Any = None,
                    visible_to: Sequence[str] = (), changeable: bool = True,
                    early: bool = False, data: dict[str, Any] | None = None) -> None:
        """A sealed step whose submissions are votes for one of ``options``, counted
        with ``weights`` (by voter, or a method ``(ctx, voter)`` asked at the count)."""
        sealed.open_ballot(self, name, voters, options, on_resolve=on_resolve,
                           deadline=deadline, weights=weights, default=default,
                           visible_to=visible_to, changeable=changeable, early=early,
                           data=data)

    def submit(self: Acting, step: str, player: str, value: Any) -> None:
        """``player`` submits ``value`` to the open step ``step`` (or changes theirs)."""
        sealed.submit(self, step, player, value)

    def step(self: Acting, name: str) -> sealed.Step | None:
        """What everyone may know of the open step ``name`` (None: not open)."""
        return sealed.step(self.state.root, name)

    def resolve_step(self: Acting, name: str) -> None:
        """Resolve the open step ``name`` now, with the defaults for the missing."""
        sealed.resolve(self, name)

    # -- seats (kept by nomicon.kernel.seats) ----------------------------------
    def leave(self: Acting, player: str, *, cause: str) -> None:
        """``player`` leaves the game: a ``player.left`` event, then the ``seat.left``
        hook, where the rules deal with what they held and may fill their seat."""
        seats.leave(self, player, cause=cause)

    def seat(self: Acting, player: str, *, played_by: str) -> None:
        """``played_by`` (a substitute) plays ``player``'s seat; ``played_by=player``
        gives it back."""
        seats.seat(self, player, played_by=played_by)

    def start_bot(self: Acting, seat: str, bot: str = "random", *, counts: bool = True) -> None:
        """The engine plays ``seat`` with the named bot (``random``, ``default``);
        ``counts``: whether the seat still counts as a player for scoring."""
        seats.start_bot(self, seat, bot, counts=counts)

    def seat_of(self: Acting, player: str) -> seats.Seat:
        """Who plays ``player``'s seat now, and whether it counts for scoring."""
        return seats.seat_of(self.state.root, player)

    # -- roles and audiences (nomicon.kernel.roles and .audiences) -----------
    def grant_role(self: Acting, player: str, role: str, reason: str = "") -> bool:
        """Give ``player`` the role ``role`` (the referee, a team); False if they hold it.
        ``role:<role>`` then names them in audiences and visibilities."""
        return roles.grant(self, player, role, reason)

    def revoke_role(self: Acting, player: str, role: str, reason: str = "") -> bool:
        """Take ``role`` from ``player``; False if they do not hold it."""
        return roles.revoke(self, player, role, reason)

    def has_role(self: Acting, player: str, role: str) -> bool:
        return player in roles.holders(self.state.root, role)

    def role_holders(self: Acting, role: str) -> list[str]:
        """Who holds ``role`` now, in the order they got it."""
        return roles.holders(self.state.root, role)

    def private_rolls(self: Acting, purpose: str | None = None) -> list[audiences.PrivateRoll]:
        """The private rolls not revealed yet (of ``purpose``), oldest first."""
        return audiences.private_rolls(self.state.root, purpose)

    def audience(self: Acting, to: Sequence[str], reason: str = "", *,
                 only_action: bool = False) -> None:
        """Show the running action (its whole batch, or with ``only_action`` its
        ``action`` event alone) only to ``to``, the actor and the admin: an invisible
        player's move is absent from others' history."""
        audiences.narrow(self, to, reason, only_action=only_action)

    def hide_action(self: Acting, reason: str = "") -> None:
        """Show the running action only to the actor and the admin."""
        audiences.narrow(self, (), reason)

"""Seats: who plays a player's place in a game.

A player who joins plays their own seat. The rules may change who plays it:

- **Leaving** (``ctx.leave``): a ``player.left`` event, then the ``seat.left`` hook, in
  which the rules deal with what the player held and may fill the seat. The player no
  longer acts; a seat still empty after the hook leaves the turn order (and comes back
  to its place there when the rules fill it).
- **A substitute** (``ctx.seat(player, played_by=other)``): ``other``, who has no seat
  of their own in the game, acts in the player's name and sees what the player sees;
  the player does not act until the rules give the seat back
  (``ctx.seat(player, played_by=player)``).
- **A bot** (``ctx.start_bot(seat, bot=...)``): the engine plays the seat's turns and
  its sealed submissions with the named bot, choosing with the game's dice (see
  :mod:`nomicon.kernel.seating`). ``counts`` is the rule's say on whether the seat
  still counts as a player for scoring (:attr:`Seat.counts`).

The state keeps only the seats that are not simply their player's own:
``seats.<player> = {left, cause, played_by, bot, counts, rule, place}``, where
``rule`` is the rule that made the change (refusals cite it) and ``place`` the seat's
place in the turn order while it is out of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from nomicon.kernel import events
from nomicon.kernel.errors import PROCEDURE, ActionRefused

# Views read seats and sealed steps, and commands that only show a game import views:
# these modules stay light (no rule machinery, no pydantic) for them.
if TYPE_CHECKING:
    from nomicon.kernel.acting import Acting

SEATS = "seats"
ADMIN = "admin"
#: The bots a rule may start for a seat: ``random`` chooses uniformly among what the
#: seat may do (its legal actions on its turn; a sealed step's choices), ``default``
#: does what the rules do for a player who does nothing (a step's default; on its
#: turn it waits for the rules' own clock).
BOTS = ("random", "default")
#: The action by which a player leaves a game (``seating.Seating``), named so that no
#: pack's own "leave" (the Grid's) is taken for it.
LEAVE = "leave-game"
#: Actions that ``legal_actions`` never offers: joining is how one becomes a player,
#: and leaving how one stops, so neither is a move that bots should stumble on.
NOT_OFFERED = frozenset({"join", LEAVE})


@dataclass(frozen=True)
class Seat:
    """Who plays ``player``'s seat."""

    player: str
    left: bool = False
    cause: str | None = None
    played_by: str | None = None
    bot: str | None = None
    #: Whether the seat counts as a player for scoring: a bot's seat as the rule that
    #: started it said, an empty seat not, any other seat yes.
    counts: bool = True

    @property
    def is_empty(self) -> bool:
        """Nobody plays the seat: its player left and nobody took it over."""
        return self.controller is None

    @property
    def controller(self) -> str | None:
        """Who acts for the seat: its player, a substitute, ``bot:<name>``, or None."""
        if self.bot is not None:
            return f"bot:{self.bot}"
        if self.played_by is not None:
            return self.played_by
        return None if self.left else self.player


def seat_of(root: dict[str, Any], player: str) -> Seat:
    """Who plays ``player``'s seat now."""
    record = (root.get(SEATS) or {}).get(player)
    if record is None:
        return Seat(player)
    empty = record["left"] and record["played_by"] is None and record["bot"] is None
    return Seat(player, left=record["left"], cause=record["cause"],
                played_by=record["played_by"], bot=record["bot"],
                counts=record["counts"] and not empty)


def controls(root: dict[str, Any], viewer: str, player: str) -> bool:
    """Whether ``viewer`` plays ``player``'s seat (its player, or its substitute)."""
    return seat_of(root, player).controller == viewer


# -- who acts, and who sees ------------------------------------------------------------
def caller(root: dict[str, Any], actor: str, name: str,
           args: Mapping[str, Any]) -> tuple[str, str | None]:
    """Whose seat an action by ``actor`` is taken for: ``(seat, by)``, where ``by`` is
    the substitute acting for the seat (None: ``actor`` acts for themselves).

    Raises :class:`ActionRefused` for a player who does not play their own seat (they
    left, or a substitute or a bot plays it), citing the rule that changed the seat.
    """
    seats: dict[str, Any] = root.get(SEATS) or {}
    if not seats or actor == ADMIN:
        return actor, None  # the usual case: every player plays their own seat
    record = seats.get(actor)
    if record is not None:
        seat = seat_of(root, actor)
        if seat.bot is not None:
            _refuse(actor, name, args, f"your seat is played by a bot ({seat.bot})", record)
        if seat.played_by is not None:
            _refuse(actor, name, args, f"your seat is played by {seat.played_by}", record)
        if seat.left:
            _refuse(actor, name, args, "you have left this game", record,
                    detail=f"you left: {seat.cause}" if seat.cause else None)
    for player, entry in seats.items():
        if entry["played_by"] == actor and entry["bot"] is None:
            if name == LEAVE:
                _refuse(actor, name, args, f"you play {player}'s seat; only {player} may "
                        "leave", entry)
            return player, actor
    return actor, None


def _refuse(actor: str, name: str, args: Mapping[str, Any], reason: str,
            record: dict[str, Any], detail: str | None = None) -> NoReturn:
    raise ActionRefused(actor, name, reason, rule=record.get("rule") or PROCEDURE,
                        detail=detail, args=args)


def playing(root: dict[str, Any], actor: str) -> str | None:
    """The seat whose moves ``actor`` may make now (their own, or the one they play as
    a substitute); None when they may make none (their seat is played by another, or
    they left)."""
    seats: dict[str, Any] = root.get(SEATS) or {}
    if not seats or actor == ADMIN:
        return actor
    if actor in seats:
        return actor if seat_of(root, actor).controller == actor else None
    for player, entry in seats.items():
        if entry["played_by"] == actor and entry["bot"] is None:
            return player
    return actor


def viewer(root: dict[str, Any], name: str) -> str:
    """Whom ``name`` sees the game as: a substitute sees what the player whose seat
    they play sees; everyone else sees as themselves."""
    seats: dict[str, Any] = root.get(SEATS) or {}
    if seats and name not in seats and name != ADMIN:
        for player, entry in seats.items():
            if entry["played_by"] == name and entry["bot"] is None:
                return player
    return name


# -- changing seats ------------------------------------------------------------------
def _label(ctx: Acting) -> str:
    rule = ctx.rule
    return rule.label if rule is not None else PROCEDURE


def _record(ctx: Acting, player: str) -> dict[str, Any]:
    found = (ctx.state.get([SEATS], None) or {}).get(player)
    if found is not None:
        return dict(found)
    return {"left": False, "cause": None, "played_by": None, "bot": None, "counts": True,
            "rule": None, "place": None}


def _store(ctx: Acting, player: str, record: dict[str, Any]) -> None:
    if ctx.state.get([SEATS], None) is None:
        ctx.state.set([SEATS], {})
    ctx.state.set([SEATS, player], record)


def leave(ctx: Acting, player: str, *, cause: str) -> None:
    """``player`` leaves the game (see the module's docstring)."""
    if not ctx.is_player(player):
        raise ValueError(f"{player!r} is not a player of this game")
    record = _record(ctx, player)
    if record["left"]:
        ctx.refuse(f"{player} has already left this game")
    record.update(left=True, cause=cause, rule=_label(ctx))
    _store(ctx, player, record)
    ctx.emit(events.PLAYER_LEFT, f"{player} left the game ({cause})", player=player, cause=cause)
    ctx.dispatch(events.SEAT_LEFT, events.PlayerLeft(player=player, cause=cause))
    if seat_of(ctx.state.root, player).is_empty:
        _out_of_turn_order(ctx, player)


def seat(ctx: Acting, player: str, *, played_by: str) -> None:
    """``played_by`` plays ``player``'s seat from now on; ``played_by=player`` gives
    the seat back to its player (ending a substitute's or a bot's play)."""
    if not ctx.is_player(player):
        raise ValueError(f"{player!r} is not a player of this game")
    record = _record(ctx, player)
    if played_by == player:
        if record["played_by"] is None and record["bot"] is None and not record["left"]:
            return  # the player plays their own seat already
        record.update(left=False, cause=None, played_by=None, bot=None, counts=True)
        ctx.state.delete([SEATS, player])
        _back_in_turn_order(ctx, player, record)
        ctx.emit(events.SEAT_CHANGED, f"{player} plays their own seat again", player=player,
                 played_by=player, bot=None)
        return
    if played_by == ADMIN or ctx.is_player(played_by):
        ctx.refuse(f"{played_by} cannot play {player}'s seat",
                   detail="a substitute has no seat of their own in this game")
    taken = [p for p, entry in (ctx.state.get([SEATS], None) or {}).items()
             if entry["played_by"] == played_by and entry["bot"] is None and p != player]
    if taken:
        ctx.refuse(f"{played_by} cannot play {player}'s seat",
                   detail=f"{played_by} already plays {taken[0]}'s seat")
    record.update(played_by=played_by, bot=None, counts=True, rule=_label(ctx))
    _store(ctx, player, record)
    _back_in_turn_order(ctx, player, record)
    ctx.emit(events.SEAT_CHANGED, f"{played_by} plays {player}'s seat", player=player,
             played_by=played_by, bot=None)


def start_bot(ctx: Acting, player: str, bot: str, *, counts: bool) -> None:
    """A bot plays ``player``'s seat from now on (see :mod:`nomicon.kernel.seating`)."""
    if bot not in BOTS:
        raise ValueError(f"there is no bot named {bot!r}; the bots are {', '.join(BOTS)}")
    if not ctx.is_player(player):
        raise ValueError(f"{player!r} is not a player of this game")
    record = _record(ctx, player)
    record.update(played_by=None, bot=bot, counts=counts, rule=_label(ctx))
    _store(ctx, player, record)
    _back_in_turn_order(ctx, player, record)
    scoring = "" if counts else "; the seat does not count as a player for scoring"
    ctx.emit(events.SEAT_CHANGED, f"a bot ({bot}) plays {player}'s seat{scoring}", player=player,
             played_by=None, bot=bot, counts=counts)


# The turn order lives under ``turn.order`` (nomicon.kernel.turns, which needs the Ctx
# and so cannot be imported here): an empty seat leaves it, and a filled one goes back
# to the place it had.
def _out_of_turn_order(ctx: Acting, player: str) -> None:
    order: list[str] = ctx.state.get(["turn", "order"], None) or []
    if player not in order:
        return
    ctx.state.set([SEATS, player, "place"], order.index(player))
    ctx.state.set(["turn", "order"], [p for p in order if p != player])


def _back_in_turn_order(ctx: Acting, player: str, record: dict[str, Any]) -> None:
    place = record.get("place")
    order: list[str] = ctx.state.get(["turn", "order"], None) or []
    if place is None or player in order:
        return
    if ctx.state.has([SEATS, player]):
        ctx.state.set([SEATS, player, "place"], None)
    ctx.state.set(["turn", "order"], [*order[:place], player, *order[place:]])

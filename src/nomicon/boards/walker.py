"""Walking a piece square by square, with hooks that may stop or redirect it.

Nomopoly II VII.1: the player "moves from her current square to its successor" once
for each pip; she "leaves" her square, "passes through" each square after it until
the final advance, and then "lands" on the last; "only other rules governing passing
through or leaving squares can interrupt the series of consecutive advances". The
walker makes those moments hooks, dispatched through the game's rules in their order:

``left`` (:data:`LEFT`, ``walk.left``)
    once, on the square the walk starts from;
``passing`` (``walk.passing``)
    on each square passed through, the piece standing on it;
``landing`` (``walk.landing``)
    on the square the piece is about to land on, before any landing rule runs;
``landed`` (``walk.landed``)
    on the square it landed on.

Each hook gets one dict, shared by the hooks of that moment: ``piece`` (its name),
``player`` or ``entity`` (the same name), ``square``, ``start`` (where the walk
began), ``from`` (the square before, when there was a move), ``remaining`` (advances
still to make), ``how``, and whatever the mover passed along (the roll, the kind of
turn); after a redirect while landing, ``via`` (why, and by which rule). A hook
asks for a change by writing into the dict, and the walker reads it after all the
hooks of that moment have run:

- ``remaining``: a new number of advances to make from here (glue: "lose one pip's
  worth of movement"); 0 on ``left`` or ``passing`` ends the walk here, which is then
  where the piece lands;
- :func:`stop` ends the walk here with a reason (``left``, ``passing``); stopping on
  ``left`` means the piece never leaves, and lands nowhere;
- :func:`redirect` sends the piece to another square, with a reason. On ``left`` and
  ``passing`` it goes there without passing the squares between and walks on from
  there (a toll bridge); on ``landing`` it lands there instead (grease: "he will land
  on the succeeding square instead"); on ``landed`` it is carried there after the
  landing and lands again (a Jumpgate: "after the other effects of landing on the
  square, the player will be transported to the sister square, landing on it").

A redirect while landing that would bring the piece back to a square it already
landed on, or was sent away from, in the same walk is not followed: the piece stays
where it is. The walker does not know the board: the mover gives it ``step``, the
square after a given one in the walk's direction (``Layout.successor``), which may
say None at an end of the board (the walk then ends there).

The piece's location in the state changes at every advance. One ``walked`` event
records the walk when the advances are done and before the landing; each redirect is
a ``transported`` event when it happens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

# The hooks' names are the walker's own: a ring board's ``landed`` (Infinite Nomic)
# is a declared kind with other fields.
#: Dispatched once, on the square the walk starts from.
LEFT = "walk.left"
#: Dispatched on each square passed through.
PASSING = "walk.passing"
#: Dispatched on the square the piece is about to land on.
LANDING = "walk.landing"
#: Dispatched on the square the piece landed on.
LANDED = "walk.landed"
#: Logged when a piece is put on a square without walking there.
PLACED = "walk.placed"

#: The square after a square in a walk's direction; None past the end of the board.
Step = Callable[[int], int | None]
#: More advances than any ruleset's walk makes: a hook that keeps adding steps is a
#: mistake in a rule, stopped here rather than never ending.
MAX_ADVANCES = 10_000
_STOP = "stop"
_REDIRECT = "redirect"


@dataclass(frozen=True)
class Piece:
    """Something that stands on a square: a player or an entity (``entities.<id>``)."""

    kind: str
    name: str

    @classmethod
    def player(cls, name: str) -> Piece:
        return cls("player", name)

    @classmethod
    def entity(cls, eid: str) -> Piece:
        return cls("entity", eid)

    @property
    def path(self) -> list[str]:
        """Where the state keeps its square."""
        table = "players" if self.kind == "player" else "entities"
        return [table, self.name, "location"]

    def fields(self) -> dict[str, Any]:
        """How hooks and events name the piece."""
        return {"piece": self.name, self.kind: self.name}


@dataclass(frozen=True)
class Walk:
    """What a walk did: where it began and ended, the squares passed through (in
    order, with repeats), and why it stopped early, if it did."""

    start: int
    end: int
    passed: tuple[int, ...]
    stopped: str | None = None
    landed: bool = True


def stop(ctx: Ctx, data: dict[str, Any], why: str) -> None:
    """From a ``left`` or ``passing`` hook: end the walk on this square."""
    data[_STOP] = _request(ctx, why)
    data["remaining"] = 0


def redirect(ctx: Ctx, data: dict[str, Any], square: int, why: str) -> None:
    """From any hook of a walk: send the piece to ``square`` (see the module's
    docstring for what it means at each moment)."""
    data[_REDIRECT] = {**_request(ctx, why), "square": square}


def _request(ctx: Ctx, why: str) -> dict[str, Any]:
    rule = ctx.rule
    return {"why": why, "rule": rule.label if rule is not None else None}


def _reason(request: dict[str, Any]) -> str:
    return f"{request['why']} ({request['rule']})" if request.get("rule") else request["why"]


def location(ctx: Ctx, piece: Piece) -> Any:
    return ctx.get(piece.path, None)


def _put(ctx: Ctx, piece: Piece, square: Any) -> None:
    if piece.kind == "player":
        ctx.set(piece.path, square)
    else:
        ctx.move_entity(piece.name, square)  # kept in the entities' location index


def place(ctx: Ctx, piece: Piece, square: Any, *, why: str) -> None:
    """Put a piece on a square (or anywhere: Jail) without moving it there: no
    leaving, passing or landing."""
    _put(ctx, piece, square)
    ctx.emit(PLACED, f"{piece.name} is placed on {_where(square)} ({why})",
             **piece.fields(), where=square, why=why)


def _where(square: Any) -> str:
    return f"square {square}" if isinstance(square, int) else str(square)


def walk(ctx: Ctx, piece: Piece, steps: int, step: Step, *, how: str,
         **extra: Any) -> Walk:
    """Advance ``piece`` ``steps`` times by ``step``, dispatching ``left``,
    ``passing``, ``landing`` and ``landed``; returns what happened."""
    start = location(ctx, piece)
    if not isinstance(start, int) or isinstance(start, bool):
        raise ValueError(f"{piece.name} is on no square ({start!r})")
    base = {**piece.fields(), "start": start, "how": how, **extra}
    data = {**base, "square": start, "remaining": steps}
    ctx.dispatch(LEFT, data)
    if data.get(_STOP):
        why = _reason(data[_STOP])
        ctx.emit("walked", f"{piece.name} does not leave square {start} ({why})",
                 **base, end=start, passed=[], stopped=why)
        return Walk(start, start, (), why, landed=False)
    here = _follow(ctx, piece, data, start)
    remaining = int(data["remaining"])
    passed: list[int] = []
    stopped: str | None = None
    advances = 0
    while remaining > 0:
        following = step(here)
        if following is None:
            stopped = "the end of the board"
            break
        advances += 1
        if advances > MAX_ADVANCES:
            raise RuntimeError(f"{piece.name}'s walk goes on past {MAX_ADVANCES} advances: "
                               "a rule keeps adding steps")
        previous, here, remaining = here, following, remaining - 1
        _put(ctx, piece, here)
        if remaining == 0:
            break
        passed.append(here)
        data = {**base, "square": here, "from": previous, "remaining": remaining}
        ctx.dispatch(PASSING, data)
        if data.get(_STOP):
            stopped = _reason(data[_STOP])
        here = _follow(ctx, piece, data, here)
        remaining = int(data["remaining"])
    end_text = f"square {here}" + (f", stopped by {stopped}" if stopped else "")
    ctx.emit("walked", f"{piece.name} walks from square {start} to {end_text} ({how})",
             **base, end=here, passed=passed, stopped=stopped)
    end = _land(ctx, piece, here, base)
    return Walk(start, end, tuple(passed), stopped)


def _follow(ctx: Ctx, piece: Piece, data: dict[str, Any], here: int) -> int:
    """Carry out a redirect asked for in ``data``, if any; returns where the piece is."""
    request = data.get(_REDIRECT)
    if not request:
        return here
    there = int(request["square"])
    _put(ctx, piece, there)
    ctx.emit("transported", f"{piece.name} goes from square {here} to square {there} "
             f"({_reason(request)})", **piece.fields(), start=here, end=there,
             why=request["why"], by=request["rule"])
    return there


def land(ctx: Ctx, piece: Piece, square: int, *, how: str, **extra: Any) -> int:
    """Land ``piece`` on ``square`` without walking there (a jump): it is put there,
    then lands as at the end of a walk. Returns the square it ends on."""
    base = {**piece.fields(), "start": location(ctx, piece), "how": how, **extra}
    _put(ctx, piece, square)
    return _land(ctx, piece, square, base)


def _land(ctx: Ctx, piece: Piece, square: int, base: dict[str, Any]) -> int:
    """``landing`` hooks may send the piece elsewhere first, ``landed`` hooks may
    carry it on to land again; returns the square it ends on. After a redirect the
    hooks' dict says ``via`` which (the redirect's ``why`` and ``rule``), so a rule can
    tell a landing it caused ("via any rule other than this one")."""
    seen = {square}
    via: dict[str, Any] | None = None
    while True:
        for moment in (LANDING, LANDED):
            data = {**base, "square": square, "remaining": 0}
            if via is not None:
                data["via"] = via
            ctx.dispatch(moment, data)
            if _takes(data, seen):
                via = {k: v for k, v in data[_REDIRECT].items() if k != "square"}
                square = _follow(ctx, piece, data, square)
                seen.add(square)
                break
        else:
            return square


def _takes(data: dict[str, Any], seen: set[int]) -> bool:
    """Whether a landing's redirect is followed (not back to where the walk landed or
    was sent from)."""
    request = data.get(_REDIRECT)
    return request is not None and int(request["square"]) not in seen

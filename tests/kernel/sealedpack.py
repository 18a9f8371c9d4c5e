"""A small pack for the tests of sealed steps, ballots and seats.

Players guess numbers in sealed rounds that the referee (``roles.referee``) watches,
vote in polls where the chair's vote counts twice, and take turns rolling a die for
points. A player who leaves gives their points to the pot, and the pack's parameters
say what becomes of their seat; a player on vacation names a substitute. Every number
the tests look at is a rule parameter, so each test sets up what it needs.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    Arg,
    Ctx,
    Currency,
    Initial,
    Pack,
    PackParams,
    Resolved,
    Rule,
    RuleParams,
    action,
    hook,
    turns,
)
from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Registry, installed

PACK = "sealed-toy"
START = datetime(2024, 6, 3, 9, 0, tzinfo=UTC)
GUESSES = "guesses"
POLL = "poll"
POT = "pot"


class Guessing(Rule):
    """A player may start the guessing. In each round every player whose seat is played guesses a number from 1 to 99, privately, and the referee sees the guesses. A round lasts two days, or until everyone has guessed; whoever has not guessed by then guesses 1. Then the guesses are revealed, the highest guess scores a point, and the next round begins, until the rounds are played."""  # noqa: E501

    key = "guessing"
    pack = PACK
    number = 1
    title = "Guessing"
    currencies = (Currency("points", 0),)

    class Params(RuleParams):
        rounds: int = Field(1, ge=1)
        days: int = Field(2, ge=1)
        default: int = Field(1, ge=1, le=99)
        early: bool = True
        changeable: bool = True

    params: Params

    @action("start")
    def start(self, ctx: Ctx, actor: str) -> None:
        """Start the guessing."""
        ctx.require(ctx.step(GUESSES) is None, "a round is being played")
        self._round(ctx, 1)

    def _round(self, ctx: Ctx, number: int) -> None:
        players = [p for p in ctx.players() if not ctx.seat_of(p).is_empty]
        ctx.open_step(GUESSES, players, deadline=timedelta(days=self.params.days),
                      default=self.params.default, choices=self._numbers,
                      visible_to=["role:referee"], early=self.params.early,
                      changeable=self.params.changeable, on_resolve=self.revealed,
                      data={"round": number})

    def _numbers(self, ctx: Ctx, actor: str) -> list[int]:
        return list(range(1, 100))

    @action("guess", Arg("number", int, "from 1 to 99", choices="_numbers"), sealed=True)
    def guess(self, ctx: Ctx, actor: str, number: int) -> None:
        """Guess a number; only you and the referee see it until the round ends."""
        ctx.submit(GUESSES, actor, number)

    def revealed(self, ctx: Ctx, resolved: Resolved) -> None:
        number = resolved.data["round"]
        ctx.state.append(["results"], {"round": number, "guesses": resolved.submissions,
                                       "defaulted": list(resolved.defaulted),
                                       "at": ctx.get(["game", "clock"])})
        counted = {p: g for p, g in resolved.submissions.items() if ctx.seat_of(p).counts}
        top = max(counted.values(), default=None)
        for player, guess in counted.items():
            if guess == top:
                ctx.gain(player, 1, f"the highest guess in round {number}")
        if number < self.params.rounds:
            self._round(ctx, number + 1)


class Polls(Rule):
    """A player may call a poll: every player may vote yes or no within a day, and may change their vote until it closes. The chair's vote counts twice. The answer with the most votes carries."""  # noqa: E501

    key = "polls"
    pack = PACK
    number = 2
    title = "Polls"

    @action("poll")
    def poll(self, ctx: Ctx, actor: str) -> None:
        """Call a poll."""
        ctx.require(ctx.step(POLL) is None, "a poll is open")
        ctx.open_ballot(POLL, ctx.players(), ["yes", "no"], deadline=timedelta(days=1),
                        weights=self._weight, visible_to=["role:chair"],
                        on_resolve=self.closed)

    @action("vote", Arg("answer", str, "yes or no"))
    def vote(self, ctx: Ctx, actor: str, answer: str) -> None:
        """Vote in the poll."""
        ctx.submit(POLL, actor, answer)

    def _weight(self, ctx: Ctx, voter: str) -> int:
        return 2 if voter in (ctx.get(["roles", "chair"]) or []) else 1

    def closed(self, ctx: Ctx, resolved: Resolved) -> None:
        ctx.state.append(["polls"], {"tally": resolved.tally, "carried": resolved.leaders(),
                                     "weights": resolved.weights})


def end_turn(ctx: Ctx, player: str) -> None:
    """End ``player``'s turn and begin the next one's."""
    if turns.current(ctx) != player:
        return
    former = list(turns.order(ctx))
    ctx.emit("turn.ended", f"{player}'s turn ends", player=player)
    turns.begin(ctx, turns.following(ctx, player, former))


class Turns(Rule):
    """Players take turns in the order they joined. On their turn a player may roll a die once and gain as many points; then they end their turn."""  # noqa: E501

    key = "turns"
    pack = PACK
    number = 3
    title = "Turns"

    @hook("player.joined")
    def seat_player(self, ctx: Ctx, data: dict[str, Any]) -> None:
        turns.add(ctx, data["player"])
        if turns.current(ctx) is None:
            turns.begin(ctx, data["player"])

    def _my_turn(self, ctx: Ctx, actor: str) -> None:
        if turns.current(ctx) != actor:
            ctx.refuse("it is not your turn", detail=f"it is {turns.current(ctx)}'s turn",
                       turn=True)

    @action("roll", on_turn=True)
    def roll(self, ctx: Ctx, actor: str) -> None:
        """Roll a die and gain as many points."""
        ctx.gain(actor, ctx.roll(6, f"{actor}'s roll"), "rolled")
        turns.set_flag(ctx, "rolled", True)

    @roll.check
    def _roll_check(self, ctx: Ctx, actor: str) -> None:
        self._my_turn(ctx, actor)
        ctx.require(not turns.flag(ctx, "rolled", False), "you have rolled this turn")

    @action("end-turn", on_turn=True)
    def end(self, ctx: Ctx, actor: str) -> None:
        """End your turn."""
        end_turn(ctx, actor)

    @end.check
    def _end_check(self, ctx: Ctx, actor: str) -> None:
        self._my_turn(ctx, actor)


class Departures(Rule):
    """A player who leaves gives their points to the pot, and their turn, if it is theirs, ends. Their seat is then played as the rules' parameters say: by a bot, or by nobody."""  # noqa: E501

    key = "departures"
    pack = PACK
    number = 4
    title = "Departures"

    class Params(RuleParams):
        bot: str | None = None  # "random", "default", or None: the seat stays empty
        counts: bool = True

    params: Params

    @hook("seat.left")
    def departed(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player = data["player"]
        ctx.transfer(player, POT, ctx.balance(player, "points"), "points",
                     f"{player} left the game")
        if self.params.bot is not None:
            ctx.start_bot(player, self.params.bot, counts=self.params.counts)
        else:
            end_turn(ctx, player)


class Vacations(Rule):
    """A player may go on vacation, naming someone who is not playing to play their seat meanwhile. That substitute may give the seat back at any time."""  # noqa: E501

    key = "vacations"
    pack = PACK
    number = 5
    title = "Vacations"

    @action("vacation", Arg("substitute", str, "who plays your seat meanwhile"))
    def vacation(self, ctx: Ctx, actor: str, substitute: str) -> None:
        """Go on vacation."""
        ctx.seat(actor, played_by=substitute)

    @action("give-back")
    def give_back(self, ctx: Ctx, actor: str) -> None:
        """Give the seat you play back to its player."""
        ctx.require(ctx.seat_of(actor).played_by is not None, "nobody plays your seat for you")
        ctx.seat(actor, played_by=actor)


class SealedToy(Pack):
    id = PACK
    title = "Sealed steps and seats (tests)"
    initial = (Initial(Guessing), Initial(Polls), Initial(Turns), Initial(Departures),
               Initial(Vacations))
    rule_classes = (Guessing, Polls, Turns, Departures, Vacations)

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        ctx.set(["results"], [])
        ctx.set(["polls"], [])
        ctx.open_account(POT)


REGISTRY: Registry = installed().with_pack(SealedToy())


def new_game(players: tuple[str, ...] = ("alice", "bob", "carol"), *,
             guessing: dict[str, Any] | None = None,
             departures: dict[str, Any] | None = None, seed: str = "sealed") -> Game:
    """A game of the pack among ``players``, with Rule 1's and Rule 4's parameters as
    given (the game's registry holds the pack with those parameters)."""
    registry = REGISTRY
    if guessing or departures:
        initial = (Initial(Guessing, params=guessing or {}), Initial(Polls), Initial(Turns),
                   Initial(Departures, params=departures or {}), Initial(Vacations))
        registry = installed().with_pack(type("Toy", (SealedToy,), {"initial": initial})())
    return Game.create(PACK, start=START, players=players, secret=dice.secret_from_seed(seed),
                       registry=registry, allow_forced=True, game_id="sealed")


__all__ = ["GUESSES", "PACK", "POLL", "POT", "REGISTRY", "START", "SealedToy", "new_game"]

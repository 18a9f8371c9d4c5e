"""The procedure of seats and sealed steps, and the bots that play seats.

Like the game procedure (``procedure.Procedure``), :class:`Seating` is in force in
every game, whatever its rules: a player may leave the game (``leave-game``) and the admin
may record that one has left (``remove-player``); it keeps the deadlines of sealed
steps (:mod:`nomicon.kernel.sealed`); and when a batch closes it has the bots that
rules started for seats (:mod:`nomicon.kernel.seats`) make their moves, in that batch.

A bot plays inside the batch that gave it something to do (the action that opened a
step or began its turn, a timer), after everything else in it, and it chooses with the
game's dice: replaying the batch from its input replays the bot's moves exactly.
What a bot does:

- ``random``: a sealed submission drawn from the step's choices (a ballot's options)
  with a roll that only the submission's audience sees; on the seat's turn, one of its
  legal actions for the turn (those marked ``on_turn``, when the rules mark any) whose
  arguments all have choices, and each argument, drawn with public rolls, and so on
  until the turn is no longer the seat's;
- ``default``: the step's default at once (Fictionary's bots "perform the defaults");
  on the seat's turn nothing, so the rules' own clock plays the turn out.

A prompt that asks a bot's seat is answered in the batch that opened it, so that a game
with a bot never waits on one: the ``default`` bot takes the prompt's default, the
``random`` bot draws among the options open now (a roll that only the prompt's
audience sees, for a private prompt; for a prompt that takes several options, first
how many, then each). The answer is the seat's ``choose`` or ``choose-many`` action,
made by the bot, so the rule that asked handles it as any player's answer.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, cast

from nomicon.kernel import events, prompts, sealed, seats
from nomicon.kernel.errors import ActionError, Refusal
from nomicon.kernel.rules import Arg, Rule, action, hook

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

#: How many moves the bots make in one batch at most: bots that keep each other busy
#: (every seat a bot's, steps that reopen at once) go on in the next batch.
MOST_MOVES = 500
#: How many actions a bot takes in one turn of its seat at most, when its actions do
#: not end the turn: the rules' clock ends it.
MOST_TURN_MOVES = 10


class Engine(Protocol):
    """What a bot needs of the engine to play a turn inside a batch: the legal actions
    of a seat, and performing one in the batch (``Game._legal_actions`` and
    ``Game._perform``)."""

    def _legal_actions(self, actor: str) -> list[dict[str, Any]]: ...
    def _perform(self, ctx: Any, actor: str, name: str, raw: dict[str, Any],
                 by: str | None = None) -> None: ...


class Seating(Rule):
    """The procedure of every Nomicon game for seats and sealed steps: leaving, the
    deadlines of steps, and the bots that play seats."""

    key = "seating"
    pack = "nomicon"
    title = "Nomicon procedure"
    precedence = -1000

    def __init__(self) -> None:
        super().__init__(sealed.KERNEL_RID, 0, self.title, self.default_text(),
                         self.parse_params({}))

    @property
    def label(self) -> str:
        return "Nomicon procedure"

    # -- leaving -------------------------------------------------------------
    @action(seats.LEAVE, Arg("cause", str, "why, as the other players will read it",
                         required=False))
    def leave(self, ctx: Ctx, actor: str, cause: str | None = None) -> None:
        """Leave the game: you no longer act, and the rules say what becomes of your
        seat and of what you hold."""
        seats.leave(ctx, actor, cause=cause or "left the game")

    @action("remove-player", Arg("player", str, "the player who has left"),
            Arg("cause", str, "why, as the players will read it", required=False),
            admin=True)
    def remove_player(self, ctx: Ctx, actor: str, player: str,
                      cause: str | None = None) -> None:
        """Record that a player has left the game (they left the parent game, or
        stopped playing); the rules say what becomes of their seat."""
        ctx.require(ctx.is_player(player), f"{player!r} is not a player of this game")
        seats.leave(ctx, player, cause=cause or "removed by the admin")

    # -- steps ---------------------------------------------------------------
    def step_deadline(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        """A step's deadline: resolve it with the defaults for the missing."""
        sealed.deadline(ctx, payload["step"])

    @hook(events.GAME_RESUMED)
    def steps_resume(self, ctx: Ctx, data: events.GameResumed) -> None:
        """The game resumes: the steps' deadlines moved on with their timers, and the
        steps completed during the pause resolve."""
        sealed.resumed(ctx)

    # -- bots ----------------------------------------------------------------
    @hook("batch.closing")
    def play_seats(self, ctx: Ctx, data: dict[str, Any]) -> None:
        """Let the bots make their moves, and resolve the steps that wait only for
        empty seats."""
        # Without a seat that is not its player's own there is no bot to play and no
        # empty seat for a step to stop waiting for: the usual case, in every batch.
        if not ctx.state.root.get(seats.SEATS):
            return
        failed: set[tuple[str, str]] = set()
        asked: set[int] = set()
        turns: dict[tuple[str, int], int] = {}
        for _ in range(MOST_MOVES):
            if not (_submit_for_a_bot(ctx, failed) or _answer_for_a_bot(ctx, asked)
                    or _close_abandoned(ctx) or _play_a_turn(ctx, turns)):
                return


def _submit_for_a_bot(ctx: Ctx, failed: set[tuple[str, str]]) -> bool:
    """One bot's submission to an open step it has not submitted to; False if none
    is due."""
    root = ctx.state.root
    for name in sealed.open_steps(root):
        record = root[sealed.STEPS][name]
        for player in record["players"]:
            bot = seats.seat_of(root, player).bot
            if bot is None or player in record["submissions"] or (name, player) in failed:
                continue
            try:
                with ctx.savepoint():
                    value = _bot_value(ctx, bot, name, record, player)
                    sealed.submit(ctx, name, player, value)
            except Refusal:
                failed.add((name, player))  # the rules take nothing from it: the default
            return True
    return False


def _bot_value(ctx: Ctx, bot: str, name: str, record: dict[str, Any], player: str) -> Any:
    """What ``bot`` submits for ``player``: a value drawn from what they may submit
    (``random``, with a roll that only the submission's audience sees), or the step's
    default."""
    choices = sealed.allowed(ctx, record, player) if bot == "random" else None
    if not choices:
        return sealed.default_for(ctx, record, player)
    if len(choices) == 1:
        return choices[0]
    roll = ctx.roll(len(choices), f"the bot playing {player} chooses for {name} "
                    "(1dK over the choices in their order)",
                    to=sealed.audience(ctx.state.root, record, player))
    return choices[roll - 1]


def _answer_for_a_bot(ctx: Ctx, asked: set[int]) -> bool:
    """One bot's answer to a pending prompt that asks its seat; False if none is due.
    A prompt is tried once a batch (``asked``): one whose answer the rules refuse
    waits for its deadline, as a player's would."""
    root = ctx.state.root
    for prompt in root.get("prompts") or ():
        player = prompt["to"]
        if prompt["id"] in asked or player == seats.ADMIN:
            continue
        bot = seats.seat_of(root, player).bot
        if bot is None:
            continue
        asked.add(prompt["id"])
        engine = cast(Engine, ctx.game)
        args: dict[str, Any]
        if prompts.is_multi(prompt):
            name, args = "choose-many", {"options": _bot_options(ctx, bot, prompt, player)}
        else:
            name, args = "choose", {"option": _bot_option(ctx, bot, prompt, player)}
        args["prompt"] = prompt["id"]
        _as(ctx, player, partial(engine._perform, ctx, player, name, args, by=f"bot:{bot}"))
        return True
    return False


def _bot_option(ctx: Ctx, bot: str, prompt: dict[str, Any], player: str) -> str:
    """The option ``bot`` takes for ``player``: the default, or one drawn among those
    open now."""
    default: str = prompt["default"]
    if bot != "random":
        return default
    return ctx.pick(ctx.open_options(prompt), f"the bot playing {player} answers prompt "
                    f"{prompt['id']} (1dK over the options open now, in their order)",
                    to=prompts.audience(prompt))


def _bot_options(ctx: Ctx, bot: str, prompt: dict[str, Any], player: str) -> list[str]:
    """The options ``bot`` takes for ``player`` of a prompt that takes several: the
    default, or as many as a roll says (within the prompt's range and what is open),
    each drawn in turn among those open and not taken yet, in the prompt's order."""
    default = list(prompt["default"])
    low, high = prompts.answer_range(prompt) or (1, 1)
    open_now = ctx.open_options(prompt)
    if bot != "random" or len(open_now) < low:
        return default
    audience = prompts.audience(prompt)
    high = min(high, len(open_now))
    count = ctx.pick(list(range(low, high + 1)), f"how many options the bot playing "
                     f"{player} takes for prompt {prompt['id']} (1dK over {low} to "
                     f"{high})", to=audience)
    chosen: list[str] = []
    for _ in range(count):
        left = [option for option in open_now if option not in chosen]
        chosen.append(ctx.pick(left, f"the bot playing {player} takes an option for "
                               f"prompt {prompt['id']} (1dK over those left, in their "
                               "order)", to=audience))
    return [option for option in prompt["options"] if option in chosen]


def _close_abandoned(ctx: Ctx) -> bool:
    """Resolve one step that resolves when all are in and now waits only for empty
    seats; False if there is none."""
    root = ctx.state.root
    for name in sealed.open_steps(root):
        record = root[sealed.STEPS][name]
        if record["early"] and not sealed.waiting(root, record):
            sealed.resolve(ctx, name)
            return True
    return False


def _play_a_turn(ctx: Ctx, turns: dict[tuple[str, int], int]) -> bool:
    """One action of a ``random`` bot whose seat has the turn; False if there is none
    to take."""
    turn = ctx.state.root.get("turn") or {}
    player = turn.get("current")
    if player is None or seats.seat_of(ctx.state.root, player).bot != "random":
        return False
    key = (player, int(turn.get("number", 0)))
    if turns.get(key, 0) >= MOST_TURN_MOVES:
        return False
    turns[key] = turns.get(key, 0) + 1
    engine = cast(Engine, ctx.game)
    playable = [entry for entry in engine._legal_actions(player) if _playable(entry)]
    # It plays the seat's turn: the actions taken on one's turn, where the rules mark
    # them so (others, such as calling a vote, are not the turn's).
    playable = [entry for entry in playable if entry["on_turn"]] or playable
    if not playable:
        return False
    entry = ctx.pick(playable, f"the bot playing {player} chooses an action (1dK over "
                               "its legal actions for the turn, in their order)")
    args = {name: ctx.pick(spec["choices"], f"the bot playing {player} chooses {name} "
                                            f"for {entry['name']} (1dK over the choices)")
            for name, spec in entry["args"].items() if spec.get("required", True)}
    _as(ctx, player, lambda: engine._perform(ctx, player, entry["name"], args, by="bot:random"))
    return True


def _playable(entry: dict[str, Any]) -> bool:
    """Whether a bot can make a legal action's move by choices alone."""
    return all(spec.get("choices") for spec in entry["args"].values()
               if spec.get("required", True))


def _as(ctx: Ctx, player: str, move: Callable[[], None]) -> None:
    """Make ``move`` in ``player``'s name; a refused move changes nothing (the rolls
    that chose it stay: they were the bot's)."""
    actor = ctx.actor
    ctx.actor = player
    try:
        with ctx.savepoint():
            move()
    except (Refusal, ActionError):
        pass
    finally:
        ctx.actor = actor

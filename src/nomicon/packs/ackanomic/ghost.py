"""Ackanomic rule 1250.9, Ghost, as rule classes and a pack.

Sections 1 to 3, 5 and 6 of 1250.9 are Rules 1, 2, 3, 5 and 6 of the game's own
ruleset; the paragraphs of section 4 are Rules 41 to 47 (order of play, additions,
reference books, plays, protests, removals, resigning). The state is described in
:mod:`ghost_state`; the game's dictionary is recorded at its creation (``dictionary``)
and every finding comes from it.

Played standalone (the ``ackanomic-ghost`` pack), the game is a table whose members
play instances one after another (``games`` of them; 0: until the admin ends it),
``seats`` members an instance, seated one place further round each time, with the
engine refereeing or, with ``with_referee``, the next member; 5.'s payoff is paid
into the table's own ledger.

Started by a parent game's rule (``ctx.start_child("ackanomic-ghost", players=[...],
referee=..., params={"duel": ...})``) it plays one instance, and its result, settled
into the parent, has these fields:

- ``winners``: the winner (one name), or none (the game stopped unfinished);
- ``scores``: 1 for the winner, 0 for every other player assigned a number;
- ``referee``: the referee at the end (None: the engine refereed);
- ``rounds``: the turns that began;
- ``began``: how many players began the game;
- ``duel``: whether the game was played as a Duel (the ``duel`` parameter);
- ``winner_points``: 5.'s points for the winner: 0 in a Duel, 4 when fewer than four
  began, the number who began from four to eight, 8 above;
- ``referee_dollars``: A$8 when a winner is found;
- ``trophy``: whether the winner receives a standard Trophy (whenever there is one);
- ``order``: every player assigned a number, player 1 first.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    ActionDecl,
    Arg,
    Attribute,
    Ctx,
    Currency,
    Pack,
    PackParams,
    Rule,
    RuleParams,
    action,
    events,
    hook,
    iso,
    parse,
    veto,
    words,
)
from nomicon.packs.ackanomic.ghost_events import (
    ADDED,
    CLOSED,
    ENDED,
    NEXT_TURN,
    PLAYED,
    REFEREE,
    STARTED,
    TURN_BEGAN,
    Ended,
    Instance,
    Started,
    Turn,
)
from nomicon.packs.ackanomic.ghost_pages import PAGE
from nomicon.packs.ackanomic.ghost_protests import Protests, Removals
from nomicon.packs.ackanomic.ghost_state import (
    KEY,
    LETTERS,
    TURN_TIMER,
    additions_open,
    continuations,
    game,
    in_progress,
    is_continuation,
    new_table,
    next_turn,
    number_of,
    playing,
    remove,
    winner_points,
)
from nomicon.packs.ackanomic.tables import (
    close_table,
    has_played_out,
    initial_rules,
    members_of,
    parents_choice,
    round_the_table,
)

PACK = "ackanomic"
PACK_ID = "ackanomic-ghost"
PLAYS = ("begin", "continue", "protest", "answer")


# -- 1. to 3. ---------------------------------------------------------------------------
class Equipment(Rule):
    """1.General Equipment: Official Dictionary"""

    key = "ghost-equipment"
    pack = PACK
    number = 1
    title = "General Equipment"
    # The Official Dictionary is the one the game recorded at its creation
    # (``dictionary``); Rule 45 asks it.


class NumberOfPlayers(Rule):
    """2. Players: minimum -- 2; maximum -- the number of active players when an instance of Ghost is initiated less 1; Referees -- one

When the rules specify that a player is removed from the game, it means that he is no longer a player in that instance of Ghost. It is not necessarily a resignation, although a resignation does cause a player's removal from the game."""  # noqa: E501

    key = "ghost-players"
    pack = PACK
    number = 2
    title = "Players"

    # The limits are the parent's to apply when it starts an instance (1250.1 VI);
    # here only the players still in the game play.
    @veto(*PLAYS, "resign")
    def players_play(self, ctx: Ctx, actor: str, decl: ActionDecl,
                     args: dict[str, Any]) -> None:
        if actor in playing(ctx) and in_progress(ctx):
            return
        if actor == ctx.get([KEY, "referee"]) and actor is not None:
            ctx.refuse("you are the referee of this game, not one of its players")
        if in_progress(ctx):
            if actor in ctx.get([KEY, "order"]):
                ctx.refuse("you have been removed from this game",
                           detail="a removed player is no longer a player in that instance")
            ctx.refuse("you are not one of this game's players",
                       detail=f"the players are {', '.join(playing(ctx))}")
        ctx.refuse("no game of Ghost is in progress")


class Beginning(Rule):
    """3. Beginning of game: As described in rule 1250.1, section VI."""

    key = "ghost-beginning"
    pack = PACK
    number = 3
    title = "Beginning of game"

    def on_enact(self, ctx: Ctx) -> None:
        if ctx.get([KEY]) is None:  # enacted by a proposal into a game without a table
            ctx.set([KEY], new_table())
        self._start_if_ready(ctx)

    @hook(events.PLAYER_JOINED)
    def on_joined(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        self._start_if_ready(ctx)

    @hook(CLOSED)
    def on_closed(self, ctx: Ctx, data: Instance) -> None:
        # A child game of another game is one instance of Ghost.
        if has_played_out(ctx, KEY):
            close_table(ctx, KEY, "Ghost")
        else:
            self._start_if_ready(ctx)

    def _start_if_ready(self, ctx: Ctx) -> None:
        state = game(ctx)
        members = members_of(ctx)
        if ctx.get(["game", "status"]) != "active" or not state["over"]:
            return
        if state["games"] and state["instance"] >= state["games"]:
            return
        link = ctx.parent()
        if link is not None:
            # A child game: the parent chose the players and the referee (None: the
            # engine); it begins when they are all members, and is played once.
            chosen = parents_choice(link, members)
            if state["instance"] or chosen is None or len(chosen[0]) < 2:
                return
            seated, referee = chosen
        else:
            # Standalone: seated one place further round the members each instance; with
            # a referee wanted, the next member referees (INTERPRETATIONS.md).
            wanted = state["seats"] + (1 if state["with_referee"] else 0)
            if len(members) < wanted:
                return
            seated, referee = round_the_table(members, state["instance"] % len(members),
                                              state["seats"], state["with_referee"])
        # 41: "The referee shall randomly assign each player a different integer ranging
        # from 1 to N": the dice shuffle the players; the first drawn is player 1. A
        # child game's numbers were drawn by the parent's dice when the instance started
        # (rule 1250.1 VI), in the order it passes: drawing again would give the
        # instance two numberings.
        order = (seated if link is not None else
                 ctx.shuffle(seated, "the players' numbers in Ghost (player 1 first)"))
        number = state["instance"] + 1
        for name, value in (("instance", number), ("order", order), ("playing", list(order)),
                            ("began", len(order)), ("referee", referee), ("word", None),
                            ("last", None), ("turn", None), ("turns", 0), ("had_turn", []),
                            ("protest", None), ("additions", {}), ("suspended", False),
                            ("history", []), ("over", False), ("winner", None)):
            ctx.set([KEY, name], value)
        who = f"; {referee} referees" if referee else "; the engine referees"
        shown = ", ".join(f"{i}. {name}" for i, name in enumerate(order, 1))
        ctx.emit(STARTED, f"Ghost #{number}: {shown}{who}", instance=number, order=order,
                 referee=referee, duel=bool(state["duel"]))


# -- 4. Rules ---------------------------------------------------------------------------
class OrderOfPlay(Rule):
    """The referee shall randomly assign each player a different integer ranging from 1 to N, where N is the number of players in the game. Player 1 shall play first, and after that, play shall proceed in order of increasing number. Player 1 plays again just after the turn of the player with the highest number. Each player's turn begins when the previous player's ends, unless that player's play was a protest, in which case it begins when the protest is resolved. Each player's turn shall last the lesser of three days or until that player plays."""  # noqa: E501

    key = "ghost-order"
    pack = PACK
    number = 41
    title = "Order of play"

    class Params(RuleParams):
        days: int = Field(3, ge=1, description="how long a turn lasts at most")

    params: Params

    @hook(STARTED)
    def first_turn(self, ctx: Ctx, data: Started) -> None:
        self._begin(ctx, data["order"][0])

    @hook(NEXT_TURN)
    def next_turn(self, ctx: Ctx, data: Turn) -> None:
        self._begin(ctx, data["player"])

    def _begin(self, ctx: Ctx, player: str) -> None:
        turns = ctx.get([KEY, "turns"]) + 1
        ctx.set([KEY, "turn"], player)
        ctx.set([KEY, "turns"], turns)
        if player not in ctx.get([KEY, "had_turn"]):
            ctx.state.append([KEY, "had_turn"], player)
        word = ctx.get([KEY, "word"])
        ctx.emit(TURN_BEGAN, f"{player}'s turn (player {number_of(ctx, player)}); the ghost "
                             f"word is {word.upper() if word else 'none'}",
                 player=player, turn=turns)
        ctx.set_timer(TURN_TIMER, timedelta(days=self.params.days), self.time_up,
                      {"player": player, "turn": turns})

    @veto("begin", "continue", "protest")
    def in_turn(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        if not in_progress(ctx) or actor not in playing(ctx):
            return
        turn = ctx.get([KEY, "turn"])
        if ctx.get([KEY, "protest"]) is not None:
            ctx.refuse("play is suspended until the protest is resolved")
        ctx.require(actor == turn, "it is not your turn", detail=f"it is {turn}'s turn")

    # 47: "A player who does not make a move within his turn is assumed to have resigned."
    def time_up(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if (not in_progress(ctx) or payload["turn"] != ctx.get([KEY, "turns"])
                or ctx.get([KEY, "protest"]) is not None):
            return
        Resigning.resign_in_turn(ctx, ctx.get([KEY, "turn"]), "timeout")


class Additions(Rule):
    """At any time prior to the first turn of the player assigned the highest number, players may be added to the game. One wishing to be added to the game should inform the referee of their desire to do so; the referee shall then inform all current players of the addition. The new player will be assigned the number one greater than the highest number already assigned to a player in the game. Before the beginning of the new player's first turn, or three days after their addition, whichever comes first, the new player may be removed from the game if any player already in the game protests their addition. Players may not be added to instances of Ghost being played as a Duel."""  # noqa: E501

    key = "ghost-additions"
    pack = PACK
    number = 42
    title = "Additions"

    class Params(RuleParams):
        days: int = Field(3, ge=1, description="how long an addition may be protested")

    params: Params

    @action("ask-to-join")
    def join(self, ctx: Ctx, actor: str) -> None:
        """Ask to be added to the game of Ghost under way."""
        number = len(ctx.get([KEY, "order"])) + 1
        ctx.state.append([KEY, "order"], actor)
        ctx.state.append([KEY, "playing"], actor)
        ctx.set([KEY, "additions", actor], iso(ctx.now + timedelta(days=self.params.days)))
        ctx.emit(ADDED, f"{actor} is added to the game of Ghost as player {number}",
                 player=actor, number=number)

    @join.check
    def _join_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(in_progress(ctx), "no game of Ghost is in progress")
        ctx.require(not ctx.get([KEY, "duel"]),
                    "players may not be added to instances of Ghost being played as a Duel")
        ctx.require(actor != ctx.get([KEY, "referee"]), "you referee this game")
        # A removed player is not added again (INTERPRETATIONS.md): their number stays.
        ctx.require(actor not in ctx.get([KEY, "order"]),
                    "you are already in this game" if actor in playing(ctx)
                    else "you were removed from this game")
        highest = playing(ctx)[-1]
        ctx.require(additions_open(ctx), "players may be added only before the first turn "
                    f"of the player assigned the highest number ({highest})")

    @action("object", Arg("player", str, "the player added, whose addition you protest"))
    def object_(self, ctx: Ctx, actor: str, player: str) -> None:
        """Protest a new player's addition: they are removed from the game."""
        until = ctx.get([KEY, "additions"], {}).get(player)
        ctx.require(until is not None, f"{player} is not a player added to this game")
        ctx.require(number_of(ctx, actor) < number_of(ctx, player),
                    f"you were not already in the game when {player} was added")
        ctx.require(player not in ctx.get([KEY, "had_turn"]),
                    f"{player}'s first turn has begun: their addition can no longer be "
                    "protested")
        ctx.require(ctx.now < parse(until), f"three days have passed since {player}'s "
                    "addition: it can no longer be protested", detail=f"until {until}")
        remove(ctx, player, "objection")

    @object_.check
    def _object_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(in_progress(ctx) and actor in playing(ctx),
                    "only a player in the game may protest an addition")


class ReferenceBooks(Rule):
    """Players in a game of Ghost are forbidden from using dictionaries or other reference books to aid their play. They may use these references for other purposes."""  # noqa: E501

    key = "ghost-reference-books"
    pack = PACK
    number = 43
    title = "Reference books"
    # Conduct outside the game: the admin judges it (INTERPRETATIONS.md).


class Plays(Rule):
    """In his turn, each player shall do one of the following: (1) begin a new ghost word; (2) continue an existing ghost word; (3) protest the ghost word; (4) resign. Plays shall be made by sending a message describing the play to all players and the referee.

(1) A player may only begin a new ghost word when there is no existing ghost word. He shall do so by naming any letter of the alphabet.

(2) A player may continue an existing ghost word only when there is an existing ghost word. He shall do so by posting a string of letters identical to the existing ghost word except for the addition of one letter at either the beginning or the end of the ghost word. This string then becomes the new ghost word."""  # noqa: E501

    key = "ghost-plays"
    pack = PACK
    number = 44
    title = "Plays"

    def _letters(self, ctx: Ctx, actor: str) -> list[str]:
        return list(LETTERS)

    def _refuse_letter(self, ctx: Ctx, actor: str, letter: Any) -> None:
        ctx.refuse(f"{letter!r} is not a letter of the alphabet",
                   detail="a new ghost word is one letter, a to z")

    @action("begin", Arg("letter", str, "a letter of the alphabet", choices="_letters",
                         explain="_refuse_letter"))
    def begin(self, ctx: Ctx, actor: str, letter: str) -> None:
        """Begin a new ghost word by naming a letter."""
        self._play(ctx, actor, "begin", letter.lower())

    @begin.check
    def _begin_check(self, ctx: Ctx, actor: str) -> None:
        word = game(ctx)["word"]
        ctx.require(word is None, "there is an existing ghost word: continue it or protest it",
                    detail=f"the ghost word is {str(word).upper()}")

    def _continuations(self, ctx: Ctx, actor: str) -> list[str]:
        word = ctx.get([KEY, "word"])
        return continuations(word) if word else []

    @action("continue", Arg("word", str, "the ghost word with one letter added at either end"))
    def continue_(self, ctx: Ctx, actor: str, word: str) -> None:
        """Continue the ghost word: post it with one letter added at either end."""
        old = ctx.get([KEY, "word"])
        new = word.strip().lower()
        ctx.require(is_continuation(old, new), f"{word!r} is not the ghost word "
                    f"{old.upper()} with one letter added at its beginning or its end")
        self._play(ctx, actor, "continue", new)

    @continue_.check
    def _continue_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(game(ctx)["word"] is not None,
                    "there is no existing ghost word: begin one by naming a letter")

    @continue_.variants
    def _continue_forms(self, ctx: Ctx, actor: str) -> list[dict[str, list[Any] | None]]:
        found = self._continuations(ctx, actor)
        return [{"word": list(found)}] if found and actor == ctx.get([KEY, "turn"]) else []

    def _play(self, ctx: Ctx, actor: str, play: str, word: str) -> None:
        ctx.set([KEY, "word"], word)
        ctx.set([KEY, "last"], actor)
        ctx.state.append([KEY, "history"], {"turn": ctx.get([KEY, "turns"]), "player": actor,
                                            "play": play, "word": word})
        verb = "begins the ghost word with" if play == "begin" else "continues it:"
        ctx.emit(PLAYED, f"{actor} {verb} {word.upper()}", player=actor, play=play, word=word)
        next_turn(ctx, actor)


class Resigning(Rule):
    """(4) A player who resigns is removed from the game. A player who does not make a move within his turn is assumed to have resigned. When a player resigns, the ghost word is destroyed.

A player may remove themselves from an instance of the game at any time by posting a message to that effect. If it was their turn, they are assumed to have resigned. If they leave Ackanomic, they are assumed to have posted such a message."""  # noqa: E501

    key = "ghost-resigning"
    pack = PACK
    number = 47
    title = "Resigning and leaving"

    # One action for both: in one's turn it is a resignation, out of it a removal.
    @action("resign")
    def resign(self, ctx: Ctx, actor: str) -> None:
        """Resign (in your turn) or remove yourself from the game (at any time)."""
        self.leave(ctx, actor, "resigned")

    @resign.check
    def _resign_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(actor in game(ctx)["playing"] and in_progress(ctx),
                    "you are not a player in a game of Ghost in progress")

    @hook(events.SEAT_LEFT)
    def left_ackanomic(self, ctx: Ctx, data: events.PlayerLeft) -> None:
        if in_progress(ctx) and data["player"] in playing(ctx):
            self.leave(ctx, data["player"], "left")

    @staticmethod
    def leave(ctx: Ctx, player: str, why: str) -> None:
        if ctx.get([KEY, "turn"]) == player and ctx.get([KEY, "protest"]) is None:
            Resigning.resign_in_turn(ctx, player, why)
        else:
            remove(ctx, player, why)

    @staticmethod
    def resign_in_turn(ctx: Ctx, player: str, why: str) -> None:
        """A resignation: the ghost word is destroyed, the player removed, and the next
        player's turn begins."""
        ctx.set([KEY, "word"], None)
        ctx.set([KEY, "last"], None)
        ctx.state.append([KEY, "history"], {"turn": ctx.get([KEY, "turns"]), "player": player,
                                            "play": "resign", "word": None})
        if not remove(ctx, player, why):
            next_turn(ctx, player)


# -- 5. and 6. --------------------------------------------------------------------------
class Winning(Rule):
    """5. Winning

If exactly one player remains in the game, that player wins. There are no other winning conditions.  The winner receives a standard Trophy.

When a winner is found, the referee shall receive 8 A$. If this game took place as a Duel, the winner shall receive no additional compensation. If it was not a Duel and fewer than four players began the game, the winner receives four points. If from four to eight players began the game, the winner receives points equal to the number of players that began the game. If more than eight players began the game, the winner receives 8 points."""  # noqa: E501

    key = "ghost-winning"
    pack = PACK
    number = 5
    title = "Winning"
    currencies = (Currency("points", 0, doc="Ackanomic points"),
                  Currency("A$", 0, doc="Ackanomic dollars"))
    attributes = (Attribute("trophies", 0, doc="standard Trophies won"),)

    # The win itself is found by :func:`remove` when one player remains; this rule pays.
    @hook(ENDED)
    def pay(self, ctx: Ctx, data: Ended) -> None:
        winner = data["winner"]
        if ctx.parent() is not None or winner is None or not ctx.is_player(winner):
            return  # a child game: its result is settled into the parent, which pays
        game_name = f"Ghost #{data['instance']}"
        if data["winner_points"]:
            ctx.gain(winner, data["winner_points"], f"won {game_name}")
        ctx.set_attr(winner, "trophies", ctx.attr(winner, "trophies", 0) + 1)
        referee = data["referee"]
        if referee is not None and ctx.is_player(referee):
            ctx.gain(referee, data["referee_dollars"], f"refereed {game_name}", "A$")


class TheReferee(Rule):
    """6. The Referee

Upon request, the referee must provide the following information: the players in the game and their order of play, whose turn it is, the current ghost word, and a history of the game in progress. He may, but is not required to, keep a web page with this information.

If the referee resigns his position, goes on vacation, or leaves the game of Ackanomic, he is no longer the referee. In this event, any player of Ackanomic who is not a player of that instance of Ghost may become referee by publically expressing his desire to do so. While there is no referee, the game is suspended."""  # noqa: E501

    key = "ghost-referee"
    pack = PACK
    number = 6
    title = "The Referee"

    # The information is the state every viewer reads, and the pack's page shows it.
    @action("resign-referee")
    def resign_referee(self, ctx: Ctx, actor: str) -> None:
        """Resign your position as the referee of this game: it is suspended until
        someone becomes referee."""
        self._lose_referee(ctx, "resigned")

    @resign_referee.check
    def _resign_referee_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(in_progress(ctx) and actor == ctx.get([KEY, "referee"]),
                    "you are not the referee of a game in progress")

    @hook(events.SEAT_LEFT)
    def referee_left(self, ctx: Ctx, data: events.PlayerLeft) -> None:
        if in_progress(ctx) and data["player"] == ctx.get([KEY, "referee"]):
            self._lose_referee(ctx, "left")

    @hook(events.PARENT_INPUT)
    def referee_on_vacation(self, ctx: Ctx, data: events.ParentInput) -> None:
        if (data["kind"] == "status.granted" and data["data"].get("name") == "vacation"
                and in_progress(ctx) and data["player"] == ctx.get([KEY, "referee"])):
            self._lose_referee(ctx, "went on vacation")

    def _lose_referee(self, ctx: Ctx, why: str) -> None:
        referee = ctx.get([KEY, "referee"])
        ctx.set([KEY, "referee"], None)
        ctx.set([KEY, "suspended"], True)
        ctx.emit(REFEREE, f"{referee} {why} and is no longer the referee: the game is "
                          "suspended until someone becomes referee", referee=None, why=why)
        if not ctx.is_paused():
            ctx.pause("Ghost has no referee (1250.9, 6.)")

    @action("become-referee")
    def become_referee(self, ctx: Ctx, actor: str) -> None:
        """Become the referee of this game, which has none."""
        ctx.set([KEY, "referee"], actor)
        ctx.set([KEY, "suspended"], False)
        ctx.emit(REFEREE, f"{actor} becomes the referee: the game goes on", referee=actor,
                 why="volunteered")
        if ctx.is_paused():
            ctx.resume(f"{actor} became the referee of Ghost")

    @become_referee.check
    def _become_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(in_progress(ctx) and ctx.get([KEY, "suspended"]),
                    "this game has a referee")
        ctx.require(actor not in playing(ctx),
                    "a player of this instance of Ghost may not become its referee")

    @veto(*PLAYS, "ask-to-join", "object")
    def suspended(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        if in_progress(ctx) and ctx.get([KEY, "suspended"]):
            ctx.refuse("the game is suspended: it has no referee",
                       detail="any player who is not a player of this instance may "
                              "become referee")


RULES: tuple[type[Rule], ...] = (
    Equipment, NumberOfPlayers, Beginning, OrderOfPlay, Additions, ReferenceBooks, Plays,
    Protests, Removals, Resigning, Winning, TheReferee,
)


# The rules whose workings the invariants check.
CORE = frozenset(cls.class_id() for cls in (
    NumberOfPlayers, Beginning, OrderOfPlay, Additions, Plays, Protests, Removals, Resigning))


class GhostParams(PackParams):
    seats: int = Field(3, ge=2, description="standalone: players in each instance")
    games: int = Field(0, ge=0, description="standalone: instances the table plays before "
                                            "it closes (0: until the admin ends it)")
    with_referee: bool = Field(False, description="standalone: the next member referees "
                                                 "(otherwise the engine does)")
    duel: bool = Field(False, description="as a child game: played as a Duel")


class Ghost(Pack):
    id = PACK_ID
    title = "Ackanomic: Ghost"
    description = ("Ackanomic rule 1250.9 on its own: players in turn add a letter at either "
                   "end of the ghost word, or protest that it is a word or that no word "
                   "contains it; the last player left wins.")
    Params = GhostParams
    players = (2, None)
    initial = initial_rules(RULES)
    rule_classes = RULES
    pages = (PAGE,)

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, GhostParams)
        ctx.set(["dictionary"], words.record())
        ctx.set([KEY], new_table(params.seats, params.games, params.with_referee,
                                 params.duel))

    def invariants(self, state: dict[str, Any]) -> list[str]:
        table = state.get(KEY)
        if table is None:
            return ["there is no Ghost table"]
        in_force = {entry["class"] for entry in state["rules"].values()}
        if not in_force >= CORE or table["over"]:
            return []
        problems: list[str] = []
        order, left = table["order"], table["playing"]
        if len(set(order)) != len(order):
            problems.append(f"a player has two numbers: {order}")
        if [name for name in order if name in left] != left:
            problems.append(f"the players left {left} are not in the order of play {order}")
        if len(left) < 2:
            problems.append(f"the game goes on with {len(left)} player(s)")
        if table["turn"] is not None and table["turn"] not in left:
            problems.append(f"it is the turn of {table['turn']}, who is not playing")
        word = table["word"]
        if word is not None and not (word.isascii() and word.isalpha() and word.islower()):
            problems.append(f"the ghost word {word!r} is not a string of letters")
        if word is None and table["protest"] is None and table["last"] is not None:
            problems.append("no ghost word, but a player is said to have made it")
        return problems

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        """Played as a child game (one instance): see the module's docstring."""
        table = state.get(KEY, {})
        results = table.get("results", [])
        last = results[-1] if results else {}
        winner = last.get("winner")
        order = list(last.get("order", table.get("order", [])))
        began = int(last.get("began", table.get("began", 0)))
        duel = bool(table.get("duel"))
        return {"winners": [winner] if winner else [],
                "scores": {name: int(name == winner) for name in order},
                "referee": table.get("referee"), "rounds": int(table.get("turns", 0)),
                "began": began, "duel": duel,
                "winner_points": winner_points(began, duel) if winner else 0,
                "referee_dollars": 8 if winner else 0, "trophy": winner is not None,
                "order": order}

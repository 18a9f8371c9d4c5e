"""Ackanomic rule 1250.11, Tromino Go, as rule classes and a pack.

The parts before the numbered rules of 1250.11 are Rules 1 to 4 of the game's own
ruleset (General Equipment, Players, Definitions, Beginning the game); its numbered
rules 1 to 11 are Rules 11 to 21. The geometry (trominoes, touching, No Man's Land,
outside edges, groups, surrounding) is :mod:`tromino_geometry`.

Cells are ``"x,y"`` on an unbounded grid. The state of the game is kept under
``tromino``: the two ``players``, the ``referee``, each player's Gamepoints
(``scores``), the ``round`` under way and its ``first`` player (who plays capitals),
the ``turn`` (plays and passes made in the round: the letter and the player follow
from it), the trominoes on the grid (``board``: id -> cells, player, letter), the
order they were ``placed`` in, the ``concessions`` on offer, the run of ``passes``,
the turns of the moving phase (``moving_turns``), the ``rounds`` completed, and at
the end the ``winner`` and ``how``.

Played standalone (the ``ackanomic-tromino-go`` pack), the game is a table whose
members play games one after another (``games`` of them; 0: until the admin ends
it), two members a game, seated one place further round each time, with the engine
refereeing or, with ``with_referee``, the next member; Rule 18 pays the A$ of 8. from
the treasury into the table's own ledger, and ``results`` keeps each game's.

Started by a parent game's rule (``ctx.start_child("ackanomic-tromino-go",
players=[two players], referee=...)``) it plays one game, and its result, settled
into the parent, has these fields:

- ``winners``: the winner (one name), or none if the game stopped unfinished;
- ``scores``: each player's Gamepoints;
- ``referee``: the referee (None: the engine refereed);
- ``rounds``: the rounds completed;
- ``how``: ``points`` (7 or more Gamepoints), ``timeout`` (the opponent did not play
  within 3 days) or ``left`` (the opponent left);
- ``winner_dollars``: what 8. gives the winner from the treasury when the game was
  not a Duel: twice the difference of the scores when won on points, otherwise 14
  minus twice the opponent's score;
- ``referee_dollars``: A$1 for each round completed, at most A$10.

The parent pays them (and decides whether the game was played for a Duel, which pays
nobody the winner's A$); 8. awards no Trophy.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    ActionDecl,
    Arg,
    Ctx,
    Currency,
    Pack,
    PackParams,
    Rule,
    RuleParams,
    action,
    adjust,
    events,
    hook,
    veto,
)
from nomicon.packs.ackanomic import tromino_geometry as geo
from nomicon.packs.ackanomic.tables import (
    close_table,
    has_played_out,
    initial_rules,
    members_of,
    parents_choice,
    round_the_table,
)
from nomicon.packs.ackanomic.tromino_events import (
    CLOSED,
    CONCEDED,
    ENDED,
    FORFEIT,
    NEXT_ROUND,
    PLAYED,
    ROUND_BEGAN,
    ROUND_ENDED,
    RULING,
    STARTED,
    Ended,
    Forfeit,
    Played,
    Round,
    RoundBegan,
    RoundEnded,
    Started,
)
from nomicon.packs.ackanomic.tromino_state import (
    KEY,
    board,
    cells_or_refuse,
    destinations,
    first_four_problem,
    in_round,
    is_moving_phase,
    legal_placements,
    letters,
    movable,
    new_table,
    opponent,
    owners,
    play_problem,
    players,
    require_round,
    to_play,
)

PACK = "ackanomic"
PACK_ID = "ackanomic-tromino-go"
ACTIONS = ("place", "move", "pass", "concede", "accept")
#: What Rule 16 asks the rules in force to adjust: a round winner's Gamepoints.
ROUND_POINTS = "tromino.round-points"


def _record_play(ctx: Ctx, player: str, letter: str, kind: str, cells: list[str],
                 origin: list[str]) -> None:
    """Advance to the next letter and player, and tell the rules what was played."""
    number = ctx.get([KEY, "round"])
    ctx.set([KEY, "turn"], ctx.get([KEY, "turn"]) + 1)
    ctx.set([KEY, "passes"], ctx.get([KEY, "passes"]) + 1 if kind == "pass" else 0)
    if is_moving_phase(ctx) and kind != "place":
        ctx.set([KEY, "moving_turns"], ctx.get([KEY, "moving_turns"]) + 1)
    shown = {"place": f"places {letter} on {' '.join(cells)}",
             "move": f"moves {letter} from {' '.join(origin)} to {' '.join(cells)}",
             "pass": f"passes on {letter}"}[kind]
    ctx.emit(PLAYED, f"round {number}: {player} {shown}", round=number, player=player,
             letter=letter, kind=kind, cells=cells, origin=origin)


def end_round(ctx: Ctx, winner: str | None, points: int, surrounded: dict[str, int],
              how: str) -> None:
    """Score the round for ``winner`` (None: a tie) and announce its end."""
    number = ctx.get([KEY, "round"])
    if winner is not None and points:
        ctx.set([KEY, "scores", winner], ctx.get([KEY, "scores", winner], 0) + points)
    scores = dict(ctx.get([KEY, "scores"]))
    ctx.state.append([KEY, "rounds"], {"round": number, "winner": winner, "points": points,
                                       "surrounded": surrounded, "how": how,
                                       "first": ctx.get([KEY, "first"])})
    shown = ", ".join(f"{player} {score}" for player, score in scores.items())
    outcome = f"{winner} wins it and scores {points}" if winner else "a tie: nobody scores"
    ctx.emit(ROUND_ENDED, f"round {number} is over ({how}): {outcome}; Gamepoints {shown}",
             round=number, winner=winner, points=points, surrounded=surrounded, how=how,
             scores=scores)


# -- Before the numbered rules ------------------------------------------------------------
class Equipment(Rule):
    """General Equipment: Gamepoints as needed"""

    key = "tromino-equipment"
    pack = PACK
    number = 1
    title = "General Equipment"
    # Gamepoints are counted in ``tromino.scores``.


class NumberOfPlayers(Rule):
    """Players: exactly two players and one referee are required, no more, no less."""

    key = "tromino-players"
    pack = PACK
    number = 2
    title = "Players"

    @veto(*ACTIONS)
    def players_play(self, ctx: Ctx, actor: str, decl: ActionDecl,
                     args: dict[str, Any]) -> None:
        if actor in players(ctx) and not ctx.get([KEY, "over"]):
            return
        if actor == ctx.get([KEY, "referee"]) and actor is not None:
            ctx.refuse("you are the referee of this game, not one of its players")
        if players(ctx) and not ctx.get([KEY, "over"]):
            ctx.refuse("you are not one of this game's players",
                       detail=f"the players are {' and '.join(players(ctx))}")
        ctx.refuse("no game is in progress")


class Definitions(Rule):
    """Definitions: A tromino, or "piece", is an L-shaped group of three like letters. A unit of edge is a length equal to the height or width of one letter on any edge of a tromino. Each tromino has four 1-unit edges and two 2-unit edges. Adjacent (or "touching"), in this game, means bordering on one or more units of edge. Trominoes which touch only diagonally are not considered adjacent. A group of trominoes is any single tromino not adjacent to another tromino belonging to the same player, or any set of two or more trominoes which belong to the same player such that a path can be made from any one to any other tromino in the set by moving only between adjacent trominoes, but no tromino in the set is adjacent to a tromino belonging to that player but not in the set. A No Man's Land is any area of empty space completely surrounded by trominoes. Outside edge is any edge or portion of an edge of a tromino which does not have another tromino or a No Man's Land adjacent to it. A group of trominoes is surrounded if no tromino in the group has any outside edge."""  # noqa: E501

    key = "tromino-definitions"
    pack = PACK
    number = 3
    title = "Definitions"
    # The definitions are the functions of tromino_geometry; the rules below use them.


class Beginning(Rule):
    """Beginning the game: As described in rule 1250.1, section VI. Additionally, the referee shall randomly select one of the players to go first in the first round; this begins the first round."""  # noqa: E501

    key = "tromino-beginning"
    pack = PACK
    number = 4
    title = "Beginning the game"

    def on_enact(self, ctx: Ctx) -> None:
        if ctx.get([KEY]) is None:  # enacted by a proposal into a game without a table
            ctx.set([KEY], new_table())
        self._start_if_ready(ctx)

    @hook(events.PLAYER_JOINED)
    def on_joined(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        self._start_if_ready(ctx)

    @hook(CLOSED)
    def on_closed(self, ctx: Ctx, data: Round) -> None:
        # A child game of another game is one game of Tromino Go.
        if has_played_out(ctx, KEY):
            close_table(ctx, KEY, "Tromino Go")
        else:
            self._start_if_ready(ctx)

    def _start_if_ready(self, ctx: Ctx) -> None:
        state = ctx.get([KEY])
        members = members_of(ctx)
        if ctx.get(["game", "status"]) != "active" or (state["players"] and not state["over"]):
            return
        if state["games"] and state["instance"] >= state["games"]:
            return
        link = ctx.parent()
        if link is not None:
            # A child game: the game that started it chose the two players and the
            # referee; it begins when they are all members, and is played once.
            chosen = parents_choice(link, members)
            if state["instance"] or chosen is None or len(chosen[0]) != 2:
                return
            seated, referee = chosen
        else:
            # Standalone: a table whose members play games one after another, seated
            # one place further round the members each game; with a referee wanted, a
            # game waits for a third member, the next one round, to referee
            # (INTERPRETATIONS.md).
            wanted = 3 if state.get("with_referee") else 2
            if len(members) < wanted:
                return
            seated, referee = round_the_table(members, state["instance"] % len(members), 2,
                                              wanted == 3)
        first = ctx.pick(seated, "who goes first in the first round (1d2 over the players)")
        for name, value in (("instance", state["instance"] + 1), ("players", seated),
                            ("referee", referee), ("scores", {p: 0 for p in seated}),
                            ("round", 0), ("rounds", []), ("winner", None), ("how", None),
                            ("over", False), ("dollars", None)):
            ctx.set([KEY, name], value)
        who = f"; {referee} referees" if referee else "; the engine referees"
        ctx.emit(STARTED, f"Tromino Go: {' and '.join(seated)} play; {first} goes first{who}",
                 players=seated, referee=referee, first=first)


# -- 1. to 11. ----------------------------------------------------------------------------
class GeneralPlay(Rule):
    """1. General play rules: The player who loses each round starts the next round, if there is one; if a round ends in a tie then the player who played second plays first in the next round. The player who plays first in a round always plays using capital letters, and the other player uses lower case. The plays in each round always cycle through the letters A, B, and C, and the players always alternate making plays, so the first six plays in a round will always be A, b, C, a, B, and c, and then the sequence repeats."""  # noqa: E501

    key = "tromino-general-play"
    pack = PACK
    number = 11
    title = "1. General play rules"

    class Params(RuleParams):
        pieces: int = Field(30, ge=4, description="trominoes played before the moving phase")

    params: Params

    @hook(STARTED)
    def first_round(self, ctx: Ctx, data: Started) -> None:
        self._begin(ctx, data["first"])

    @hook(NEXT_ROUND)
    def next_round(self, ctx: Ctx, data: Round) -> None:
        last = ctx.get([KEY, "rounds"])[-1]
        if last["winner"] is not None:
            self._begin(ctx, opponent(ctx, last["winner"]))
        else:
            self._begin(ctx, opponent(ctx, last["first"]))

    # Each round begins on an empty grid ("an otherwise empty grid").
    def _begin(self, ctx: Ctx, first: str) -> None:
        number = ctx.get([KEY, "round"]) + 1
        for name, value in (("round", number), ("first", first), ("turn", 0), ("board", {}),
                            ("placed", []), ("concessions", {}), ("passes", 0),
                            ("moving_turns", 0), ("pieces", self.params.pieces)):
            ctx.set([KEY, name], value)
        ctx.emit(ROUND_BEGAN, f"round {number} of Tromino Go: {first} plays first, with "
                              "capitals", round=number, first=first)

    @veto("place", "move", "pass")
    def in_turn(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        if not in_round(ctx) or actor not in players(ctx):
            return
        player, letter = to_play(ctx)
        ctx.require(actor == player, "it is not your turn",
                    detail=f"it is {player}'s turn, with {letter}")


class FirstFourPlays(Rule):
    """2. The first four plays in a round: The first player begins by placing an A tromino in an otherwise empty grid. The second player then plays a b tromino so that it touches at least two units of edge (which may be part of the same edge or different edges) of the first tromino. The first player then plays a C tromino so that it touches the b tromino along at least two units of edge, but it does not touch the A tromino. Then the second player plays an a tromino so that it touches at least two units of edge of the C tromino, but does not touch the b tromino."""  # noqa: E501

    key = "tromino-first-four"
    pack = PACK
    number = 12
    title = "2. The first four plays"

    @veto("place")
    def first_four(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        if not in_round(ctx) or len(ctx.get([KEY, "placed"], [])) >= 4 or "cells" not in args:
            return
        try:
            piece = geo.parse_piece(args["cells"])
        except ValueError:
            return  # not a tromino at all: Rule 13's action says so
        problem = first_four_problem(ctx, piece)
        if problem is not None:
            ctx.refuse(problem)


class Plays(Rule):
    """3. Plays Five to Thirty: After the first four plays in a round, until 30 trominoes have been played, each player in turn plays a tromino of the next letter in the sequence in accorance with these three rules: i. It may not touch any other tromino of the same letter, regardless who played it (so an A tromino may not touch any other A or a trominoes, for instance). ii. It must touch at least one tromino played by the opponent along at least one unit of edge. iii. It must touch at least two units of edge of any trominoes already played (including the one unit required by rule ii)."""  # noqa: E501

    key = "tromino-plays"
    pack = PACK
    number = 13
    title = "3. Plays five to thirty"

    @action("place", Arg("cells", list, "the tromino's three cells, each \"x,y\""))
    def place(self, ctx: Ctx, actor: str, cells: list[Any]) -> None:
        """Place a tromino of the letter of this play."""
        piece = cells_or_refuse(ctx, cells)
        _, letter = to_play(ctx)
        shapes = board(ctx)
        if len(ctx.get([KEY, "placed"])) >= 4:
            problem = play_problem(shapes, letters(ctx), owners(ctx), piece, letter, actor)
        else:
            problem = "those cells are not empty" if geo.occupied(shapes) & piece else None
        if problem is not None:
            ctx.refuse(problem, detail=f"you are playing {letter}")
        tid = f"t{ctx.get([KEY, 'next_id'])}"
        ctx.set([KEY, "next_id"], ctx.get([KEY, "next_id"]) + 1)
        ctx.set([KEY, "board", tid], {"cells": geo.keys(piece), "player": actor,
                                      "letter": letter})
        ctx.state.append([KEY, "placed"], tid)
        _record_play(ctx, actor, letter, "place", geo.keys(piece), [])

    @place.check
    def _place_check(self, ctx: Ctx, actor: str) -> None:
        require_round(ctx)
        ctx.require(not is_moving_phase(ctx), f"{ctx.get([KEY, 'pieces'])} trominoes have "
                    "been played: move one of yours instead (4.)")

    @place.variants
    def _where(self, ctx: Ctx, actor: str) -> list[dict[str, list[Any] | None]]:
        player, letter = to_play(ctx)
        if actor != player:
            return []
        found = legal_placements(ctx, actor, letter)
        return [{"cells": [geo.keys(piece) for piece in found]}] if found else []


class Moving(Rule):
    """4. Moving Trominoes: If 30 trominoes have been played without ending the round, then instead of adding additional trominoes, each player moves one of his trominoes of the appropriate letter to a new location. Only trominoes with some outside edge may be moved; a tromino which will split the grid into two pieces if removed may not be moved. The tromino's new position must follow the rules in section 3 for playing new trominoes. When a round which has progressed to this phase ends, the player who wins scores double the Gamepoints he would normally score."""  # noqa: E501

    key = "tromino-moving"
    pack = PACK
    number = 14
    title = "4. Moving trominoes"

    class Params(RuleParams):
        ruling_after: int = Field(60, ge=1, description="turns of the moving phase after "
                                  "which the referee rules the round a tie")

    params: Params

    @action("move", Arg("piece", list, "the cells of the tromino you move, each \"x,y\""),
            Arg("cells", list, "its new cells, each \"x,y\""))
    def move(self, ctx: Ctx, actor: str, piece: list[Any], cells: list[Any]) -> None:
        """Move one of your trominoes of this play's letter to a new place."""
        old, new = cells_or_refuse(ctx, piece), cells_or_refuse(ctx, cells)
        _, letter = to_play(ctx)
        shapes = board(ctx)
        tid = next((t for t, shape in shapes.items() if shape == old), None)
        if tid is None:
            ctx.refuse(f"there is no tromino on {' '.join(geo.keys(old))}")
        assert tid is not None
        record = ctx.get([KEY, "board", tid])
        ctx.require(record["player"] == actor and record["letter"] == letter,
                    f"that tromino is {record['player']}'s {record['letter']}",
                    detail=f"you move one of your {letter} trominoes")
        ctx.require(tid in movable(ctx, actor, letter),
                    "only a tromino with some outside edge, whose removal does not split "
                    "the grid into two pieces, may be moved")
        ctx.require(new != old, "a tromino moves to a new location")
        rest = {other: shape for other, shape in shapes.items() if other != tid}
        problem = play_problem(rest, letters(ctx), owners(ctx), new, letter, actor)
        if problem is not None:
            ctx.refuse(problem, detail="a moved tromino follows the rules of 3.")
        ctx.set([KEY, "board", tid, "cells"], geo.keys(new))
        _record_play(ctx, actor, letter, "move", geo.keys(new), geo.keys(old))

    @move.check
    def _move_check(self, ctx: Ctx, actor: str) -> None:
        require_round(ctx)
        ctx.require(is_moving_phase(ctx), f"trominoes are moved only once "
                    f"{ctx.get([KEY, 'pieces'])} have been played")

    @move.variants
    def _moves(self, ctx: Ctx, actor: str) -> list[dict[str, list[Any] | None]]:
        player, letter = to_play(ctx)
        if actor != player:
            return []
        shapes = board(ctx)
        forms: list[dict[str, list[Any] | None]] = []
        for tid in movable(ctx, actor, letter):
            found = destinations(ctx, tid, actor, letter)
            if found:
                forms.append({"piece": [geo.keys(shapes[tid])],
                              "cells": [geo.keys(piece) for piece in found]})
        return forms

    @adjust(ROUND_POINTS)
    def double(self, ctx: Ctx, points: int) -> int:
        return points * 2 if is_moving_phase(ctx) else points

    # A ruling for rounds that could go on forever (INTERPRETATIONS.md): moving can
    # repeat positions without end, so after ``ruling_after`` turns of the moving
    # phase the referee rules the round a tie.
    @hook(PLAYED)
    def rule_on_endless_rounds(self, ctx: Ctx, data: Played) -> None:
        if (not in_round(ctx) or data["round"] != ctx.get([KEY, "round"])
                or ctx.get([KEY, "moving_turns"]) < self.params.ruling_after):
            return
        if geo.surrounded(board(ctx), owners(ctx)):
            return  # the round ends normally: Rule 16 scores it
        ruling = (f"{self.params.ruling_after} turns of moving have not ended the round: "
                  "the referee rules it a tie")
        ctx.emit(RULING, f"round {data['round']}: {ruling}", round=data["round"],
                 ruling=ruling)
        end_round(ctx, None, 0, {player: 0 for player in players(ctx)}, "ruling")


class Stalemate(Rule):
    """5. Handling a Stalemate: In any of the phases of play (rules 2 through 4 above), if a player cannot make any other legal play, he may pass, leaving the grid unchanged but advancing to the next letter in sequence and to the other player's turn."""  # noqa: E501

    key = "tromino-stalemate"
    pack = PACK
    number = 15
    title = "5. Handling a stalemate"

    @action("pass")
    def pass_(self, ctx: Ctx, actor: str) -> None:
        """Pass: you have no other legal play."""
        _, letter = to_play(ctx)
        _record_play(ctx, actor, letter, "pass", [], [])

    @pass_.check
    def _pass_check(self, ctx: Ctx, actor: str) -> None:
        require_round(ctx)
        player, letter = to_play(ctx)
        if actor != player:
            return  # Rule 11 refuses it: not their turn
        if is_moving_phase(ctx):
            can = any(destinations(ctx, tid, actor, letter)
                      for tid in movable(ctx, actor, letter))
        else:
            can = bool(legal_placements(ctx, actor, letter))
        ctx.require(not can, "you can make a legal play, so you may not pass",
                    detail=f"you have a legal {'move' if is_moving_phase(ctx) else 'place'}")

    # Six passes in a row have passed every letter for both players: the grid cannot
    # change again, so the referee rules the round a tie (INTERPRETATIONS.md).
    @hook(PLAYED)
    def rule_on_a_stalemate(self, ctx: Ctx, data: Played) -> None:
        if not in_round(ctx) or data["round"] != ctx.get([KEY, "round"]):
            return
        if ctx.get([KEY, "passes"]) >= 6:
            ruling = "both players have passed on every letter: the referee rules a tie"
            ctx.emit(RULING, f"round {data['round']}: {ruling}", round=data["round"],
                     ruling=ruling)
            end_round(ctx, None, 0, {player: 0 for player in players(ctx)}, "ruling")


class WinningARound(Rule):
    """6. Winning a Round: A round ends when one or more groups of trominoes are surrounded. At the end of a round, the player with the fewer surrounded trominoes wins the round, and scores Gamepoints equal to the number of his opponent's surrounded trominoes minus the number of his own surrounded trominoes. If the two players have the same number of surrounded trominoes then the round is a tie and nobody scores. A player may cause his own trominoes to be surrounded by forming a No Man's Land."""  # noqa: E501

    key = "tromino-winning-a-round"
    pack = PACK
    number = 16
    title = "6. Winning a round"

    @hook(PLAYED)
    def surround(self, ctx: Ctx, data: Played) -> None:
        if (data["kind"] == "pass" or not in_round(ctx)
                or data["round"] != ctx.get([KEY, "round"])):
            return
        found = geo.surrounded(board(ctx), owners(ctx))
        if not found:
            return
        counts = {player: 0 for player in players(ctx)}
        for player, part in found:
            counts[player] += len(part)
        fewer = [p for p in players(ctx) if counts[p] < counts[opponent(ctx, p)]]
        if not fewer:
            end_round(ctx, None, 0, counts, "surrounded")
            return
        winner = fewer[0]
        base = counts[opponent(ctx, winner)] - counts[winner]
        points = ctx.adjust(ROUND_POINTS, base)
        end_round(ctx, winner, base if points is None else points, counts, "surrounded")


class Concessions(Rule):
    """7. Concessions: At any time either player may post a public message conceding the current round of Tromino Go, along with a number of Gamepoints they are conceding. This does not end the round, and is not a play; the round continues as usual until it ends normally, or a concession is accepted. A player may accept any concession made by their opponent during the current round of Tromino Go by stating so in a public message; if e does so, the current round ends and e scores the indicated number of Gamepoints."""  # noqa: E501

    key = "tromino-concessions"
    pack = PACK
    number = 17
    title = "7. Concessions"

    @action("concede", Arg("points", int, "the Gamepoints you concede", minimum=0,
                           maximum=99))
    def concede(self, ctx: Ctx, actor: str, points: int) -> None:
        """Concede the round with a number of Gamepoints; your opponent may accept."""
        require_round(ctx)
        number = ctx.get([KEY, "round"])
        ctx.set([KEY, "concessions", actor], points)
        ctx.emit(CONCEDED, f"round {number}: {actor} concedes the round with {points} "
                           "Gamepoint(s)", round=number, player=actor, points=points)

    # "any concession made by their opponent": the latest the opponent made this round.
    @action("accept")
    def accept(self, ctx: Ctx, actor: str) -> None:
        """Accept your opponent's concession: the round ends and you score its points."""
        points = ctx.get([KEY, "concessions", opponent(ctx, actor)])
        end_round(ctx, actor, points, {player: 0 for player in players(ctx)}, "concession")

    @accept.check
    def _accept_check(self, ctx: Ctx, actor: str) -> None:
        require_round(ctx)
        if actor in players(ctx):
            ctx.require(opponent(ctx, actor) in ctx.get([KEY, "concessions"], {}),
                        "your opponent has conceded nothing this round")


class WinningTheGame(Rule):
    """8. Winning the Game: When a player has scored 7 or more Gamepoints in a game of Tromino Go, e wins that game. A player may also win the game if his opponent fails to make a play within the 3 day time limit. These are the only ways to win the game. When a player wins an instance of Tromino Go which was not played for a Duel, an amount of A$ is transferred to that player from the treasury as follows: If e won by scoring 7 or more Gamepoints, then e gets 2 times the difference between his score in Gamepoints and his opponent's score in Gamepoints. Otherwise, e gets 14 minus twice eir opponent's score in Gamepoints. In addition, at the end of any instance of Tromino Go, the referee gets A$1 from the treasury for each round completed, to a maximum of A$10. No Trophies are awarded for winning this game."""  # noqa: E501

    key = "tromino-winning-the-game"
    pack = PACK
    number = 18
    title = "8. Winning the game"
    currencies = (Currency("A$", 0, doc="Ackanomic dollars"),)

    class Params(RuleParams):
        target: int = Field(7, ge=1, description="Gamepoints that win the game")
        referee_most: int = Field(10, ge=0, description="the most A$ the referee gets")

    params: Params

    @hook(ROUND_ENDED)
    def after_a_round(self, ctx: Ctx, data: RoundEnded) -> None:
        leaders = [p for p, score in data["scores"].items() if score >= self.params.target]
        if leaders:
            self._end(ctx, leaders[0], "points")
        else:
            ctx.dispatch(NEXT_ROUND, Round(round=data["round"]))

    @hook(FORFEIT)
    def forfeit(self, ctx: Ctx, data: Forfeit) -> None:
        if ctx.get([KEY, "over"]) or data["player"] not in players(ctx):
            return
        self._end(ctx, opponent(ctx, data["player"]), data["why"])

    def _end(self, ctx: Ctx, winner: str, how: str) -> None:
        loser = opponent(ctx, winner)
        scores = dict(ctx.get([KEY, "scores"]))
        if how == "points":
            dollars = 2 * (scores[winner] - scores[loser])
        else:
            dollars = 14 - 2 * scores[loser]
        rounds = len(ctx.get([KEY, "rounds"]))
        referee = ctx.get([KEY, "referee"])
        fee = min(rounds, self.params.referee_most)
        ctx.set([KEY, "over"], True)
        ctx.set([KEY, "winner"], winner)
        ctx.set([KEY, "how"], how)
        ctx.set([KEY, "dollars"], {"winner": max(dollars, 0), "referee": fee})
        ctx.emit(ENDED, f"Tromino Go is over: {winner} wins ({how}); Gamepoints "
                        + ", ".join(f"{p} {s}" for p, s in scores.items()),
                 winner=winner, loser=loser, how=how, scores=scores, rounds=rounds,
                 winner_dollars=max(dollars, 0), referee_dollars=fee, referee=referee)
        ctx.state.append([KEY, "results"], {"instance": ctx.get([KEY, "instance"]),
                                            "players": players(ctx), "winner": winner,
                                            "how": how, "scores": scores, "rounds": rounds})
        ctx.dispatch(CLOSED, Round(round=rounds))

    @hook(ENDED)
    def pay(self, ctx: Ctx, data: Ended) -> None:
        if ctx.parent() is not None:
            return  # a child game: its parent pays, knowing whether it was a Duel
        if data["winner"] is not None and data["winner_dollars"]:
            ctx.gain(data["winner"], data["winner_dollars"], "won Tromino Go", "A$")
        if data["referee"] is not None and ctx.is_player(data["referee"]) \
                and data["referee_dollars"]:
            ctx.gain(data["referee"], data["referee_dollars"],
                     f"refereed {data['rounds']} round(s) of Tromino Go", "A$")


class HowPlaysAreMade(Rule):
    """9. How Plays are Made: Players should play by reposting the previous grid, with their new play added/moved as appropriate, in a public message. Players need not wait for the referee to comment on a play before making the next play; the referee should watch for illegal plays, but need not make any comment unless an illegal play is discovered, or a play has been questioned, or a round has ended. Each player has 3 days from the time of the previous play (or from the beginning of the round, for the case of the first play) to make a play when it is his turn, or else e loses the game."""  # noqa: E501

    key = "tromino-how-plays-are-made"
    pack = PACK
    number = 19
    title = "9. How plays are made"
    TIMER = "tromino-turn"

    class Params(RuleParams):
        days: int = Field(3, ge=1, description="days a player has to make a play")

    params: Params

    @hook(ROUND_BEGAN)
    def round_clock(self, ctx: Ctx, data: RoundBegan) -> None:
        self._start(ctx)

    @hook(PLAYED)
    def play_clock(self, ctx: Ctx, data: Played) -> None:
        if in_round(ctx) and data["round"] == ctx.get([KEY, "round"]):
            self._start(ctx)

    @hook(ENDED)
    def stop(self, ctx: Ctx, data: Ended) -> None:
        ctx.cancel_timer(self.TIMER)

    def _start(self, ctx: Ctx) -> None:
        player, _ = to_play(ctx)
        ctx.set_timer(self.TIMER, timedelta(days=self.params.days), self.time_up,
                      {"player": player, "turn": ctx.get([KEY, "turn"]),
                       "round": ctx.get([KEY, "round"])})

    def time_up(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if (not in_round(ctx) or payload["round"] != ctx.get([KEY, "round"])
                or payload["turn"] != ctx.get([KEY, "turn"])):
            return
        ctx.dispatch(FORFEIT, Forfeit(player=payload["player"], why="timeout"))


class IllegalPlays(Rule):
    """10. Handling Illegal Plays and the End of a Round: If a player believes an illegal play has been made, he may post so publicly, and the referee should post publicly either that all plays are legal, or indicate the first illegal play which has been made."""  # noqa: E501

    key = "tromino-illegal-plays"
    pack = PACK
    number = 20
    title = "10. Illegal plays"
    # Nomicon refuses an illegal play before it is made, so no illegal play is ever on
    # the grid to be challenged, and the end of each round is announced by Rule 16.


class Substitutions(Rule):
    """11. Substitutions: A player may appoint another willing player not already involved with the game to play in his place for any time that e is on vacation. If a player leaves the game of Ackanomic, e loses the game of Tromino Go."""  # noqa: E501

    key = "tromino-substitutions"
    pack = PACK
    number = 21
    title = "11. Substitutions"

    # A substitute plays a seat through the kernel's seats (``ctx.seat``); a player who
    # leaves loses.
    @hook(events.SEAT_LEFT)
    def leaving_loses(self, ctx: Ctx, data: events.PlayerLeft) -> None:
        if data["player"] in players(ctx) and not ctx.get([KEY, "over"]):
            ctx.dispatch(FORFEIT, Forfeit(player=data["player"], why="left"))


RULES: tuple[type[Rule], ...] = (
    Equipment, NumberOfPlayers, Definitions, Beginning, GeneralPlay, FirstFourPlays, Plays,
    Moving, Stalemate, WinningARound, Concessions, WinningTheGame, HowPlaysAreMade,
    IllegalPlays, Substitutions,
)


# The rules whose workings the invariants check: with all of them in force, only the
# players' trominoes are on the grid, as many as a round has.
CORE = frozenset(cls.class_id() for cls in (
    NumberOfPlayers, Beginning, GeneralPlay, FirstFourPlays, Plays, Moving, WinningARound,
    WinningTheGame))


class TrominoGoParams(PackParams):
    games: int = Field(0, ge=0, description="games the table plays before it closes "
                                            "(0: until the admin ends it)")
    with_referee: bool = Field(False, description="standalone: wait for a third member "
                                                 "to referee (otherwise the engine does)")


class TrominoGo(Pack):
    id = PACK_ID
    title = "Ackanomic: Tromino Go"
    description = ("Ackanomic rule 1250.11 on its own: two players place L-trominoes of the "
                   "letters A, b, C, a, B, c... on an unbounded grid; a round ends when a "
                   "group is surrounded; 7 Gamepoints win.")
    Params = TrominoGoParams
    players = (2, None)
    board = "trominoes"
    initial = initial_rules(RULES)
    rule_classes = RULES

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, TrominoGoParams)
        ctx.set([KEY], {**new_table(params.games), "with_referee": params.with_referee})

    def invariants(self, state: dict[str, Any]) -> list[str]:
        game = state.get(KEY)
        if game is None:
            return ["there is no Tromino Go table"]
        in_force = {entry["class"] for entry in state["rules"].values()}
        if not in_force >= CORE:
            return []  # the rules that seat, place and score have been changed
        problems: list[str] = []
        seen: set[geo.Cell] = set()
        for tid, record in game["board"].items():
            try:
                piece = geo.parse_piece(record["cells"])
            except ValueError as exc:
                problems.append(f"{tid}: {exc}")
                continue
            if piece & seen:
                problems.append(f"{tid} overlaps another tromino")
            seen |= piece
            if record["player"] not in game["players"]:
                problems.append(f"{tid} belongs to {record['player']}, who does not play")
        if len(game["board"]) > max(int(game.get("pieces", 30)), 4):
            problems.append(f"{len(game['board'])} trominoes on the grid")
        if any(score < 0 for score in game["scores"].values()):
            problems.append(f"a negative score: {game['scores']}")
        return problems

    def metrics(self, state: dict[str, Any]) -> dict[str, float]:
        """Rounds completed, and how many ended by surrounding or by a ruling."""
        table = state.get(KEY) or {}
        results = table.get("results", [])
        return {"games": float(len(results)),
                "rounds": float(sum(r["rounds"] for r in results)),
                "won_on_points": float(sum(1 for r in results if r["how"] == "points"))}

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        """Played as a child game: see the module's docstring."""
        game = state.get(KEY) or new_table()
        dollars = game.get("dollars") or {"winner": 0,
                                          "referee": min(len(game["rounds"]), 10)}
        return {"winners": list(state.get("winners", [])), "scores": dict(game["scores"]),
                "referee": game["referee"], "rounds": len(game["rounds"]),
                "how": game["how"] or "unfinished", "winner_dollars": dollars["winner"],
                "referee_dollars": dollars["referee"]}

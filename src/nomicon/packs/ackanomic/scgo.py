"""Ackanomic rule 1250.13, Single Capture Go, as rule classes and a pack.

Each part of 1250.13 is a rule of the game's own ruleset, numbered after it: parts I,
II and III are Rules 1 to 3; part IV's grid is Rule 4, its rounds Rule 5, its plays
Rule 6, and the six steps of a round's results are Rules 61 to 66.

The grid is N by N, rows ``a``, ``b``, ``c``... from the top and columns ``1`` to
``N``: square ``b3`` is the second row's third square. The state of the game is kept
under ``scgo``: the number of ``seats``, the ``players`` who began and their
``letters``, the ``referee``, the grid's ``size`` (N) and its occupied squares
(``grid``: square -> Letter or ``@``), the ``round`` and the ``remaining`` players, the
``doomed`` players (player -> the round they were doomed in), the Letters each doomed
player had on the grid just before they became ``@`` (``counts``), the ``rounds``
resolved so far and, at the end, the ``winner``. A round's plays are a sealed step of
the kernel (``steps.scgo-plays``), read by the player, the referee and the admin until
the round ends, and shown in views as the player's ``play``.

Played standalone (the ``ackanomic-single-capture-go`` pack), one game is played by
the first ``players`` members, with the engine refereeing or, with ``with_referee``,
the next member, and Rule 65 gives the winner a standard Trophy.

Started by a parent game's rule (``ctx.start_child("ackanomic-single-capture-go",
players=..., referee=...)``) it plays one game with those players, and its result,
settled into the parent, has these fields:

- ``winners``: the winner (one name), or none when the Letters counted tie;
- ``scores``: each player's Letters on the grid when the game ended, or, for a doomed
  player, just before their Letters became ``@``;
- ``referee``: the referee (None: the engine refereed);
- ``rounds``: the rounds played;
- ``letters``: each player's Letter;
- ``doomed``: the round in which each doomed player was doomed.

The parent pays clause 5's "standard Trophy" to the winner; nothing else is paid.
"""

from __future__ import annotations

import math
import re
import string
from collections import Counter
from datetime import datetime, timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    ActionDecl,
    Arg,
    Attribute,
    Ctx,
    Pack,
    PackParams,
    Resolved,
    Rule,
    RuleParams,
    action,
    events,
    finish,
    hook,
    iso,
    parse,
    veto,
)
from nomicon.boards.grid import Grid
from nomicon.packs.ackanomic.events import TROPHY_AWARDED
from nomicon.packs.ackanomic.scgo_events import (
    DOOMED,
    ENDED,
    PLACED,
    PLAYS_IN,
    ROUND_BEGAN,
    ROUND_RESOLVED,
    START_ROUND,
    STARTED,
    Doomed,
    Ended,
    PlaysIn,
    Round,
    RoundBegan,
    RoundResolved,
    Started,
)
from nomicon.packs.ackanomic.tables import initial_rules, members_of, table_of

PACK = "ackanomic"
PACK_ID = "ackanomic-single-capture-go"
KEY = "scgo"
#: The sealed step that collects a round's plays.
PLAYS = "scgo-plays"
DOOM = "@"
SQUARE = re.compile(r"^([a-z])([1-9][0-9]?)$")


# -- the grid: squares named as the text labels them ------------------------------------
def side_for(players: int) -> int:
    """N: the smallest integer such that N^2 is equal to or greater than 12 x players."""
    side = math.isqrt(12 * players)
    return side if side * side >= 12 * players else side + 1


def label(row: int, column: int) -> str:
    """The square in row ``row`` and column ``column`` (both from 1): ``b3`` is (2, 3)."""
    return f"{string.ascii_lowercase[row - 1]}{column}"


def squares(size: int) -> list[str]:
    """Every square of an N by N grid, row by row."""
    return [label(row, column) for row in range(1, size + 1) for column in range(1, size + 1)]


def position(square: str, size: int) -> tuple[int, int] | None:
    """(row, column) of a square's name, or None when it names no square of the grid."""
    found = SQUARE.match(square.strip().lower())
    if found is None:
        return None
    row, column = string.ascii_lowercase.index(found.group(1)) + 1, int(found.group(2))
    return (row, column) if 1 <= row <= size and 1 <= column <= size else None


def neighbours(square: str, size: int) -> list[str]:
    """The squares orthogonally adjacent to ``square``."""
    place = position(square, size)
    if place is None:
        return []
    row, column = place
    # The board module's grid counts (x, y) from the lower left: x is the column and y
    # the row counted from the bottom.
    grid = Grid(size, size)
    return [label(size + 1 - y, x)
            for x, y in grid.neighbours((column, size + 1 - row), diagonal=False)]


def groups(grid: dict[str, str], size: int) -> list[tuple[str, frozenset[str]]]:
    """Each Group on the grid: its Letter and its squares (3: identical Letters joined
    orthogonally; a lone Letter is a Group of one)."""
    # A flood fill over at most 144 squares: a graph library would be a new dependency
    # for a dozen lines.
    seen: set[str] = set()
    found: list[tuple[str, frozenset[str]]] = []
    for start, letter in sorted(grid.items()):
        if letter == DOOM or start in seen:
            continue
        members, frontier = {start}, [start]
        while frontier:
            for near in neighbours(frontier.pop(), size):
                if grid.get(near) == letter and near not in members:
                    members.add(near)
                    frontier.append(near)
        seen |= members
        found.append((letter, frozenset(members)))
    return found


def has_liberty(members: frozenset[str], grid: dict[str, str], size: int) -> bool:
    """3: a Group has Liberty while a member is orthogonally adjacent to an unoccupied
    square."""
    return any(near not in grid for square in members for near in neighbours(square, size))


def new_table(seats: int) -> dict[str, Any]:
    """The ``scgo`` part of the state before the game begins."""
    return {"seats": seats, "players": [], "letters": {}, "referee": None, "size": 0,
            "grid": {}, "round": 0, "remaining": [], "doomed": {}, "counts": {},
            "rounds": [], "winner": None, "over": False}


def table(ctx: Ctx) -> dict[str, Any]:
    """The game's table; refused in a game without one."""
    return table_of(ctx, KEY, "Single Capture Go")


def remaining(ctx: Ctx) -> list[str]:
    players: list[str] = ctx.get([KEY, "remaining"], [])
    return players


def _ensure_table(ctx: Ctx) -> None:
    # Enacted into a game that has no table yet (by a proposal): two players, the
    # fewest the text allows.
    if ctx.get([KEY]) is None:
        ctx.set([KEY], new_table(2))


# -- I to III ------------------------------------------------------------------------------
class Equipment(Rule):
    """I. General Equipment: none"""

    key = "scgo-equipment"
    pack = PACK
    number = 1
    title = "General Equipment"


class Participants(Rule):
    """II. Participants: minimum players: 2; maximum players: 12; one referee"""

    key = "scgo-participants"
    pack = PACK
    number = 2
    title = "Participants"

    @veto("play")
    def players_play(self, ctx: Ctx, actor: str, decl: ActionDecl,
                     args: dict[str, Any]) -> None:
        if actor in remaining(ctx):
            return
        if actor == ctx.get([KEY, "referee"]):
            ctx.refuse("you are the referee of this game, not one of its players")
        if actor in ctx.get([KEY, "doomed"], {}):
            ctx.refuse("you were doomed and removed from the game",
                       detail=f"in round {ctx.get([KEY, 'doomed'])[actor]}")
        if remaining(ctx):
            ctx.refuse("you are not one of this game's players",
                       detail=f"the players are {', '.join(remaining(ctx))}")
        ctx.refuse("no game is in progress")


class Starting(Rule):
    """III. Starting an instance of the game: As described in rule 1250.1, section VI. Additionally, at the beginning of the game, the referee assigns each player a different capital Letter of the alphabet."""  # noqa: E501

    key = "scgo-starting"
    pack = PACK
    number = 3
    title = "Starting an instance of the game"

    def on_enact(self, ctx: Ctx) -> None:
        _ensure_table(ctx)
        self._start_if_ready(ctx)

    @hook(events.PLAYER_JOINED)
    def on_joined(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        self._start_if_ready(ctx)

    def _start_if_ready(self, ctx: Ctx) -> None:
        state = table(ctx)
        members = members_of(ctx)
        if (state["players"] or state["over"] or ctx.get(["game", "status"]) != "active"):
            return
        link = ctx.parent()
        if link is not None:
            # A child game: the game that started it chose its players and referee
            # (None: the engine referees); it starts when they are all members.
            players, referee = list(link["players"]), link["referee"]
            if not set(players) | {referee} - {None} <= set(members):
                return
        else:
            # Standalone: the first members play and, with a referee wanted, the game
            # waits for one more member to referee (INTERPRETATIONS.md).
            wanted = state["seats"] + (1 if state.get("with_referee") else 0)
            if len(members) < wanted:
                return
            players = members[:state["seats"]]
            referee = members[state["seats"]] if len(members) > state["seats"] else None
        # "a different capital Letter": one die over the Letters not yet given, each.
        letters: dict[str, str] = {}
        for player in players:
            free = [c for c in string.ascii_uppercase if c not in letters.values()]
            letters[player] = ctx.pick(free, f"Letter for {player} (1d{len(free)} over the "
                                             "Letters not yet assigned, A first)")
        ctx.set([KEY, "players"], players)
        ctx.set([KEY, "remaining"], players)
        ctx.set([KEY, "referee"], referee)
        ctx.set([KEY, "letters"], letters)
        size = side_for(len(players))
        who = f"; {referee} referees" if referee else "; the engine referees"
        shown = ", ".join(f"{player} {letter}" for player, letter in letters.items())
        ctx.emit(STARTED, f"Single Capture Go begins on a {size} by {size} grid: {shown}{who}",
                 players=players, referee=referee, letters=letters, size=size)


# -- IV. Rules of play -------------------------------------------------------------------
class TheGrid(Rule):
    """IV. The game is played on an N by N grid, where N is the smallest integer such that N^2 is equal to or greater than 12*(the number of players who begin the game. The grid is labeled according the following convention: a1 a2 a3 a4 a5 ... / b1 b2 b3 b4 b5 ... / c1 c2 c3 c4 c5 ... Each square in the grid may be occupied by exactly one Letter or by the @ character."""  # noqa: E501

    key = "scgo-grid"
    pack = PACK
    number = 4
    title = "The grid"

    @hook(STARTED)
    def lay_out(self, ctx: Ctx, data: Started) -> None:
        ctx.set([KEY, "size"], data["size"])
        ctx.set([KEY, "grid"], {})


class Rounds(Rule):
    """A round begins when the referee announces the beginning of a round. For all rounds but the first, he should include in this announcement a depiction of the grid, showing all Letters upon it, as well as a summary of the any moves made or attempted in the last round and the players remaining in the game. A round lasts three days after this announcement."""  # noqa: E501

    key = "scgo-rounds"
    pack = PACK
    number = 5
    title = "Rounds"

    class Params(RuleParams):
        round_days: int = Field(3, ge=1, description="how long a round lasts")

    params: Params

    @hook(STARTED)
    def first_round(self, ctx: Ctx, data: Started) -> None:
        self._begin(ctx)

    @hook(START_ROUND)
    def next_round(self, ctx: Ctx, data: events.NoFields) -> None:
        self._begin(ctx)

    # The grid and the last round's plays are in every viewer's view and in the last
    # round's events; the announcement names the round, the players and the end.
    def _begin(self, ctx: Ctx) -> None:
        number = ctx.get([KEY, "round"]) + 1
        ctx.set([KEY, "round"], number)
        ends = ctx.now + timedelta(days=self.params.round_days)
        players = remaining(ctx)
        ctx.emit(ROUND_BEGAN, f"round {number} of Single Capture Go: "
                              f"{', '.join(players)} play until {iso(ends)}",
                 round=number, players=players, ends=iso(ends))


class Plays(Rule):
    """During the course of a round, each player may privately mail the referee their play, which shall consist of naming exactly one square on the grid not occupied by a Letter at the beginning of the round. (ie, e7, assuming e7 was unoccupied at the beginning of the present round.) If a player sends the referee two valid moves, only the latter one shall count."""  # noqa: E501

    key = "scgo-plays"
    pack = PACK
    number = 6
    title = "Plays"

    # "privately ... the referee": a sealed step read by the player, the referee and
    # the admin; "only the latter one shall count": a play can be changed until the
    # round's three days are up, so the round does not end early when all have played.
    @hook(ROUND_BEGAN)
    def collect_plays(self, ctx: Ctx, data: RoundBegan) -> None:
        self.open_plays(ctx, data["round"], parse(data["ends"]))

    def open_plays(self, ctx: Ctx, number: int, ends: datetime) -> None:
        """Open round ``number``'s sealed step of plays, until ``ends``."""
        referee = ctx.get([KEY, "referee"])
        ctx.open_step(PLAYS, remaining(ctx), deadline=ends, default=None,
                      choices=self._free, visible_to=[referee] if referee else [],
                      changeable=True, early=False, on_resolve=self.plays_in,
                      data={"round": number})

    def _free(self, ctx: Ctx, actor: str) -> list[str]:
        # The grid changes only when a round ends, so the squares free now are those
        # free at the beginning of the round. An @ square is occupied, not playable
        # (INTERPRETATIONS.md).
        grid = ctx.get([KEY, "grid"], {})
        return [square for square in squares(ctx.get([KEY, "size"], 0)) if square not in grid]

    def _why_not(self, ctx: Ctx, actor: str, square: Any) -> None:
        size = ctx.get([KEY, "size"], 0)
        if not isinstance(square, str) or position(square, size) is None:
            last = label(size, size) if size else "none"
            ctx.refuse(f"{square!r} is not a square of the grid",
                       detail=f"squares run from a1 to {last}")
        held = ctx.get([KEY, "grid"], {}).get(square.strip().lower())
        ctx.refuse(f"{square} is occupied by {held!r} since the beginning of the round")

    @action("play", Arg("square", str, "an unoccupied square, e.g. b3", choices="_free",
                        explain="_why_not"), sealed=True)
    def play(self, ctx: Ctx, actor: str, square: str) -> None:
        """Name the square you play this round; only the referee sees it, and a later
        play replaces it."""
        ctx.submit(PLAYS, actor, square)

    @play.check
    def _play_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.step(PLAYS) is not None, "no round is under way")

    def plays_in(self, ctx: Ctx, resolved: Resolved) -> None:
        number = resolved.data["round"]
        ctx.set([KEY, "last"], {"placed": {}, "collisions": []})
        ctx.dispatch(PLAYS_IN, PlaysIn(round=number, plays=resolved.submissions))
        last = ctx.get([KEY, "last"])
        plays = dict(resolved.submissions)
        ctx.state.append([KEY, "rounds"], {"round": number, "plays": plays, **last})
        shown = ", ".join(f"{player} {square or '(no play)'}" for player, square in plays.items())
        ctx.emit(ROUND_RESOLVED, f"round {number}: {shown}"
                 + (f"; @ on {', '.join(last['collisions'])}" if last["collisions"] else ""),
                 round=number, plays=plays, placed=last["placed"],
                 collisions=last["collisions"])
        ctx.dispatch(PLACED, Round(round=number))

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        """Show each play of the round as its player's ``play``, to whoever may read
        it (the step's view already holds only those), and an empty one to the player,
        the referee and the admin."""
        step = (view.get("steps") or {}).get(PLAYS)
        players = view.get("players")
        if step is None or players is None:
            return
        for name in step["players"]:
            if name not in players:
                continue
            if name in step["submissions"]:
                players[name]["play"] = step["submissions"][name]
            elif viewer in ("admin", name, *step["visible_to"]):
                players[name]["play"] = None


def _played(data: PlaysIn) -> Counter[str]:
    return Counter(square for square in data["plays"].values() if square is not None)


class SinglePlays(Rule):
    """1) If exactly one player legally played a given grid square that round, the referee shall place the Letter assigned to that player on that grid square."""  # noqa: E501

    key = "scgo-single-plays"
    pack = PACK
    number = 61
    title = "1) A square played once"

    @hook(PLAYS_IN)
    def place(self, ctx: Ctx, data: PlaysIn) -> None:
        counts = _played(data)
        letters = ctx.get([KEY, "letters"])
        for player, square in data["plays"].items():
            if square is not None and counts[square] == 1:
                ctx.set([KEY, "grid", square], letters[player])
                ctx.set([KEY, "last", "placed", square], letters[player])


class Collisions(Rule):
    """2) If more than one player legally played a given grid square that round, the referee shall place a @ character on that grid square. The players who played that square are still counted as having moved that round."""  # noqa: E501

    key = "scgo-collisions"
    pack = PACK
    number = 62
    title = "2) A square played more than once"

    @hook(PLAYS_IN)
    def collide(self, ctx: Ctx, data: PlaysIn) -> None:
        for square, times in sorted(_played(data).items()):
            if times > 1:
                ctx.set([KEY, "grid", square], DOOM)
                ctx.state.append([KEY, "last", "collisions"], square)


class Doom(Rule):
    """3) A Group is a set of identical Letters occupying squares on the grid, such that each member of the Group occupies a square orthogonally adjacent to one occupied by at least one other member of the Group. The exception to this definition is that a single Letter, not so adjacent to any identical Letters, is considered a Group of one member. A Group has Liberty as long as at least one of its members is orthogonally adjacent to an unoccupied grid square. At this point, if any Group does not have Liberty, the player corresponding to that Group's Letter is doomed. Any player who did not play in the most recent round is also doomed."""  # noqa: E501

    key = "scgo-doom"
    pack = PACK
    number = 63
    title = "3) Groups, Liberty and doom"

    @hook(ROUND_RESOLVED)
    def doom(self, ctx: Ctx, data: RoundResolved) -> None:
        grid, size = ctx.get([KEY, "grid"]), ctx.get([KEY, "size"])
        letters = ctx.get([KEY, "letters"])
        owner = {letter: player for player, letter in letters.items()}
        reasons: dict[str, str] = {}
        for letter, members in groups(grid, size):
            player = owner.get(letter)
            if player in remaining(ctx) and not has_liberty(members, grid, size):
                reasons.setdefault(player, f"its Group on {', '.join(sorted(members))} "
                                           "has no Liberty")
        for player in remaining(ctx):
            if data["plays"].get(player) is None:
                reasons.setdefault(player, "did not play in the round")
        doomed = [player for player in remaining(ctx) if player in reasons]
        on_grid = Counter(grid.values())
        counts = {player: on_grid[letters[player]] for player in remaining(ctx)}
        shown = "; ".join(f"{player} ({reasons[player]})" for player in doomed)
        ctx.emit(DOOMED, f"round {data['round']}: " + (f"doomed: {shown}" if doomed
                                                       else "nobody is doomed"),
                 round=data["round"], doomed=doomed, reasons={p: reasons[p] for p in doomed},
                 letters=counts)


class Transformation(Rule):
    """4) Any Letters on the grid corresponding to a doomed player are transformed into @ characters."""  # noqa: E501

    key = "scgo-transformation"
    pack = PACK
    number = 64
    title = "4) Doomed Letters become @"

    @hook(DOOMED)
    def transform(self, ctx: Ctx, data: Doomed) -> None:
        letters = ctx.get([KEY, "letters"])
        gone = {letters[player] for player in data["doomed"]}
        for square, letter in sorted(ctx.get([KEY, "grid"]).items()):
            if letter in gone:
                ctx.set([KEY, "grid", square], DOOM)
        for player in data["doomed"]:
            ctx.set([KEY, "counts", player], data["letters"][player])


class Winning(Rule):
    """5) If exactly one non-doomed player remains in the game, that player wins. If no non-doomed players remain, the player who had the most correpsonding Letters on the grid prior to the most recent transformation into @ characters wins. There are no other winning conditions. The winner receives a standard Trophy."""  # noqa: E501

    key = "scgo-winning"
    pack = PACK
    number = 65
    title = "5) Winning"
    attributes = (Attribute("trophies", 0, doc="standard Trophies won"),)

    @hook(DOOMED)
    def decide(self, ctx: Ctx, data: Doomed) -> None:
        standing = [player for player in remaining(ctx) if player not in data["doomed"]]
        if len(standing) == 1:
            ctx.set([KEY, "winner"], standing[0])
        elif not standing:
            # A tie for the most Letters names no single player: no winner, as 1250.7
            # 4h says of its own ties (INTERPRETATIONS.md).
            best = max(data["letters"].values(), default=0)
            leaders = [p for p in data["doomed"] if data["letters"][p] == best]
            ctx.set([KEY, "winner"], leaders[0] if len(leaders) == 1 else None)

    @hook(ENDED)
    def trophy(self, ctx: Ctx, data: Ended) -> None:
        winner = data["winner"]
        if winner is None or not ctx.is_player(winner) or ctx.parent() is not None:
            return  # a child game's result is settled into the main game, which awards it
        ctx.set_attr(winner, "trophies", ctx.attr(winner, "trophies", 0) + 1)
        ctx.emit(TROPHY_AWARDED, f"{winner} receives a standard Trophy for Single Capture Go",
                 player=winner)


class Removal(Rule):
    """6) All doomed players are removed from the game. If more than one player remains, the referee announces the start of a new round, as described above. Otherwise, the game ends."""  # noqa: E501

    key = "scgo-removal"
    pack = PACK
    number = 66
    title = "6) Removal and the next round"

    @hook(DOOMED)
    def remove(self, ctx: Ctx, data: Doomed) -> None:
        for player in data["doomed"]:
            ctx.set([KEY, "doomed", player], data["round"])
        left = [player for player in remaining(ctx) if player not in data["doomed"]]
        ctx.set([KEY, "remaining"], left)
        if len(left) > 1:
            ctx.dispatch(START_ROUND, events.NoFields())
            return
        winner = ctx.get([KEY, "winner"])
        ctx.set([KEY, "over"], True)
        why = (f"{winner} wins" if winner else "no single player had the most Letters")
        ctx.emit(ENDED, f"Single Capture Go is over after {data['round']} round(s): {why}",
                 winner=winner, rounds=data["round"], why=why)
        ctx.set(["winners"], [winner] if winner else [])
        finish(ctx, why)


RULES: tuple[type[Rule], ...] = (
    Equipment, Participants, Starting, TheGrid, Rounds, Plays, SinglePlays, Collisions,
    Doom, Transformation, Winning, Removal,
)

# The rules whose workings the invariants check.
CORE = frozenset(cls.class_id() for cls in (Starting, TheGrid, Plays, SinglePlays,
                                             Collisions, Doom, Transformation, Removal))


class SingleCaptureGoParams(PackParams):
    players: int = Field(3, ge=2, le=12, description="players in the game (2 to 12)")
    with_referee: bool = Field(False, description="wait for one more member to referee "
                                                 "(otherwise the engine does)")


class SingleCaptureGo(Pack):
    id = PACK_ID
    title = "Ackanomic: Single Capture Go"
    description = ("Ackanomic rule 1250.13 on its own: each player has a Letter and names a "
                   "square a round, sealed; squares played twice become @, and a player whose "
                   "Group loses its Liberty, or who does not play, is doomed.")
    Params = SingleCaptureGoParams
    players = (2, None)
    board = "letters"
    initial = initial_rules(RULES)
    rule_classes = RULES

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, SingleCaptureGoParams)
        ctx.set([KEY], {**new_table(params.players), "with_referee": params.with_referee})

    def invariants(self, state: dict[str, Any]) -> list[str]:
        game = state.get(KEY)
        if game is None:
            return ["there is no Single Capture Go table"]
        in_force = {entry["class"] for entry in state["rules"].values()}
        if not in_force >= CORE or not game["players"]:
            return []
        problems: list[str] = []
        letters = game["letters"]
        if len(set(letters.values())) != len(letters):
            problems.append(f"two players share a Letter: {letters}")
        live = {letters[player] for player in game["remaining"]}
        allowed = live | {DOOM}
        for square, held in game["grid"].items():
            if position(square, game["size"]) is None:
                problems.append(f"{square} is not on the {game['size']} by {game['size']} grid")
            if held not in allowed:
                problems.append(f"{square} holds {held!r}, the Letter of no remaining player")
        if set(game["remaining"]) & set(game["doomed"]):
            problems.append("a doomed player remains in the game")
        if game["size"] and game["size"] != side_for(len(game["players"])):
            problems.append(f"the grid is {game['size']} wide for {len(game['players'])}")
        return problems

    def metrics(self, state: dict[str, Any]) -> dict[str, float]:
        """The rounds played, the squares taken by @, and whether someone won."""
        game = state.get(KEY) or {}
        grid = game.get("grid", {})
        return {"rounds": float(len(game.get("rounds", []))),
                "at_squares": float(sum(1 for held in grid.values() if held == DOOM)),
                "won": float(game.get("winner") is not None)}

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        """Played as a child game: see the module's docstring."""
        game = state.get(KEY) or new_table(0)
        on_grid = Counter(game["grid"].values())
        scores = {player: game["counts"].get(player, on_grid[game["letters"].get(player, "")])
                  for player in game["players"]}
        return {"winners": list(state.get("winners", [])), "scores": scores,
                "referee": game["referee"], "rounds": len(game["rounds"]),
                "letters": dict(game["letters"]), "doomed": dict(game["doomed"])}

"""Ackanomic rule 1250.8, the Limerick Contest, as rule classes and a pack.

Each numbered part of 1250.8 is a rule of the contest's own ruleset: parts 1 to 3 are
Rules 1 to 3; part 4 is cut where its sentences do different things: posting the
limericks (Rule 4), the voting period (Rule 5), the Poet Laureate's vote (Rule 6), the
winner and the ties (Rule 7), and "No Trophy" (Rule 8).

The state of the contest is kept under ``limerick``: the two ``players``, the
``referee`` (None: the engine), the ``voters`` (the players of the main game; empty: every
member of this game when voting opens), the ``poet`` (the Poet Laureate, or None), the
``phase`` (``waiting``, ``writing``, ``voting``, ``over``), the deadline of the phase
(``ends``), the ``limericks`` posted (player -> text), the ``posted`` order, the
limericks awaiting the referee's acceptance (``pending``), and at the end the
``winner``, ``how`` it was found and the ``votes``. The votes are a sealed ballot of the
kernel (``steps.limerick-votes``): each vote is "sent to the referee", so only the
voter, the referee and the admin read it until the voting period ends.

Played standalone (the ``ackanomic-limerick`` pack), the first two members are the
participants, the engine referees unless ``with_referee`` asks the next member to,
and every member votes.

Started by a parent game's rule (``ctx.start_child("ackanomic-limerick",
players=[a, b], referee=count_tabula, params={"voters": [...], "poet_laureate": p})``)
it plays one contest. A child game learns only its players and referee from the
kernel, so the main game's players (the voters) and its Poet Laureate come as the
parameters ``voters`` and ``poet_laureate``; a voter votes as a member of the child
game. Its result, settled into the parent, has these fields:

- ``winners``: the winner (one name; a contest always has one);
- ``scores``: each participant's votes, the Poet Laureate's vote counted twice;
- ``referee``: the referee (None: the engine refereed);
- ``rounds``: 1;
- ``how``: ``votes``, ``posting order`` (a tie), ``default`` (only the winner
  posted) or ``no limericks`` (neither posted: the dice chose);
- ``posted``: the participants whose limericks were posted, first first;
- ``limericks``: each posted limerick;
- ``poet``: the Poet Laureate of the contest (None: there was none).

Rule 8: the contest pays nothing; the parent pays nothing for it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    ActionDecl,
    Arg,
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
from nomicon.packs.ackanomic.limerick_events import (
    ENDED,
    JUDGED,
    NEXT_CONTEST,
    OPEN_VOTING,
    POSTED,
    STARTED,
    TIE,
    VOTING_OPENED,
    Started,
)
from nomicon.packs.ackanomic.limerick_pages import PAGE, VOTES
from nomicon.packs.ackanomic.tables import (
    initial_rules,
    members_of,
    parents_choice,
    round_the_table,
    table_of,
)

PACK = "ackanomic"
PACK_ID = "ackanomic-limerick"
KEY = "limerick"
WRITING_TIMER = "limerick-writing"
ACCEPT, REFUSE = "accept", "refuse"
LINES = 5


def new_table(voters: list[str], poet: str | None, with_referee: bool,
              contests: int = 1) -> dict[str, Any]:
    """The ``limerick`` part of the state before the first contest begins."""
    return {"voters": list(voters), "poet": poet, "with_referee": with_referee,
            "contests": contests, "number": 0, "results": [], **fresh_contest()}


def fresh_contest() -> dict[str, Any]:
    """The fields of one contest, before it begins."""
    return {"players": [], "referee": None, "phase": "waiting", "ends": None,
            "limericks": {}, "posted": [], "pending": [], "winner": None, "how": None,
            "votes": {}}


def lines_of(text: str) -> list[str]:
    """The lines of a limerick, blank lines and surrounding spaces left out."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def contest(ctx: Ctx) -> dict[str, Any]:
    """The game's table; refused in a game without one."""
    return table_of(ctx, KEY, "Limerick Contest")


def _ensure_table(ctx: Ctx) -> None:
    # Enacted into a game without a contest (by a proposal): no voters named, so every
    # member votes, and the engine referees.
    if ctx.get([KEY]) is None:
        ctx.set([KEY], new_table([], None, False))


# -- 1 to 3 ---------------------------------------------------------------------------
class Equipment(Rule):
    """1) General Equipment: Ackanomic Magic Dice"""

    key = "limerick-equipment"
    pack = PACK
    number = 1
    title = "General Equipment"


class Participants(Rule):
    """2) Number of Players: Exactly 2, with Count Tabula as a referee. It is Permissible for Count Tabula to be both a player and referee at the same time."""  # noqa: E501

    key = "limerick-participants"
    pack = PACK
    number = 2
    title = "Number of Players"

    @veto("submit")
    def participants_post(self, ctx: Ctx, actor: str, decl: ActionDecl,
                          args: dict[str, Any]) -> None:
        players = ctx.get([KEY, "players"], [])
        if actor in players:
            return
        if not players:
            ctx.refuse("the contest has not begun")
        ctx.refuse("you are not one of the contest's two players",
                   detail=f"the players are {' and '.join(players)}")


class Starting(Rule):
    """3) Starting an instance of the contest: As described in rule 1250.1, section VI."""

    key = "limerick-starting"
    pack = PACK
    number = 3
    title = "Starting an instance of the contest"

    class Params(RuleParams):
        writing_days: int = Field(3, ge=1, description="days to post the limericks (4)")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        _ensure_table(ctx)
        self._start_if_ready(ctx)

    @hook(events.PLAYER_JOINED)
    def on_joined(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        self._start_if_ready(ctx)

    @hook(NEXT_CONTEST)
    def next_contest(self, ctx: Ctx, data: events.NoFields) -> None:
        self._start_if_ready(ctx)

    def _start_if_ready(self, ctx: Ctx) -> None:
        state = contest(ctx)
        if state["phase"] != "waiting" or ctx.get(["game", "status"]) != "active":
            return
        members = members_of(ctx)
        link = ctx.parent()
        if link is not None:
            # A child game: the main game chose the players and the referee (Count
            # Tabula, or None: the engine); it begins when they are members.
            chosen = parents_choice(link, members)
            if chosen is None:
                return
            players, referee = chosen
        else:
            # Standalone, contests follow one another: each takes the next two
            # members in the order they joined, and the member after them referees
            # when a referee is wanted (INTERPRETATIONS.md).
            wanted = 2 + (1 if state["with_referee"] else 0)
            if len(members) < wanted:
                return
            players, referee = round_the_table(members, 2 * state["number"] % len(members),
                                               2, state["with_referee"])
        ends = ctx.now + timedelta(days=self.params.writing_days)
        ctx.set([KEY, "number"], state["number"] + 1)
        ctx.set([KEY, "players"], players)
        ctx.set([KEY, "referee"], referee)
        ctx.set([KEY, "phase"], "writing")
        ctx.set([KEY, "ends"], iso(ends))
        who = f"{referee} referees" if referee else "the engine referees"
        ctx.emit(STARTED, f"the Limerick Contest begins: {' and '.join(players)} each post "
                          f"a limerick about the other by {iso(ends)}; {who}",
                 players=players, referee=referee, voters=list(state["voters"]),
                 poet=state["poet"], ends=iso(ends))


# -- 4. Rules of the contest ------------------------------------------------------------
class Posting(Rule):
    """Each of the players in the contest writes a limerick about the other player. The limerick may be silly, funny, and even ridicule the other participant in a good-humored manner, as long as it is not offensive. The limericks must be posted within 3 days of the start of the contest. If one of the participants fails to post a limerick, then the other wins by default. If neither post, the referee chooses a winner at random using the AMD."""  # noqa: E501

    key = "limerick-posting"
    pack = PACK
    number = 4
    title = "Posting the limericks"

    class Params(RuleParams):
        acceptance_days: int = Field(1, ge=1, description="days the referee has to refuse "
                                                          "a limerick as offensive")

    params: Params

    @hook(STARTED)
    def begin_writing(self, ctx: Ctx, data: Started) -> None:
        ctx.set_timer(WRITING_TIMER, parse(data["ends"]), self.writing_over)

    @action("submit", Arg("text", str, "your limerick: five lines, about the other player"))
    def submit(self, ctx: Ctx, actor: str, text: str) -> None:
        """Post your limerick about the other player (five lines); the referee may
        refuse it as offensive, and you may then post another."""
        found = lines_of(text)
        ctx.require(len(found) == LINES, "a limerick has five lines",
                    detail=f"yours has {len(found)}")
        limerick = "\n".join(found)
        ctx.set([KEY, "limericks", actor], limerick)
        ctx.state.append([KEY, "posted"], actor)
        ctx.emit(POSTED, f"{actor} posts a limerick:\n{limerick}", player=actor, text=limerick)
        referee = ctx.get([KEY, "referee"])
        if referee is None:
            # The engine reads no offence in a text: it accepts every limerick
            # (INTERPRETATIONS.md).
            self._judge(ctx, actor, True, "engine")
            return
        ctx.state.append([KEY, "pending"], actor)
        deadline = min(ctx.now + timedelta(days=self.params.acceptance_days),
                       parse(ctx.get([KEY, "ends"])))
        ctx.prompt(referee, [ACCEPT, REFUSE], ACCEPT, handler=self.judged,
                   message=f"accept {actor}'s limerick, or refuse it as offensive (Rule 4)",
                   deadline=deadline, data={"player": actor, "text": limerick,
                                            "contest": ctx.get([KEY, "number"])})

    @submit.check
    def _submit_check(self, ctx: Ctx, actor: str) -> None:
        state = contest(ctx)
        ctx.require(state["phase"] == "writing", "the limericks are no longer posted",
                    detail=f"the contest is {state['phase']}")
        ctx.require(actor not in state["posted"], "you have posted your limerick already")

    def judged(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        player = prompt["data"]["player"]
        state = contest(ctx)
        # Answered, or defaulted, after the 3 days ended the posting: the limerick
        # counted as posted then (writing_over), and stays so.
        if (state["phase"] != "writing" or state["number"] != prompt["data"]["contest"]
                or player not in state["pending"]):
            return
        self._judge(ctx, player, option == ACCEPT, prompt["to"])

    def _judge(self, ctx: Ctx, player: str, accepted: bool, by: str) -> None:
        ctx.set([KEY, "pending"], [p for p in ctx.get([KEY, "pending"]) if p != player])
        if not accepted:
            ctx.set([KEY, "posted"], [p for p in ctx.get([KEY, "posted"]) if p != player])
            ctx.state.delete([KEY, "limericks", player])
        verdict = "accepts" if accepted else "refuses as offensive"
        ctx.emit(JUDGED, f"{by} {verdict} {player}'s limerick", player=player,
                 accepted=accepted, by=by)
        state = contest(ctx)
        if len(state["posted"]) == 2 and not state["pending"]:
            ctx.cancel_timer(WRITING_TIMER)
            open_voting(ctx)

    def writing_over(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        """The 3 days are up: a limerick still before the referee counts as posted."""
        state = contest(ctx)
        if state["phase"] != "writing":
            return
        ctx.set([KEY, "pending"], [])
        posted, players = list(state["posted"]), list(state["players"])
        if len(posted) == 2:
            open_voting(ctx)
        elif len(posted) == 1:
            late = next(p for p in players if p not in posted)
            end_contest(ctx, posted[0], "default", f"{late} did not post a limerick")
        else:
            # "the referee chooses a winner at random using the AMD": the game's dice,
            # with both players eligible whatever their status (Rule 7's last sentence).
            winner = ctx.pick(players, f"the winner of the Limerick Contest, neither having "
                                       f"posted (1d2: {players[0]} on 1)")
            end_contest(ctx, winner, "no limericks", "neither player posted a limerick; "
                                                     "the dice chose")


def open_voting(ctx: Ctx) -> None:
    """Both limericks are posted: Rule 5's voting period begins."""
    ctx.set([KEY, "phase"], "voting")
    ctx.dispatch(OPEN_VOTING, events.NoFields())


class Voting(Rule):
    """Once both limericks have been posted, there is a 3 day voting period. During the voting period all Ackanomic players may send their vote to the referee, indicating which limerick is the better one,"""  # noqa: E501

    key = "limerick-voting"
    pack = PACK
    number = 5
    title = "The voting period"

    class Params(RuleParams):
        voting_days: int = Field(3, ge=1, description="days of voting")

    params: Params

    @hook(OPEN_VOTING)
    def open_ballot(self, ctx: Ctx, data: events.NoFields) -> None:
        state = contest(ctx)
        # "all Ackanomic players": the main game's players, given to a child game as its
        # ``voters``; standalone, every member of this game (INTERPRETATIONS.md).
        voters = list(state["voters"]) or [p for p in ctx.players()
                                           if not ctx.seat_of(p).left]
        ends = ctx.now + timedelta(days=self.params.voting_days)
        ctx.set([KEY, "ends"], iso(ends))
        referee = state["referee"]
        ctx.open_ballot(VOTES, voters, list(state["players"]), on_resolve=self.counted,
                        deadline=ends, weights=self.weight,
                        visible_to=[referee] if referee else [], early=False)
        ctx.emit(VOTING_OPENED, f"both limericks are posted: {', '.join(voters)} may vote "
                                f"for the better one until {iso(ends)}",
                 voters=voters, ends=iso(ends))

    def weight(self, ctx: Ctx, voter: str) -> int:
        """Rule 6, asked when the votes are counted: the Poet Laureate's vote counts
        twice while Rule 6 is in force."""
        doubled = any(isinstance(rule, PoetLaureate) for rule in ctx.rules.by_rid.values())
        return 2 if doubled and voter == ctx.get([KEY, "poet"]) else 1

    def _voters(self, ctx: Ctx, actor: str) -> list[str]:
        return list(ctx.get([KEY, "players"], []))

    @action("vote", Arg("for", str, "the player whose limerick is the better one",
                        choices="_voters", explain="_not_a_player"), sealed=True)
    def vote(self, ctx: Ctx, actor: str, **args: Any) -> None:
        """Send the referee your vote for the better limerick (a later vote replaces
        it until the voting period ends)."""
        ctx.submit(VOTES, actor, args["for"])

    def _not_a_player(self, ctx: Ctx, actor: str, choice: Any) -> None:
        players = ctx.get([KEY, "players"], [])
        ctx.refuse(f"{choice!r} is not one of the contest's players",
                   detail=f"vote for {' or '.join(players)}")

    @vote.applies
    def _is_voting(self, ctx: Ctx, actor: str) -> bool:
        # ``vote`` is also the proposals' action (Rule 100): this one is offered while a
        # voting period is open; the arguments given choose between them meanwhile.
        return ctx.step(VOTES) is not None

    @vote.check
    def _vote_check(self, ctx: Ctx, actor: str) -> None:
        step = ctx.step(VOTES)
        ctx.require(step is not None, "no voting period is under way")
        assert step is not None
        ctx.require(actor in step.players, "you are not one of the voters",
                    detail=f"the voters are {', '.join(step.players)}")

    def counted(self, ctx: Ctx, resolved: Resolved) -> None:
        tally = {str(player): votes for player, votes in (resolved.tally or {}).items()}
        ctx.set([KEY, "votes"], tally)
        top = max(tally.values(), default=0)
        leaders = [player for player, votes in tally.items() if votes == top]
        if len(leaders) == 1:
            end_contest(ctx, leaders[0], "votes", f"{leaders[0]}'s limerick got the most "
                                                  f"votes ({top})")
            return
        ctx.dispatch(TIE, events.NoFields())


class PoetLaureate(Rule):
    """with an extra caveat, quoth here. / The Poet Laureate (if there is one) / Shall, with his learned art gained quite so dear, / Attempt to share and increase the fun / When the Poet's vote is count'd at the end, / His one vote shall instead be counted twice. / The Poet may, if e does wish, then send / A public message, hopefully quite nice / To praise the Duelist which had won his vote / Explaining why the Poet liked what e wrote."""  # noqa: E501

    key = "limerick-poet-laureate"
    pack = PACK
    number = 6
    title = "The Poet Laureate"
    # The weight itself is asked by Rule 5's ballot when it counts (Voting.weight),
    # so that repealing this rule ends the double vote; the public message of praise
    # is an ordinary message and needs no action.


class Winning(Rule):
    """The participant whose limerick got the most votes wins the contest. In case of a tie, the participant whose limerick was posted first wins the contest. In the case that that does not determine a winner, the referee determines a winner at random, using the AMD. If the winner is chosen at random, both players shall be eligible, even if one or both are non-active."""  # noqa: E501

    key = "limerick-winning"
    pack = PACK
    number = 7
    title = "The winner"

    @hook(TIE)
    def break_tie(self, ctx: Ctx, data: events.NoFields) -> None:
        state = contest(ctx)
        # Posts are ordered in the log, so the posting order always names a first;
        # the dice are for a contest that reaches a tie without two posts, which the
        # rules in force today never do (INTERPRETATIONS.md).
        if state["posted"]:
            first = state["posted"][0]
            end_contest(ctx, first, "posting order",
                        f"the votes tied; {first}'s limerick was posted first")
            return
        winner = ctx.pick(list(state["players"]), "the winner of a tied Limerick Contest")
        end_contest(ctx, winner, "dice", "the votes tied and nothing else decided; "
                                         "the dice chose")


class NoTrophy(Rule):
    """No Trophy is awarded to the winner of this contest."""

    key = "limerick-no-trophy"
    pack = PACK
    number = 8
    title = "No Trophy"


def end_contest(ctx: Ctx, winner: str, how: str, why: str) -> None:
    """The contest is over: ``winner`` wins, found ``how``."""
    ctx.set([KEY, "phase"], "over")
    ctx.set([KEY, "winner"], winner)
    ctx.set([KEY, "how"], how)
    state = contest(ctx)
    votes = dict(state["votes"])
    ctx.emit(ENDED, f"{winner} wins the Limerick Contest: {why}", winner=winner, how=how,
             votes=votes, why=why)
    ctx.set(["winners"], [winner])
    ctx.state.append([KEY, "results"], {
        "players": list(state["players"]), "referee": state["referee"], "winner": winner,
        "how": how, "votes": votes, "posted": list(state["posted"])})
    done = len(state["results"])
    if ctx.parent() is not None or 0 < state["contests"] <= done:
        finish(ctx, f"{winner} wins: {why}")
        return
    # Standalone, the table plays the next contest (the ``contests`` parameter).
    for name, value in fresh_contest().items():
        ctx.set([KEY, name], value)
    ctx.dispatch(NEXT_CONTEST, events.NoFields())


RULES: tuple[type[Rule], ...] = (
    Equipment, Participants, Starting, Posting, Voting, PoetLaureate, Winning, NoTrophy,
)

CORE = frozenset(cls.class_id() for cls in (Starting, Posting, Voting, Winning))


class LimerickParams(PackParams):
    voters: list[str] = Field(default_factory=list,
                              description="the main game's players, who vote (empty: "
                                          "every member of this game)")
    poet_laureate: str | None = Field(None, description="the Poet Laureate, whose vote "
                                                        "counts twice (none: no one's)")
    with_referee: bool = Field(False, description="standalone: the third member referees "
                                                 "(otherwise the engine does)")
    contests: int = Field(0, ge=0, description="standalone: contests the table plays before "
                                               "it closes (0: until the admin ends it)")


class LimerickContest(Pack):
    id = PACK_ID
    title = "Ackanomic: Limerick Contest"
    description = ("Ackanomic rule 1250.8 on its own: two players each post a limerick about "
                   "the other within 3 days; then everyone votes for 3 days, the Poet "
                   "Laureate's vote counting twice; ties go to the first posted.")
    Params = LimerickParams
    players = (2, None)
    initial = initial_rules(RULES)
    rule_classes = RULES
    pages = (PAGE,)

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, LimerickParams)
        ctx.set([KEY], new_table(params.voters, params.poet_laureate, params.with_referee,
                                 params.contests))

    def invariants(self, state: dict[str, Any]) -> list[str]:
        game = state.get(KEY)
        if game is None:
            return ["there is no Limerick Contest"]
        in_force = {entry["class"] for entry in state["rules"].values()}
        if not in_force >= CORE or not game["players"]:
            return []
        problems: list[str] = []
        if len(game["players"]) != 2:
            problems.append(f"{len(game['players'])} players in the contest, not 2")
        if not set(game["posted"]) <= set(game["players"]):
            problems.append(f"a limerick posted by a non-player: {game['posted']}")
        if set(game["posted"]) != set(game["limericks"]):
            problems.append("the posting order and the limericks disagree")
        for player, text in game["limericks"].items():
            if len(lines_of(text)) != LINES:
                problems.append(f"{player}'s limerick does not have five lines")
        if game["phase"] == "over" and game["winner"] not in game["players"]:
            problems.append(f"the winner {game['winner']!r} is not a player")
        return problems

    def metrics(self, state: dict[str, Any]) -> dict[str, float]:
        """The limericks posted and the votes cast."""
        game = state.get(KEY) or {}
        results = game.get("results", [])
        return {"contests": float(len(results)),
                "by_default": float(sum(1 for r in results if r["how"] == "default")),
                "votes": float(sum(sum(r["votes"].values()) for r in results))}

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        """Played as a child game: see the module's docstring."""
        game = state.get(KEY) or new_table([], None, False)
        return {"winners": list(state.get("winners", [])),
                "scores": {p: game["votes"].get(p, 0) for p in game["players"]},
                "referee": game["referee"], "rounds": 1, "how": game["how"],
                "posted": list(game["posted"]), "limericks": dict(game["limericks"]),
                "poet": game["poet"]}

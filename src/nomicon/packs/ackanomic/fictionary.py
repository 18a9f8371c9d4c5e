"""Ackanomic rule 1250.10, Fictionary, as rule classes and a pack.

Parts I to III of 1250.10 are Rules 1 to 3 of the game's own ruleset; part IV's rounds
and Brainiac are Rule 4, its steps 1 to 4 Rules 41 to 44, step 5's scoring, end and
next round Rules 45 to 47; the Errata are Rules 51 to 53.

The state of the game is kept under ``fictionary``: the number of ``seats``, each
player's ``numbers``, the ``spots`` still in the game (in number order), the ``round``,
its ``brainiac`` and ``bluffers``, the ``step`` (1 to 5) and its deadline (``ends``),
the Ing ``word`` and the words used so far (``words``), who has submitted a definition
(``defined``), the ``removed`` Bluffer of case 3b, the public numbered ``list``, the
``votes``, the times each player has been Brainiac (``served``), the players replaced
by bots until the round ends (``leaving``), the ``rounds`` scored, and at the end the
``winner`` and the ``tied``. Gamepoints are a currency of the ledger (they go below 0).

What is private stays in attributes that only their owner, the Brainiac (the role
``brainiac``) and the admin read: the Actual Definition and its entry on the list
(``actual``, ``actual_entry``, the Brainiac's own), each Bluffer's ``definition`` and
``entry``. The list is shuffled with dice only the Brainiac reads. The Brainiac's
"substantially similar" judgement is a private multi-select prompt. The scoring event
reveals the Actual Definition and the authors.

Played standalone (the ``ackanomic-fictionary`` pack) the game begins when ``players``
members have joined, and Rule 46 pays its payoff in the game's own ledger. Started by a
parent game's rule (``ctx.start_child("ackanomic-fictionary", players=...)``; no
referee) it plays those players, and its result has these fields:

- ``winners``: the single player with the most Gamepoints (empty on a tie, or when
  the game ended without a winner);
- ``scores``: each player's Gamepoints;
- ``referee``: None (Fictionary has none);
- ``rounds``: the rounds played;
- ``tied``: the players tied with the most Gamepoints when there is no single one
  (each receives A$12);
- ``payoff``: A$ by player as 5b says (the winner's Gamepoints, or 12 to each tied);
- ``trophy``: the winner (who receives a standard Trophy), or None;
- ``numbers``: each player's number.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    ActionDecl,
    Ctx,
    Currency,
    Pack,
    PackParams,
    Rule,
    RuleParams,
    events,
    hook,
    iso,
    veto,
    words,
)
from nomicon.packs.ackanomic import fictionary_rules as steps
from nomicon.packs.ackanomic.fictionary_events import (
    NEXT_ROUND,
    ROUND_BEGAN,
    START_STEP,
    STARTED,
    STEP,
    STEP_BEGAN,
    TIMED_OUT,
    Round,
    Step,
)
from nomicon.packs.ackanomic.fictionary_state import (
    BRAINIAC,
    GP,
    KEY,
    PACK,
    STEP_NAMES,
    STEP_TIMER,
    begin_step,
    game_of,
    new_table,
)
from nomicon.packs.ackanomic.tables import initial_rules, members_of

PACK_ID = "ackanomic-fictionary"


class Equipment(Rule):
    """I. General Equipment: Gamepoints as needed / Official Dictionary / All English Definition Lookup dictionaries defined as General Equipment"""  # noqa: E501

    key = "fictionary-equipment"
    pack = PACK
    number = 1
    title = "General Equipment"
    currencies = (Currency(GP, 0, minimum=None, doc="Fictionary's Gamepoints"),)


class NumberOfPlayers(Rule):
    """II. Number of Players: minimum: 5; maximum: the number of active players when an instance of Fictionary is initiated. Referees: none."""  # noqa: E501

    key = "fictionary-players"
    pack = PACK
    number = 2
    title = "Number of Players"

    # (``vote`` is also the proposals' action: Rule 44 says who votes on the list.)
    @veto("ing-word", "define")
    def players_play(self, ctx: Ctx, actor: str, decl: ActionDecl,
                     args: dict[str, Any]) -> None:
        spots = ctx.get([KEY, "spots"], [])
        if actor in spots:
            return
        if not spots:
            ctx.refuse("the game has not begun")
        ctx.refuse("you are not one of this game's players",
                   detail=f"the players are {', '.join(spots)}")


class Starting(Rule):
    """III. Starting an instance of the Game: As described in rule 1250.1, section VI. Additionally, the player announcing the start of the Game shall randomly assign each player a different integer ranging from 1 to N, where N is the number of players in the game. All players shall be randomly assigned numbers in this way, including non-active ones."""  # noqa: E501

    key = "fictionary-starting"
    pack = PACK
    number = 3
    title = "Starting an instance of the Game"

    def on_enact(self, ctx: Ctx) -> None:
        if ctx.get([KEY]) is None:
            ctx.set([KEY], new_table(5))
        self._start_if_ready(ctx)

    @hook(events.PLAYER_JOINED)
    def on_joined(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        self._start_if_ready(ctx)

    def _start_if_ready(self, ctx: Ctx) -> None:
        state = game_of(ctx)
        if state["numbers"] or state["over"] or ctx.get(["game", "status"]) != "active":
            return
        members = members_of(ctx)
        link = ctx.parent()
        if link is not None:
            players = list(link["players"])
            if not set(players) <= set(members):
                return
        else:
            if len(members) < state["seats"]:
                return
            players = members[:state["seats"]]
        # "randomly assign each player a different integer ranging from 1 to N": the
        # dice shuffle the players; the first drawn is player 1. A child game's numbers
        # were drawn by the parent's dice when the instance started (rule 1250.1 VI), in
        # the order it passes: drawing again would give the instance two numberings.
        drawn = (players if link is not None else
                 ctx.shuffle(players, f"the players' numbers (1 to {len(players)})"))
        numbers = {player: n for n, player in enumerate(drawn, start=1)}
        ctx.set([KEY, "numbers"], numbers)
        ctx.set([KEY, "spots"], drawn)
        ctx.set([KEY, "served"], {player: 0 for player in drawn})
        shown = ", ".join(f"{n} {player}" for player, n in numbers.items())
        ctx.emit(STARTED, f"Fictionary begins; the players' numbers: {shown}",
                 numbers=numbers)
        ctx.dispatch(NEXT_ROUND, Round(round=1))


class Rounds(Rule):
    """IV. The game is composed of rounds; each round shall have one "Brainiac". All players who are not the Brainiac shall be known as "Bluffers". The game shall be scored in Gamepoints. Player 1 shall be the Brainiac of the first round, and after that, Brainiac duty shall be assigned in order of increasing player number at the completion of each round. Player 1 again assumes the duty just after the completion of the round where the player with the highest number was Brainiac. A round is composed of the following steps, in order. All steps shall be completed within 3 days of the competion of the previous step (or the start of the round in the case of the first step). If a player(s) fails to perform the designated action by the end of this time limit, the listed default action is deemed to have been performed, and they lose 1 Gamepoint."""  # noqa: E501

    key = "fictionary-rounds"
    pack = PACK
    number = 4
    title = "Rounds and the Brainiac"

    class Params(RuleParams):
        step_days: int = Field(3, ge=1, description="days to complete each step")
        penalty: int = Field(1, ge=0, description="Gamepoints lost for not acting in time")

    params: Params

    @hook(NEXT_ROUND)
    def begin_round(self, ctx: Ctx, data: Round) -> None:
        state = game_of(ctx)
        spots = state["spots"]
        previous = state["brainiac"]
        # "in order of increasing player number ... Player 1 again assumes the duty":
        # the next spot after the last Brainiac's number, wrapping to the lowest.
        numbers = state["numbers"]
        later = [p for p in spots if previous is not None and numbers[p] > numbers[previous]]
        brainiac = later[0] if later else spots[0]
        bluffers = [p for p in spots if p != brainiac]
        ctx.set([KEY, "round"], data["round"])
        ctx.set([KEY, "brainiac"], brainiac)
        ctx.set([KEY, "bluffers"], bluffers)
        for field, empty in (("defined", []), ("removed", None), ("list", []),
                             ("votes", {}), ("word", None)):
            ctx.set([KEY, field], empty)
        ctx.grant_role(brainiac, BRAINIAC, f"the Brainiac of round {data['round']}")
        ctx.emit(ROUND_BEGAN, f"round {data['round']} of Fictionary: {brainiac} is the "
                              f"Brainiac; {', '.join(bluffers)} bluff",
                 round=data["round"], brainiac=brainiac, bluffers=bluffers)
        begin_step(ctx, 1)

    @hook(START_STEP)
    def time_the_step(self, ctx: Ctx, data: Step) -> None:
        ends = ctx.now + timedelta(days=self.params.step_days)
        ctx.set([KEY, "ends"], iso(ends))
        ctx.set_timer(STEP_TIMER, ends, self.step_over,
                      {"round": data["round"], "step": data["step"]})
        ctx.emit(STEP_BEGAN, f"round {data['round']}, step {data['step']} "
                             f"({STEP_NAMES[data['step']]}): until {iso(ends)}",
                 round=data["round"], step=data["step"], ends=iso(ends))
        ctx.dispatch(STEP, Step(round=data["round"], step=data["step"], ends=iso(ends)))

    def step_over(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        """The step's 3 days are up: its rule applies the default to whoever did not act,
        and each of them loses the penalty."""
        state = game_of(ctx)
        if state["round"] != payload["round"] or state["step"] != payload["step"]:
            return
        ctx.dispatch(TIMED_OUT, Step(round=payload["round"], step=payload["step"],
                                     ends=ctx.get([KEY, "ends"])))


RULES: tuple[type[Rule], ...] = (
    Equipment, NumberOfPlayers, Starting, Rounds, *steps.STEP_RULES,
)

CORE = frozenset(cls.class_id() for cls in RULES)


class FictionaryParams(PackParams):
    players: int = Field(5, ge=5, description="players in the game (at least 5)")


class Fictionary(Pack):
    id = PACK_ID
    title = "Ackanomic: Fictionary"
    description = ("Ackanomic rule 1250.10 on its own: the Brainiac posts an obscure word "
                   "from the Official Dictionary, the Bluffers write bogus definitions, and "
                   "everyone votes on the anonymous list for the real one.")
    Params = FictionaryParams
    # The table takes members from 3 on, and its game begins when ``players`` (5 or
    # more, II's minimum) have joined (INTERPRETATIONS.md).
    players = (3, None)
    initial = initial_rules(RULES)
    rule_classes = RULES
    pages = steps.PAGES

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, FictionaryParams)
        # "Official Dictionary": the game plays with the dictionary installed now.
        ctx.set(["dictionary"], words.record())
        ctx.set([KEY], new_table(params.players))

    def invariants(self, state: dict[str, Any]) -> list[str]:
        game = state.get(KEY)
        if game is None:
            return ["there is no Fictionary table"]
        in_force = {entry["class"] for entry in state["rules"].values()}
        if not in_force >= CORE or not game["numbers"]:
            return []
        problems: list[str] = []
        numbers = sorted(game["numbers"].values())
        if numbers != list(range(1, len(numbers) + 1)):
            problems.append(f"the players' numbers are not 1 to N: {numbers}")
        if not set(game["spots"]) <= set(game["numbers"]):
            problems.append("a spot belongs to no numbered player")
        if game["brainiac"] in game["bluffers"]:
            problems.append("the Brainiac is also a Bluffer")
        if game["list"] and not 1 <= len(game["list"]) <= len(game["bluffers"]) + 1:
            problems.append(f"the list has {len(game['list'])} entries")
        return problems

    def metrics(self, state: dict[str, Any]) -> dict[str, float]:
        """The rounds scored and how many ended in 3a, 3b or 3d."""
        game = state.get(KEY) or {}
        rounds = game.get("rounds", [])
        return {"rounds": float(len(rounds)),
                **{f"case_{case}": float(sum(1 for r in rounds if r["case"] == case))
                   for case in ("3a", "3b", "3d")}}

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        """Played as a child game: see the module's docstring."""
        game = state.get(KEY) or new_table(0)
        return steps.result_of(state, game)


"""The steps of a round of Fictionary (Ackanomic rule 1250.10 IV, 1 to 5) and its
Errata, as rules; the result a parent game settles; the game's page. See
:mod:`nomicon.packs.ackanomic.fictionary`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    Arg,
    Attribute,
    Ctx,
    Currency,
    PackPage,
    Rule,
    RuleParams,
    Section,
    action,
    events,
    finish,
    hook,
    parse,
    words,
)
from nomicon.packs.ackanomic.fictionary_events import (
    ENDED,
    JUDGED,
    LIST_POSTED,
    NEXT_ROUND,
    PENALISED,
    ROUND_OVER,
    SCORED,
    STEP,
    TIMED_OUT,
    VOTED,
    WORD_POSTED,
    Round,
    Step,
)
from nomicon.packs.ackanomic.fictionary_state import (
    BRAINIAC,
    GP,
    KEY,
    PACK,
    away,
    begin_step,
    game_of,
)

#: 1) "Default Ing Word: "ing"; Actual Definition: ..."
DEFAULT_WORD = "ing"
DEFAULT_DEFINITION = "A pasture or meadow; generally one lying low, near a river."
PRIVATE = f"owner+role:{BRAINIAC}"


def _same_text(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def rule_of(ctx: Ctx, key: str) -> Any:
    """The rule in force whose key is ``key`` (None: repealed)."""
    return next((rule for rule in ctx.rules.by_rid.values() if rule.key == key), None)


def penalise(ctx: Ctx, step: int, players: list[str]) -> None:
    """IV: "If a player(s) fails to perform the designated action by the end of this
    time limit ... they lose 1 Gamepoint" (a bot's default is no failure)."""
    failed = [player for player in players if player not in away(ctx)]
    if not failed:
        return
    rounds = rule_of(ctx, "fictionary-rounds")
    points = int(rounds.params.penalty) if rounds is not None else 1
    for player in failed:
        ctx.lose(player, points, f"did not act in time in step {step} of Fictionary", GP,
                 forced=True)
    ctx.emit(PENALISED, f"{', '.join(failed)} lose {points} Gamepoint(s): step {step} "
                        "was not done in time",
             round=ctx.get([KEY, "round"]), step=step, players=failed, points=points)


def end_round(ctx: Ctx, case: str, actual: str | None = None) -> None:
    """The round is over: its record, the Brainiac's duty done, the next round or the end."""
    state = game_of(ctx)
    brainiac = state["brainiac"]
    ctx.set([KEY, "served", brainiac], state["served"].get(brainiac, 0) + 1)
    ctx.state.append([KEY, "rounds"], {"round": state["round"], "brainiac": brainiac,
                                       "word": state["word"], "case": case,
                                       "actual": actual})
    ctx.revoke_role(brainiac, BRAINIAC, "the round is over")
    for player in state["spots"]:
        for name in ("actual", "actual_entry", "definition", "entry"):
            if ctx.attr(player, name) is not None:
                ctx.set_attr(player, name, None)
    ctx.set([KEY, "step"], 0)
    ctx.cancel_timer("fictionary-step")
    # Errata 2: a player who left is replaced by a bot "until the end of the round";
    # then their spot is removed.
    gone = set(state["leaving"])
    if gone:
        ctx.set([KEY, "spots"], [p for p in state["spots"] if p not in gone])
        ctx.set([KEY, "leaving"], [])
    ctx.dispatch(ROUND_OVER, Round(round=state["round"]))


class IngWord(Rule):
    """1) The Brainiac shall choose a word (known as the "Ing Word" for that round) from the Official Dictionary, whose definition is available in one of the Definition Lookup Dictionaries (Dictionaries), and publically post the word. The Ing Word should be as obscure as possible. Words with Harfy definitions are encouraged. The Brainiac shall also privately note the definition of the Ing Word. This definition shall be a verbatim transcription of any of the definitions provided by any of the Dictionaries. (Part of speech and similar details should not be transcribed). This shall be known as the "Actual Definition". This step ends when the Ing Word has been publically posted. Default Ing Word: "ing"; Actual Definition: "A pasture or meadow; generally one lying low, near a river.\""""  # noqa: E501

    key = "fictionary-ing-word"
    pack = PACK
    number = 41
    title = "1) The Ing Word"
    attributes = (
        Attribute("actual", None, visibility="owner",
                  doc="the Actual Definition, noted privately by the Brainiac"),
        Attribute("actual_entry", None, visibility="owner",
                  doc="the Actual Definition's number on the list"),
    )

    @hook(STEP)
    def on_step(self, ctx: Ctx, data: Step) -> None:
        if data["step"] == 1 and ctx.get([KEY, "brainiac"]) in away(ctx):
            self._default(ctx)

    @hook(TIMED_OUT)
    def timed_out(self, ctx: Ctx, data: Step) -> None:
        if data["step"] == 1:
            penalise(ctx, 1, [ctx.get([KEY, "brainiac"])])
            self._default(ctx)

    def _default(self, ctx: Ctx) -> None:
        if DEFAULT_WORD not in ctx.get([KEY, "words"]):
            self._post(ctx, DEFAULT_WORD, DEFAULT_DEFINITION, default=True)
            return
        # "ing" was the Ing Word already: the same word again would be no game, so the
        # engine draws a defined word of the Official Dictionary with the dice and
        # takes its first definition (INTERPRETATIONS.md).
        official = words.official(ctx.get(["dictionary"]))
        used = set(ctx.get([KEY, "words"]))
        word = official.random_word(ctx, lambda w: w not in used,
                                    purpose="a default Ing Word")
        self._post(ctx, word, official.define(word)[0].text, default=True)

    def _post(self, ctx: Ctx, word: str, definition: str, *, default: bool) -> None:
        brainiac = ctx.get([KEY, "brainiac"])
        ctx.set_attr(brainiac, "actual", definition)
        ctx.set([KEY, "word"], word)
        ctx.state.append([KEY, "words"], word)
        how = " (the default)" if default else ""
        ctx.emit(WORD_POSTED, f"round {ctx.get([KEY, 'round'])}: the Ing Word is "
                              f"{word!r}{how}",
                 round=ctx.get([KEY, "round"]), word=word, default=default)
        begin_step(ctx, 2)

    @action("ing-word", Arg("word", str, "the Ing Word, from the Official Dictionary"),
            Arg("definition", str, "one of its dictionary definitions, verbatim"),
            sealed=True)
    def ing_word(self, ctx: Ctx, actor: str, word: str, definition: str) -> None:
        """As the Brainiac: post the Ing Word, and note its Actual Definition privately."""
        official = words.official(ctx.get(["dictionary"]))
        ctx.require(official.is_word(word), f"{word!r} is not a word of the Official "
                                            "Dictionary")
        senses = official.define(word)
        ctx.require(senses, f"the Dictionaries give no definition of {word!r}")
        ctx.require(any(_same_text(definition, sense.text) for sense in senses),
                    "the Actual Definition must be a verbatim transcription of one of the "
                    f"Dictionaries' definitions of {word!r}",
                    detail=f"they give {len(senses)}, e.g. {senses[0].text!r}")
        self._post(ctx, word.strip().lower(), " ".join(definition.split()), default=False)

    @ing_word.check
    def _ing_word_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.get([KEY, "step"]) == 1, "no Ing Word is wanted now",
                    detail=f"step {ctx.get([KEY, 'step'])} of the round is under way")
        ctx.require(actor == ctx.get([KEY, "brainiac"]), "only the Brainiac posts the Ing "
                    "Word", detail=f"the Brainiac is {ctx.get([KEY, 'brainiac'])}")


class Definitions(Rule):
    """2) All Bluffers shall submit a definition for the Ing Word to the Brainiac via private e-mail. Default: "" is submitted."""  # noqa: E501

    key = "fictionary-definitions"
    pack = PACK
    number = 42
    title = "2) Definitions"
    attributes = (
        Attribute("definition", None, visibility=PRIVATE,
                  doc="the Bluffer's definition, sent privately to the Brainiac"),
    )

    @hook(STEP)
    def on_step(self, ctx: Ctx, data: Step) -> None:
        if data["step"] == 2:
            for bluffer in ctx.get([KEY, "bluffers"]):
                if bluffer in away(ctx):
                    self._define(ctx, bluffer, "")
            self._maybe_done(ctx)

    @hook(TIMED_OUT)
    def timed_out(self, ctx: Ctx, data: Step) -> None:
        if data["step"] != 2:
            return
        late = [b for b in ctx.get([KEY, "bluffers"]) if b not in ctx.get([KEY, "defined"])]
        penalise(ctx, 2, late)
        for bluffer in late:
            self._define(ctx, bluffer, "")
        begin_step(ctx, 3)

    def _define(self, ctx: Ctx, bluffer: str, text: str) -> None:
        ctx.set_attr(bluffer, "definition", text)
        if bluffer not in ctx.get([KEY, "defined"]):
            ctx.state.append([KEY, "defined"], bluffer)

    def _maybe_done(self, ctx: Ctx) -> None:
        state = game_of(ctx)
        if state["step"] == 2 and set(state["bluffers"]) <= set(state["defined"]):
            begin_step(ctx, 3)

    @action("define", Arg("text", str, "your definition of the Ing Word"), sealed=True)
    def define(self, ctx: Ctx, actor: str, text: str) -> None:
        """As a Bluffer: send the Brainiac your definition of the Ing Word (only the
        Brainiac reads it)."""
        self._define(ctx, actor, " ".join(text.split()))
        self._maybe_done(ctx)

    @define.check
    def _define_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.get([KEY, "step"]) == 2, "no definitions are wanted now",
                    detail=f"step {ctx.get([KEY, 'step'])} of the round is under way")
        ctx.require(actor in ctx.get([KEY, "bluffers"]), "the Brainiac does not submit a "
                    "definition")
        ctx.require(actor not in ctx.get([KEY, "defined"]), "you have sent your definition")


class Report(Rule):
    """3) The Brainiac shall compare the submitted defintions with the Actual Definition and any other definitions in the Dictionaries (On-line Definitions), and report how play proceeds based on the following cases: 3a) 2 or more Bluffers submitted a definition that is substantially similar to an On-line Definition. In this case, each such Bluffer receives 3 Gamepoints, the Brainiac is sneered at for picking an easy word, and the round ends. 3b) Exactly one Bluffer submitted a definition that is substantially similar to an On-line Definition. In this case, that Bluffer receives 4 Gamepoints, and their submitted defintion is removed from play. The Brainiac publically announces that this has occurred, and play proceeds without the submission as if case 3c) occurred, except that the correct Bluffer does not participate. 3c) No Bluffer submitted a definition that is substantially similar to an On-line Definition. In this case, the Brainiac randomly sorts the submitted definitions and the Actual Definition into a numbered list (without the names of the associated Bluffers), and publically posts the list for Bluffer voting. This posting ends this step. 3d) Default: The Brainiac loses 4 Gamepoints, no other scoring occurs this round, and play proceeds to the next round."""  # noqa: E501

    key = "fictionary-report"
    pack = PACK
    number = 43
    title = "3) The Brainiac's report"
    attributes = (
        Attribute("entry", None, visibility=PRIVATE,
                  doc="the number of the Bluffer's definition on the list"),
    )

    class Params(RuleParams):
        several: int = Field(3, description="3a: Gamepoints to each similar Bluffer")
        single: int = Field(4, description="3b: Gamepoints to the one similar Bluffer")
        no_report: int = Field(4, description="3d: Gamepoints the Brainiac loses")

    params: Params

    @hook(STEP)
    def on_step(self, ctx: Ctx, data: Step) -> None:
        if data["step"] != 3:
            return
        state = game_of(ctx)
        brainiac = state["brainiac"]
        if brainiac in away(ctx):
            self._no_report(ctx)
            return
        written = [b for b in state["bluffers"] if ctx.attr(b, "definition")]
        if not written:
            self._post_list(ctx, [])
            return
        # "substantially similar" is the Brainiac's judgement: a private prompt that
        # names the Bluffers whose definitions the Brainiac reads; none chosen is 3c.
        ctx.prompt(brainiac, written, [], handler=self.reported, choose=(0, len(written)),
                   private=True, deadline=parse(data["ends"]),
                   message="which Bluffers' definitions are substantially similar to an "
                           "On-line Definition? (Rule 43; none: the list is posted)",
                   data={"round": data["round"]})

    def reported(self, ctx: Ctx, prompt: dict[str, Any], option: list[str]) -> None:
        state = game_of(ctx)
        if state["step"] != 3 or state["round"] != prompt["data"]["round"]:
            return
        # The clock answers a prompt at its deadline with the default before any late
        # answer: an answer at or after the deadline is the default, 3d.
        if ctx.now >= parse(prompt["deadline"]):
            penalise(ctx, 3, [state["brainiac"]])
            self._no_report(ctx)
            return
        similar = [b for b in state["bluffers"] if b in option]
        if len(similar) >= 2:
            for bluffer in similar:
                ctx.gain(bluffer, self.params.several, "3a: a definition substantially "
                                                       "similar to an On-line one", GP)
            ctx.emit(JUDGED, f"3a: {', '.join(similar)} knew the word and receive "
                             f"{self.params.several} Gamepoints each; the Brainiac is "
                             "sneered at for picking an easy word",
                     round=state["round"], case="3a", similar=similar)
            end_round(ctx, "3a", ctx.attr(state["brainiac"], "actual"))
            return
        if similar:
            ctx.gain(similar[0], self.params.single, "3b: a definition substantially "
                                                     "similar to an On-line one", GP)
            ctx.set([KEY, "removed"], similar[0])
            ctx.emit(JUDGED, f"3b: {similar[0]} knew the word, receives "
                             f"{self.params.single} Gamepoints and sits out the vote",
                     round=state["round"], case="3b", similar=similar)
        listed = [b for b in state["bluffers"]
                  if b not in similar and ctx.attr(b, "definition")]
        self._post_list(ctx, listed)

    def _no_report(self, ctx: Ctx) -> None:
        brainiac = ctx.get([KEY, "brainiac"])
        ctx.lose(brainiac, self.params.no_report, "3d: no report", GP, forced=True)
        ctx.emit(JUDGED, f"3d: {brainiac} did not report and loses "
                         f"{self.params.no_report} Gamepoints; no other scoring this round",
                 round=ctx.get([KEY, "round"]), case="3d", similar=[])
        end_round(ctx, "3d", ctx.attr(brainiac, "actual"))

    def _post_list(self, ctx: Ctx, authors: list[str]) -> None:
        brainiac = ctx.get([KEY, "brainiac"])
        entries: list[str | None] = [*authors, None]  # None: the Actual Definition
        # "randomly sorts": the dice only the Brainiac reads, since the draws and the
        # Bluffers' order would tell everyone who wrote which entry.
        order = ctx.shuffle(entries, "the numbered list of definitions",
                            to=[f"role:{BRAINIAC}"])
        texts: list[str] = []
        for number, author in enumerate(order, start=1):
            if author is None:
                ctx.set_attr(brainiac, "actual_entry", number)
                texts.append(ctx.attr(brainiac, "actual"))
            else:
                ctx.set_attr(author, "entry", number)
                texts.append(ctx.attr(author, "definition"))
        ctx.set([KEY, "list"], texts)
        shown = "; ".join(f"{n}. {text}" for n, text in enumerate(texts, start=1))
        ctx.emit(LIST_POSTED, f"the definitions of {ctx.get([KEY, 'word'])!r}: {shown}",
                 round=ctx.get([KEY, "round"]), entries=texts)
        begin_step(ctx, 4)

    @hook(TIMED_OUT)
    def timed_out(self, ctx: Ctx, data: Step) -> None:
        # The prompt's own deadline is the step's: its default ends the step (above);
        # this covers a step 3 whose prompt was answered by nothing.
        brainiac = ctx.get([KEY, "brainiac"])
        if data["step"] == 3 and not ctx.pending_prompts(brainiac):
            penalise(ctx, 3, [brainiac])
            self._no_report(ctx)


def voters(ctx: Ctx) -> list[str]:
    """4) The Bluffers who vote: all but 3b's correct Bluffer."""
    removed = ctx.get([KEY, "removed"])
    return [b for b in ctx.get([KEY, "bluffers"], []) if b != removed]


class Voting(Rule):
    """4) All Bluffers shall vote for one of the definitions on the list, and publically post their vote. Voting for the Bluffer's own definition is permissible (and is called "sheeping"). It is good form to quote the definition being voted for in this post. This step ends when all bluffers have voted. Default: A Bluffer who did not vote is deemed to have sheeped."""  # noqa: E501

    key = "fictionary-voting"
    pack = PACK
    number = 44
    title = "4) Votes"

    @hook(STEP)
    def on_step(self, ctx: Ctx, data: Step) -> None:
        if data["step"] == 4:
            for bluffer in voters(ctx):
                if bluffer in away(ctx):
                    self._sheep(ctx, bluffer)
            self._maybe_done(ctx)

    @hook(TIMED_OUT)
    def timed_out(self, ctx: Ctx, data: Step) -> None:
        if data["step"] != 4:
            return
        late = [b for b in voters(ctx) if b not in ctx.get([KEY, "votes"])]
        penalise(ctx, 4, late)
        for bluffer in late:
            self._sheep(ctx, bluffer)
        begin_step(ctx, 5)

    def _sheep(self, ctx: Ctx, bluffer: str) -> None:
        # A Bluffer whose definition is not on the list ("" submitted) has nothing
        # to sheep on: their deemed vote goes to no entry (INTERPRETATIONS.md).
        self._record(ctx, bluffer, ctx.attr(bluffer, "entry"), default=True)

    def _record(self, ctx: Ctx, bluffer: str, number: int | None, *, default: bool) -> None:
        ctx.set([KEY, "votes", bluffer], number)
        how = "is deemed to have sheeped" if default else f"votes for definition {number}"
        quoted = f" ({ctx.get([KEY, 'list'])[number - 1]!r})" if number and not default else ""
        ctx.emit(VOTED, f"{bluffer} {how}{quoted}", round=ctx.get([KEY, "round"]),
                 player=bluffer, number=number, default=default)

    def _maybe_done(self, ctx: Ctx) -> None:
        if ctx.get([KEY, "step"]) == 4 and set(voters(ctx)) <= set(ctx.get([KEY, "votes"])):
            begin_step(ctx, 5)

    def _numbers(self, ctx: Ctx, actor: str) -> list[int]:
        return list(range(1, len(ctx.get([KEY, "list"], [])) + 1))

    @action("vote", Arg("number", int, "the number of the definition on the list",
                        choices="_numbers", explain="_not_listed"))
    def vote(self, ctx: Ctx, actor: str, number: int) -> None:
        """As a Bluffer: vote, publicly, for the definition you take to be the real one."""
        self._record(ctx, actor, number, default=False)
        self._maybe_done(ctx)

    def _not_listed(self, ctx: Ctx, actor: str, number: Any) -> None:
        ctx.refuse(f"there is no definition {number} on the list",
                   detail=f"the list has {len(ctx.get([KEY, 'list'], []))}")

    @vote.applies
    def _is_voting(self, ctx: Ctx, actor: str) -> bool:
        # ``vote`` is also the proposals' action (Rule 100): this one is offered in
        # step 4; the arguments given choose between them meanwhile.
        return bool(ctx.get([KEY, "step"]) == 4)

    @vote.check
    def _vote_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(actor in voters(ctx), "you do not vote this round",
                    detail=("you are the Brainiac" if actor == ctx.get([KEY, "brainiac"])
                            else "your definition was removed from play (3b)"))
        ctx.require(actor not in ctx.get([KEY, "votes"]), "you have voted this round")


class Scoring(Rule):
    """5a) The Brainiac shall score the voting and post this information, the cumulative scoring for the game, and the actual definition. Scoring is as follows (in addition to any from section 3): i) Each Bluffer receives 1 Gamepoint for every player other than himself who voted for his definition. ii) A Bluffer receives 2 Gamepoints if he voted for the Actual Definition. iii) If no one voted for the Actual Definition, the Brainiac receives 2 Gamepoints. 5d) Default: The Scorekeeper or Acting Scorekeeper becomes acting Brainiac to adjudicate step 5. If there is no such officer, the game ends with no winner and no payoff. 5e) Players are permitted to ridicule any definition that is not the same part of speech as the Ing Word."""  # noqa: E501

    key = "fictionary-scoring"
    pack = PACK
    number = 45
    title = "5a) Scoring"

    # The engine scores as soon as the votes are in, as the Brainiac would, so 5d's
    # default never arises (INTERPRETATIONS.md).
    @hook(STEP)
    def score(self, ctx: Ctx, data: Step) -> None:
        if data["step"] != 5:
            return
        state = game_of(ctx)
        brainiac = state["brainiac"]
        actual_number = ctx.attr(brainiac, "actual_entry")
        authors = {str(ctx.attr(b, "entry")): b for b in state["bluffers"]
                   if ctx.attr(b, "entry") is not None}
        votes: dict[str, int | None] = dict(state["votes"])
        gained = {player: 0 for player in state["spots"]}
        for number, author in authors.items():
            gained[author] += sum(1 for voter, vote in votes.items()
                                  if voter != author and str(vote) == number)
        for voter, vote in votes.items():
            if vote is not None and vote == actual_number:
                gained[voter] += 2
        if not any(vote == actual_number for vote in votes.values()):
            gained[brainiac] += 2
        for player, points in gained.items():
            if points:
                ctx.gain(player, points, f"5a: round {state['round']} of Fictionary", GP)
        actual = ctx.attr(brainiac, "actual")
        totals = {p: ctx.balance(p, GP) for p in state["spots"]}
        shown = ", ".join(f"{p} {t}" for p, t in totals.items())
        ctx.emit(SCORED, f"round {state['round']}: the Actual Definition of "
                         f"{state['word']!r} was {actual_number}. {actual!r}; "
                         f"Gamepoints now {shown}",
                 round=state["round"], word=state["word"], actual=actual,
                 actual_number=actual_number, authors=authors, votes=votes, gained=gained)
        end_round(ctx, "scored", actual)


class End(Rule):
    """5b) The game shall end when all players have been Brainiac the same number of times, and one or more players has 25 or more Gamepoints. The single player with the most Gamepoints wins, and receives 1 A$ for each Gamepoint they have. If there is no such player, all players who are tied with the most Gamepoints recieve A$12. There is no winner declared, however. The winner also receives a standard Trophy."""  # noqa: E501

    key = "fictionary-end"
    pack = PACK
    number = 46
    title = "5b) The end of the game"
    currencies = (Currency("A$", 0, doc="Ackanomic dollars"),)
    attributes = (Attribute("trophies", 0, doc="standard Trophies won"),)

    class Params(RuleParams):
        target: int = Field(25, ge=1, description="Gamepoints that end the game")
        tie_payoff: int = Field(12, ge=0, description="A$ to each player tied at the top")

    params: Params

    @hook(ROUND_OVER)
    def end_test(self, ctx: Ctx, data: Round) -> None:
        state = game_of(ctx)
        spots = state["spots"]
        totals = {p: ctx.balance(p, GP) for p in spots}
        served = {state["served"].get(p, 0) for p in spots}
        if len(spots) >= 2 and (len(served) != 1 or max(totals.values()) < self.params.target):
            ctx.dispatch(NEXT_ROUND, Round(round=data["round"] + 1))
            return
        top = max(totals.values(), default=0)
        leaders = [p for p, t in totals.items() if t == top]
        winner = leaders[0] if len(leaders) == 1 else None
        tied = [] if winner else leaders
        ctx.set([KEY, "winner"], winner)
        ctx.set([KEY, "tied"], tied)
        ctx.set([KEY, "over"], True)
        why = (f"{winner} wins with {top} Gamepoints" if winner
               else f"{', '.join(tied)} tie with {top} Gamepoints; no winner is declared")
        if len(spots) < 2:
            why = f"fewer than two players remain; {why}"
        ctx.emit(ENDED, f"Fictionary is over after {data['round']} round(s): {why}",
                 winner=winner, tied=tied, totals=totals, rounds=data["round"], why=why)
        ctx.set(["winners"], [winner] if winner else [])
        if ctx.parent() is None:
            # Standalone, the game pays 5b in its own ledger; a child game's result
            # carries it to the main game, which pays it.
            if winner is not None:
                ctx.gain(winner, max(top, 0), "5b: the winner of Fictionary", "A$")
                ctx.set_attr(winner, "trophies", ctx.attr(winner, "trophies", 0) + 1)
            for player in tied:
                ctx.gain(player, self.params.tie_payoff, "5b: tied at the top", "A$")
        finish(ctx, why)


class NextRound(Rule):
    """5c) If the game does not end at this step, play continues to the next round with a new Brainiac at step 1."""  # noqa: E501

    key = "fictionary-next-round"
    pack = PACK
    number = 47
    title = "5c) The next round"
    # Rule 4 begins the round that Rule 46's end test calls for (NEXT_ROUND).


class Vacation(Rule):
    """V. Errata 1) Players on vacation are replaced by bots who perform the default actions in their stead (but the players receive all scoring as a result of the bot's play). A player going on vacation may have a volunteer play in their place if they can find such a person, however."""  # noqa: E501

    key = "fictionary-vacation"
    pack = PACK
    number = 51
    title = "Errata 1) Vacation"
    # A volunteer plays the seat through the kernel's seats (the admin seats them).

    @hook(events.PARENT_INPUT)
    def status_changed(self, ctx: Ctx, data: events.ParentInput) -> None:
        """The main game's ``vacation`` status of a player reaches the child game."""
        if data["data"].get("name") != "vacation" or data["player"] not in ctx.get(
                [KEY, "spots"], []):
            return
        player = data["player"]
        gone = [p for p in ctx.get([KEY, "vacation"]) if p != player]
        if data["kind"] == events.STATUS_GRANTED.name:
            ctx.set([KEY, "vacation"], [*gone, player])
            play_bot_now(ctx, player)
        elif data["kind"] == events.STATUS_ENDED.name:
            ctx.set([KEY, "vacation"], gone)


class Resigning(Rule):
    """V. Errata 2) Players may resign at any time, although this is considered bad form. Any player who resigns or leaves Acka is replaced by a bot until the end of the round in which they resigned (unless they resigned after the completion of step 5, and before the completion of step 1 in the next round). After that, their "spot" is removed from the game."""  # noqa: E501

    key = "fictionary-resigning"
    pack = PACK
    number = 52
    title = "Errata 2) Resigning"

    @hook(events.SEAT_LEFT)
    def left(self, ctx: Ctx, data: events.PlayerLeft) -> None:
        player = data["player"]
        state = game_of(ctx)
        if player not in state["spots"] or player in state["leaving"] or state["over"]:
            return
        ctx.state.append([KEY, "leaving"], player)
        play_bot_now(ctx, player)


def play_bot_now(ctx: Ctx, player: str) -> None:
    """The bot that replaces ``player`` performs, at once, their default of the step
    under way, if they have not acted in it yet."""
    state = game_of(ctx)
    step = state["step"]
    waiting = ((step == 1 and player == state["brainiac"])
               or (step == 2 and player in state["bluffers"]
                   and player not in state["defined"])
               or (step == 4 and player in voters(ctx) and player not in state["votes"]))
    rule = rule_of(ctx, {1: IngWord.key, 2: Definitions.key, 4: Voting.key}.get(step, ""))
    if waiting and rule is not None:
        with ctx.running(rule):
            rule.on_step(ctx, Step(round=state["round"], step=step, ends=state["ends"]))


class NoLookingUp(Rule):
    """V. Errata 3) Players may not look up the Ing Word (or any of the definitions), in any dictionary until its definition is disclosed, or until adjudication of step 5 is required."""  # noqa: E501

    key = "fictionary-no-looking-up"
    pack = PACK
    number = 53
    title = "Errata 3) No looking up"
    # A matter of honour: the engine answers no player's question about a word.


STEP_RULES: tuple[type[Rule], ...] = (
    IngWord, Definitions, Report, Voting, Scoring, End, NextRound, Vacation, Resigning,
    NoLookingUp,
)


def result_of(state: Mapping[str, Any], game: Mapping[str, Any]) -> dict[str, Any]:
    """The result a parent game settles (see the pack module's docstring)."""
    accounts = state.get("accounts") or {}
    totals = {p: int((accounts.get(p) or {}).get(GP, 0)) for p in game["numbers"]}
    winner = game["winner"]
    payoff = ({winner: max(totals.get(winner, 0), 0)} if winner
              else {p: 12 for p in game["tied"]})
    return {"winners": [winner] if winner else [], "scores": totals, "referee": None,
            "rounds": len(game["rounds"]), "tied": list(game["tied"]), "payoff": payoff,
            "trophy": winner, "numbers": dict(game["numbers"])}


# -- the web page: the numbered definitions and what the viewer must do now ----------
def _table(view: Mapping[str, Any]) -> dict[str, Any]:
    game = view.get(KEY) or {}
    if not game.get("numbers"):
        return {}
    return {"Round": game.get("round"), "Brainiac": game.get("brainiac"),
            "Step": game.get("step"), "Ing Word": game.get("word") or "(not yet posted)",
            "Step ends": game.get("ends")}


def _definitions(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    game = view.get(KEY) or {}
    return [{"number": n, "definition": text}
            for n, text in enumerate(game.get("list") or [], start=1)]


def _mine(view: Mapping[str, Any]) -> dict[str, Any]:
    """What the viewer's view holds of their own: their definition, the Actual
    Definition when they are the Brainiac."""
    game = view.get(KEY) or {}
    shown: dict[str, Any] = {}
    for name, seen in (view.get("players") or {}).items():
        if seen.get("actual") is not None:
            shown[f"Actual Definition ({name})"] = seen["actual"]
        if seen.get("definition") is not None:
            shown[f"Definition ({name})"] = seen["definition"] or '""'
    if game.get("votes"):
        shown["Votes"] = ", ".join(f"{p} {v}" for p, v in game["votes"].items())
    return shown


PAGES = (PackPage(
    "fictionary", "Fictionary",
    (Section("The round", _table, parts=(KEY,), empty="The game has not begun."),
     Section("Your part", _mine, parts=(KEY, "players"),
             empty="Nothing of yours to show now.",
             actions=("ing-word", "define", "vote")),
     Section("The definitions", _definitions, parts=(KEY,),
             empty="No list has been posted this round."))),)

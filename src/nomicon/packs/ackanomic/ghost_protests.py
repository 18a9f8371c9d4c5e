"""Ghost (Ackanomic rule 1250.9): protests against the ghost word and the removals
they cause (Rules 45 and 46 of the game's ruleset).

The Official Dictionary is the one the game recorded (``dictionary``). The text has
the referee "attempt to locate" a word and "report his findings", and a protest is
resolved when he reports: where a member referees, the engine's finding is put to him
as a prompt whose default is that finding; where the engine referees, its finding is
the report.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Ctx, Rule, RuleParams, action, hook, iso, words
from nomicon.packs.ackanomic.ghost_events import (
    ANSWERED,
    PROTESTED,
    RESOLVED,
    Resolved,
)
from nomicon.packs.ackanomic.ghost_state import (
    KEY,
    TURN_TIMER,
    game,
    in_progress,
    next_turn,
    remove,
)

PACK = "ackanomic"
KINDS = ("word", "no-word")
ANSWER_TIMER = "ghost-answer"


def _protest(ctx: Ctx) -> dict[str, Any] | None:
    found: dict[str, Any] | None = ctx.get([KEY, "protest"])
    return found


class Protests(Rule):
    """(3) A player who protests the ghost word shall do so by either by stating that the ghost word is a word of four or more letters in the official dictionary, or by stating that the ghost word cannot be found within any word in the official dictionary. ("uperso" can be found within "supersonic"; "spronc" cannot.) A protest is said to be made against the player whose turn caused the ghost word to be changed to its present form.

When a player protests the ghost word, play is suspended until the protest is resolved. If the protest was on the grounds that the ghost word is a word of four or more letters in the official dictionary, the referee shall attempt to locate it therein and report his findings. If the ghost word is a word of four or more letters in the official dictionary, the protest is valid; otherwise it is invalid. Either way, when the referee reports the validity or lack thereof of the protest, it is considered resolved; if the protest was valid, the ghost word is destroyed.

If the protest was on the grounds that the ghost word cannot be found within any word in the official dicitonary, the player against whom the protest was made has three days to post a word containing the ghost word. If he does not, the protest is resolved as valid. If he does, the referee shall attempt to locate that word in the official dictionary, and shall report his findings. If the named word is a word in the official dictionary, the protest is invalid; otherwise, it is valid. Upon the referee reporting on the validity or lack thereof of the protest, it is considered resolved; at the resolution of any protest of this sort, the ghost word is destroyed."""  # noqa: E501

    key = "ghost-protests"
    pack = PACK
    number = 45
    title = "Protests"

    class Params(RuleParams):
        letters: int = Field(4, ge=1, description="the fewest letters of a word protested")
        answer_days: int = Field(3, ge=1, description="days to post a word containing it")
        report_days: int = Field(1, ge=1, description="days the referee has to report his "
                                                      "findings before the engine's stand")

    params: Params

    def _kinds(self, ctx: Ctx, actor: str) -> list[str]:
        return list(KINDS)

    def _refuse_kind(self, ctx: Ctx, actor: str, kind: Any) -> None:
        ctx.refuse(f"{kind!r} is no ground of protest",
                   detail="protest that the ghost word is a word ('word') or that no word "
                          "contains it ('no-word')")

    @action("protest", Arg("kind", str, "'word': the ghost word is a word of four or more "
                                        "letters; 'no-word': no word contains it",
                           choices="_kinds", explain="_refuse_kind"))
    def protest(self, ctx: Ctx, actor: str, kind: str) -> None:
        """Protest the ghost word: it is a word, or no word contains it."""
        word = ctx.get([KEY, "word"])
        against = ctx.get([KEY, "last"])
        ctx.cancel_timer(TURN_TIMER)
        ctx.set([KEY, "protest"], {"by": actor, "against": against, "kind": kind,
                                   "word": word, "answer": None, "due": None})
        ctx.state.append([KEY, "history"], {"turn": ctx.get([KEY, "turns"]), "player": actor,
                                            "play": f"protest ({kind})", "word": word})
        grounds = ("is a word" if kind == "word" else "cannot be found within any word")
        ctx.emit(PROTESTED, f"{actor} protests against {against}: {word.upper()} {grounds}",
                 player=actor, against=against, kind=kind, word=word)
        if kind == "word":
            self._find(ctx)
            return
        due = ctx.now + timedelta(days=self.params.answer_days)
        ctx.set([KEY, "protest", "due"], iso(due))
        ctx.set_timer(ANSWER_TIMER, timedelta(days=self.params.answer_days), self.no_answer,
                      {"word": word, "turn": ctx.get([KEY, "turns"])})

    @protest.check
    def _protest_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(game(ctx)["word"] is not None, "there is no ghost word to protest")

    @action("answer", Arg("word", str, "a word containing the ghost word"))
    def answer(self, ctx: Ctx, actor: str, word: str) -> None:
        """Post a word containing the ghost word protested against you."""
        protest = _protest(ctx)
        assert protest is not None
        posted = word.strip().lower()
        ctx.require(protest["word"] in posted, f"{word!r} does not contain the ghost word "
                    f"{protest['word'].upper()}")
        ctx.cancel_timer(ANSWER_TIMER)
        ctx.set([KEY, "protest", "answer"], posted)
        ctx.emit(ANSWERED, f"{actor} posts {posted.upper()}, which contains "
                           f"{protest['word'].upper()}", player=actor, word=posted)
        self._find(ctx)

    @answer.check
    def _answer_check(self, ctx: Ctx, actor: str) -> None:
        protest = _protest(ctx)
        ctx.require(protest is not None and protest["kind"] == "no-word",
                    "no protest that no word contains the ghost word is open")
        assert protest is not None
        ctx.require(actor == protest["against"], "the protest is not against you",
                    detail=f"it is against {protest['against']}")
        ctx.require(protest["answer"] is None, "you have already posted a word")

    @answer.variants
    def _answer_forms(self, ctx: Ctx, actor: str) -> list[dict[str, list[Any] | None]]:
        protest = _protest(ctx)
        if protest is None or protest["kind"] != "no-word" or actor != protest["against"]:
            return []
        found = words.official(ctx.get(["dictionary"])).contains(protest["word"])
        return [{"word": [found]}] if found else []

    def no_answer(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        protest = _protest(ctx)
        if (protest is None or protest["answer"] is not None or not in_progress(ctx)
                or protest["word"] != payload["word"]):
            return
        self._resolve(ctx, True, None, "rule")

    def _find(self, ctx: Ctx) -> None:
        """The dictionary's finding, reported by the referee (a prompt whose default it
        is) or, with the engine refereeing, at once."""
        protest = _protest(ctx)
        assert protest is not None
        official = words.official(ctx.get(["dictionary"]))
        if protest["kind"] == "word":
            ghost = protest["word"]
            found = ghost if len(ghost) >= self.params.letters and official.is_word(ghost) \
                else None
            valid = found is not None
            asked = f"is {ghost.upper()} a word of {self.params.letters} or more letters"
        else:
            posted = protest["answer"]
            found = posted if official.is_word(posted) else None
            valid = found is None
            asked = f"is {posted.upper()} (posted for {protest['word'].upper()}) a word"
        referee = ctx.get([KEY, "referee"])
        if referee is None or not ctx.is_player(referee) or ctx.seat_of(referee).left:
            self._resolve(ctx, valid, found, "engine")
            return
        finding = "it is" if found else "it is not"
        ctx.prompt(referee, ["valid", "invalid"], "valid" if valid else "invalid",
                   handler=self.reported,
                   message=f"Report your findings on {protest['by']}'s protest: {asked} in "
                           f"the official dictionary? The dictionary says {finding}.",
                   deadline=ctx.now + timedelta(days=self.params.report_days),
                   data={"word": protest["word"], "found": found})

    def reported(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        protest = _protest(ctx)
        if protest is None or protest["word"] != prompt["data"]["word"]:
            return
        self._resolve(ctx, option == "valid", prompt["data"]["found"], prompt["to"])

    def _resolve(self, ctx: Ctx, valid: bool, found: str | None, by: str) -> None:
        protest = _protest(ctx)
        assert protest is not None
        ctx.set([KEY, "protest"], None)
        if valid or protest["kind"] == "no-word":
            ctx.set([KEY, "word"], None)
            ctx.set([KEY, "last"], None)
        removed = protest["against"] if valid else protest["by"]
        word = protest["word"]
        ctx.emit(RESOLVED, f"the protest against {word.upper()} is "
                           f"{'valid' if valid else 'invalid'} ({by} reports"
                           + (f" {found.upper()}" if found else " no such word") + ")",
                 kind=protest["kind"], word=word, valid=valid, found=found, by=by,
                 protester=protest["by"], removed=removed)


class Removals(Rule):
    """A player who makes an invalid protest is removed from the game; a player who has a valid protest made against him is removed from the game."""  # noqa: E501

    key = "ghost-removals"
    pack = PACK
    number = 46
    title = "Removal after a protest"

    @hook(RESOLVED)
    def remove_the_loser(self, ctx: Ctx, data: Resolved) -> None:
        if remove(ctx, data["removed"], "protest"):
            return  # the game is over
        # 41: the turn after a protest begins when the protest is resolved.
        next_turn(ctx, data["protester"])

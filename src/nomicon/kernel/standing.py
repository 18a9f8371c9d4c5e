"""Standing answers: a player's answer to a kind of question, given before it is asked.

A player who plays by mail cannot answer a question the rules put to them in the
middle of an update ("buy the square you landed on?"); they say beforehand how they
answer questions of that kind. A prompt's kind is what the rule that opens it calls it
(``ctx.prompt(..., kind="buy-square")``), or else the key of that rule. A standing
answer is kept as ``standing.<player>.<kind> = {option, condition, otherwise}`` and is
seen by its player (and the admin) only.

When a prompt of that kind opens to the player, the answer is given at once, as if
the player had chosen it: the ``option``, or, when the ``condition`` (see
:mod:`~nomicon.kernel.conditions`; it may read the ``prompt`` too) does not hold, the
``otherwise`` option, or no answer when there is none. An answer that is not open
then, or that the asking rule refuses, is not given: the question stays open for the
player (or its default), and the player is told why.
"""

from __future__ import annotations

import re
from typing import Any

from nomicon.kernel import events
from nomicon.kernel.conditions import Condition, ConditionError, names_for
from nomicon.kernel.context import Ctx
from nomicon.kernel.errors import ActionError, Refusal
from nomicon.kernel.rules import Arg, Rule, action, hook
from nomicon.kernel.views import ADMIN

TABLE = "standing"
KIND = re.compile(r"[a-z0-9][a-z0-9_.-]{0,63}")


def kind_of(ctx: Ctx, prompt: dict[str, Any]) -> str | None:
    """A prompt's kind: the one its rule gave it, else the key of that rule (None: the
    rule is no longer in force)."""
    if prompt.get("kind"):
        return str(prompt["kind"])
    rule = ctx.rules.by_rid.get(prompt["rid"])
    return type(rule).key if rule is not None else None


class StandingAnswers(Rule):
    """A player may answer a kind of question before it is asked. When the rules ask the player a question of that kind, the standing answer is given at once, as if the player had given it then. A standing answer may hold only under a condition, with another answer otherwise. A player may change or withdraw a standing answer at any time."""  # noqa: E501

    key = "standing-answers"
    pack = "nomic"
    number = 1
    title = "Standing answers"

    @action("standing-answer",
            Arg("kind", str, "the kind of question (a prompt's kind)"),
            Arg("option", str, "the answer"),
            Arg("condition", str, "give the answer only if this holds then, e.g. "
                "prompt.data.price <= 300", required=False),
            Arg("otherwise", str, "the answer when the condition does not hold (default: "
                "none; the question waits for you)", required=False),
            sealed=True)
    def standing_answer(self, ctx: Ctx, actor: str, kind: str, option: str,
                        condition: str | None = None, otherwise: str | None = None) -> None:
        """Answer a kind of question before it is asked (replaces your earlier answer)."""
        ctx.require(KIND.fullmatch(kind), f"{kind!r} is not a kind of question",
                    detail="a kind is 1-64 lower-case letters, digits, '-', '_' or '.'")
        ctx.require(otherwise is None or condition is not None, "an otherwise answer is given "
                    "when the condition does not hold", detail="give a condition too")
        if condition is not None:
            try:
                condition = Condition(condition).text
            except ConditionError as exc:
                ctx.refuse(f"the condition cannot be read: {exc}")
        if ctx.get([TABLE], None) is None:
            ctx.set([TABLE], {})
        if ctx.get([TABLE, actor], None) is None:
            ctx.set([TABLE, actor], {})
        answer = {"option": option, "condition": condition, "otherwise": otherwise}
        ctx.set([TABLE, actor, kind], answer)
        ctx.emit(events.STANDING_ANSWER_GIVEN, f"{actor} answers {kind} questions ahead: {option}"
                 + (f" if {condition}" if condition else "")
                 + (f", else {otherwise}" if otherwise else ""),
                 to=[actor], player=actor, kind=kind, **answer)

    @action("withdraw-standing-answer",
            Arg("kind", str, "the kind of question", choices="_my_kinds",
                explain="_why_not_mine"), sealed=True)
    def withdraw(self, ctx: Ctx, actor: str, kind: str) -> None:
        """Withdraw your standing answer to a kind of question."""
        ctx.state.delete([TABLE, actor, kind])
        ctx.emit(events.STANDING_ANSWER_WITHDRAWN, f"{actor} withdraws the standing answer to "
                 f"{kind} questions", to=[actor], player=actor, kind=kind)

    def _my_kinds(self, ctx: Ctx, actor: str) -> list[str]:
        return list(ctx.get([TABLE, actor], None) or {})

    def _why_not_mine(self, ctx: Ctx, actor: str, value: Any) -> None:
        ctx.refuse(f"{actor} has no standing answer to {value!r} questions",
                   detail=f"yours: {', '.join(self._my_kinds(ctx, actor)) or 'none'}")

    @hook(events.PROMPT_OPENED)
    def answer_ahead(self, ctx: Ctx, data: events.PromptOpened) -> None:
        """Give the player's standing answer to a prompt that opens to them."""
        player = data["to_player"]
        answers = ctx.get([TABLE, player], None)
        if not answers:
            return
        prompt = next((p for p in ctx.pending_prompts(player) if p["id"] == data["prompt"]),
                      None)
        kind = kind_of(ctx, prompt) if prompt is not None else None
        if prompt is None or kind is None or kind not in answers:
            return
        answer = answers[kind]
        option = answer["option"]
        if answer["condition"]:
            try:
                holds = Condition(answer["condition"]).holds(
                    names_for(ctx.game.view(player), player, prompt=prompt))
            except ConditionError as exc:
                self._unused(ctx, player, kind, prompt, f"the condition cannot be evaluated: "
                             f"{exc}")
                return
            option = option if holds else answer["otherwise"]
            if option is None:
                self._unused(ctx, player, kind, prompt, f"{answer['condition']} is false "
                             "and there is no otherwise answer")
                return
        open_now = ctx.open_options(prompt)
        if option not in open_now:
            self._unused(ctx, player, kind, prompt, f"{option!r} is not open now (open: "
                         f"{', '.join(open_now)})")
            return
        try:
            with ctx.savepoint():
                ctx.emit(events.STANDING_ANSWER_APPLIED, f"{player}'s standing answer to {kind} "
                         f"questions: {option}", to=[player], player=player, kind=kind,
                         option=option, prompt=prompt["id"])
                ctx.game._resolve_prompt(ctx, prompt, option)
        except Refusal as refusal:
            because = refusal.reason + (f" ({refusal.rule})" if refusal.rule else "")
            self._unused(ctx, player, kind, prompt, because)
        except ActionError as exc:
            self._unused(ctx, player, kind, prompt, str(exc))

    def _unused(self, ctx: Ctx, player: str, kind: str, prompt: dict[str, Any],
                why: str) -> None:
        ctx.emit(events.STANDING_ANSWER_UNUSED, f"{player}'s standing answer to {kind} questions "
                 f"is not given: {why}; the question stays open ({prompt['message']})",
                 to=[player], player=player, kind=kind, prompt=prompt["id"], reason=why)

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        """Standing answers are sealed: each player sees their own."""
        if viewer == ADMIN or not view.get(TABLE):
            return
        view[TABLE] = {player: answers for player, answers in view[TABLE].items()
                       if player == viewer}

"""Everything a rule author writes rules with, in one import.

A rule pack imports from here, not from the kernel's modules, so the kernel can be
reorganised without touching four hundred rules::

    from nomicon.authoring import Ctx, Rule, RuleParams, hook


    class Fives(Rule):   # a rule of a pack of your own ("my-nomic")
        \"\"\"A player who lands on a space numbered a multiple of 5 gains 10 points.\"\"\"

        key = "fives"
        pack = "my-nomic"
        number = 1
        title = "Fives"

        class Params(RuleParams):
            fives_points: int = 10

        params: Params

        @hook("landed")
        def fives(self, ctx: Ctx, data: dict[str, Any]) -> None:
            if data["space"] % 5 == 0:
                ctx.gain(data["player"], self.params.fives_points, "landed on a five")

What is here:

- the rule and what it declares: :class:`Rule`, :class:`RuleParams`, :class:`Arg`,
  :class:`Attribute`, :class:`Currency`, :class:`ActionDecl`;
- the decorators, one a sentence of the rule: :func:`action` (a thing a player may
  do), :func:`hook` (what happens when an event does), :func:`veto` (what forbids an
  action), :func:`adjust` (a number another rule asks for), :func:`every` (a
  schedule in the rule's words);
- :class:`Ctx`, what a rule sees and acts through (the state, the dice, the ledger,
  prompts, timers, events);
- the pack: :class:`Pack`, :class:`PackParams`, :class:`Initial`;
- refusing and failing: :class:`Refusal` (what ``ctx.refuse`` raises), and the
  errors a rule may meet (:class:`GameError`, :class:`InvalidRuleChange`);
- helpers every board game needs: :mod:`turns` (the turn order), :func:`finish`
  (end the game with its winners), :func:`iso` and :func:`parse` (the clock's text);
- games played by mail: :class:`Update` (a rule of updates: orders received between
  updates, carried out phase by phase at the next one), :class:`Phase` (one phase, and
  what it waits for, such as :func:`admin_prompts_open`), and
  :class:`StandingAnswers` (answers to kinds of prompts given before they are asked).
"""

from __future__ import annotations

from nomicon.kernel import turns
from nomicon.kernel.context import Ctx
from nomicon.kernel.errors import GameError, InvalidRuleChange, Refusal
from nomicon.kernel.pack import Initial, Pack, PackParams
from nomicon.kernel.procedure import finish
from nomicon.kernel.rules import (
    ActionDecl,
    Arg,
    Attribute,
    Currency,
    Rule,
    RuleParams,
    action,
    adjust,
    every,
    hook,
    veto,
)
from nomicon.kernel.standing import StandingAnswers
from nomicon.kernel.timefmt import iso, parse
from nomicon.kernel.updates import Phase, Update, admin_prompts_open

__all__ = [
    "ActionDecl",
    "Arg",
    "Attribute",
    "Ctx",
    "Currency",
    "GameError",
    "Initial",
    "InvalidRuleChange",
    "Pack",
    "PackParams",
    "Phase",
    "Refusal",
    "Rule",
    "RuleParams",
    "StandingAnswers",
    "Update",
    "action",
    "adjust",
    "admin_prompts_open",
    "every",
    "finish",
    "hook",
    "iso",
    "parse",
    "turns",
    "veto",
]

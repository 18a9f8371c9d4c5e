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
  schedule in the rule's words, or held in a parameter with ``param=``, counted from
  the game's start or with ``anchor="enactment"`` from the rule's enactment);
- :class:`Ctx`, what a rule sees and acts through (the state, the dice, the ledger,
  prompts, timers, events, statuses with ``grant_status``, ``status``,
  ``has_status``, ``end_status`` and ``holders_of``, and pausing the game's clock
  with ``pause``, ``resume`` and ``is_paused``; roles with ``grant_role``,
  ``revoke_role``, ``has_role`` and ``role_holders``; private rolls with ``roll(...,
  to=[...])``, ``private_rolls`` and ``reveal``; private and multi-select prompts with
  ``prompt(..., private=True, seen_by=[...], choose=k)``; the audience of the running
  action with ``audience`` and ``hide_action``); :class:`Status`, a status's record;
  :func:`role`, the audience that names a role's holders (``role("referee")`` is
  ``"role:referee"``); :class:`PrivateRoll`, a private roll's record;
- the pack: :class:`Pack`, :class:`PackParams`, :class:`Initial`;
- refusing and failing: :class:`Refusal` (what ``ctx.refuse`` raises), and the
  errors a rule may meet (:class:`GameError`, :class:`InvalidRuleChange`);
- helpers every board game needs: :mod:`turns` (the turn order), :func:`finish`
  (end the game with its winners), :func:`iso` and :func:`parse` (the clock's text).
"""

from __future__ import annotations

from nomicon.kernel import turns
from nomicon.kernel.audiences import PrivateRoll
from nomicon.kernel.context import Ctx
from nomicon.kernel.errors import GameError, InvalidRuleChange, Refusal
from nomicon.kernel.pack import Initial, Pack, PackParams
from nomicon.kernel.procedure import finish
from nomicon.kernel.roles import role
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
from nomicon.kernel.statuses import Status
from nomicon.kernel.timefmt import iso, parse

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
    "PrivateRoll",
    "Refusal",
    "Rule",
    "RuleParams",
    "Status",
    "action",
    "adjust",
    "every",
    "finish",
    "hook",
    "iso",
    "parse",
    "role",
    "turns",
    "veto",
]

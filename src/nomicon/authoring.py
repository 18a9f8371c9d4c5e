"""Everything a rule author writes rules with, in one import.

A rule pack imports from here, not from the kernel's modules, so the kernel can be
reorganised without touching four hundred rules::

    from typing import TypedDict

    from nomicon.authoring import Ctx, EventKind, Rule, RuleParams, hook


    class Landed(TypedDict):   # an event kind of your pack, declared with its fields
        player: str
        space: int


    LANDED = EventKind("landed", Landed)


    class Fives(Rule):   # a rule of a pack of your own ("my-nomic")
        \"\"\"A player who lands on a space numbered a multiple of 5 gains 10 points.\"\"\"

        key = "fives"
        pack = "my-nomic"
        number = 1
        title = "Fives"

        class Params(RuleParams):
            fives_points: int = 10

        params: Params

        @hook(LANDED)
        def fives(self, ctx: Ctx, data: Landed) -> None:
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
  prompts, timers, events, entities (``create_entity``, ``new_entity_id``,
  ``entity``, ``destroy_entity``, ``move_entity``, ``set_owner``, ``set_entity``,
  ``entities_at``, ``owned_by``, ``entities_of``, ``entity_locations``), statuses
  with ``grant_status``, ``status``,
  ``has_status``, ``end_status`` and ``holders_of``, and pausing the game's clock
  with ``pause``, ``resume`` and ``is_paused``, sealed steps and ballots with
  ``open_step``, ``open_ballot``, ``submit``, ``step`` and ``resolve_step``, and seats
  with ``leave``, ``seat``, ``start_bot`` and ``seat_of``, child games with
  ``start_child``, ``child`` and ``parent``; roles with ``grant_role``,
  ``revoke_role``, ``has_role`` and ``role_holders``; private rolls with ``roll(...,
  to=[...])``, ``private_rolls`` and ``reveal``; private and multi-select prompts with
  ``prompt(..., private=True, seen_by=[...], choose=k)``; the audience of the running
  action with ``audience`` and ``hide_action``); :class:`Status`, a status's record;
  :func:`role`, the audience that names a role's holders (``role("referee")`` is
  ``"role:referee"``); :class:`PrivateRoll`, a private roll's record;
  :class:`Resolved`, a sealed step's result as its handler receives it;
  :class:`Seat`, who plays a player's seat;
- child games (sub-games): a rule starts one with ``ctx.start_child(pack,
  players=..., referee=..., params=..., cause=...)``; the parent keeps a
  :class:`ChildRecord` of it, the child a :class:`ParentLink` to its parent; when the
  child ends, its pack's ``Pack.result`` (a :class:`ChildResult`) is settled into
  the parent as ``events.CHILD_SETTLED``, which the parent's rules hook to pay, and a
  change to a child's player in the parent reaches the child as
  ``events.PARENT_INPUT``;
- events: :class:`EventKind` (a kind of event declared with its fields, which mypy
  checks in the hooks, the rule class when it is made, and ``ctx.emit`` when an
  event is emitted), and :mod:`events`, the kinds the kernel and the governance
  rules emit (``events.PLAYER_JOINED``...);
- money and goods: :func:`round_money` (half away from zero unless a rule says
  otherwise) and :func:`split` (an even split and its remainder, a :class:`Split`);
  a good is a :class:`Currency` with ``kind="good"``;
- the pack: :class:`Pack`, :class:`PackParams`, :class:`Initial`, and
  :class:`Upgrade`, a step that moves a stored game's state from an older version of
  the pack to the next (``Pack.upgrades``), and :class:`PackPage` and
  :class:`Section`, a web page of the pack's own made of sections read from the
  viewer's view (``Pack.pages``), whose values may be a :class:`Link` to a game,
  and :func:`next_firing`, when a rule's schedule next fires, as the view shows it;
  :class:`MajorityVote`, the governance rule by which a pack's players change its
  rules with proposals when the game's own text has no such rule (a pack distributed
  apart from Nomicon enacts it from here);
- refusing and failing: :class:`Refusal` (what ``ctx.refuse`` raises), and the
  errors a rule may meet (:class:`GameError`, :class:`InvalidRuleChange`,
  :class:`EventFieldError`);
- helpers every board game needs: :mod:`turns` (the turn order), :mod:`entities`
  (the store of entities under the Ctx's methods: what every entity has,
  ``entities.FIXED``), :func:`finish` (end the game with its winners), :func:`iso`
  and :func:`parse` (the clock's text);
- games played by mail: :class:`Update` (a rule of updates: orders received between
  updates, carried out phase by phase at the next one), :class:`Phase` (one phase, and
  what it waits for, such as :func:`admin_prompts_open`), and
  :class:`StandingAnswers` (answers to kinds of prompts given before they are asked).
"""

from __future__ import annotations

from nomicon import words  # the Official Dictionary of the word games
from nomicon.governance.methods import MajorityVote
from nomicon.kernel import entities, events, turns
from nomicon.kernel.audiences import PrivateRoll
from nomicon.kernel.context import Ctx
from nomicon.kernel.errors import EventFieldError, GameError, InvalidRuleChange, Refusal
from nomicon.kernel.eventkind import EventKind
from nomicon.kernel.ledger import Split, round_money, split
from nomicon.kernel.pack import Initial, Pack, PackParams
from nomicon.kernel.pages import Link, PackPage, Picture, Section, next_firing
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
from nomicon.kernel.sealed import Resolved
from nomicon.kernel.seats import Seat
from nomicon.kernel.standing import StandingAnswers
from nomicon.kernel.statuses import Status
from nomicon.kernel.subgames import ChildRecord, ChildResult, ParentLink
from nomicon.kernel.timefmt import iso, parse
from nomicon.kernel.updates import Phase, Update, admin_prompts_open
from nomicon.kernel.upgrades import Upgrade

__all__ = [
    "ActionDecl",
    "Arg",
    "Attribute",
    "ChildRecord",
    "ChildResult",
    "Ctx",
    "Currency",
    "EventFieldError",
    "EventKind",
    "GameError",
    "Initial",
    "InvalidRuleChange",
    "Link",
    "MajorityVote",
    "Pack",
    "PackPage",
    "PackParams",
    "ParentLink",
    "Phase",
    "Picture",
    "PrivateRoll",
    "Refusal",
    "Resolved",
    "Rule",
    "RuleParams",
    "Seat",
    "Section",
    "Split",
    "StandingAnswers",
    "Status",
    "Update",
    "Upgrade",
    "action",
    "adjust",
    "admin_prompts_open",
    "entities",
    "events",
    "every",
    "finish",
    "hook",
    "iso",
    "next_firing",
    "parse",
    "role",
    "round_money",
    "split",
    "turns",
    "veto",
    "words",
]

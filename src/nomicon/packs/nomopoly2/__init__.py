"""Nomopoly II (Mail): a Monopoly-like nomic played by mail in weekly updates.

The seed (``seed.txt``) is the whole ruleset, 37 sections and 209 numbered items;
every item is a rule numbered section x 100 + item ("VIII.4 Buying squares" is Rule
804). Players send orders during the week and the admin carries them out at the
weekly update, in the order of section XXXV (:mod:`.schedule`). The modules follow
the sections:

- :mod:`.base`: I (the admin) and II (players, Teams, Best Friends, joining);
- :mod:`.ending`: III (the Winner at the end of each update);
- :mod:`.money`: IV (money, bankruptcy) and V (market value, rent, Net Value);
- :mod:`.board`: VI (the snake board of floor(sqrt N) squares to a row);
- :mod:`.turns`: VII (turns walked square by square);
- :mod:`.ownership`: VIII (buying, naming, rent, taxes, blocks, Charity);
- :mod:`.proposals`: IX (the admin judges proposals);
- :mod:`.actions`: XXII (actions and their published results);
- :mod:`.schedule`: XXXV (the weekly update's eight phases).

:mod:`.terms` holds the names they share and the readers of states that later
sections keep (Sick, Hurt, pollutants, Public Property).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Initial, Pack, PackParams, Rule, StandingAnswers
from nomicon.boards import numbered
from nomicon.packs.nomopoly2 import (
    actions,
    base,
    board,
    candyland,
    carnival,
    colors,
    corporation,
    dice,
    doom,
    doubledip,
    ending,
    government,
    jumpgates,
    labour,
    lottery,
    money,
    ownership,
    pseudo,
    report,
    resort,
    schedule,
    turns,
    utilities,
    watertower,
)
from nomicon.packs.nomopoly2 import proposals as proposals_
from nomicon.packs.nomopoly2.body import OWNERS as BODY_OWNERS
from nomicon.packs.nomopoly2.body import RULES as BODY_RULES
from nomicon.packs.nomopoly2.body import problems as body_problems
from nomicon.packs.nomopoly2.disputes import RULES as DISPUTES_RULES
from nomicon.packs.nomopoly2.disputes import chains_problems
from nomicon.packs.nomopoly2.kazoo import RULES as KAZOO_RULES
from nomicon.packs.nomopoly2.kazoo import kazoo_problems
from nomicon.packs.nomopoly2.pages import PAGES
from nomicon.packs.nomopoly2.products import RULES as PRODUCTS_RULES
from nomicon.packs.nomopoly2.products import Product
from nomicon.packs.nomopoly2.stores import RULES as STORES_RULES
from nomicon.packs.nomopoly2.stores import store_problems
from nomicon.packs.nomopoly2.terms import DOLLARS, ORGANISATIONS

SECTIONS: tuple[type[Rule], ...] = (
    *base.RULES, *ending.RULES, *money.RULES, *board.RULES, *turns.RULES, *ownership.RULES,
    proposals_.Proposals, *proposals_.RULES, *actions.RULES, *schedule.RULES,
    *government.RULES, *lottery.RULES, *corporation.RULES, *labour.RULES,
    *KAZOO_RULES,
    *DISPUTES_RULES,
    *PRODUCTS_RULES,
    *STORES_RULES,
    *pseudo.RULES, *doom.RULES, *watertower.RULES,
    *report.RULES,
    *jumpgates.RULES, *utilities.RULES, *colors.RULES, *carnival.RULES, *dice.RULES,
    *candyland.RULES, *doubledip.RULES, *resort.RULES,
    *BODY_RULES,
)


class Params(PackParams):
    board_size: int = Field(64, ge=1, le=10_000, description="squares at the start (the "
                            "text places squares up to 83; Appendix A: 64)")
    named_squares: dict[str, int] = Field(
        default_factory=lambda: dict(board.NAMED_SQUARES),
        description="the squares the rules mention, by name (II.7 skips them)")


class NomopolyII(Pack):
    id = "nomopoly-ii"
    title = "Nomopoly II (Mail)"
    description = (
        "A Monopoly-like nomic played by mail: orders sent during the week are carried "
        "out at the weekly update in the eight steps of section XXXV; a snake board of "
        "floor(sqrt N) squares to a row; turns earned by proposals the admin judges. "
        "Built: sections I-IX, XXII and XXXV.")
    how_to_play = (
        "The admin processes the week's actions at the update, in the order of the "
        "schedule of events (XXXV.2): purchases, naming, painting and property tax; the "
        "Auction and Lottery; proposals are judged and the rules updated; the awards, "
        "fines and turns earned from proposals; the pseudoplayers; Easy Moves; the CL "
        "phase; the Phantom Piece.\n\n"
        "If the order of two actions matters and no rule says which comes first, the "
        "one received by the admin earliest is processed first (XXXV.3). The decision of "
        "the admin is final (I.4).")
    winning_rule = "the-winner"
    Params = Params
    provides = frozenset({"board:snake"})
    board = "snake"
    rule_classes = (Product,)  # enacted by proposals (XIX, XXVI)
    pages = PAGES
    players = (1, None)
    initial = (*(Initial(rule) for rule in SECTIONS),
               Initial(StandingAnswers, number=9001))

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, Params)
        numbered.setup(ctx, params.board_size, columns=None)
        board.fill_defaults(ctx, range(1, params.board_size + 1))
        for account in ORGANISATIONS:
            ctx.open_account(account)
            # Money at accounts.<holder>.dollars from the start: an organisation that
            # has received nothing holds $0, and says so.
            if ctx.get(["accounts", account, DOLLARS], None) is None:
                ctx.set(["accounts", account, DOLLARS], 0)

    def invariants(self, state: dict[str, Any]) -> list[str]:
        problems = board.board_problems(state) + pseudo.problems(state)
        problems += colors.square_problems(state)
        problems += body_problems(state)
        for holder, balances in state.get("accounts", {}).items():
            amount = balances.get(DOLLARS, 0)
            if not isinstance(amount, int) or amount < 0:
                problems.append(f"{holder} holds {amount!r} dollars")
        players = set(state.get("players", {}))
        for number, record in (state.get("board", {}).get("spaces") or {}).items():
            owner = record.get("owner")
            if isinstance(owner, list):
                continue  # several owners: reported once, by pseudo.problems
            if owner is not None and (not isinstance(owner, str) or (
                    owner not in players
                    and owner not in (*ORGANISATIONS, ownership.CHARITY, *BODY_OWNERS))):
                problems.append(f"square {number} is owned by {owner!r}, who is not in the game")
        for section in (government, lottery, corporation, labour):
            problems += section.problems(state)
        problems += kazoo_problems(state)
        problems += chains_problems(state)
        problems += store_problems(state)
        return problems

"""? boxes: exactly ten on the board, each holding one item drawn by Frequency (Rule
1702, P23, seed L202-208), and a box unopened for 120 hours opening for the Dark Lord
(Rule 1711, P49, L3).

A ? box is an entity of kind ``question-box`` on a square. Its item is an attribute
that only the admin sees, drawn by a roll that is private until the item is taken,
when the roll is revealed; the item is then made in the taker's account.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import Attribute, Ctx, Rule, RuleParams, action, events, hook, iso, parse
from nomicon.boards import numbered
from nomicon.mechanics import market
from nomicon.mechanics.market import PublicMarket
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.ducky import BANK, DARK_LORD
from nomicon.packs.nomopoly4.events import BOX_EXPIRED, BOX_TAKEN
from nomicon.packs.nomopoly4.items import frequencies, in_force, square_of
from nomicon.packs.nomopoly4.travel import LOCATIONS, PACK, SNAKE

BOX = "question-box"
#: What a box's draw says when no item has a Frequency above 0: the box is empty.
NOTHING = ""


def boxes(ctx: Ctx) -> list[str]:
    """The ? boxes on the board, in the order they were made."""
    return ctx.entities_of(BOX)


def box_at(ctx: Ctx, square: int) -> str | None:
    return next((eid for eid in ctx.entities_at(square)
                 if ctx.entity(eid)["kind"] == BOX), None)  # type: ignore[index]


def open_box(ctx: Ctx, eid: str, *, to: str, why: str) -> tuple[str, int]:
    """Give the item in box ``eid`` to account ``to``, reveal the draw and take the
    box off the board; returns the item ("" for an empty box) and the box's square."""
    record = ctx.entity(eid)
    assert record is not None
    item, square = str(record.get("item") or NOTHING), int(record["location"])
    draw = record.get("draw")
    if isinstance(draw, int):
        ctx.reveal(rolls=[draw], reason=f"the ? box on square {square} is opened")
    # The item is made where it goes; an item whose rule has been repealed since the
    # box was filled no longer exists, and the box is found empty.
    if item and item in in_force(ctx):
        ctx.open_account(to)
        ctx.transfer(None, to, 1, item, why)
    else:
        item = NOTHING
    ctx.destroy_entity(eid, cause=why, by=to if ctx.is_player(to) else None)
    return item, square


def take(ctx: Ctx, eid: str, player: str, *, why: str) -> str:
    """``player`` takes the item in box ``eid``, which disappears (Rule 1702): the way
    a player takes a box, also for those who get its item "exactly as if he had just
    taken the item himself" (Safecracking, P37). Returns the item ("": empty)."""
    item, square = open_box(ctx, eid, to=player, why=why)
    ctx.emit(BOX_TAKEN, f"{player} takes the ? box on square {square}: "
             f"{'a ' + item if item else 'it is empty'}", player=player, box=eid,
             square=square, item=item)
    return item


class QuestionBoxes(Rule):
    """At all times, exactly 10 squares on the board will contain a "? box". If at any time there are less than 10 ? boxes on the board, a new ? box will be placed on a randomly selected square that does not contain a ? box, and if at any time there are more than 10 ? boxes on the board, a randomly selected ? box will be removed. (When this proposal is implemented, 10 ? boxes will immediately be created)
    When a ? box is created, it will contain one item, selected as follows:
    - Let x = the sum of the frequencies of all items currently defined
    - For each item, there will be an f/x chance that item will be selected, where f is the frequency of that item
    The exact item that is in the ? box will not be known to the players until someone takes the item.
    (Basically this is a random selection, weighted by the frequency values)
    If a player occupies a square that contains a ? box, that player may take the item that is in that ? box. This causes that ? box to disappear."""  # noqa: E501

    key = "question-boxes"
    pack = PACK
    number = 1702
    title = "? boxes"
    requires = frozenset({SNAKE, LOCATIONS})
    attributes = (
        Attribute("item", None, kind=BOX, visibility="admin",
                  doc="the item inside, unknown to the players until it is taken"),
        Attribute("draw", None, kind=BOX, visibility="admin",
                  doc="the index of the private roll that drew the item"),
        Attribute("placed", None, kind=BOX, doc="when the box was put on the board"),
    )

    class Params(RuleParams):
        boxes: int = Field(10, ge=0, description="how many ? boxes are on the board")

    params: Params

    # "When this proposal is implemented, 10 ? boxes will immediately be created": when
    # the batch that enacts the rule closes, so that the items the same proposal
    # defines are in the draw.
    @hook(events.BATCH_CLOSING)
    def at_all_times(self, ctx: Ctx, data: events.NoFields) -> None:
        self.settle(ctx)

    def settle(self, ctx: Ctx) -> None:
        """Place or remove boxes until exactly ten stand on the board (one on every
        square of a board of fewer squares)."""
        board = numbered.layout(ctx)
        target = min(self.params.boxes, board.size)
        present = boxes(ctx)
        while len(present) > target:
            gone = ctx.pick(present, "the ? box to remove")
            ctx.destroy_entity(gone, cause=f"more than {target} ? boxes ({self.label})")
            present.remove(gone)
        while len(present) < target:
            taken = {ctx.entity(eid)["location"] for eid in present}  # type: ignore[index]
            free = [square for square in board.squares() if square not in taken]
            square = ctx.pick(free, "the square of a new ? box")
            item, draw = self._draw(ctx)
            present.append(ctx.create_entity(
                BOX, location=square, cause=f"a new ? box ({self.label})", item=item,
                draw=draw, placed=iso(ctx.now)))

    def _draw(self, ctx: Ctx) -> tuple[str, int | None]:
        """The item, drawn by Frequency over the items defined now, with a roll only the
        admin reads until the box is opened (None: no roll was needed)."""
        weights = [(name, f) for name, f in frequencies(ctx)]
        if sum(f for _name, f in weights) == 0:
            return NOTHING, None  # no item has a chance: an empty box (a ruling)
        before = int(ctx.get(["dice", "count"]))
        item = ctx.pick_weighted(weights, "the item in a new ? box", to=[])
        after = int(ctx.get(["dice", "count"]))
        return item, (after - 1 if after > before else None)

    @action("take-box")
    def take_box(self, ctx: Ctx, actor: str) -> None:
        """Take the item in the ? box on your square."""
        eid = box_at(ctx, square_of(ctx, actor))
        assert eid is not None  # _box_here
        take(ctx, eid, actor, why=f"{actor} takes the ? box")

    @take_box.check
    def _box_here(self, ctx: Ctx, actor: str) -> None:
        square = square_of(ctx, actor)
        ctx.require(box_at(ctx, square) is not None,
                    f"there is no ? box on your square ({square})")


class BoxExpiry(Rule):
    """If a ? Box remains unopened on the board for 5 consecutive days (120 hours), the ? Box is opened and the Dark Lord gets the item inside. If there are currently any sell requests on the Public Market for that item, the Dark Lord will submit a sell request on that item, with a price equal to $1 less than the current lowest price of all sell requests for that item. When that sell request is fulfilled, the money paid for it goes into the Bank Account of Terror."""  # noqa: E501

    key = "box-expiry"
    pack = PACK
    number = 1711
    title = "Unopened ? boxes"

    class Params(RuleParams):
        hours: int = Field(120, ge=1, description="how long a box stays unopened")
        undercut: int = Field(1, ge=0, description="dollars under the lowest ask")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        # The 120 hours count from each box's placing, boxes placed before this rule
        # included (INTERPRETATIONS.md, Rule 1711).
        for eid in boxes(ctx):
            placed = ctx.entity(eid).get("placed")  # type: ignore[union-attr]
            start = parse(placed) if placed else ctx.now
            self._plan(ctx, eid, start)

    @hook(events.ENTITY_CREATED)
    def new_box(self, ctx: Ctx, data: events.EntityCreated) -> None:
        if data["kind"] == BOX:
            self._plan(ctx, data["entity"], ctx.now)

    def _plan(self, ctx: Ctx, eid: str, start: Any) -> None:
        due = max(start + timedelta(hours=self.params.hours), ctx.now + timedelta(seconds=1))
        ctx.set_timer(f"box-expiry:{eid}", due, self.expire, {"box": eid})

    def expire(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        eid = payload["box"]
        if ctx.entity(eid) is None:
            return  # taken in time
        item, square = open_box(ctx, eid, to=DARK_LORD,
                                why=f"unopened for {self.params.hours} hours ({self.label})")
        ask = self._ask(ctx, item) if item else None
        ctx.emit(BOX_EXPIRED, f"the ? box on square {square} has been unopened for "
                 f"{self.params.hours} hours: the Dark Lord gets "
                 f"{'a ' + item if item else 'nothing'}"
                 + (f" and asks for it on the Market (request #{ask})" if ask else ""),
                 box=eid, square=square, item=item, ask=ask)

    def _ask(self, ctx: Ctx, item: str) -> int | None:
        """The Dark Lord's sell request $1 under the lowest, when the Market (P46) is in
        force and has sell requests for the item; until then he keeps it."""
        rule = next((r for r in ctx.rules.rules if isinstance(r, PublicMarket)), None)
        if rule is None:
            return None
        name = rule.params.market
        lowest = market.lowest_ask(ctx.state.root, name, item)
        if lowest is None:
            return None
        # The Market's lowest price is the floor ($1): he cannot ask $0 (a ruling).
        price = max(lowest - self.params.undercut, rule.params.lowest_price)
        with ctx.running(rule):
            return market.place(ctx, name, market.SELL, item, price, maker=DARK_LORD,
                                currency=DOLLARS, account=DARK_LORD, proceeds=BANK,
                                lowest_price=rule.params.lowest_price)

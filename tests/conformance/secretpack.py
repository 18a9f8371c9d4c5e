"""A small rule pack full of secrets, for the conformance suite.

Each player holds a hand of cards that only they (and the admin) may see, and a
stash of cards put aside face down; the admin keeps a dossier on every player that
no player sees, and a vault that only the admin's view shows. Cards are unique
tokens (``c0007v3``: the seventh card dealt, of value 3) and the admin's notes are
unique too (``zq-note-4``), so a test can look for them in anything a viewer is
shown.

The pack is added to the installed ones with ``Registry.with_pack``; the suite plays
it like every other pack. Its rules set up what they need when enacted, so a
proposal may enact them into another game too.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import timedelta
from typing import Any

from nomicon.kernel import turns
from nomicon.kernel.context import Ctx
from nomicon.kernel.pack import Initial, Pack, PackParams
from nomicon.kernel.rules import ActionDecl, Arg, Attribute, Rule, action, every, hook, veto

PACK = "conformance-secrets"
HAND_LIMIT = 5
SEATS = 6
CARD_SIDES = 10
CARD = re.compile(r"^c\d{4}v\d+$")
NOTE = re.compile(r"^zq-note-\d+$")


def card_token(number: int, value: int) -> str:
    return f"c{number:04d}v{value}"


class TakingTurns(Rule):
    """At most six players take part. Players take turns in the order in which they joined. A player may end their turn at any time; a turn ends by itself one day after it began."""  # noqa: E501

    key = "taking-turns"
    pack = PACK
    number = 1
    title = "Taking turns"
    provides = frozenset({"turns"})

    @veto("join")
    def full(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        ctx.require(len(ctx.players()) < SEATS, "the game is full",
                    detail=f"at most {SEATS} players take part")

    @hook("player.joined")
    def seat(self, ctx: Ctx, data: dict[str, Any]) -> None:
        turns.add(ctx, data["player"])
        if turns.current(ctx) is None:
            turns.begin(ctx, data["player"])

    @hook("turn.began")
    def start_clock(self, ctx: Ctx, data: dict[str, Any]) -> None:
        ctx.set_timer("turn-pass", timedelta(days=1), "pass_turn",
                      {"player": data["player"], "turn": ctx.get(["turn", "number"])})

    def pass_turn(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if ctx.get(["turn", "number"]) == payload["turn"]:
            self._end(ctx, payload["player"], "passed")

    @veto()
    def own_turn(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        if decl.on_turn and turns.current(ctx) != actor:
            ctx.refuse("not your turn", turn=True,
                       detail=f"it is {turns.current(ctx)}'s turn")

    @action("end-turn", on_turn=True)
    def end_turn(self, ctx: Ctx, actor: str) -> None:
        """End your turn now."""
        self._end(ctx, actor, "ended")

    def _end(self, ctx: Ctx, player: str, how: str) -> None:
        ctx.emit("turn.ended", f"{player}'s turn ends ({how})", player=player, how=how)
        ctx.cancel_timer("turn-pass")
        turns.begin(ctx, turns.following(ctx, player))


class Cards(Rule):
    """On their turn a player may draw one card into their hand, which holds at most five cards. At any time a player may discard a card from their hand face up onto the pile, or stash a card from their hand face down. Only a card's holder knows the cards in their hand and in their stash."""  # noqa: E501

    key = "cards"
    pack = PACK
    number = 2
    title = "Cards"
    requires = frozenset({"turns"})
    attributes = (
        Attribute("hand", [], visibility="owner", doc="the cards in the player's hand"),
        Attribute("stash", [], visibility="owner", doc="the cards put aside face down"),
        Attribute("discards", 0, doc="how many cards the player has discarded"),
    )

    def on_enact(self, ctx: Ctx) -> None:
        if not ctx.state.has(["deck"]):
            ctx.set(["deck"], {"dealt": 0})
            ctx.set(["pile"], [])

    def _hand(self, ctx: Ctx, actor: str) -> list[str]:
        return list(ctx.attr(actor, "hand", []))

    @action("draw", on_turn=True)
    def draw(self, ctx: Ctx, actor: str) -> None:
        """Draw a card into your hand."""
        number = ctx.get(["deck", "dealt"]) + 1
        ctx.set(["deck", "dealt"], number)
        value = ctx.roll(CARD_SIDES, f"the card {actor} draws", to=[actor])
        card = card_token(number, value)
        ctx.set_attr(actor, "hand", [*self._hand(ctx, actor), card])
        turns.set_flag(ctx, "drew", True)
        ctx.emit("card.drawn", f"{actor} draws {card}", to=[actor], player=actor, card=card)
        ctx.emit("hand.grew", f"{actor} draws a card", player=actor,
                 size=len(self._hand(ctx, actor)))

    @draw.check
    def _may_draw(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not turns.flag(ctx, "drew"), "you have already drawn this turn")
        ctx.require(len(self._hand(ctx, actor)) < HAND_LIMIT,
                    f"your hand already holds {HAND_LIMIT} cards")

    @action("discard", Arg("card", str, "a card in your hand", choices="_hand"))
    def discard(self, ctx: Ctx, actor: str, card: str) -> None:
        """Discard a card from your hand face up onto the pile."""
        hand = self._hand(ctx, actor)
        hand.remove(card)
        ctx.set_attr(actor, "hand", hand)
        ctx.state.append(["pile"], card)
        ctx.set_attr(actor, "discards", ctx.attr(actor, "discards", 0) + 1)
        ctx.emit("card.discarded", f"{actor} discards {card}", player=actor, card=card)

    @action("stash", Arg("card", str, "a card in your hand", choices="_hand"), sealed=True)
    def stash(self, ctx: Ctx, actor: str, card: str) -> None:
        """Put a card from your hand aside, face down."""
        hand = self._hand(ctx, actor)
        hand.remove(card)
        ctx.set_attr(actor, "hand", hand)
        ctx.set_attr(actor, "stash", [*ctx.attr(actor, "stash", []), card])
        ctx.emit("card.stashed", f"{actor} stashes {card}", to=[actor], player=actor,
                 card=card)
        ctx.emit("hand.shrank", f"{actor} puts a card aside", player=actor)


class Dossiers(Rule):
    """Every day at noon UTC the admin writes a note on each player. No player sees the notes."""

    key = "dossiers"
    pack = PACK
    number = 3
    title = "Dossiers"
    attributes = (Attribute("dossier", [], visibility="admin", doc="the admin's notes"),)

    def on_enact(self, ctx: Ctx) -> None:
        if not ctx.state.has(["vault"]):
            ctx.set(["vault"], {"notes": 0, "last": None})

    @every("every day at noon UTC")
    def write(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        for player in ctx.players():
            number = ctx.state.incr(["vault", "notes"], 1)
            note = f"zq-note-{number}"
            ctx.set_attr(player, "dossier", [*ctx.attr(player, "dossier", []), note])
            ctx.set(["vault", "last"], note)
            ctx.emit("dossier.noted", f"the admin notes {note} on {player}", to=[],
                     player=player, note=note)

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        if viewer != "admin":
            view.pop("vault", None)


class SecretPack(Pack):
    id = PACK
    title = "Conformance: secrets"
    description = "Hands, stashes and dossiers that the views must keep secret."
    Params = PackParams
    initial = (Initial(TakingTurns), Initial(Cards), Initial(Dossiers))
    # The suite's one pack with a maximum, so that the check of the refusal beyond it
    # runs.
    players = (1, SEATS)

    def invariants(self, state: dict[str, Any]) -> list[str]:
        problems: list[str] = []
        players = state["players"]
        held: list[str] = list(state["pile"])
        for name, player in players.items():
            if len(player["hand"]) > HAND_LIMIT:
                problems.append(f"{name} holds {len(player['hand'])} cards")
            held.extend(player["hand"])
            held.extend(player["stash"])
            if any(not NOTE.match(note) for note in player["dossier"]):
                problems.append(f"{name}'s dossier holds a malformed note")
        twice = sorted(card for card, count in Counter(held).items() if count > 1)
        if twice:
            problems.append(f"cards in two places at once: {twice}")
        if any(not CARD.match(card) for card in held):
            problems.append("a card is malformed")
        if len(held) != state["deck"]["dealt"]:
            problems.append(f"{state['deck']['dealt']} cards dealt but {len(held)} are held")
        if sum(p["discards"] for p in players.values()) != len(state["pile"]):
            problems.append("the discard counts do not add up to the pile")
        order = state["turn"].get("order", [])
        if sorted(order) != sorted(players):
            problems.append(f"the turn order {order} is not the players {sorted(players)}")
        if players and state["turn"].get("current") not in order:
            problems.append(f"the current player {state['turn'].get('current')} is not seated")
        return problems

"""Nomopoly II, section XXIV (The Magic Kazoo), and the Kazoo fund of XXXIV.3.

The Magic Kazoo is one good, ``kazoo``, in its holder's ``items``. Its holder may
play it (``play-kazoo``) from then until the end of the next update (the rest of the
week, ruling: INTERPRETATIONS.md, Rule 2402). While she plays, a ``ledger.transfer``
adjuster refuses what she would give of her own will and cancels what the rules would
make her pay; a veto keeps her from asking Charity for a square, and buying a square
fails because she cannot pay for it. When she stops, the Kazoo goes to the other
player with the least money, ties by the dice.

Money "associated with The Magic Kazoo" (XXXIV.3, a Freemason's Suicide) waits in the
account ``magic-kazoo`` for the next player who starts playing.
"""

# No ``from __future__ import annotations`` above the TypedDicts' module: see events.py.

from typing import Any, TypedDict

from nomicon.authoring import (
    Attribute,
    Ctx,
    Currency,
    EventKind,
    Rule,
    action,
    adjust,
    events,
    hook,
    veto,
)
from nomicon.packs.nomopoly2.terms import DOLLARS, PACK, rule_of

KAZOO = "kazoo"
#: Where XXXIV.3's money waits for the next player to play the Kazoo.
KAZOO_FUND = "magic-kazoo"
#: The player attribute of a player playing: ``{"until": n}``, the update at whose end
#: she stops.
PLAYING = "kazoo_playing"


class KazooPassed(TypedDict):
    player: str | None  # who had it (None: it has just come into the game)
    receiver: str


class KazooPlayed(TypedDict):
    player: str
    until: int  # the update at whose end she stops


KAZOO_PASSED = EventKind("nomopoly2.kazoo-passed", KazooPassed)
KAZOO_PLAYED = EventKind("nomopoly2.kazoo-played", KazooPlayed)


def is_playing(ctx: Ctx, player: str | None) -> bool:
    """Whether ``player`` is playing The Magic Kazoo now."""
    return player is not None and ctx.is_player(player) and bool(ctx.attr(player, PLAYING))


def kazoo_holder(ctx: Ctx) -> str | None:
    """The player who owns The Magic Kazoo, if a player does."""
    if not ctx.is_good(KAZOO):
        return None
    return next((p for p in ctx.players() if ctx.balance(p, KAZOO) > 0), None)


def associate_with_kazoo(ctx: Ctx, player: str, reason: str) -> int:
    """XXXIV.3: all of ``player``'s money "becomes associated with The Magic Kazoo"; the
    first player to play it receives it. Returns the amount (Violence and Pain,
    section XXXIV, calls this for a Freemason's Suicide)."""
    ctx.open_account(KAZOO_FUND)
    return ctx.transfer(player, KAZOO_FUND, ctx.balance(player, DOLLARS), DOLLARS, reason,
                        forced=True)


def _exists(ctx: Ctx) -> bool:
    # Held by a player, or by anyone else (the elephant that ate it, XXXIII.2).
    accounts = ctx.get(["accounts"], None) or {}
    return any(int(a.get(KAZOO, 0) or 0) > 0 for a in accounts.values())


def _poorest(ctx: Ctx, besides: str | None) -> str | None:
    others = [p for p in ctx.players() if p != besides]
    if not others:
        return None
    least = min(ctx.balance(p, DOLLARS) for p in others)
    # "Should there be a tie, the admin will decide at random and with equal
    # probability": one logged roll among the tied.
    return ctx.pick(sorted(p for p in others if ctx.balance(p, DOLLARS) == least),
                    "who receives The Magic Kazoo")


class TheMagicKazoo(Rule):
    """The is an object called The Magic Kazoo, a strange musical instrument with mighty and annoying powers."""  # noqa: E501

    key = "the-magic-kazoo"
    pack = PACK
    number = 2401
    title = "XXIV.1 The Magic Kazoo"

    currencies = (Currency(KAZOO, kind="good", inventory="items",
                           doc="The Magic Kazoo (there is one)"),)

    # "There is an object": it comes into the game with the first player (the text
    # gives it to nobody in particular; ruling, Rule 2401), and when this rule is
    # enacted into a game that has players, to the poorest of them.
    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(KAZOO_FUND)
        if ctx.players() and not _exists(ctx):
            self._bring_in(ctx, _poorest(ctx, None))

    @hook(events.PLAYER_JOINED)
    def first_player(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        if not _exists(ctx):
            self._bring_in(ctx, data["player"])

    def _bring_in(self, ctx: Ctx, player: str | None) -> None:
        if player is None:
            return
        ctx.transfer(None, player, 1, KAZOO, "The Magic Kazoo")
        ctx.emit(KAZOO_PASSED, f"{player} has The Magic Kazoo", player=None, receiver=player)


class PlayingTheKazoo(Rule):
    """The player who owns The Magic Kazoo may inform the admin that she wishes to play The Magic Kazoo. Once playing, the player will play for the entire week and be unable to stop. While playing The Magic Kazoo, a player cannot voluntarily give money or possessions to any other player or entity. Also, a player playing The Magic Kazoo is completely exempt from all rules which require the player to transfer money or possessions. A player playing The Magic Kazoo cannot gain ownership of a square. Playing The Magic Kazoo does not affect a player's ability to collect other items."""  # noqa: E501

    key = "playing-the-kazoo"
    pack = PACK
    number = 2402
    title = "XXIV.2 Playing the Kazoo"

    attributes = (Attribute(PLAYING, None, doc="the update at whose end the player stops "
                            "playing The Magic Kazoo"),)

    @action("play-kazoo")
    def play(self, ctx: Ctx, actor: str) -> None:
        """Play The Magic Kazoo for the rest of the week."""
        # "for the entire week": until the end of the next update to begin (when one
        # is running now, the one after it), ruling Rule 2402.
        until = int((ctx.get(["update"], None) or {}).get("number", 0)) + 1
        ctx.set_attr(actor, PLAYING, {"until": until})
        ctx.emit(KAZOO_PLAYED, f"{actor} plays The Magic Kazoo until the end of update {until}",
                 player=actor, until=until)
        # XXXIV.3: "the first player to play the Kazoo will receive the money".
        ctx.open_account(KAZOO_FUND)
        fund = ctx.balance(KAZOO_FUND, DOLLARS)
        if fund:
            ctx.transfer(KAZOO_FUND, actor, fund, DOLLARS, "the money associated with The "
                         "Magic Kazoo")

    @play.check
    def _may_play(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.is_good(KAZOO) and ctx.balance(actor, KAZOO) > 0,
                    f"{actor} does not own The Magic Kazoo",
                    detail=f"its owner is {kazoo_holder(ctx) or 'nobody'}")
        ctx.require(not is_playing(ctx, actor), f"{actor} is already playing The Magic Kazoo",
                    detail="once playing, she plays for the entire week")

    @adjust("ledger.transfer")
    def exempt(self, ctx: Ctx, proposal: dict[str, Any]) -> dict[str, Any] | None:
        source = proposal["source"]
        if not is_playing(ctx, source) or proposal["target"] == source:
            return proposal
        if proposal["target"] is None and not proposal.get("forced") and ctx.actor == source:
            # What she uses up of her own will leaves the game: it is given to nobody.
            return proposal
        if proposal.get("forced") or ctx.actor != source:
            # "completely exempt from all rules which require the player to transfer
            # money or possessions": a fine, rent, a tax, the Team's share of a debt...
            # is not paid, and the rule that asked goes on.
            return None
        ctx.refuse(f"{source} is playing The Magic Kazoo and cannot voluntarily give "
                   f"{proposal['amount']} {proposal['currency']} to "
                   f"{proposal['target'] or 'anyone'}",
                   detail="she plays for the entire week")

    @veto("request-from-charity")
    def no_squares(self, ctx: Ctx, actor: str, spec: Any, args: dict[str, Any]) -> None:
        if is_playing(ctx, actor):
            ctx.refuse(f"{actor} is playing The Magic Kazoo and cannot gain ownership of a "
                       "square")

    # Actions that are nothing but a payment or a gift are refused before they start,
    # so that the list of what she may do does not offer them (the other sections'
    # included: registering to vote, shares, Lottery tickets, calming TISSSG, feeding
    # the elephant, giving a square away; paint, dice, coatings, the GIPPer, Dues,
    # insurance, the Hospital, the Taxi, the Biggest Sneeze's payments, and Suicide,
    # which gives her money to her Teammates or the Kazoo); any other payment she would
    # make is refused by exempt() above.
    @veto("new-clear-fishing", "clear-bad-credit", "buy-trial-dice", "buy-product",
          "buy-from-store", "build-jumpgate", "register-to-vote", "buy-shares",
          "buy-lottery-tickets", "calm-tisssg", "feed-elephant",
          "give-square-to-corporate-player", "donate-to-charity", "buy-paint",
          "buy-extra-dice", "apply-glue", "apply-tefflon", "remove-tefflon", "hire-gipper",
          "paint-square", "paint-elephant", "pay-dues", "buy-explosive-insurance",
          "go-to-hospital", "taxi", "biggest-sneeze", "commit-suicide")
    def no_paying(self, ctx: Ctx, actor: str, spec: Any, args: dict[str, Any]) -> None:
        if is_playing(ctx, actor):
            ctx.refuse(f"{actor} is playing The Magic Kazoo and cannot voluntarily give "
                       "money or possessions", detail="she plays for the entire week")

    @veto("give")
    def no_gifts(self, ctx: Ctx, actor: str, spec: Any, args: dict[str, Any]) -> None:
        if is_playing(ctx, actor):
            what = (f"{args.get('count', 1)} {args['what']} to {args['to']}"
                    if args.get("what") and args.get("to") else "money or possessions")
            ctx.refuse(f"{actor} is playing The Magic Kazoo and cannot voluntarily give "
                       f"{what}", detail="she plays for the entire week")

    @hook("update.ended")
    def stop(self, ctx: Ctx, data: dict[str, Any]) -> None:
        number = int(data.get("update") or 0)
        for player in ctx.players():
            playing = ctx.attr(player, PLAYING)
            if playing and number >= int(playing["until"]):
                ctx.set_attr(player, PLAYING, None)
                handing = rule_of(ctx, PassingTheKazoo)
                if handing is not None:
                    handing.pass_on(ctx, player)


class PassingTheKazoo(Rule):
    """Once finished playing, the owner of The Magic Kazoo will give The Magic Kazoo to some different player, the one with the least amount of money. Should there be a tie, the admin will decide at random and with equal probability who shall receive The Magic Kazoo."""  # noqa: E501

    key = "passing-the-kazoo"
    pack = PACK
    number = 2403
    title = "XXIV.3 Passing the Kazoo"

    def pass_on(self, ctx: Ctx, player: str) -> None:
        """``player`` has finished playing: the Kazoo goes to the poorest other player."""
        if not ctx.is_good(KAZOO) or ctx.balance(player, KAZOO) <= 0:
            return
        to = _poorest(ctx, player)
        if to is None:
            return  # nobody else to give it to: she keeps it
        ctx.transfer(player, to, 1, KAZOO, f"{player} has finished playing The Magic Kazoo",
                     forced=True)
        ctx.emit(KAZOO_PASSED, f"{player} gives The Magic Kazoo to {to}, the player with the "
                 "least money", player=player, receiver=to)


RULES: tuple[type[Rule], ...] = (TheMagicKazoo, PlayingTheKazoo, PassingTheKazoo)


def kazoo_problems(state: dict[str, Any]) -> list[str]:
    """Invariant (Appendix B, 13): The Magic Kazoo exists at most once."""
    accounts = state.get("accounts", {})
    held = sum(int(a.get(KAZOO, 0) or 0) for a in accounts.values())
    return [f"The Magic Kazoo exists {held} times"] if held > 1 else []

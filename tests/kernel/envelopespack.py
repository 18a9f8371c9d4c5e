"""A small pack for the tests of entity attributes that a role reads, and of the
admin's granting and revoking of roles.

Every secret is a unique token (``ev-inside-alice``, ``ev-back-alice``), so that a
test can look for it in anything a viewer is shown.
"""

from __future__ import annotations

from datetime import UTC, datetime

from nomicon.authoring import Attribute, Ctx, Initial, Pack, Rule, action, events, hook
from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import installed

START = datetime(2023, 3, 6, 9, 0, tzinfo=UTC)
PACK = "envelopes-test"
ENVELOPE = "envelope"


def inside(player: str) -> str:
    return f"ev-inside-{player}"


def back(player: str) -> str:
    return f"ev-back-{player}"


class Envelopes(Rule):
    """Each player is given an envelope. Its colour is public. Only the referee may read the message sealed inside it; its owner and the referee may read the name on its back."""  # noqa: E501

    key = "envelopes"
    pack = PACK
    number = 1
    title = "Envelopes"
    attributes = (
        Attribute("colour", "white", kind=ENVELOPE, doc="the envelope's colour"),
        Attribute("inside", None, kind=ENVELOPE, visibility="role:referee",
                  doc="the message sealed inside"),
        Attribute("back", None, kind=ENVELOPE, visibility="owner+role:referee",
                  doc="the name on its back"),
    )

    def on_enact(self, ctx: Ctx) -> None:
        for player in ctx.players():
            self._give(ctx, player)

    @hook(events.PLAYER_JOINED)
    def joined(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        self._give(ctx, data["player"])

    def _give(self, ctx: Ctx, player: str) -> None:
        if not ctx.owned_by(player):
            ctx.create_entity(ENVELOPE, owner=player, cause="a player joined", by=player,
                              inside=inside(player), back=back(player))


class Referee(Rule):
    """While there is no referee, a player may volunteer to be the referee. The referee may step down at any time."""  # noqa: E501

    key = "referee"
    pack = PACK
    number = 2
    title = "The Referee"
    roles = ("referee",)

    @action("volunteer")
    def volunteer(self, ctx: Ctx, actor: str) -> None:
        """Become the referee."""
        ctx.require(not ctx.role_holders("referee"), "there is a referee already")
        ctx.grant_role(actor, "referee", "volunteered")

    @action("step-down")
    def step_down(self, ctx: Ctx, actor: str) -> None:
        """Stop being the referee."""
        ctx.require(ctx.revoke_role(actor, "referee", "stepped down"),
                    f"{actor} is not the referee")


class Chorus(Rule):
    """A player may be given a part in the chorus."""

    key = "chorus"
    pack = PACK
    number = 3
    title = "The Chorus"
    roles = ("chorus",)


class Coronation(Rule):
    """The first player to join is the referee."""

    key = "coronation"
    pack = PACK
    number = 4
    title = "Coronation"

    def on_enact(self, ctx: Ctx) -> None:
        players = ctx.players()
        if players and not ctx.role_holders("referee"):
            ctx.grant_role(players[0], "referee", "crowned")


class EnvelopesPack(Pack):
    id = PACK
    title = "Envelopes (test)"
    initial = (Initial(Envelopes), Initial(Referee))
    rule_classes = (Chorus, Coronation)
    players = (1, None)


REGISTRY = installed().with_pack(EnvelopesPack())


def new_game(players: tuple[str, ...] = ("alice", "bob", "carol")) -> Game:
    return Game.create(PACK, start=START, players=players, secret=dice.secret_from_seed(5),
                       registry=REGISTRY, game_id="envelopes")

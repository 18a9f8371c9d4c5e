"""A small pack for the tests of roles and audiences.

Its rules are written for the tests, in the manner of the seeds' rules: a referee
who reads the players' secrets, a deal of cards rolled privately and revealed later,
private questions (some asking for two answers) with the referee listening, and a
ghost whose moves nobody else sees.

Every secret the rules make is a unique token (``zq-card-3``, ``zq-answer-7``), and
the rules note, in an admin-only vault, who was told each one when it was made, who
may read it in the state now (its owner, a role), and whether it has been made
public, so that a test can look for the tokens in anything a viewer is shown and know
from the admin's view whether that viewer may read them.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from nomicon.authoring import (
    Arg,
    Attribute,
    Ctx,
    Initial,
    Pack,
    Rule,
    action,
    hook,
    role,
)
from nomicon.kernel import dice, ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import installed

START = datetime(2022, 5, 2, 9, 0, tzinfo=UTC)
PACK = "roles-test"
PLACES = tuple(f"loc{n}" for n in range(6))
REFEREE = role("referee")
TOKEN = r"zq-[a-z]+-\d+"


def _vault(ctx: Ctx) -> None:
    if not ctx.state.has(["vault"]):
        ctx.set(["vault"], {"next": 0, "tokens": {}})


def token(ctx: Ctx, kind: str, told: list[str], *, owner: str | None = None,
          roles: tuple[str, ...] = (), public: bool = False) -> str:
    """A new secret token, noted in the vault: who is told it now (``told``: players
    and ``role:<name>``, resolved to who holds the roles now), who may read it in the
    state (``owner``, the players ``told`` names, and the holders of ``roles`` at the
    time of reading)."""
    _vault(ctx)
    number = ctx.state.incr(["vault", "next"], 1)
    made = f"zq-{kind}-{number}"
    names = set()
    for name in told:
        names.update(ctx.role_holders(name[5:]) if name.startswith("role:") else [name])
    ctx.set(["vault", "tokens", made], {
        "told": sorted(names), "owner": owner, "public": public, "roles": list(roles),
        "named": sorted(name for name in told if not name.startswith("role:"))})
    return made


def publish(ctx: Ctx, made: str) -> None:
    ctx.set(["vault", "tokens", made, "public"], True)


def tell(ctx: Ctx, made: str, names: list[str]) -> None:
    told = set(ctx.get(["vault", "tokens", made, "told"]))
    ctx.set(["vault", "tokens", made, "told"], sorted(told | set(names)))


class Referee(Rule):
    """While there is no referee, any player may volunteer to be the referee. The referee may step down at any time. The referee may whisper a word to a player, which only that player and the referee hear."""  # noqa: E501

    key = "referee"
    pack = PACK
    number = 1
    title = "The Referee"

    def _players(self, ctx: Ctx, actor: str) -> list[str]:
        return ctx.players()

    @action("volunteer")
    def volunteer(self, ctx: Ctx, actor: str) -> None:
        """Become the referee."""
        held = ctx.role_holders("referee")
        ctx.require(not held, "there is a referee already", detail=f"{held[0] if held else ''}"
                    " is the referee")
        ctx.grant_role(actor, "referee", "volunteered")

    @action("step-down")
    def step_down(self, ctx: Ctx, actor: str) -> None:
        """Stop being the referee."""
        ctx.require(ctx.revoke_role(actor, "referee", "stepped down"),
                    f"{actor} is not the referee")

    @action("whisper", Arg("target", str, "the player to whisper to", choices="_players"))
    def whisper(self, ctx: Ctx, actor: str, target: str) -> None:
        """Whisper a word to a player."""
        ctx.require(ctx.has_role(actor, "referee"), "only the referee whispers")
        word = token(ctx, "word", [target, REFEREE])
        ctx.emit("whispered", f"the referee whispers {word} to {target}",
                 to=[target, REFEREE], player=target, word=word)


class Cards(Rule):
    """The referee deals each player one card, a roll of one die of thirteen sides that only that player and the referee read. A player's card lies face down: only its holder and the referee see it. The referee may turn the cards face up, which reveals the deal."""  # noqa: E501

    key = "cards"
    pack = PACK
    number = 2
    title = "Cards"
    attributes = (Attribute("card", None, visibility="owner+role:referee",
                            doc="the player's card, face down"),)

    @action("deal")
    def deal(self, ctx: Ctx, actor: str) -> None:
        """Deal each player a card."""
        ctx.require(ctx.has_role(actor, "referee"), "only the referee deals")
        for player in ctx.players():
            value = ctx.roll(13, "the deal", to=[player, REFEREE])
            card = token(ctx, "card", [player, REFEREE], owner=player, roles=("referee",))
            ctx.set(["vault", "tokens", card, "value"], value)
            ctx.set_attr(player, "card", card)
            ctx.emit("card.dealt", f"{player} is dealt {card}", to=[player, REFEREE],
                     player=player, card=card)

    @action("turn-up")
    def turn_up(self, ctx: Ctx, actor: str) -> None:
        """Turn the cards face up: the deal is revealed."""
        ctx.require(ctx.has_role(actor, "referee"), "only the referee turns the cards up")
        shown = ctx.reveal(purpose="the deal", reason="the cards are turned up")
        ctx.require(shown, "no card is face down")
        cards = [ctx.attr(p, "card") for p in ctx.players() if ctx.attr(p, "card")]
        for card in cards:
            publish(ctx, card)
        ctx.emit("cards.shown", f"the cards are {', '.join(cards)}", cards=cards)


class Questions(Rule):
    """A player may put a question privately to another player, with the referee listening. The question offers three answers, of which the player asked picks one, or two if it is a double question. A player who has not answered within a day takes the first answer, or the first two."""  # noqa: E501

    key = "questions"
    pack = PACK
    number = 3
    title = "Questions"

    def _others(self, ctx: Ctx, actor: str) -> list[str]:
        return [p for p in ctx.players() if p != actor]

    @action("ask", Arg("target", str, "the player asked", choices="_others"),
            Arg("double", bool, "ask for two answers", required=False, default=False))
    def ask(self, ctx: Ctx, actor: str, target: str, double: bool = False) -> None:
        """Put a question to another player."""
        ctx.require(target != actor, "a player cannot ask themself")
        audience = [target, actor, REFEREE]
        answers = [token(ctx, "answer", audience, roles=("referee",)) for _ in range(3)]
        question = token(ctx, "question", audience, roles=("referee",))
        ctx.prompt(target, answers, answers[:2] if double else answers[0],
                   handler=self.answered, message=f"{actor} asks {question}",
                   deadline=ctx.now + timedelta(days=1), private=True,
                   seen_by=[actor, REFEREE], choose=2 if double else None,
                   data={"asker": actor, "question": question})

    def answered(self, ctx: Ctx, prompt: dict[str, Any], option: Any) -> None:
        # The answer's event went to the question's audience as it is now: a referee
        # who came since hears the question and its answers.
        audience = [prompt["to"], prompt["data"]["asker"], *ctx.role_holders("referee")]
        for made in [*prompt["options"], prompt["data"]["question"]]:
            tell(ctx, made, audience)
        if not ctx.state.has(["vault", "answers"]):
            ctx.set(["vault", "answers"], {})
        ctx.set(["vault", "answers", str(prompt["id"])], option)


class Ghost(Rule):
    """Every player stands at one of six places. A player may vanish for a day: while they are invisible, nobody else sees where they stand, and their moves do not show in anybody else's history."""  # noqa: E501

    key = "ghost"
    pack = PACK
    number = 4
    title = "The Ghost"
    attributes = (Attribute("location", "loc0", doc="where the player stands"),)

    def _places(self, ctx: Ctx, actor: str) -> list[str]:
        return list(PLACES)

    @action("vanish")
    def vanish(self, ctx: Ctx, actor: str) -> None:
        """Become invisible for a day."""
        ctx.grant_status(actor, "Invisible", until=timedelta(days=1))

    @action("move", Arg("place", str, "where to go", choices="_places"))
    def move(self, ctx: Ctx, actor: str, place: str) -> None:
        """Go to another place."""
        hidden = ctx.has_status(actor, "Invisible")
        if hidden:
            ctx.hide_action(f"{actor} is invisible")
        trace = token(ctx, "trace", [actor] if hidden else [], owner=actor, public=not hidden)
        ctx.set_attr(actor, "location", place)
        ctx.emit("moved", f"{actor} goes to {place}, leaving {trace}", player=actor,
                 place=place, trace=trace)

    @hook("status.ended", key="Invisible")
    def reappear(self, ctx: Ctx, data: dict[str, Any]) -> None:
        ctx.emit("reappeared", f"{data['holder']} is seen again at "
                 f"{ctx.attr(data['holder'], 'location')}", player=data["holder"])

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        if viewer == "admin":
            return
        view.pop("vault", None)
        for name, record in view.get("players", {}).items():
            if name != viewer and name in view.get("statuses", {}) and \
                    "Invisible" in view["statuses"][name]:
                record.pop("location", None)


class Coronation(Rule):
    """The first player to join is the referee."""

    key = "coronation"
    pack = PACK
    number = 5
    title = "Coronation"

    def on_enact(self, ctx: Ctx) -> None:
        players = ctx.players()
        if players and not ctx.role_holders("referee"):
            ctx.grant_role(players[0], "referee", "crowned")


class Kitchen(Rule):
    """A player may order dinner: up to two of the dishes on the menu, soup, fish and pie, or none. Soup is off tonight."""  # noqa: E501

    key = "kitchen"
    pack = PACK
    number = 6
    title = "The Kitchen"

    @action("order")
    def order(self, ctx: Ctx, actor: str) -> None:
        """Order dinner."""
        ctx.prompt(actor, ["soup", "fish", "pie"], [], handler=self.served,
                   message="which dishes?", choose=(0, 2), available="open_dishes")

    def open_dishes(self, ctx: Ctx, prompt: dict[str, Any]) -> list[str]:
        return ["fish", "pie"]

    def served(self, ctx: Ctx, prompt: dict[str, Any], option: Any) -> None:
        ctx.set(["served"], option)


class RolesPack(Pack):
    id = PACK
    title = "Roles and audiences (test)"
    initial = (Initial(Referee), Initial(Cards), Initial(Questions), Initial(Ghost))
    rule_classes = (Coronation, Kitchen)
    players = (1, None)


REGISTRY = installed().with_pack(RolesPack())


def new_game(players: tuple[str, ...] = ("alice", "bob", "carol"), *,
             forced: bool = False) -> Game:
    return Game.create(PACK, start=START, players=players, secret=dice.secret_from_seed(21),
                       registry=REGISTRY, game_id="roles", allow_forced=forced)


def enact(game: Game, cls: type[Rule], at: datetime | None = None) -> None:
    """Put ``cls`` into force, as a passed proposal does."""
    with game._transaction(at or game.clock, "admin") as ctx:
        ruleset.enact(ctx, cls)

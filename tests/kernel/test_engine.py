"""The engine's contracts, on a toy pack: atomic actions, timers with exact catch-up,
prompts, views, legal actions, ruleset changes."""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nomicon.kernel import dice, ruleset
from nomicon.kernel.context import Ctx
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import (
    ActionRefused,
    GameError,
    InvalidArguments,
    NotYourTurn,
    RuleError,
    UnknownAction,
)
from nomicon.kernel.pack import Initial, Pack, installed
from nomicon.kernel.rules import Arg, Attribute, Currency, Rule, action, every, hook

START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)


class Coins(Rule):
    """Players hold coins, never fewer than 0. A player may mint a coin or pay coins."""

    key = "coins"
    pack = "toy"
    number = 1
    title = "Coins"
    currencies = (Currency("coins", 2, minimum=0),)
    attributes = (Attribute("hand", [], visibility="owner"), Attribute("mood", "calm",
                                                                       visibility="admin"))

    @action("mint")
    def mint(self, ctx: Ctx, actor: str) -> None:
        ctx.gain(actor, 1, "minted", currency="coins")

    @action("pay", Arg("to", str, choices="_others"), Arg("amount", int, minimum=1))
    def pay(self, ctx: Ctx, actor: str, to: str, amount: int) -> None:
        ctx.gain(actor, 100, "a bonus that must vanish if the payment fails", currency="coins")
        ctx.lose(actor, 100, "the bonus again", currency="coins")
        ctx.set_attr(actor, "mood", "spending")
        ctx.transfer(actor, to, amount, "coins", "payment")

    def _others(self, ctx: Ctx, actor: str) -> list[str]:
        return [p for p in ctx.players() if p != actor]

    @action("draw", Arg("card", str))
    def draw(self, ctx: Ctx, actor: str, card: str) -> None:
        ctx.set_attr(actor, "hand", [*ctx.attr(actor, "hand"), card])
        ctx.emit("drew", f"{actor} draws {card}", to=[actor], player=actor, card=card)

    @action("crash")
    def crash(self, ctx: Ctx, actor: str) -> None:
        ctx.gain(actor, 5, "before the crash", currency="coins")
        raise KeyError("a bug in the rule")

    @action("turn-thing", on_turn=True)
    def turn_thing(self, ctx: Ctx, actor: str) -> None:
        ctx.refuse("not your turn", turn=True)


class Alarm(Rule):
    """A player may set an alarm that rings an hour later; a bell rings every hour."""

    key = "alarm"
    pack = "toy"
    number = 2
    title = "Alarm"

    @action("set-alarm")
    def set_alarm(self, ctx: Ctx, actor: str) -> None:
        ctx.set_timer(f"alarm:{actor}", timedelta(hours=1), "ring", {"player": actor})

    def ring(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        ctx.emit("rang", f"{payload['player']}'s alarm rings", player=payload["player"])

    @every("every hour on the hour")
    def bell(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        ctx.set(["bells"], ctx.get(["bells"], 0) + 1)


class Question(Rule):
    """A player may be asked a question; unanswered, it defaults to 'no' after a day."""

    key = "question"
    pack = "toy"
    number = 3
    title = "Question"

    @action("ask", Arg("who", str))
    def ask(self, ctx: Ctx, actor: str, who: str) -> None:
        ctx.prompt(who, ["yes", "no"], "no", handler="answered", message="well?",
                   deadline=ctx.now + timedelta(days=1), blocking=True)

    def answered(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        ctx.set(["answers"], [*ctx.get(["answers"], []), option])

    @hook("player.joined")
    def greet(self, ctx: Ctx, data: dict[str, Any]) -> None:
        ctx.set(["greeted"], [*ctx.get(["greeted"], []), data["player"]])


class Moods(Rule):
    """Players have a temper, starting at 3."""

    key = "moods"
    pack = "toy"
    number = 4
    title = "Moods"
    attributes = (Attribute("temper", 3),)


class ToyPack(Pack):
    id = "toy"
    title = "Toy"
    initial = (Initial(Coins), Initial(Alarm), Initial(Question))
    rule_classes = (Moods,)

    def setup(self, ctx: Ctx, params: Any) -> None:
        ctx.set(["bells"], 0)


REGISTRY = installed().with_pack(ToyPack())


def new(players: tuple[str, ...] = ("alice", "bob"), **kw: Any) -> Game:
    return Game.create("toy", start=START, players=players, secret=dice.secret_from_seed(1),
                       registry=REGISTRY, **kw)


def test_players_join_with_declared_defaults_and_hooks_run() -> None:
    game = new()
    view = game.view()
    assert view["players"]["alice"]["coins"] == 2
    assert view["players"]["alice"]["hand"] == []
    assert view["greeted"] == ["alice", "bob"]


def test_refused_transfer_undoes_every_change_of_the_action() -> None:
    game = new()
    before = game.view()
    log_length = len(game.log)
    with pytest.raises(ActionRefused, match=r"alice has 2 coins, not 5 \(Rule 1, Coins\)"):
        game.act("alice", "pay", to="bob", amount=5)
    assert game.view() == before
    assert len(game.log) == log_length


def test_accepted_transfer_moves_money_and_logs_it() -> None:
    game = new()
    game.act("alice", "pay", to="bob", amount=2)
    assert game.view()["players"]["alice"]["coins"] == 0
    assert game.view()["players"]["bob"]["coins"] == 4
    assert [e["type"] for e in game.log[-4:]].count("transfer") == 3


def test_a_crashing_rule_changes_nothing_and_says_so() -> None:
    game = new()
    before = game.view()
    with pytest.raises(RuleError, match="internal error"):
        game.act("alice", "crash")
    assert game.view() == before


def test_argument_errors_unknown_actions_and_strangers() -> None:
    game = new()
    with pytest.raises(InvalidArguments, match="amount"):
        game.act("alice", "pay", to="bob", amount="lots")
    with pytest.raises(InvalidArguments, match="colour: Extra inputs"):
        game.act("alice", "mint", colour="red")
    with pytest.raises(ActionRefused, match="is not allowed"):
        game.act("alice", "pay", to="alice", amount=1)
    with pytest.raises(UnknownAction, match="no rule in force defines"):
        game.act("alice", "fly")
    with pytest.raises(ActionRefused, match="'zed' is not a player"):
        game.act("zed", "mint")
    with pytest.raises(ActionRefused, match="only the admin"):
        game.act("alice", "set", path="players.bob.coins", value=9)
    with pytest.raises(ActionRefused, match="admin is not a player"):
        game.act("admin", "mint")
    with pytest.raises(NotYourTurn):
        game.act("alice", "turn-thing")
    with pytest.raises(ActionRefused, match="already a player"):
        game.act("alice", "join")
    with pytest.raises(ActionRefused, match="not a valid player name"):
        game.act("Robert'); DROP", "join")


def test_timers_fire_at_their_own_time_before_a_later_action() -> None:
    game = new()
    game.act("alice", "set-alarm", at=START + timedelta(minutes=10))
    game.act("bob", "mint", at=START + timedelta(hours=3))
    rang = [e for e in game.log if e["type"] == "rang"]
    assert len(rang) == 1
    assert rang[0]["time"] == "2021-03-01T10:10:00Z"
    assert rang[0]["seq"] < game.log[-1]["seq"]
    assert game.log[-1]["time"] == "2021-03-01T12:00:00Z"


def test_recurring_schedule_catches_up_exactly() -> None:
    game = new()
    game.advance(START + timedelta(hours=5, minutes=30))
    fired = [e["time"] for e in game.log if e["type"] == "timer.fired"]
    assert fired == [f"2021-03-01T{h:02d}:00:00Z" for h in range(10, 15)]
    assert game.view()["bells"] == 5
    assert game.view()["game"]["clock"] == "2021-03-01T14:30:00Z"


def test_prompt_default_applies_at_its_deadline_and_blocks_meanwhile() -> None:
    game = new()
    game.act("alice", "ask", who="bob")
    with pytest.raises(ActionRefused, match=r"must first answer: well\? \(Rule 3, Question\)"):
        game.act("bob", "mint")
    assert [a["name"] for a in game.legal_actions("bob")] == ["choose"]
    game.advance(START + timedelta(days=1, minutes=1))
    assert game.view()["answers"] == ["no"]
    assert game.view()["prompts"] == []
    game.act("bob", "mint")


def test_prompt_answer_resumes_the_rule() -> None:
    game = new()
    game.act("alice", "ask", who="bob")
    with pytest.raises(ActionRefused, match=r"option 'maybe' is not allowed.*\['yes', 'no'\]"):
        game.act("bob", "choose", option="maybe")
    game.act("bob", "choose", option="yes")
    assert game.view()["answers"] == ["yes"]
    assert not any(t.startswith("prompt:") for t in game.state.root["timers"])


def test_views_hide_secrets_from_other_players_and_the_log_too() -> None:
    game = new()
    game.act("alice", "draw", card="ace")
    assert game.view("alice")["players"]["alice"]["hand"] == ["ace"]
    assert "hand" not in game.view("bob")["players"]["alice"]
    assert "mood" not in game.view("alice")["players"]["alice"]
    assert game.view("admin")["players"]["alice"]["hand"] == ["ace"]
    assert "timers" not in game.view("bob")
    assert not [e for e in game.log_for("bob") if e["type"] == "drew"]
    assert [e["data"]["card"] for e in game.log_for("alice") if e["type"] == "drew"] == ["ace"]
    assert all("ops" not in e for e in game.log_for("alice"))


def test_legal_actions_offer_finite_choices() -> None:
    game = new(("alice", "bob", "carol"))
    pay = next(a for a in game.legal_actions("alice") if a["name"] == "pay")
    assert pay["args"]["to"]["choices"] == ["bob", "carol"]
    assert pay["args"]["amount"] == {"type": "int", "required": True, "minimum": 1}
    assert "set" in [a["name"] for a in game.legal_actions("admin")]
    assert "mint" not in [a["name"] for a in game.legal_actions("admin")]


def test_enacted_attributes_reach_existing_players_and_go_on_repeal() -> None:
    game = new()
    with game._transaction(game.clock, "admin") as ctx:
        ruleset.enact(ctx, Moods)
    assert game.view()["players"]["bob"]["temper"] == 3
    assert game.view()["rules"]["4"]["title"] == "Moods"
    with game._transaction(game.clock, "admin") as ctx:
        ruleset.repeal(ctx, 4)
    assert "temper" not in game.view()["players"]["bob"]
    assert "4" not in game.view()["rules"]


def test_admin_set_writes_at_a_view_path_and_is_logged() -> None:
    game = new()
    game.act("admin", "set", path="players.bob.coins", value=9)
    assert game.view()["players"]["bob"]["coins"] == 9
    assert game.state.root["accounts"]["bob"]["coins"] == 9
    assert game.log[-1]["type"] == "admin.set"
    with pytest.raises(ActionRefused, match="kept by the engine"):
        game.act("admin", "set", path="rules.1.text", value="anything goes")
    with pytest.raises(ActionRefused, match="no player"):
        game.act("admin", "set", path="players.zed.coins", value=1)


def test_rebuild_from_the_log_equals_the_live_state() -> None:
    game = new()
    game.act("alice", "pay", to="bob", amount=1)
    game.act("alice", "ask", who="bob")
    game.advance(START + timedelta(days=2))
    rebuilt = Game.rebuild(game.log, secret=game.secret, registry=REGISTRY)
    assert rebuilt.state.root == game.state.root


def test_dice_follow_the_published_derivation() -> None:
    secret = dice.secret_from_seed("audit")
    # The derivation written out independently of the module: HMAC-SHA256 over
    # "index:sides:attempt", first 8 bytes big-endian, rejection above the last
    # multiple of sides, then 1 + draw mod sides.
    for index in range(50):
        for sides in (2, 6, 13, 20):
            attempt = 0
            while True:
                mac = hmac.new(secret, f"{index}:{sides}:{attempt}".encode(), hashlib.sha256)
                draw = int.from_bytes(mac.digest()[:8], "big")
                if draw < (2**64 // sides) * sides:
                    break
                attempt += 1
            assert dice.derive_roll(secret, index, sides) == 1 + draw % sides
    assert dice.commitment(secret) == hashlib.sha256(secret).hexdigest()


def test_dice_are_close_to_uniform() -> None:
    secret = dice.secret_from_seed("uniform")
    counts = [0] * 6
    for index in range(6000):
        counts[dice.derive_roll(secret, index, 6) - 1] += 1
    # Each face is expected 1000 times; 4.5 standard deviations is about +-130.
    assert all(870 < c < 1130 for c in counts), counts


def test_forced_dice_only_in_games_that_accept_them() -> None:
    game = new()
    with pytest.raises(GameError, match="does not accept forced dice"):
        game.force_dice([3])


def test_end_game_reveals_the_secret_and_stops_play() -> None:
    game = new()
    game.act("admin", "end-game", winners=["bob"])
    epochs = game.view()["dice"]["epochs"]
    assert epochs[-1]["secret"] == game.secret.hex()
    assert game.view()["winners"] == ["bob"]
    with pytest.raises(ActionRefused, match="game is over"):
        game.act("alice", "mint")

"""Orders and updates on a small game played by mail (``mail_pack``): orders are
received now, sealed, and carried out at the next update in their phase, in arrival
order then position; a refused order is published with its refusal and the update
goes on; conditionals; irrevocability; an update that waits for the admin."""

from __future__ import annotations

from datetime import timedelta

import pytest
from mail_pack import FIRST_UPDATE, REGISTRY, START, events, new

from nomicon.kernel import ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused, InvalidArguments, UnknownAction
from nomicon.replay import replay

MONDAY_10 = START + timedelta(hours=1)
#: When the mail gateway enters the week's messages into the game.
ENTERED = START + timedelta(days=2, hours=3)
AFTER_UPDATE = FIRST_UPDATE + timedelta(minutes=1)


def owner(game: Game, square: int) -> str | None:
    found: str | None = game.view()["board"]["squares"][str(square)]["owner"]
    return found


def receive(game: Game, player: str, at: str, position: int, action: str,
            **more: object) -> None:
    """An order from a message received at ``at``, as a mail gateway enters it."""
    game.act("admin", "receive-order", player=player, received_at=at, position=position,
             action=action, at=ENTERED, **more)


def test_an_order_is_carried_out_at_the_update_and_sealed_to_others_until_then() -> None:
    game = new()
    head = game.head
    game.act("alice", "order", action="buy", args={"square": 2}, at=MONDAY_10)
    mine = game.view("alice")["orders"]
    assert list(mine.values()) == [{
        "id": "alice@2021-03-01T10:00:00Z#1", "player": "alice", "action": "buy",
        "args": {"square": 2}, "received_at": "2021-03-01T10:00:00Z", "position": 1,
        "phase": "purchases", "condition": None, "otherwise": None}]
    assert game.view("bob")["orders"] == {}
    assert [(e["type"], e["message"]) for e in game.log_for("bob", after=head)] == [
        ("action.sealed", "alice: order (sealed)")]
    assert [e["type"] for e in game.log_for("alice", after=head)] == [
        "action", "action.sealed", "order.received"]
    # Nothing happens before the update.
    game.advance(FIRST_UPDATE - timedelta(minutes=1))
    assert owner(game, 2) is None
    assert game.view()["players"]["alice"]["dollars"] == 100
    game.advance(AFTER_UPDATE)
    assert owner(game, 2) == "alice"
    assert game.view()["players"]["alice"]["dollars"] == 70  # "for sale at $30"
    published = events(game, "order.done", viewer="bob")
    assert [(e["data"]["player"], e["data"]["action"], e["data"]["args"]) for e in published] \
        == [("alice", "buy", {"square": 2})]
    assert published[0]["time"] == "2021-03-07T18:00:00Z"
    assert game.view("alice")["orders"] == {}


def test_an_order_of_a_sealed_action_stays_sealed_when_it_is_published() -> None:
    game = new()
    game.act("alice", "order", action="bid", args={"amount": 7}, at=MONDAY_10)
    game.advance(AFTER_UPDATE)
    assert game.view("alice")["players"]["alice"]["bid"] == 7
    assert "bid" not in game.view("bob")["players"]["alice"]
    seen_by_bob = events(game, "order.done", "order.sealed", viewer="bob")
    assert [(e["type"], e["message"]) for e in seen_by_bob] == [
        ("order.sealed", "a sealed order was received"),
        ("order.sealed", "a sealed order was carried out")]
    assert [e["data"]["args"] for e in events(game, "order.done", viewer="alice")] == [
        {"amount": 7}]


def test_a_malformed_order_is_refused_at_once_and_changes_nothing() -> None:
    game = new()
    before, length = game.view(), len(game.log)
    with pytest.raises(InvalidArguments, match=r"alice cannot buy square='two': square:"):
        game.act("alice", "order", action="buy", args={"square": "two"})
    with pytest.raises(InvalidArguments, match=r"square: Input should be less than or equal "
                       r"to 4, not 9 \(Nomicon procedure\); expected square \(int\)"):
        game.act("alice", "order", action="buy", args={"square": 9})
    with pytest.raises(InvalidArguments, match=r"colour: Field required"):
        game.act("alice", "order", action="paint", args={"square": 1})
    with pytest.raises(UnknownAction, match=r"alice cannot fly: no rule in force defines"):
        game.act("alice", "order", action="fly")
    with pytest.raises(ActionRefused, match=r"alice cannot set: this is not an action a "
                       r"player orders"):
        game.act("alice", "order", action="set", args={"path": "x", "value": 1})
    with pytest.raises(ActionRefused, match=r"alice cannot retract-order: this is not an "
                       r"action a player orders"):
        game.act("alice", "order", action="retract-order")
    with pytest.raises(ActionRefused, match=r"alice cannot standing-answer: this is not"):
        game.act("alice", "order", action="standing-answer")
    with pytest.raises(InvalidArguments, match=r"the condition cannot be read: "
                       r"'my.dollars >' is not an expression"):
        game.act("alice", "order", action="buy", args={"square": 1}, condition="my.dollars >")
    with pytest.raises(ActionRefused, match=r"the judging phase does not take buy orders "
                       r"\(Rule 5, Schedule of updates\); phases that take buy orders: "
                       r"purchases, works"):
        game.act("alice", "order", action="buy", args={"square": 1}, phase="judging")
    with pytest.raises(ActionRefused, match=r"the update has no 'night' phase"):
        game.act("alice", "order", action="buy", args={"square": 1}, phase="night")
    with pytest.raises(ActionRefused, match=r"an otherwise is carried out when the condition"):
        game.act("alice", "order", action="buy", args={"square": 1}, otherwise="visit")
    with pytest.raises(ActionRefused, match=r"the purchases phase does not take visit orders"
                       r" \(Rule 5, Schedule of updates\); an order and its otherwise run in "
                       r"the same phase; phases that take visit orders: works"):
        game.act("alice", "order", action="buy", args={"square": 1}, condition="True",
                 otherwise="visit")
    with pytest.raises(ActionRefused, match=r"2021-03-02T00:00:00Z is later than now "
                       r"\(2021-03-01T09:00:00Z\)"):
        game.act("admin", "receive-order", player="bob", received_at="2021-03-02T00:00:00Z",
                 position=1, action="visit")
    assert game.view() == before
    assert len(game.log) == length


def test_orders_run_in_arrival_order_then_position_and_a_failure_is_published() -> None:
    game = new()
    # Entered in another order than received: alice's message (received Monday at
    # 10:00) is entered before bob's (received at 9:30); alice put "buy 3" second.
    receive(game, "alice", "2021-03-01T10:00:00Z", 2, "buy", args={"square": 3})
    receive(game, "alice", "2021-03-01T10:00:00Z", 1, "buy", args={"square": 1})
    receive(game, "bob", "2021-03-01T09:30:00Z", 1, "buy", args={"square": 1})
    game.advance(AFTER_UPDATE)
    results = events(game, "order.done", "order.failed", viewer="carol")
    assert [(e["type"], e["data"]["player"], e["data"]["args"]["square"]) for e in results] == [
        ("order.done", "bob", 1), ("order.failed", "alice", 1), ("order.done", "alice", 3)]
    failed = results[1]
    assert failed["data"]["refusal"] == ("alice cannot buy square=1: square 1 belongs to bob "
                                         "(Rule 2, Squares)")
    assert failed["message"].endswith("failed: " + failed["data"]["refusal"])
    # The failed order changed nothing; the one after it went on.
    assert (owner(game, 1), owner(game, 3)) == ("bob", "alice")
    assert game.view()["players"]["alice"]["dollars"] == 70


def test_a_refused_payment_fails_the_order_and_refunds_everything() -> None:
    game = new()
    for position, square in enumerate((1, 2, 3, 4), start=1):
        receive(game, "alice", "2021-03-01T09:00:00Z", position, "buy", args={"square": square})
    game.advance(AFTER_UPDATE)
    # $100 buys three squares at $30; the fourth purchase fails and costs nothing.
    assert [owner(game, n) for n in (1, 2, 3, 4)] == ["alice", "alice", "alice", None]
    assert game.view()["players"]["alice"]["dollars"] == 10
    (failed,) = events(game, "order.failed")
    assert failed["data"]["refusal"] == ("alice cannot buy square=4: alice has 10 dollars, "
                                         "not 30 (Rule 1, Dollars)")


def test_each_phase_is_a_batch_of_its_own_at_the_update_instant() -> None:
    game = new()
    receive(game, "bob", "2021-03-02T09:00:00Z", 1, "paint", args={"square": 2,
                                                                  "colour": "red"})
    receive(game, "bob", "2021-03-03T09:00:00Z", 1, "buy", args={"square": 2})
    game.advance(AFTER_UPDATE)
    update = [e for e in game.log if e["type"].startswith(("update.", "phase.", "order."))
              and e["time"] == "2021-03-07T18:00:00Z"]
    assert [(e["type"], e["data"].get("phase")) for e in update] == [
        ("update.began", None),
        ("phase.began", "purchases"), ("order.done", "purchases"), ("phase.ended", "purchases"),
        ("phase.began", "judging"), ("phase.ended", "judging"),
        ("phase.began", "works"), ("order.done", "works"), ("phase.ended", "works"),
        ("update.ended", None)]
    batches = {e["data"].get("phase") or e["type"]: e["batch"] for e in update
               if e["type"] in ("update.began", "phase.began")}
    assert len(set(batches.values())) == 4
    # The purchase received later ran first, in its earlier phase: bob could paint.
    assert game.view()["board"]["squares"]["2"] == {"owner": "bob", "colour": "red"}
    assert game.view()["works"] == 1  # the works phase's own hook ran once
    assert game.view()["update"]["status"] == "ended"


def test_a_conditional_order_runs_its_action_or_its_otherwise() -> None:
    game = new(("alice", "bob", "carol", "dave"))
    receive(game, "bob", "2021-03-01T09:00:00Z", 1, "buy", args={"square": 2})
    receive(game, "alice", "2021-03-01T10:00:00Z", 1, "buy", args={"square": 2},
            condition="board.squares['2'].owner == None", otherwise="buy",
            otherwise_args={"square": 3})
    receive(game, "carol", "2021-03-01T11:00:00Z", 1, "buy", args={"square": 4},
            condition="my.dollars >= 30")
    receive(game, "dave", "2021-03-01T12:00:00Z", 1, "buy", args={"square": 1},
            condition="my.dollars > 1000")
    receive(game, "dave", "2021-03-01T12:00:00Z", 2, "visit",
            condition="players.zed.dollars > 0")
    game.advance(AFTER_UPDATE)
    # Bob's earlier order took square 2, so alice's condition is false then: her
    # otherwise buys square 3. Carol's holds; dave's does not, and has no otherwise.
    assert [owner(game, n) for n in (1, 2, 3, 4)] == [None, "bob", "alice", "carol"]
    results = {e["data"]["player"] + str(e["data"]["position"]): e
               for e in events(game, "order.done", "order.failed", "order.skipped")}
    assert (results["alice1"]["type"], results["alice1"]["data"]["branch"],
            results["alice1"]["data"]["ran"]) == ("order.done", "else", "buy")
    assert results["alice1"]["message"].endswith("as its otherwise: buy square=3")
    assert (results["carol1"]["type"], results["carol1"]["data"]["branch"]) == (
        "order.done", "then")
    assert results["dave1"]["type"] == "order.skipped"
    assert results["dave1"]["message"].endswith(": my.dollars > 1000 is false")
    assert results["dave2"]["type"] == "order.failed"
    assert results["dave2"]["data"]["refusal"] == (
        "the condition cannot be evaluated: players has no 'zed'")
    assert game.view()["players"]["dave"]["dollars"] == 100


def test_orders_are_retractable_unless_the_rules_make_them_irrevocable() -> None:
    game = new()
    game.act("alice", "order", action="buy", args={"square": 1}, at=MONDAY_10)
    order = "alice@2021-03-01T10:00:00Z#1"
    with pytest.raises(ActionRefused, match=r"bob has no order 'alice@.*' waiting for the "
                       r"update"):
        game.act("bob", "retract-order", order=order)
    game.act("alice", "retract-order", order=order)
    assert game.view("alice")["orders"] == {}
    with game._transaction(game.clock, "admin") as ctx:
        ruleset.amend(ctx, 5, params={"irrevocable": True})
    game.act("alice", "order", action="buy", args={"square": 2}, at=MONDAY_10)
    before, length = game.view(), len(game.log)
    with pytest.raises(ActionRefused, match=r"alice cannot retract-order "
                       r"order='alice@2021-03-01T10:00:00Z#1': an order cannot be taken back "
                       r"once it is sent \(Rule 5, Schedule of updates\)"):
        game.act("alice", "retract-order", order=order)
    assert (game.view(), len(game.log)) == (before, length)
    game.advance(AFTER_UPDATE)
    assert [owner(game, n) for n in (1, 2)] == [None, "alice"]


def test_the_update_waits_for_the_admin_to_judge_the_proposals_then_goes_on() -> None:
    game = new()
    game.act("alice", "propose", title="More squares", text="Add a fifth square.",
             at=MONDAY_10)
    game.act("bob", "order", action="paint", args={"square": 1, "colour": "red"},
             at=MONDAY_10)
    receive(game, "bob", "2021-03-01T09:00:00Z", 1, "buy", args={"square": 1})
    game.advance(AFTER_UPDATE)
    update = game.view("bob")["update"]
    assert (update["status"], update["phase"], update["waiting_for"]) == (
        "waiting", "judging", "proposal #1 is undecided")
    assert owner(game, 1) == "bob"  # the purchases phase ran
    assert "works" not in game.view()  # the works phase did not
    assert game.view()["board"]["squares"]["1"]["colour"] == "white"
    # An order sent while the update waits is for the next update.
    game.act("carol", "order", action="paint", args={"square": 1, "colour": "blue"},
             at=FIRST_UPDATE + timedelta(hours=1))
    verdict = FIRST_UPDATE + timedelta(hours=2)
    game.act("admin", "choose", option="accept", at=verdict)
    assert game.log[-1]["type"] == "update.resumed"
    game.fire_due(verdict)
    assert game.view()["update"]["status"] == "ended"
    assert game.view()["board"]["squares"]["1"]["colour"] == "red"
    works = [e for e in game.log if e["type"] == "phase.began" and e["data"]["phase"] == "works"]
    assert [e["time"] for e in works] == ["2021-03-07T20:00:00Z"]
    assert list(game.view("carol")["orders"]) == ["carol@2021-03-07T19:00:00Z#1"]


def test_the_admin_may_move_a_waiting_update_on() -> None:
    game = new()
    with pytest.raises(ActionRefused, match=r"no update is waiting \(Rule 5, Schedule"):
        game.act("admin", "continue-update")
    game.act("alice", "propose", title="More squares", text="Add a fifth square.",
             at=MONDAY_10)
    game.advance(AFTER_UPDATE)
    game.act("admin", "continue-update")
    game.fire_due(game.clock)
    assert game.view()["update"]["status"] == "ended"
    assert game.view()["proposals"]["1"]["status"] == "open"  # still to be judged
    resumed = events(game, "update.resumed")
    assert resumed[0]["message"] == ("update 1 goes on after the judging phase: the admin "
                                     "moves it on (proposal #1 is undecided)")


def test_an_update_still_waiting_at_the_next_one_postpones_it() -> None:
    game = new()
    game.act("alice", "propose", title="More squares", text="Add a fifth square.",
             at=MONDAY_10)
    game.advance(FIRST_UPDATE + timedelta(days=7, minutes=1))
    assert [e["data"]["update"] for e in events(game, "update.began")] == [1]
    assert len(events(game, "update.postponed")) == 1
    game.act("bob", "order", action="buy", args={"square": 4})
    later = FIRST_UPDATE + timedelta(days=7, hours=1)
    game.act("admin", "choose", option="reject", at=later)
    game.fire_due(later)
    began = events(game, "update.began")
    assert [(e["data"]["update"], e["time"]) for e in began] == [
        (1, "2021-03-07T18:00:00Z"), (2, "2021-03-14T19:00:00Z")]
    # Bob's order, sent before the second update began, ran in it.
    assert owner(game, 4) == "bob"
    assert game.view()["update"] == {"number": 2, "at": "2021-03-14T19:00:00Z",
                                     "phase": None, "status": "ended", "waiting_for": None,
                                     "postponed": None}


def test_an_order_received_before_an_update_began_cannot_join_it_later() -> None:
    game = new()
    game.advance(AFTER_UPDATE)
    with pytest.raises(ActionRefused, match=r"update 1, which takes the orders received "
                       r"before 2021-03-07T18:00:00Z, has begun"):
        receive(game, "bob", "2021-03-07T17:00:00Z", 1, "buy", args={"square": 4})


def test_a_game_with_orders_and_a_waiting_update_replays_exactly() -> None:
    game = new()
    game.act("alice", "propose", title="More squares", text="Add a fifth square.",
             at=MONDAY_10)
    receive(game, "bob", "2021-03-01T09:00:00Z", 1, "buy", args={"square": 1})
    receive(game, "alice", "2021-03-01T09:10:00Z", 1, "buy", args={"square": 1},
            condition="my.dollars > 50", otherwise="visit", phase="works")
    game.act("carol", "standing-answer", kind="zoo", option="pay")
    game.act("carol", "order", action="visit", at=MONDAY_10)
    game.advance(AFTER_UPDATE)
    game.act("admin", "choose", option="reject")
    game.fire_due(game.clock)
    assert game.view()["update"]["status"] == "ended"
    found = replay(game.log, registry=REGISTRY)
    assert (found.divergence, found.batches) == (None, len({e["batch"] for e in game.log}))
    rebuilt = Game.rebuild(game.log, secret=game.secret, registry=REGISTRY)
    assert rebuilt.state.root == game.state.root

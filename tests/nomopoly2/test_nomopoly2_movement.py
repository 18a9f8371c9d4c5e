"""Section XXI (Easy Movement): Easy Moves sent as orders, carried out in the update's
first and sixth steps, two a week."""

from __future__ import annotations

import pytest
from n2game import Clock, new, paint_owned

from nomicon.kernel.errors import ActionRefused


def where(g: Clock, player: str = "alice") -> int:
    found: int = g.view()["players"][player]["location"]
    return found


def failures(g: Clock) -> list[str]:
    return [e["data"]["refusal"] for e in g.events("order.failed")]


def test_xxi_6_a_walk_goes_to_the_successor_or_predecessor() -> None:
    g = new(("alice", "bob"), board_size=16)
    paint_owned(g)  # no White fine (VIII.11) nor property tax to count
    g.act("alice", "order", text="take-a-walk to=predecessor")
    g.update()
    assert where(g) == 16  # the first square's predecessor is the highest (VI.8)
    assert g.view()["players"]["alice"]["easy_moves"]["used"] == 1


def test_xxi_1_easy_moves_only_at_the_update() -> None:
    g = new(("alice", "bob"), board_size=16)
    paint_owned(g)  # no White fine (VIII.11) nor property tax to count
    with pytest.raises(ActionRefused, match=r"only in the weekly update's.*Rule 2101"):
        g.act("alice", "take-a-walk", to="successor")
    assert where(g) == 1


def test_xxi_1_a_third_easy_move_in_a_week_fails() -> None:
    g = new(("alice", "bob"), board_size=16)
    paint_owned(g)  # no White fine (VIII.11) nor property tax to count
    g.act("alice", "order", text="take-a-walk to=successor")
    g.act("alice", "order", text="take-a-walk to=successor", phase="easy-moves-2")
    g.act("alice", "order", text="take-a-walk to=successor", phase="easy-moves-2")
    g.update()
    assert where(g) == 3
    assert len(failures(g)) == 1
    assert "alice has taken 2 Easy Moves this week" in failures(g)[0]
    g.act("alice", "order", text="take-a-walk to=successor")
    g.update()
    assert where(g) == 4  # a new week


def test_xxi_4_the_taxi_takes_the_shortest_way_for_10_a_move_and_makes_sick() -> None:
    g = new(("alice", "bob"), board_size=16)
    paint_owned(g)  # no White fine (VIII.11) nor property tax to count
    g.act("alice", "order", text="taxi square=14")
    g.update()
    # 1 -> 16 -> 15 -> 14 by predecessors: three moves.
    assert where(g) == 14
    assert g.dollars("alice") == 970
    assert g.view()["players"]["alice"]["sick"] is True


def test_xxi_4_the_taxi_uses_jumpgates_and_avoids_blockbusters() -> None:
    g = new(("alice", "bob"), board_size=16)
    paint_owned(g)  # no White fine (VIII.11) nor property tax to count
    g.set("board.spaces.2.jumpgate", 9)
    g.set("board.spaces.9.jumpgate", 2)
    g.set("board.spaces.16.blockbuster", True)
    g.act("alice", "order", text="taxi square=10")
    g.update()
    assert where(g) == 10  # 1 -> 2 -> (gate) 9 -> 10
    assert g.dollars("alice") == 970


def test_xxi_4_blocked_all_round_unless_500_more() -> None:
    g = new(("alice", "bob"), board_size=16)
    paint_owned(g)  # no White fine (VIII.11) nor property tax to count
    g.set("board.spaces.2.blockbuster", True)
    g.set("board.spaces.16.blockbuster", True)
    g.act("alice", "order", text="taxi square=4")
    g.act("alice", "order", text="taxi square=4 through_blockbusters=true",
          phase="easy-moves-2")
    g.update()
    assert "no Taxi route to square 4 avoids the squares with Blockbusters" in failures(g)[0]
    assert where(g) == 4
    assert g.dollars("alice") == 1000 - 30 - 500


def test_xxxi_4_no_taxi_in_chains_and_xxxi_5_heavy_chains_pay_1000() -> None:
    g = new(("alice", "bob"), board_size=16)
    paint_owned(g)  # no White fine (VIII.11) nor property tax to count
    g.set("players.alice.chains", {"pounds": 1001, "rusty": False, "quiet_weeks": 0})
    g.act("alice", "order", text="taxi square=3")
    g.act("alice", "order", text="take-a-walk to=successor")
    g.update()
    assert "alice is bound by 1001 lb of Chains" in failures(g)[0]
    assert where(g) == 2
    assert g.dollars("alice") == 0  # $1000 for the Walk


def test_xxi_2_and_3_the_government_and_corporation_transport() -> None:
    g = new(("alice", "bob"), board_size=16)
    paint_owned(g, "navy")  # a Government Color
    g.set("board.spaces.10.public", True)
    g.set("board.spaces.12.owner", "corporation")
    g.act("alice", "order", text="government-transport square=10")
    g.update()
    assert "alice is not a Registered Voter" in failures(g)[0]
    g.set("players.alice.registered_voter", True)
    g.act("alice", "order", text="government-transport square=10")
    g.act("alice", "order", text="corporate-transport square=12", phase="easy-moves-2")
    g.update()
    assert where(g) == 10
    assert "alice owns no square painted in a Corporate Color" in failures(g)[-1]
    g.set("board.spaces.1.color", "red")  # alice's own square (II.7)
    g.act("alice", "order", text="corporate-transport square=12")
    g.update()
    assert where(g) == 12


def test_xxi_5_the_delivery_truck_to_your_store() -> None:
    g = new(("alice", "bob"), board_size=16)
    paint_owned(g)  # no White fine (VIII.11) nor property tax to count
    g.set("board.spaces.5.owner", "alice")
    g.set("board.spaces.5.store", {"theme": "hats"})
    g.set("board.spaces.5.color", "blue")
    g.set("board.spaces.3.blockbuster", True)
    g.set("board.spaces.14.blockbuster", True)
    g.act("alice", "order", text="delivery-truck square=5")
    g.act("alice", "order", text="delivery-truck square=5 regardless=true",
          phase="easy-moves-2")
    g.update()
    assert "no delivery truck reaches square 5" in failures(g)[0]
    assert where(g) == 5
    assert g.dollars("alice") == 500

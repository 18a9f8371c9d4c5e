"""Section VII: turns earned by proposals, walked square by square with forced dice."""

from __future__ import annotations

from n2game import Clock, new, paint_owned


def earned_turn(g: Clock, dice: list[int], verdict: str = "reject") -> None:
    """alice makes a proposal; the update judges it and she takes the turn it earns."""
    g.act("alice", "propose", title="t", text="x")
    number = max(int(k) for k in g.view()["proposals"])
    g.update({number: verdict}, dice=dice)


def turns(g: Clock) -> list[tuple[list[int], int, int, bool]]:
    return [(e["data"]["dice"], e["data"]["start"], e["data"]["end"], e["data"]["speeding"])
            for e in g.events("nomopoly2.turn-taken")]


def test_vii_1_two_dice_move_the_player_that_many_successors() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    earned_turn(g, [2, 3])
    assert turns(g) == [([2, 3], 1, 6, False)]
    walked = g.events("walked")[-1]["data"]
    assert walked["passed"] == [2, 3, 4, 5]  # "pass through" each square, then land


def test_vii_1_a_sick_player_rolls_one_die() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("players.alice.sick", True)
    earned_turn(g, [4])
    assert turns(g) == [([4], 1, 5, False)]


def test_vii_1_in_reverse_a_player_moves_to_predecessors() -> None:
    g = new(("alice", "bob"), board_size=16)
    paint_owned(g)
    g.set("players.alice.reverse", True)
    earned_turn(g, [1, 2])
    # From square 1 the predecessor is the highest square (VI.8): 16, 15, 14.
    assert turns(g) == [([1, 2], 1, 14, False)]


def test_vii_2_without_white_squares_a_turn_changes_nothing() -> None:
    g = new(("alice",), board_size=4)
    for n in range(1, 5):
        g.set(f"board.spaces.{n}.color", "red")
    earned_turn(g, [])
    assert turns(g) == []
    assert g.view()["players"]["alice"]["location"] == 1


def test_vii_3_and_4_doubles_give_speeding_turns_fined_from_the_second() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    earned_turn(g, [1, 1, 2, 2, 3, 3, 1, 2], verdict="accept")
    assert turns(g) == [([1, 1], 1, 3, False), ([2, 2], 3, 7, True), ([3, 3], 7, 13, True),
                        ([1, 2], 13, 16, True)]
    fines = [e["data"]["amount"] for e in g.events("transfer")
             if "speeding" in e["data"]["reason"]]
    # Speeding for two consecutive turns: $40; for three: $40 + $15.
    assert fines == [40, 55]
    assert g.dollars("alice") == 1000 + 100 - 40 - 55


def test_vii_5_moving_past_the_top_earns_400() -> None:
    g = new(("alice", "bob"), board_size=16)
    paint_owned(g)
    g.set("players.alice.location", 14)
    earned_turn(g, [1, 4])
    assert turns(g) == [([1, 4], 14, 3, False)]
    assert g.dollars("alice") == 1000 - 10 + 400


def test_vii_6_a_non_speeding_seven_pays_100_and_moves_double() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    earned_turn(g, [3, 4])
    assert turns(g) == [([3, 4], 1, 15, False)]
    assert g.dollars("alice") == 1000 - 10 + 100


def test_vii_6_a_speeding_eleven_is_fined_50_and_goes_in_reverse() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    g.set("players.alice.location", 30)
    earned_turn(g, [2, 2, 5, 6])
    assert turns(g) == [([2, 2], 30, 34, False), ([5, 6], 34, 23, True)]
    assert g.dollars("alice") == 1000 - 10 - 50

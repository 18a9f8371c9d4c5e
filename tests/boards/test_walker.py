"""The step walker (leaving, passing, landing; stops and redirects) and renumbering as
one event, on the small snake pack of ``snakepack``."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from snakepack import REGISTRY, new_game

from nomicon.boards import numbered
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused


def diary(game: Game) -> list[tuple[str, Any]]:
    """The moments of the walks as ``(moment, square)``."""
    return [(e["moment"], e["square"]) for e in game.view()["diary"]]


def where(game: Game, player: str) -> Any:
    return game.view()["players"][player]["location"]


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.log if e["type"] == kind]


def test_a_walk_leaves_passes_through_and_lands() -> None:
    """VII.1: she "leaves" her square, "passes through" each square after that until
    the final advance, and then lands on that square."""
    game = new_game()
    game.act("alice", "walk", steps=3)
    assert where(game, "alice") == 4
    assert diary(game) == [("left", 1), ("passing", 2), ("passing", 3), ("landing", 4),
                           ("landed", 4)]
    [walked] = events(game, "walked")
    assert walked["data"]["start"] == 1 and walked["data"]["end"] == 4
    assert walked["data"]["passed"] == [2, 3] and walked["data"]["stopped"] is None
    assert walked["message"] == "alice walks from square 1 to square 4 (walks 3)"


def test_glue_takes_one_pip_and_is_used_up() -> None:
    """XIII.11: passing through glue during a normal turn loses one pip's worth of
    movement, and the coat of glue is removed."""
    game = new_game(coatings={"3": "glue"})
    game.act("alice", "walk", steps=5)
    assert where(game, "alice") == 5  # not 6
    assert "coating" not in game.view()["board"]["spaces"]["3"]
    game.act("bob", "walk", steps=5)
    assert where(game, "bob") == 6  # the glue is gone


def test_glue_on_the_last_pip_lands_the_player_on_it() -> None:
    """XIII.11: "If a player landed on a square due to its coat of glue"."""
    game = new_game(coatings={"3": "glue"})
    game.act("alice", "walk", steps=3)
    assert where(game, "alice") == 3
    assert diary(game)[-2:] == [("landing", 3), ("landed", 3)]


def test_a_hook_stops_the_walk_and_the_reason_is_logged() -> None:
    game = new_game(coatings={"3": "fence"})
    game.act("alice", "walk", steps=5)
    assert where(game, "alice") == 3
    assert diary(game) == [("left", 1), ("passing", 2), ("passing", 3), ("landing", 3),
                           ("landed", 3)]
    [walked] = events(game, "walked")
    assert walked["data"]["stopped"] == "the fence (Rule 4, Fence)"


def test_a_piece_stopped_on_leaving_stays_and_lands_nowhere() -> None:
    game = new_game()
    game.act("admin", "set", path="players.alice.chained", value=True)
    game.act("alice", "walk", steps=4)
    assert where(game, "alice") == 1
    assert diary(game) == [("left", 1)]
    assert events(game, "walked")[-1]["message"] == (
        "alice does not leave square 1 (chained (Rule 5, Chains))")


def test_a_redirect_while_passing_walks_on_from_the_new_square() -> None:
    game = new_game(bridge=[4, 14])
    game.act("alice", "walk", steps=5)
    # 2, 3, 4 (across the bridge to 14), then 15 and the last pip to 16.
    assert where(game, "alice") == 16
    assert diary(game) == [("left", 1), ("passing", 2), ("passing", 3), ("passing", 4),
                           ("passing", 15), ("landing", 16), ("landed", 16)]
    [crossed] = events(game, "transported")
    assert crossed["data"]["start"] == 4 and crossed["data"]["end"] == 14
    assert crossed["message"] == ("alice goes from square 4 to square 14 "
                                  "(the toll bridge (Rule 6, Bridge))")


def test_grease_lands_the_player_on_the_succeeding_square_instead() -> None:
    """XIII.12, twice over: greased 6 and 7 send a player due on 6 to 8."""
    game = new_game(coatings={"6": "grease", "7": "grease"})
    game.act("alice", "walk", steps=5)
    assert where(game, "alice") == 8
    assert diary(game)[-4:] == [("landing", 6), ("landing", 7), ("landing", 8),
                                ("landed", 8)]
    landed = [e for e in game.view()["diary"] if e["moment"] == "landed"]
    assert landed == [{"moment": "landed", "piece": "alice", "square": 8, "via": "grease"}]


def test_a_redirect_after_landing_lands_again_and_never_back() -> None:
    """XI.2: "after the other effects of landing on the square, the player will be
    transported to the sister square, landing on it". The sister gate would send her
    back, to a square she already landed on in this walk: the walker does not."""
    game = new_game(gate=[8, 18])
    game.act("alice", "walk", steps=7)
    assert where(game, "alice") == 18
    assert diary(game)[-4:] == [("landing", 8), ("landed", 8), ("landing", 18),
                                ("landed", 18)]
    assert len(events(game, "transported")) == 1


def test_players_stop_at_the_last_square_when_the_board_does_not_wrap() -> None:
    """Nomopoly IV P05: "would otherwise go over the last square on the board, they
    stop at the last square"."""
    game = new_game(wrap=False)
    game.act("alice", "stand", square=18)
    game.act("alice", "walk", steps=5)
    assert where(game, "alice") == 20
    assert events(game, "walked")[-1]["data"]["stopped"] == "the end of the board"


def test_past_the_last_square_comes_the_first() -> None:
    game = new_game()
    game.act("alice", "stand", square=19)
    game.act("alice", "walk", steps=3)
    assert where(game, "alice") == 2
    passing = [e for e in game.view()["diary"] if e["moment"] == "passing"]
    assert [(e["from"], e["square"]) for e in passing] == [(19, 20), (20, 1)]


def test_standing_and_jumping() -> None:
    game = new_game(coatings={"9": "grease"})
    game.act("alice", "stand", square=5)
    assert where(game, "alice") == 5 and diary(game) == []  # placed: no hooks
    game.act("alice", "jump", square=9)
    assert where(game, "alice") == 10  # a jump lands, so the grease applies
    assert diary(game) == [("landing", 9), ("landing", 10), ("landed", 10)]


def test_an_entity_walks_like_a_player() -> None:
    game = new_game(coatings={"3": "glue"})
    game.act("bob", "push-duck", steps=3)
    assert game.view()["entities"]["ducky"]["location"] == 4  # glue catches players only
    assert {e["piece"] for e in game.view()["diary"]} == {"ducky"}
    # The walk moved it in the entities' location index too.
    assert game.view()["index"]["entities"]["at"] == {"4": {"ducky": 1}}


def test_tripling_moves_everything_located_in_one_event() -> None:
    """Nomopoly IV P11: everything on old square k is now on new square 3k-1, and the
    change of location does not trigger leaving or landing."""
    game = new_game(coatings={"3": "glue"}, shop=10)
    game.act("alice", "stand", square=4)
    game.act("bob", "stand", square=15)
    head = game.head
    game.act("alice", "triple")
    view = game.view()
    assert (where(game, "alice"), where(game, "bob")) == (11, 44)
    assert view["entities"]["ducky"]["location"] == 2
    assert view["index"]["entities"]["at"] == {"2": {"ducky": 1}}
    assert view["board"]["shop"] == 29  # declared located by the Shop rule
    assert view["board"]["size"] == 60 and diary(game) == []
    [renumbered] = [e for e in game.log if e["seq"] > head and e["type"].startswith("board.")]
    assert renumbered["type"] == "board.renumbered"
    data = renumbered["data"]
    assert data["mapping"]["1"] == 2 and data["mapping"]["20"] == 59
    assert data["added"][:3] == [1, 3, 4] and data["removed"] == []
    assert data["moved"]["players.alice.location"] == [4, 11]
    assert data["moved"]["entities.ducky.location"] == [1, 2]
    # Squares keep their identities; the 40 new ones get 21..60, in number order.
    spaces = view["board"]["spaces"]
    assert spaces["8"] == {"id": 3, "coating": "glue"}
    assert spaces["1"] == {"id": 21} and spaces["3"] == {"id": 22}
    assert sorted(s["id"] for s in spaces.values()) == list(range(1, 61))


def test_destruction_renumbers_the_highest_square_into_the_gap() -> None:
    """Nomopoly II XVIII.2 on 10 squares in rows of 3: those on square 4 go to the
    closest square (2: one row or column away, the lowest number), square 10 becomes
    square 4, and the board is laid out again in rows of 3."""
    game = new_game(size=10, columns=None)
    game.act("alice", "stand", square=4)
    game.act("bob", "stand", square=10)
    game.act("alice", "destroy", square=4)
    assert (where(game, "alice"), where(game, "bob")) == (2, 4)
    board = game.view()["board"]
    assert board["size"] == 9 and board["columns"] == "sqrt"
    assert board["spaces"]["4"]["id"] == 10 and "10" not in board["spaces"]


def test_a_refused_destruction_says_why_and_changes_nothing() -> None:
    game = new_game(size=1, columns=None)
    before, length = game.view(), len(game.log)
    with pytest.raises(ActionRefused, match=r"the board always contains at least one square"
                                            r".*\(Rule 11, Destruction\)"):
        game.act("alice", "destroy", square=1)
    assert game.view() == before and len(game.log) == length


def test_walks_and_renumberings_replay_from_the_log() -> None:
    game = new_game(coatings={"3": "glue", "12": "grease"}, bridge=[6, 9], gate=[15, 40])
    game.act("alice", "walk", steps=6)
    game.act("bob", "push-duck", steps=2)
    game.act("alice", "triple")
    game.act("bob", "walk", steps=11)
    game.act("bob", "destroy", square=30)
    rebuilt = Game.rebuild(list(game.log), secret=game.secret, registry=REGISTRY)
    assert rebuilt.state.root == game.state.root


def test_new_clear_fishing_adds_a_square_and_may_widen_the_rows() -> None:
    """VI.7: a new square "numbered higher than any other on the board"; at 16 squares
    the rows of floor(sqrt(N)) grow from 3 to 4."""
    game = new_game(size=15, columns=None)
    game.act("alice", "stand", square=15)
    game.act("alice", "fish")
    [grew] = events(game, "board.squares-added")
    assert grew["data"]["spaces"] == [16] and grew["data"]["ids"] == [16]
    assert game.view()["board"]["size"] == 16 and where(game, "alice") == 15
    at = numbered.layout_of(game.view()["board"])
    assert at.width == 4 and at.cell(15) == (3, 1)  # the fourth row runs west: 13, 14, 15, 16


OPERATIONS = st.lists(st.one_of(
    st.tuples(st.just("triple"), st.just(0)),
    st.tuples(st.just("fish"), st.just(0)),
    st.tuples(st.just("destroy"), st.integers(1, 200)),
    st.tuples(st.just("stand"), st.integers(1, 200))), min_size=1, max_size=6)


def square_ids(game: Game) -> dict[str, int]:
    """The identity of the square each player and the Ducky stands on."""
    view = game.view()
    spaces = view["board"]["spaces"]
    found = {name: spaces[str(p["location"])]["id"] for name, p in view["players"].items()}
    found["ducky"] = spaces[str(view["entities"]["ducky"]["location"])]["id"]
    return found


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([10, None]), st.integers(2, 30), OPERATIONS)
def test_renumberings_keep_everyone_on_the_same_square(
        columns: int | None, size: int, operations: list[tuple[str, int]]) -> None:
    """Whatever the board goes through, a piece stays on the square it stood on (the
    same identity), unless that square was destroyed; numbers stay 1..N, identities
    stay unique, and the log replays to the same state."""
    game = new_game(size=size, columns=columns)
    for name, value in operations:
        board = game.view()["board"]
        count = board["size"]
        if name == "triple" and count > 60:
            continue
        before = square_ids(game)
        if name == "stand":
            game.act("alice", "stand", square=(value - 1) % count + 1)
            continue
        if name == "destroy":
            if count == 1:
                continue
            gone = board["spaces"][str((value - 1) % count + 1)]["id"]
            game.act("bob", "destroy", square=(value - 1) % count + 1)
        else:
            gone = None
            game.act("bob", name)
        after = square_ids(game)
        for piece, sid in before.items():
            assert after[piece] == sid or sid == gone
        spaces = game.view()["board"]["spaces"]
        assert sorted(map(int, spaces)) == list(range(1, game.view()["board"]["size"] + 1))
        ids = [s["id"] for s in spaces.values()]
        assert len(set(ids)) == len(ids)
    rebuilt = Game.rebuild(list(game.log), secret=game.secret, registry=REGISTRY)
    assert rebuilt.state.root == game.state.root

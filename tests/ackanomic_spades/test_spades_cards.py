"""Rules 3 and 4 of Spades (Ackanomic 1250.15) as plain functions: following suit,
the winner of a trick, the first leader, and a team's score for a round. Each
expected value is worked out from the rule's words in the test's docstring."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nomicon.packs.ackanomic import spades_cards as cards


def test_the_deck_is_52_cards_without_jokers() -> None:
    """General Equipment: "1 standard deck without the optional cards"."""
    deck = cards.deck()
    assert len(deck) == len(set(deck)) == 52
    assert {cards.suit(c) for c in deck} == {"S", "H", "D", "C"}
    # 13 of each suit, 2 to Ace: no Joker among them.
    assert all(sum(cards.suit(c) == s for c in deck) == 13 for s in cards.SUITS)


@pytest.mark.parametrize(("text", "card"), [("QS", "QS"), ("qs", "QS"), ("10h", "TH"),
                                            (" AC ", "AC"), ("1S", None), ("QX", None),
                                            ("", None), ("QSS", None)])
def test_cards_are_read_as_rank_and_suit(text: str, card: str | None) -> None:
    assert cards.parse_card(text) == card


def test_a_player_with_the_suit_led_must_follow_it() -> None:
    """Rule 3: "each player must play a card from eir hand of the same suit as the card
    led, if e has one; if not, e may play any card from eir hand"."""
    hand = ["AS", "2H", "9H", "KD"]
    assert cards.legal_plays(hand, "H") == ["2H", "9H"]
    assert cards.legal_plays(hand, "C") == hand
    # "The player who leads a trick begins it by playing any card": spades too, at
    # any time (the text has no "spades broken").
    assert cards.legal_plays(hand, None) == hand


def test_the_highest_spade_wins_else_the_highest_of_the_suit_led() -> None:
    """Rule 3: "The player who played the highest Spade played to a trick wins the
    trick, if any Spade was played; otherwise the player who played the highest card
    of the suit led wins the trick"."""
    assert cards.trick_winner([("a", "KH"), ("b", "AH"), ("c", "2S"), ("d", "3S")]) == "d"
    assert cards.trick_winner([("a", "KH"), ("b", "AD"), ("c", "2H"), ("d", "QH")]) == "a"
    assert cards.trick_winner([("a", "5C"), ("b", "AD"), ("c", "AH"), ("d", "4C")]) == "a"
    assert cards.trick_winner([("a", "2S"), ("b", "AS"), ("c", "AH"), ("d", "KS")]) == "b"


@given(st.permutations(cards.deck()))
def test_a_trick_is_won_by_one_of_its_players_by_a_card_that_can_win(deck: list[str]) -> None:
    played = list(zip("abcd", deck[:4], strict=True))
    winner = cards.trick_winner(played)
    card = dict(played)[winner]
    spades = [c for _p, c in played if cards.suit(c) == "S"]
    if spades:
        assert card == max(spades, key=cards.rank)
    else:
        assert cards.suit(card) == cards.suit(played[0][1])


def test_the_highest_bidder_leads_the_first_in_a_tie() -> None:
    """Rule 3: "The player who made the highest bid (the first player who made it, in
    case of a tie) leads to the first trick"."""
    assert cards.leader_of_bids([("a", 3), ("b", 5), ("c", 5), ("d", 0)]) == "b"
    assert cards.leader_of_bids([("a", 0), ("b", 0), ("c", 0), ("d", 0)]) == "a"


def test_a_team_that_makes_its_bid_scores_ten_times_it_and_one_a_trick_over() -> None:
    """Rule 4: bids 3 + 2 = 5, tricks 4 + 3 = 7: "10 times the bid" = 50, and "1 and
    one sandbag for each trick in excess of their bid": 2 more, 2 sandbags."""
    scored = cards.score_team({"a": 3, "c": 2}, {"a": 4, "c": 3}, 0)
    assert (scored.total, scored.bags_after) == (52, 2)


def test_a_team_that_falls_short_scores_minus_ten_times_its_bid() -> None:
    """Rule 4: bid 6, took 5: "-10 times the bid" = -60, no sandbags."""
    scored = cards.score_team({"a": 4, "c": 2}, {"a": 3, "c": 2}, 3)
    assert (scored.total, scored.bags_after) == (-60, 3)


def test_a_team_bid_of_ten_or_more_counts_double() -> None:
    """Rule 4: bid 6 + 5 = 11 made with 12: "20 times the bid if it was 10 or more"
    = 220, and 1 for the trick over; bid 10 with 9 tricks: "-20 times the bid" = -200."""
    assert cards.score_team({"a": 6, "c": 5}, {"a": 7, "c": 5}, 0).total == 221
    assert cards.score_team({"a": 5, "c": 5}, {"a": 5, "c": 4}, 0).total == -200


def test_nil_scores_100_or_minus_100_and_its_tricks_count_for_the_team() -> None:
    """Rule 4: "For each player on the team who bid 0, the team scores 100 if e took no
    tricks, or -100 if e took at least one trick"; the tricks taken by the two players
    are added together, the nil bidder's too. Partner bid 4, took 4, nil took none:
    40 + 100. Nil took 2, partner 4 of 4: 40 + 2 over - 100 = -58, 2 sandbags."""
    made = cards.score_team({"a": 0, "c": 4}, {"a": 0, "c": 4}, 0)
    assert made.total == 140
    failed = cards.score_team({"a": 0, "c": 4}, {"a": 2, "c": 4}, 0)
    assert (failed.total, failed.bags_after) == (-58, 2)


def test_every_tenth_sandbag_scores_minus_100() -> None:
    """Rule 4: "When a team receives their 10th, 20th, 30th, etc. sandbag, they score
    -100". 8 sandbags, bid 4, took 7: 40 + 3, sandbags 9, 10, 11: the 10th is -100.
    19 sandbags and one more: the 20th. 10 sandbags and one more: no penalty."""
    assert cards.score_team({"a": 2, "c": 2}, {"a": 4, "c": 3}, 8).total == 43 - 100
    assert cards.score_team({"a": 2, "c": 2}, {"a": 3, "c": 2}, 19).total == 41 - 100
    assert cards.score_team({"a": 2, "c": 2}, {"a": 3, "c": 2}, 10).total == 41

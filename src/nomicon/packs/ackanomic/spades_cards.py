"""The cards of Spades (Ackanomic rule 1250.15): the deck, following suit, the winner
of a trick and a round's score, as plain functions of plain values.

A card is written as its rank and its suit, ``"QS"`` (the Queen of Spades): ranks
``2`` to ``9``, ``T`` (ten), ``J``, ``Q``, ``K``, ``A``; suits ``S``, ``H``, ``D``,
``C``. ``"10S"`` is read as ``"TS"``. Aces are high, as in Spades played anywhere
(the rule speaks of "the highest card" without ranking them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SPADE = "S"
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
#: The valid bids of Rule 2: 0, 2, 3, ..., 13 (no bid of 1).
VALID_BIDS = (0, *range(2, 14))
TRICKS = 13


def deck() -> list[str]:
    """The 52 cards of a standard deck without the optional cards (the Jokers), in a
    fixed order (suit by suit, low to high) that the shuffle draws from."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def parse_card(text: str) -> str | None:
    """The card ``text`` names (``"qs"``, ``"10h"``), or None if it names none."""
    cleaned = text.strip().upper().replace("10", "T")
    if len(cleaned) == 2 and cleaned[0] in RANKS and cleaned[1] in SUITS:
        return cleaned
    return None


def suit(card: str) -> str:
    return card[1]


def rank(card: str) -> int:
    """2 for a two ... 14 for an Ace."""
    return RANKS.index(card[0]) + 2


def sort_hand(cards: Iterable[str]) -> list[str]:
    """A hand in the order players read it: suit by suit, high to low."""
    return sorted(cards, key=lambda card: (SUITS.index(suit(card)), -rank(card)))


def legal_plays(hand: Sequence[str], led: str | None) -> list[str]:
    """The cards of ``hand`` that may be played to a trick whose card led has suit
    ``led`` (None: the player leads, and any card may be played). Rule 3: "each
    player must play a card from eir hand of the same suit as the card led, if e has
    one; if not, e may play any card from eir hand". Spades may be led at any time."""
    if led is None:
        return list(hand)
    following = [card for card in hand if suit(card) == led]
    return following or list(hand)


def trick_winner(cards: Sequence[tuple[str, str]]) -> str:
    """Who wins a trick of ``(player, card)`` in the order played (the first led).
    Rule 3: "The player who played the highest Spade played to a trick wins the
    trick, if any Spade was played; otherwise the player who played the highest card
    of the suit led wins the trick." """
    led = suit(cards[0][1])
    spades = [(player, card) for player, card in cards if suit(card) == SPADE]
    candidates = spades or [(player, card) for player, card in cards if suit(card) == led]
    return max(candidates, key=lambda played: rank(played[1]))[0]


def leader_of_bids(bids: Sequence[tuple[str, int]]) -> str:
    """Who leads the first trick: "the player who made the highest bid (the first
    player who made it, in case of a tie)"; ``bids`` in the order they were made."""
    best = max(bid for _player, bid in bids)
    return next(player for player, bid in bids if bid == best)


@dataclass(frozen=True)
class TeamScore:
    """How a team scored a round (Rule 4)."""

    bid: int
    tricks: int
    contract: int  # the score for the bid: 10 (or 20) times it, or minus that
    overtricks: int  # the points (and sandbags) for tricks beyond the bid
    nil: int  # +100 or -100 for each player who bid 0
    bag_penalty: int  # -100 for each 10th, 20th... sandbag received this round
    bags_after: int  # the team's sandbags after this round

    @property
    def total(self) -> int:
        return self.contract + self.overtricks + self.nil + self.bag_penalty


def score_team(bids: Mapping[str, int], tricks: Mapping[str, int], bags_before: int,
               *, bonus_from: int = 10, nil_value: int = 100, bag_every: int = 10,
               bag_penalty: int = 100) -> TeamScore:
    """Rule 4 for one team whose players made ``bids`` and took ``tricks``.

    "The bids the two players won are added together, as are the number of tricks
    taken by the two players. If they took fewer tricks than their bid, they score
    -10 times the bid (-20 times the bid if the bid was 10 or more); otherwise they
    score 10 times the bid (20 times the bid if it was 10 or more), and in addition,
    they score 1 and get one sandbag for each trick in excess of their bid. For each
    player on the team who bid 0, the team scores 100 if e took no tricks, or -100 if
    e took at least one trick. When a team receives their 10th, 20th, 30th, etc.
    sandbag, they score -100."
    """
    bid = sum(bids.values())
    took = sum(tricks.values())
    per_trick = 20 if bid >= bonus_from else 10
    contract = -per_trick * bid if took < bid else per_trick * bid
    over = max(took - bid, 0)
    nil = sum(nil_value if tricks[player] == 0 else -nil_value
              for player, made in bids.items() if made == 0)
    after = bags_before + over
    # Each multiple of ``bag_every`` passed this round is a 10th, 20th... sandbag.
    crossed = after // bag_every - bags_before // bag_every
    return TeamScore(bid=bid, tricks=took, contract=contract, overtricks=over, nil=nil,
                     bag_penalty=-bag_penalty * crossed, bags_after=after)

"""Cross-check Nomicon's Spades (Ackanomic rule 1250.15) against OpenSpiel's ``spades``.

    python benchmarks/spades_crosscheck.py [--deals 200] [--seed 1]

Each deal is one round of a Nomicon game of the ``ackanomic-spades`` pack, dealt by
Nomicon's dice; the same hands are dealt in OpenSpiel (its chance outcomes deal the
i-th card to player i mod 4, so the hands are interleaved), with Nomicon's players 1
to 4 as OpenSpiel's North, East, South and West (teams 1 and 2 are North/South and
East/West in both). The same bids and the same cards are played in both, and the
winner of each trick is compared.

Where the two texts agree, the cards are played in both; where they differ, that part
is left out, and the script says how often it was:

- **The first lead.** 1250.15: "The player who made the highest bid (the first player
  who made it, in case of a tie) leads to the first trick". OpenSpiel: North (player
  0) always leads. So the bids are drawn with player 1's bid the highest (player 1
  bids first, so a tie is theirs too), which makes player 1 lead in both.
- **Bids.** 1250.15 has no bid of 1 ("The valid bids are 0, 2, 3, ..."), OpenSpiel
  has; nil is 1250.15's bid of 0. Bids of 1 are never drawn.
- **Spades broken.** OpenSpiel does not let a player lead a Spade before Spades are
  broken (unless they hold nothing else); 1250.15 lets the leader play "any card from
  eir hand". Each card is drawn from the cards both engines allow, and the script
  counts the leads where Nomicon allowed more.
- **Scoring** differs (20 times a team bid of 10 or more, the nil bidder's tricks
  counted for the team, a -100 at every 10th sandbag, no mercy rule and no win bonus
  in 1250.15): scores are not compared, only trick winners and tricks taken.
"""

from __future__ import annotations

import argparse
import random
import sys
from datetime import UTC, datetime
from typing import Any

import nomicon
from nomicon.packs.ackanomic import spades_cards as cards

START = datetime(2024, 1, 1, 12, tzinfo=UTC)
PLAYERS = ("north", "east", "south", "west")
# OpenSpiel's card index is suit * 13 + rank, clubs first; its bids follow the cards:
# 52 is Nil, 53 + k - 1 is a bid of k.
OS_SUITS = "CDHS"
NIL = 52


def os_card(card: str) -> int:
    return OS_SUITS.index(cards.suit(card)) * 13 + cards.rank(card) - 2


def os_bid(tricks: int) -> int:
    return NIL if tricks == 0 else NIL + tricks


def draw_bids(rng: random.Random) -> list[int]:
    """Four bids without a 1, the first the highest (so player 1 leads in both)."""
    bids = [rng.choice([0, 2, 3, 4, 5]) for _ in range(4)]
    bids[0] = max(bids[0], *bids[1:])
    return bids


def one_deal(pyspiel: Any, number: int, rng: random.Random) -> dict[str, int]:
    """Play one round in both engines; counts of what agreed and what was skipped."""
    game = nomicon.new_game("ackanomic-spades", PLAYERS, seed=number, start=START)
    state = game.state.root["spades"]
    seats = list(state["order"])  # Nomicon's players 1 to 4
    hands = {name: list(game.state.root["players"][name]["hand"]) for name in seats}
    theirs = pyspiel.load_game("spades").new_initial_state()
    for j in range(cards.TRICKS):
        for name in seats:
            theirs.apply_action(os_card(hands[name][j]))
    for name, tricks in zip(seats, draw_bids(rng), strict=True):
        game.act(name, "bid", tricks=tricks)
        theirs.apply_action(os_bid(tricks))
    counts = {"tricks": 0, "agreed": 0, "first_lead_agreed": 0, "wider_leads": 0,
              "other_differences": 0, "taken_agreed": 0}
    counts["first_lead_agreed"] = int(
        seats.index(game.state.root["spades"]["expected"]) == theirs.current_player())
    while game.state.root["spades"]["phase"] == "play" and not theirs.is_terminal():
        name = game.state.root["spades"]["expected"]
        actor = seats.index(name)
        if theirs.current_player() != actor:
            break  # the turns disagree: the rest of the deal is not comparable
        ours = [a for a in game.legal_actions(name) if a["name"] == "play"]
        allowed = ours[0]["args"]["card"]["choices"] if ours else []
        both = [card for card in allowed if os_card(card) in set(theirs.legal_actions())]
        if len(both) < len(allowed):
            extra = set(allowed) - set(both)
            leading = not game.state.root["spades"]["played"]
            if leading and all(cards.suit(c) == cards.SPADE for c in extra):
                counts["wider_leads"] += 1
            else:
                counts["other_differences"] += 1
        card = rng.choice(both)
        trick = game.state.root["spades"]["trick"]
        game.act(name, "play", card=card)
        theirs.apply_action(os_card(card))
        if len(game.state.root["spades"]["played"]) == 0:
            # The trick is complete: Nomicon's winner is in its log, OpenSpiel's
            # leads the next trick (or the game is over after the 13th).
            won = [e for e in game.log if e["type"] == "spades.trick-won"
                   and e["data"]["trick"] == trick][-1]["data"]["winner"]
            counts["tricks"] += 1
            if not theirs.is_terminal():
                counts["agreed"] += int(seats.index(won) == theirs.current_player())
            else:
                # After the 13th trick OpenSpiel names no next leader: with the first
                # twelve agreed, its tricks taken per player say who won the last.
                ours_taken = [game.state.root["spades"]["rounds"][0]["won"][n] for n in seats]
                counts["agreed"] += int(ours_taken == _taken(theirs))
    scored = game.state.root["spades"]["rounds"]
    if scored and theirs.is_terminal():
        ours_taken = [scored[0]["won"][name] for name in seats]
        counts["taken_agreed"] = int(ours_taken == _taken(theirs))
    return counts


def _taken(state: Any) -> list[int]:
    """Tricks taken per player, read from OpenSpiel's text of a finished hand (its
    API gives returns, not tricks)."""
    lines = str(state).splitlines()
    at = lines.index("Tricks taken:")
    return [int(x) for x in lines[at + 3].split()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed (pip install open-spiel, or "
              "benchmarks/setup.sh)", file=sys.stderr)
        return 2
    rng = random.Random(options.seed)
    total: dict[str, int] = {}
    for number in range(options.deals):
        for key, value in one_deal(pyspiel, number, rng).items():
            total[key] = total.get(key, 0) + value
    deals = options.deals
    print(f"deals played in both engines: {deals}")
    print(f"first lead agreed (player 1, the highest bidder / North): "
          f"{total['first_lead_agreed']}/{deals}")
    print(f"trick winners agreed: {total['agreed']}/{total['tricks']} "
          f"({100 * total['agreed'] / max(total['tricks'], 1):.2f}%)")
    print(f"tricks taken per player agreed over whole deals: {total['taken_agreed']}/{deals}")
    print(f"plays where 1250.15 allowed more cards than OpenSpiel (a Spade led before "
          f"Spades were broken), left out: {total['wider_leads']}")
    print(f"plays where the legal cards differed otherwise: {total['other_differences']}")
    print("scores not compared: the scoring texts differ (see the module's docstring)")
    agreed = total["agreed"] == total["tricks"] and not total["other_differences"]
    return 0 if agreed else 1


if __name__ == "__main__":
    sys.exit(main())

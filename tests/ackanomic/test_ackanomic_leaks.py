"""No sealed or private thing of Ackanomic's games leaks (issue 16, item 10), through
any interface a player has: the API's views, log, legal actions and prompts, a preview
of an amendment (a what-if), the export, the web pages (the pack's own among them), a
refusal's message, and the reply to an action, replayed by its idempotency key.

- Fictionary 2): the definitions go "to the Brainiac via private e-mail": before the
  list no other player reads one; 3) the Brainiac's "substantially similar" judgement
  is the Brainiac's; 3c) the list has no names.
- Game of Pure Skill 4b): the bids are sealed until the round resolves.
- Spades 6): "nobody is allowed to reveal to anybody what cards any player has".

(The views and logs of Fictionary, and the Spades page and export, have tests of their
own in the children's folders; these walk every interface.)"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ackgames import REGISTRY, START
from fastapi import FastAPI

from nomicon.server import Settings, create_app
from server.support import FAST_HASHER, PASSWORD, Api, Clock, TestClient, log_in, site_of
from server.test_server_security import api_routes, fill

QUIRE = ("A collection of twenty-four sheets of paper of the same size and quality, "
         "unfolded or having a single fold; one twentieth of a ream.")
# Definitions no rule text quotes, each with a mark the search below finds.
BOGUS = {name: f"A zqx{i} sort of heron." for i, name in
         enumerate(("alice", "bob", "carol", "dave", "erin"))}
MARK = re.compile(r"zqx\d")
TABS = ("", "/players", "/rules", "/proposals", "/history", "/history?rolls=true",
        "/prompts")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    application = create_app(f"sqlite:///{tmp_path / 'web.db'}", registry=REGISTRY,
                             clock=Clock(START), hasher=FAST_HASHER,
                             settings=Settings(tick_seconds=None, poll_seconds=0.05))
    yield application
    site_of(application).store.close()


def seated(app: FastAPI, pack: str, players: list[str], **params: Any
           ) -> tuple[str, dict[str, Api]]:
    """A game of ``pack`` with an account and an API token for each player."""
    site = site_of(app)
    made = site.service.create(pack, players, seed=7, params=params or None)
    client = TestClient(app)
    apis = {}
    for name in players:
        user = site.accounts.sign_up(name, PASSWORD)
        site.accounts.seat(made.id, user, "player", name)
        apis[name] = Api(client, name, site.accounts.new_token(user))
    return made.id, apis


def everything_for(app: FastAPI, api: Api, game: str, repeal: int) -> Iterator[tuple[str, str]]:
    """The text of every answer ``api``'s player can get about the game: every GET of
    the API, the export, a preview of repealing rule ``repeal`` (the rule that keeps the
    secret), and every page of the game, the pack's own with them."""
    for method, path in api_routes(app):
        if method != "GET" or "{game_id}" not in path or path.endswith("/live"):
            continue
        url = fill(path, game)
        response = api.get(url)
        assert response.status_code < 500, url
        yield url, response.text
    yield "log with rolls", api.get(f"/api/games/{game}/log?rolls=true").text
    yield "export", json.dumps(site_of(app).service.export_game(game, viewer=api.name))
    preview = api.post(f"/api/games/{game}/preview",
                       {"amendment": [{"op": "repeal", "rule": repeal}]})
    assert preview.status_code == 200, preview.text
    yield "preview", preview.text
    browser = log_in(app, api.name)
    with site_of(app).service.reading(game) as played:
        slugs = [page.slug for page in played.pack.pages]
    for tab in (*TABS, *(f"/pages/{slug}" for slug in slugs)):
        page = browser.client.get(f"/games/{game}{tab}")
        assert page.status_code == 200, tab
        yield tab or "board page", page.text


def keyed(api: Api, game: str, key: str, action: str, **args: Any) -> str:
    """The reply to ``action`` sent with idempotency key ``key`` (a success)."""
    answer = api.client.post(f"/api/games/{game}/actions",
                             json={"action": action, "args": args},
                             headers={**api.headers, "Idempotency-Key": key})
    assert answer.status_code == 200, answer.text
    return answer.text


def refusal(api: Api, game: str, action: str, **args: Any) -> str:
    answer = api.act(game, action, **args)
    assert 400 <= answer.status_code < 500, answer.text
    return answer.text


# -- Fictionary ----------------------------------------------------------------------------
def test_fictionarys_definitions_and_judgement_reach_no_other_player(app: FastAPI) -> None:
    players = ["alice", "bob", "carol", "dave", "erin"]
    game, apis = seated(app, "ackanomic-fictionary", players)
    with site_of(app).service.reading(game) as played:
        brainiac = played.state.root["fictionary"]["brainiac"]
    bluffers = [p for p in players if p != brainiac]
    assert apis[brainiac].act(game, "ing-word", word="quire", definition=QUIRE).status_code \
        == 200
    first, *rest = bluffers
    keyed(apis[first], game, "def-1", "define", text=BOGUS[first])
    # The last Bluffer's definition opens the Brainiac's private prompt, whose options
    # are every definition: its reply shows the last Bluffer their own only.
    replies = {}
    for bluffer in rest:
        replies[bluffer] = keyed(apis[bluffer], game, "d", "define", text=BOGUS[bluffer])
    for bluffer, text in replies.items():
        assert set(MARK.findall(text)) <= set(MARK.findall(BOGUS[bluffer])), bluffer
    # The same request again (its key): the same reply, nobody else's definition.
    again = keyed(apis[rest[-1]], game, "d", "define", text=BOGUS[rest[-1]])
    assert again == replies[rest[-1]]
    # Another account's same key is its own key: it replays nothing of first's reply
    # (here a fresh request, which is refused: rest[0] has defined already).
    stolen = apis[rest[0]].client.post(
        f"/api/games/{game}/actions", json={"action": "define", "args": {"text": "x"}},
        headers={**apis[rest[0]].headers, "Idempotency-Key": "def-1"})
    assert stolen.status_code >= 400 and not MARK.search(stolen.text)
    # Before the Brainiac's judgement: the list is not out. Walk every interface.
    for viewer in bluffers:
        own = set(MARK.findall(BOGUS[viewer]))
        messages = [refusal(apis[viewer], game, "define", text="A second try."),
                    refusal(apis[viewer], game, "vote", number=1),
                    refusal(apis[viewer], game, "choose-many", options=[])]
        for where, text in [*everything_for(app, apis[viewer], game, 42),
                            *(("refusal", m) for m in messages)]:
            assert set(MARK.findall(text)) <= own, f"{viewer} reads another's in {where}"
            assert QUIRE not in text, f"{viewer} reads the Actual Definition in {where}"
    # The Brainiac judges rest[0]'s substantially similar (3b): that Bluffer's removal
    # is announced, but their definition is "removed from play", and the list names
    # nobody: no answer pairs another Bluffer with a definition.
    answer = apis[brainiac].act(game, "choose-many", options=[rest[0]])
    assert answer.status_code == 200, answer.text
    with site_of(app).service.reading(game) as played:
        assert played.state.root["fictionary"]["list"]  # the list is out
    removed = set(MARK.findall(BOGUS[rest[0]]))
    for viewer in [b for b in bluffers if b != rest[0]]:
        for where, text in everything_for(app, apis[viewer], game, 43):
            assert not set(MARK.findall(text)) & removed, (viewer, where)
            found = json.loads(text) if text.startswith(("{", "[")) else None
            for other in bluffers:
                if other != viewer:
                    assert not _pairs(found, other), f"{viewer} reads {other}'s in {where}"


def _pairs(found: Any, name: str) -> bool:
    """Whether some object of a JSON answer holds ``name`` beside a definition."""
    if isinstance(found, dict):
        values = [v for v in found.values() if isinstance(v, str)]
        if name in values and any(MARK.search(v) for v in values):
            return True
        return any(_pairs(v, name) for v in found.values())
    if isinstance(found, list):
        return any(_pairs(v, name) for v in found)
    return False


# -- Game of Pure Skill ----------------------------------------------------------------------
def test_a_sealed_bid_reaches_no_other_player_until_the_round_resolves(app: FastAPI) -> None:
    players = ["alice", "bob", "carol"]
    game, apis = seated(app, "ackanomic-goofspiel", players)
    with site_of(app).service.reading(game) as played:
        root = played.state.root
        hand = root["players"]["alice"]["hand"]
        # 4e) Bidding, the rule that seals the bids.
        bids_rule = next(r["number"] for r in root["rules"].values()
                         if r["class"].endswith("/pure-skill-bidding"))
    bid = hand[-1]
    keyed(apis["alice"], game, "b", "bid", card=bid)
    with site_of(app).service.reading(game) as played:
        sealed = played.state.root["steps"]["pure-skill-bids"]["submissions"]
    for viewer in ("bob", "carol"):
        texts = [*everything_for(app, apis[viewer], game, bids_rule),
                 ("refusal", refusal(apis[viewer], game, "bid", card=99))]
        for where, text in texts:
            found = json.loads(text) if text.startswith(("{", "[")) else None
            assert not _holds_bid(found, "alice"), f"{viewer} reads alice's bid in {where}"
            assert f"alice bids {bid}" not in text and f"alice bid {bid}" not in text, where
    # The bid is held by the kernel's sealed step, whose submissions the search reads.
    assert sealed == {"alice": bid}


def _holds_bid(found: Any, bidder: str) -> bool:
    """Whether a JSON answer holds ``bidder``'s sealed submission."""
    if isinstance(found, dict):
        subs = found.get("submissions")
        if isinstance(subs, dict) and bidder in subs:
            return True
        return any(_holds_bid(v, bidder) for v in found.values())
    if isinstance(found, list):
        return any(_holds_bid(v, bidder) for v in found)
    return False


# -- Spades ---------------------------------------------------------------------------------
def test_a_spades_hand_reaches_no_other_player(app: FastAPI) -> None:
    players = ["alice", "bob", "carol", "dave"]
    game, apis = seated(app, "ackanomic-spades", players)
    with site_of(app).service.reading(game) as played:
        hands = {p: set(played.state.root["players"][p]["hand"]) for p in players}
        # Rule 6, Miscellaneous: "nobody is allowed to reveal ... what cards any player
        # has".
        hiding = next(int(r["number"]) for r in played.state.root["rules"].values()
                      if r["title"] == "Miscellaneous")
    card = re.compile(r"\b[2-9TJQKA][SHDC]\b")
    for viewer in ("bob", "carol"):
        others = set().union(*(h for p, h in hands.items() if p != viewer)) - hands[viewer]
        # A card the viewer names themselves is echoed in its refusal: no other is.
        typed = sorted(others)[0]
        texts = [*everything_for(app, apis[viewer], game, hiding),
                 ("refusal", refusal(apis[viewer], game, "play", card=typed))]
        for where, text in texts:
            leaked = set(card.findall(text)) & others - ({typed} if where == "refusal"
                                                         else set())
            assert not leaked, f"{viewer} reads {sorted(leaked)} in {where}"

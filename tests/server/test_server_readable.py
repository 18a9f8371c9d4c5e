"""Issue 20, item 3: readable everywhere. Every installed pack is played a few actions
by random bots, then every page a player looks at (the board, the history, the
players, the rules, the proposals, the prompts and the pack's own pages) and every
line of the history (web and CLI) is read as text: no raw YAML, JSON or Python repr,
no internal names, and plurals that agree with their numbers."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi import FastAPI
from rich.console import Console

from nomicon.cli import render
from nomicon.display import counted, goods
from nomicon.kernel.errors import ActionError
from nomicon.kernel.pack import installed
from nomicon.sayings import say, story
from nomicon.sim.bots import RandomBot

from .support import PASSWORD, Clock, log_in, make_app, site_of

PACKS = tuple(sorted(pack.id for pack in installed()))
TABS = ("", "history", "players", "rules", "proposals", "prompts")
WORDED = ("rules", "proposals")
STEPS = 25
# What shows that a structure was printed as it is stored rather than said in words.
RAW = {
    "a Python dict or list of text": re.compile(r"[{\[]'"),
    "a JSON or YAML key": re.compile(r"""['"]\w+['"]?: """),
    "a YAML list of records": re.compile(r"^\s*- \w+: ", re.M),
    "a Python constant": re.compile(r"\b(None|True|False)\b"),
    "an empty structure": re.compile(r"(?<![\w(])(\{\}|\[\])"),
}
# An internal name: words joined by underscores, or a timer's key (ping:carol).
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\(\w+:\w+\)")
UNITS = "points?|dollars?|flutes?|houses?|Gamepoints?"
WRONG_PLURAL = re.compile(rf"(?<![\d.])(1 ({UNITS.replace('s?', 's')})\b"
                          rf"|(?<![\d.])([02-9]|\d\d+) ({UNITS.replace('s?', '')})\b(?!s))")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    path: Path = tmp_path_factory.mktemp("readable") / "web.db"
    application = make_app(f"sqlite:///{path}", Clock())
    yield application
    site_of(application).store.close()


def played(app: FastAPI, pack: str) -> str:
    """A game of ``pack`` with alice, bob and carol (more when the pack needs them),
    played ``STEPS`` actions by random bots; alice has an account seated as a player."""
    site = site_of(app)
    least, _ = (site.service.registry or installed()).pack(pack).players
    players = ["alice", "bob", "carol", "dave", "erin"][:max(3, least)]
    game = site.service.create(pack, players, seed=7)
    account = site.accounts.user_named("alice") or site.accounts.sign_up("alice", PASSWORD)
    site.accounts.seat(game.id, account, "player", "alice")
    rng = random.Random(pack)
    bot = RandomBot(rng)
    when = site.service.open(game.id).clock
    for _ in range(STEPS):
        current = site.service.open(game.id)
        if current.is_over:
            break
        when = max(when, current.clock) + timedelta(minutes=rng.choice([1, 5, 61]))
        actor = rng.choice(players)
        move = bot.choose(current, actor)
        if move is None:
            continue
        try:
            site.service.act(game.id, move.actor, move.name, move.args, at=when)
        except ActionError:
            continue  # a refused move changes nothing; the bot tries another
    return game.id


def text_of(html: str) -> str:
    """What a reader sees of a page: its text, without tags, scripts and styles."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<[^>]+>", "\n", html)
    return re.sub(r"&#39;|&#x27;", "'", re.sub(r"&quot;|&#34;", '"', html))


def problems(where: str, text: str, *, names: bool = False) -> list[str]:
    found = [f"{where}: {what}: {m.group(0)!r} in {_around(text, m.start())!r}"
             for what, pattern in RAW.items() for m in pattern.finditer(text)]
    found += [f"{where}: wrong plural {m.group(0)!r} in {_around(text, m.start())!r}"
              for m in WRONG_PLURAL.finditer(text)]
    if names:
        found += [f"{where}: internal name {m.group(0)!r} in {_around(text, m.start())!r}"
                  for m in INTERNAL.finditer(text)]
    return found


def _around(text: str, at: int) -> str:
    return " ".join(text[max(0, at - 60): at + 60].split())


@pytest.mark.parametrize("pack", PACKS)
def test_no_page_or_history_line_shows_raw_structures(app: FastAPI, pack: str) -> None:
    game = played(app, pack)
    alice = log_in(app, "alice")
    found: list[str] = []
    with site_of(app).service.reading(game) as stored:
        slugs = [f"pages/{page.slug}" for page in stored.pack.pages]
        entries = stored.log_for("alice")
    for tab in (*TABS, *slugs):
        response = alice.client.get(f"/games/{game}/{tab}".rstrip("/"))
        assert response.status_code == 200, (tab, response.status_code)
        # The rules and proposals pages show the rules' own texts, which are the
        # seeds' words ("Cool down time: None"; "None of these pieces has the abilities
        # of a player"), and so do a pack's own pages of its rules and proposals (the
        # report Nomopoly II publishes): there, words that read like a key or a
        # constant are the rule's, and only structures are looked for.
        text = text_of(response.text)
        worded = tab.rsplit("/", 1)[-1] in WORDED
        found += problems(tab or "board", text) if not worded else [
            p for p in problems(tab, text) if "constant" not in p and "key" not in p]
    lines = story(entries)
    assert lines, "the history tells nothing"
    for line in lines:
        found += problems(f"history #{line.seq}", f"{line.who} {line.what}", names=True)
    out = Console(width=200, record=True, file=io.StringIO())
    render.log(out, entries)
    found += problems("nomicon log", out.export_text(), names=True)
    assert not found, "\n".join(found[:20])


def test_the_history_tells_each_action_once_with_its_player() -> None:
    """alice rolls: the history says what the roll did, not also 'alice: roll'; bob's
    turn begins when alice's ends, and the line is bob's."""
    from datetime import UTC, datetime

    from nomicon.kernel.engine import Game

    game = Game.create("infinite-nomic-r7", start=datetime(2020, 1, 1, tzinfo=UTC),
                       players=["alice", "bob"], secret=b"s" * 32)
    before = game.log[-1]["seq"]
    game.act("alice", "roll")
    game.advance(game.clock + timedelta(days=2))  # her turn passes (Rule 4's timer)
    lines = [line for line in story(game.log_for("alice")) if line.seq > before]
    assert not [line for line in lines if line.type in ("action", "timer.fired")]
    began = [line for line in lines if line.type == "turn.began"]
    assert began and all(line.who == line.what.split("'")[0] for line in began)
    assert any(line.who == "bob" for line in began)


@pytest.mark.parametrize(("number", "unit", "said"), [
    (1, "points", "1 point"), (3, "points", "3 points"), (0, "points", "0 points"),
    (1, "flute", "1 flute"), (2, "flute", "2 flutes"), (5, "$", "$5"),
    (1, "Gamepoint", "1 Gamepoint"), (-1, "points", "-1 point")])
def test_amounts_agree_with_their_numbers(number: int, unit: str, said: str) -> None:
    assert counted(number, unit) == said


def test_what_a_trade_moves_is_said_in_words() -> None:
    assert goods({}) == "nothing"
    assert goods({"flute": 3}) == "3 flutes"
    assert goods({"house": 2, "points": 1}) == "2 houses and 1 point"


@pytest.mark.parametrize(("entry", "said"), [
    ({"type": "transfer", "message": "alice -> outside: 1 points (did not ping)",
      "data": {"source": "alice", "target": None, "amount": 1, "currency": "points",
               "reason": "did not ping"}}, "alice pays 1 point (did not ping)"),
    ({"type": "transfer", "message": "escrow:market:public:1 -> bob: 153 dollars (retracted)",
      "data": {"source": "escrow:market:public:1", "target": "bob", "amount": 153,
               "currency": "dollars", "reason": "retracted"}},
     "the escrow pays bob 153 dollars (retracted)"),
    ({"type": "proposal.failed", "message": "#5 fails {'against': 2}",
      "data": {"proposal": 5}}, "#5 fails (2 against)"),
    ({"type": "proposal.failed", "message": "#1 fails {}", "data": {"proposal": 1}},
     "#1 fails (no votes)"),
    ({"type": "trade.offered", "message": "carol offers bob {} for {'flute': 3}",
      "data": {"offer": 2, "player": "carol", "target": "bob"}},
     "carol offers bob nothing for 3 flutes"),
    ({"type": "prompt.defaulted", "message": "alice defaulted to 'decline': buy it?",
      "data": {"prompt": 1, "option": "decline", "player": "alice"}},
     "alice defaulted to decline: buy it?"),
    ({"type": "step.resolved", "message": "diplomacy-orders resolved: alice [], bob []",
      "data": {"step": "diplomacy-orders", "submissions": {"alice": [], "bob": ["A Par H"]},
               "defaulted": ["alice"], "tally": None}},
     "diplomacy orders resolved: alice nothing (default), bob A Par H"),
])
def test_a_recorded_message_is_said_in_words(entry: dict[str, object], said: str) -> None:
    """Games recorded before read in words too: the history says these entries from
    their data, whatever their recorded message."""
    assert say({"seq": 1, **entry}) == said

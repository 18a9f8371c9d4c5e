"""Issue 20, item 6: every page of every pack, shot at 1280 and 360 pixels wide.

Each installed pack is played a few actions by random bots; then every page a player
opens (the board, the history, the players, the rules, the proposals, the prompts, the
pack's own pages and the account page) is shot at both widths into the test's folder
(and ``NOMICON_SCREENSHOTS`` when set, for a person to look at). What can be checked
mechanically is: no sideways scrolling of the page at 360 pixels (tables and the board's
drawing scroll inside boxes of their own), no text running out of its box, every image
loaded and no error in the console.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from nomicon.kernel.errors import ActionError
from nomicon.kernel.pack import installed
from nomicon.sim.bots import RandomBot

from .browserkit import Server, log_in, serve, shoot
from .support import PASSWORD, make_app, site_of

pytest.importorskip("playwright.sync_api")

PACKS = tuple(sorted(pack.id for pack in installed()))
TABS = ("", "history", "players", "rules", "proposals", "prompts")
WIDTHS = (1280, 360)
STEPS = 12

# Run in the page: the boxes whose text runs out of them. An element counts when it
# holds text of its own, shows what overflows (overflow: visible) and its content is
# wider than its box; anything inside a box meant to scroll sideways (a table's scroll
# container, a code block) or inside the board's drawing is left alone, since there
# scrolling is the design.
OVERFLOWING = """() => {
  const scrolls = (el) => {
    for (let up = el; up && up !== document.body; up = up.parentElement) {
      if (up instanceof SVGElement) return true;
      const x = getComputedStyle(up).overflowX;
      if (x === 'auto' || x === 'scroll') return true;
    }
    return false;
  };
  const found = [];
  for (const el of document.body.querySelectorAll('*')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.clientWidth === 0 || scrolls(el)) continue;
    const style = getComputedStyle(el);
    if (style.overflowX !== 'visible' || style.position === 'absolute') continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      found.push(`<${el.tagName.toLowerCase()} class="${el.className}">`
                 + ` ${el.scrollWidth}px in ${el.clientWidth}px: `
                 + el.textContent.trim().slice(0, 60));
    }
  }
  return found;
}"""
BROKEN_IMAGES = """() => [...document.images]
  .filter(img => !img.complete || img.naturalWidth === 0).map(img => img.src)"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("screens") / "web.db"
    with serve(make_app(f"sqlite:///{db}", poll_seconds=0.2)) as running:
        yield running


def played(server: Server, pack: str) -> tuple[str, list[str]]:
    """A game of ``pack`` played ``STEPS`` actions by random bots, with an account for
    alice seated as a player; its id and the paths of its pages."""
    site = site_of(server.app)
    least, _ = installed().pack(pack).players
    players = ["alice", "bob", "carol", "dave", "erin"][:max(3, least)]
    game = site.service.create(pack, players, seed=11)
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
        move = bot.choose(current, rng.choice(players))
        if move is None:
            continue
        try:
            site.service.act(game.id, move.actor, move.name, move.args, at=when)
        except ActionError:
            continue  # a refused move changes nothing; the bot tries another
    with site.service.reading(game.id) as stored:
        slugs = [f"pages/{page.slug}" for page in stored.pack.pages]
    paths = [f"/games/{game.id}/{tab}".rstrip("/") for tab in (*TABS, *slugs)]
    return game.id, [*paths, "/account"]


def shot_name(pack: str, path: str, width: int) -> str:
    tail = path.split("/", 3)[3] if path.startswith("/games/") and path.count("/") > 2 else ""
    page = tail.replace("pages/", "own-").replace("/", "-") or (
        "board" if path.startswith("/games/") else path.strip("/"))
    return f"{pack}-{page}-{width}"


@pytest.mark.parametrize("pack", PACKS)
def test_every_page_fits_both_widths(new_page: Callable[..., Any], server: Server,
                                     tmp_path: Path, pack: str) -> None:
    game, paths = played(server, pack)
    shots = tmp_path / "screenshots"
    shots.mkdir()
    found: list[str] = []
    for width in WIDTHS:
        page = new_page(width=width)
        log_in(page, "alice")
        for path in paths:
            response = page.goto(path)
            assert response is not None and response.status == 200, (path, response)
            page.wait_for_load_state("load")
            name = shot_name(pack, path, width)
            shoot(page, name, shots)
            wide = page.evaluate("document.documentElement.scrollWidth")
            if wide > width + 1:
                found.append(f"{name}: the page is {wide}px wide")
            found += [f"{name}: text overflows {what}" for what in page.evaluate(OVERFLOWING)]
            found += [f"{name}: image not loaded {src}" for src in page.evaluate(BROKEN_IMAGES)]
        found += [f"{pack} at {width}px: console: {problem}" for problem in page.problems]
    assert game and len(list(shots.glob("*.png"))) == len(paths) * len(WIDTHS)
    assert not found, "\n".join(found[:30])

"""Random play under watch: the checks every pack's games must pass after every step.

A :class:`Watch` follows one game. After each step it takes the log's new events,
checks that they are numbered without gaps and hash-chained, folds their ops into a
shadow state of its own, and compares the shadow with the live state: the state is
a fold of the log, so the two must be equal. They are compared as values after
every step, and as JSON text (key order and JSON types, which ``==`` does not see:
rules iterate dicts in order, and JSON tells ``1`` from ``true``) every tenth step,
after every refusal and at the end. It also collects the pack's invariant failures.

A refused action is judged against the shadow, which is the state before it: the
refusal must leave no event in the log and the live state equal to the shadow.

:func:`play_watched` plays a game for a number of steps with the random bot, mixing
in malformed and out-of-place actions that must be refused without changing
anything, then rebuilds the game from its log and plays both on side by side; it
records every problem by kind in a :class:`Findings`. The tests assert that each
kind is empty.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from typing import Any

from mechpack import MechanismPack
from secretpack import SecretPack

import nomicon
from nomicon.kernel.engine import Game, event_hash
from nomicon.kernel.errors import ActionError, RuleError
from nomicon.kernel.pack import Registry
from nomicon.kernel.seats import NOT_OFFERED
from nomicon.kernel.state import fold
from nomicon.sim.bots import Move, Outcome, RandomBot, step

START = datetime(2020, 1, 1, 12, tzinfo=UTC)
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
OUTSIDER = "mallory"  # never a player
STEPS = 2000
SEEDS = (1, 2, 3)
REGISTRY: Registry = nomicon.registry().with_pack(SecretPack()).with_pack(MechanismPack())
INSTALLED = tuple(sorted(pack.id for pack in nomicon.registry()))
# Every installed pack, and the suite's own packs of secrets and of mechanisms.
PACKS = (*INSTALLED, SecretPack.id, MechanismPack.id)
# How many problems of one kind a report keeps (the count says how many there were).
KEEP = 12
# The chance that a step is followed by an action that is malformed or out of place.
PROBE_CHANCE = 0.25
# How often the shadow state is compared as JSON text, not only as values.
EXACT_EVERY = 10
# Steps that a game and its copy rebuilt from the log play on side by side.
PLAY_ON = 150
# How many players "many" is, for a pack whose rules set no maximum.
MANY = 8


def sizes(pack_id: str, registry: Registry = REGISTRY) -> tuple[int, ...]:
    """The numbers of players to play a pack with: its minimum, its maximum (or MANY
    when it has none) and one between."""
    least, most = registry.pack(pack_id).players
    top = most if most is not None else max(least, MANY)
    return tuple(sorted({least, (least + top) // 2, top}))


def names(count: int) -> list[str]:
    """The first ``count`` player names (NAMES, then player-9, player-10...)."""
    more = (f"player-{n}" for n in range(len(NAMES) + 1, count + 1))
    return [*NAMES, *more][:count]


def players_for(seed: int) -> list[str]:
    """Three players for odd seeds, four for even ones."""
    return list(NAMES[: 3 + (seed + 1) % 2])


def new_game(pack_id: str, seed: int, players: list[str] | None = None, *,
             registry: Registry = REGISTRY) -> Game:
    return nomicon.new_game(pack_id, players=players_for(seed) if players is None else players,
                            seed=seed, start=START, game_id=f"conformance-{seed}",
                            registry=registry)


def as_json(value: Any) -> str:
    """JSON text of a state or view, in its own key order; raises on non-JSON values."""
    return json.dumps(value, allow_nan=False, ensure_ascii=False)


def first_difference(expected: Any, actual: Any, path: str = "") -> str:
    """Where two JSON trees first differ, for messages."""
    where = path or "<root>"
    if type(expected) is not type(actual):
        return f"at {where}: {expected!r:.80} ({type(expected).__name__}) != " \
               f"{actual!r:.80} ({type(actual).__name__})"
    if isinstance(expected, dict):
        if list(expected) != list(actual):
            if set(expected) != set(actual):
                return f"at {where}: keys only in the log's state " \
                       f"{sorted(set(expected) - set(actual))}, only in the live state " \
                       f"{sorted(set(actual) - set(expected))}"
            keys, other = list(expected), list(actual)
            first = next(i for i, (a, b) in enumerate(zip(keys, other, strict=True)) if a != b)
            return f"at {where}: the same keys in another order, from key {first}: " \
                   f"{keys[first:first + 6]} in the log's state, " \
                   f"{other[first:first + 6]} in the live state"
        for key in expected:
            found = first_difference(expected[key], actual[key], f"{path}.{key}".lstrip("."))
            if found:
                return found
        return ""
    if isinstance(expected, list):
        if len(expected) != len(actual):
            return f"at {where}: {len(expected)} items != {len(actual)} items"
        for index, (a, b) in enumerate(zip(expected, actual, strict=True)):
            found = first_difference(a, b, f"{path}.{index}".lstrip("."))
            if found:
                return found
        return ""
    return "" if expected == actual else f"at {where}: {expected!r:.80} != {actual!r:.80}"


def describe(move: Move) -> str:
    return f"{move.actor} {move.name} {move.args}"


@dataclass
class Kind:
    """The problems of one kind: the first few, and how many there were."""

    title: str
    count: int = 0
    kept: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        self.count += 1
        if len(self.kept) < KEEP:
            self.kept.append(text)

    def __bool__(self) -> bool:
        return self.count > 0

    def report(self) -> str:
        shown = "\n  ".join(self.kept)
        more = f"\n  ... and {self.count - len(self.kept)} more" if self.count > KEEP else ""
        return f"{self.count} {self.title}:\n  {shown}{more}"


@dataclass
class Findings:
    replay: Kind = field(default_factory=lambda: Kind("differences between the live state "
                                                      "and the fold of the log"))
    chain: Kind = field(default_factory=lambda: Kind("breaks in the log's numbering or "
                                                     "hash chain"))
    invariants: Kind = field(default_factory=lambda: Kind("invariant failures"))
    refusals: Kind = field(default_factory=lambda: Kind("refused actions that changed "
                                                        "something"))
    dishonest: Kind = field(default_factory=lambda: Kind("actions listed by legal_actions, "
                                                         "taken as listed, and refused"))
    errors: Kind = field(default_factory=lambda: Kind("internal errors"))


@dataclass
class Tally:
    steps: int = 0
    accepted: int = 0
    refused: int = 0
    probes: int = 0
    probes_accepted: int = 0
    from_choices: int = 0
    ended_at: int | None = None


class Watch:
    """Follows a game's log with a shadow state and the checks of every step."""

    def __init__(self, game: Game, findings: Findings) -> None:
        self.game = game
        self.findings = findings
        self.shadow: dict[str, Any] = {}
        self.seen = 0
        self.compared = 0
        self.check("creation")

    def absorb(self, when: str) -> list[dict[str, Any]]:
        """Check and fold the events committed since the last call; returns them."""
        log = self.game.log
        new = log[self.seen:]
        previous = log[self.seen - 1]["hash"] if self.seen else ""
        for event in new:
            expected = self.seen + 1
            if event.get("seq") != expected:
                self.findings.chain.add(f"{when}: event {event.get('seq')} where {expected} "
                                        f"was due ({event.get('type')})")
            if event.get("hash") != event_hash(previous, event):
                self.findings.chain.add(f"{when}: event {event.get('seq')} "
                                        f"({event.get('type')}) does not chain to the one "
                                        "before it")
            previous = event.get("hash", "")
            if event.get("type") == "timer.failed":
                self.findings.errors.add(f"{when}: {event.get('message')}")
            fold(event.get("ops", ()), self.shadow)
            self.seen += 1
        return new

    def compare(self, when: str, kind: Kind | None = None, *, exact: bool = False) -> bool:
        """Is the live state the fold of the log? Records a difference in ``kind``.

        Values are compared every time; JSON text (key order and types, which
        ``==`` does not see) when ``exact`` and on every EXACT_EVERY-th call, since
        such a difference stays until the value is written again.
        """
        live = self.game.state.root
        self.compared += 1
        same = live == self.shadow
        if same and (exact or self.compared % EXACT_EVERY == 0):
            same = as_json(live) == as_json(self.shadow)
            if not same:
                when += f" (or since the JSON comparison {EXACT_EVERY} checks before)"
        if not same:
            (kind or self.findings.replay).add(f"{when}: {first_difference(self.shadow, live)}")
            self.shadow = copy.deepcopy(live)  # so that later steps are judged on their own
        return same

    def check(self, when: str) -> list[dict[str, Any]]:
        new = self.absorb(when)
        self.compare(when)
        for problem in self.game.invariant_failures():
            self.findings.invariants.add(f"{when}: {problem}")
        return new

    def check_refused(self, when: str, move: Move, head: tuple[int, str]) -> None:
        """A refused move: the log holds no event of it and the state is unchanged
        (timers that fell due before it may have fired; their events are folded)."""
        length, last = head
        log = self.game.log
        if len(log) < length or (length and log[length - 1]["hash"] != last):
            self.findings.refusals.add(f"{when}: refused {describe(move)} rewrote the log")
            return
        for event in log[length:]:
            if event.get("actor") is not None:
                self.findings.refusals.add(
                    f"{when}: refused {describe(move)} left event {event['seq']} "
                    f"({event['type']}) in the log")
        self.absorb(when)
        self.compare(f"{when}: refused {describe(move)}", self.findings.refusals, exact=True)


def head_of(game: Game) -> tuple[int, str]:
    return len(game.log), game.log[-1]["hash"] if game.log else ""


def odd_value(rng: random.Random, spec: dict[str, Any]) -> Any:
    """A value that an argument's schema or choices probably do not allow."""
    kind = spec.get("type")
    options: list[Any] = [None, "no-such-thing", -1, 10**9, 2.5, True, ["x"], {"x": -1}]
    if kind == "int":
        options += [spec.get("minimum", 0) - 1, (spec.get("maximum") or 10**6) + 1, "7"]
    if "choices" in spec:
        options += [f"{c}-not" for c in spec["choices"][:1]]
    return rng.choice(options)


class Prober:
    """Tries actions that are malformed or out of place: unknown names, arguments
    of the wrong type or out of range, missing or extra arguments, other players'
    turns, actors who are not players. Whatever is refused must change nothing."""

    def __init__(self, game: Game, bot: RandomBot, rng: random.Random) -> None:
        self.game = game
        self.bot = bot
        self.rng = rng

    def move(self) -> Move:
        game, rng = self.game, self.rng
        actor = rng.choice([*game.state.root["players"], OUTSIDER])
        # Joining and leaving the game are not moves of it (legal_actions offers
        # neither): a probe that made a player leave would end their part in the play.
        names = [n for n, found in game.ruleset.actions.items()
                 if n not in NOT_OFFERED and not any(decl.admin for _rule, decl in found)]
        name = rng.choice([*names, "no-such-action"])
        specs = self._specs(actor, name)
        args = dict(self.bot.move_for(game, actor, {"name": name, "args": specs}).args)
        for arg, spec in specs.items():
            roll = rng.random()
            if roll < 0.15:
                args.pop(arg, None)
            elif roll < 0.35:
                args[arg] = odd_value(rng, spec)
        if rng.random() < 0.1:
            args["unexpected"] = 1
        return Move(actor, name, args)

    def _specs(self, actor: str, name: str) -> dict[str, Any]:
        for entry in self.game.legal_actions(actor) if actor != OUTSIDER else ():
            if entry["name"] == name:
                specs: dict[str, Any] = entry["args"]
                return specs
        found = self.game.ruleset.actions.get(name)
        if not found:
            return {}
        decl = found[0][1]
        return {arg.name: {"type": arg.type.__name__, "required": arg.required,
                           **({"minimum": arg.minimum} if arg.minimum is not None else {}),
                           **({"maximum": arg.maximum} if arg.maximum is not None else {})}
                for arg in decl.args}


@dataclass
class Played:
    pack: str
    seed: int
    game: Game
    findings: Findings
    tally: Tally


def _act(game: Game, move: Move) -> Outcome:
    try:
        game.act(move.actor, move.name, **move.args)
    except ActionError as exc:
        return Outcome(move, False, str(exc), exc)
    return Outcome(move, True)


def play_watched(pack: str, seed: int, steps: int = STEPS, *, amend: bool = False,
                 registry: Registry = REGISTRY, players: int | None = None) -> Played:
    """Random play with every check after every step (see the module docstring).
    With ``amend`` the players' proposals change the ruleset, enacting rule classes
    from ``registry``. The game has ``players`` players (by default as many as
    ``players_for(seed)``)."""
    game = new_game(pack, seed, None if players is None else names(players),
                    registry=registry)
    findings, tally = Findings(), Tally()
    watch = Watch(game, findings)
    rng = random.Random(f"play:{pack}:{seed}")
    bot = RandomBot(rng, amend=amend)
    prober = Prober(game, bot, random.Random(f"probe:{pack}:{seed}"))
    for number in range(1, steps + 1):
        if game.is_over:
            tally.ended_at = number
            break
        tally.steps = number
        head = head_of(game)
        when = f"step {number}"
        outcome = step(game, bot, rng)
        if outcome is None:
            watch.check(when)
            continue
        when = f"step {number} ({describe(outcome.move)})"
        if outcome.accepted:
            tally.accepted += 1
            watch.check(when)
        else:
            tally.refused += 1
            watch.check_refused(when, outcome.move, head)
        if isinstance(outcome.exception, RuleError):
            findings.errors.add(f"{when}: {outcome.error}")
        elif outcome.move.from_choices:
            tally.from_choices += 1
            if not outcome.accepted:
                findings.dishonest.add(f"{when}: {outcome.error}")
        if prober.rng.random() < PROBE_CHANCE and not game.is_over:
            _probe(game, watch, prober, tally, number)
    rebuilt = Game.rebuild(list(game.log), secret=game.secret, registry=registry)
    for problem in rebuild_differences(game, rebuilt):
        findings.replay.add(f"the game rebuilt from its log after step {tally.steps}: {problem}")
    parting = parting_step(game, rebuilt, f"play-on:{pack}:{seed}", amend=amend)
    if parting:
        findings.replay.add(f"the live game and the one rebuilt from its log, played on "
                            f"alike, part at {parting}")
    watch.check("playing on")
    watch.compare("the end", exact=True)
    return Played(pack, seed, game, findings, tally)


def viewers_of(game: Game) -> list[str]:
    return [*game.state.root["players"], "observer", "admin"]


def rebuild_differences(live: Game, rebuilt: Game) -> list[str]:
    """How a game rebuilt from the log differs from the live one: state, views, and
    what each player may do."""
    problems = []
    if rebuilt.state.root != live.state.root or \
            as_json(rebuilt.state.root) != as_json(live.state.root):
        problems.append(f"state {first_difference(rebuilt.state.root, live.state.root)}")
    for viewer in viewers_of(live):
        if as_json(rebuilt.view(viewer)) != as_json(live.view(viewer)):
            problems.append(f"{viewer}'s view "
                            f"{first_difference(rebuilt.view(viewer), live.view(viewer))}")
    for player in live.state.root["players"]:
        if rebuilt.legal_actions(player) != live.legal_actions(player):
            problems.append(f"{player}'s legal actions {rebuilt.legal_actions(player)} != "
                            f"{live.legal_actions(player)}")
    return problems


def parting_step(live: Game, rebuilt: Game, seed: str, steps: int = PLAY_ON, *,
                 amend: bool = False) -> str | None:
    """Play a live game and its rebuilt copy on with twin bots; the first step at
    which they act or log differently, or None."""
    twins = [(game, RandomBot(random.Random(seed), amend=amend), random.Random(seed))
             for game in (live, rebuilt)]
    for number in range(1, steps + 1):
        tried = []
        for game, bot, rng in twins:
            outcome = None if game.is_over else step(game, bot, rng)
            tried.append(None if outcome is None else (outcome.move, outcome.error))
        if tried[0] != tried[1] or head_of(live) != head_of(rebuilt):
            return f"step {number}: live {tried[0]}, {len(live.log)} events; rebuilt " \
                   f"{tried[1]}, {len(rebuilt.log)} events"
    return None


def _probe(game: Game, watch: Watch, prober: Prober, tally: Tally, number: int) -> None:
    tally.probes += 1
    move = prober.move()
    head = head_of(game)
    when = f"probe after step {number} ({describe(move)})"
    outcome = _act(game, move)
    if isinstance(outcome.exception, RuleError):
        watch.findings.errors.add(f"{when}: {outcome.error}")
    if outcome.accepted:
        tally.probes_accepted += 1
        watch.check(when)
    else:
        watch.check_refused(when, move, head)


@cache
def played(pack: str, seed: int) -> Played:
    """One watched play per pack and seed, shared by the tests that read its findings."""
    return play_watched(pack, seed)


def hashes(log: Iterable[dict[str, Any]]) -> list[str]:
    return [event["hash"] for event in log]

"""What-if: measure what an amendment would change, by matched simulations.

From the current state of a game, ``games`` pairs of simulations are played: in each
pair, one copy plays on under the rules in force (the *baseline*), the other after
the amendment has been applied (*with* it). Both copies of pair ``i`` use the same
dice (a secret derived from the seed and ``i``) and bots seeded alike, so that the
difference within a pair is mostly the amendment's doing (common random numbers).
For every metric (:mod:`nomicon.sim.metrics`) the report gives the mean of the paired
differences and a 95% confidence interval from the normal approximation, mean ±
1.96 × sd / √n, which is sound for the few dozen pairs and more that a what-if plays.

The simulations start from the admin's view of the state (everything, secrets
included) with dice of their own; the game itself, its log and its secret are never
touched. Their measures (each player's balances, the pack's metrics) are computed
from everything, so where the rules in force or the rules with the amendment hide
anything, only the admin may run a what-if (:func:`hidden_from`).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from nomicon.governance import amendments
from nomicon.kernel import events
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.errors import InvalidRuleChange, Refusal
from nomicon.kernel.pack import installed
from nomicon.kernel.views import hides_anything
from nomicon.sim.metrics import measure
from nomicon.sim.runner import Settings, fork_for, play_out, run_parallel

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal distribution
DEFAULT_GAMES = 200
DEFAULT_TURNS = 30


@dataclass(frozen=True)
class _Spec:
    """What every pair of a what-if needs (picklable, sent to the worker processes)."""

    pack: str
    root: dict[str, Any]
    amendment: list[Any]
    turns: int | None
    actions: int | None
    max_steps: int
    seed: int | str
    bots: tuple[tuple[str, str], ...]
    fast: bool = True


def _apply(game: Game, changes: list[amendments.Change]) -> None:
    with game._transaction(game.clock, ADMIN) as ctx:
        ctx.emit(events.WHATIF, "what-if: the amendment is applied")
        amendments.apply(ctx, changes)


def _pair(spec: _Spec, index: int) -> tuple[dict[str, float], dict[str, float]]:
    """Pair ``index``: the metrics of the baseline and of the game with the amendment."""
    # Never played itself: each arm plays a copy of it (fork_for copies the state).
    template = Game(installed().pack(spec.pack), spec.root, registry=installed(), secret=b"")
    changes = amendments.parse(spec.amendment)
    out = []
    for arm in ("baseline", "with"):
        label = f"whatif:{spec.seed}:{index}"
        game = fork_for(template, label, fast=spec.fast)
        if arm == "with":
            _apply(game, changes)
        played = play_out(game, dict(spec.bots), random.Random(label), turns=spec.turns,
                          actions=spec.actions, max_steps=spec.max_steps)
        metrics = measure(game)
        for name in ("actions", "turns", "hours"):
            metrics[f"length.{name}"] = float(played[name])
        out.append(metrics)
    return out[0], out[1]


def hidden_from(game: Game, amendment: Any, viewer: str) -> str | None:
    """Why ``viewer`` may not see this what-if (None: they may).

    The simulations play the whole state, secrets included, so their measures tell
    what the secrets are; a viewer other than the admin may see them only where
    neither the rules in force nor the rules with the amendment hide anything.
    """
    if viewer == ADMIN:
        return None
    if hides_anything(game.ruleset, game.state.root):
        return ("the rules of this game hide information, and a what-if's measures are "
                "taken from everything: only the admin may run one")
    try:
        twin = fork_for(game, "whatif:check")
        _apply(twin, amendments.parse(amendment))
    except (InvalidRuleChange, Refusal):
        return None  # run() says why the amendment cannot be applied
    if hides_anything(twin.ruleset, twin.state.root):
        return ("the amendment makes rules that hide information, and a what-if's "
                "measures are taken from everything: only the admin may run one")
    return None


def interval(differences: list[float]) -> dict[str, Any]:
    """Mean, sd and the 95% normal-approximation interval of paired differences."""
    n = len(differences)
    mean = statistics.fmean(differences) if n else 0.0
    sd = statistics.stdev(differences) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n) if n > 1 else math.inf
    low, high = mean - half, mean + half
    return {"difference": mean, "sd": sd, "ci": [low, high], "n": n,
            "excludes_zero": bool(low > 0 or high < 0)}


def run(game: Game, amendment: Any, *, games: int = DEFAULT_GAMES,
        turns: int | None = DEFAULT_TURNS, actions: int | None = None, seed: int | str = 0,
        bots: str | dict[str, str] = "random", jobs: int = 1,
        progress: Callable[[int], None] | None = None,
        viewer: str = ADMIN, fast: bool = True) -> dict[str, Any]:
    """Matched simulations of ``game`` from now, without and with ``amendment``.

    ``amendment`` is a list of changes in the form proposals carry
    (:mod:`nomicon.governance.amendments`). ``turns`` (or ``actions``) bounds each
    simulation; a game that ends sooner stops there. ``bots`` is one bot kind for
    every player (``"random"`` or ``"greedy"``) or a kind per player. ``jobs`` runs
    the pairs in that many processes; the result does not depend on it, nor on
    ``fast``, the simulations' fast path (:meth:`Game.for_simulation`).

    Returns, when the amendment applies::

        {
          "ok": True,
          "pack": "infinite-nomic-r7", "game": "<id>", "games": 200, "turns": 30,
          "actions": None, "seed": 0, "bots": {"alice": "random", ...},
          "amendment": [<the changes, normalised>],
          "metrics": {
            "points.mean": {
              "baseline": 9.1,        # mean over the baseline games
              "with": 14.3,           # mean over the games with the amendment
              "difference": 5.2,      # mean of the paired differences (with - baseline)
              "sd": 6.0,              # their standard deviation
              "ci": [4.4, 6.0],       # 95% confidence interval of the difference
              "n": 200,
              "excludes_zero": True,  # the interval lies wholly above or below zero
            },
            ...                       # every metric measured in either arm
          },
        }

    Metrics measured in only one arm (a currency the amendment creates...) count as
    0 in the other. When the amendment cannot be applied now the result is
    ``{"ok": False, "error": "<why>"}``, as for :func:`nomicon.governance.preview`;
    so is a what-if that ``viewer`` may not see (:func:`hidden_from`).
    """
    hidden = hidden_from(game, amendment, viewer)
    if hidden is not None:
        return {"ok": False, "error": hidden}
    try:
        changes = amendments.parse(amendment)
        _apply(fork_for(game, "whatif:check"), changes)
    except InvalidRuleChange as exc:
        return {"ok": False, "error": str(exc)}
    except Refusal as exc:
        return {"ok": False, "error": exc.reason}
    players = list(game.state.root.get("players", {}))
    chosen = {p: bots for p in players} if isinstance(bots, str) else dict(bots)
    spec = _Spec(pack=game.pack.id, root=game.state.root, amendment=amendments.dump(changes),
                 turns=turns, actions=actions,
                 max_steps=Settings(pack=game.pack.id, turns=turns, actions=actions).step_limit(),
                 seed=seed,
                 bots=tuple((p, chosen.get(p, "random")) for p in players), fast=fast)
    pairs: list[tuple[dict[str, float], dict[str, float]]] = run_parallel(
        partial(_pair, spec), games, jobs=jobs, progress=progress)
    names: list[str] = []
    for base, treated in pairs:
        names.extend(n for n in [*base, *treated] if n not in names)
    metrics: dict[str, Any] = {}
    for name in names:
        before = [base.get(name, 0.0) for base, _ in pairs]
        after = [treated.get(name, 0.0) for _, treated in pairs]
        metrics[name] = {"baseline": statistics.fmean(before), "with": statistics.fmean(after),
                         **interval([a - b for a, b in zip(after, before, strict=True)])}
    return {"ok": True, "pack": game.pack.id, "game": game.id, "games": games, "turns": turns,
            "actions": actions, "seed": seed, "bots": dict(spec.bots),
            "amendment": spec.amendment, "metrics": metrics}


def figure(result: dict[str, Any], *, only_shifted: bool = False) -> Any:
    """A Plotly figure of the differences with their intervals, one row per metric."""
    import plotly.graph_objects as go  # type: ignore[import-untyped]

    rows = [(name, m) for name, m in result["metrics"].items()
            if not only_shifted or m["excludes_zero"]]
    rows.reverse()  # Plotly draws the first row at the bottom
    names = [name for name, _ in rows]
    means = [m["difference"] for _, m in rows]
    fig = go.Figure(go.Scatter(
        x=means, y=names, mode="markers",
        marker={"color": ["#c0392b" if m["excludes_zero"] else "#7f8c8d" for _, m in rows]},
        error_x={"type": "data", "symmetric": False,
                 "array": [m["ci"][1] - m["difference"] for _, m in rows],
                 "arrayminus": [m["difference"] - m["ci"][0] for _, m in rows]},
        hovertext=[f"baseline {m['baseline']:.2f}, with {m['with']:.2f}" for _, m in rows],
    ))
    fig.add_vline(x=0, line_dash="dot")
    limit = (f"{result['turns']} turns" if result["turns"] is not None
             else f"{result['actions']} actions")
    fig.update_layout(
        title=f"What if: change with the amendment ({result['games']} matched pairs, {limit}; "
              "95% intervals)",
        xaxis_title="difference (with - baseline)", height=max(300, 28 * len(rows) + 140),
        margin={"l": 160})
    return fig


def chart_html(result: dict[str, Any], *, full_page: bool = True) -> str:
    """The chart as HTML with Plotly's script inline (no network needed to view it);
    ``full_page=False`` gives a fragment to embed in a page."""
    html: str = figure(result).to_html(full_html=full_page, include_plotlyjs=True)
    return html

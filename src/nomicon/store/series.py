"""The measures that charts show, kept as a game goes (tables ``series`` and
``series_keys``, migration 0006).

Each appended batch may carry :class:`Point` s: a player's measure (a balance or a
numeric attribute) as the batch left it, with what each audience saw of it. They are
written in the batch's transaction, at the seq of its last event, so that a chart
reads a bounded number of rows whatever the game's length: for each of a few dozen
sampled moments, the newest point of each measure at or before it (one index seek).

A point's ``shown`` maps audiences to values: :data:`PUBLIC` (``"*"``) to what
everyone saw, and a viewer (a player, the admin) to what they saw where it differs;
None where the audience saw nothing. The store picks the reader's value before it
returns anything, so no one else's value leaves this module.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from .errors import InvalidInput
from .records import PUBLIC, Kept, Point
from .schema import events as events_t
from .schema import series as series_t
from .schema import series_keys as keys_t

__all__ = ["MAX_SAMPLES", "PUBLIC", "Kept", "Point", "keep", "read"]

#: The most moments one chart reads.
MAX_SAMPLES = 400


def check(points: Sequence[Point]) -> list[Point]:
    """The points, checked: plain names and finite numbers (or None)."""
    found = list(points)
    for point in found:
        if not isinstance(point, Point) or not point.player or not point.measure:
            raise InvalidInput("a series point names a player and a measure")
        for audience, value in point.shown.items():
            if not isinstance(audience, str) or not (
                    value is None or (isinstance(value, int | float)
                                      and not isinstance(value, bool) and math.isfinite(value))):
                raise InvalidInput(f"series point {point.player}/{point.measure}: "
                                   f"{audience!r} saw {value!r}, not a finite number or None")
    return found


def keep(conn: Connection, game_id: str, seq: int, points: Sequence[Point]) -> None:
    """Write the batch's points at ``seq`` (inside the batch's transaction)."""
    if not points:
        return
    conn.execute(sa.insert(series_t), [
        {"game_id": game_id, "player": p.player, "measure": p.measure, "seq": seq,
         "shown": dict(p.shown)} for p in points])
    keys = {(p.player, p.measure): p.currency for p in points}
    rows = [{"game_id": game_id, "player": player, "measure": measure, "currency": currency}
            for (player, measure), currency in keys.items()]
    dialect = conn.dialect.name
    if dialect == "postgresql":
        conn.execute(postgresql.insert(keys_t).on_conflict_do_nothing(), rows)
    elif dialect == "sqlite":
        conn.execute(sqlite.insert(keys_t).on_conflict_do_nothing(), rows)
    else:  # pragma: no cover - the store runs on SQLite and PostgreSQL
        known = {(r.player, r.measure) for r in conn.execute(
            sa.select(keys_t.c.player, keys_t.c.measure).where(keys_t.c.game_id == game_id))}
        fresh = [r for r in rows if (r["player"], r["measure"]) not in known]
        if fresh:
            conn.execute(sa.insert(keys_t), fresh)


def _sampled(head: int, samples: int) -> list[int]:
    """``samples`` seqs spread evenly over 1..head, the head last."""
    return sorted({max(1, math.ceil(head * k / samples)) for k in range(1, samples + 1)})


def _moments(conn: Connection, game_id: str, head: int, samples: int) -> list[tuple[int, str]]:
    """The sampled moments: for each sampled seq, the end of the last batch that ended
    at or before it, with its time. Two indexed reads of a few dozen events each."""
    picked = _sampled(head, samples)
    following = [s + 1 for s in picked if s < head]
    batch = events_t.c.body["batch"].as_integer()
    starts = {int(seq): start for seq, start in conn.execute(
        sa.select(events_t.c.seq, batch)
        .where(events_t.c.game_id == game_id, events_t.c.seq.in_(following)))}
    ends = set()
    for s in picked:
        if s == head:
            ends.add(head)
            continue
        start = starts.get(s + 1)
        # The event after s starts a batch (s ends one) or sits inside the batch that
        # started after the last batch end before s.
        ends.add(s if start is None or start == s + 1 else start - 1)
    ends.discard(0)
    times = {int(seq): str(time) for seq, time in conn.execute(
        sa.select(events_t.c.seq, events_t.c.time)
        .where(events_t.c.game_id == game_id, events_t.c.seq.in_(sorted(ends))))}
    return [(seq, str(times[seq])) for seq in sorted(ends) if seq in times]


def read(conn: Connection, game_id: str, head: int, viewer: str, samples: int) -> Kept:
    """The kept measures at up to ``samples`` moments, as ``viewer`` saw them."""
    if not 1 <= samples <= MAX_SAMPLES:
        raise InvalidInput(f"a chart samples 1 to {MAX_SAMPLES} moments, not {samples}")
    kept = Kept()
    if head < 1:
        return kept
    moments = _moments(conn, game_id, head, samples)
    kept.seqs = [seq for seq, _ in moments]
    kept.times = [time for _, time in moments]
    if not moments:
        return kept
    at = sa.union_all(*[sa.select(sa.literal(seq, sa.Integer).label("seq"))
                        for seq in kept.seqs]).subquery("at")
    keys = keys_t.alias("k")
    newest = (
        sa.select(series_t.c.shown)
        .where(series_t.c.game_id == game_id, series_t.c.player == keys.c.player,
               series_t.c.measure == keys.c.measure, series_t.c.seq <= at.c.seq)
        .order_by(series_t.c.seq.desc()).limit(1)
        .correlate(keys, at).scalar_subquery()
    )
    stmt = (sa.select(keys.c.player, keys.c.measure, keys.c.currency, at.c.seq,
                      newest.label("shown"))
            .select_from(keys.join(at, sa.true()))
            .where(keys.c.game_id == game_id))
    position = {seq: k for k, seq in enumerate(kept.seqs)}
    for row in conn.execute(stmt):
        shown = row.shown
        if not shown:
            continue
        value = shown[viewer] if viewer in shown else shown.get(PUBLIC)
        if value is None:
            continue
        kept.currency.setdefault(row.measure, bool(row.currency))
        line = kept.values.setdefault((row.player, row.measure), [None] * len(kept.seqs))
        line[position[row.seq]] = value
    return kept

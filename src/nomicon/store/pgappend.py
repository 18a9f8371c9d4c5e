"""Appending a batch on PostgreSQL in one statement: one network round trip.

The statement is a data-modifying ``WITH``. Its first part is the ``UPDATE`` that
moves the game's head: it checks the head the batch follows and locks the game's row
(a writer that finds the row locked waits, then sees the head the other one left).
Every other write of the batch -- its events, the request's idempotency key, a
snapshot, the kept chart points -- selects the game's id from what that ``UPDATE``
returned, so when the head has moved on nothing at all is written. Sent on a
connection in autocommit, the statement is its own transaction: PostgreSQL commits it
(durably, as any commit) before it answers, so BEGIN and COMMIT cost no trip of their
own. A key the caller used before makes the key's ``INSERT`` fail (the table's primary
key), which undoes the whole statement.

The events and the points travel as one JSON array each, so a batch of any size is
the same statement text, which psycopg prepares on the server once it has seen it a
few times.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import Connection

from .records import Idempotency, Point
from .schema import events as events_t
from .schema import games as games_t
from .schema import idempotency as idempotency_t
from .schema import series as series_t
from .schema import series_keys as keys_t
from .schema import snapshots as snapshots_t

__all__ = ["append"]

#: The columns of the game's row that a batch may replace besides its head.
GAME_COLUMNS = ("secret", "meta", "next_due")


def _param(name: str, type_: Any) -> sa.BindParameter[Any]:
    return sa.bindparam(name, type_=type_)


@functools.cache
def _statement(game_columns: tuple[str, ...], keyed: bool, snapshot: bool,
               series: bool) -> sa.Select[Any]:
    """The append statement for the parts a batch carries (built once for each mix);
    it returns how many game rows it moved: 1, or 0 when the head was not the one the
    batch follows."""
    game_id = _param("game_id", games_t.c.id.type)
    moved = (
        sa.update(games_t)
        .where(games_t.c.id == game_id, games_t.c.head == _param("after", sa.Integer()))
        .values(head=_param("last", sa.Integer()),
                **{name: _param(name, games_t.c[name].type) for name in game_columns})
        .returning(games_t.c.id)
        .cte("moved")
    )
    writes: list[sa.CTE] = []

    event = (sa.func.json_array_elements(_param("events", postgresql.JSON()))
             .table_valued(sa.column("value", postgresql.JSON())).alias("event"))
    body = event.c.value
    writes.append(sa.insert(events_t).from_select(
        ["game_id", "seq", "time", "type", "body"],
        sa.select(moved.c.id, body["seq"].as_integer(), body["time"].as_string(),
                  body["type"].as_string(), body)
        .select_from(moved.join(event, sa.true())),
    ).cte("appended"))

    if keyed:
        writes.append(sa.insert(idempotency_t).from_select(
            ["game_id", "caller", "key", "first_seq", "last_seq", "result"],
            sa.select(moved.c.id, _param("caller", sa.String()), _param("key", sa.String()),
                      _param("first", sa.Integer()), _param("last", sa.Integer()),
                      _param("result", postgresql.JSON())),
        ).cte("keyed"))

    if snapshot:
        # One left at this seq by a log that was cut back (a restored backup) is replaced.
        upsert = postgresql.insert(snapshots_t).from_select(
            ["game_id", "seq", "state", "hash"],
            sa.select(moved.c.id, _param("last", sa.Integer()),
                      _param("state", postgresql.JSON()), _param("hash", sa.String())),
        )
        writes.append(upsert.on_conflict_do_update(
            index_elements=[snapshots_t.c.game_id, snapshots_t.c.seq],
            set_={"state": upsert.excluded.state, "hash": upsert.excluded.hash},
        ).cte("snapshot"))

    if series:
        point = (sa.func.json_to_recordset(_param("points", postgresql.JSON()))
                 .table_valued(sa.column("player", sa.String()), sa.column("measure", sa.String()),
                               sa.column("shown", postgresql.JSON()))
                 .render_derived(with_types=True).alias("point"))
        writes.append(sa.insert(series_t).from_select(
            ["game_id", "player", "measure", "seq", "shown"],
            sa.select(moved.c.id, point.c.player, point.c.measure, _param("last", sa.Integer()),
                      point.c.shown).select_from(moved.join(point, sa.true())),
        ).cte("charted"))
        key = (sa.func.json_to_recordset(_param("keys", postgresql.JSON()))
               .table_valued(sa.column("player", sa.String()), sa.column("measure", sa.String()),
                             sa.column("currency", sa.Boolean()))
               .render_derived(with_types=True).alias("measured"))
        writes.append(postgresql.insert(keys_t).from_select(
            ["game_id", "player", "measure", "currency"],
            sa.select(moved.c.id, key.c.player, key.c.measure, key.c.currency)
            .select_from(moved.join(key, sa.true())),
        ).on_conflict_do_nothing().cte("measures"))

    return sa.select(sa.func.count()).select_from(moved).add_cte(*writes)


def append(conn: Connection, game_id: str, batch: list[dict[str, Any]], *,
           game: Mapping[str, Any], idempotency: Idempotency | None,
           snapshot: Mapping[str, Any] | None, points: Sequence[Point]) -> bool:
    """Write the checked ``batch`` and what goes with it in one statement on ``conn``
    (in autocommit); whether it was written, False when the game's head was not the
    one the batch follows (or there is no such game). ``game``: the game's columns to
    replace (of :data:`GAME_COLUMNS`). A used idempotency key raises the driver's
    ``IntegrityError``, having written nothing."""
    first, last = batch[0]["seq"], batch[-1]["seq"]
    params: dict[str, Any] = {"game_id": game_id, "after": first - 1, "first": first,
                              "last": last, "events": batch, **game}
    if idempotency is not None:
        params.update(caller=idempotency.caller, key=idempotency.key,
                      result=dict(idempotency.result))
    if snapshot is not None:
        digest = batch[-1].get("hash")
        params.update(state=dict(snapshot), hash=digest if isinstance(digest, str) else None)
    if points:
        params["points"] = [{"player": p.player, "measure": p.measure, "shown": dict(p.shown)}
                            for p in points]
        kinds = {(p.player, p.measure): p.currency for p in points}
        params["keys"] = [{"player": player, "measure": measure, "currency": currency}
                          for (player, measure), currency in kinds.items()]
    stmt = _statement(tuple(name for name in GAME_COLUMNS if name in game),
                      idempotency is not None, snapshot is not None, bool(points))
    return bool(conn.execute(stmt, params).scalar_one())

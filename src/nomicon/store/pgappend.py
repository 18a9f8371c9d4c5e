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

SQLAlchemy builds and compiles the statement (once for each mix of parts) and lends
the pooled connection; the statement is then run through the driver itself, since
SQLAlchemy's bookkeeping around one execution (a Connection, its events and result)
costs more processor time than the database spends on the statement. Each parameter
is converted as SQLAlchemy would (its type's bind processor) and a driver error is
raised as SQLAlchemy's, so the store sees what it sees from any other statement.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import Dialect, Engine

from .records import Idempotency, Point
from .schema import events as events_t
from .schema import games as games_t
from .schema import idempotency as idempotency_t
from .schema import series as series_t
from .schema import series_keys as keys_t
from .schema import snapshots as snapshots_t

__all__ = ["GAME_COLUMNS", "Appender"]

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


@dataclass(frozen=True)
class _Compiled:
    """A statement compiled for the driver: its text, the values of the constants in
    it, and the conversion of each parameter that needs one."""

    sql: str
    constants: dict[str, Any]
    convert: dict[str, Callable[[Any], Any]]

    @classmethod
    def of(cls, stmt: sa.Select[Any], dialect: Dialect) -> _Compiled:
        compiled = stmt.compile(dialect=dialect)
        convert: dict[str, Callable[[Any], Any]] = {}
        for name, bind in compiled.binds.items():
            process = bind.type.dialect_impl(dialect).bind_processor(dialect)
            if process is not None:
                convert[name] = process
        constants = {name: convert[name](bind.effective_value) if name in convert
                     else bind.effective_value
                     for name, bind in compiled.binds.items() if not bind.required}
        return cls(compiled.string, constants, convert)

    def parameters(self, values: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(self.constants)
        for name, value in values.items():
            process = self.convert.get(name)
            out[name] = value if process is None else process(value)
        return out


class Appender:
    """Appends batches to the games of one PostgreSQL database (see the module's
    docstring). Thread-safe: each append borrows a connection from the engine's pool."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._dialect = engine.dialect
        self._compiled: dict[tuple[Any, ...], _Compiled] = {}

    def append(self, game_id: str, batch: list[dict[str, Any]], *,
               game: Mapping[str, Any], idempotency: Idempotency | None,
               snapshot: Mapping[str, Any] | None, points: Sequence[Point]) -> bool:
        """Write the checked ``batch`` and what goes with it, in one statement; whether
        it was written, False when the game's head was not the one the batch follows (or
        there is no such game). ``game``: the game's columns to replace (of
        :data:`GAME_COLUMNS`). A used idempotency key raises SQLAlchemy's
        ``IntegrityError``, having written nothing."""
        first, last = batch[0]["seq"], batch[-1]["seq"]
        values: dict[str, Any] = {"game_id": game_id, "after": first - 1, "last": last,
                                  "events": batch, **game}
        if idempotency is not None:
            values.update(caller=idempotency.caller, key=idempotency.key, first=first,
                          result=dict(idempotency.result))
        if snapshot is not None:
            digest = batch[-1].get("hash")
            values.update(state=dict(snapshot),
                          hash=digest if isinstance(digest, str) else None)
        if points:
            values["points"] = [{"player": p.player, "measure": p.measure,
                                 "shown": dict(p.shown)} for p in points]
            kinds = {(p.player, p.measure): p.currency for p in points}
            values["keys"] = [{"player": player, "measure": measure, "currency": currency}
                              for (player, measure), currency in kinds.items()]
        mix = (tuple(name for name in GAME_COLUMNS if name in game), idempotency is not None,
               snapshot is not None, bool(points))
        compiled = self._compiled.get(mix)
        if compiled is None:
            compiled = self._compiled[mix] = _Compiled.of(_statement(*mix), self._dialect)
        return bool(self._execute(compiled, compiled.parameters(values)))

    def _execute(self, compiled: _Compiled, parameters: dict[str, Any]) -> Any:
        """The first column of the statement's one row, run in autocommit on a pooled
        connection."""
        pooled = self._engine.raw_connection()
        driver: Any = pooled.driver_connection  # a psycopg connection
        try:
            driver.autocommit = True
            try:
                return driver.execute(compiled.sql, parameters).fetchone()[0]
            finally:
                if not driver.broken:
                    driver.autocommit = False
        except self._dialect.loaded_dbapi.Error as exc:
            if driver.broken:
                # The server went away (a restart, a failover). As SQLAlchemy does on a
                # disconnect, the pool's other connections go too: the next statements
                # connect afresh rather than fail one by one.
                pooled.invalidate(exc)
                self._engine.dispose(close=False)
            raise sa.exc.DBAPIError.instance(compiled.sql, parameters, exc,
                                             self._dialect.loaded_dbapi.Error,
                                             dialect=self._dialect) from exc
        finally:
            pooled.close()

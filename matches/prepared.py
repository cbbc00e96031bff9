"""Lookups that every request makes, written by the ORM once per kind of
database and then run with each request's values.

Building and compiling a query costs the ORM several times what a lookup
by an indexed column costs the database (about 0.4 ms against 0.05 ms,
measured with bench/bench.py's data): for the few lookups each page makes
before anything of its own (who is signed in, the host's match), the SQL
the ORM wrote is kept and run again with new values.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet


class Prepared:
    """One lookup: ``build(**values)`` gives its queryset (a filter on
    ``values``, of ``str``, ``int``, ``datetime`` or ``UUID``); the SQL it compiles
    to is kept for each database alias and run with new values by
    ``first``. The SQL, and so what it finds, is the ORM's own.
    """

    def __init__(self, build: Callable[..., QuerySet[Any]], **samples: Any) -> None:
        """``samples``: a value of each name ``build`` takes, distinct from
        one another, that no lookup is made with (they only mark where
        each value goes in the SQL)."""
        self.build = build
        self.samples = samples
        self.compiled: dict[str, tuple[str, list[tuple[str | None, Any]], type[Model]]] = {}

    def _compile(self, alias: str) -> tuple[str, list[tuple[str | None, Any]], type[Model]]:
        connection = connections[alias]
        queryset = self.build(**self.samples)
        sql, params = queryset.query.sql_with_params()
        marks = {name: _adapted(connection, value) for name, value in self.samples.items()}
        # Each parameter of the SQL: the name of the value it takes, or a
        # constant of the query itself (a status, a flag), kept as it is.
        order: list[tuple[str | None, Any]] = []
        for param in params:
            names = [name for name, mark in marks.items() if mark == param]
            if len(names) > 1:
                raise ValueError(f"cannot tell which value {param!r} of the SQL is")
            order.append((names[0], None) if names else (None, param))
        return sql, order, queryset.model

    def _run(self, alias: str, values: dict[str, Any]) -> tuple[str, list[Any], type[Model]]:
        if alias not in self.compiled:
            self.compiled[alias] = self._compile(alias)
        sql, order, model = self.compiled[alias]
        connection = connections[alias]
        params = [
            constant if name is None else _adapted(connection, values[name])
            for name, constant in order
        ]
        return sql, params, model

    def first(self, alias: str = "default", **values: Any) -> Model | None:
        """The first row the lookup finds with ``values`` (each name of the
        samples), as a model instance with its annotations; None when none.
        """
        sql, params, model = self._run(alias, values)
        found = list(model._default_manager.db_manager(alias).raw(sql, params))
        return found[0] if found else None

    def all(self, alias: str = "default", **values: Any) -> list[Model]:
        """Every row the lookup finds with ``values``, as model instances
        (the columns a ``only`` left out are deferred)."""
        sql, params, model = self._run(alias, values)
        return list(model._default_manager.db_manager(alias).raw(sql, params))

    def values(self, alias: str = "default", **values: Any) -> tuple[Any, ...] | None:
        """The first row of a lookup of ``values_list`` (plain values, no
        model: integers and the like, which need no conversion), with
        ``values``; None when none."""
        sql, params, _ = self._run(alias, values)
        with connections[alias].cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchone()


def _adapted(connection: Any, value: Any) -> Any:
    """``value`` as the ORM hands it to the database driver."""
    if isinstance(value, datetime):
        return connection.ops.adapt_datetimefield_value(value)
    if isinstance(value, uuid.UUID) and not connection.features.has_native_uuid_field:
        return value.hex  # as UUIDField stores it
    return value

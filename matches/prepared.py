"""Lookups that every request makes, written by the ORM once per kind of
database and then run with each request's values.

Building and compiling a query costs the ORM several times what a lookup
by an indexed column costs the database (about 0.4 ms against 0.05 ms,
measured with bench/bench.py's data): for the few lookups each page makes
before anything of its own (who is signed in, the host's match), the SQL
the ORM wrote is kept and run again with new values.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators


@dataclass(frozen=True)
class _Compiled:
    """A lookup as compiled for one database: its SQL; where each value goes
    (a name of the samples, or a constant of the query kept as it is); and
    how a row becomes a model instance, as Django's ``ModelIterable`` makes
    it (the columns of the model, its annotations, the converters)."""

    sql: str
    order: list[tuple[str | None, Any]]
    model: type[Model]
    compiler: Any
    fields: slice
    init_list: list[str]
    annotations: dict[str, int]
    converters: dict[int, Any]
    related: list[Any]


class Prepared:
    """One lookup: ``build(**values)`` gives its queryset (a filter on
    ``values``, of ``str``, ``int``, ``datetime`` or ``UUID``); the SQL it
    compiles to is kept for each database alias (and thread) and run with new values by
    ``first``, ``all`` and ``values``. The SQL, and so what it finds, is the
    ORM's own; so are the instances, with those ``select_related`` reads.
    """

    def __init__(self, build: Callable[..., QuerySet[Any]], **samples: Any) -> None:
        """``samples``: a value of each name ``build`` takes, distinct from
        one another, that no lookup is made with (they only mark where
        each value goes in the SQL)."""
        self.build = build
        self.samples = samples
        # Per thread: a compiled lookup holds its thread's connection.
        self.local = threading.local()

    def _compile(self, alias: str) -> _Compiled:
        connection = connections[alias]
        queryset = self.build(**self.samples)
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        marks = {name: _adapted(connection, value) for name, value in self.samples.items()}
        # Each parameter of the SQL: the name of the value it takes, or a
        # constant of the query itself (a status, a flag), kept as it is.
        order: list[tuple[str | None, Any]] = []
        for param in params:
            names = [name for name, mark in marks.items() if mark == param]
            if len(names) > 1:
                raise ValueError(f"cannot tell which value {param!r} of the SQL is")
            order.append((names[0], None) if names else (None, param))
        unplaced = set(self.samples) - {name for name, _ in order}
        if unplaced:  # a lookup that changes its value (``__contains``): not for this
            raise ValueError(f"the SQL takes no value as given for {sorted(unplaced)}")
        select, klass_info = compiler.select, compiler.klass_info
        fields, init_list = slice(0, 0), []
        related = []
        if klass_info is not None:
            chosen = klass_info["select_fields"]
            fields = slice(chosen[0], chosen[-1] + 1)
            init_list = [column[0].target.attname for column in select[fields]]
            # The rows of ``select_related``, built onto each instance.
            related = get_related_populators(klass_info, select, alias)
        converters = compiler.get_converters([column[0] for column in select])
        return _Compiled(
            sql,
            order,
            queryset.model,
            compiler,
            fields,
            init_list,
            dict(compiler.annotation_col_map or {}),
            converters,
            related,
        )

    def _rows(self, alias: str, values: dict[str, Any]) -> tuple[_Compiled, list[Any]]:
        kept = self.local.__dict__.setdefault("compiled", {})
        compiled = kept.get(alias)
        if compiled is None:
            compiled = kept[alias] = self._compile(alias)
        connection = connections[alias]
        params = [
            constant if name is None else _adapted(connection, values[name])
            for name, constant in compiled.order
        ]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        if compiled.converters:
            rows = list(compiled.compiler.apply_converters(rows, compiled.converters))
        return compiled, rows

    def all(self, alias: str = "default", **values: Any) -> list[Model]:
        """Every row the lookup finds with ``values`` (each name of the
        samples), as model instances with their annotations (the columns an
        ``only`` left out are deferred)."""
        compiled, rows = self._rows(alias, values)
        found = []
        for row in rows:
            instance = compiled.model.from_db(alias, compiled.init_list, row[compiled.fields])
            for populator in compiled.related:
                populator.populate(row, instance)
            for name, position in compiled.annotations.items():
                setattr(instance, name, row[position])
            found.append(instance)
        return found

    def first(self, alias: str = "default", **values: Any) -> Model | None:
        """The first row of ``all`` (a lookup limited to one row), or None."""
        found = self.all(alias, **values)
        return found[0] if found else None

    def rows(self, alias: str = "default", **values: Any) -> list[tuple[Any, ...]]:
        """Every row of a lookup of ``values_list``, as tuples of its values."""
        _, rows = self._rows(alias, values)
        return [tuple(row) for row in rows]

    def values(self, alias: str = "default", **values: Any) -> tuple[Any, ...] | None:
        """The first row of a lookup of ``values_list``, as a tuple of its
        values; None when none."""
        _, rows = self._rows(alias, values)
        return tuple(rows[0]) if rows else None


def _adapted(connection: Any, value: Any) -> Any:
    """``value`` as the ORM hands it to the database driver."""
    if isinstance(value, datetime):
        return connection.ops.adapt_datetimefield_value(value)
    if isinstance(value, uuid.UUID) and not connection.features.has_native_uuid_field:
        return value.hex  # as UUIDField stores it
    return value

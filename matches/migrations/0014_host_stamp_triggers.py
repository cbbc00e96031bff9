"""The host's stamp (``HostStamp``) renewed by the database itself, by
triggers on the host's matches and players, rather than by a statement of
its own in each write: a save is one statement shorter (issue 17's eight
queries a request), and a write from anywhere (the admin, a shell, an
import) renews the stamp, so no kept list of a host is ever drawn from
older rows than those stored.

An insert or a change of a match or a player makes the stamp if missing,
else renews it. A deletion only renews a stamp that is there: when a host
is deleted, their stamp may go before their matches, and one made again
then would point at a host about to be gone. Every host with a match or a
player has a stamp (made with the first of them, or below)."""

from django.db import migrations

TABLES = ("matches_match", "matches_player")

SQLITE_NEW = "lower(hex(randomblob(16)))"  # a UUIDField's 32 hex digits on SQLite


def _sqlite_forward() -> list[str]:
    made = (
        f"INSERT INTO matches_hoststamp (host_id, stamp) VALUES (NEW.host_id, {SQLITE_NEW}) "
        "ON CONFLICT (host_id) DO UPDATE SET stamp = excluded.stamp;"
    )
    renewed = f"UPDATE matches_hoststamp SET stamp = {SQLITE_NEW} WHERE host_id = OLD.host_id;"
    statements = []
    for table in TABLES:
        for event, body in (("INSERT", made), ("UPDATE", made), ("DELETE", renewed)):
            statements.append(
                f"CREATE TRIGGER {table}_host_changed_{event.lower()} AFTER {event} ON {table} "
                f"FOR EACH ROW BEGIN {body} END"
            )
    return statements


def _sqlite_backward() -> list[str]:
    return [
        f"DROP TRIGGER IF EXISTS {table}_host_changed_{event}"
        for table in TABLES
        for event in ("insert", "update", "delete")
    ]


POSTGRES_FUNCTION = """
CREATE FUNCTION matches_host_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE matches_hoststamp SET stamp = gen_random_uuid() WHERE host_id = OLD.host_id;
        RETURN OLD;
    END IF;
    INSERT INTO matches_hoststamp (host_id, stamp) VALUES (NEW.host_id, gen_random_uuid())
    ON CONFLICT (host_id) DO UPDATE SET stamp = EXCLUDED.stamp;
    RETURN NEW;
END
$$
"""


def _postgres_forward() -> list[str]:
    return [POSTGRES_FUNCTION] + [
        f"CREATE TRIGGER {table}_host_changed AFTER INSERT OR UPDATE OR DELETE ON {table} "
        "FOR EACH ROW EXECUTE FUNCTION matches_host_changed()"
        for table in TABLES
    ]


def _postgres_backward() -> list[str]:
    return [f"DROP TRIGGER IF EXISTS {table}_host_changed ON {table}" for table in TABLES] + [
        "DROP FUNCTION IF EXISTS matches_host_changed()"
    ]


STATEMENTS = {
    "sqlite": (_sqlite_forward, _sqlite_backward),
    "postgresql": (_postgres_forward, _postgres_backward),
}


def _run(schema_editor, statements: list[str]) -> None:
    for statement in statements:
        schema_editor.execute(statement)


def forward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor not in STATEMENTS:
        raise RuntimeError(f"no host-stamp triggers written for {vendor}")
    _run(schema_editor, STATEMENTS[vendor][0]())
    # A stamp for every host with a match or a player who has none yet.
    HostStamp = apps.get_model("matches", "HostStamp")
    Match = apps.get_model("matches", "Match")
    Player = apps.get_model("matches", "Player")
    stamped = set(HostStamp.objects.values_list("host_id", flat=True))
    hosts = set(Match.objects.values_list("host_id", flat=True).distinct())
    hosts |= set(Player.objects.values_list("host_id", flat=True).distinct())
    HostStamp.objects.bulk_create(HostStamp(host_id=host) for host in sorted(hosts - stamped))


def backward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor in STATEMENTS:
        _run(schema_editor, STATEMENTS[vendor][1]())


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0013_host_session"),
    ]

    operations = [migrations.RunPython(forward, backward)]

from __future__ import annotations

from django.urls import path, register_converter

from matches import accounts
from matches.views import account, board, entries, hands, matches, players, shared, transfer

app_name = "matches"


class EventIdConverter:
    """An event id in a URL: 1 to 9 ASCII digits, read as an int. A longer
    number is no event of ours (404), and would overflow SQLite's integer."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(EventIdConverter, "event_id")


class KeyConverter:
    """A match's public id or a share link's token in a URL: the characters
    ``secrets.token_urlsafe`` writes, at most 64. Anything else (a NUL byte,
    which PostgreSQL cannot even compare) is no match of ours: 404."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(KeyConverter, "key")

urlpatterns = [
    path("", matches.home, name="home"),
    path("signup/", accounts.signup, name="signup"),
    path("account/", account.account, name="account"),
    path("language/", account.language, name="language"),
    path("matches/new/", matches.match_new, name="new"),
    path("matches/<key:public_id>/", board.match_detail, name="detail"),
    path("matches/<key:public_id>/hands/", hands.hand_record, name="hand"),
    path("matches/<key:public_id>/hands/preview/", hands.hand_preview, name="preview"),
    path("matches/<key:public_id>/hands/waiting/", hands.hand_send, name="hand_send"),
    path("matches/<key:public_id>/hands/<event_id:event_id>/fix/", hands.hand_fix, name="fix"),
    path("matches/<key:public_id>/entries/", entries.match_entries, name="entries"),
    path("history/", matches.match_history, name="history"),
    path("matches/<key:public_id>/sheet/", matches.match_sheet, name="sheet"),
    path("matches/<key:public_id>/abandon/", matches.match_abandon, name="abandon"),
    path("matches/<key:public_id>/resume/", matches.match_resume, name="resume"),
    path("matches/<key:public_id>/delete/", matches.match_delete, name="delete_match"),
    path("matches/<key:public_id>/export/", transfer.match_export, name="export"),
    path("matches/<key:public_id>/export.csv", transfer.match_export_csv, name="export_csv"),
    path("export/", transfer.account_export_view, name="export_all"),
    path("import/", transfer.match_import, name="import"),
    path("matches/<key:public_id>/share/", shared.match_share, name="share"),
    path("s/<key:token>/", shared.shared_board, name="shared"),
    path("s/<key:token>/poll/", shared.shared_poll, name="shared_poll"),
    path("s/<key:token>/sheet/", shared.shared_sheet, name="shared_sheet"),
    path("s/<key:token>/big/", shared.shared_big, name="shared_big"),
    path("players/", players.players, name="players"),
    path("players/<event_id:player_id>/", players.player_detail, name="player"),
    path("players/<event_id:player_id>/rename/", players.player_rename, name="player_rename"),
    path("players/<event_id:player_id>/merge/", players.player_merge, name="player_merge"),
    path("players/<event_id:player_id>/colour/", players.player_colour, name="player_colour"),
    path("import/<uuid:token>/", transfer.import_confirm, name="import_confirm"),
    path("scoring/", matches.scoring_explained, name="scoring"),
    path("matches/<key:public_id>/scoring/", matches.scoring_explained, name="match_scoring"),
    path("matches/<key:public_id>/line/", entries.line_move, name="line"),
    path("matches/<key:public_id>/undo/", entries.event_undo, name="undo"),
    path("matches/<key:public_id>/seats/", entries.seat_change, name="seats"),
    path("matches/<key:public_id>/event/", entries.own_event, name="own_event"),
    path("matches/<key:public_id>/rematch/", matches.rematch, name="rematch"),
    path("matches/<key:public_id>/rules/", matches.rules_change, name="rules"),
    path(
        "matches/<key:public_id>/events/<event_id:event_id>/edit/",
        entries.event_edit,
        name="edit",
    ),
    path(
        "matches/<key:public_id>/events/<event_id:event_id>/delete/",
        entries.event_delete,
        name="delete",
    ),
    path(
        "matches/<key:public_id>/events/<event_id:event_id>/restore/",
        entries.event_restore,
        name="restore",
    ),
]

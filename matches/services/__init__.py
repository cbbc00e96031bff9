"""Every write, by area: a match's events (``events``), whole matches
(``matches``), imports, players, share links; the cache each write stores
(``store``, ``figures``). Each runs in one transaction, checks the change by
replaying through the match's game first, and stores nothing when the game
refuses it (``RuleError``). The public writes are named here."""

from __future__ import annotations

from .accounts import language_keep
from .common import Locked, Replayed, host_changed, player_for
from .events import (
    Change,
    LaterEventImpossible,
    Recorded,
    Undone,
    check_hand_number,
    data_version,
    event_check,
    event_delete,
    event_edit,
    event_record,
    event_restore,
    event_restore_check,
    event_undo,
    locked_for_replay,
    writing,
)
from .figures import counted as player_figures
from .figures import rebuild as player_figures_rebuild
from .imports import Checked, already_here, import_check, import_names, matches_import
from .matches import (
    match_abandon,
    match_create,
    match_delete,
    match_rematch,
    match_resume,
    match_rules_change,
)
from .players import NameTaken, player_recolour, player_rename, players_merge, players_merge_check
from .sharing import share_new, share_stop
from .store import (
    current_board,
    current_head,
    replay_board,
    snapshot_rebuild,
    snapshots_rebuild_stale,
)

__all__ = [
    "language_keep",
    "Change",
    "Checked",
    "LaterEventImpossible",
    "Locked",
    "NameTaken",
    "Recorded",
    "Replayed",
    "Undone",
    "already_here",
    "check_hand_number",
    "current_board",
    "current_head",
    "data_version",
    "event_check",
    "event_delete",
    "event_edit",
    "event_record",
    "event_restore",
    "event_restore_check",
    "event_undo",
    "host_changed",
    "import_check",
    "import_names",
    "locked_for_replay",
    "match_abandon",
    "match_create",
    "match_delete",
    "match_rematch",
    "match_resume",
    "match_rules_change",
    "matches_import",
    "player_figures",
    "player_figures_rebuild",
    "player_for",
    "player_recolour",
    "player_rename",
    "players_merge",
    "players_merge_check",
    "replay_board",
    "share_new",
    "share_stop",
    "snapshot_rebuild",
    "snapshots_rebuild_stale",
    "writing",
]

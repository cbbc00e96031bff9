"""What a form sent but did not save, said back to the host so nothing typed
is lost without a word: a hand's boxes in words ("Ben went out, Alice 23"),
a new line or a join, and the refusals of a write to a match set aside
meanwhile, each naming the button to tap again."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.hands import HandForm
from matches.models import Match

# A hand saved on a board whose match was set aside on another screen meanwhile.
SET_ASIDE_HAND = gettext_lazy(
    "Not saved: this match was set aside as abandoned on another screen. "
    "Resume it to record this hand."
)
# The same by htmx, the form kept as it was: a hand's, a move of the line's, a join's.
SET_ASIDE_KEPT_HAND = gettext_lazy(
    # Translators: "Resume this match" and "Save" are buttons' labels, as they read there.
    "Not saved: this match was set aside as abandoned on another screen. "
    "Your entries are still here: resume the match (open its board in a new tab "
    "and tap Resume this match), then tap Save again."
)
SET_ASIDE_KEPT_LINE = gettext_lazy(
    # Translators: "Resume this match" and "Move" are buttons' labels, as they read there.
    "Not saved: this match was set aside as abandoned on another screen. "
    "What you typed is still here: resume the match (open its board in a new tab "
    "and tap Resume this match), then tap Move again."
)
SET_ASIDE_KEPT_JOIN = gettext_lazy(
    # Translators: "Resume this match" and "Joins" are buttons' labels, as they read there.
    "Not saved: this match was set aside as abandoned on another screen. "
    "What you typed is still here: resume the match (open its board in a new tab "
    "and tap Resume this match), then tap Joins again."
)


def posts_hand(request: HttpRequest) -> bool:
    """Whether the request sends a hand form's boxes (a hand saved, fixed or
    edited): a refusal then says what they held."""
    return request.method == "POST" and "seat_0" in request.POST


def posted_hand_words(request: HttpRequest, match: Match) -> str:
    """What a hand form sent but not saved held, in words ("Ben went out,
    Alice 23"), read by the boxes as drawn (the seats the form was sent
    with, not the board's now)."""
    drawn_for = tuple(
        request.POST[f"seat_{position}"]
        for position in range(match.kind.high)
        if f"seat_{position}" in request.POST
    )
    return HandForm(request.POST, match=match, seated=drawn_for).typed_words()


def had_entered(typed: str) -> str:
    """What a refused form held, said back: "You had entered: Ben went out, Alice 23."."""
    # Translators: typed is what the form held, in words: "Ben went out, Alice 23",
    # "the new line 300", "Dan joins".
    return _("You had entered: %(typed)s.") % {"typed": typed}


def typed_words(request: HttpRequest) -> tuple[str, str] | None:
    """What a form that is not a hand's sent typed, in words, with what a
    refusal by htmx says of it (``SET_ASIDE_KEPT_LINE``, ``_JOIN``): the new
    line ("the new line 300") or who joins ("Dan joins"); None for a form
    with nothing typed."""
    if request.method != "POST":
        return None
    target = request.POST.get("target", "").strip()[:20]  # as long as the box takes
    if target:
        # Translators: what was typed in the box that moves the line, in "You had entered: ...".
        return _("the new line %(line)s") % {"line": target}, str(SET_ASIDE_KEPT_LINE)
    joining = request.POST.get("player", "").strip()[:40]  # as long as a name may be
    if request.POST.get("action") == "join" and joining:
        # Translators: who was typed in the box of a player joining, in "You had entered: ...".
        return _("%(player)s joins") % {"player": joining}, str(SET_ASIDE_KEPT_JOIN)
    return None

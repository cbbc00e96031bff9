"""Refusals of cards and boxes in words (``matches.words`` asks them): what
a card is, too many of a card or a rank for the decks, a box that holds
neither points nor cards. Counts are whole phrases of ``ngettext``, so a
catalog words "3 kings" and "with 2 decks" in its own grammar."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from matches.phrases import decks, grouped, names

# Translators: put in brackets after "... is not a card".
CARD_HELP = gettext_lazy("a card is a rank (A, 2 to 10, J, Q, K) and an optional suit (S, H, D, C)")
# Translators: after a box that holds neither points nor cards.
TRY_LIST = gettext_lazy("type points (10+10+5) or the cards (K 9 4)")
# So many cards of a rank, by the rank ("4 kings"); a number's is "4 7s".
RANK_NAMES = {
    "A": ngettext_lazy("%(count)s ace", "%(count)s aces", "count"),
    "J": ngettext_lazy("%(count)s jack", "%(count)s jacks", "count"),
    "Q": ngettext_lazy("%(count)s queen", "%(count)s queens", "count"),
    "K": ngettext_lazy("%(count)s king", "%(count)s kings", "count"),
}


def quoted(text: str) -> str:
    """A box's text in a sentence, cut when long."""
    return text if len(text) <= 40 else f"{text[:39]}…"


def what(v: Mapping[str, Any]) -> str:
    """What a box holds, in the game's word ("leftover"): each game marks
    its word for translation where it names it (its ``Game.what``)."""
    return _(v["what"])


def _rank_count(rank: str, count: int) -> str:
    """ "4 kings", "8 7s"."""
    if rank in RANK_NAMES:
        return RANK_NAMES[rank] % {"count": count}
    # Translators: so many cards of a number rank, such as "4 7s" (four sevens).
    return ngettext("%(count)s %(rank)s", "%(count)s %(rank)ss", count) % {
        "count": count,
        "rank": rank,
    }


def _held_by(v: Mapping[str, Any]) -> str:
    holders = v["holders"]
    # Translators: who holds how many of a card or a rank, such as "Alice and Ben hold 3".
    held = ngettext("%(names)s holds %(count)s", "%(names)s hold %(count)s", len(holders))
    return held % {"names": names(holders), "count": v["count"]}


def _one_too_many(v: Mapping[str, Any]) -> str:
    """ "Ben's K♥ is one too many"."""
    return _("%(player)s's %(card)s is one too many") % {"player": v["player"], "card": v["card"]}


def _too_many(too_many: str, deck: str, v: Mapping[str, Any]) -> str:
    # Translators: a refusal of too many of a card: too_many is such as "Ben's
    # K♥ is one too many" or "3 kings too many", deck such as "with 1 deck
    # there is 1 of each card", held such as "Alice and Ben hold 3".
    return _("%(too_many)s: %(deck)s, and %(held)s") % {
        "too_many": too_many,
        "deck": deck,
        "held": _held_by(v),
    }


def card_too_many(v: Mapping[str, Any]) -> str:
    over = v["count"] - v["decks"]
    if over <= 1:
        too_many = _one_too_many(v)
    else:
        # Translators: such as "2 K♥ too many": card is a card as written.
        too_many = _("%(count)s %(card)s too many") % {"count": over, "card": v["card"]}
    deck = ngettext(
        "with %(count)s deck there is %(count)s of each card",
        "with %(count)s decks there are %(count)s of each card",
        v["decks"],
    ) % {"count": v["decks"]}
    return _too_many(too_many, deck, v)


def rank_too_many(v: Mapping[str, Any]) -> str:
    over = v["count"] - 4 * v["decks"]
    if over <= 1:
        too_many = _one_too_many(v)
    else:
        # Translators: such as "3 kings too many".
        too_many = _("%(cards)s too many") % {"cards": _rank_count(v["rank"], over)}
    deck = ngettext(
        # Translators: such as "with 2 decks there are 8 kings".
        "with %(count)s deck there are %(cards)s",
        "with %(count)s decks there are %(cards)s",
        v["decks"],
    ) % {"count": v["decks"], "cards": _rank_count(v["rank"], 4 * v["decks"])}
    return _too_many(too_many, deck, v)


def box_too_big(v: Mapping[str, Any], why: str) -> str:
    """A box over the most it may hold; ``why``: what holds that most, in
    words ("the whole deck"), or empty."""
    shown = {"player": v["player"], "what": what(v), "text": quoted(v["text"])}
    if why:
        return ngettext(
            # Translators: what is what the box holds ("leftover"); why is what
            # holds that most, such as "the whole deck".
            "%(player)s's %(what)s: %(text)s is too big; the most is %(most)s point (%(why)s)",
            "%(player)s's %(what)s: %(text)s is too big; the most is %(most)s points (%(why)s)",
            v["most"],
        ) % {**shown, "most": v["most"], "why": why}
    return ngettext(
        # Translators: what is what the box holds ("leftover").
        "%(player)s's %(what)s: %(text)s is too big; the most is %(most)s point",
        "%(player)s's %(what)s: %(text)s is too big; the most is %(most)s points",
        v["most"],
    ) % {**shown, "most": grouped(v["most"])}


def box_mixed(v: Mapping[str, Any]) -> str:
    shown = {"player": v["player"], "what": what(v), "text": quoted(v["text"]), "hint": TRY_LIST}
    # Translators: what is what the box holds ("leftover"); hint says what to type instead.
    return _("%(player)s's %(what)s: %(text)s mixes points and cards; %(hint)s") % shown


def box_not_sum(v: Mapping[str, Any]) -> str:
    shown = {"player": v["player"], "what": what(v), "text": quoted(v["text"]), "hint": TRY_LIST}
    # Translators: what is what the box holds ("leftover"); hint says what to type instead.
    return _("%(player)s's %(what)s: %(text)s is not a sum of whole numbers; %(hint)s") % shown


def joker_too_many(v: Mapping[str, Any]) -> str:
    """ "Dev's printed joker is one too many: with 2 decks there is 1 joker,
    and Dev holds 2"."""
    # Translators: the start of a refusal of too many printed jokers.
    too_many = _("%(player)s's printed joker is one too many") % {"player": v["player"]}
    deck = ngettext(
        # Translators: decks is a count of decks, such as "2 decks"; most how
        # many printed jokers they have.
        "with %(decks)s there is %(most)s joker",
        "with %(decks)s there are %(most)s jokers",
        v["most"],
    ) % {"decks": decks(v["decks"]), "most": v["most"]}
    return _too_many(too_many, deck, v)


def not_a_card(text: str) -> str:
    # Translators: text is what was typed; help says what a card is.
    return _("%(text)s is not a card (%(help)s)") % {"text": text, "help": CARD_HELP}


def card_not_text(v: Mapping[str, Any]) -> str:
    # Translators: help says what a card is.
    return _('each card must be written as text, such as "KH" (%(help)s)') % {"help": CARD_HELP}

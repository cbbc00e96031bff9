"""Factories for the tables, built through the services where a real host
would go through them, so a test's match is one the engine accepts."""

from __future__ import annotations

from typing import Any

import factory
from django.contrib.auth import get_user_model
from factory.django import DjangoModelFactory

from matches import games, selectors, services
from matches.engine.board import Board
from matches.models import Match, Player, PlayerFigures

PASSWORD = "correct horse battery staple"


class UserFactory(DjangoModelFactory):
    class Meta:
        model = get_user_model()

    username = factory.Sequence(lambda n: f"host{n}")
    password = factory.django.Password(PASSWORD)


class PlayerFactory(DjangoModelFactory):
    class Meta:
        model = Player

    host = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


class MatchFactory(factory.Factory):
    """A match created by ``services.match_create``; house rules as keyword
    arguments (``scheme="penalty"``; ``game="gin"`` for Gin Rummy's), players
    as a list of names."""

    class Meta:
        model = Match

    host = factory.SubFactory(UserFactory)
    players = ("Alice", "Ben", "Cara")
    first_dealer = None

    @classmethod
    def _create(cls, model_class: type[Match], **kwargs: Any) -> Match:
        host = kwargs.pop("host")
        players = list(kwargs.pop("players"))
        first_dealer = kwargs.pop("first_dealer")
        rules = games.game(kwargs.pop("game", games.DEFAULT)).rules
        return services.match_create(
            host=host,
            players=players,
            first_dealer=first_dealer,
            rules=rules(**kwargs),
        )


def record(match: Match, *events: dict[str, Any]) -> None:
    """Record events (match-file shape) on ``match`` as the host would."""
    for data in events:
        services.event_record(match=match, data=data)


def hand(went_out: str | None, rummy: bool = False, **leftovers: Any) -> dict[str, Any]:
    """A hand in match-file shape: ``hand("Ben", Alice=23, Cara=18)``."""
    return {"hand": {"went_out": went_out, "rummy": rummy, "leftovers": leftovers}}


def gin_hand(knocked: str | None, big_gin: bool = False, **deadwood: Any) -> dict[str, Any]:
    """A Gin hand in match-file shape: ``gin_hand("Alice", Alice=7, Ben=22)``;
    ``gin_hand(None)`` is a drawn hand."""
    return {"hand": {"knocked": knocked, "big_gin": big_gin, "deadwood": deadwood}}


def board(match: Match) -> Board:
    """The board of ``match`` as stored now, every hand listed (read again: a
    test's copy of the match row does not see the writes the pages made
    since)."""
    return selectors.every_hand(Match.objects.get(pk=match.pk))[0]


def figures(player: Player, game: str = "rummy") -> dict[str, Any]:
    """A player's kept figures in ``game``, as one mapping: matches played,
    closed, won and with no winner, the game's own figures and the last
    results (nothing played: all nought)."""
    row = PlayerFigures.objects.filter(player=player, game=game).first() or PlayerFigures()
    return {
        "played": row.played,
        "closed": row.closed,
        "won": row.won,
        "no_winner": row.no_winner,
        **(row.figures or {}),
        "recent": row.recent,
    }

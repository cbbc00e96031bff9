"""The bench's data (bench/bench.py): built in-process through the services
for the first matches, then copied with bulk inserts; and the hand form as a
browser sends it."""

from __future__ import annotations

import uuid
from typing import Any

PLAYERS = ["Alice", "Ben", "Cara", "Dan", "Eve", "Fay"]
GIN_PLAYERS = ["Alice", "Ben"]
# A Rummy 500 table of eight, its most.
EIGHT = [*PLAYERS, "Gus", "Hal"]
# A Contract match of ten deals holds at most ten hands: the big one has
# eight, so that a timed save records the ninth.
CONTRACT_HANDS = 8
HANDS = 148
MATCHES = 10_000
# The pages that save a Rummy hand, each on fresh copies of the big match.
RUMMY_SAVES = ("record_hand", "record_hand_nojs", "record_waiting", "record_hand_cold")
SAVES = len(RUMMY_SAVES)


def hand_for(game: Any, number: int, seated: list[str]) -> dict[str, Any]:
    """A plausible hand of ``game``: the deal goes round, whoever ends the
    hand holds 1 (where the game counts it) and the others 2, so that the
    totals stay far from the line."""
    chosen = seated[number % len(seated)]
    points = {
        name: 1 if name == chosen else 2 for name in seated if game.box_needed(name, chosen, False)
    }
    # Where the game asks a second box a player (Rummy 500's melded): 3 each.
    second = dict.fromkeys(seated, 3) if game.second_key else None
    return game.hand_data(chosen, False, points, second)


def build(pool: int) -> dict[str, Any]:
    """The bench's data; returns ids, the session cookies and the pool."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.utils import translation

    from matches import games, services
    from matches.models import Event, Match, MatchPlayer, Seat
    from matches.views.shared import etag

    call_command("migrate", verbosity=0)
    users = get_user_model().objects
    big_host = users.create_user("bench-big", password="bench password long enough")
    small_host = users.create_user("bench-small", password="bench password long enough")
    rummy, gin, pool_game = games.game("rummy"), games.game("gin"), games.game("pool")
    r500, contract = games.game("rummy500"), games.game("contract")
    rules = rummy.rules(target=1000)

    def make(host: Any, hands: int) -> Match:
        match = services.match_create(host=host, players=PLAYERS, first_dealer=None, rules=rules)
        for number in range(hands):
            services.event_record(match=match, data=hand_for(rummy, number, PLAYERS))
        return match

    def make_game(game: Any, players: list[str], rules: Any, host: Any, hands: int) -> Match:
        match = services.match_create(host=host, players=players, first_dealer=None, rules=rules)
        for number in range(hands):
            services.event_record(match=match, data=hand_for(game, number, players))
        return match

    def make_gin(host: Any, hands: int) -> Match:
        return make_game(gin, GIN_PLAYERS, gin.rules(target=1000), host, hands)

    def make_pool(host: Any, hands: int) -> Match:
        # A limit far enough that 148 hands put nobody out.
        return make_game(pool_game, PLAYERS, pool_game.rules(limit=1000), host, hands)

    def make_r500(host: Any, hands: int) -> Match:
        # A line far enough that 148 hands of a few points each reach none.
        return make_game(r500, EIGHT, r500.rules(target=5000), host, hands)

    def make_contract(host: Any, hands: int) -> Match:
        rules = contract.rules(deals=10)
        return make_game(contract, EIGHT, rules, host, min(hands, CONTRACT_HANDS))

    big = make(big_host, HANDS)
    small = make(small_host, 1)
    gin_big = make_gin(big_host, HANDS)
    gin_small = make_gin(small_host, 1)
    pool_big = make_pool(big_host, HANDS)
    pool_small = make_pool(small_host, 1)
    r500_big = make_r500(big_host, HANDS)
    r500_small = make_r500(small_host, 1)
    contract_big = make_contract(big_host, HANDS)
    contract_small = make_contract(small_host, 1)

    def copies(match: Match, count: int, host: Any) -> list[Match]:
        """Bulk copies of ``match``: its row (with its stored snapshot), seats,
        events and standings."""
        match = Match.objects.get(pk=match.pk)
        seats = list(Seat.objects.filter(match=match))
        events = list(Event.objects.filter(match=match))
        standings = list(MatchPlayer.objects.filter(match=match))
        # The columns a write stores with the snapshot, the rules and the marks.
        cached = Match.HEAD_FIELDS
        rules = {"game", "rules", "colours", "initials"}
        made = Match.objects.bulk_create(
            Match(
                host=host,
                first_dealer=match.first_dealer,
                **{name: getattr(match, name) for name in (*sorted(rules), *cached)},
            )
            for _ in range(count)
        )
        # Every stored figure of the rows, so that a timed save changes only
        # what a real one would.
        kept = [
            field.attname
            for field in MatchPlayer._meta.concrete_fields
            if field.name not in ("id", "match")
        ]
        MatchPlayer.objects.bulk_create(
            (
                MatchPlayer(match=copy, **{name: getattr(row, name) for name in kept})
                for copy in made
                for row in standings
            ),
            batch_size=5000,
        )
        Seat.objects.bulk_create(
            Seat(match=copy, player=seat.player, position=seat.position)
            for copy in made
            for seat in seats
        )
        Event.objects.bulk_create(
            (
                Event(
                    match=copy,
                    position=event.position,
                    kind=event.kind,
                    data=event.data,
                    result=event.result,
                )
                for copy in made
                for event in events
            ),
            batch_size=5000,
        )
        return made

    def recount(host: Any) -> None:
        """The players' kept figures, counted afresh over the bulk copies."""
        ids = list(host.players.values_list("pk", flat=True))
        services.player_figures_rebuild(ids)

    big_pool = copies(big, pool, big_host)
    small_pool = copies(small, pool, small_host)
    gin_big_pool = copies(gin_big, pool // SAVES, big_host)
    gin_small_pool = copies(gin_small, pool // SAVES, small_host)
    pool_big_pool = copies(pool_big, pool // SAVES, big_host)
    pool_small_pool = copies(pool_small, pool // SAVES, small_host)
    r500_big_pool = copies(r500_big, pool // SAVES, big_host)
    r500_small_pool = copies(r500_small, pool // SAVES, small_host)
    contract_big_pool = copies(contract_big, pool // SAVES, big_host)
    contract_small_pool = copies(contract_small, pool // SAVES, small_host)
    # The big host keeps 10,000 matches in all: the home page must not care.
    one_hand = make(big_host, 1)
    made = len(big_pool) + len(gin_big_pool) + len(pool_big_pool) + len(r500_big_pool)
    made += len(contract_big_pool) + 7
    copies(one_hand, MATCHES - made, big_host)
    recount(big_host)
    recount(small_host)

    def session(user: Any) -> str:
        client = Client()
        client.force_login(user)
        return client.cookies["sessionid"].value

    def shared(match: Match) -> dict[str, str]:
        link = services.share_new(match=match)
        # The bench's requests name no language: the board is in English.
        with translation.override(settings.LANGUAGE_CODE):
            tag = etag(Match.objects.get(pk=match.pk).version)
        return {"token": link.token, "etag": tag}

    return {
        "big": {
            "match": big.public_id,
            "pool": [m.public_id for m in big_pool],
            "gin": gin_big.public_id,
            "gin_pool": [m.public_id for m in gin_big_pool],
            "pool_match": pool_big.public_id,
            "pool_pool": [m.public_id for m in pool_big_pool],
            "r500_match": r500_big.public_id,
            "r500_pool": [m.public_id for m in r500_big_pool],
            "contract_match": contract_big.public_id,
            "contract_pool": [m.public_id for m in contract_big_pool],
            **shared(big),
        },
        "small": {
            "match": small.public_id,
            "pool": [m.public_id for m in small_pool],
            "gin": gin_small.public_id,
            "gin_pool": [m.public_id for m in gin_small_pool],
            "pool_match": pool_small.public_id,
            "pool_pool": [m.public_id for m in pool_small_pool],
            "r500_match": r500_small.public_id,
            "r500_pool": [m.public_id for m in r500_small_pool],
            "contract_match": contract_small.public_id,
            "contract_pool": [m.public_id for m in contract_small_pool],
            **shared(small),
        },
        "sessions": {"big": session(big_host), "small": session(small_host)},
        "users": {"big": big_host.pk, "small": small_host.pk},
    }


def hand_form(key: str, players: list[str], hand_number: int) -> dict[str, str]:
    """The hand form of game ``key`` as the browser sends it, for a fresh
    token: the hand ``hand_for`` makes."""
    from matches import games

    game = games.game(key)
    data = hand_for(game, hand_number - 1, players)["hand"]
    chosen = players[(hand_number - 1) % len(players)]
    points = data[game.hand_points_key]
    form = {
        "token": str(uuid.uuid4()),
        "hand_number": str(hand_number),
        game.chooser: str(players.index(chosen)),
    }
    for position, name in enumerate(players):
        form[f"seat_{position}"] = name
        form[f"left_{position}"] = str(points.get(name, ""))
        if game.second_key:
            form[f"second_{position}"] = str(data[game.second_key][name])
    return form
